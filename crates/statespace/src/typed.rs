//! The typed layer: search a puzzle's own state type, with the packed machinery underneath.
//!
//! A [`Puzzle`] says how its states pack into a `u64` and what its moves are; [`Search`] runs
//! the crate's searches on it, takes goals as a list of states or a predicate, and hands back
//! paths of states and errors that name states. The packing is the caller's: distinct states
//! must pack to distinct values, and a [`DenseArena`](crate::DenseArena) needs them below its
//! capacity. A [`DensePuzzle`] ranks its states densely, for [`Search::full_bfs`] over a dense
//! arena and [`TwoBitDistances`].

use crate::arena::Arena;
use crate::astar::Plain;
use crate::astar::{Moves, astar_by};
use crate::error::SearchError;
use crate::goal::GoalStates;
use crate::search::{
    Levels, bfs, bidirectional_bfs, bidirectional_bfs_with, descend_path, full_bfs,
};
use crate::space::Space;
use crate::two_bit::{TableAllocError, TwoBitSearch, TwoBitTable, descend_mod3};

/// A puzzle over states of its own type, packed into `u64` for the searches.
pub trait Puzzle {
    /// One state of the puzzle.
    type State;

    /// Packs `state`; distinct states pack to distinct values.
    fn pack(&self, state: &Self::State) -> u64;

    /// The state that [`Puzzle::pack`] packed into `packed`.
    fn unpack(&self, packed: u64) -> Self::State;

    /// Calls `visit` with every state one move from `state`, always in the same order.
    fn successors(&self, state: &Self::State, visit: impl FnMut(Self::State));
}

/// A [`Puzzle`] that ranks its states densely: [`Puzzle::pack`] is a rank below
/// [`DensePuzzle::states`] and [`Puzzle::unpack`] its inverse (an unrank), for searches that
/// keep a table entry per state ([`DenseArena`](crate::DenseArena), [`TwoBitDistances`]).
pub trait DensePuzzle: Puzzle {
    /// The number of ranks: every state packs below it.
    fn states(&self) -> u64;
}

/// A [`Puzzle`] seen as a [`Space`] over packed states.
#[derive(Clone, Copy, Debug)]
pub struct Packed<'a, P>(pub &'a P);

impl<P: Puzzle> Space for Packed<'_, P> {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let puzzle = self.0;
        puzzle.successors(&puzzle.unpack(state), |next| visit(puzzle.pack(&next)));
    }
}

/// What the last A* search of a [`Search`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States expanded (taken from the queue and their successors generated).
    pub expanded: u64,
    /// Whether the search stopped at its budget ([`Search::with_max_states`]) without an answer.
    pub gave_up: bool,
}

/// The searches of this crate over a [`Puzzle`]'s own states, on an arena the search owns.
///
/// Every search takes its goals as a list of states or a predicate ([`GoalStates`]), except
/// the bidirectional ones, which start from each goal and so take a list; each returns the
/// path as states, start and goal included. What each search requires of the moves is said on
/// each method; none returns a path that is not one, and none panics on a puzzle that breaks a
/// requirement (the arena's own bounds aside: see its `# Panics`).
///
/// ```
/// use statespace::{Puzzle, Search, SparseArena};
///
/// /// A knight on a 5 x 5 board.
/// struct Knight;
/// impl Puzzle for Knight {
///     type State = (i8, i8);
///     fn pack(&self, &(r, c): &(i8, i8)) -> u64 { (r * 5 + c) as u64 }
///     fn unpack(&self, p: u64) -> (i8, i8) { ((p / 5) as i8, (p % 5) as i8) }
///     fn successors(&self, &(r, c): &(i8, i8), mut visit: impl FnMut((i8, i8))) {
///         for (dr, dc) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
///             let (r, c) = (r + dr, c + dc);
///             if (0..5).contains(&r) && (0..5).contains(&c) { visit((r, c)) }
///         }
///     }
/// }
/// let mut search = Search::new(&Knight, SparseArena::new());
/// let path = search.bidirectional(&(0, 0), &[(4, 4)])?.unwrap();
/// assert_eq!(path.len() - 1, 4);
/// assert_eq!(search.bfs(&(0, 0), &[(4, 4)], None).unwrap().len(), path.len());
/// // Goals may be a predicate: the nearest square of the last row.
/// let to_row = search.astar(&(0, 0), &|&(r, _): &(i8, i8)| r == 4, |&(r, _)| (4 - r) as u32 / 2).unwrap();
/// assert_eq!(to_row.len() - 1, 2);
/// # Ok::<(), statespace::SearchError<(i8, i8)>>(())
/// ```
pub struct Search<'p, P, A> {
    puzzle: &'p P,
    arena: A,
    max_states: usize,
    stats: Stats,
}

