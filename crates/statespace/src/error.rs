//! Why a search refuses to answer: the moves broke what it requires of them.

use std::fmt;

/// A search found that the moves break what it requires of them, and refused to answer rather
/// than hand back a path that is not one.
///
/// `S` is the kind of state named: packed `u64`s from the searches over a [`Space`], or a
/// puzzle's own states after [`SearchError::map`] (shown with `Debug`).
///
/// [`Space`]: crate::Space
///
/// ```
/// use statespace::{Search, SearchError, from_fn};
///
/// // Moves that go up only: the search walks moves back, and refuses the first it sees.
/// let up = from_fn(|s, visit| visit(s + 1));
/// let error = Search::over(&up).bidirectional(0, &[3]).unwrap_err();
/// assert_eq!(error, SearchError::Irreversible { from: 0, to: 1 });
/// assert!(error.to_string().contains("cannot be undone"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError<S = u64> {
    /// `to` is a successor of `from`, but `from` is not a successor of `to`: the move cannot be
    /// undone in one move, and the search needed to walk it backwards. Give the search the
    /// predecessors ([`Search::predecessors`](crate::Search::predecessors)), or ask a question
    /// that requires nothing of the moves (`bfs`, `levels`).
    Irreversible {
        /// The state the move starts from.
        from: S,
        /// The state the move leads to.
        to: S,
    },
    /// `state` was reached, but no neighbour of it is one step nearer the side that reached
    /// it: the moves (or the predecessors given) are not what the search requires.
    NoNearerNeighbour {
        /// The state the walk back stopped at.
        state: S,
    },
    /// The predecessor function named `predecessor` as a state one move before `state`, but
    /// `state` is not among its successors.
    NotAPredecessor {
        /// The state whose predecessors were asked for.
        state: S,
        /// The state given as its predecessor.
        predecessor: S,
    },
}

impl<S> SearchError<S> {
    /// The same error with its states turned into another kind (packed states into a puzzle's
    /// own, say).
    ///
    /// ```
    /// use statespace::SearchError;
    ///
    /// // Packed states `row << 8 | col` told as (row, col).
    /// let packed = SearchError::Irreversible { from: 0x0102, to: 0x0201 };
    /// let unpacked = packed.map(|s: u64| (s >> 8, s & 0xFF));
    /// assert_eq!(unpacked, SearchError::Irreversible { from: (1, 2), to: (2, 1) });
    /// ```
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> SearchError<T> {
        match self {
            Self::Irreversible { from, to } => SearchError::Irreversible {
                from: f(from),
                to: f(to),
            },
            Self::NoNearerNeighbour { state } => SearchError::NoNearerNeighbour { state: f(state) },
            Self::NotAPredecessor { state, predecessor } => SearchError::NotAPredecessor {
                state: f(state),
                predecessor: f(predecessor),
            },
        }
    }
}

impl<S: fmt::Debug> fmt::Display for SearchError<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Irreversible { from, to } => write!(
                f,
                "the move from {from:?} to {to:?} cannot be undone in one move, and the search \
                 walks moves backwards (give the search the predecessors, or ask bfs or levels, which walk moves forwards only)"
            ),
            Self::NoNearerNeighbour { state } => write!(
                f,
                "{state:?} was reached but has no neighbour one step nearer: the moves are not \
                 what the search requires"
            ),
            Self::NotAPredecessor { state, predecessor } => write!(
                f,
                "{predecessor:?} was given as a predecessor of {state:?}, but {state:?} is not \
                 one of its successors"
            ),
        }
    }
}

impl<S: fmt::Debug> std::error::Error for SearchError<S> {}

/// Whether `to` is a successor of `from`.
#[inline]
pub(crate) fn is_move<S: crate::space::Space + ?Sized>(space: &S, from: u64, to: u64) -> bool {
    let mut found = false;
    space.for_each_successor(from, |s| found |= s == to);
    found
}
