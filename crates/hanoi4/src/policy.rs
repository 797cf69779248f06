//! The numbers behind the choice of engine and the escalation of A* ([`crate::solve_file`]),
//! together in one place, each with the measurement it comes from. Nothing here is imported
//! back by the engines themselves.

/// From how many cases of 15 and of 16 discs the default engine builds the goal table instead
/// of searching each case with A*: about the build time over a case's median (A* over 14-disc
/// databases costs 2.7 s to build, then a median of 0.10 s a case at 15 discs and 0.93 s at 16;
/// the goal table 10 to 16 s at 15 discs, 40 s at 16, then microseconds a case; figures from
/// `HANOI4_PDB=15,16 HANOI4_PDB_CASES=10 cargo bench -p hanoi4`).
pub const GOAL_TABLE_FROM: [usize; 2] = [64, 16];

/// Below this many cases of a disc count past 16 with no saved table to use, each case first
/// tries A* over 14-disc pattern databases (built in 3 s) with [`CHEAP_STATES`]; only the cases
/// that exhaust it wait for the 16-disc table. Measured with the partitions alone: a random
/// 17-disc case generated 67 million states (56 s), so random cases escalate, while a nearly
/// solved one is answered at once.
pub const ESCALATE_BELOW: usize = 16;

/// The budget of that first try: about a second.
pub const CHEAP_STATES: usize = 2_000_000;

/// Past this many discs, A* runs over windows of a goal table (built in memory when none is
/// saved); up to it, over 14-disc databases or the case's own goal table.
pub const WINDOWS_PAST: usize = 16;

/// The widest windows built for A* when no wider table is saved: one disc below the case's
/// own count, up to 17 (the 16-disc table builds in about 10 s and takes 171 MiB, the 17-disc
/// one in about 45 s and 683 MiB; the 18-disc goal and detour tables 5.4 minutes together). One
/// disc short, A*
/// barely searches (20 random 17-disc cases over 16-disc windows: median 0.015 s, largest
/// 1.4 s); two short it does (20 random 18-disc cases over 16-disc windows and detour: median
/// 1.5 s, largest 34 s, 125 s in all with the tables, against 20 s for the 16-disc tables and
/// 45 s for the 17-disc one; `HANOI4_BENCH_NO_TABLES=1 cargo xtask bench hanoi4`).
pub const DEFAULT_WINDOW: usize = 17;

/// But never more than this many discs short of the case: three short, A* can exhaust its
/// budget (three random 20-disc cases over 17-disc windows and detour: one escalated to the
/// 18-disc tables after 8 minutes), so 20 discs build the 18-disc tables at once.
pub const MAX_GAP: usize = 2;

/// A case that exhausts this many states while a wider table could still be built gives up
/// and waits for it: about a minute of A*.
pub const ESCALATE_STATES: usize = 60_000_000;

/// About what A* holds at its largest budget: 400 million states at about 13 bytes each.
pub const A_STAR_BYTES: f64 = 5.5e9;

/// The detour table built in memory when none is saved, for searches of at least two discs
/// more (18 to 20): 16 discs, about the goal table's time again. On 18 discs the hardest of 20
/// random cases expanded 137.7 million states with windows alone (125 s) and 17.8 million with
/// the detour (18 s). A search one disc wider needs none (20 random 17-disc cases: median
/// 0.007 s, largest 0.7 s without it). A detour narrower than the windows barely helps: on 40
/// random 14-disc cases with 12-disc windows, an 11-disc detour saved 5% of the states
/// expanded, a 12-disc one 78%.
pub const BUILT_DETOUR: usize = 16;
