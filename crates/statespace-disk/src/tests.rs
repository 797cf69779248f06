//! The search on disk against the search in memory, stopped and killed mid-run and resumed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rstest::rstest;

use statespace::{Space, TwoBitSearch, TwoBitTable, from_fn};

use crate::hooks::{Hooks, checkpoints, runs_written, set_hooks};
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

/// The reference, shared with no search of the workspace: a breadth-first search with a queue,
/// its distances mod 3 laid out as the two-bit table lays them out (32 states a word, 3 for
/// unreached), and its level sizes.
fn in_memory<S: Space>(space: &S, len: u64, source: u64) -> (Vec<u64>, Vec<u64>) {
    let mut distance = vec![u32::MAX; len as usize];
    let mut queue = std::collections::VecDeque::from([source]);
    distance[source as usize] = 0;
    let mut sizes = Vec::new();
    while let Some(state) = queue.pop_front() {
        let d = distance[state as usize];
        if sizes.len() <= d as usize {
            sizes.push(0);
        }
        sizes[d as usize] += 1;
        space.for_each_successor(state, |next| {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = d + 1;
                queue.push_back(next);
            }
        });
    }
    let words = (0..len.div_ceil(32))
        .map(|word| {
            (0..32).fold(0u64, |codes, i| {
                let state = word * 32 + i;
                let code = match distance.get(state as usize) {
                    Some(&d) if d != u32::MAX => u64::from(d % 3),
                    _ => 3,
                };
                codes | code << (2 * i)
            })
        })
        .collect();
    (words, sizes)
}

