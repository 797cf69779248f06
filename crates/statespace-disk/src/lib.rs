//! The two-bit full-space search of [`statespace`] with its table of codes in a file instead of
//! memory: for spaces whose table is larger than memory, and runs that must survive a kill.
//!
//! ```
//! use statespace::{TwoBitSearch, from_fn};
//! use statespace_disk::RunOnDisk;
//!
//! let ring = from_fn(|s, visit| {
//!     visit((s + 1) % 1000);
//!     visit((s + 999) % 1000);
//! });
//! let dir = std::env::temp_dir().join(format!("two-bit-doc-{}", std::process::id()));
//! let (table, levels) = TwoBitSearch::new(&ring, 1000).sources([0]).run_on_disk(&dir, "ring")?;
//! assert!(table.is_in_store());
//! assert_eq!(levels.max_distance(), 500);
//! assert_eq!(table.code(400), Some(1)); // 400 mod 3
//! // Run again, the finished search answers from its folder.
//! let (_, again) = TwoBitSearch::new(&ring, 1000).sources([0]).run_on_disk(&dir, "ring")?;
//! assert_eq!(again.sizes(), levels.sizes());
//! # drop(table);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), statespace_disk::DiskError>(())
//! ```
//!
//! # The folder
//! - `table.2bit`: the codes, laid out as [`TwoBitTable::words`] lays them out (little-endian
//!   words of 32 states), mapped into memory privately: the search's changes stay in memory
//!   until the search writes them to the file itself, a page (4 KiB) only if it changed, when
//!   the changed pages outgrow their budget (those of the segment used longest ago) and at
//!   each checkpoint. A thread about to expand a segment, or apply its mail, asks the kernel
//!   to read the whole segment at once, and a few segments ahead; the pages read are the
//!   kernel's to drop. The search writes a word only when it reaches new states in it, and
//!   mails the successors outside the segment a thread holds to the next level, which writes
//!   a segment's mail as it claims the segment, before expanding it: a level passes over the
//!   table once. Levels claim segments in alternate directions, so that each starts among the
//!   segments the last one left in memory.
//! - `mail/`: the mail a level sends to the next, when a thread's outgrows what it keeps in
//!   memory (the threads share a quarter of what the process may take): sorted by segment,
//!   repeats dropped, gaps written in a few bytes each, in runs that the next level reads a
//!   segment at a time, each segment's piece checked by a CRC-32 first. A level whose mail went to runs starts
//!   with a checkpoint that lists them; the runs before it are then removed.
//! - `checkpoint`: the state of the search at the start of a level: the search's key and
//!   length, the depth, the level sizes so far, the blocks the level expands (a bit per 64
//!   states), its mail kept in memory and the runs of it in `mail/`. Written whole or not at
//!   all (a temporary file renamed), checked by a CRC-32 on load.
//! - `undo`: since the last checkpoint, for each page of the table (4 KiB, 2^14 states) that
//!   the search wrote into, which of its states were unreached before the first write (a bit
//!   each), taken before that first write by the one thread allowed to write the page. Each
//!   record has a sequence number, the checkpoint's depth and a CRC-32; the log's header
//!   names the search and counts the records *committed*: written and synced before any
//!   changed page of the table is written to its file. A run that resumes checks the log
//!   whole (reading it through once before it changes anything), makes those states
//!   unreached again, writing the pages back as they outgrow the memory's plan, which puts
//!   the table as it was at the checkpoint (the states reached before it are never written
//!   again), and goes on from there. A log that is missing, cut short, damaged or another
//!   search's is refused ([`DiskError::Damaged`]): the table is never searched from a state
//!   that is neither the checkpoint's nor wholly undone.
//!
//! A checkpoint is taken at the start, at the end, and before a level once the log has grown
//! past half the table, or when the disk has less room left than that (what a level may add
//! to the log: half a page for each page it writes into). A checkpoint writes every changed
//! page back and a page's first write after it is logged again, so the fewer the better: the
//! folder needs the table and half of it more for a checkpoint every few levels, and an
//! eighth more at least (it is refused with less), for one every level.
//!
//! What survives: a process killed at any moment, and a machine that loses power. The order
//! of durability makes both the same: the log's records reach the disk (`fdatasync`) before
//! any page they protect is written to the table's file (the table is mapped privately, so
//! the kernel never writes a page on its own), and a checkpoint syncs the table's file before
//! its own file is written whole, synced and renamed. A kill or a power cut then leaves the
//! table as the checkpoint had it, plus pages each of which has a committed record; the log
//! takes them back. What the folder cannot survive is a file changed by someone else: a log
//! or a run of mail removed, cut or with a byte changed is refused, never trusted (the
//! search must then be started again in an empty folder).
//!
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

