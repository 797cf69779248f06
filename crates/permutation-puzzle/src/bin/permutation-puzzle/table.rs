//! The search of `god` in memory or on disk, and saved tables.

use std::path::Path;

use judge::cli::Failure;
use permutation_puzzle::{God, Rank, god_with};

/// Searches `rank`'s whole space, in memory or in `disk`.
pub(crate) fn search(
    rank: &Rank,
    threads: usize,
    disk: Option<&Path>,
    file: &Path,
) -> Result<God, Failure> {
    let _ = (disk, file);
    Ok(god_with(rank, threads, |_, _| {})?)
}

/// Saves a table.
pub(crate) fn save(
    path: &Path,
    rank: &Rank,
    table: &statespace::TwoBitTable,
) -> Result<(), Failure> {
    let _ = (path, rank, table);
    Err(Failure::new("--save is not available yet"))
}

/// Loads a table saved for `rank`.
pub(crate) fn load(path: &Path, rank: &Rank) -> Result<statespace::TwoBitTable, Failure> {
    let _ = (path, rank);
    Err(Failure::new("--table is not available yet"))
}