/// The search on disk, with at most `memory` bytes of changed pages in memory when given.
fn on_disk<S: Space + Sync, P: FnMut(u32, u64)>(
    search: TwoBitSearch<'_, S, u64, P>,
    dir: &Path,
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

/// Mail spilled to runs on disk all the time in `dir`: a thread hands over its mail every 4
/// pairs, and writes a run every 256 bytes of it.
fn spill_often(dir: &Path) {
    set_hooks(
        dir,
        Hooks {
            spill: Some((4, 256)),
            ..Hooks::default()
        },
    );
}

#[rstest]
#[case::pegs_one_thread(1, false)]
#[case::pegs_two_threads(2, false)]
#[case::hypercube_one_thread(1, true)]
#[case::hypercube_two_threads(2, true)]
fn disk_search_matches_the_search_in_memory(
    #[case] threads: usize,
    #[case] anywhere: bool,
    #[values(None, TINY)] memory: Option<u64>,
    #[values(false, true)] spill: bool,
) {
    let folder = Folder::new("same");
    if spill {
        spill_often(&folder.0);
    }
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
    if spill && !anywhere {
        // (The hypercube's table is one segment: it has no mail.)
        // (How much of it depends on how the threads meet: at least some.)
        let runs = runs_written(&folder.0);
        assert!(runs > 0, "the mail went through runs ({runs})");
        let left =
            std::fs::read_dir(folder.0.join(crate::spill::MAIL_DIR)).map_or(0, |d| d.count());
        assert_eq!(left, 0, "a finished search keeps no runs");
    }
}

/// A search of `pegs(9)` on disk that stops (a panic, as a kill would) at its `stop`-th
/// successor, then goes on: the same codes and levels as in memory.
#[rstest]
fn a_search_stopped_anywhere_goes_on_to_the_same_result(
    #[values(1, 2)] threads: usize,
    #[values(1_000, 60_000, 150_000, 230_000)] stop: u64,
    #[values(None, TINY)] memory: Option<u64>,
    #[values(false, true)] spill: bool,
) {
    let len = 1 << 18;
    let expected = in_memory(&pegs(9), len, 0);
    let folder = Folder::new("stopped");
    if spill {
        spill_often(&folder.0);
    }
    stop_pegs(&folder.0, stop, threads, memory);
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

/// A search of `pegs(9)` on two threads, with pages written back all the time, that aborts
/// the process (no unwinding, nothing flushed) at successor `STATESPACE_DISK_ABORT_AT`: the
/// child that [`a_killed_process_goes_on_to_the_same_result`] runs.
fn abort_mid_search(dir: &Path, stop: u64) {
    let calls = AtomicU64::new(0);
    let inner = pegs(9);
    let aborting = from_fn(|state, visit| {
        if calls.fetch_add(1, Ordering::Relaxed) == stop {
            std::process::abort();
        }
        inner.for_each_successor(state, visit);
    });
    let search = TwoBitSearch::new(&aborting, 1 << 18)
        .sources([0])
        .threads(2);
    let _ = on_disk(search, dir, "pegs 9", TINY);
    // Not reached when the abort landed: the parent sees a success and fails.
}

/// The folder's checkpoint: its depth, and whether the search is finished.
fn checkpoint_of(dir: &Path, key: &str, len: u64) -> (u64, bool) {
    let (resume, _) = crate::checkpoint::read(dir, key, len)
        .unwrap()
        .expect("a checkpoint");
    (resume.depth, resume.complete)
}

/// The undo log's committed records, counted from its header (bytes 40..48).
fn committed_records(dir: &Path) -> u64 {
    let log = std::fs::read(dir.join(crate::UNDO_FILE)).unwrap();
    u64::from_le_bytes(log[40..48].try_into().unwrap())
}

/// Run by hand it is the parent; run by itself with `STATESPACE_DISK_ABORT_DIR` set, the child
/// that aborts mid-search ([`abort_mid_search`]). The parent asserts that the abort landed
/// (the child died of SIGABRT), that the folder was left mid-search (a checkpoint past level
/// 0, not finished, and an undo log with committed records: pages of the table written since
/// the checkpoint), and that the resumed search gives the queue BFS's codes and levels.
#[test]
fn a_killed_process_goes_on_to_the_same_result() {
    if let Ok(dir) = std::env::var("STATESPACE_DISK_ABORT_DIR") {
        let stop = std::env::var("STATESPACE_DISK_ABORT_AT").unwrap();
        if std::env::var_os("STATESPACE_DISK_SPILL").is_some() {
            spill_often(Path::new(&dir));
        }
        abort_mid_search(Path::new(&dir), stop.parse().unwrap());
        return;
    }
    use std::os::unix::process::ExitStatusExt;
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    for (stop, spill) in [(90_000, false), (200_000, false), (150_000, true)] {
        let folder = Folder::new("killed");
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        if spill {
            // The mail through runs, in the child and in the resume.
            child.env("STATESPACE_DISK_SPILL", "1");
            spill_often(&folder.0);
        }
        let status = child
            .args([
                "--exact",
                "tests::a_killed_process_goes_on_to_the_same_result",
            ])
            .env("STATESPACE_DISK_ABORT_DIR", &folder.0)
            .env("STATESPACE_DISK_ABORT_AT", stop.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert_eq!(
            status.signal(),
            Some(libc::SIGABRT),
            "the child was aborted: {status}"
        );
        let (depth, complete) = checkpoint_of(&folder.0, "pegs 9", 1 << 18);
        assert!(
            depth > 0 && !complete,
            "stopped mid-search, at level {depth}"
        );
        if spill {
            let (_, runs) = crate::checkpoint::read(&folder.0, "pegs 9", 1 << 18)
                .unwrap()
                .expect("a checkpoint");
            assert!(!runs.is_empty(), "the checkpoint lists runs of mail");
        } else {
            assert!(
                committed_records(&folder.0) > 0,
                "pages were written since the checkpoint"
            );
        }
        // A resume, not a restart: it expands only the levels from the checkpoint's on, fewer
        // states than a search from the start.
        let calls = AtomicU64::new(0);
        let inner = pegs(9);
        let counting = from_fn(|state, visit| {
            calls.fetch_add(1, Ordering::Relaxed);
            inner.for_each_successor(state, visit);
        });
        let (table, levels) = TwoBitSearch::new(&counting, 1 << 18)
            .sources([0])
            .threads(2)
            .run_on_disk(&folder.0, "pegs 9")
            .unwrap();
        assert_eq!(levels.sizes(), expected.1);
        assert!(words(&table) == expected.0, "the codes differ");
        let resumed = calls.swap(0, Ordering::Relaxed);
        let fresh = Folder::new("fresh");
        TwoBitSearch::new(&counting, 1 << 18)
            .sources([0])
            .threads(2)
            .run_on_disk(&fresh.0, "pegs 9")
            .unwrap();
        let whole = calls.load(Ordering::Relaxed);
        assert!(
            resumed < whole,
            "resumed at level {depth}: {resumed} expansions, as many as a fresh search's {whole}"
        );
    }
}

/// A search of `pegs(9)` on disk in `dir` that stops (a panic, as a kill would) at its
/// `stop`-th successor; asserts that it stopped.
fn stop_pegs(dir: &Path, stop: u64, threads: usize, memory: Option<u64>) {
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
        let search = TwoBitSearch::new(&stopping, 1 << 18)
            .sources([0])
            .threads(threads);
        on_disk(search, dir, "pegs 9", memory)
    }));
    assert!(stopped.is_err(), "the search stopped");
}