mod checkpoint;
mod error;
mod plan;
mod private;
mod resident;
mod spill;
mod undo;
mod words;

use checkpoint::{CHECKPOINT_FILE, Checkpoint};
pub use error::DiskError;
use plan::MemoryPlan;
use private::{PAGE_SHIFT, Private};
use resident::Resident;
use spill::{Spill, SpillError};
use undo::Undo;
pub use words::WordFile;
use words::{fill, free_bytes};

use statespace::backend::{LevelStart, Resume, TableStore};
use statespace::block::compress_fields;
use statespace::{Levels, Space, TableAllocError, TwoBitSearch, TwoBitTable, Weight};

/// The file of codes in a search's folder.
const TABLE_FILE: &str = "table.2bit";
/// The undo log in a search's folder.
const UNDO_FILE: &str = "undo";

/// log2 of the words of the undo log's unit, a page of 4 KiB (2^14 states): only the pages
/// that a level writes new states into are saved.
const PAGE_WORDS_SHIFT: u32 = 9;

/// The undo log's size that calls for a checkpoint, at least (half the table otherwise); in
/// the tests, a checkpoint every level or two.
#[cfg(not(test))]
const MIN_CHECKPOINT_BYTES: u64 = 1 << 20;
#[cfg(test)]
const MIN_CHECKPOINT_BYTES: u64 = 1;

/// The bytes free on the disk of `dir` (in the tests, what a test says the disk has left).
fn room_left(dir: &Path) -> Option<u64> {
    #[cfg(test)]
    if let Some(free) = hooks::hooks(dir).free {
        return Some(free);
    }
    free_bytes(dir)
}

