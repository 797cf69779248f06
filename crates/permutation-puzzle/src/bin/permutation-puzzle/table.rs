//! The search of `god` in memory or on disk, and saved tables: magic, version, the
//! definition's key ([`Rank::table_key`]), the length, a CRC-32 of the words, then the words.
//! Every byte of the header is checked against the definition, and the words against their
//! CRC-32 (which catches any one damaged byte, and any burst of up to 32 bits).

use std::path::Path;

use atomic_file::AtomicFile;
use judge::cli::Failure;
use permutation_puzzle::{God, Rank, god_with};
use statespace::{TwoBitSearch, TwoBitTable};
use statespace_disk::RunOnDisk;

const MAGIC: &[u8; 8] = b"PERMPZ2B";
/// 2: the key covers `Illegal` lines and ignored orientations (version 1 hashed the moves, the
/// coordinates and Solved only, so two definitions differing in `Illegal` lines alone could
/// share a table).
/// 3: a computed permutation of distinct pieces reads its slots the moves touch least first
/// (version 2 read them slot by slot, so its tables of such definitions rank other positions).
const VERSION: u32 = 3;
const HEADER: usize = 8 + 4 + 8 + 8 + 4;

/// What the table belongs to: the definition and the metric, as far as the table depends on
/// them.
fn fingerprint(rank: &Rank) -> u64 {
    rank.table_key()
}

/// Searches `rank`'s whole space, in memory (refused up front when it does not fit) or in
/// `disk`.
pub(crate) fn search(
    rank: &Rank,
    threads: usize,
    disk: Option<&Path>,
    progress: impl FnMut(u32, u64),
) -> Result<God, Failure> {
    match disk {
        None => {
            // Codes, and a bit each for the frontier and the reached states, and a bit a thread.
            let needed = rank.len() / 4 + rank.len() / 4 + rank.len() / 8 * threads as u64;
            memory::admit(needed).map_err(|refusal| {
                Failure::new(format!(
                    "the table of {} positions does not fit in memory: {refusal} (try --disk DIR)",
                    rank.len()
                ))
            })?;
            Ok(god_with(rank, threads, progress)?)
        }
        Some(dir) => {
            let space = permutation_puzzle::PuzzleSpace::new(rank);
            let key = format!("{:016x}", fingerprint(rank));
            let (table, levels) = TwoBitSearch::new(&space, rank.len())
                .sources([rank.solved()])
                .threads(threads)
                .progress(progress)
                .run_on_disk(dir, &key)
                .map_err(|e| Failure::new(format!("--disk {}: {e}", dir.display())))?;
            Ok(God { levels, table })
        }
    }
}

/// Saves a table atomically ([`AtomicFile`]: a crash leaves the old file or the new one,
/// never a part), replacing the file at `path`.
pub(crate) fn save(path: &Path, rank: &Rank, table: &TwoBitTable) -> Result<(), Failure> {
    let fail = |e: std::io::Error| Failure::new(format!("{}: {e}", path.display()));
    let mut file = AtomicFile::create(path, true).map_err(fail)?;
    let written = (|| {
        file.write_plain(MAGIC)?;
        file.write_plain(&VERSION.to_le_bytes())?;
        file.write_plain(&fingerprint(rank).to_le_bytes())?;
        file.write_plain(&table.len().to_le_bytes())?;
        file.write_plain(&[0; 4])?; // the words' CRC-32, written at the commit
        file.write_words(table.words())
    })();
    written
        .and_then(|()| file.commit(Some(HEADER as u64 - 4)))
        .map_err(fail)
}

/// Loads a table saved for `rank`, refusing one that is damaged or another puzzle's.
pub(crate) fn load(path: &Path, rank: &Rank) -> Result<TwoBitTable, Failure> {
    let refuse = |what: &str| Failure::new(format!("{}: {what}", path.display()));
    let bytes = std::fs::read(path).map_err(|e| refuse(&e.to_string()))?;
    let magic_length = bytes.len().min(MAGIC.len());
    if bytes[..magic_length] != MAGIC[..magic_length] {
        return Err(refuse("not a table saved by permutation-puzzle god --save"));
    }
    if bytes.len() < HEADER {
        return Err(refuse(&format!(
            "cut short: {} bytes, fewer than a table's header of {HEADER}",
            bytes.len()
        )));
    }
    let field = |at: usize, len: usize| -> u64 {
        let mut buf = [0u8; 8];
        buf[..len].copy_from_slice(&bytes[at..at + len]);
        u64::from_le_bytes(buf)
    };
    if field(8, 4) != u64::from(VERSION) {
        return Err(refuse("a table of another version"));
    }
    if field(12, 8) != fingerprint(rank) {
        return Err(refuse("a table of another definition or metric"));
    }
    let len = field(20, 8);
    let want = HEADER as u64 + len.div_ceil(32) * 8;
    if len != rank.len() {
        return Err(refuse(&format!(
            "a table of {len} positions, and this definition has {}",
            rank.len()
        )));
    }
    if bytes.len() as u64 != want {
        return Err(refuse(&format!(
            "{} bytes, where a table of {len} positions has {want} ({})",
            bytes.len(),
            if (bytes.len() as u64) < want {
                "cut short"
            } else {
                "bytes past its end"
            }
        )));
    }
    let words = &bytes[HEADER..];
    if crc32fast::hash(words) != field(28, 4) as u32 {
        return Err(refuse(
            "the table is damaged: its checksum does not match its contents",
        ));
    }
    let words = words
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    Ok(TwoBitTable::from_words(words, len))
}