impl<'p, P: Puzzle, A: Arena> Search<'p, P, A> {
    /// Searches on `puzzle` with `arena`, reused from one search to the next; A* with no budget.
    pub fn new(puzzle: &'p P, arena: A) -> Self {
        Self {
            puzzle,
            arena,
            max_states: usize::MAX,
            stats: Stats::default(),
        }
    }

    /// The same searches, with A* giving up once it has reached `max_states` states.
    #[must_use]
    pub fn with_max_states(self, max_states: usize) -> Self {
        Self { max_states, ..self }
    }

    /// The arena, with the codes the last search left in it.
    pub fn arena(&self) -> &A {
        &self.arena
    }

    /// What the last [`Search::astar`] did: states expanded, and whether it gave up.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn states(&self, path: Vec<u64>) -> Vec<P::State> {
        path.into_iter().map(|p| self.puzzle.unpack(p)).collect()
    }

    fn packed(&self, states: &[P::State]) -> Vec<u64> {
        states.iter().map(|s| self.puzzle.pack(s)).collect()
    }

    /// Runs a search from `start` to `goals` over packed states, with the results typed.
    fn between(
        &mut self,
        start: &P::State,
        goals: &[P::State],
        search: impl FnOnce(
            &Packed<'p, P>,
            &mut A,
            u64,
            &[u64],
        ) -> Result<Option<Vec<u64>>, SearchError>,
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        let goals = self.packed(goals);
        let start = self.puzzle.pack(start);
        let found = search(&Packed(self.puzzle), &mut self.arena, start, &goals);
        self.typed(found)
    }

    fn typed(
        &self,
        found: Result<Option<Vec<u64>>, SearchError>,
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        match found {
            Ok(path) => Ok(path.map(|p| self.states(p))),
            Err(error) => Err(error.map(|p| self.puzzle.unpack(p))),
        }
    }

    /// [`bfs`](crate::bfs) to the nearest goal, within `max_depth` moves. Requires nothing of the
    /// moves.
    pub fn bfs<G: GoalStates<P::State> + ?Sized>(
        &mut self,
        start: &P::State,
        goals: &G,
        max_depth: Option<u32>,
    ) -> Option<Vec<P::State>> {
        let start = self.puzzle.pack(start);
        let puzzle = self.puzzle;
        let path = bfs(
            &Packed(puzzle),
            &mut self.arena,
            start,
            |s| goals.is_goal(&puzzle.unpack(s)),
            max_depth,
        )?;
        Some(self.states(path))
    }

    /// [`bidirectional_bfs`](crate::bidirectional_bfs) to the nearest of `goals`: requires
    /// reversible moves and checks every move it sees, in every build.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`], naming both states, when a move it sees cannot be undone.
    pub fn bidirectional(
        &mut self,
        start: &P::State,
        goals: &[P::State],
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        self.between(start, goals, |space, arena, start, goals| {
            bidirectional_bfs(space, arena, start, goals)
        })
    }

    /// [`bidirectional_bfs_with`](crate::bidirectional_bfs_with) to the nearest of `goals`, on
    /// any puzzle: `predecessors(state, visit)` calls `visit` with every state that has `state`
    /// among its successors.
    ///
    /// # Errors
    /// [`SearchError::NotAPredecessor`] or [`SearchError::NoNearerNeighbour`] when the
    /// predecessors and the successors disagree on the path.
    pub fn bidirectional_with(
        &mut self,
        start: &P::State,
        goals: &[P::State],
        predecessors: impl Fn(&P::State, &mut dyn FnMut(P::State)),
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        let puzzle = self.puzzle;
        let backward = crate::space::from_fn(|packed, visit| {
            predecessors(&puzzle.unpack(packed), &mut |s| visit(puzzle.pack(&s)));
        });
        self.between(start, goals, |space, arena, start, goals| {
            bidirectional_bfs_with(space, &backward, arena, start, goals)
        })
    }

    /// [`bidirectional_bfs_with`](crate::bidirectional_bfs_with) with the puzzle as its own
    /// predecessor function: the fast path for a puzzle whose every move can be undone in one
    /// move (the caller's promise: only the path's steps are checked).
    ///
    /// # Errors
    /// [`SearchError::NotAPredecessor`] or [`SearchError::NoNearerNeighbour`] when a step of
    /// the path cannot be undone.
    pub fn bidirectional_reversible(
        &mut self,
        start: &P::State,
        goals: &[P::State],
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        self.between(start, goals, |space, arena, start, goals| {
            bidirectional_bfs_with(space, space, arena, start, goals)
        })
    }

    /// [`astar`](crate::astar) to the nearest goal, `heuristic` an admissible lower bound on the
    /// distance to it, on any puzzle (the path follows parent links).
    ///
    /// Returns the path, as [`Search::bfs`] does (its moves are `path.len() - 1`), or `None`
    /// when no goal is reachable or the search gave up at its budget
    /// ([`Search::with_max_states`]); [`Search::stats`] tells which, with the effort.
    pub fn astar<G: GoalStates<P::State> + ?Sized>(
        &mut self,
        start: &P::State,
        goals: &G,
        mut heuristic: impl FnMut(&P::State) -> u32,
    ) -> Option<Vec<P::State>> {
        let start = self.puzzle.pack(start);
        let puzzle = self.puzzle;
        let is_goal = |s: u64| goals.is_goal(&puzzle.unpack(s));
        let result = astar_by(
            &Packed(puzzle),
            &mut self.arena,
            start,
            &is_goal,
            self.max_states,
            &mut Plain(|s| heuristic(&puzzle.unpack(s))),
            Moves::Any,
        )
        .expect("a search that follows parent links reads no move backwards");
        self.stats = Stats {
            expanded: result.expanded,
            gave_up: result.gave_up,
        };
        Some(self.states(result.path?))
    }

    /// [`full_bfs`](crate::full_bfs) from `sources`: the level sizes; the distance of each state
    /// is then [`Search::distance`]. Requires nothing of the moves.
    pub fn full_bfs(&mut self, sources: &[P::State]) -> Levels {
        let sources = self.packed(sources);
        full_bfs(&Packed(self.puzzle), &mut self.arena, &sources)
    }

    /// The distance the last search recorded for `state` (from whichever side reached it).
    pub fn distance(&self, state: &P::State) -> Option<u32> {
        self.arena.distance(self.puzzle.pack(state))
    }

    /// The path the last [`Search::full_bfs`] found from a source to `state`, read back through
    /// successors that lead back in one move: requires reversible moves, and checks them.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a step cannot be
    /// undone.
    pub fn path_to(
        &self,
        state: &P::State,
    ) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        let found = descend_path(&Packed(self.puzzle), &self.arena, self.puzzle.pack(state));
        self.typed(found.map(|path| {
            path.map(|mut p| {
                p.reverse();
                p
            })
        }))
    }
}

