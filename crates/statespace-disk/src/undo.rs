//! The undo log: what a resumed search needs to put the table back as it was at the checkpoint,
//! written so that a log that is missing, cut short or damaged is seen, never trusted.
//!
//! # Layout
//!
//! A header of [`HEADER`] bytes, then records, all little-endian:
//!
//! | bytes | header |
//! |---|---|
//! | 0..8 | [`MAGIC`] |
//! | 8..12 | [`VERSION`] |
//! | 12..16 | CRC-32 of bytes 16..64 |
//! | 16..24 | the depth of the checkpoint the records belong to ([`BEFORE_ANY`] before the first) |
//! | 24..32 | the search's length (states) |
//! | 32..40 | the CRC-32 of the search's key |
//! | 40..48 | the records that must be there (committed) |
//! | 48..56 | their bytes |
//! | 56..64 | zero |
//!
//! A record: its sequence number (0, 1, ...), the checkpoint's depth, the page's first word, its
//! words `n`, then `n` words of 32 bits (bit `i`: state `i` of the word was unreached before
//! the page's first write since the checkpoint), then the CRC-32 of all that.
//!
//! # The order of durability
//!
//! The table is mapped privately: the kernel never writes its pages, the search does, when it
//! lets a segment go or at a checkpoint, and before it writes any page it *commits* the log:
//! the pending records written, the header's count of committed records raised to all of them,
//! and the file synced (`fdatasync`). So every page of the table's file that differs from the
//! checkpoint has a committed record on the disk, even after a power cut; records past the
//! committed count protect no page yet, and are applied only as far as they are whole.
//!
//! Reading back, the header must be whole and of this search, every committed record present,
//! in sequence, of the checkpoint's depth, inside the table and with its checksum: anything else
//! is a refusal naming the log and what is wrong. A header of an earlier checkpoint (or of none)
//! is the moment between a checkpoint's rename and the log's restart, when the table's file is
//! exactly the checkpoint's: nothing to undo.

use std::fs::File;
use std::io::{self, Read, Seek};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::Ordering;

use crate::private::Private;

/// The log's magic.
pub(crate) const MAGIC: &[u8; 8] = b"2BITUNDO";
/// The log's version: 2 has a header with the committed records and sequence numbers.
const VERSION: u32 = 2;
/// The header's bytes.
pub(crate) const HEADER: u64 = 64;
/// The bytes of a record's head: sequence, depth, first word, words.
const RECORD_HEAD: usize = 32;
/// The depth in the header of a log written before the search's first checkpoint.
const BEFORE_ANY: u64 = u64::MAX;

/// The undo log's records are written in pieces of this size at least (and whenever the table
/// is about to be written).
const PIECE: usize = 1 << 20;

/// The undo log is written back and dropped from the page cache a chunk at a time (it is only
/// read after a kill), so that it does not take the memory the table's pages need.
const CHUNK: u64 = 64 << 20;

/// What the log belongs to: the search's length and the CRC-32 of its key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    len: u64,
    key_sum: u64,
}

impl Identity {
    pub(crate) fn new(key: &str, len: u64) -> Self {
        Self {
            len,
            key_sum: u64::from(crc32fast::hash(key.as_bytes())),
        }
    }
}

/// The header's fields.
struct Header {
    depth: u64,
    identity: Identity,
    records: u64,
    bytes: u64,
}

impl Header {
    fn encode(&self) -> [u8; HEADER as usize] {
        let mut out = [0u8; HEADER as usize];
        out[..8].copy_from_slice(MAGIC);
        out[8..12].copy_from_slice(&VERSION.to_le_bytes());
        let fields = [
            self.depth,
            self.identity.len,
            self.identity.key_sum,
            self.records,
            self.bytes,
        ];
        for (i, field) in fields.iter().enumerate() {
            out[16 + 8 * i..24 + 8 * i].copy_from_slice(&field.to_le_bytes());
        }
        let sum = crc32fast::hash(&out[16..]);
        out[12..16].copy_from_slice(&sum.to_le_bytes());
        out
    }

