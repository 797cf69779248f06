//! Checkpoints: each worker's slice of the two-bit table at a level boundary, one file a worker
//! and level, written under a temporary name, synced, then renamed, so a file that exists is
//! complete.
//!
//! A file holds, all little-endian `u64`: the magic `STBFSCK2`, the space's fingerprint, the
//! number of workers, this worker's number, log2 of the segments dealt round the workers and
//! the number of ranks of its slice, the number of levels `L` so far, `L` level sizes, `2L` traffic counts, the CRC-32 of
//! the words, then the slice's words (32 states each).

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use atomic_file::AtomicFile;

use crate::error::Error;
use crate::report::Traffic;

const MAGIC: &[u8; 8] = b"STBFSCK2";

/// What a worker saved beside its slice: the levels so far.
pub(crate) struct Snapshot {
    pub sizes: Vec<u64>,
    pub traffic: Vec<Traffic>,
}

/// Who a checkpoint belongs to; a file must match all of it to be loaded.
#[derive(Clone, Copy)]
pub(crate) struct Owner {
    pub fingerprint: u64,
    pub peers: usize,
    pub index: usize,
    pub segment_shift: u32,
    pub len: u64,
}

impl Owner {
    fn prefix(&self) -> String {
        format!("w{:04}-of-{:04}-level-", self.index, self.peers)
    }

    /// The file of `level` (the number of the last level the file holds).
    pub fn file(&self, dir: &Path, level: u32) -> PathBuf {
        dir.join(format!("{}{level:05}.bfs", self.prefix()))
    }

