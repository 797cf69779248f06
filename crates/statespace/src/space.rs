//! The one trait a puzzle implements to be searched: successors of a packed state.

/// A state space over packed states (`u64`), described by its successor function.
///
/// Implementations must yield successors in a fixed order: the searches are deterministic
/// only because of it. A successor may be yielded more than once; searches ignore repeats.
pub trait Space {
    /// Calls `visit` once for every state reachable from `state` in one move.
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, visit: F);

    /// Calls `visit(state, successor)` for every successor of every state `first + i` with bit
    /// `i` set in `members` (states `first..first + 64` at most), the states in increasing
    /// order and each state's successors in [`Space::for_each_successor`]'s order.
    ///
    /// The dense searches ([`two_bit_bfs`](crate::two_bit_bfs)) expand a word of the table at
    /// a time through this method. The default calls [`Space::for_each_successor`] per state;
    /// a space can do better when neighbouring states share work, for example when a state's
    /// rank is a number in base `b` and most moves change one digit: the successors of such
    /// moves are the rank plus or minus a power of `b`, found with no unranking.
    #[inline]
    fn expand_block<F: FnMut(u64, u64)>(&self, first: u64, members: u64, mut visit: F) {
        let mut members = members;
        while members != 0 {
            let state = first + u64::from(members.trailing_zeros());
            members &= members - 1;
            self.for_each_successor(state, |succ| visit(state, succ));
        }
    }
}

/// A [`Space`] made from a closure `|state, visit| { ... }`, for tests and small spaces.
///
/// Build it with [`from_fn`], which infers the closure's argument types.
///
/// ```
/// use statespace::{Space, from_fn};
/// // A path graph 0 - 1 - 2 - ... - 9.
/// let line = from_fn(|s, visit| {
///     if s > 0 { visit(s - 1) }
///     if s < 9 { visit(s + 1) }
/// });
/// let mut next = Vec::new();
/// line.for_each_successor(3, |t| next.push(t));
/// assert_eq!(next, [2, 4]);
/// ```
pub struct FnSpace<F>(pub F);

/// A [`FnSpace`] from `successors(state, visit)`, with the closure's argument types inferred
/// (`FnSpace(|s, visit| ...)` alone would need them written out).
pub fn from_fn<F: Fn(u64, &mut dyn FnMut(u64))>(successors: F) -> FnSpace<F> {
    FnSpace(successors)
}

impl<F: Fn(u64, &mut dyn FnMut(u64))> Space for FnSpace<F> {
    fn for_each_successor<V: FnMut(u64)>(&self, state: u64, mut visit: V) {
        (self.0)(state, &mut visit);
    }
}
