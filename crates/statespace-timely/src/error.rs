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
    /// Another process sent no heartbeat for the peer timeout
    /// ([`Cluster::with_peer_timeout`](crate::Cluster::with_peer_timeout)): stopped, frozen, or
    /// cut off by the network. This process cut its connections and stopped.
    #[error(
        "process {process} at {address} sent nothing{} for {:.1} s (stopped, frozen or cut off by the network){}",
        noticed_by.map_or(String::new(), |p| format!(" to process {p}")),
        waited.as_secs_f64(),
        match (last, noticed_by) {
            (Some(last), _) => format!("; the last it said: {last}"),
            (None, None) => "; it never sent a heartbeat".into(),
            (None, Some(_)) => String::new(),
        }
    )]
    PeerSilent {
        /// The silent process's number.
        process: usize,
        /// Its address.
        address: String,
        /// How long nothing came from it.
        waited: std::time::Duration,
        /// What its last heartbeat said it was doing ("expanding level 12").
        last: Option<String>,
        /// The process that found the silence and told this one, when not this one.
        noticed_by: Option<usize>,
    },
    /// A seed enters at a level of its own ([`statespace::TwoBitSearch::seeds`]): the spread
    /// search starts from sources, at level 0.
    #[error(
        "seed {seed} enters at level {level}: a search over a cluster starts every seed at level 0 (give sources)"
    )]
    SeedLevel {
        /// The seed.
        seed: u64,
        /// The level it was to enter at.
        level: u32,
    },
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
    /// The processes were started with different checkpoint settings, resuming or not, or
    /// another last level: they would not meet in the same rounds.
    #[error(
        "worker {worker} was started with other checkpoint, resume or stop settings than this process (every process needs the same)"
    )]
    Schedule {
        /// The first worker that differs.
        worker: usize,
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
    #[error("this process's share of the table {0} (spread the search over more processes)")]
    Memory(memory::Refusal),
    /// The allocator refused this process's slice of the table (the admission check let it
    /// through, but the memory was gone by then).
    #[error(
        "could not allocate {:.2} GiB for this worker's slice of the table (spread the search over more processes)",
        *bytes as f64 / f64::from(1 << 30)
    )]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
    /// A worker's slice could not be kept in its file
    /// ([`ClusterSearch::slices_on_disk`](crate::ClusterSearch::slices_on_disk)): no room on the
    /// disk, no such folder.
    #[error("this worker's slice of the table on disk: {0}")]
    SliceFile(statespace_disk::DiskError),
    /// Another worker failed (its own process reports why); this one stopped with it.
    #[error("worker {0} failed; the search stopped (its process says why)")]
    OtherWorker(usize),
}
