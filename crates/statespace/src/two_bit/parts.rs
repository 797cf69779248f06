//! What other places to run a [`TwoBitSearch`](crate::TwoBitSearch) need of it: the space it
//! searches, borrowed or shared ([`SpaceRef`]), and the search taken apart ([`TwoBitParts`]).
//! `statespace-disk` runs the same builder with its table in a file, `statespace-timely` over
//! the workers of a cluster.

use std::ops::Deref;
use std::sync::Arc;

/// The space of a search: borrowed for a search that ends before the space does (the usual
/// case), or shared, for one that hands it to threads of its own (a cluster's workers).
///
/// ```
/// use std::sync::Arc;
/// use statespace::backend::SpaceRef;
///
/// let borrowed: SpaceRef<'_, u32> = SpaceRef::Borrowed(&7);
/// let shared: SpaceRef<'static, u32> = SpaceRef::Shared(Arc::new(7));
/// assert_eq!(*borrowed, *shared);
/// ```
#[derive(Debug)]
pub enum SpaceRef<'s, S> {
    /// A space that outlives the search.
    Borrowed(&'s S),
    /// A space shared with whatever else holds it.
    Shared(Arc<S>),
}

impl<S> Clone for SpaceRef<'_, S> {
    fn clone(&self) -> Self {
        match self {
            SpaceRef::Borrowed(space) => SpaceRef::Borrowed(space),
            SpaceRef::Shared(space) => SpaceRef::Shared(Arc::clone(space)),
        }
    }
}

impl<'s, S> From<&'s S> for SpaceRef<'s, S> {
    fn from(space: &'s S) -> Self {
        SpaceRef::Borrowed(space)
    }
}

impl<S> From<Arc<S>> for SpaceRef<'static, S> {
    fn from(space: Arc<S>) -> Self {
        SpaceRef::Shared(space)
    }
}

impl<S> Deref for SpaceRef<'_, S> {
    type Target = S;

    #[inline]
    fn deref(&self) -> &S {
        match self {
            SpaceRef::Borrowed(space) => space,
            SpaceRef::Shared(space) => space,
        }
    }
}

/// A [`TwoBitSearch`](crate::TwoBitSearch) taken apart
/// ([`TwoBitSearch::into_parts`](crate::TwoBitSearch::into_parts)), for a crate that runs it
/// somewhere else than this process's memory.
///
/// ```
/// use statespace::{TwoBitSearch, from_fn};
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 10);
///     visit((s + 9) % 10);
/// });
/// let parts = TwoBitSearch::new(&ring, 10).sources([0, 5]).threads(2).into_parts();
/// assert_eq!((parts.len, parts.threads), (10, 2));
/// assert_eq!(parts.seeds, [(0, 0), (5, 0)]);
/// ```
#[non_exhaustive]
pub struct TwoBitParts<'s, S, W, P> {
    /// The space searched.
    pub space: SpaceRef<'s, S>,
    /// The states searched: `0..len`.
    pub len: u64,
    /// The seeds and the levels they enter at (sources at 0), in the order given.
    pub seeds: Vec<(u64, u32)>,
    /// The threads asked for.
    pub threads: usize,
    /// What each reached state counts for.
    pub weight: W,
    /// Called with each level found and its size.
    pub progress: P,
    /// Whether the table was said to be held by the processor's caches (`None`: by trial).
    pub cached: Option<bool>,
}
