//! [`Spill`]: the mail between levels kept in files of the folder's `mail/` instead of memory.
//!
//! A thread's mail (states of the next level, in segments it does not hold) is handed over in
//! batches: each batch is cut by segment, sorted, its repeats dropped, and appended to the
//! thread's chunk for each segment as a sub-run (a count, the first state's offset in the
//! segment, then the gaps, all LEB128). When a thread's chunks hold more than the budget, they
//! are written out as a *run* in the file `mail/DEPTH.THREAD`: the chunks one after another in
//! segment order, each but the empty ones after its CRC-32, then the index (the end of each
//! chunk, as little-endian `u32`s) and the CRC-32 of the index. A run is synced and let go
//! from the page cache as soon as it is written; the next level reads a segment's chunk of
//! every run when it claims the segment, and checks it against its CRC-32 first. A checkpoint lists the runs
//! its level applies, with each index's CRC-32: a run missing, cut short or changed is refused,
//! never applied.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// The folder of the runs, in the search's folder.
pub(crate) const MAIL_DIR: &str = "mail";

/// Why the runs could not be read or written.
pub(crate) enum SpillError {
    Io(PathBuf, io::Error),
    /// A run that is not as its checkpoint or its index says: the path and what is wrong.
    Damaged(PathBuf, String),
}

/// What a checkpoint says of a run: enough to find it and check its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RunRecord {
    /// The level that mailed it.
    pub(crate) depth: u64,
    /// The thread that wrote it (its file's name).
    pub(crate) thread: u64,
    /// Where it starts in its file.
    pub(crate) base: u64,
    /// The bytes of its chunks (the index follows them).
    pub(crate) data: u64,
    /// The CRC-32 of its index.
    pub(crate) index_crc: u32,
}

impl RunRecord {
    /// The record as five words of a checkpoint.
    pub(crate) fn words(&self) -> [u64; 5] {
        [
            self.depth,
            self.thread,
            self.base,
            self.data,
            u64::from(self.index_crc),
        ]
    }

    /// The record of five words of a checkpoint.
    pub(crate) fn from_words(words: [u64; 5]) -> Self {
        RunRecord {
            depth: words[0],
            thread: words[1],
            base: words[2],
            data: words[3],
            index_crc: words[4] as u32,
        }
    }
}

/// A run written: its record, and its index in memory.
struct Run {
    record: RunRecord,
    file: Arc<File>,
    /// The end of each segment's chunk (its CRC-32, then its bytes), counted from the run's
    /// start.
    ends: Vec<u32>,
}

impl Run {
    /// The bytes of segment `segment`'s chunk, from the run's start.
    fn chunk(&self, segment: usize) -> (u64, u64) {
        let start = if segment == 0 {
            0
        } else {
            self.ends[segment - 1]
        };
        (u64::from(start), u64::from(self.ends[segment]))
    }
}

/// The words of a piece of mail sorted by word, each once, with the states of all its pairs:
/// a mask with the low bit of each state's two set.
fn words_of(piece: &[(u64, u64)]) -> impl Iterator<Item = (u64, u64)> + '_ {
    const LOW: u64 = 0x5555_5555_5555_5555;
    piece.chunk_by(|a, b| a.0 == b.0).map(|same| {
        let mask = same.iter().fold(0, |mask, &(_, m)| mask | m);
        (same[0].0, (mask | mask >> 1) & LOW)
    })
}

/// A thread's mail not yet written: its sub-runs one after another in one buffer (kept, with
/// its capacity, from run to run: no allocation a segment), each with its segment.
#[derive(Default)]
struct Builder {
    /// The level whose mail it holds.
    depth: u64,
    encoded: Vec<u8>,
    /// Each sub-run's segment, and where it starts and ends in `encoded`.
    pieces: Vec<(usize, usize, usize)>,
}

/// The mail of the levels, in runs on disk.
pub(crate) struct Spill {
    dir: PathBuf,
    /// log2 of the states of a segment, and the number of segments.
    segment_shift: u32,
    segments: usize,
    /// The encoded bytes a thread keeps before it writes a run.
    budget: usize,
    /// The level being expanded: its mail goes to runs of its depth, and it applies those of
    /// the level before.
    current: AtomicU64,
    builders: Mutex<HashMap<usize, Builder>>,
    runs: RwLock<Vec<Run>>,
    files: Mutex<HashMap<(u64, u64), Arc<File>>>,
}

fn push_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The LEB128 number at `*at` of `bytes`, `None` past the end or past 64 bits.
fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(value);
        }
    }
    None
}

/// The name of the file of `thread`'s runs of level `depth`.
fn file_name(depth: u64, thread: u64) -> String {
    format!("{depth}.{thread}")
}

