//! Goals given as a list of states or as a predicate.

/// The goals of a search over packed states: a list (`&[u64]`, an array, a `Vec`) or a
/// predicate (`|s: u64| ...`).
///
/// ```
/// use statespace::Goals;
/// assert!([3u64, 5].is_goal(5));
/// assert!((|s: u64| s % 7 == 0).is_goal(14));
/// assert!(!vec![1u64].is_goal(2));
/// ```
pub trait Goals {
    /// Whether `state` is a goal.
    fn is_goal(&self, state: u64) -> bool;
}

impl Goals for [u64] {
    #[inline]
    fn is_goal(&self, state: u64) -> bool {
        self.contains(&state)
    }
}

impl<const N: usize> Goals for [u64; N] {
    #[inline]
    fn is_goal(&self, state: u64) -> bool {
        self.contains(&state)
    }
}

impl Goals for Vec<u64> {
    #[inline]
    fn is_goal(&self, state: u64) -> bool {
        self.contains(&state)
    }
}

impl<F: Fn(u64) -> bool> Goals for F {
    #[inline]
    fn is_goal(&self, state: u64) -> bool {
        self(state)
    }
}

/// The goals of a search over a puzzle's own states ([`Search`](crate::Search)): a list of
/// states (a slice, an array, a `Vec`) or a predicate (`|s: &State| ...`).
pub trait GoalStates<S> {
    /// Whether `state` is a goal.
    fn is_goal(&self, state: &S) -> bool;
}

impl<S: PartialEq> GoalStates<S> for [S] {
    fn is_goal(&self, state: &S) -> bool {
        self.contains(state)
    }
}

impl<S: PartialEq, const N: usize> GoalStates<S> for [S; N] {
    fn is_goal(&self, state: &S) -> bool {
        self.contains(state)
    }
}

impl<S: PartialEq> GoalStates<S> for Vec<S> {
    fn is_goal(&self, state: &S) -> bool {
        self.contains(state)
    }
}

impl<S, F: Fn(&S) -> bool> GoalStates<S> for F {
    fn is_goal(&self, state: &S) -> bool {
        self(state)
    }
}
