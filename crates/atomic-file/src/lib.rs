#![doc = include_str!("../README.md")]

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};

/// A file being written under a temporary name; see the crate's documentation.
#[derive(Debug)]
pub struct AtomicFile {
    path: PathBuf,
    partial: PathBuf,
    out: Option<BufWriter<File>>,
    checksum: crc32fast::Hasher,
}

impl AtomicFile {
    /// Starts writing `path`: the bytes go to `<path>.partial-<pid>` until [`AtomicFile::commit`].
    ///
    /// # Errors
    /// [`io::ErrorKind::AlreadyExists`] when `path` exists and `replace` is false (checked
    /// here, before any work, and again by the rename's target being replaced only then); the
    /// error of creating the temporary file.
    pub fn create(path: &Path, replace: bool) -> io::Result<AtomicFile> {
        if !replace && path.exists() {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} exists", path.display()),
            ));
        }
        let mut partial: OsString = path.as_os_str().to_owned();
        partial.push(format!(".partial-{}", std::process::id()));
        let partial = PathBuf::from(partial);
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&partial)?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            partial,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            checksum: crc32fast::Hasher::new(),
        })
    }

    /// The temporary file the bytes go to until the commit.
    pub fn partial_path(&self) -> &Path {
        &self.partial
    }

    fn out(&mut self) -> &mut BufWriter<File> {
        self.out.as_mut().expect("written only before the commit")
    }

    /// Writes `bytes`, outside the checksum (a header).
    ///
    /// # Errors
    /// The write's error.
    pub fn write_plain(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out().write_all(bytes)
    }

    /// Writes `bytes` and adds them to the checksum.
    ///
    /// # Errors
    /// The write's error.
    pub fn write_summed(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.checksum.update(bytes);
        self.out().write_all(bytes)
    }

    /// Writes `words` little-endian and adds their bytes to the checksum.
    ///
    /// # Errors
    /// The write's error.
    pub fn write_words(&mut self, words: impl IntoIterator<Item = u64>) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(8 << 12);
        for word in words {
            bytes.extend(word.to_le_bytes());
            if bytes.len() == bytes.capacity() {
                self.write_summed(&bytes)?;
                bytes.clear();
            }
        }
        self.write_summed(&bytes)
    }

    /// The CRC-32 of everything written with [`AtomicFile::write_summed`] and
    /// [`AtomicFile::write_words`] so far.
    pub fn checksum(&self) -> u32 {
        self.checksum.clone().finalize()
    }

    /// Finishes the file: writes the checksum (4 bytes, little-endian) at byte `checksum_at`
    /// when given, syncs the file, renames it to its path and syncs the folder, so the rename
    /// survives a crash.
    ///
    /// # Errors
    /// The first error of those steps; the temporary file is then removed.
    pub fn commit(mut self, checksum_at: Option<u64>) -> io::Result<()> {
        let checksum = self.checksum();
        let out = self.out.take().expect("committed once");
        let mut file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        if let Some(offset) = checksum_at {
            file.seek(io::SeekFrom::Start(offset))?;
            file.write_all(&checksum.to_le_bytes())?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&self.partial, &self.path)?;
        let dir = match self.path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        File::open(dir).and_then(|d| d.sync_all())
    }
}

impl Drop for AtomicFile {
    /// Removes the temporary file unless the commit renamed it.
    fn drop(&mut self) {
        if self.partial.exists() {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

#[cfg(test)]
mod tests;
