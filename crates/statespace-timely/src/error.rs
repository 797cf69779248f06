//! [`Error`]: why a spread search stopped.

use std::path::PathBuf;

/// Why a search over a [`Cluster`](crate::Cluster) did not finish.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The cluster could not be set up: bad addresses, a process that never connected, a
    /// connection from a process of another shape.
    #[error("{0}")]
    Cluster(String),
    /// Another process died or its connection broke during the search.
    #[error("a process of the search stopped or lost its connection ({0})")]
    PeerLost(String),
    /// A worker of this process panicked.
    #[error("a worker stopped unexpectedly: {0}")]
    Worker(String),
    /// The processes do not search the same space (another disc count, another program).
    #[error("worker {worker} searches another space than this process (another program or size)")]
    Mismatch {
        /// The worker that differs.
        worker: usize,
        /// Its space's fingerprint.
        theirs: u64,
        /// This process's.
        mine: u64,
    },
    /// A checkpoint could not be written or read.
    #[error("checkpoint {path}: {source}")]
    CheckpointIo {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A checkpoint file is damaged or belongs to another search.
    #[error("checkpoint {path}: {reason}")]
    BadCheckpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// `--resume` found no level that every worker completed.
    #[error("no checkpoint to resume from in {dir} (every worker's file of one level is needed)")]
    NoCheckpoint {
        /// The folder searched.
        dir: PathBuf,
    },
    /// This process's slices of the table would not fit in the memory the process may take
    /// (the smallest of `MemAvailable`, the memory cgroup's room and `ulimit -v`'s).
    #[error(
        "this process would hold {:.1} GiB of the table, it may take {:.1} GiB more (spread the search over more processes)",
        *needed as f64 / f64::from(1 << 30),
        *available as f64 / f64::from(1 << 30)
    )]
    Memory {
        /// Bytes of table this process would hold.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// Another worker failed (its own process reports why); this one stopped with it.
    #[error("worker {0} failed; the search stopped (its process says why)")]
    OtherWorker(usize),
}
