//! [`Search`]: one builder for every question asked of a [`Space`] (the options, then the search).

use crate::arena::{Arena, SparseArena};
use crate::astar::{AStarResult, Estimate, Moves};
use crate::error::SearchError;
use crate::goal::Goals;
use crate::search::{self, Back, Levels};
use crate::space::Space;
use crate::two_bit::TwoBitSearch;

/// How a ball of levels is searched: on one thread, or on several (chosen where the bounds are
/// known, by [`Search::threads`]).
type LevelsFn<S, A> = fn(&S, &mut A, &[u64], u32, usize) -> Levels;

/// One search over a [`Space`]: say where it keeps its distances, how far it may go and what
/// it may use, then ask one question.
///
/// The options (all optional):
///
/// | option | what it sets | read by |
/// |---|---|---|
/// | [`arena`](Self::arena) | where distances are kept ([`SparseArena`] unless given) | `bfs`, `levels`, `bidirectional`, `astar` |
/// | [`limit`](Self::limit) | the largest distance searched | `bfs`, `levels` |
/// | [`threads`](Self::threads) | how many threads expand a level | `levels`, `two_bit` |
/// | [`predecessors`](Self::predecessors) | the moves into a state, for the goal side | `bidirectional`, `path_to` |
/// | [`max_states`](Self::max_states) | states generated before giving up | `astar` |
/// | [`moves`](Self::moves) | whether paths may be read backwards | `astar` |
///
/// The questions (each consumes the builder; an arena given as `&mut` can be read after, and
/// handed to `path_to`):
/// [`bfs`](Self::bfs) (a shortest path to a goal), [`levels`](Self::levels) (the level sizes
/// from sources, distances left in the arena), [`path_to`](Self::path_to) (a path read back
/// from those distances), [`bidirectional`](Self::bidirectional) (a shortest path met from
/// both ends), [`astar`](Self::astar) (a shortest path under an admissible estimate) and
/// [`two_bit`](Self::two_bit) (the two-bit search of a dense space, [`TwoBitSearch`]).
///
/// ```
/// use statespace::{DenseArena, FnSpace, Search};
///
/// // A ring of 100 states, each joined to its two neighbours.
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let path = Search::over(&ring).bfs(0, &[3]).unwrap();
/// assert_eq!(path, [0, 1, 2, 3]);
///
/// let mut arena = DenseArena::new(100);
/// let levels = Search::over(&ring).arena(&mut arena).limit(10).levels(&[0]);
/// assert_eq!(levels.reached(), 21);
/// let back = Search::over(&ring).path_to(&arena, 97)?;
/// assert_eq!(back, Some(vec![0, 99, 98, 97]));
/// # Ok::<(), statespace::SearchError>(())
/// ```
#[must_use = "a search runs when asked a question (bfs, levels, astar, ...)"]
pub struct Search<'s, S, A = SparseArena, P = S> {
    space: &'s S,
    arena: A,
    back: Back<'s, P>,
    limit: u32,
    threads: usize,
    max_states: usize,
    moves: Moves,
    levels: LevelsFn<S, A>,
}

impl<'s, S: Space> Search<'s, S> {
    /// A search over `space`, with every option at its default: distances in a new
    /// [`SparseArena`], no limit, one thread, the goal side walked by undoing moves (checked).
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit(s + 3);
    ///     visit(s + 5);
    /// });
    /// assert_eq!(Search::over(&up).bfs(0, &[11]), Some(vec![0, 3, 6, 11]));
    /// ```
    pub fn over(space: &'s S) -> Self {
        Search {
            space,
            arena: SparseArena::new(),
            back: Back::Undo,
            limit: u32::MAX,
            threads: 1,
            max_states: usize::MAX,
            moves: Moves::Any,
            levels: one_thread,
        }
    }
}

