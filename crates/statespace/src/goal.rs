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
    ///
    /// ```
    /// use statespace::Goals;
    ///
    /// fn first_goal(goals: &impl Goals, states: impl IntoIterator<Item = u64>) -> Option<u64> {
    ///     states.into_iter().find(|&s| goals.is_goal(s))
    /// }
    /// assert_eq!(first_goal(&[7u64, 9], 0..20), Some(7));
    /// assert_eq!(first_goal(&|s: u64| s > 100, 0..20), None);
    /// ```
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