/// A folder of `pegs(9)` left by a search stopped mid-level (a panic, as a kill would) with
/// committed records in its undo log, at least `records`: the first of a few stops that
/// gives one.
fn stopped_with_records(name: &str, records: u64) -> Folder {
    for stop in [150_000, 100_000, 200_000, 60_000, 230_000] {
        let folder = Folder::new(name);
        stop_pegs(&folder.0, stop, 1, TINY);
        let (depth, complete) = checkpoint_of(&folder.0, "pegs 9", 1 << 18);
        if depth > 0 && !complete && committed_records(&folder.0) >= records {
            return folder;
        }
    }
    panic!("no stop left {records} committed records in the undo log");
}

/// The byte offsets where the undo log's records start, read from its layout: a header of 64
/// bytes, then records of 32 + 4 n + 4 bytes for a page of n words (n at bytes 24..32).
fn record_starts(log: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 64;
    while at + 32 <= log.len() {
        let words = u64::from_le_bytes(log[at + 24..at + 32].try_into().unwrap()) as usize;
        starts.push(at);
        at += 32 + 4 * words + 4;
    }
    starts
}

/// How a test damages the undo log between a stop and the resume.
#[derive(Clone, Copy, Debug)]
enum Damage {
    Removed,
    CutAtARecord,
    CutInsideARecord,
    CutInsideTheHeader,
    ByteOfTheMagic,
    ByteOfTheHeader,
    ByteOfARecordsPlace,
    ByteOfARecordsBits,
    ByteOfTheLastCommittedRecord,
}

fn damage(path: &Path, damage: Damage) {
    if let Damage::Removed = damage {
        std::fs::remove_file(path).unwrap();
        return;
    }
    let mut log = std::fs::read(path).unwrap();
    let committed = u64::from_le_bytes(log[40..48].try_into().unwrap()) as usize;
    let starts = record_starts(&log);
    assert!(
        starts.len() >= committed && committed >= 2,
        "{committed} committed records"
    );
    let middle = starts[committed / 2];
    match damage {
        Damage::Removed => unreachable!(),
        Damage::CutAtARecord => log.truncate(middle),
        Damage::CutInsideARecord => log.truncate(middle + 100),
        Damage::CutInsideTheHeader => log.truncate(40),
        Damage::ByteOfTheMagic => log[2] ^= 0x20,
        Damage::ByteOfTheHeader => log[16] ^= 1,
        Damage::ByteOfARecordsPlace => log[middle + 16] ^= 1,
        Damage::ByteOfARecordsBits => log[middle + 40] ^= 0x10,
        Damage::ByteOfTheLastCommittedRecord => log[starts[committed - 1] + 33] ^= 0x80,
    }
    std::fs::write(path, log).unwrap();
}