    /// The header of `bytes`, or what is wrong with it.
    fn decode(bytes: &[u8; HEADER as usize]) -> Result<Self, String> {
        if &bytes[..8] != MAGIC {
            return Err("is not a two-bit search's undo log".into());
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(format!("is of version {version}, not {VERSION}"));
        }
        let sum = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes"));
        if crc32fast::hash(&bytes[16..]) != sum {
            return Err("has a damaged header (its checksum does not match)".into());
        }
        let field =
            |i: usize| u64::from_le_bytes(bytes[16 + 8 * i..24 + 8 * i].try_into().unwrap());
        Ok(Self {
            depth: field(0),
            identity: Identity {
                len: field(1),
                key_sum: field(2),
            },
            records: field(3),
            bytes: field(4),
        })
    }
}

/// The undo log being written.
pub(crate) struct Undo {
    file: File,
    identity: Identity,
    /// The depth of the checkpoint, which every record carries.
    pub(crate) depth: u64,
    /// The records since the checkpoint, written or pending.
    records: u64,
    /// Their bytes.
    pub(crate) bytes: u64,
    /// The records the header counts as committed.
    committed: u64,
    /// Records not yet written, from the file's byte `HEADER + bytes - pending.len()`: written
    /// in large pieces, and always before a page of the table they save is written to the file.
    pending: Vec<u8>,
    /// In the tests, the bytes the log may take before its disk is full.
    #[cfg(test)]
    room: u64,
}

impl Undo {
    /// Starts the log `path` afresh for the checkpoint of `depth` (or [`BEFORE_ANY`]).
    pub(crate) fn create(path: &Path, identity: Identity, depth: Option<u64>) -> io::Result<Self> {
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        let mut undo = Self {
            file,
            identity,
            depth: BEFORE_ANY,
            records: 0,
            bytes: 0,
            committed: 0,
            pending: Vec::new(),
            #[cfg(test)]
            room: crate::hooks::hooks(path.parent().expect("a file of a folder")).undo_room,
        };
        undo.restart(depth.unwrap_or(BEFORE_ANY))?;
        Ok(undo)
    }

    /// Empties the log for the checkpoint of `depth`: a header with no record, on the disk.
    pub(crate) fn restart(&mut self, depth: u64) -> io::Result<()> {
        self.depth = depth;
        self.records = 0;
        self.bytes = 0;
        self.committed = 0;
        self.pending.clear();
        self.write_header()?;
        // Emptied: records are appended past the end, never over old blocks that would have
        // to be read first.
        self.file.set_len(HEADER)?;
        self.file.sync_data()
    }

    /// Adds the record of the page of words `first..first + unseen.len()`, whose unreached
    /// states are the bits of `unseen`; written with the next piece.
    pub(crate) fn push(
        &mut self,
        first: u64,
        unseen: impl ExactSizeIterator<Item = u32>,
    ) -> io::Result<()> {
        let start = self.pending.len();
        let words = unseen.len() as u64;
        for field in [self.records, self.depth, first, words] {
            self.pending.extend_from_slice(&field.to_le_bytes());
        }
        for bits in unseen {
            self.pending.extend_from_slice(&bits.to_le_bytes());
        }
        let sum = crc32fast::hash(&self.pending[start..]);
        self.pending.extend_from_slice(&sum.to_le_bytes());
        self.records += 1;
        self.bytes += (self.pending.len() - start) as u64;
        if self.pending.len() >= PIECE {
            self.write_pending()
        } else {
            Ok(())
        }
    }

    /// Writes the pending records at the end of the log.
    fn write_pending(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let at = HEADER + self.bytes - self.pending.len() as u64;
        let end = at + self.pending.len() as u64;
        let done = self.write_at(&self.pending, at);
        self.pending.clear();
        if end / CHUNK != at / CHUNK {
            drop_written(&self.file, at / CHUNK);
        }
        done
    }

    /// Makes every record so far committed and durable: written, counted by the header, and
    /// synced. Called before any page of the table is written to its file.
    pub(crate) fn commit(&mut self) -> io::Result<()> {
        self.write_pending()?;
        if self.committed == self.records {
            return Ok(());
        }
        self.committed = self.records;
        self.write_header()?;
        self.file.sync_data()
    }