impl<'s, S: Space, A: Arena, P: Space> Search<'s, S, A, P> {
    /// Keep the distances in `arena` (reset by every question that searches; read by
    /// [`path_to`](Self::path_to) afterwards). Give `&mut arena` to read it after the search,
    /// or an arena by value.
    ///
    /// ```
    /// use statespace::{Arena, DenseArena, FnSpace, Search};
    ///
    /// let line = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     if s > 0 { visit(s - 1) }
    ///     if s < 9 { visit(s + 1) }
    /// });
    /// let mut arena = DenseArena::new(10);
    /// Search::over(&line).arena(&mut arena).levels(&[0]);
    /// assert_eq!(arena.distance(9), Some(9));
    /// ```
    pub fn arena<B: Arena>(self, arena: B) -> Search<'s, S, B, P> {
        Search {
            space: self.space,
            arena,
            back: self.back,
            limit: self.limit,
            threads: 1,
            max_states: self.max_states,
            moves: self.moves,
            levels: one_thread,
        }
    }

    /// The largest distance searched: [`bfs`](Self::bfs) finds no goal farther than `limit`
    /// moves, and [`levels`](Self::levels) stops at the ball of that radius (every state at
    /// most `limit` moves from a source, and no other).
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| visit(s + 1));
    /// assert_eq!(Search::over(&up).limit(2).bfs(0, &[3]), None);
    /// assert_eq!(Search::over(&up).limit(3).bfs(0, &[3]), Some(vec![0, 1, 2, 3]));
    /// assert_eq!(Search::over(&up).limit(4).levels(&[0]).reached(), 5);
    /// ```
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = limit;
        self
    }

    /// Expand each level of [`levels`](Self::levels) on `threads` threads (the arena and every
    /// level's order end up the same as on one), and run [`two_bit`](Self::two_bit) on as many.
    /// An arena set after this option searches on one thread again.
    ///
    /// ```
    /// use statespace::{DenseArena, FnSpace, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 100_000);
    ///     visit((s + 99_999) % 100_000);
    /// });
    /// let one = Search::over(&ring).arena(DenseArena::new(100_000)).levels(&[0, 500]);
    /// let two = Search::over(&ring).arena(DenseArena::new(100_000)).threads(2).levels(&[0, 500]);
    /// assert_eq!(one, two);
    /// ```
    pub fn threads(mut self, threads: usize) -> Self
    where
        S: Sync,
        A: Sync,
    {
        self.threads = threads.max(1);
        self.levels = if self.threads > 1 {
            search::par_full_bfs_within
        } else {
            one_thread
        };
        self
    }

    /// The moves into a state: the goal side of [`bidirectional`](Self::bidirectional) and the
    /// start side of [`path_to`](Self::path_to) walk them, and each move found is checked to
    /// be a move of the space. Without them, moves are undone by trying the successors, which
    /// needs every move to be reversible (and is checked). A reversible space can be its own
    /// predecessors: that skips the check.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// // One-way: s -> s + 1 and s -> 2 * s.
    /// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit(s + 1);
    ///     visit(2 * s);
    /// });
    /// let down = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     if s > 0 { visit(s - 1) }
    ///     if s % 2 == 0 { visit(s / 2) }
    /// });
    /// let path = Search::over(&up).predecessors(&down).bidirectional(1, &[10])?;
    /// assert_eq!(path.map(|p| p.len() - 1), Some(4)); // 1, 2, 4, 5, 10
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn predecessors<Q: Space>(self, predecessors: &'s Q) -> Search<'s, S, A, Q> {
        Search {
            space: self.space,
            arena: self.arena,
            back: Back::Given(predecessors),
            limit: self.limit,
            threads: self.threads,
            max_states: self.max_states,
            moves: self.moves,
            levels: self.levels,
        }
    }

    /// Give up [`astar`](Self::astar) once the arena holds `max_states` states
    /// ([`AStarResult::gave_up`]) rather than run out of memory.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit(s + 1);
    ///     visit(s + 2);
    /// });
    /// let result = Search::over(&up).max_states(10).astar(0, &[1000], &mut |_| 0)?;
    /// assert!(result.gave_up && result.path.is_none());
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn max_states(mut self, max_states: usize) -> Self {
        self.max_states = max_states;
        self
    }

    /// How [`astar`](Self::astar) reads its path back: [`Moves::Any`] (the default) keeps a
    /// parent link a state; [`Moves::Reversible`] saves them and undoes moves instead.
    ///
    /// ```
    /// use statespace::{FnSpace, Moves, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let result = Search::over(&ring).moves(Moves::Reversible).astar(0, &[7], &mut |_| 0)?;
    /// assert_eq!(result.path, Some(vec![0, 9, 8, 7]));
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn moves(mut self, moves: Moves) -> Self {
        self.moves = moves;
        self
    }

    /// A shortest path from `start` to a goal within the [`limit`](Self::limit), both ends
    /// included (`path.len() - 1` moves), or `None`. Needs nothing of the moves.
    ///
    /// The arena is reset, then holds `distance + 1` of every state reached. Time: the states
    /// within the goal's distance times the branching factor; space: an arena entry and a queue
    /// entry (12 bytes) a state reached.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit(s + 3);
    ///     visit(s + 5);
    /// });
    /// assert_eq!(Search::over(&up).limit(10).bfs(0, &|s: u64| s == 11), Some(vec![0, 3, 6, 11]));
    /// assert_eq!(Search::over(&up).limit(10).bfs(0, &[7]), None);
    /// ```
    pub fn bfs<G: Goals + ?Sized>(mut self, start: u64, goals: &G) -> Option<Vec<u64>> {
        let limit = (self.limit != u32::MAX).then_some(self.limit);
        search::bfs(
            self.space,
            &mut self.arena,
            start,
            |s| goals.is_goal(s),
            limit,
        )
    }

    /// The level sizes of a breadth-first search from `sources` (within the
    /// [`limit`](Self::limit), on the [`threads`](Self::threads)); the arena is reset, then holds
    /// `distance + 1` of every state reached, for [`path_to`](Self::path_to). Needs nothing of
    /// the moves.
    ///
    /// ```
    /// use statespace::{Arena, DenseArena, FnSpace, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let mut arena = DenseArena::new(100);
    /// let levels = Search::over(&ring).arena(&mut arena).levels(&[0]);
    /// assert_eq!((levels.max_distance(), levels.reached()), (50, 100));
    /// assert_eq!(arena.distance(30), Some(30));
    /// ```
    pub fn levels(mut self, sources: &[u64]) -> Levels {
        (self.levels)(
            self.space,
            &mut self.arena,
            sources,
            self.limit,
            self.threads,
        )
    }

    /// A shortest path from a source of the [`levels`](Self::levels) search that left its
    /// distances in `distances` to `to` (`None` when `to` was not reached), read back (the
    /// builder's own arena is not used): each step a
    /// predecessor one level nearer, found among the [`predecessors`](Self::predecessors) or,
    /// without them, by undoing moves.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] when a step back is a move that cannot be undone,
    /// [`SearchError::NotAPredecessor`] when a given predecessor is not a move, and
    /// [`SearchError::NoNearerNeighbour`] when a reached state has no neighbour one step nearer.
    ///
    /// ```
    /// use statespace::{DenseArena, FnSpace, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let mut arena = DenseArena::new(10);
    /// Search::over(&ring).arena(&mut arena).levels(&[0]);
    /// assert_eq!(Search::over(&ring).path_to(&arena, 3)?, Some(vec![0, 1, 2, 3]));
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn path_to<B: Arena>(
        self,
        distances: &B,
        to: u64,
    ) -> Result<Option<Vec<u64>>, SearchError> {
        let path = search::descend(self.space, self.back, distances, to)?;
        Ok(path.map(|mut path| {
            path.reverse();
            path
        }))
    }

    /// A shortest path from `start` to one of `goals`, searched from both ends (the smaller
    /// frontier expanded first), or `None` when none is reachable. The goal side walks the
    /// [`predecessors`](Self::predecessors), or undoes moves (then every move met must be
    /// reversible).
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] naming the first move met that cannot be undone (without
    /// predecessors), [`SearchError::NotAPredecessor`] when a step of the path read from the
    /// predecessors is not a move.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 1000);
    ///     visit((s + 999) % 1000);
    /// });
    /// let path = Search::over(&ring).bidirectional(0, &[500])?.unwrap();
    /// assert_eq!(path.len() - 1, 500);
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn bidirectional(
        mut self,
        start: u64,
        goals: &[u64],
    ) -> Result<Option<Vec<u64>>, SearchError> {
        search::bidirectional(self.space, self.back, &mut self.arena, start, goals)
    }

    /// A* from `start` to a goal under `estimate`, an admissible lower bound on the moves left
    /// (a closure `&mut |s| ...`, or an [`Estimate`] that carries a note from parent to child).
    /// Unit costs; consistency is not needed. Gives up after
    /// [`max_states`](Self::max_states); reads its path as [`moves`](Self::moves) says.
    ///
    /// # Errors
    /// Only with [`Moves::Reversible`]: [`SearchError::Irreversible`] or
    /// [`SearchError::NoNearerNeighbour`] when a step read back cannot be undone.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// // A 50 x 50 grid, a state `row * 50 + col`, moves to the four neighbours.
    /// let grid = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     let (row, col) = (s / 50, s % 50);
    ///     if col > 0 { visit(s - 1) }
    ///     if col < 49 { visit(s + 1) }
    ///     if row > 0 { visit(s - 50) }
    ///     if row < 49 { visit(s + 50) }
    /// });
    /// let mut manhattan = |s: u64| ((49 - s / 50) + (49 - s % 50)) as u32;
    /// let result = Search::over(&grid).astar(0, &[2499], &mut manhattan)?;
    /// assert_eq!(result.path.unwrap().len() - 1, 98);
    /// assert!(result.expanded < 2_500); // a BFS would expand all 2,500 states
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn astar<G: Goals + ?Sized, E: Estimate>(
        mut self,
        start: u64,
        goals: &G,
        estimate: &mut E,
    ) -> Result<AStarResult, SearchError> {
        crate::astar::astar_by(
            self.space,
            &mut self.arena,
            start,
            goals,
            self.max_states,
            estimate,
            self.moves,
        )
    }

    /// The two-bit search of a dense space of `len` states (`0..len`) on the
    /// [`threads`](Self::threads): a [`TwoBitSearch`] to configure further and run in memory,
    /// on disk or on a cluster.
    ///
    /// ```
    /// use statespace::{FnSpace, Search};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let (table, levels) = Search::over(&ring).threads(2).two_bit(100).sources([0]).run();
    /// assert_eq!((levels.max_distance(), table.code(50)), (50, Some(50 % 3)));
    /// ```
    pub fn two_bit(self, len: u64) -> TwoBitSearch<'s, S>
    where
        S: Sync,
    {
        TwoBitSearch::new(self.space, len).threads(self.threads)
    }
}

/// [`LevelsFn`] on one thread.
fn one_thread<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    sources: &[u64],
    radius: u32,
    _threads: usize,
) -> Levels {
    search::full_bfs_within(space, arena, sources, radius)
}
