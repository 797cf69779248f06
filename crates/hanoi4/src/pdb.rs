//! Optimal solving past the tables: A* over additive pattern databases (up to 20 discs).
//!
//! A pattern database for `k` discs is the distance to "all on peg 4" of every canonical
//! configuration of `k` discs (pegs 1 to 3 relabelled, see [`HanoiSpace::symmetric`]), one byte
//! each in a table of 4^k bytes (256 MiB for 14), built by one full BFS of the quotient on a
//! `statespace::ByteArena`. Projecting a configuration of `n` discs onto any subset of `k`
//! discs gives a `k`-disc configuration (the other discs ignored) whose distance cannot exceed
//! the real one; since every move moves one disc of one group, the distances of disjoint groups
//! add up to an admissible and consistent heuristic (Felner, Korf & Hanan, JAIR 2004). One
//! partition per position of the largest group (a window of consecutive discs, the rest split
//! around it) is used, and the largest sum taken.
//!
//! Past 16 discs ([`PdbSearch::with_goal_table`]), the windows are `m` consecutive discs (`m` from
//! `n - 4` to `n - 1`, 16 to 19) measured exactly by the two-bit [`GoalTable`] of `m` discs, the
//! rest (at most four discs) by a small database. A two-bit table gives only distances mod 3,
//! but a move changes a window's distance by at most one, so a state's exact window distances
//! follow from its parent's and one lookup each: each queue entry carries them
//! (`statespace::Search::astar`), and only the start is measured by descent.
//!
//! With a [`DetourTable`] of `k` discs ([`PdbSearch::with_detour`]), windows of `k` consecutive
//! discs below the largest disc count their detour value instead whenever a larger disc is not
//! yet on peg 4: that disc moves to peg 4 last from some peg, with every smaller disc on the two
//! other pegs then, so the window's discs cannot go straight to peg 4 (its goal distance) but
//! must pass through a two-peg configuration first. Its values are carried like the windows'.
//! Only a detour as wide as the windows pays: on random 14-disc cases with 12-disc windows, the
//! 12-disc detour cuts the states expanded several times over, an 11-disc one barely, and
//! 11-disc windows with their own detour expand more than 12-disc windows alone.
//!
//! The wider the windows, the fewer states A* expands and the sooner it ends: `HANOI4_PDB=18,20
//! HANOI4_WINDOW=W cargo bench -p hanoi4` prints the median time and states expanded over random
//! configurations with windows of `W` discs. Windows measured exactly beat sums of 14-disc
//! databases with the largest discs measured by descent, and on the hardest 18-disc cases a
//! detour as wide as the windows cuts the states expanded several times over.
//!
//! The search runs on the quotient by relabelling pegs 1 to 3 (every pattern distance is
//! invariant under it), on a `statespace::CompactArena` (8 bytes a slot).

use statespace::{ByteArena, CompactArena, Estimate, Moves, Search};

use crate::detour::DetourTable;
use crate::engine::Engine;
use crate::error::SolveError;
use crate::goal_table::GoalTable;
use crate::model::{Config, Move};
use crate::space::HanoiSpace;
use crate::space::real_moves;

/// A solution with the effort it took.
#[derive(Clone, Debug)]
pub struct PdbSolution {
    /// An optimal move sequence to all discs on peg 4.
    pub moves: Vec<Move>,
    /// States expanded by the A* search.
    pub expanded: u64,
}

/// The most windows: a table of `m` discs for `n <= m + 4` (20 discs, 16-disc table).
const MAX_WINDOWS: usize = 5;

/// The exact values of a state's windows: each window's goal distance, and each detour window's
/// detour value. A queue entry is 26 bytes with them (the state and 18 bytes); bytes would not
/// do: a perfect tower of 19 discs is already 257 moves from the goal.
#[derive(Clone, Copy, Debug, Default)]
struct Windows {
    goal: [u16; MAX_WINDOWS],
    detour: [u16; MAX_WINDOWS - 1],
}

/// The one of `d - 1`, `d`, `d + 1` whose residue mod 3 is `code`.
#[inline]
fn from_residue(d: u16, code: u8) -> u16 {
    match (u16::from(code) + 3 - d % 3) % 3 {
        0 => d,
        1 => d + 1,
        _ => d - 1,
    }
}