/// Every way of damaging the undo log of a search stopped mid-level is refused in one line
/// naming the log, and leaves the folder's table and checkpoint as they were; the same folder
/// undamaged resumes from its checkpoint, applying the log's records, to the queue BFS's
/// codes and levels.
#[rstest]
fn a_damaged_undo_log_is_refused(
    #[values(
        Damage::Removed,
        Damage::CutAtARecord,
        Damage::CutInsideARecord,
        Damage::CutInsideTheHeader,
        Damage::ByteOfTheMagic,
        Damage::ByteOfTheHeader,
        Damage::ByteOfARecordsPlace,
        Damage::ByteOfARecordsBits,
        Damage::ByteOfTheLastCommittedRecord
    )]
    how: Damage,
    #[values(None, TINY)] memory: Option<u64>,
) {
    let folder = stopped_with_records("damaged", 2);
    let table_before = std::fs::read(folder.0.join(crate::TABLE_FILE)).unwrap();
    let checkpoint_before = std::fs::read(folder.0.join(crate::CHECKPOINT_FILE)).unwrap();
    let undo = folder.0.join(crate::UNDO_FILE);
    damage(&undo, how);
    // (With TINY, the log's pages would be written back as it is applied: the check comes
    // first.)
    let space = pegs(9);
    let search = TwoBitSearch::new(&space, 1 << 18).sources([0]);
    let refused = on_disk(search, &folder.0, "pegs 9", memory).unwrap_err();
    let message = refused.to_string();
    assert!(
        matches!(refused, DiskError::Damaged { .. }),
        "{how:?}: {message}"
    );
    assert!(
        message.starts_with(&undo.display().to_string()),
        "{message}"
    );
    assert!(
        message.contains("start again") && !message.contains('\n'),
        "{message}"
    );
    let table_after = std::fs::read(folder.0.join(crate::TABLE_FILE)).unwrap();
    assert!(
        table_after == table_before,
        "{how:?}: the table's file changed"
    );
    let checkpoint_after = std::fs::read(folder.0.join(crate::CHECKPOINT_FILE)).unwrap();
    assert!(
        checkpoint_after == checkpoint_before,
        "{how:?}: the checkpoint changed"
    );
}

#[test]
fn an_undamaged_undo_log_is_applied_and_the_search_goes_on() {
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    let folder = stopped_with_records("undamaged", 2);
    let (depth, _) = checkpoint_of(&folder.0, "pegs 9", 1 << 18);
    // The log's records applied to a private mapping of the table, keeping at most
    // `keep_pages` changed pages in memory.
    let file = std::fs::File::options()
        .read(true)
        .write(true)
        .open(folder.0.join(crate::TABLE_FILE))
        .unwrap();
    let apply = |mapped: &crate::private::Private, keep_pages| {
        crate::undo::apply(
            &folder.0.join(crate::UNDO_FILE),
            crate::undo::Identity::new("pegs 9", 1 << 18),
            depth,
            mapped,
            keep_pages,
        )
    };
    // Applied in memory, the mapping then dropped unwritten.
    let mapped = crate::private::Private::new(&file, (1 << 18) / 32).unwrap();
    let applied = apply(&mapped, u64::MAX);
    let applied = match applied {
        Ok(applied) => applied,
        Err(_) => panic!("the undamaged log was refused"),
    };
    assert!(applied.records >= applied.committed && applied.committed >= 2);
    let undone: Vec<u64> = mapped
        .words()
        .iter()
        .map(|w| w.load(Ordering::Relaxed))
        .collect();
    drop(mapped);
    // Applied again with no page kept in memory: written back to the file as it goes, to the
    // same codes.
    let written = crate::private::Private::new(&file, (1 << 18) / 32).unwrap();
    let again = apply(&written, 0);
    assert!(
        matches!(&again, Ok(a) if *a == applied),
        "{:?}",
        again.err()
    );
    assert_eq!(written.changed_pages(), 0, "every page written back");
    drop(written);
    let file_words: Vec<u64> = std::fs::read(folder.0.join(crate::TABLE_FILE))
        .unwrap()
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert!(
        file_words == undone,
        "the file holds the log's records applied"
    );
    let mut reported = Vec::new();
    let (table, levels) = TwoBitSearch::new(&pegs(9), 1 << 18)
        .sources([0])
        .progress(|level, size| reported.push((level, size)))
        .run_on_disk(&folder.0, "pegs 9")
        .unwrap();
    assert_eq!(levels.sizes(), expected.1);
    assert!(words(&table) == expected.0, "the codes differ");
    assert_eq!(reported.len(), expected.1.len());
}

