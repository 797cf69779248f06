//! The typed layer: a puzzle's own state type, packed into the `u64` states of a [`Space`].
//!
//! A [`Puzzle`] says how its states pack into a `u64` and what its moves are; [`Packed`] makes
//! it a [`Space`], which every question of [`Search`](crate::Search) takes, and reads a path of
//! packed states back as states. The packing is the caller's: distinct states must pack to
//! distinct values, and a [`DenseArena`](crate::DenseArena) needs them below its capacity. A
//! [`DensePuzzle`] ranks its states densely, for a dense arena and the two-bit search.

use crate::space::Space;

/// A puzzle over states of its own type, packed into `u64` for the searches.
///
/// ```
/// use statespace::{Packed, Puzzle, Search};
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
/// let path = Search::over(&Packed(&Jugs)).bfs(0, &|p| Jugs.unpack(p).1 == 4).unwrap();
/// assert_eq!(Packed(&Jugs).states(&path), [(0, 0), (0, 5), (3, 2), (0, 2), (2, 0), (2, 5), (3, 4)]);
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
/// keep a table entry per state ([`DenseArena`](crate::DenseArena), the two-bit search of
/// [`Search::two_bit`](crate::Search::two_bit)).
///
/// ```
/// # use statespace::{DenseArena, DensePuzzle, Packed, Puzzle, Search};
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
/// let arena = DenseArena::new(Jugs.states());
/// let levels = Search::over(&Packed(&Jugs)).arena(arena).levels(&[Jugs.pack(&(0, 0))]);
/// assert_eq!(levels.reached(), 16); // the states with a jug full or empty
/// // The same levels, 2 bits a state.
/// let (_, two_bit) = Search::over(&Packed(&Jugs)).two_bit(Jugs.states()).sources([0]).run();
/// assert_eq!(two_bit, levels);
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
/// # use statespace::{Packed, Puzzle, Search, Space};
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
/// let path = Search::over(&Packed(&Jugs)).bfs(0, &[goal]).unwrap();
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

impl<P: Puzzle> Packed<'_, P> {
    /// The states of a path of packed states (as the searches return it), in order.
    ///
    /// ```
    /// # use statespace::{Packed, Puzzle, Search};
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
    /// let jugs = Packed(&Jugs);
    /// let path = Search::over(&jugs).bidirectional(0, &[Jugs.pack(&(3, 5))])?.unwrap();
    /// assert_eq!(jugs.states(&path), [(0, 0), (0, 5), (3, 5)]);
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn states(&self, path: &[u64]) -> Vec<P::State> {
        path.iter().map(|&p| self.0.unpack(p)).collect()
    }
}