/// `m` discs measured by the two-bit table, and the rest, each as runs `(first disc, count)`
/// in ascending order.
#[derive(Clone, Debug)]
struct Window {
    discs: Vec<(usize, usize)>,
    /// The window's largest disc.
    top: usize,
    /// The other discs: one pattern database.
    rest: Vec<(usize, usize)>,
}

/// The runs of consecutive discs in `mask` (bit `i` for disc `i`), ascending.
fn runs(mask: u32) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut rest = mask;
    while rest != 0 {
        let first = rest.trailing_zeros() as usize;
        let count = (rest >> first).trailing_ones() as usize;
        runs.push((first, count));
        rest &= !(((1u32 << count) - 1) << first);
    }
    runs
}

/// The first `positions` windows of `width` consecutive discs among `n`, from the smallest discs
/// up, each with the other discs as its rest.
fn windows(n: usize, width: usize, positions: usize) -> Vec<Window> {
    let all = (1u32 << n) - 1;
    (0..positions)
        .map(|first| {
            let window = ((1u32 << width) - 1) << first;
            Window {
                discs: runs(window),
                top: first + width - 1,
                rest: runs(all & !window),
            }
        })
        .collect()
}

/// The discs of `state` in `runs`, packed as a configuration of their own.
#[inline]
fn project(state: u64, runs: &[(usize, usize)]) -> u64 {
    let mut projected = 0;
    let mut k = 0;
    for &(first, count) in runs {
        projected |= (state >> (2 * first) & ((1u64 << (2 * count)) - 1)) << (2 * k);
        k += count;
    }
    projected
}

/// Additive pattern databases and the A* search over them, for `n` discs.
pub struct PdbSearch {
    n_discs: usize,
    /// `tables[k]`: distance plus one of every canonical `k`-disc configuration (unused: empty).
    tables: Vec<ByteArena>,
    /// `spaces[k]`: the quotient space of `k` discs, for canonical forms.
    spaces: Vec<HanoiSpace>,
    /// How states are measured.
    heuristic: Heuristic,
}

/// A detour table and the windows it measures: `k` consecutive discs below the largest disc
/// (at most four positions, `k >= n - 4`), each with the other discs as one pattern database.
struct Detours {
    table: DetourTable,
    windows: Vec<Window>,
}

/// What a search measures its states by.
enum Heuristic {
    /// Partitions of the discs `0..n` into contiguous groups `(first disc, size)`: each
    /// partition's sum of pattern distances, the largest sum taken ([`PdbSearch::new`]).
    Partitions(Vec<Vec<(usize, usize)>>),
    /// Windows of consecutive discs measured exactly by a two-bit goal table (their distances
    /// carried from state to state in the notes), each plus a pattern distance of the other
    /// discs, the largest taken ([`PdbSearch::with_goal_table`]).
    Windows {
        /// The two-bit table of the windows' width.
        table: GoalTable,
        /// The windows, by position.
        windows: Vec<Window>,
        /// A detour table and its windows, for windows below the largest disc not on peg 4.
        detour: Option<Box<Detours>>,
    },
}

impl PdbSearch {
    /// The most discs the search accepts.
    pub const MAX_DISCS: usize = Engine::Pdb.max_discs();

    /// The largest pattern database: 14 discs, 256 MiB.
    pub const MAX_GROUP: usize = 14;

