//! The checkpoint of a search on disk: the level it ended, the sizes of the levels, the pages
//! the next level changes, the mail it applies and the runs of mail on disk, with its checksum;
//! written whole through [`AtomicFile`], read back checked.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use atomic_file::AtomicFile;
use statespace::backend::Resume;

use crate::error::DiskError;
use crate::spill::RunRecord;

/// The checkpoint in a search's folder.
pub(crate) const CHECKPOINT_FILE: &str = "checkpoint";

const CHECKPOINT_MAGIC: &[u8; 8] = b"2BITCKPT";
/// The checkpoint's version: 2 holds the level's mail, which 1 (a search that applied each
/// level's mail before the next level) did not; 3 lists the runs of mail in `mail/` that the
/// level applies. All three are read.
const VERSION: u32 = 3;

/// What a checkpoint holds, as the search writes it.
pub(crate) struct Checkpoint<'a> {
    /// The search's name and its length: a folder holds one search.
    pub(crate) key: &'a str,
    pub(crate) len: u64,
    /// The level the checkpoint ends, and whether the search is complete.
    pub(crate) depth: u64,
    pub(crate) complete: bool,
    /// The sizes of the levels so far.
    pub(crate) sizes: &'a [u64],
    /// The bitmap of the pages the next level changes.
    pub(crate) dirty: &'a [AtomicU64],
    /// The mail the next level applies, in memory, as pairs of a word and its states.
    pub(crate) mail: &'a [&'a [(u64, u64)]],
    /// The runs of mail on disk the next level applies.
    pub(crate) runs: &'a [RunRecord],
}

impl Checkpoint<'_> {
    /// Writes the checkpoint to `path` atomically, replacing the one there.
    pub(crate) fn write(&self, path: &Path) -> io::Result<()> {
        let mut file = AtomicFile::create(path, true)?;
        file.write_plain(CHECKPOINT_MAGIC)?;
        file.write_plain(&VERSION.to_le_bytes())?;
        file.write_plain(&0u32.to_le_bytes())?;
        file.write_words([
            self.key.len() as u64,
            self.len,
            self.depth,
            u64::from(self.complete),
            self.sizes.len() as u64,
            self.dirty.len() as u64,
            self.mail.iter().map(|piece| piece.len() as u64).sum(),
            self.runs.len() as u64,
        ])?;
        file.write_summed(self.key.as_bytes())?;
        file.write_words(self.sizes.iter().copied())?;
        file.write_words(self.dirty.iter().map(|bits| bits.load(Ordering::Relaxed)))?;
        file.write_words(
            self.mail
                .iter()
                .flat_map(|piece| piece.iter())
                .flat_map(|&(word, states)| [word, states]),
        )?;
        file.write_words(self.runs.iter().flat_map(RunRecord::words))?;
        file.commit(Some(12))
    }
}

/// Reads `dir`'s checkpoint for the search `key` of `len` states: `None` when there is none.
pub(crate) fn read(
    dir: &Path,
    key: &str,
    len: u64,
) -> Result<Option<(Resume, Vec<RunRecord>)>, DiskError> {
    let path = dir.join(CHECKPOINT_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(source) if source.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(DiskError::Io { path, source }),
    };
    let damaged = |what: &str| DiskError::Folder {
        dir: dir.to_path_buf(),
        what: format!("{CHECKPOINT_FILE} {what}; remove the folder's files to start again"),
    };
    if bytes.len() < 16 + 48 || &bytes[..8] != CHECKPOINT_MAGIC {
        return Err(damaged("is not a two-bit search's checkpoint"));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    // The words of the header after the checksum: version 1 had no mail, 2 no runs.
    let header = match version {
        1 => 6,
        2 => 7,
        VERSION => 8,
        _ => return Err(damaged("is of another version")),
    };
    let sum = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes"));
    if crc32fast::hash(&bytes[16..]) != sum {
        return Err(damaged("is damaged (its checksum does not match)"));
    }
    let mut words = bytes[16..]
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
    let mut next = || words.next().unwrap_or(0);
    let [
        key_len,
        found_len,
        depth,
        complete,
        sizes,
        dirty,
        mail,
        runs,
    ] = std::array::from_fn(|i| if i < header { next() } else { 0 });
    let key_start = 16 + 8 * header;
    let key_end = key_start + key_len as usize;
    let found_key = bytes
        .get(key_start..key_end)
        .and_then(|k| std::str::from_utf8(k).ok())
        .ok_or_else(|| damaged("is cut short"))?;
    if found_key != key || found_len != len {
        return Err(DiskError::Folder {
            dir: dir.to_path_buf(),
            what: format!(
                "it holds the search \"{found_key}\" ({found_len} states), not \"{key}\" ({len} states); name another folder"
            ),
        });
    }
    let rest = &bytes[key_end..];
    let expected = mail
        .checked_mul(2)
        .and_then(|words| words.checked_add(runs.checked_mul(5)?))
        .and_then(|words| words.checked_add(sizes))
        .and_then(|words| words.checked_add(dirty))
        .and_then(|words| words.checked_mul(8));
    if expected != Some(rest.len() as u64) {
        return Err(damaged("is cut short"));
    }
    let counts = [sizes, dirty, mail, runs];
    Ok(Some(body(rest, counts, depth, complete != 0)))
}

/// The body of a checkpoint of level `depth` (`rest`, checked to hold them all): the levels'
/// sizes, the dirty bits, the pairs of mail and the records of runs, of the numbers `counts`
/// gives.
fn body(rest: &[u8], counts: [u64; 4], depth: u64, complete: bool) -> (Resume, Vec<RunRecord>) {
    let [sizes, dirty, mail, runs] = counts.map(|count| count as usize);
    let mut words = rest
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
    let sizes: Vec<u64> = words.by_ref().take(sizes).collect();
    let dirty: Vec<u64> = words.by_ref().take(dirty).collect();
    let mut pairs = Vec::with_capacity(mail);
    for _ in 0..mail {
        let word = words.next().expect("counted");
        pairs.push((word, words.next().expect("counted")));
    }
    let mut records = Vec::with_capacity(runs);
    for _ in 0..runs {
        records.push(RunRecord::from_words(std::array::from_fn(|_| {
            words.next().expect("counted")
        })));
    }
    let resume = Resume {
        depth,
        sizes,
        dirty,
        mail: pairs,
        complete,
    };
    (resume, records)
}