    /// Writes the header (called when every record is committed).
    fn write_header(&self) -> io::Result<()> {
        let header = Header {
            depth: self.depth,
            identity: self.identity,
            records: self.committed,
            bytes: self.bytes,
        };
        self.write_at(&header.encode(), 0)
    }
}

impl Undo {
    /// `file.write_all_at`, or in the tests the error of a full disk past the log's
    /// [`Undo::room`].
    fn write_at(&self, bytes: &[u8], at: u64) -> io::Result<()> {
        #[cfg(test)]
        if at + bytes.len() as u64 > self.room {
            return Err(io::Error::from(io::ErrorKind::StorageFull));
        }
        self.file.write_all_at(bytes, at)
    }
}

/// Starts writing back chunk `chunk` of the undo log `file`, and drops the one before it
/// (written back by now, mostly) from the page cache.
fn drop_written(file: &File, chunk: u64) {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: plain system calls on an open descriptor; a failure changes nothing but the
    // memory the log takes.
    #[allow(unsafe_code)]
    unsafe {
        libc::sync_file_range(
            fd,
            (HEADER + chunk * CHUNK) as libc::off64_t,
            CHUNK as libc::off64_t,
            libc::SYNC_FILE_RANGE_WRITE,
        );
        if chunk > 0 {
            libc::posix_fadvise(
                fd,
                (HEADER + (chunk - 1) * CHUNK) as libc::off64_t,
                CHUNK as libc::off64_t,
                libc::POSIX_FADV_DONTNEED,
            );
        }
    }
}

/// Why a log could not be applied.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The log could not be read.
    Io(io::Error),
    /// The log is missing, cut short, damaged or another search's: what is wrong.
    Damaged(String),
}

impl From<io::Error> for Refusal {
    fn from(error: io::Error) -> Self {
        Refusal::Io(error)
    }
}

/// What [`apply`] did: the records it applied, of how many committed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Applied {
    pub(crate) records: u64,
    pub(crate) committed: u64,
}

/// Puts the states of `mapped` unreached at the checkpoint of level `depth` back to unreached,
/// from the log `path` of the search `identity`, after checking the log whole (a first reading
/// that writes nothing: see the module's documentation); the pages changed are written back
/// to the file whenever more than `keep_pages` of them are in memory, so that a log of the
/// whole table does not take the table's size in memory. On an error of the second reading
/// (the disk's, or a log changed since the first) the file may hold some records applied; the
/// log is still whole, and applying it again puts the table back.
pub(crate) fn apply(
    path: &Path,
    identity: Identity,
    depth: u64,
    mapped: &Private,
    keep_pages: u64,
) -> Result<Applied, Refusal> {
    let (mut log, header) = open(path, identity)?;
    if header.depth == BEFORE_ANY || header.depth < depth {
        // Killed between the checkpoint and the log's restart: the table is the checkpoint's.
        return Ok(Applied {
            records: 0,
            committed: 0,
        });
    }
    if header.depth > depth {
        return Err(Refusal::Damaged(format!(
            "belongs to the checkpoint of level {}, the folder's checkpoint is of level {depth}",
            header.depth
        )));
    }
    let words = mapped.words().len();
    let records = walk_records(&mut log, &header, words, None, |_, _| Ok(()))?;
    log.seek(io::SeekFrom::Start(HEADER))?;
    let table = mapped.words();
    walk_records(&mut log, &header, words, Some(records), |first, body| {
        // The states unreached at the checkpoint are unreached again; the others were not
        // written since.
        for (i, bits) in body.chunks_exact(4).enumerate() {
            let unseen = spread_fields(u32::from_le_bytes(bits.try_into().expect("4 bytes")));
            let cell = &table[first + i];
            mapped.mark(first + i);
            cell.store(
                cell.load(Ordering::Relaxed) | (unseen * 3),
                Ordering::Relaxed,
            );
        }
        if mapped.changed_pages() > keep_pages {
            mapped.write_back(0, words)?;
        }
        Ok(())
    })?;
    Ok(Applied {
        records,
        committed: header.records,
    })
}