    /// Builds the pattern databases for `n_discs` with groups of at most `max_group` discs
    /// (at most [`PdbSearch::MAX_GROUP`]).
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] when `n_discs` is outside `1..=`[`PdbSearch::MAX_DISCS`]
    /// or `max_group` outside `1..=`[`PdbSearch::MAX_GROUP`].
    pub fn new(n_discs: usize, max_group: usize) -> Result<Self, SolveError> {
        check_discs(n_discs, Self::MAX_DISCS)?;
        check_discs(max_group, Self::MAX_GROUP)?;
        let partitions = partitions(n_discs, max_group);
        let mut search = Self {
            n_discs,
            tables: (0..=max_group).map(|_| ByteArena::new(0)).collect(),
            spaces: (0..=max_group)
                .map(|k| HanoiSpace::symmetric(k.max(1)))
                .collect(),
            heuristic: Heuristic::Partitions(Vec::new()),
        };
        for k in partitions.iter().flatten().map(|g| g.1) {
            search.build_table(k);
        }
        search.heuristic = Heuristic::Partitions(partitions);
        Ok(search)
    }

    fn build_table(&mut self, k: usize) {
        if self.tables[k].as_bytes().is_empty() {
            let mut table = ByteArena::new(1 << (2 * k));
            Search::over(&HanoiSpace::symmetric(k))
                .arena(&mut table)
                .levels(&[(1u64 << (2 * k)) - 1]);
            self.tables[k] = table;
        }
    }

    /// A search for `n_discs` measured by windows of `m` consecutive discs, `m` the disc count
    /// of a two-bit goal table and `n - 4 <= m < n`: every window's distance exactly (by the
    /// table), the other discs by one pattern database of at most four discs, the largest sum
    /// taken. (Adding the partitions of [`PdbSearch::new`] changed no expansion count on
    /// 17- and 18-disc cases and only cost time; adding windows with gaps, the rest being
    /// discs {0, 2}, {1, 2} and {0, 3}, saved hardly any expansions on 17 discs with 15-disc
    /// windows.)
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] above [`PdbSearch::MAX_DISCS`];
    /// [`SolveError::WindowWidth`] when `n_discs` is not in `m + 1..=m + 4`.
    pub fn with_goal_table(n_discs: usize, table: GoalTable) -> Result<Self, SolveError> {
        let m = table.n_discs();
        check_discs(n_discs, Self::MAX_DISCS)?;
        if !(m + 1..m + MAX_WINDOWS).contains(&n_discs) {
            return Err(SolveError::WindowWidth { window: m, n_discs });
        }
        let rest = n_discs - m;
        let mut search = Self {
            n_discs,
            tables: (0..=rest).map(|_| ByteArena::new(0)).collect(),
            spaces: (0..=rest)
                .map(|k| HanoiSpace::symmetric(k.max(1)))
                .collect(),
            heuristic: Heuristic::Partitions(Vec::new()),
        };
        search.build_table(rest);
        let windows = windows(n_discs, m, rest + 1);
        search.heuristic = Heuristic::Windows {
            table,
            windows,
            detour: None,
        };
        Ok(search)
    }

    /// Adds a detour table ([`DetourTable`]) of `k` discs, `n - 4 <= k < n`, to a search made by
    /// [`PdbSearch::with_goal_table`]: windows of `k` consecutive discs below the largest disc,
    /// each measured by its detour value plus a pattern distance of the other discs, count
    /// whenever a disc above them is not on peg 4. On random 14-disc cases with 12-disc
    /// windows, A* expands several times fewer states with it.
    ///
    /// # Errors
    /// [`SolveError::DetourWidth`] when the search has no windows (it was made by
    /// [`PdbSearch::new`]) or `k` is outside `n - 4..n`.
    pub fn with_detour(mut self, detour: DetourTable) -> Result<Self, SolveError> {
        let n = self.n_discs;
        let k = detour.n_discs();
        if !matches!(self.heuristic, Heuristic::Windows { .. }) {
            return Err(SolveError::DetourWidth {
                n_discs: k,
                reason: "needs a search with windows of a goal table".to_string(),
            });
        }
        if !(n.saturating_sub(MAX_WINDOWS - 1)..n).contains(&k) {
            return Err(SolveError::DetourWidth {
                n_discs: k,
                reason: format!("does not fit a search of {n} discs (n - 4 to n - 1)"),
            });
        }
        let rest = n - k;
        if self.tables.len() <= rest {
            self.tables.resize_with(rest + 1, || ByteArena::new(0));
            self.spaces = (0..=rest)
                .map(|k| HanoiSpace::symmetric(k.max(1)))
                .collect();
        }
        self.build_table(rest);
        // Below the largest disc: every position but the top one.
        let windows = windows(n, k, rest);
        let Heuristic::Windows { detour: slot, .. } = &mut self.heuristic else {
            unreachable!("checked above");
        };
        *slot = Some(Box::new(Detours {
            table: detour,
            windows,
        }));
        Ok(self)
    }

    /// The pattern distance of discs `first..first + k` of `state`.
    #[inline]
    fn pattern(&self, state: u64, first: usize, k: usize) -> u32 {
        self.pattern_runs(state, &[(first, k)])
    }

    /// The distance of `state`'s discs in `runs` (each `(first disc, count)`, ascending), by the
    /// pattern database of their total count.
    #[inline]
    fn pattern_runs(&self, state: u64, runs: &[(usize, usize)]) -> u32 {
        let k = runs.iter().map(|run| run.1).sum::<usize>();
        let projected = project(state, runs);
        let canonical = self.spaces[k].canonical(projected);
        u32::from(self.tables[k].as_bytes()[canonical as usize]) - 1
    }

    /// The largest of the partitions' sums of pattern distances.
    fn by_partitions(&self, state: u64, partitions: &[Vec<(usize, usize)>]) -> u32 {
        partitions
            .iter()
            .map(|groups| {
                groups
                    .iter()
                    .map(|&(first, k)| self.pattern(state, first, k))
                    .sum::<u32>()
            })
            .max()
            .expect("at least one partition")
    }

    /// The heuristic, given the exact distances of `state`'s windows.
    fn estimate(&self, state: u64, exact: &Windows) -> u32 {
        match &self.heuristic {
            Heuristic::Partitions(partitions) => self.by_partitions(state, partitions),
            Heuristic::Windows {
                windows, detour, ..
            } => {
                let goal = windows
                    .iter()
                    .zip(&exact.goal)
                    .map(|(window, &d)| u32::from(d) + self.pattern_runs(state, &window.rest))
                    .max()
                    .expect("at least one window");
                let Some(detour) = detour else {
                    return goal;
                };
                // The largest disc not on peg 4 (none at the goal): windows below it must
                // make the detour.
                let away = !state & ((1u64 << (2 * self.n_discs)) - 1);
                let fields = (away | away >> 1) & 0x5555_5555_5555_5555;
                let Some(largest_away) = fields.checked_ilog2().map(|bit| bit as usize / 2) else {
                    return goal;
                };
                detour
                    .windows
                    .iter()
                    .zip(&exact.detour)
                    .filter(|(window, _)| window.top < largest_away)
                    .map(|(window, &d)| u32::from(d) + self.pattern_runs(state, &window.rest))
                    .fold(goal, u32::max)
            }
        }
    }

    /// The most states one search may generate before giving up: about 15 GiB of hash table
    /// (4 GiB: 8 bytes a slot) and queue (26 bytes an entry with windows) at the end, so a hard
    /// 19- or 20-disc case ends with an error instead of exhausting a 24 GiB machine's memory.
    pub const MAX_STATES: usize = 400_000_000;

    /// An optimal move sequence from `config` to all discs on peg 4.
    ///
    /// # Errors
    /// When the search generates [`PdbSearch::MAX_STATES`] states without reaching the goal.
    ///
    /// # Panics
    /// When `config` does not have this search's number of discs.
    ///
    /// # Example
    ///
    /// ```
    /// use hanoi4::{Config, PdbSearch, Peg};
    ///
    /// // 12 discs measured by pattern databases of 6 discs (built in milliseconds).
    /// let mut search = PdbSearch::new(12, 6)?;
    /// let tower = Config::tower(12, Peg::from_index(1).unwrap())?;
    /// let solution = search.solve(&tower)?;
    /// assert_eq!(solution.moves.len(), 81); // Frame-Stewart for 12 discs
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, config: &Config) -> Result<PdbSolution, SolveError> {
        self.solve_within(config, Self::MAX_STATES)
    }

    /// [`PdbSearch::solve`] with a smaller budget: gives up after generating `max_states`
    /// states (at most [`PdbSearch::MAX_STATES`]), so a caller can try a cheap search first and
    /// escalate.
    ///
    /// # Errors
    /// [`SolveError::BudgetExhausted`] when the search generates `max_states` states without
    /// reaching the goal.
    ///
    /// # Panics
    /// When `config` does not have this search's number of discs.
    pub fn solve_within(
        &mut self,
        config: &Config,
        max_states: usize,
    ) -> Result<PdbSolution, SolveError> {
        let max_states = max_states.min(Self::MAX_STATES);
        assert_eq!(
            config.n_discs(),
            self.n_discs,
            "the databases are for {} discs",
            self.n_discs
        );
        let space = HanoiSpace::symmetric(self.n_discs);
        let start = config.pack();
        let goal = (1u64 << (2 * self.n_discs)) - 1;
        let mut arena = CompactArena::new();
        let result = Search::over(&space)
            .arena(&mut arena)
            .max_states(max_states)
            // Four-peg moves can be undone: the path is read back from the distances, with no
            // parent links (4 bytes a queue entry saved, on hundreds of millions of entries).
            .moves(Moves::Reversible)
            .astar(space.canonical(start), &[goal], &mut Estimator(self))
            .expect("four-peg moves can be undone");
        // Give the memory back at once; the next search starts from an empty arena anyway.
        drop(arena);
        if result.gave_up {
            return Err(SolveError::BudgetExhausted {
                states: max_states as u64,
                n_discs: self.n_discs,
            });
        }
        let path = result.path.expect("every configuration reaches the goal");
        Ok(PdbSolution {
            moves: real_moves(&space, start, &path),
            expanded: result.expanded,
        })
    }
}

