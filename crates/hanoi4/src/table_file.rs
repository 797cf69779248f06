//! The file format shared by the saved two-bit tables ([`crate::GoalTable`],
//! [`crate::DetourTable`]), and [`TableKind`], which names each kind's magic and file name in
//! one place: an 8-byte magic naming the kind and version, one byte for the disc
//! count, the CRC-32 of everything after the header (4 bytes, little-endian), then the table's
//! extra bytes (a length fixed by the disc count) and its words, little-endian, one per 32
//! canonical configurations in rank order. Written under a temporary name and renamed; read in
//! chunks straight into the words.

use std::io::{self, Read};

use atomic_file::AtomicFile;
use std::path::Path;

use statespace::TwoBitTable;

use crate::error::SolveError;

/// The kinds of saved table, told apart by the first 8 bytes of their files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// A [`crate::GoalTable`]: `hanoi4-nNN.t2`.
    Goal,
    /// A [`crate::DetourTable`]: `hanoi4-nNN.d2`.
    Detour,
}

impl TableKind {
    /// Every kind.
    pub const ALL: [TableKind; 2] = [TableKind::Goal, TableKind::Detour];

    /// The first 8 bytes of its files: kind and format version.
    pub fn magic(self) -> &'static [u8; 8] {
        match self {
            TableKind::Goal => b"HANOI4R3",
            TableKind::Detour => b"HANOI4D1",
        }
    }

    /// The name of its file of `n_discs` in a [`crate::TableDir`].
    pub fn file_name(self, n_discs: usize) -> String {
        let extension = match self {
            TableKind::Goal => "t2",
            TableKind::Detour => "d2",
        };
        format!("hanoi4-n{n_discs:02}.{extension}")
    }

    /// What it is called in messages: `goal table`, `detour table`.
    pub fn name(self) -> &'static str {
        match self {
            TableKind::Goal => "goal table",
            TableKind::Detour => "detour table",
        }
    }

    /// The kind of the table saved in `path`, read from its magic (whatever the file is named);
    /// the file is not otherwise checked (the kind's `load` does that).
    ///
    /// # Errors
    /// [`SolveError::TableIo`] when the file cannot be read; [`SolveError::CorruptTable`] when
    /// it does not start with a magic of this version.
    pub fn of_file(path: &Path) -> Result<TableKind, SolveError> {
        let mut magic = [0u8; 8];
        let mut file = std::fs::File::open(path).map_err(SolveError::io(path))?;
        let read = file.read(&mut magic).map_err(SolveError::io(path))?;
        TableKind::ALL
            .into_iter()
            .find(|kind| read == 8 && kind.magic() == &magic)
            .ok_or_else(|| SolveError::CorruptTable {
                path: path.to_path_buf(),
                reason: "not a four-peg goal or detour table of this version".to_string(),
            })
    }
}

/// The header's length: the magic, `n` and the checksum.
const HEADER: u64 = 8 + 1 + 4;

/// Bits set in every 2-bit field whose code is 3 (not reached): never in a whole table.
fn unreached_fields(word: u64) -> u64 {
    word & (word >> 1) & 0x5555_5555_5555_5555
}

/// Writes a table to `path` atomically ([`AtomicFile`]); an existing file is replaced only when
/// `replace` is true.
pub(crate) fn save(
    path: &Path,
    replace: bool,
    kind: TableKind,
    n_discs: usize,
    extra: &[u8],
    table: &TwoBitTable,
) -> Result<(), SolveError> {
    let exists = |error: io::Error| match error.kind() {
        io::ErrorKind::AlreadyExists if !replace => SolveError::TableExists {
            path: path.to_path_buf(),
        },
        _ => SolveError::io(path)(error),
    };
    let mut file = AtomicFile::create(path, replace).map_err(exists)?;
    let written = (|| {
        file.write_plain(kind.magic())?;
        file.write_plain(&[n_discs as u8])?;
        file.write_plain(&[0; 4])?; // the checksum, written at the commit
        file.write_summed(extra)?;
        file.write_words(table.words())
    })();
    written
        .and_then(|()| file.commit(Some(9)))
        .map_err(SolveError::io(path))
}

