//! The typed layer: search a puzzle's own state type, with the packed machinery underneath.
//!
//! A [`Puzzle`] says how its states pack into a `u64` and what its moves are; [`Search`] runs
//! the crate's searches on it, takes goals the same way in all of them (a slice of states) and
//! hands back paths of states. The packing is the caller's: distinct states must pack to distinct
//! values, and a [`DenseArena`](crate::DenseArena) needs them below its capacity.

use crate::{AStarResult, Arena, Space, astar, bfs, bidirectional_bfs};

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

/// The searches of this crate over a [`Puzzle`]'s own states, on an arena the search owns.
///
/// Every search takes its goals as a slice of states and returns the path as states, start and
/// goal included. What each search requires of the moves is said on each method.
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
/// let path = search.bidirectional(&(0, 0), &[(4, 4)]).unwrap();
/// assert_eq!(path.len() - 1, 4);
/// assert_eq!(search.bfs(&(0, 0), &[(4, 4)], None).unwrap().len(), path.len());
/// ```
pub struct Search<'p, P, A> {
    puzzle: &'p P,
    arena: A,
}

impl<'p, P: Puzzle, A: Arena> Search<'p, P, A> {
    /// Searches on `puzzle` with `arena`, reused from one search to the next.
    pub fn new(puzzle: &'p P, arena: A) -> Self {
        Self { puzzle, arena }
    }

    /// The arena, with the codes the last search left in it.
    pub fn arena(&self) -> &A {
        &self.arena
    }

    fn states(&self, path: Vec<u64>) -> Vec<P::State> {
        path.into_iter().map(|p| self.puzzle.unpack(p)).collect()
    }

    fn packed(&self, states: &[P::State]) -> Vec<u64> {
        states.iter().map(|s| self.puzzle.pack(s)).collect()
    }

    /// [`bfs`](crate::bfs) to the nearest of `goals`, within `max_depth` moves. Requires nothing
    /// of the moves.
    pub fn bfs(
        &mut self,
        start: &P::State,
        goals: &[P::State],
        max_depth: Option<u32>,
    ) -> Option<Vec<P::State>> {
        let goals = self.packed(goals);
        let start = self.puzzle.pack(start);
        let path = bfs(
            &Packed(self.puzzle),
            &mut self.arena,
            start,
            |s| goals.contains(&s),
            max_depth,
        )?;
        Some(self.states(path))
    }

    /// [`bidirectional_bfs`](crate::bidirectional_bfs) to the nearest of `goals`. Requires
    /// reversible moves (checked in debug builds).
    pub fn bidirectional(&mut self, start: &P::State, goals: &[P::State]) -> Option<Vec<P::State>> {
        let goals = self.packed(goals);
        let start = self.puzzle.pack(start);
        let path = bidirectional_bfs(&Packed(self.puzzle), &mut self.arena, start, &goals)?;
        Some(self.states(path))
    }

    /// [`astar`](crate::astar) to the nearest of `goals`, `heuristic` an admissible lower bound
    /// on the distance to it; gives up after `max_states` states. Requires reversible moves.
    ///
    /// Returns the path, or `None` with the search's effort when no goal was reached (or it gave
    /// up: see [`AStarResult::gave_up`]).
    pub fn astar(
        &mut self,
        start: &P::State,
        goals: &[P::State],
        max_states: usize,
        mut heuristic: impl FnMut(&P::State) -> u32,
    ) -> (Option<Vec<P::State>>, AStarResult) {
        let goals = self.packed(goals);
        let start = self.puzzle.pack(start);
        let puzzle = self.puzzle;
        let mut result = astar(
            &Packed(puzzle),
            &mut self.arena,
            start,
            &goals,
            max_states,
            |s| heuristic(&puzzle.unpack(s)),
        );
        let path = result.path.take().map(|p| self.states(p));
        (path, result)
    }
}