/// A log whose disk fills up mid-search stops the search with [`DiskError::Full`]; with room
/// again, the folder goes on to the queue BFS's result.
#[test]
fn a_full_disk_stops_the_search_and_it_goes_on_with_room() {
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    let folder = Folder::new("full");
    set_hooks(
        &folder.0,
        Hooks {
            undo_room: 20_000,
            ..Hooks::default()
        },
    );
    let full = on_disk(
        TwoBitSearch::new(&pegs(9), 1 << 18).sources([0]),
        &folder.0,
        "pegs 9",
        TINY,
    )
    .unwrap_err();
    assert!(matches!(full, DiskError::Full { .. }), "{full}");
    let (depth, complete) = checkpoint_of(&folder.0, "pegs 9", 1 << 18);
    assert!(!complete, "stopped at level {depth}");
    set_hooks(&folder.0, Hooks::default());
    let (table, levels) = on_disk(
        TwoBitSearch::new(&pegs(9), 1 << 18).sources([0]),
        &folder.0,
        "pegs 9",
        TINY,
    )
    .unwrap();
    assert_eq!(levels.sizes(), expected.1);
    assert!(words(&table) == expected.0, "the codes differ");
}

/// With little room left on the disk, a checkpoint is taken before every level (emptying the
/// log); with room, only at the start and the end (the log never grows to the threshold).
#[rstest]
fn little_room_left_takes_a_checkpoint_every_level(#[values(false, true)] little_room: bool) {
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    let folder = Folder::new("room");
    set_hooks(
        &folder.0,
        Hooks {
            free: Some(if little_room { 0 } else { u64::MAX }),
            every: Some(u64::MAX),
            ..Hooks::default()
        },
    );
    let (_, levels) = on_disk(
        TwoBitSearch::new(&pegs(9), 1 << 18).sources([0]),
        &folder.0,
        "pegs 9",
        None,
    )
    .unwrap();
    assert_eq!(levels.sizes(), expected.1);
    let last = expected.1.len() as u64;
    let taken = checkpoints(&folder.0);
    if little_room {
        assert_eq!(taken, (0..=last).collect::<Vec<_>>());
    } else {
        assert_eq!(taken, [0, last]);
    }
}

/// The states of [`ring`].
const RING: u64 = 400;

/// A ring of [`RING`] states, a move to either neighbour. A search on disk writes a checkpoint at
/// every level: a small ring keeps the levels, and these tests, short.
fn ring() -> impl Space + Sync {
    from_fn(|s, visit| {
        visit((s + 1) % RING);
        visit((s + RING - 1) % RING);
    })
}

#[test]
fn a_folder_holds_one_search() {
    let folder = Folder::new("other");
    let ring = ring();
    TwoBitSearch::new(&ring, RING)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    let error = TwoBitSearch::new(&ring, RING)
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
    let error = TwoBitSearch::new(&ring, RING)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap_err();
    assert!(error.to_string().contains("damaged"), "{error}");
}

/// Checkpoints of the versions before: 1 (no mail) and 2 (mail, no runs).
#[rstest]
fn a_checkpoint_of_an_earlier_version_is_read(#[values(1, 2)] version: u32) {
    let folder = Folder::new("version");
    let ring = ring();
    let (_, levels) = TwoBitSearch::new(&ring, RING)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    // Version 1: no count of mail or of runs among the header's words, nor any mail; version
    // 2: no count of runs.
    let path = folder.0.join(crate::CHECKPOINT_FILE);
    let mut bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[8..12], 3u32.to_le_bytes());
    assert_eq!(
        bytes[16 + 48..16 + 64],
        [0; 16],
        "a finished search has no mail and no runs"
    );
    let from = if version == 1 { 16 + 48 } else { 16 + 56 };
    bytes.drain(from..16 + 64);
    bytes[8..12].copy_from_slice(&version.to_le_bytes());
    let sum = crc32fast::hash(&bytes[16..]);
    bytes[12..16].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&path, bytes).unwrap();
    assert!(crate::finished(&folder.0, "ring", RING).unwrap());
    let (_, again) = TwoBitSearch::new(&ring, RING)
        .sources([0])
        .run_on_disk(&folder.0, "ring")
        .unwrap();
    assert_eq!(again.sizes(), levels.sizes());
}

