//! Words in a file: [`WordFile`], a file of `u64` words mapped into memory as a plain slice,
//! and the mapping, fill and room check that the search's own table shares with it.

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};

use crate::error::DiskError;

/// A file of `u64` words mapped into memory and used as a plain slice (`Deref<Target =
/// [u64]>`): room for words larger than memory, the kernel keeping in memory the pages in use
/// and writing the others back. Scratch, not storage: the file is made anew by
/// [`WordFile::create`] and removed when the `WordFile` is dropped, so a process killed
/// leaves it behind, to be made anew by the next run.
///
/// ```
/// use statespace_disk::WordFile;
///
/// let path = std::env::temp_dir().join(format!("word-file-doc-{}", std::process::id()));
/// let mut words = WordFile::create(&path, 1000, u64::MAX)?;
/// assert!(words.iter().all(|&w| w == u64::MAX));
/// words[999] = 7;
/// assert_eq!(words[999], 7);
/// drop(words);
/// assert!(!path.exists());
/// # Ok::<(), statespace_disk::DiskError>(())
/// ```
pub struct WordFile {
    mapped: Mapped,
    path: PathBuf,
}

impl WordFile {
    /// Makes the file `path` (replacing any file of that name) of `words` words, each `word`,
    /// and maps it.
    ///
    /// # Errors
    /// [`DiskError::Room`] when the disk of `path` has not room for the file (checked before
    /// anything is written, and when the disk fills while it is written; the file is then
    /// removed); [`DiskError::Io`] when the file cannot be made, written or mapped.
    pub fn create(path: impl Into<PathBuf>, words: usize, word: u64) -> Result<Self, DiskError> {
        let path = path.into();
        let bytes = words as u64 * 8;
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let present = std::fs::metadata(&path).map_or(0, |m| m.len());
        if let Some(free) = free_bytes(&dir)
            && free + present < bytes
        {
            return Err(DiskError::Room {
                path,
                needed: bytes,
                free: free + present,
            });
        }
        let io = |path: &Path, source: io::Error| DiskError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|source| io(&path, source))?;
        let made = fill(&file, bytes, word).and_then(|()| Mapped::new(&file, words));
        match made {
            Ok(mapped) => Ok(Self { mapped, path }),
            Err(source) => {
                let _ = std::fs::remove_file(&path);
                if source.kind() == io::ErrorKind::StorageFull {
                    Err(DiskError::Room {
                        needed: bytes,
                        free: free_bytes(&dir).unwrap_or(0),
                        path,
                    })
                } else {
                    Err(io(&path, source))
                }
            }
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Deref for WordFile {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        // SAFETY: as `Mapped::words`: the mapping starts on a page, is `words * 8` bytes long
        // and lives as long as `self`; `&self` lends no `&mut` to them.
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts(self.mapped.map.as_ptr().cast::<u64>(), self.mapped.words)
        }
    }
}

impl DerefMut for WordFile {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as for `deref`, and `&mut self` makes this the only reference to the bytes.
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts_mut(
                self.mapped.map.as_mut_ptr().cast::<u64>(),
                self.mapped.words,
            )
        }
    }
}

impl Drop for WordFile {
    /// Removes the file: its pages, unlinked, are dropped with the mapping, never written
    /// back.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A file of words mapped into memory (shared: the kernel writes changed pages back).
pub(crate) struct Mapped {
    map: memmap2::MmapMut,
    pub(crate) words: usize,
}

impl Mapped {
    /// Maps the first `words` words of `file` (which is at least that long).
    pub(crate) fn new(file: &File, words: usize) -> io::Result<Self> {
        if words == 0 {
            return Ok(Self {
                map: memmap2::MmapMut::map_anon(8)?,
                words: 0,
            });
        }
        // SAFETY: the file is this search's own, in its own folder, and no other process is
        // meant to change it while it is mapped: the checkpoint discipline says so in the docs.
        #[allow(unsafe_code)]
        let map = unsafe { memmap2::MmapOptions::new().len(words * 8).map_mut(file)? };
        Ok(Self { map, words })
    }
}

/// The bytes free for this process on the file system of `dir`, when the system says.
pub(crate) fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stats = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `path` is a NUL-terminated string and `stats` has room for the answer, which is
    // read only when the call succeeds.
    #[allow(unsafe_code)]
    let stats = unsafe {
        if libc::statvfs(path.as_ptr(), stats.as_mut_ptr()) != 0 {
            return None;
        }
        stats.assume_init()
    };
    Some(stats.f_bavail * stats.f_frsize)
}

/// Fills `file` with `bytes` bytes of `word` repeated (little-endian), and syncs it.
pub(crate) fn fill(file: &File, bytes: u64, word: u64) -> io::Result<()> {
    let mut file = file;
    file.set_len(0)?;
    file.seek(SeekFrom::Start(0))?;
    let chunk: Vec<u8> = std::iter::repeat_n(word.to_le_bytes(), 1 << 19)
        .flatten()
        .collect();
    let mut written = 0;
    while written < bytes {
        let take = (bytes - written).min(chunk.len() as u64) as usize;
        file.write_all(&chunk[..take])?;
        written += take as u64;
    }
    file.sync_all()
}

#[cfg(test)]
mod tests;