/// The distance of every state of a [`DensePuzzle`] from a set of sources, 2 bits a state
/// ([`TwoBitSearch`](crate::TwoBitSearch)), with exact distances and paths read back on demand.
///
/// ```
/// use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
///
/// /// A ring of 1,000 positions, a move one step either way.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u16;
///     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
///     fn unpack(&self, p: u64) -> u16 { p as u16 }
///     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
///         visit((s + 1) % 1000);
///         visit((s + 999) % 1000);
///     }
/// }
/// impl DensePuzzle for Ring {
///     fn states(&self) -> u64 { 1000 }
/// }
/// let distances = TwoBitDistances::new(&Ring, &[0], 2);
/// assert_eq!(distances.levels().max_distance(), 500);
/// assert_eq!(distances.path(&997)?.unwrap(), [997, 998, 999, 0]);
/// assert_eq!(distances.distance(&250)?, Some(250));
/// # Ok::<(), statespace::SearchError<u16>>(())
/// ```
pub struct TwoBitDistances<'p, P: DensePuzzle> {
    puzzle: &'p P,
    sources: Vec<u64>,
    table: TwoBitTable,
    levels: Levels,
}

impl<'p, P: DensePuzzle + Sync> TwoBitDistances<'p, P> {
    /// Searches the whole space of `puzzle` from `sources` on `threads` threads.
    ///
    /// # Panics
    /// When a state packs to `puzzle.states()` or more, and when the table cannot be allocated
    /// ([`TwoBitDistances::try_new`] returns that as an error).
    pub fn new(puzzle: &'p P, sources: &[P::State], threads: usize) -> Self {
        Self::try_new(puzzle, sources, threads, |_, _| {}).unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`TwoBitDistances::new`], telling `progress(level, size)` each level as it is found,
    /// with a table the allocator refuses as an error rather than a panic.
    ///
    /// # Errors
    /// [`TableAllocError`] when the table cannot be allocated (before any search).
    ///
    /// # Panics
    /// When a state packs to `puzzle.states()` or more.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let mut levels = 0;
    /// let distances = TwoBitDistances::try_new(&Ring, &[0], 1, |_, _| levels += 1)?;
    /// assert_eq!(levels, 501);
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    pub fn try_new(
        puzzle: &'p P,
        sources: &[P::State],
        threads: usize,
        progress: impl FnMut(u32, u64),
    ) -> Result<Self, TableAllocError> {
        let sources: Vec<u64> = sources.iter().map(|s| puzzle.pack(s)).collect();
        let (table, levels) = TwoBitSearch::new(&Packed(puzzle), puzzle.states())
            .sources(sources.iter().copied())
            .threads(threads)
            .progress(progress)
            .try_run()?;
        Ok(Self {
            puzzle,
            sources,
            table,
            levels,
        })
    }
}

