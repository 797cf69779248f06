//! What a test says of a folder's disk (its room, when to take a checkpoint), read by the
//! search in place of the real one, and the checkpoints the search took in each folder: the
//! tests' hooks into the search, in no module the search's own modules import back.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a test says of a folder's disk, read by the search in place of the real one.
#[derive(Clone, Copy)]
pub(crate) struct Hooks {
    /// The bytes the undo log may take before the disk is full.
    pub(crate) undo_room: u64,
    /// The bytes free on the disk, if the test says.
    pub(crate) free: Option<u64>,
    /// The undo log's size that calls for a checkpoint, if the test says.
    pub(crate) every: Option<u64>,
    /// The pairs of mail a thread keeps before it spills them, and the bytes of a run, if the
    /// test says.
    pub(crate) spill: Option<(usize, usize)>,
}

impl Default for Hooks {
    fn default() -> Self {
        Self {
            undo_room: u64::MAX,
            free: None,
            every: None,
            spill: None,
        }
    }
}

/// The hooks of each folder a test set them for, and the checkpoints taken in each folder.
static FOLDERS: Mutex<Vec<(PathBuf, Hooks, Vec<u64>)>> = Mutex::new(Vec::new());

fn with_folder<T>(dir: &Path, f: impl FnOnce(&mut (PathBuf, Hooks, Vec<u64>)) -> T) -> T {
    let mut folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
    let index = match folders.iter().position(|(path, ..)| path == dir) {
        Some(index) => index,
        None => {
            folders.push((dir.to_path_buf(), Hooks::default(), Vec::new()));
            folders.len() - 1
        }
    };
    f(&mut folders[index])
}

/// The hooks of `dir` (the defaults: the real disk).
pub(crate) fn hooks(dir: &Path) -> Hooks {
    with_folder(dir, |folder| folder.1)
}

/// A checkpoint of level `depth` was taken in `dir`.
pub(crate) fn checkpoint_taken(dir: &Path, depth: u64) {
    with_folder(dir, |folder| folder.2.push(depth));
}

pub(crate) fn set_hooks(dir: &Path, hooks: Hooks) {
    with_folder(dir, |folder| folder.1 = hooks);
}

/// The depths of the checkpoints taken in `dir` so far, and forgets them.
pub(crate) fn checkpoints(dir: &Path) -> Vec<u64> {
    with_folder(dir, |folder| std::mem::take(&mut folder.2))
}

/// The runs of mail written in each folder (the folder of the search, not its `mail/`).
static RUNS: Mutex<Vec<(PathBuf, u64)>> = Mutex::new(Vec::new());

/// A run of mail was written in `dir`.
pub(crate) fn run_written(dir: &Path) {
    let mut runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    match runs.iter_mut().find(|(path, _)| path == dir) {
        Some((_, count)) => *count += 1,
        None => runs.push((dir.to_path_buf(), 1)),
    }
}

/// How many runs of mail were written in `dir`.
pub(crate) fn runs_written(dir: &Path) -> u64 {
    let runs = RUNS.lock().unwrap_or_else(|e| e.into_inner());
    runs.iter()
        .find(|(path, _)| path == dir)
        .map_or(0, |&(_, count)| count)
}
