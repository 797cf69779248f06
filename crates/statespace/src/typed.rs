//! The typed layer: search a puzzle's own state type, with the packed machinery underneath.
//!
//! A [`Puzzle`] says how its states pack into a `u64` and what its moves are; [`Search`] runs
//! the crate's searches on it, takes goals as a list of states or a predicate, and hands back
//! paths of states and errors that name states. The packing is the caller's: distinct states
//! must pack to distinct values, and a [`DenseArena`](crate::DenseArena) needs them below its
//! capacity. A [`DensePuzzle`] ranks its states densely, for [`Search::full_bfs`] over a dense
//! arena and [`TwoBitDistances`](crate::TwoBitDistances) (in `two_bit`, its room).

use crate::arena::Arena;
use crate::astar::Plain;
use crate::astar::{Moves, astar_by};
use crate::error::SearchError;
use crate::goal::GoalStates;
use crate::search::{
    Levels, bfs, bidirectional_bfs, bidirectional_bfs_with, descend_path, full_bfs,
};
use crate::space::Space;

pub(crate) mod two_bit;

/// A puzzle over states of its own type, packed into `u64` for the searches.
///
/// ```
/// use statespace::{Puzzle, Search, SparseArena};
///
/// /// A jug of 3 litres and a jug of 5: fill one, empty one, or pour one into the other.
/// struct Jugs;
/// impl Puzzle for Jugs {
///     type State = (u8, u8); // the litres in the jug of 3 and in the jug of 5
///     fn pack(&self, &(a, b): &(u8, u8)) -> u64 {
///         u64::from(a * 6 + b)
///     }
///     fn unpack(&self, p: u64) -> (u8, u8) {
///         ((p / 6) as u8, (p % 6) as u8)
///     }
///     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
///         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
///         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
///             if next != (a, b) {
///                 visit(next);
///             }
///         }
///     }
/// }
/// assert_eq!(Jugs.unpack(Jugs.pack(&(2, 5))), (2, 5));
/// let mut next = Vec::new();
/// Jugs.successors(&(3, 2), |s| next.push(s));
/// assert_eq!(next, [(3, 5), (0, 2), (3, 0), (0, 5)]);
/// // Four litres in the jug of 5, by the fewest moves.
/// let mut search = Search::new(&Jugs, SparseArena::new());
/// let path = search.bfs(&(0, 0), &|s: &(u8, u8)| s.1 == 4, None).unwrap();
/// assert_eq!(path, [(0, 0), (0, 5), (3, 2), (0, 2), (2, 0), (2, 5), (3, 4)]);
/// ```
pub trait Puzzle {
    /// One state of the puzzle.
    ///
    /// ```
    /// # use statespace::Puzzle;
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// /// The states one move from `state`, whatever the puzzle's type of state.
    /// fn next<P: Puzzle>(puzzle: &P, state: &P::State) -> Vec<P::State> {
    ///     let mut next = Vec::new();
    ///     puzzle.successors(state, |s| next.push(s));
    ///     next
    /// }
    /// let state: <Jugs as Puzzle>::State = (0, 0); // litres in the jug of 3, in the jug of 5
    /// assert_eq!(next(&Jugs, &state), [(3, 0), (0, 5)]);
    /// ```
    type State;

    /// Packs `state`; distinct states pack to distinct values.
    ///
    /// ```
    /// # use std::collections::HashSet;
    /// # use statespace::Puzzle;
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// // The 24 fillings of the two jugs pack to 24 distinct values.
    /// let all = (0..=3).flat_map(|a| (0..=5).map(move |b| (a, b)));
    /// let packed: HashSet<u64> = all.map(|s| Jugs.pack(&s)).collect();
    /// assert_eq!(packed.len(), 24);
    /// ```
    fn pack(&self, state: &Self::State) -> u64;

    /// The state that [`Puzzle::pack`] packed into `packed`.
    ///
    /// ```
    /// # use statespace::Puzzle;
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut all = (0..=3).flat_map(|a| (0..=5).map(move |b| (a, b)));
    /// assert!(all.all(|s| Jugs.unpack(Jugs.pack(&s)) == s));
    /// ```
    fn unpack(&self, packed: u64) -> Self::State;

    /// Calls `visit` with every state one move from `state`, always in the same order.
    ///
    /// ```
    /// # use statespace::Puzzle;
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let (mut first, mut again) = (Vec::new(), Vec::new());
    /// Jugs.successors(&(3, 2), |s| first.push(s));
    /// Jugs.successors(&(3, 2), |s| again.push(s));
    /// assert_eq!(first, [(3, 5), (0, 2), (3, 0), (0, 5)]); // fill, empty, or pour one way
    /// assert_eq!(again, first); // in the same order every time
    /// ```
    fn successors(&self, state: &Self::State, visit: impl FnMut(Self::State));
}

