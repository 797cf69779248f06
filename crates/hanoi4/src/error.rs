//! [`SolveError`]: why a solver or a table store refused, for every fallible call of the crate.

use std::io;
use std::path::PathBuf;

use crate::engine::Engine;

/// Why solving, building or storing a table failed. Bad *input* is a [`crate::ParseError`]
/// instead; this is about sizes, budgets and table files.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// A whole-space search whose levels do not add up to the configurations of its discs
    /// (`4^n`): a damaged table or a fault in the search, never an answer.
    #[error(
        "the {n_discs}-disc search's levels add up to {reached} configurations, not 4^{n_discs} = {expected}: its table cannot be trusted"
    )]
    LevelsDoNotAddUp {
        /// The discs.
        n_discs: usize,
        /// What the levels add up to.
        reached: u64,
        /// `4^n_discs`.
        expected: u64,
    },
    /// A disc count beyond what an engine (or a table, or a search) takes.
    #[error("the {engine} engine takes 1 to {max} discs, not {n_discs}")]
    TooManyDiscs {
        /// The engine asked for.
        engine: Engine,
        /// The most discs it takes.
        max: usize,
        /// The discs asked for.
        n_discs: usize,
    },
    /// Windows of a table's width that cannot measure this many discs.
    #[error("windows of {window} discs measure {} to {} discs, not {n_discs}", window + 1, window + 4)]
    WindowWidth {
        /// The table's discs.
        window: usize,
        /// The discs of the search.
        n_discs: usize,
    },
    /// A detour table wider than [`crate::DetourTable::MAX_DISCS`], or one whose width is not
    /// the windows' of the search it is given to.
    #[error("a detour table of {n_discs} discs {reason}")]
    DetourWidth {
        /// The detour table's discs.
        n_discs: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The search met its memory budget before the goal.
    #[error(
        "the search gave up after {states} states on a {n_discs}-disc case (its memory budget); \
         a wider saved table helps (hanoi4 table build)"
    )]
    BudgetExhausted {
        /// States generated.
        states: u64,
        /// The discs of the case.
        n_discs: usize,
    },
    /// A table that would not fit in the memory this process may take (the smallest of
    /// `MemAvailable`, the memory cgroup's room and `ulimit -v`'s), refused before allocating.
    #[error("the {what} {refusal}")]
    Memory {
        /// The table: `19-disc goal table`.
        what: String,
        /// The figures and the limit that decides.
        refusal: memory::Refusal,
    },
    /// A table the allocator refused although it was admitted (or its check was skipped with
    /// `--ignore-memory-limits`): nothing was searched.
    #[error(
        "the {what} could not be allocated: the system refused {:.2} GiB (ulimit -v, the memory cgroup, or too little memory left)",
        *bytes as f64 / f64::from(1 << 30)
    )]
    OutOfMemory {
        /// The table: `19-disc goal table`.
        what: String,
        /// The bytes asked for.
        bytes: u64,
    },
    /// A table file or folder that cannot be read or written.
    #[error("{}: {source}", path.display())]
    TableIo {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A table file whose contents are not a table this crate wrote, or not the one expected.
    #[error("{}: not a usable table: {reason}", path.display())]
    CorruptTable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Saving would replace a file that the caller did not ask to replace.
    #[error("{}: a file is already there (refusing to replace it)", path.display())]
    TableExists {
        /// The file.
        path: PathBuf,
    },
    /// A search on disk that could not run or go on ([`crate::GoalTable::build_on_disk`]).
    #[error(transparent)]
    Disk(#[from] statespace_disk::DiskError),
    /// The search spread over a cluster stopped ([`crate::GoalTable::spread_search`]).
    #[cfg(feature = "cluster")]
    #[error(transparent)]
    Cluster(#[from] statespace_timely::Error),
}

impl SolveError {
    /// The levels of a whole-space search of `n_discs` checked before anyone reads them: they
    /// add up to the `4^n_discs` configurations.
    ///
    /// # Errors
    /// [`SolveError::LevelsDoNotAddUp`] when they do not.
    pub fn check_levels(n_discs: usize, levels: &statespace::Levels) -> Result<(), SolveError> {
        let expected = 1u64 << (2 * n_discs);
        let reached = levels.reached();
        if reached == expected {
            Ok(())
        } else {
            Err(SolveError::LevelsDoNotAddUp {
                n_discs,
                reached,
                expected,
            })
        }
    }

    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> Self {
        let path = path.into();
        move |source| SolveError::TableIo { path, source }
    }
}

impl SolveError {
    /// Refuses disc counts outside `1..=max` for `engine` (its own limit, or a narrower one of
    /// a table or a search).
    pub(crate) fn check_discs(engine: Engine, max: usize, n_discs: usize) -> Result<(), Self> {
        if (1..=max).contains(&n_discs) {
            Ok(())
        } else {
            Err(SolveError::TooManyDiscs {
                engine,
                max,
                n_discs,
            })
        }
    }
}
