//! The search on disk against the search in memory, stopped and killed mid-run and resumed.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use rstest::rstest;

use statespace::{Space, TwoBitSearch, TwoBitTable, from_fn};

use crate::{DiskError, RunOnDisk};

/// A folder of its own under the temporary folder, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "statespace-disk-{name}-{}-{}",
            std::process::id(),
            fastrand::u64(..)
        ));
        Self(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Four pegs and `n` discs, disc `i` (the smallest first) the base-4 digit `i`: a move takes
/// the smallest disc of a peg onto a peg whose discs are all larger. Moves of the small discs
/// stay near the state; those of the large ones jump across the table.
fn pegs(n: u32) -> impl Space + Sync {
    from_fn(move |state, visit| {
        let mut top = [n; 4];
        for disc in (0..n).rev() {
            top[(state >> (2 * disc) & 3) as usize] = disc;
        }
        for from in 0..4 {
            let disc = top[from];
            if disc == n {
                continue;
            }
            for to in 0..4 {
                if to != from && top[to] > disc {
                    visit(state ^ ((from ^ to) as u64) << (2 * disc));
                }
            }
        }
    })
}

/// Every `d`-bit string, a move flipping one bit: successors land anywhere in the table.
fn hypercube(d: u32) -> impl Space + Sync {
    from_fn(move |state, visit| {
        for bit in 0..d {
            visit(state ^ 1 << bit);
        }
    })
}

fn words(table: &TwoBitTable) -> Vec<u64> {
    table.words().collect()
}

fn in_memory<S: Space + Sync>(space: &S, len: u64, source: u64) -> (Vec<u64>, Vec<u64>) {
    let (table, levels) = TwoBitSearch::new(space, len).sources([source]).run();
    (words(&table), levels.sizes().to_vec())
}

/// The search on disk, with at most `memory` bytes of changed pages in memory when given.
fn on_disk<S: Space + Sync, P: FnMut(u32, u64)>(
    search: TwoBitSearch<'_, S, u64, P>,
    dir: &std::path::Path,
    key: &str,
    memory: Option<u64>,
) -> Result<(TwoBitTable, statespace::Levels), DiskError> {
    match memory {
        Some(memory) => search.run_on_disk_within(dir, key, memory),
        None => search.run_on_disk(dir, key),
    }
}

/// Two pages of changes in memory at most: segments are written back and read again all the
/// time (the tables here have 4 to 16 pages).
const TINY: Option<u64> = Some(8192);

#[rstest]
#[case::pegs_one_thread(1, false)]
#[case::pegs_two_threads(2, false)]
#[case::hypercube_one_thread(1, true)]
#[case::hypercube_two_threads(2, true)]
fn disk_search_matches_the_search_in_memory(
    #[case] threads: usize,
    #[case] anywhere: bool,
    #[values(None, TINY)] memory: Option<u64>,
) {
    let folder = Folder::new("same");
    let (expected, found) = if anywhere {
        let space = hypercube(16);
        let expected = in_memory(&space, 1 << 16, 0);
        let search = TwoBitSearch::new(&space, 1 << 16)
            .sources([0])
            .threads(threads);
        let (table, levels) = on_disk(search, &folder.0, "hypercube 16", memory).unwrap();
        (expected, (words(&table), levels.sizes().to_vec()))
    } else {
        let space = pegs(9);
        let expected = in_memory(&space, 1 << 18, 0);
        let search = TwoBitSearch::new(&space, 1 << 18)
            .sources([0])
            .threads(threads);
        let (table, levels) = on_disk(search, &folder.0, "pegs 9", memory).unwrap();
        assert!(table.is_in_store());
        (expected, (words(&table), levels.sizes().to_vec()))
    };
    assert_eq!(found.1, expected.1, "level sizes");
    assert!(found.0 == expected.0, "the codes differ");
    // The table is the folder's file, and a finished search answers from it.
    let file = std::fs::read(folder.0.join(crate::TABLE_FILE)).unwrap();
    let from_file: Vec<u64> = file
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert!(from_file == expected.0, "the file's codes differ");
}

/// A search of `pegs(9)` on disk that stops (a panic, as a kill would) at its `stop`-th
/// successor, then goes on: the same codes and levels as in memory.
#[rstest]
fn a_search_stopped_anywhere_goes_on_to_the_same_result(
    #[values(1, 2)] threads: usize,
    #[values(1_000, 60_000, 150_000, 230_000)] stop: u64,
    #[values(None, TINY)] memory: Option<u64>,
) {
    let len = 1 << 18;
    let expected = in_memory(&pegs(9), len, 0);
    let folder = Folder::new("stopped");
    let calls = AtomicU64::new(0);
    let inner = pegs(9);
    let stopping = from_fn(|state, visit| {
        if calls.fetch_add(1, Ordering::Relaxed) == stop {
            // A kill leaves no message: no panic hook.
            std::panic::resume_unwind(Box::new("stopped"));
        }
        inner.for_each_successor(state, visit);
    });
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let search = TwoBitSearch::new(&stopping, len)
            .sources([0])
            .threads(threads);
        on_disk(search, &folder.0, "pegs 9", memory)
    }));
    assert!(stopped.is_err(), "the search stopped");
    let mut reported = Vec::new();
    let space = pegs(9);
    let search = TwoBitSearch::new(&space, len)
        .sources([0])
        .threads(threads)
        .progress(|level, size| reported.push((level, size)));
    let (table, levels) = on_disk(search, &folder.0, "pegs 9", memory).unwrap();
    assert_eq!(levels.sizes(), expected.1);
    assert!(words(&table) == expected.0, "the codes differ");
    // Every level reported once, those before the checkpoint again on resuming.
    let levels_reported: Vec<u64> = reported.iter().map(|&(_, size)| size).collect();
    assert_eq!(levels_reported, expected.1);
}