/// `source` on `path` as a [`DiskError`]: [`DiskError::Full`] when the disk is full.
fn io_error(path: &Path, dir: &Path, needed: u64, source: io::Error) -> DiskError {
    if source.kind() == io::ErrorKind::StorageFull {
        DiskError::Full {
            dir: dir.to_path_buf(),
            needed,
        }
    } else {
        DiskError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A search's folder while it runs: the engine asks it to save segments before their first
/// write since the checkpoint, and to take checkpoints between levels.
struct DiskStore {
    table: Private,
    /// The segments entered by the search, the least recently used first: when their pages
    /// are more than [`DiskStore::most_pages`], the segment used longest ago that no thread
    /// holds is written back and let go.
    resident: Resident,
    /// log2 of the words of a segment of the engine.
    segment_shift: u32,
    /// Whether segments are whole pages (all but the smallest tables): a segment entered is
    /// made the process's own copies at once ([`Private::own`]), all its pages are counted,
    /// and all are let go with it; otherwise only the pages changed are counted and let go.
    owns: bool,
    /// The most pages of the table's copies in memory: those of the segments entered, or
    /// those changed and not yet written back.
    most_pages: u64,
    dir: PathBuf,
    key: String,
    len: u64,
    /// log2 of the words of a page: the unit of the undo log, no larger than a segment of the
    /// engine (whose words only one thread writes at a time).
    words_shift: u32,
    /// A bit per page: saved in the undo log since the checkpoint.
    saved: Vec<AtomicU64>,
    undo: Mutex<Undo>,
    /// The undo log's size that calls for a checkpoint.
    every: u64,
    /// The first error of a save, which stops the search.
    failure: Mutex<Option<DiskError>>,
    /// How many checkpoints were written in this run.
    checkpoints: AtomicU64,
    /// The mail between levels kept on disk, and how many pairs of it a thread keeps in memory
    /// before it hands them over.
    spill: Spill,
    spill_at: usize,
}

/// The payload of the unwinding that stops the engine when a save fails (the error itself is
/// kept in [`DiskStore::failure`]).
struct SaveFailed;

impl DiskStore {
    /// The bytes of the table's file.
    fn table_bytes(len: u64) -> u64 {
        len.div_ceil(32) * 8
    }

    /// Opens `dir` for the search `key` of `len` states: the table mapped, and where to start
    /// (a checkpoint, the log applied), or a new table of unreached states when the folder
    /// holds no checkpoint.
    fn open(
        dir: &Path,
        key: &str,
        len: u64,
        exclusive_words: u64,
        threads: usize,
        memory: Option<u64>,
    ) -> Result<(Self, Option<Resume>), DiskError> {
        let needed = Self::table_bytes(len);
        std::fs::create_dir_all(dir).map_err(|source| io_error(dir, dir, needed, source))?;
        let (resume, runs) = match checkpoint::read(dir, key, len)? {
            Some((resume, runs)) => (Some(resume), runs),
            None => (None, Vec::new()),
        };
        let table_path = dir.join(TABLE_FILE);
        let words =
            usize::try_from(len.div_ceil(32)).map_err(|_| TableAllocError { bytes: needed })?;
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| io_error(&path, dir, needed, source)
        };
        let file = Self::table_file(dir, needed, resume.is_some())?;
        let table = Private::new(&file, words).map_err(io(&table_path))?;
        let plan = MemoryPlan::new(dir, len, threads);
        let most_pages = memory
            .or(plan.pages)
            .map_or(u64::MAX, |bytes| bytes >> (PAGE_SHIFT + 3));
        let undo_path = dir.join(UNDO_FILE);
        let identity = undo::Identity::new(key, len);
        if let Some(resume) = resume.as_ref().filter(|resume| !resume.complete) {
            // The table back as it was at the checkpoint, on the disk, before anything else.
            Self::undo_since(dir, identity, resume.depth, (&table, needed), most_pages)?;
        }
        let words_shift = exclusive_words.trailing_zeros().min(PAGE_WORDS_SHIFT);
        let segments = words.div_ceil(1 << words_shift).max(1);
        let undo = Undo::create(&undo_path, identity, resume.as_ref().map(|r| r.depth))
            .map_err(io(&undo_path))?;
        let segment_shift = exclusive_words.trailing_zeros();
        let segment_count = words.div_ceil(1 << segment_shift).max(1);
        let (spill_at, run_bytes) = (plan.spill_at, plan.run_bytes);
        let spill = Spill::new(dir, segment_shift + 5, len, run_bytes);
        // The runs of mail the checkpoint's level applies, checked; those of other levels
        // removed (a new search removes them all).
        spill
            .restore(resume.as_ref().map_or(0, |r| r.depth), &runs)
            .map_err(|e| spill_error(dir, needed, e))?;
        let disk = Self {
            table,
            resident: Resident::new(segment_count),
            segment_shift,
            owns: segment_shift >= PAGE_SHIFT,
            most_pages,
            dir: dir.to_path_buf(),
            key: key.to_owned(),
            len,
            words_shift,
            saved: (0..segments.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            undo: Mutex::new(undo),
            every: Self::checkpoint_bytes(dir, needed),
            failure: Mutex::new(None),
            checkpoints: AtomicU64::new(0),
            spill,
            spill_at,
        };
        Ok((disk, resume))
    }

    /// The table's file in `dir` for a search of `needed` bytes: made and filled with
    /// unreached states for a new search (after checking the disk has room for it and a
    /// checkpoint's log, counting a table left by a run stopped before its first checkpoint,
    /// which is written over), or checked to have the search's size when `resumed`.
    fn table_file(dir: &Path, needed: u64, resumed: bool) -> Result<File, DiskError> {
        let table_path = dir.join(TABLE_FILE);
        let io = |source| io_error(&table_path, dir, needed, source);
        if !resumed {
            let present = std::fs::metadata(&table_path).map_or(0, |m| m.len());
            if free_bytes(dir).is_some_and(|free| free + present < needed + needed / 8) {
                return Err(DiskError::Full {
                    dir: dir.to_path_buf(),
                    needed,
                });
            }
        }
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&table_path)
            .map_err(io)?;
        if !resumed {
            fill(&file, needed, u64::MAX).map_err(io)?;
        } else {
            let found = file.metadata().map_err(io)?.len();
            if found != needed {
                return Err(DiskError::Folder {
                    dir: dir.to_path_buf(),
                    what: format!(
                        "{TABLE_FILE} has {found} bytes where the checkpoint's search has {needed}"
                    ),
                });
            }
        }
        Ok(file)
    }

    /// Puts `table` (of `needed` bytes) back as it was at the checkpoint of level `depth`, by
    /// the folder's undo log, on the disk: its changed pages written back as they outgrow
    /// `most_pages`, and all of them let go at the end (copies kept would take memory no plan
    /// counts). A log that cannot be trusted stops here, the table's file untouched.
    fn undo_since(
        dir: &Path,
        identity: undo::Identity,
        depth: u64,
        (table, needed): (&Private, u64),
        most_pages: u64,
    ) -> Result<(), DiskError> {
        let undo_path = dir.join(UNDO_FILE);
        undo::apply(&undo_path, identity, depth, table, most_pages).map_err(
            |refusal| match refusal {
                undo::Refusal::Io(source) => io_error(&undo_path, dir, needed, source),
                undo::Refusal::Damaged(what) => DiskError::Damaged {
                    path: undo_path.clone(),
                    what: format!("the undo log {what}"),
                },
            },
        )?;
        let table_path = dir.join(TABLE_FILE);
        table
            .write_back(0, table.words().len())
            .and_then(|()| table.flush())
            .map_err(|source| io_error(&table_path, dir, needed, source))
    }

    /// The undo log's size that calls for a checkpoint: half the table's `needed` bytes (in
    /// the tests, what the test says, or a checkpoint every level).
    fn checkpoint_bytes(dir: &Path, needed: u64) -> u64 {
        #[cfg(test)]
        if let Some(every) = hooks::hooks(dir).every {
            return every;
        }
        let _ = dir;
        (needed / 2).max(MIN_CHECKPOINT_BYTES)
    }

    /// Saves the page of `word` in the undo log unless it was saved since the checkpoint:
    /// called by the one thread allowed to write the word, before it writes.
    #[inline(always)]
    fn save_before_write(&self, word: usize) {
        let page = word >> self.words_shift;
        let cell = &self.saved[page / 64];
        if cell.load(Ordering::Relaxed) >> (page % 64) & 1 == 0 {
            self.save(page);
        }
    }

    /// Writes the pre-image of `page` to the undo log (the calling thread is the only one
    /// that may write it), or stops the search when that fails.
    #[cold]
    #[inline(never)]
    fn save(&self, page: usize) {
        let mapped = &self.table;
        let words = mapped.words;
        let start = (page << self.words_shift).min(words);
        let end = ((page + 1) << self.words_shift).min(words);
        // What a rollback needs of the page: which states were unreached (a bit each, half
        // the codes; those reached before the checkpoint are not written again).
        let unseen = mapped.words()[start..end].iter().map(|word| {
            let codes = word.load(Ordering::Relaxed);
            compress_fields(codes & codes >> 1) as u32
        });
        let written = self
            .undo
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(start as u64, unseen);
        if let Err(source) = written {
            self.fail_io(UNDO_FILE, source);
        }
        self.saved[page / 64].fetch_or(1 << (page % 64), Ordering::Relaxed);
    }

    /// Commits the undo log's records ([`Undo::commit`]): before any page of the table is
    /// written to its file.
    fn commit_undo(&self) -> io::Result<()> {
        self.undo.lock().unwrap_or_else(|e| e.into_inner()).commit()
    }

    /// [`DiskStore::fail`] with the error of the folder's file `file`.
    fn fail_io(&self, file: &str, source: io::Error) -> ! {
        let path = self.dir.join(file);
        self.fail(io_error(
            &path,
            &self.dir,
            Self::table_bytes(self.len),
            source,
        ))
    }

    /// Keeps the first error and stops the search (without the panic hook's message: the
    /// caller reports the error).
    fn fail(&self, error: DiskError) -> ! {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(error);
        std::panic::resume_unwind(Box::new(SaveFailed))
    }

    /// The error that stopped the search, if a save failed.
    fn take_failure(&self) -> Option<DiskError> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// Whether the log has grown enough to be worth a checkpoint (or none was taken yet), or
    /// the disk has less room left than the log may take in a level (half the table: the
    /// checkpoint empties the log).
    fn wants_checkpoint(&self) -> bool {
        self.checkpoints.load(Ordering::Relaxed) == 0
            || self.undo.lock().unwrap_or_else(|e| e.into_inner()).bytes >= self.every
            || room_left(&self.dir).is_some_and(|free| free < self.every)
    }

    /// Takes the checkpoint of level `depth`: the table written back, then the checkpoint
    /// file, then the log emptied. Called between levels, when no thread writes.
    fn checkpoint(
        &self,
        depth: u64,
        sizes: &[u64],
        dirty: &[AtomicU64],
        mail: &[&[(u64, u64)]],
        complete: bool,
    ) -> Result<(), DiskError> {
        let needed = Self::table_bytes(self.len);
        let undo_path = self.dir.join(UNDO_FILE);
        self.commit_undo()
            .map_err(|source| io_error(&undo_path, &self.dir, needed, source))?;
        // The table's changes on the disk before the checkpoint says so (synced: a power cut
        // after the checkpoint's rename finds them there).
        let table_path = self.dir.join(TABLE_FILE);
        self.table
            .flush()
            .map_err(|source| io_error(&table_path, &self.dir, needed, source))?;
        let path = self.dir.join(CHECKPOINT_FILE);
        let runs = self.spill.records(depth);
        let checkpoint = Checkpoint {
            key: &self.key,
            len: self.len,
            depth,
            complete,
            sizes,
            dirty,
            mail,
            runs: &runs,
        };
        checkpoint
            .write(&path)
            .map_err(|source| io_error(&path, &self.dir, needed, source))?;
        self.undo
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .restart(depth)
            .map_err(|source| io_error(&undo_path, &self.dir, needed, source))?;
        for cell in &self.saved {
            cell.store(0, Ordering::Relaxed);
        }
        self.checkpoints.fetch_add(1, Ordering::Relaxed);
        // The runs of mail only checkpoints before this one listed.
        self.spill
            .checkpointed(depth, complete)
            .map_err(|e| spill_error(&self.dir, needed, e))?;
        #[cfg(test)]
        hooks::checkpoint_taken(&self.dir, depth);
        Ok(())
    }
}

impl TableStore for DiskStore {
    fn words(&self) -> &[AtomicU64] {
        self.table.words()
    }

    #[inline]
    fn before_write(&self, word: usize) {
        self.save_before_write(word);
        self.table.mark(word);
    }

    fn enter(&self, start: usize, end: usize) {
        let shift = self.segment_shift;
        let table = &self.table;
        let owns = self.owns;
        let segment_pages = 1u64 << shift.saturating_sub(PAGE_SHIFT);
        let entered = self.resident.enter(
            start >> shift,
            |segments| {
                if owns {
                    segments as u64 * segment_pages > self.most_pages
                } else {
                    table.changed_pages() > self.most_pages
                }
            },
            |segment| {
                self.commit_undo().map_err(|e| (UNDO_FILE, e))?;
                let (start, end) = (segment << shift, (segment + 1) << shift);
                let written = if owns {
                    table.write_back(start, end)
                } else {
                    table.write_back_changed(start, end)
                };
                written.map_err(|e| (TABLE_FILE, e))
            },
        );
        let new = match entered {
            Ok(new) => new,
            Err((file, source)) => self.fail_io(file, source),
        };
        if new || !owns {
            // Read at once (if the prefetch has not done so already): a request for the lot,
            // where the faults of its first touches would read a page at a time.
            table.will_need(start, end);
            if owns {
                table.own(start, end);
            }
        }
    }

    fn prefetch(&self, start: usize, end: usize) {
        self.table.will_need(start, end);
    }

    fn done_with(&self, start: usize, _end: usize) {
        self.resident.leave(start >> self.segment_shift);
    }

    fn spill_at(&self) -> Option<usize> {
        Some(self.spill_at)
    }

    fn spill(&self, thread: usize, mail: &mut Vec<(u64, u64)>) {
        if let Err(error) = self.spill.take(thread, mail) {
            self.fail(spill_error(&self.dir, Self::table_bytes(self.len), error));
        }
    }

    fn spilled_any(&self) -> bool {
        self.spill.spilled_any()
    }

    fn has_spilled(&self, start: usize, _end: usize) -> bool {
        self.spill.has(start)
    }

    fn spilled(&self, start: usize, _end: usize, visit: &mut dyn FnMut(u64, u64)) {
        if let Err(error) = self.spill.visit(start, visit) {
            self.fail(spill_error(&self.dir, Self::table_bytes(self.len), error));
        }
    }

    fn level_start(&self, level: &LevelStart<'_>) {
        // The last level's mail all in runs, synced, before a checkpoint lists them; a level
        // that applies runs takes a checkpoint, so that the runs before are removed.
        if let Err(error) = self.spill.level_start(level.depth) {
            self.fail(spill_error(&self.dir, Self::table_bytes(self.len), error));
        }
        let applies_runs = !self.spill.records(level.depth).is_empty();
        if level.complete || applies_runs || self.wants_checkpoint() {
            let written = self.checkpoint(
                level.depth,
                level.sizes,
                level.dirty,
                level.mail,
                level.complete,
            );
            if let Err(error) = written {
                self.fail(error);
            }
        }
    }
}

/// [`TwoBitSearch`] run with its table in a folder: `search.run_on_disk(dir, key)`.
pub trait RunOnDisk: Sized {
    /// [`TwoBitSearch::try_run`] with the table in a file of `dir` (made if missing) instead
    /// of memory, for spaces larger than memory. `key` names the search (the puzzle, its size
    /// and its sources, say): a folder holds one search, and refuses to go on with another.
    ///
    /// A run killed at any moment, run again with the same folder and key, goes on from its
    /// last checkpoint, with the same result (the levels before it are reported to the
    /// progress again); a finished search run again returns its table and levels at once. The
    /// folder needs the table's `len / 4` bytes and an eighth more, or half more for fewer
    /// checkpoints (a checkpoint every level with less); memory holds the
    /// search's bitmaps (`len / 256` bytes), the pages of the table it changed and has not
    /// yet written back (at most half of what the process may take beside its bitmaps and a
    /// quarter of it for the mail between threads: see [`RunOnDisk::run_on_disk_within`]),
    /// the mail (spilled to runs in the folder beyond that quarter), and the pages the kernel
    /// keeps of the file. The
    /// levels are those of the search in memory (see [`TwoBitSearch::run_in`]).
    ///
    /// # Errors
    /// [`DiskError`] when a file of the folder cannot be read or written (a disk without room
    /// for the table among them, [`DiskError::Full`], checked before anything is written),
    /// when the folder holds another search or a damaged checkpoint, or when the search's
    /// bitmaps cannot be allocated.
    ///
    /// # Panics
    /// As [`TwoBitSearch::run`].
    fn run_on_disk(self, dir: &Path, key: &str) -> Result<(TwoBitTable, Levels), DiskError>;

    /// [`RunOnDisk::run_on_disk`] keeping at most `memory` bytes of the table's changed pages
    /// in memory (the search writes back the least recently used segment's pages when there
    /// are more), instead of what [`RunOnDisk::run_on_disk`] plans: for a search that must leave
    /// memory to others. The pages read and not changed are the kernel's, which drops them as
    /// it needs.
    ///
    /// # Errors
    /// As [`RunOnDisk::run_on_disk`].
    fn run_on_disk_within(
        self,
        dir: &Path,
        key: &str,
        memory: u64,
    ) -> Result<(TwoBitTable, Levels), DiskError>;
}

impl<S: Space + Sync, W: Weight, P: FnMut(u32, u64)> RunOnDisk for TwoBitSearch<'_, S, W, P> {
    fn run_on_disk(self, dir: &Path, key: &str) -> Result<(TwoBitTable, Levels), DiskError> {
        run_on_disk(self, dir, key, None)
    }

    fn run_on_disk_within(
        self,
        dir: &Path,
        key: &str,
        memory: u64,
    ) -> Result<(TwoBitTable, Levels), DiskError> {
        run_on_disk(self, dir, key, Some(memory))
    }
}