/// A [`Puzzle`] that ranks its states densely: [`Puzzle::pack`] is a rank below
/// [`DensePuzzle::states`] and [`Puzzle::unpack`] its inverse (an unrank), for searches that
/// keep a table entry per state ([`DenseArena`](crate::DenseArena),
/// [`TwoBitDistances`](crate::TwoBitDistances)).
///
/// ```
/// # use statespace::{DenseArena, DensePuzzle, Puzzle, Search};
/// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
/// # impl Puzzle for Jugs {
/// #     type State = (u8, u8);
/// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
/// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
/// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
/// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
/// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
/// #             if next != (a, b) { visit(next) }
/// #         }
/// #     }
/// # }
/// impl DensePuzzle for Jugs {
///     fn states(&self) -> u64 {
///         24 // `pack` is at most 3 * 6 + 5
///     }
/// }
/// // Every rank below 24 unpacks to a state that packs back to it.
/// assert!((0..Jugs.states()).all(|p| Jugs.pack(&Jugs.unpack(p)) == p));
/// let mut search = Search::new(&Jugs, DenseArena::new(Jugs.states()));
/// assert_eq!(search.full_bfs(&[(0, 0)]).reached(), 16); // the states with a jug full or empty
/// ```
pub trait DensePuzzle: Puzzle {
    /// The number of ranks: every state packs below it.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// # impl DensePuzzle for Jugs {
    /// #     fn states(&self) -> u64 { 24 }
    /// # }
    /// // Every filling of the jugs packs below the number of ranks.
    /// let mut all = (0..=3).flat_map(|a| (0..=5).map(move |b| (a, b)));
    /// assert!(all.all(|s| Jugs.pack(&s) < Jugs.states()));
    /// ```
    fn states(&self) -> u64;
}