/// What [`load`] read: the disc count, the extra bytes and the table.
pub(crate) struct Loaded {
    pub(crate) n_discs: usize,
    pub(crate) extra: Vec<u8>,
    pub(crate) table: TwoBitTable,
}

/// Reads a file of `kind` written by [`save`], checking the header, the disc count
/// (`1..=max_discs`), the size (`len(n)` canonical configurations and `extra_len(n)` extra
/// bytes), the checksum and that every configuration was reached.
pub(crate) fn load(
    path: &Path,
    kind: TableKind,
    max_discs: usize,
    len: impl Fn(usize) -> u64,
    extra_len: impl Fn(usize) -> usize,
) -> Result<Loaded, SolveError> {
    let corrupt = |reason: &str| SolveError::CorruptTable {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    let mut file = std::fs::File::open(path).map_err(SolveError::io(path))?;
    let mut header = [0u8; HEADER as usize];
    let size = file.metadata().map_err(SolveError::io(path))?.len();
    if size < HEADER {
        return Err(corrupt("shorter than a table's header"));
    }
    file.read_exact(&mut header).map_err(SolveError::io(path))?;
    if &header[..8] != kind.magic() {
        return Err(corrupt(&format!(
            "not a four-peg {} of this version (rebuild it)",
            kind.name()
        )));
    }
    let n_discs = usize::from(header[8]);
    if !(1..=max_discs).contains(&n_discs) {
        return Err(corrupt("its disc count is out of range"));
    }
    let expected = u32::from_le_bytes(header[9..13].try_into().expect("4 bytes"));
    let len = len(n_discs);
    let n_words = len.div_ceil(32);
    let n_extra = extra_len(n_discs);
    let want = HEADER + n_extra as u64 + 8 * n_words;
    if size != want {
        return Err(corrupt(&format!(
            "{size} bytes where a {n_discs}-disc {} has {want}",
            kind.name()
        )));
    }
    let mut checksum = crc32fast::Hasher::new();
    let mut extra = vec![0u8; n_extra];
    file.read_exact(&mut extra).map_err(SolveError::io(path))?;
    checksum.update(&extra);
    let what = format!("{n_discs}-disc {} of {}", kind.name(), path.display());
    let words = read_words(&mut file, n_words, &mut checksum, (path, what))?;
    if checksum.finalize() != expected {
        return Err(corrupt("its checksum does not match its contents"));
    }
    if any_unreached(&words, len) {
        return Err(corrupt("some configurations are marked as never reached"));
    }
    Ok(Loaded {
        n_discs,
        extra,
        table: TwoBitTable::from_words(words, len),
    })
}

/// Reads `n_words` little-endian words of a table from `file` into a vector reserved at once
/// (refused, naming `what`, when it cannot be), in chunks straight into the words (no second
/// copy of a table of gigabytes), adding their bytes to `checksum`.
fn read_words(
    file: &mut std::fs::File,
    n_words: u64,
    checksum: &mut crc32fast::Hasher,
    (path, what): (&Path, String),
) -> Result<Vec<u64>, SolveError> {
    let mut words = Vec::new();
    words
        .try_reserve_exact(n_words as usize)
        .map_err(|_| SolveError::OutOfMemory {
            what,
            bytes: 8 * n_words,
        })?;
    let mut chunk = vec![0u8; 1 << 20];
    let mut left = 8 * n_words as usize;
    while left > 0 {
        let take = left.min(chunk.len());
        file.read_exact(&mut chunk[..take])
            .map_err(SolveError::io(path))?;
        checksum.update(&chunk[..take]);
        for bytes in chunk[..take].chunks_exact(8) {
            words.push(u64::from_le_bytes(bytes.try_into().expect("8 bytes")));
        }
        left -= take;
    }
    Ok(words)
}

/// Whether any of the `len` configurations of `words` is marked as never reached (the fields
/// past `len` in the last word are padding, unreached by construction).
fn any_unreached(words: &[u64], len: u64) -> bool {
    words.iter().enumerate().any(|(w, &word)| {
        let states = len - 32 * w as u64;
        let mask = if states >= 32 {
            u64::MAX
        } else {
            (1 << (2 * states)) - 1
        };
        unreached_fields(word) & mask != 0
    })
}
