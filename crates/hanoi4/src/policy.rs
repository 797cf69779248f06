//! The numbers behind the choice of engine and the escalation of A* ([`crate::solve`]),
//! together in one place, each with the reason for it and the bench that measures it (the
//! dated figures are in docs/performance.md). Nothing here is imported back by the engines
//! themselves.

/// From how many cases of 15 and of 16 discs the default engine builds the goal table instead
/// of searching each case with A*: about the goal table's build time over A*'s median a case
/// (the goal table then answers in microseconds a case). A*'s build and median time come from
/// `HANOI4_PDB=15,16 HANOI4_PDB_CASES=10 cargo bench -p hanoi4`, the goal table's build time
/// from `cargo xtask bench two-bit`.
pub const GOAL_TABLE_FROM: [usize; 2] = [64, 16];

/// Below this many cases of a disc count past 16 with no saved table to use, each case first
/// tries A* over 14-disc pattern databases (built in seconds) with [`CHEAP_STATES`]; only the
/// cases that exhaust it wait for the 16-disc table. With the partitions alone, a random
/// 17-disc case generated far more states than that budget, so random cases escalate, while a
/// nearly solved one is answered at once.
pub const ESCALATE_BELOW: usize = 16;

/// The budget of that first try: about a second.
pub const CHEAP_STATES: usize = 2_000_000;

/// Past this many discs, A* runs over windows of a goal table (built in memory when none is
/// saved); up to it, over 14-disc databases or the case's own goal table.
pub const WINDOWS_PAST: usize = 16;

/// The widest windows built for A* when no wider table is saved: one disc below the case's
/// own count, up to 17 (the 16-disc table takes 171 MiB, the 17-disc one 683 MiB; the 18-disc
/// goal and detour tables take minutes to build). One disc short, A* barely searches; two short
/// it does, for longer in all than building the table one disc short takes (random 17- and
/// 18-disc cases: `HANOI4_BENCH_NO_TABLES=1 cargo xtask bench hanoi4`).
pub const DEFAULT_WINDOW: usize = 17;

/// But never more than this many discs short of the case: three short, A* can exhaust its
/// budget (of three random 20-disc cases over 17-disc windows and detour, one escalated to the
/// 18-disc tables after minutes of A*), so 20 discs build the 18-disc tables at once.
pub const MAX_GAP: usize = 2;

/// A case that exhausts this many states while a wider table could still be built gives up
/// and waits for it: about a minute of A*.
pub const ESCALATE_STATES: usize = 60_000_000;

/// About what A* holds at its largest budget: 400 million states at about 13 bytes each.
pub const A_STAR_BYTES: f64 = 5.5e9;

/// The detour table built in memory when none is saved, for searches of at least two discs
/// more (18 to 20): 16 discs, about the goal table's time again. On 18 discs the hardest of 20
/// random cases expanded several times fewer states with the detour than with windows alone. A
/// search one disc wider needs none. A detour narrower than the windows barely helps: on random
/// 14-disc cases with 12-disc windows, an 11-disc detour saved few of the states expanded, a
/// 12-disc one most of them.
pub const BUILT_DETOUR: usize = 16;