/// Refuses disc counts (or groups) outside `1..=max` for A*.
fn check_discs(n_discs: usize, max: usize) -> Result<(), SolveError> {
    if (1..=max).contains(&n_discs) {
        return Ok(());
    }
    Err(SolveError::TooManyDiscs {
        engine: Engine::Pdb,
        max,
        n_discs,
    })
}

/// The search's heuristic, carrying the exact window distances from state to state.
struct Estimator<'a>(&'a PdbSearch);

impl Estimate for Estimator<'_> {
    type Note = Windows;

    fn start(&mut self, state: u64) -> (u32, Windows) {
        let mut exact = Windows::default();
        self.0
            .heuristic
            .each_window(state, &mut exact, |table, projected, d| {
                *d = u16::try_from(table.exact(projected)).expect("window values below 2^16");
            });
        (self.0.estimate(state, &exact), exact)
    }

    #[inline]
    fn child(&mut self, note: &Windows, child: u64) -> (u32, Windows) {
        let mut exact = *note;
        self.0
            .heuristic
            .each_window(child, &mut exact, |table, projected, d| {
                *d = from_residue(*d, table.residue(projected));
            });
        (self.0.estimate(child, &exact), exact)
    }
}

/// The two-bit table that measures a window.
#[derive(Clone, Copy)]
enum WindowTable<'a> {
    Goal(&'a GoalTable),
    Detour(&'a DetourTable),
}

impl WindowTable<'_> {
    /// The exact value of a window's configuration, by descent.
    fn exact(self, packed: u64) -> u32 {
        match self {
            WindowTable::Goal(table) => table.distance_packed(packed),
            WindowTable::Detour(table) => table.distance_packed(packed),
        }
    }

    /// The value mod 3, in one lookup.
    #[inline]
    fn residue(self, packed: u64) -> u8 {
        match self {
            WindowTable::Goal(table) => table.distance_mod3(packed),
            WindowTable::Detour(table) => table.distance_mod3(packed),
        }
    }
}