    /// The levels this worker has files for in `dir`, in increasing order.
    pub fn levels(&self, dir: &Path) -> Result<Vec<u32>, Error> {
        let io = |source| Error::CheckpointIo {
            path: dir.to_path_buf(),
            source,
        };
        let prefix = self.prefix();
        let mut levels = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let name = entry.map_err(io)?.file_name();
            let Some(name) = name.to_str() else { continue };
            if let Some(level) = name
                .strip_prefix(&prefix)
                .and_then(|rest| rest.strip_suffix(".bfs"))
                .and_then(|level| level.parse().ok())
            {
                levels.push(level);
            }
        }
        levels.sort_unstable();
        Ok(levels)
    }

    /// Writes the levels so far and the slice's `words` as the file of the last level,
    /// atomically.
    pub(crate) fn save(
        &self,
        dir: &Path,
        sizes: &[u64],
        traffic: &[Traffic],
        words: &[u64],
    ) -> Result<(), Error> {
        let level = sizes.len() as u32 - 1;
        let path = self.file(dir, level);
        let io = |source| Error::CheckpointIo {
            path: path.clone(),
            source,
        };
        let mut file = AtomicFile::create(&path, true).map_err(io)?;
        let mut header = vec![
            u64::from_le_bytes(*MAGIC),
            self.fingerprint,
            self.peers as u64,
            self.index as u64,
            u64::from(self.segment_shift),
            self.len,
            sizes.len() as u64,
        ];
        header.extend(sizes);
        header.extend(traffic.iter().flat_map(|t| [t.within, t.between]));
        // The checksum's word, filled in at the commit (its low 4 bytes).
        let checksum_at = 8 * header.len() as u64;
        header.push(0);
        let header: Vec<u8> = header.iter().flat_map(|w| w.to_le_bytes()).collect();
        file.write_plain(&header).map_err(io)?;
        file.write_words(words.iter().copied()).map_err(io)?;
        file.commit(Some(checksum_at)).map_err(io)
    }

    /// Reads the file of `level` into `words` (the slice's codes, read in place: a second copy
    /// of a slice may not fit), checking that it is whole and that it is this worker's.
    pub fn load(&self, dir: &Path, level: u32, words: &mut [u64]) -> Result<Snapshot, Error> {
        let path = self.file(dir, level);
        let mut file = Reader::open(&path)?;
        let levels = self.header(&mut file, level)?;
        let sizes = (0..levels)
            .map(|_| file.next())
            .collect::<Result<Vec<_>, _>>()?;
        let traffic = (0..levels)
            .map(|_| {
                Ok(Traffic {
                    within: file.next()?,
                    between: file.next()?,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let checksum = file.next()?;
        if words.len() as u64 != self.len.div_ceil(32) {
            return Err(file.bad("the slice in memory has another size"));
        }
        let crc = file.words(words)?;
        file.end()?;
        if u64::from(crc) != checksum {
            return Err(file.bad("checksum does not match the contents"));
        }
        Ok(Snapshot { sizes, traffic })
    }

    /// Reads a file's header, checking it is this worker's file of `level`: its number of levels.
    fn header(&self, file: &mut Reader<'_>, level: u32) -> Result<u64, Error> {
        if file.next()? != u64::from_le_bytes(*MAGIC) {
            return Err(file.bad("not a checkpoint of this program"));
        }
        let expected = [
            ("space", self.fingerprint),
            ("number of workers", self.peers as u64),
            ("worker number", self.index as u64),
            ("segment size (log2)", u64::from(self.segment_shift)),
            ("number of ranks", self.len),
        ];
        for (what, value) in expected {
            let found = file.next()?;
            if found != value {
                return Err(file.bad(format!("{what} is {found}, this search has {value}")));
            }
        }
        let levels = file.next()?;
        if levels != u64::from(level) + 1 {
            return Err(file.bad(format!(
                "holds {levels} levels, its name says {}",
                level + 1
            )));
        }
        Ok(levels)
    }

    /// Removes this worker's files of levels below `keep`, and its leftover partial files.
    pub fn prune(&self, dir: &Path, keep: u32) -> Result<(), Error> {
        for level in self.levels(dir)? {
            if level < keep {
                let path = self.file(dir, level);
                std::fs::remove_file(&path)
                    .map_err(|source| Error::CheckpointIo { path, source })?;
            }
        }
        self.remove_leftovers(dir);
        Ok(())
    }

    /// Removes, as far as it can, the partial files of this worker that earlier processes
    /// left when they were killed while writing one.
    pub fn remove_leftovers(&self, dir: &Path) {
        for path in self.leftovers(dir).unwrap_or_default() {
            // Another process may have removed it first: that is fine.
            let _ = std::fs::remove_file(path);
        }
    }

    /// This worker's partial files written by other processes (`<file>.partial-<pid>`, the
    /// pid not this process's): what a process killed in the middle of a write left.
    fn leftovers(&self, dir: &Path) -> Result<Vec<PathBuf>, Error> {
        let io = |source| Error::CheckpointIo {
            path: dir.to_path_buf(),
            source,
        };
        let prefix = self.prefix();
        let mine = format!(".partial-{}", std::process::id());
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let name = entry.map_err(io)?.file_name();
            let Some(name) = name.to_str() else { continue };
            if name.starts_with(&prefix) && name.contains(".bfs.partial-") && !name.ends_with(&mine)
            {
                found.push(dir.join(name));
            }
        }
        Ok(found)
    }
}

/// A checkpoint file being read, and the errors that name it.
struct Reader<'a> {
    path: &'a Path,
    input: BufReader<File>,
}

impl<'a> Reader<'a> {
    /// Opens the file at `path` for reading.
    fn open(path: &'a Path) -> Result<Self, Error> {
        let file = File::open(path).map_err(|source| Error::CheckpointIo {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Self {
            path,
            input: BufReader::with_capacity(1 << 20, file),
        })
    }

    /// The refusal of this file for `reason`.
    fn bad(&self, reason: impl Into<String>) -> Error {
        Error::BadCheckpoint {
            path: self.path.to_path_buf(),
            reason: reason.into(),
        }
    }

    /// The next little-endian word of the file.
    fn next(&mut self) -> Result<u64, Error> {
        let mut bytes = [0; 8];
        self.input
            .read_exact(&mut bytes)
            .map_err(|_| self.bad("cut short"))?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// Fills `words` with the file's next little-endian words, and returns their CRC-32.
    fn words(&mut self, words: &mut [u64]) -> Result<u32, Error> {
        let mut bytes = vec![0u8; 8 << 12];
        let mut hasher = crc32fast::Hasher::new();
        for chunk in words.chunks_mut(1 << 12) {
            let bytes = &mut bytes[..8 * chunk.len()];
            self.input
                .read_exact(bytes)
                .map_err(|_| self.bad("cut short"))?;
            hasher.update(bytes);
            for (word, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *word = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            }
        }
        Ok(hasher.finalize())
    }

    /// Checks that nothing follows what has been read.
    fn end(&mut self) -> Result<(), Error> {
        let mut rest = [0; 1];
        let read = self
            .input
            .read(&mut rest)
            .map_err(|source| Error::CheckpointIo {
                path: self.path.to_path_buf(),
                source,
            })?;
        if read != 0 {
            return Err(self.bad("longer than its slice"));
        }
        Ok(())
    }
}