/// The log at `path`, read past its header, and the header: checked to be whole, of this
/// version and of the search `identity`, and its committed records all in the file.
fn open(path: &Path, identity: Identity) -> Result<(io::BufReader<File>, Header), Refusal> {
    let damaged = |what: String| Refusal::Damaged(what);
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Err(damaged(
                "is missing, and the checkpoint needs it to undo what was written since".into(),
            ));
        }
        Err(error) => return Err(error.into()),
    };
    let size = file.metadata()?.len();
    // Read a record at a time: the log may be gigabytes.
    let mut log = io::BufReader::with_capacity(1 << 20, file);
    let mut head = [0u8; HEADER as usize];
    if size < HEADER || log.read_exact(&mut head).is_err() {
        return Err(damaged(format!(
            "is cut short: {size} bytes, less than its header"
        )));
    }
    let header = Header::decode(&head).map_err(damaged)?;
    if header.identity != identity {
        return Err(damaged("belongs to another search".into()));
    }
    if HEADER + header.bytes > size {
        return Err(damaged(format!(
            "is cut short: {size} bytes, its {} committed records take {}",
            header.records,
            HEADER + header.bytes
        )));
    }
    Ok((log, header))
}

/// Reads the records of `log` (past its header) for a table of `words` words, handing each to
/// `visit` (its first word and its bits): every committed one, checked (refused at the first
/// that is cut short, out of sequence, of another depth, outside the table or with a wrong
/// checksum), then those after them as far as they are whole, or the first `count` when given.
/// The number read.
fn walk_records(
    log: &mut io::BufReader<File>,
    header: &Header,
    words: usize,
    count: Option<u64>,
    mut visit: impl FnMut(usize, &[u8]) -> io::Result<()>,
) -> Result<u64, Refusal> {
    let mut record = Vec::new();
    let mut applied = 0;
    let mut bytes = 0u64;
    while count.is_none_or(|count| applied < count) {
        let refuse = |what: &str| {
            Refusal::Damaged(format!(
                "record {applied} of the {} committed {what}",
                header.records
            ))
        };
        let found = read_record(log, &mut record, header.depth, applied, words);
        let (first, body) = match found {
            Ok(found) => found,
            // A record past the committed ones protects no page yet: the log ends there.
            Err(_) if applied >= header.records && count.is_none() => break,
            Err(what) => return Err(refuse(what)),
        };
        visit(first, body)?;
        applied += 1;
        bytes += record.len() as u64;
        if applied == header.records && bytes != header.bytes {
            return Err(Refusal::Damaged(format!(
                "has {bytes} bytes of committed records where its header says {}",
                header.bytes
            )));
        }
    }
    Ok(applied)
}

/// Reads the next record of `log` into `record`, expecting number `seq` of the checkpoint of
/// `depth` inside a table of `words`: the page's first word and its bits, or what is wrong.
fn read_record<'r>(
    log: &mut io::BufReader<File>,
    record: &'r mut Vec<u8>,
    depth: u64,
    seq: u64,
    words: usize,
) -> Result<(usize, &'r [u8]), &'static str> {
    record.clear();
    record.resize(RECORD_HEAD, 0);
    log.read_exact(record).map_err(|_| "is cut short")?;
    let field = |i: usize| u64::from_le_bytes(record[8 * i..8 * i + 8].try_into().unwrap());
    let (found_seq, found_depth, first, count) = (field(0), field(1), field(2), field(3));
    let fits = count <= 1 << crate::private::PAGE_SHIFT
        && first
            .checked_add(count)
            .is_some_and(|end| end <= words as u64);
    if found_seq != seq || found_depth != depth || !fits {
        return Err("is damaged (its place or number does not match)");
    }
    let (first, count) = (first as usize, count as usize);
    record.resize(RECORD_HEAD + 4 * count + 4, 0);
    log.read_exact(&mut record[RECORD_HEAD..])
        .map_err(|_| "is cut short")?;
    let (body, sum) = record.split_at(RECORD_HEAD + 4 * count);
    if crc32fast::hash(body) != u32::from_le_bytes(sum.try_into().expect("4 bytes")) {
        return Err("is damaged (its checksum does not match)");
    }
    Ok((first, &body[RECORD_HEAD..]))
}

/// Bit `i` of `bits` as bit `2i` (the inverse of [`statespace::block::compress_fields`]).
fn spread_fields(bits: u32) -> u64 {
    let mut x = u64::from(bits);
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}