impl<P: DensePuzzle> TwoBitDistances<'_, P> {
    /// The level sizes: `levels().sizes()[d]` states at distance `d`.
    pub fn levels(&self) -> &Levels {
        &self.levels
    }

    /// The table: each state's distance mod 3.
    pub fn table(&self) -> &TwoBitTable {
        &self.table
    }

    /// A shortest path from `state` to a source, read down the table: requires reversible
    /// moves, and checks every step ([`descend_mod3`](crate::descend_mod3)).
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a step cannot
    /// be undone.
    pub fn path(&self, state: &P::State) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        let puzzle = self.puzzle;
        match descend_mod3(
            &Packed(puzzle),
            &self.table,
            &self.sources,
            puzzle.pack(state),
        ) {
            Ok(path) => Ok(path.map(|p| p.into_iter().map(|s| puzzle.unpack(s)).collect())),
            Err(error) => Err(error.map(|p| puzzle.unpack(p))),
        }
    }

    /// The exact distance of `state` from the nearest source (the length of [`Self::path`]).
    ///
    /// # Errors
    /// As [`Self::path`].
    pub fn distance(&self, state: &P::State) -> Result<Option<u32>, SearchError<P::State>> {
        Ok(self.path(state)?.map(|p| (p.len() - 1) as u32))
    }
}