/// The depth of a file of runs, from its name.
fn file_depth(name: &str) -> Option<u64> {
    let (depth, thread) = name.split_once('.')?;
    thread.parse::<u64>().ok()?;
    depth.parse().ok()
}

impl Spill {
    /// The runs of the search in `dir`, whose segments are `2^segment_shift` states, of
    /// `len` states in all, a thread writing a run once its mail takes `budget` bytes.
    pub(crate) fn new(dir: &Path, segment_shift: u32, len: u64, budget: usize) -> Self {
        Spill {
            dir: dir.join(MAIL_DIR),
            segment_shift,
            segments: len.div_ceil(1 << segment_shift).max(1) as usize,
            budget: budget.max(1),
            current: AtomicU64::new(0),
            builders: Mutex::new(HashMap::new()),
            runs: RwLock::new(Vec::new()),
            files: Mutex::new(HashMap::new()),
        }
    }

    fn path(&self, depth: u64, thread: u64) -> PathBuf {
        self.dir.join(file_name(depth, thread))
    }

    /// Takes the runs a checkpoint of level `depth` lists (the mail of the level before), after
    /// checking each one's index, and removes the files of the other levels (runs written
    /// after the checkpoint, or before the level before it).
    pub(crate) fn restore(&self, depth: u64, records: &[RunRecord]) -> Result<(), SpillError> {
        self.current.store(depth, Ordering::Relaxed);
        let mut runs = Vec::with_capacity(records.len());
        for record in records {
            let path = self.path(record.depth, record.thread);
            let damaged = |what: String| SpillError::Damaged(path.clone(), what);
            if record.depth + 1 != depth {
                return Err(damaged(format!(
                    "is listed by the checkpoint of level {depth}, which applies the mail of level {}",
                    depth.saturating_sub(1)
                )));
            }
            let file = match File::options().read(true).append(true).open(&path) {
                Ok(file) => Arc::new(file),
                Err(source) if source.kind() == io::ErrorKind::NotFound => {
                    return Err(damaged("is missing".to_owned()));
                }
                Err(source) => return Err(SpillError::Io(path, source)),
            };
            let index_len = self.segments as u64 * 4 + 4;
            let end = record.base + record.data + index_len;
            let found = file
                .metadata()
                .map_err(|source| SpillError::Io(path.clone(), source))?
                .len();
            if found < end {
                return Err(damaged(format!(
                    "is cut short: {found} bytes, where a run ends at byte {end}"
                )));
            }
            let mut index = vec![0u8; index_len as usize];
            file.read_exact_at(&mut index, record.base + record.data)
                .map_err(|source| SpillError::Io(path.clone(), source))?;
            let (body, sum) = index.split_at(index.len() - 4);
            let sum = u32::from_le_bytes(sum.try_into().expect("4 bytes"));
            if crc32fast::hash(body) != sum || sum != record.index_crc {
                return Err(damaged(format!(
                    "has a damaged index at byte {} (its checksum does not match)",
                    record.base + record.data
                )));
            }
            let ends: Vec<u32> = body
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
                .collect();
            if ends.windows(2).any(|w| w[0] > w[1]) || ends.last() != Some(&(record.data as u32)) {
                return Err(damaged("has an index out of order".to_owned()));
            }
            runs.push(Run {
                record: *record,
                file,
                ends,
            });
        }
        *self.runs.write().unwrap_or_else(|e| e.into_inner()) = runs;
        self.remove_files(|file| file + 1 != depth)
    }