/// The child of [`a_killed_process_goes_on_to_the_same_result`]: a search that aborts the
/// process (no unwinding, nothing flushed) at a successor, when the variable says so.
#[test]
fn child_aborted_mid_search() {
    let Ok(dir) = std::env::var("STATESPACE_DISK_ABORT_DIR") else {
        return;
    };
    let stop: u64 = std::env::var("STATESPACE_DISK_ABORT_AT")
        .unwrap()
        .parse()
        .unwrap();
    let calls = AtomicU64::new(0);
    let inner = pegs(9);
    let aborting = from_fn(|state, visit| {
        if calls.fetch_add(1, Ordering::Relaxed) == stop {
            std::process::abort();
        }
        inner.for_each_successor(state, visit);
    });
    // Pages written back all the time: the file holds changes made since the checkpoint.
    let search = TwoBitSearch::new(&aborting, 1 << 18)
        .sources([0])
        .threads(2);
    let _ = on_disk(search, std::path::Path::new(&dir), "pegs 9", TINY);
}

#[test]
fn a_killed_process_goes_on_to_the_same_result() {
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    for stop in [90_000, 200_000] {
        let folder = Folder::new("killed");
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "tests::child_aborted_mid_search"])
            .env("STATESPACE_DISK_ABORT_DIR", &folder.0)
            .env("STATESPACE_DISK_ABORT_AT", stop.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(!status.success(), "the child was aborted");
        assert!(folder.0.join(crate::CHECKPOINT_FILE).exists());
        let (table, levels) = TwoBitSearch::new(&pegs(9), 1 << 18)
            .sources([0])
            .threads(2)
            .run_on_disk(&folder.0, "pegs 9")
            .unwrap();
        assert_eq!(levels.sizes(), expected.1);
        assert!(words(&table) == expected.0, "the codes differ");
    }
}

/// A ring of 5000 states, a move to either neighbour.
fn ring() -> impl Space + Sync {
    from_fn(|s, visit| {
        visit((s + 1) % 5000);
        visit((s + 4999) % 5000);
    })
}

#[test]
fn a_folder_holds_one_search() {
    let folder = Folder::new("other");
    let ring = ring();
    TwoBitSearch::new(&ring, 5000)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    let error = TwoBitSearch::new(&ring, 5000)
        .sources([0])
        .run_on_disk(&folder.0, "another ring")
        .unwrap_err();
    assert!(matches!(error, DiskError::Folder { .. }), "{error}");
    assert!(
        error.to_string().contains("holds the search \"ring\""),
        "{error}"
    );
    // A damaged checkpoint is refused, not trusted.
    let path = folder.0.join(crate::CHECKPOINT_FILE);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let error = TwoBitSearch::new(&ring, 5000)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap_err();
    assert!(error.to_string().contains("damaged"), "{error}");
}

#[test]
fn a_checkpoint_of_the_first_version_is_read() {
    let folder = Folder::new("version");
    let ring = ring();
    let (_, levels) = TwoBitSearch::new(&ring, 5000)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    // Version 1: no count of mail among the header's words, nor any mail.
    let path = folder.0.join(crate::CHECKPOINT_FILE);
    let mut bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[8..12], 2u32.to_le_bytes());
    assert_eq!(
        bytes[16 + 48..16 + 56],
        [0; 8],
        "a finished search has no mail"
    );
    bytes.drain(16 + 48..16 + 56);
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    let sum = crc32fast::hash(&bytes[16..]);
    bytes[12..16].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&path, bytes).unwrap();
    assert!(crate::finished(&folder.0, "ring", 5000).unwrap());
    let (_, again) = TwoBitSearch::new(&ring, 5000)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    assert_eq!(again.sizes(), levels.sizes());
}