/// A folder of `pegs(9)` whose mail goes through runs, left by a search stopped mid-level (a
/// panic, as a kill would) with a checkpoint that lists runs: the first of a few stops that
/// gives one, and the runs it lists.
fn stopped_with_runs(name: &str) -> (Folder, Vec<crate::spill::RunRecord>) {
    for stop in [150_000, 100_000, 200_000, 60_000, 230_000] {
        let folder = Folder::new(name);
        spill_often(&folder.0);
        stop_pegs(&folder.0, stop, 2, None);
        let (resume, runs) = crate::checkpoint::read(&folder.0, "pegs 9", 1 << 18)
            .unwrap()
            .expect("a checkpoint");
        if !resume.complete && !runs.is_empty() {
            return (folder, runs);
        }
    }
    panic!("no stop left a checkpoint that lists runs of mail");
}

/// How a test damages a run of mail between a stop and the resume.
#[derive(Clone, Copy, Debug)]
enum RunDamage {
    Removed,
    CutInsideItsChunks,
    CutInsideItsIndex,
    ByteOfAChunk,
    ByteOfItsIndex,
    ByteOfItsIndexChecksum,
}

/// Every way of damaging a run of mail that a checkpoint lists is refused in one line naming
/// the run's file: at once when the run is missing, cut or its index changed, when its chunk
/// is read for a byte of a chunk; the same folder undamaged goes on to the queue BFS's result.
#[rstest]
fn a_damaged_run_of_mail_is_refused(
    #[values(
        RunDamage::Removed,
        RunDamage::CutInsideItsChunks,
        RunDamage::CutInsideItsIndex,
        RunDamage::ByteOfAChunk,
        RunDamage::ByteOfItsIndex,
        RunDamage::ByteOfItsIndexChecksum
    )]
    how: RunDamage,
) {
    let (folder, runs) = stopped_with_runs("run-damaged");
    // The run with the most bytes of chunks, in the middle of the list.
    let run = *runs.iter().max_by_key(|run| run.data).unwrap();
    assert!(run.data >= 8, "a run with chunks: {run:?}");
    let path = folder
        .0
        .join(crate::spill::MAIL_DIR)
        .join(format!("{}.{}", run.depth, run.thread));
    let mut bytes = std::fs::read(&path).unwrap();
    let index = (run.base + run.data) as usize;
    // Four segments of 2^16 states: an index of four ends and its checksum.
    let index_end = index + 4 * 4 + 4;
    match how {
        RunDamage::Removed => {
            std::fs::remove_file(&path).unwrap();
        }
        RunDamage::CutInsideItsChunks => bytes.truncate(run.base as usize + run.data as usize / 2),
        RunDamage::CutInsideItsIndex => bytes.truncate(index + 6),
        RunDamage::ByteOfAChunk => bytes[run.base as usize + run.data as usize / 2] ^= 0x04,
        RunDamage::ByteOfItsIndex => bytes[index + 2] ^= 0x01,
        RunDamage::ByteOfItsIndexChecksum => bytes[index_end - 1] ^= 0x80,
    }
    if !matches!(how, RunDamage::Removed) {
        std::fs::write(&path, &bytes).unwrap();
    }
    let refused = TwoBitSearch::new(&pegs(9), 1 << 18)
        .sources([0])
        .threads(2)
        .run_on_disk(&folder.0, "pegs 9")
        .unwrap_err();
    let message = refused.to_string();
    assert!(
        matches!(refused, DiskError::Damaged { .. }),
        "{how:?}: {message}"
    );
    assert!(
        message.starts_with(&path.display().to_string()) && !message.contains('\n'),
        "{how:?}: {message}"
    );
}

#[test]
fn an_undamaged_run_of_mail_is_applied_and_the_search_goes_on() {
    let expected = in_memory(&pegs(9), 1 << 18, 0);
    let (folder, _) = stopped_with_runs("run-undamaged");
    let (table, levels) = TwoBitSearch::new(&pegs(9), 1 << 18)
        .sources([0])
        .threads(2)
        .run_on_disk(&folder.0, "pegs 9")
        .unwrap();
    assert_eq!(levels.sizes(), expected.1);
    assert!(words(&table) == expected.0, "the codes differ");
}