/// [`RunOnDisk::run_on_disk`] with at most `memory` bytes of changed pages in memory, if given.
fn run_on_disk<S: Space + Sync, W: Weight, P: FnMut(u32, u64)>(
    search: TwoBitSearch<'_, S, W, P>,
    dir: &Path,
    key: &str,
    memory: Option<u64>,
) -> Result<(TwoBitTable, Levels), DiskError> {
    {
        let (store, resume) = DiskStore::open(
            dir,
            key,
            search.len(),
            search.exclusive_words(),
            search.thread_count(),
            memory,
        )?;
        let search = search;
        let store = std::sync::Arc::new(store);
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            search.run_in(Box::new(Shared(store.clone())), resume)
        }));
        match searched {
            Ok(result) => Ok(result?),
            Err(payload) if payload.is::<SaveFailed>() => {
                Err(store.take_failure().expect("a failed save keeps its error"))
            }
            Err(payload) => std::panic::resume_unwind(payload),
        }
    }
}

/// Whether `dir` holds the finished search `key` of `len` states, which
/// [`RunOnDisk::run_on_disk`] then answers at once from the folder; `false` for a folder with
/// no checkpoint (or none at all) and for an unfinished search.
///
/// # Errors
/// [`DiskError`] when the checkpoint cannot be read, is damaged, or belongs to another search.
pub fn finished(dir: &Path, key: &str, len: u64) -> Result<bool, DiskError> {
    Ok(checkpoint::read(dir, key, len)?.is_some_and(|(resume, _)| resume.complete))
}