impl Heuristic {
    /// Calls `set(table, projection, value)` for every window of `state` with windows (none for
    /// partitions): the goal windows, then the detour windows.
    #[inline]
    fn each_window(
        &self,
        state: u64,
        exact: &mut Windows,
        mut set: impl FnMut(WindowTable<'_>, u64, &mut u16),
    ) {
        let Heuristic::Windows {
            table,
            windows,
            detour,
        } = self
        else {
            return;
        };
        for (d, window) in exact.goal.iter_mut().zip(windows) {
            set(WindowTable::Goal(table), project(state, &window.discs), d);
        }
        if let Some(detour) = detour {
            for (d, window) in exact.detour.iter_mut().zip(&detour.windows) {
                set(
                    WindowTable::Detour(&detour.table),
                    project(state, &window.discs),
                    d,
                );
            }
        }
    }
}

/// One partition of `0..n` per position of a window of `size` consecutive discs: the window
/// itself, and the discs below and above it cut into groups of at most `size`.
fn partitions(n: usize, size: usize) -> Vec<Vec<(usize, usize)>> {
    if n <= size {
        return vec![vec![(0, n)]];
    }
    let split = |first: usize, end: usize, groups: &mut Vec<(usize, usize)>| {
        let mut at = first;
        while at < end {
            let k = size.min(end - at);
            groups.push((at, k));
            at += k;
        }
    };
    (0..=n - size)
        .map(|offset| {
            let mut groups = Vec::new();
            split(0, offset, &mut groups);
            groups.push((offset, size));
            split(offset + size, n, &mut groups);
            groups
        })
        .collect()
}

#[cfg(test)]
mod tests;
