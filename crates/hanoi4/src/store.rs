//! [`TableDir`]: a folder of saved goal tables, which the caller opens and passes explicitly.
//! Solving only ever reads from it; writing is [`TableDir::save`], called by whoever wants it.

use std::path::{Path, PathBuf};

use crate::detour::DetourTable;
use crate::error::SolveError;
use crate::goal_table::GoalTable;
use crate::table_file::TableKind;

/// A folder holding saved two-bit tables, one file per kind and disc count: goal tables
/// (`hanoi4-nNN.t2`) and detour tables (`hanoi4-nNN.d2`); and goal tables built on disk, a
/// folder each (`hanoi4-nNN.disk`).
#[derive(Clone, Debug)]
pub struct TableDir {
    dir: PathBuf,
}

impl TableDir {
    /// An existing folder, to read tables from.
    ///
    /// # Errors
    /// [`SolveError::TableIo`] when `dir` is not an existing folder.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Self, SolveError> {
        let dir = dir.into();
        match std::fs::metadata(&dir) {
            Ok(metadata) if metadata.is_dir() => Ok(Self { dir }),
            Ok(_) => Err(SolveError::io(&dir)(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "not a folder",
            ))),
            Err(error) => Err(SolveError::io(&dir)(error)),
        }
    }

    /// A folder to save tables in: created when missing, and checked to be writable (by creating
    /// and removing a small file) *before* any long build starts.
    ///
    /// # Errors
    /// [`SolveError::TableIo`] when the folder cannot be created or written.
    pub fn create(dir: impl Into<PathBuf>) -> Result<Self, SolveError> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir).map_err(SolveError::io(&dir))?;
        let probe = dir.join(format!(".hanoi4-write-check-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(SolveError::io(&dir))?;
        std::fs::remove_file(&probe).map_err(SolveError::io(&probe))?;
        Ok(Self { dir })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Where the table of `n_discs` is (or would be) saved.
    pub fn file(&self, n_discs: usize) -> PathBuf {
        self.dir.join(TableKind::Goal.file_name(n_discs))
    }

    /// Where the table of `n_discs` built on disk is (or would be): a folder
    /// `hanoi4-nNN.disk` ([`GoalTable::build_on_disk`]).
    pub fn disk_folder(&self, n_discs: usize) -> PathBuf {
        self.dir.join(format!("hanoi4-n{n_discs:02}.disk"))
    }

    /// Whether a finished table of `n_discs` built on disk is here.
    pub fn contains_on_disk(&self, n_discs: usize) -> bool {
        GoalTable::is_on_disk(n_discs, &self.disk_folder(n_discs)).unwrap_or(false)
    }

    /// Whether a table of `n_discs` is saved here, as a file or built on disk (its contents
    /// are checked only by [`TableDir::load`]).
    pub fn contains(&self, n_discs: usize) -> bool {
        self.file(n_discs).is_file() || self.contains_on_disk(n_discs)
    }

    /// Loads the table of `n_discs`, checking it (see [`GoalTable::load`]).
    ///
    /// # Errors
    /// As [`GoalTable::load`], and [`SolveError::CorruptTable`] when the file holds a table of
    /// another disc count.
    pub fn load(&self, n_discs: usize) -> Result<GoalTable, SolveError> {
        let path = self.file(n_discs);
        if !path.is_file() && self.contains_on_disk(n_discs) {
            return GoalTable::open_on_disk(n_discs, &self.disk_folder(n_discs));
        }
        let table = GoalTable::load(&path)?;
        let held = table.n_discs();
        holding(path, table, held, n_discs)
    }

    /// Saves `table` under its disc count's name, atomically; an existing file is replaced only
    /// when `replace` is true. Returns the file's path.
    ///
    /// # Errors
    /// As [`GoalTable::save`].
    pub fn save(&self, table: &GoalTable, replace: bool) -> Result<PathBuf, SolveError> {
        let path = self.file(table.n_discs());
        table.save(&path, replace)?;
        Ok(path)
    }

    /// Where the detour table of `n_discs` is (or would be) saved.
    pub fn detour_file(&self, n_discs: usize) -> PathBuf {
        self.dir.join(TableKind::Detour.file_name(n_discs))
    }

    /// Whether a detour table of `n_discs` is saved here.
    pub fn contains_detour(&self, n_discs: usize) -> bool {
        self.detour_file(n_discs).is_file()
    }

    /// Loads the detour table of `n_discs`, checking it (see [`DetourTable::load`]).
    ///
    /// # Errors
    /// As [`DetourTable::load`], and [`SolveError::CorruptTable`] when the file holds a table of
    /// another disc count.
    pub fn load_detour(&self, n_discs: usize) -> Result<DetourTable, SolveError> {
        let path = self.detour_file(n_discs);
        let table = DetourTable::load(&path)?;
        let held = table.n_discs();
        holding(path, table, held, n_discs)
    }

    /// Saves a detour table under its disc count's name, as [`TableDir::save`] does.
    ///
    /// # Errors
    /// As [`DetourTable::save`].
    pub fn save_detour(&self, table: &DetourTable, replace: bool) -> Result<PathBuf, SolveError> {
        let path = self.detour_file(table.n_discs());
        table.save(&path, replace)?;
        Ok(path)
    }
}

/// `table`, read from `path`, when it holds the `n_discs` discs its name promises (`held`).
fn holding<T>(path: PathBuf, table: T, held: usize, n_discs: usize) -> Result<T, SolveError> {
    if held != n_discs {
        return Err(SolveError::CorruptTable {
            path,
            reason: format!("it holds {held} discs, not {n_discs}"),
        });
    }
    Ok(table)
}