    /// Removes the files of runs whose depth `remove` says, and forgets their runs.
    fn remove_files(&self, remove: impl Fn(u64) -> bool) -> Result<(), SpillError> {
        self.runs
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|run| !remove(run.record.depth));
        self.files
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&(depth, _), _| !remove(depth));
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(source) if source.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(source) => return Err(SpillError::Io(self.dir.clone(), source)),
        };
        for entry in entries {
            let entry = entry.map_err(|source| SpillError::Io(self.dir.clone(), source))?;
            let name = entry.file_name();
            let Some(depth) = name.to_str().and_then(file_depth) else {
                continue;
            };
            if remove(depth) {
                let path = entry.path();
                std::fs::remove_file(&path).map_err(|source| SpillError::Io(path, source))?;
            }
        }
        Ok(())
    }

    /// Level `depth` is about to be expanded: the mail of the level before is written out
    /// whole first (it is then all in runs, which a checkpoint may list).
    pub(crate) fn level_start(&self, depth: u64) -> Result<(), SpillError> {
        let builders: Vec<(usize, Builder)> = self
            .builders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain()
            .collect();
        for (thread, mut builder) in builders {
            if !builder.encoded.is_empty() {
                self.write_run(thread, &mut builder)?;
            }
        }
        self.current.store(depth, Ordering::Relaxed);
        Ok(())
    }

    /// The records of the runs that level `depth` applies (the mail of the level before).
    pub(crate) fn records(&self, depth: u64) -> Vec<RunRecord> {
        self.runs
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter(|run| run.record.depth + 1 == depth)
            .map(|run| run.record)
            .collect()
    }

    /// A checkpoint of level `depth` was taken: the runs of the levels before the one whose
    /// mail it applies are removed (the checkpoint before it needed them; no other does).
    pub(crate) fn checkpointed(&self, depth: u64, complete: bool) -> Result<(), SpillError> {
        if complete {
            return self.remove_files(|_| true);
        }
        self.remove_files(|file| file + 1 < depth)
    }

    /// Whether the level being expanded spilled mail.
    pub(crate) fn spilled_any(&self) -> bool {
        let current = self.current.load(Ordering::Relaxed);
        self.builders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .any(|builder| !builder.encoded.is_empty() && builder.depth == current)
            || self
                .runs
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .iter()
                .any(|run| run.record.depth == current)
    }

    /// Takes thread `thread`'s mail (`mail`, emptied) into its chunks, and writes them as a
    /// run when they outgrow the budget.
    pub(crate) fn take(&self, thread: usize, mail: &mut Vec<(u64, u64)>) -> Result<(), SpillError> {
        let current = self.current.load(Ordering::Relaxed);
        let mut builder = self
            .builders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&thread)
            .unwrap_or_default();
        if !builder.encoded.is_empty() && builder.depth != current {
            // Left by a level that stopped early (a failed search): written as that level's.
            self.write_run(thread, &mut builder)?;
        }
        builder.depth = current;
        self.encode(&mut builder, mail);
        mail.clear();
        let written = if builder.encoded.len() >= self.budget {
            self.write_run(thread, &mut builder)
        } else {
            Ok(())
        };
        self.builders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(thread, builder);
        written
    }

    /// Appends the states of `mail` (sorted here, in place: no memory beside it, however many
    /// states its words hold) to the builder's chunks, a sorted sub-run a segment.
    fn encode(&self, builder: &mut Builder, mail: &mut [(u64, u64)]) {
        let Builder {
            encoded, pieces, ..
        } = builder;
        // By word is by state, and so by segment.
        mail.sort_unstable_by_key(|&(word, _)| word);
        let word_shift = self.segment_shift - 5;
        let mut at = 0;
        while at < mail.len() {
            let segment = (mail[at].0 >> word_shift) as usize;
            let end =
                at + mail[at..].partition_point(|&(word, _)| word >> word_shift == segment as u64);
            let piece = &mail[at..end];
            at = end;
            let before = encoded.len();
            let distinct: u64 = words_of(piece)
                .map(|(_, mask)| u64::from(mask.count_ones()))
                .sum();
            push_varint(encoded, distinct);
            let base = (segment as u64) << self.segment_shift;
            let mut last = None;
            for (word, mut mask) in words_of(piece) {
                while mask != 0 {
                    let state = word << 5 | u64::from(mask.trailing_zeros() / 2);
                    mask &= mask - 1;
                    push_varint(encoded, last.map_or(state - base, |last| state - last));
                    last = Some(state);
                }
            }
            pieces.push((segment, before, encoded.len()));
        }
    }

    /// Writes the builder's sub-runs as a run of its level (a segment's, in the order they came,
    /// make its chunk), and empties it.
    fn write_run(&self, thread: usize, builder: &mut Builder) -> Result<(), SpillError> {
        let depth = builder.depth;
        let path = self.path(depth, thread as u64);
        let io = |source| SpillError::Io(path.clone(), source);
        let file = self.file(depth, thread as u64).map_err(io)?;
        let base = file.metadata().map_err(io)?.len();
        let mut ends = Vec::with_capacity(self.segments);
        let mut end = 0u64;
        let mut out = BufWriter::with_capacity(1 << 20, &*file);
        // By segment, and in the order they came within one.
        builder.pieces.sort_unstable();
        let (pieces, encoded) = (&builder.pieces, &builder.encoded);
        let mut at = 0;
        for segment in 0..self.segments {
            let first = at;
            while at < pieces.len() && pieces[at].0 == segment {
                at += 1;
            }
            let chunk = || pieces[first..at].iter().map(|&(_, a, b)| &encoded[a..b]);
            if at > first {
                let mut crc = crc32fast::Hasher::new();
                chunk().for_each(|piece| crc.update(piece));
                out.write_all(&crc.finalize().to_le_bytes()).map_err(io)?;
                for piece in chunk() {
                    out.write_all(piece).map_err(io)?;
                    end += piece.len() as u64;
                }
                end += 4;
            }
            ends.push(u32::try_from(end).expect("a run's chunks take less than 4 GiB"));
        }
        let mut index = Vec::with_capacity(self.segments * 4 + 4);
        for value in &ends {
            index.extend_from_slice(&value.to_le_bytes());
        }
        let index_crc = crc32fast::hash(&index);
        index.extend_from_slice(&index_crc.to_le_bytes());
        out.write_all(&index).map_err(io)?;
        out.flush().map_err(io)?;
        drop(out);
        // On the disk before a checkpoint lists it, and out of the page cache (the next level
        // reads each chunk once).
        file.sync_data().map_err(io)?;
        // SAFETY: a plain system call on an open descriptor; a failure changes nothing but the
        // memory the page cache takes.
        #[allow(unsafe_code)]
        unsafe {
            libc::posix_fadvise(
                file.as_raw_fd(),
                base as libc::off64_t,
                (end + index.len() as u64) as libc::off64_t,
                libc::POSIX_FADV_DONTNEED,
            );
        }
        self.runs
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .push(Run {
                record: RunRecord {
                    depth,
                    thread: thread as u64,
                    base,
                    data: end,
                    index_crc,
                },
                file,
                ends,
            });
        builder.encoded.clear();
        builder.pieces.clear();
        #[cfg(test)]
        crate::hooks::run_written(self.dir.parent().expect("mail/ is in the search's folder"));
        Ok(())
    }

    /// The file of `thread`'s runs of level `depth`, opened to append.
    fn file(&self, depth: u64, thread: u64) -> io::Result<Arc<File>> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(file) = files.get(&(depth, thread)) {
            return Ok(file.clone());
        }
        std::fs::create_dir_all(&self.dir)?;
        let file = Arc::new(
            File::options()
                .read(true)
                .append(true)
                .create(true)
                .open(self.path(depth, thread))?,
        );
        files.insert((depth, thread), file.clone());
        Ok(file)
    }

    /// Whether the runs the level being expanded applies hold states of the segment of the
    /// words `start..`.
    pub(crate) fn has(&self, start: usize) -> bool {
        let segment = start >> (self.segment_shift - 5);
        let current = self.current.load(Ordering::Relaxed);
        self.runs
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|run| {
                let (a, b) = run.chunk(segment);
                run.record.depth + 1 == current && a < b
            })
    }

    /// Calls `visit` with a word and the low bits of its states, for the states of the
    /// segment of the words `start..` in the runs the level being expanded applies (each
    /// chunk checked first).
    pub(crate) fn visit(
        &self,
        start: usize,
        visit: &mut dyn FnMut(u64, u64),
    ) -> Result<(), SpillError> {
        let shift = self.segment_shift;
        let segment = start >> (shift - 5);
        let base = (segment as u64) << shift;
        let limit = 1u64 << shift;
        let current = self.current.load(Ordering::Relaxed);
        let runs = self.runs.read().unwrap_or_else(|e| e.into_inner());
        let mut bytes = Vec::new();
        for run in runs.iter().filter(|run| run.record.depth + 1 == current) {
            let (a, b) = run.chunk(segment);
            if a == b {
                continue;
            }
            let path = self.path(run.record.depth, run.record.thread);
            bytes.resize((b - a) as usize, 0);
            run.file
                .read_exact_at(&mut bytes, run.record.base + a)
                .map_err(|source| SpillError::Io(path.clone(), source))?;
            let damaged = |what: &str| {
                SpillError::Damaged(
                    path.clone(),
                    format!(
                        "has a damaged chunk at byte {} ({what})",
                        run.record.base + a
                    ),
                )
            };
            let (sum, chunk) = bytes.split_at(4.min(bytes.len()));
            if sum.len() < 4
                || crc32fast::hash(chunk) != u32::from_le_bytes(sum.try_into().expect("4 bytes"))
            {
                return Err(damaged("its checksum does not match"));
            }
            let bytes = chunk;
            let mut at = 0;
            let (mut word, mut mask) = (u64::MAX, 0u64);
            while at < bytes.len() {
                let count = read_varint(bytes, &mut at).ok_or_else(|| damaged("cut short"))?;
                let mut offset = read_varint(bytes, &mut at).ok_or_else(|| damaged("cut short"))?;
                for i in 0..count {
                    if i > 0 {
                        let gap =
                            read_varint(bytes, &mut at).ok_or_else(|| damaged("cut short"))?;
                        offset = offset.saturating_add(gap.max(1));
                    }
                    if offset >= limit {
                        return Err(damaged("a state outside its segment"));
                    }
                    let state = base + offset;
                    if state >> 5 != word {
                        if mask != 0 {
                            visit(word, mask);
                        }
                        (word, mask) = (state >> 5, 0);
                    }
                    mask |= 1 << (2 * (state & 31));
                }
            }
            if mask != 0 {
                visit(word, mask);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
