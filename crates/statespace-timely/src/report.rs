//! What a spread search tells when it ends: [`Report`], with the [`Traffic`] of each level.

use statespace::Levels;

/// Records one level sent to workers other than their sender.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Ranks sent to another worker of the same process (through memory).
    pub within: u64,
    /// Ranks sent to a worker of another process (over the network, 8 bytes each plus
    /// framing).
    pub between: u64,
}

/// What a finished search found, the same in every process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The level sizes, weighted.
    pub levels: Levels,
    /// For each level after the first, the ranks that crossed workers to reach it.
    pub traffic: Vec<Traffic>,
    /// The level the search resumed after, when it started from a checkpoint.
    pub resumed_at: Option<u32>,
    /// Whether the search reached its end (an empty level); `false` when it stopped at
    /// [`crate::ClusterSearch::stop_after`], and `levels` holds the levels so far.
    pub complete: bool,
    /// The peak resident memory of each process in bytes, where the system tells it.
    pub peak_memory: Vec<Option<u64>>,
}