/// A [`Puzzle`] seen as a [`Space`] over packed states.
///
/// ```
/// # use statespace::{Packed, Puzzle, Space, SparseArena, bfs};
/// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
/// # impl Puzzle for Jugs {
/// #     type State = (u8, u8);
/// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
/// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
/// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
/// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
/// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
/// #             if next != (a, b) { visit(next) }
/// #         }
/// #     }
/// # }
/// let mut next = Vec::new();
/// Packed(&Jugs).for_each_successor(Jugs.pack(&(0, 0)), |p| next.push(Jugs.unpack(p)));
/// assert_eq!(next, [(3, 0), (0, 5)]);
/// // The searches over packed states take it as they take any space.
/// let goal = Jugs.pack(&(0, 4));
/// let path = bfs(&Packed(&Jugs), &mut SparseArena::new(), 0, |p| p == goal, None).unwrap();
/// assert_eq!((path.len() - 1, path[7]), (7, goal));
/// ```
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
///
/// ```
/// # use statespace::{Puzzle, Search, SparseArena, Stats};
/// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
/// # impl Puzzle for Jugs {
/// #     type State = (u8, u8);
/// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
/// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
/// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
/// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
/// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
/// #             if next != (a, b) { visit(next) }
/// #         }
/// #     }
/// # }
/// let mut search = Search::new(&Jugs, SparseArena::new());
/// // A litre in each jug is unreachable: A* expands all 16 states it reaches, in vain.
/// assert_eq!(search.astar(&(0, 0), &[(1, 1)], |_| 0), None);
/// assert_eq!(search.stats(), Stats { expanded: 16, gave_up: false });
/// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// assert_eq!(search.bfs(&(0, 0), &[(0, 4)], None).unwrap().len() - 1, 7);
    /// // The arena is reused: the next search starts afresh on it.
    /// assert_eq!(search.bfs(&(0, 0), &[(0, 3)], None).unwrap().len() - 1, 2);
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new()).with_max_states(4);
    /// assert_eq!(search.astar(&(0, 0), &[(0, 4)], |_| 0), None);
    /// assert!(search.stats().gave_up);
    /// let mut search = search.with_max_states(100); // more than the 16 states reachable
    /// assert_eq!(search.astar(&(0, 0), &[(0, 4)], |_| 0).unwrap().len() - 1, 7);
    /// ```
    pub fn with_max_states(self, max_states: usize) -> Self {
        Self { max_states, ..self }
    }

    /// The arena, with the codes the last search left in it.
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// search.full_bfs(&[(0, 0)]);
    /// // The states with a jug full or empty, each with its code.
    /// assert_eq!(search.arena().len(), 16);
    /// assert_eq!(search.arena().distance(Jugs.pack(&(0, 4))), Some(7));
    /// ```
    pub fn arena(&self) -> &A {
        &self.arena
    }

    /// What the last [`Search::astar`] did: states expanded, and whether it gave up.
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena, Stats};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// assert_eq!(search.stats(), Stats::default()); // no A* yet
    /// search.astar(&(0, 0), &[(0, 4)], |_| 0).unwrap();
    /// assert!(!search.stats().gave_up);
    /// assert!((1..=16).contains(&search.stats().expanded));
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// assert_eq!(search.bfs(&(0, 0), &[(0, 4)], Some(6)), None); // 7 moves away
    /// let path = search.bfs(&(0, 0), &[(0, 4)], Some(7)).unwrap();
    /// assert_eq!((path.len(), path[0], path[7]), (8, (0, 0), (0, 4)));
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Ring; // 1,000 positions, a move one step either way
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// let mut search = Search::new(&Ring, SparseArena::new());
    /// // The nearer of two goals, backwards round the ring.
    /// assert_eq!(search.bidirectional(&0, &[997, 500])?, Some(vec![0, 999, 998, 997]));
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SearchError, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// // A pour cannot always be undone in one move: `bidirectional` refuses the jugs...
    /// assert!(matches!(
    ///     search.bidirectional(&(0, 0), &[(0, 4)]),
    ///     Err(SearchError::Irreversible { .. })
    /// ));
    /// // ...this one walks back through the predecessors: states with `state` as a successor.
    /// let predecessors = |state: &(u8, u8), visit: &mut dyn FnMut((u8, u8))| {
    ///     for before in (0..24).map(|p| Jugs.unpack(p)) {
    ///         Jugs.successors(&before, |next| if next == *state { visit(before) });
    ///     }
    /// };
    /// let path = search.bidirectional_with(&(0, 0), &[(0, 4)], predecessors)?.unwrap();
    /// assert_eq!((path.len() - 1, path[7]), (7, (0, 4)));
    /// # Ok::<(), SearchError<(u8, u8)>>(())
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Ring; // 1,000 positions, a move one step either way
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// let mut search = Search::new(&Ring, SparseArena::new());
    /// let path = search.bidirectional_reversible(&10, &[990])?.unwrap();
    /// // Down through 0 to 990: 20 moves, where going up would take 980.
    /// let down: Vec<u16> = (0..=10).rev().chain((990..1000).rev()).collect();
    /// assert_eq!(path, down);
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// // Four litres in the jug of 5; a state without them is at least one move away.
    /// let path = search.astar(&(0, 0), &|s: &(u8, u8)| s.1 == 4, |s| u32::from(s.1 != 4));
    /// let through = [(0, 0), (0, 5), (3, 2), (0, 2), (2, 0), (2, 5), (3, 4)];
    /// assert_eq!(path.unwrap(), through);
    /// ```
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
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// let levels = search.full_bfs(&[(0, 0)]);
    /// assert_eq!(levels.sizes(), [1, 2, 3, 2, 2, 2, 2, 2]);
    /// assert_eq!(search.distance(&(0, 4)), Some(7));
    /// ```
    pub fn full_bfs(&mut self, sources: &[P::State]) -> Levels {
        let sources = self.packed(sources);
        full_bfs(&Packed(self.puzzle), &mut self.arena, &sources)
    }

    /// The distance the last search recorded for `state` (from whichever side reached it).
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Jugs; // the jugs of 3 and 5 litres of the example of `Puzzle`
    /// # impl Puzzle for Jugs {
    /// #     type State = (u8, u8);
    /// #     fn pack(&self, &(a, b): &(u8, u8)) -> u64 { u64::from(a * 6 + b) }
    /// #     fn unpack(&self, p: u64) -> (u8, u8) { ((p / 6) as u8, (p % 6) as u8) }
    /// #     fn successors(&self, &(a, b): &(u8, u8), mut visit: impl FnMut((u8, u8))) {
    /// #         let (x, y) = (a.min(5 - b), b.min(3 - a)); // what each pour moves
    /// #         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - x, b + x), (a + y, b - y)] {
    /// #             if next != (a, b) { visit(next) }
    /// #         }
    /// #     }
    /// # }
    /// let mut search = Search::new(&Jugs, SparseArena::new());
    /// search.full_bfs(&[(0, 0)]);
    /// assert_eq!(search.distance(&(3, 2)), Some(2));
    /// assert_eq!(search.distance(&(1, 1)), None); // neither jug full nor empty: unreached
    /// ```
    pub fn distance(&self, state: &P::State) -> Option<u32> {
        self.arena.distance(self.puzzle.pack(state))
    }

    /// The path the last [`Search::full_bfs`] found from a source to `state`, read back through
    /// successors that lead back in one move: requires reversible moves, and checks them.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a step cannot be
    /// undone.
    ///
    /// ```
    /// # use statespace::{Puzzle, Search, SparseArena};
    /// # struct Ring; // 1,000 positions, a move one step either way
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// let mut search = Search::new(&Ring, SparseArena::new());
    /// search.full_bfs(&[0, 500]);
    /// assert_eq!(search.path_to(&997)?, Some(vec![0, 999, 998, 997]));
    /// assert_eq!(search.path_to(&503)?, Some(vec![500, 501, 502, 503]));
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
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