/// The store, shared between the table that owns it and the caller that reads its failure.
struct Shared(std::sync::Arc<DiskStore>);

impl TableStore for Shared {
    fn words(&self) -> &[AtomicU64] {
        self.0.words()
    }

    #[inline]
    fn before_write(&self, word: usize) {
        self.0.before_write(word);
    }

    fn enter(&self, start: usize, end: usize) {
        self.0.enter(start, end);
    }

    fn prefetch(&self, start: usize, end: usize) {
        self.0.prefetch(start, end);
    }

    fn done_with(&self, start: usize, end: usize) {
        self.0.done_with(start, end);
    }

    fn level_start(&self, level: &LevelStart<'_>) {
        self.0.level_start(level);
    }

    fn spill_at(&self) -> Option<usize> {
        self.0.spill_at()
    }

    fn spill(&self, thread: usize, mail: &mut Vec<(u64, u64)>) {
        self.0.spill(thread, mail);
    }

    fn spilled_any(&self) -> bool {
        self.0.spilled_any()
    }

    fn has_spilled(&self, start: usize, end: usize) -> bool {
        self.0.has_spilled(start, end)
    }

    fn spilled(&self, start: usize, end: usize, visit: &mut dyn FnMut(u64, u64)) {
        self.0.spilled(start, end, visit);
    }
}

/// A [`SpillError`] as a [`DiskError`].
fn spill_error(dir: &Path, needed: u64, error: SpillError) -> DiskError {
    match error {
        SpillError::Io(path, source) => io_error(&path, dir, needed, source),
        SpillError::Damaged(path, what) => DiskError::Damaged {
            path,
            what: format!("the run of mail {what}"),
        },
    }
}

#[cfg(test)]
mod hooks;
#[cfg(test)]
mod tests;
