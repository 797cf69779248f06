//! [`DiskError`]: why a search on disk, or a file of words, could not be made or go on.

use std::fmt;
use std::io;
use std::path::PathBuf;

use statespace::TableAllocError;

/// Why a search on disk could not run or go on.
#[derive(Debug)]
pub enum DiskError {
    /// Reading or writing a file of the folder failed.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The disk of the folder is full.
    Full {
        /// The folder.
        dir: PathBuf,
        /// The bytes the table and its log need at least.
        needed: u64,
    },
    /// The folder holds something else: another search's checkpoint, or a damaged one.
    Folder {
        /// The folder.
        dir: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// A file of the folder that a resumed search must trust is missing, cut short, damaged or
    /// another search's: the search refuses to go on rather than answer from it.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        what: String,
    },
    /// The disk has not room for a file of words ([`WordFile`](crate::WordFile)).
    Room {
        /// The file.
        path: PathBuf,
        /// Its bytes.
        needed: u64,
        /// The bytes free for it (those of a file it replaces included).
        free: u64,
    },
    /// The memory of the search's bitmaps was refused.
    Alloc(TableAllocError),
}

impl fmt::Display for DiskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiskError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            DiskError::Full { dir, needed } => write!(
                f,
                "{}: not enough room on the disk: the search needs {:.1} GB there (a {:.1} GB table and an eighth more for its undo log)",
                dir.display(),
                *needed as f64 / 1e9 * 1.125,
                *needed as f64 / 1e9
            ),
            DiskError::Room { path, needed, free } => write!(
                f,
                "{}: not enough room on the disk: the file needs {:.2} GB, {:.2} GB are free",
                path.display(),
                *needed as f64 / 1e9,
                *free as f64 / 1e9
            ),
            DiskError::Folder { dir, what } => write!(f, "{}: {what}", dir.display()),
            DiskError::Damaged { path, what } => write!(
                f,
                "{}: {what}; the search cannot go on from this folder: remove its files (or name another folder) to start again",
                path.display()
            ),
            DiskError::Alloc(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for DiskError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DiskError::Io { source, .. } => Some(source),
            DiskError::Alloc(error) => Some(error),
            _ => None,
        }
    }
}

impl From<TableAllocError> for DiskError {
    fn from(error: TableAllocError) -> Self {
        DiskError::Alloc(error)
    }
}
