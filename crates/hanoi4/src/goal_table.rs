//! The two-bit goal table: distance mod 3 to "all discs on peg 4" for up to 16 discs.
//!
//! Built by `statespace::two_bit_bfs` over the quotient by relabelling pegs 1 to 3
//! ([`HanoiSpace::symmetric`]): codes land on canonical configurations only, so the work is
//! about six times smaller than a BFS of all `4^n` configurations, while the table keeps one
//! 2-bit entry per packed configuration (1 GiB for 16 discs). Exact distances and optimal moves
//! come from descending the codes ([`statespace::descend_mod3`]) and lifting the canonical path
//! back to real moves.
//!
//! Measured with `cargo bench -p hanoi4` (two threads): 4^13 in 0.32 s, 4^15 in 5.5 s, 4^16 in
//! 24 s.

use std::io::{self, Read, Write};
use std::path::Path;

use statespace::{Levels, TwoBitTable, descend_mod3, two_bit_bfs};

use crate::solve::real_moves;
use crate::{Config, HanoiSpace, Move};

/// Distances mod 3 to all discs on peg 4, for every configuration of `n <= 16` discs.
pub struct GoalTable {
    n_discs: usize,
    table: TwoBitTable,
}

/// The first bytes of a saved table, followed by one byte for `n` and the words, little-endian.
const MAGIC: &[u8; 8] = b"HANOI4T2";

impl GoalTable {
    /// The most discs: 4^16 configurations at 2 bits is 1 GiB.
    pub const MAX_DISCS: usize = 16;

    /// Runs the two-bit BFS from the goal with `threads` threads. `progress(level, count)` gets
    /// the number of configurations (not canonical states) at each distance as it is found.
    ///
    /// # Panics
    /// When `n_discs` is outside `1..=16`.
    pub fn build(n_discs: usize, threads: usize, progress: impl FnMut(u32, u64)) -> (Self, Levels) {
        assert!(
            (1..=Self::MAX_DISCS).contains(&n_discs),
            "the goal table holds 1 to 16 discs"
        );
        let space = HanoiSpace::symmetric(n_discs);
        let goal = Self::goal(n_discs);
        let (table, levels) = two_bit_bfs(
            &space,
            1 << (2 * n_discs),
            &[goal],
            threads,
            |s| space.orbit_size(s),
            progress,
        );
        (Self { n_discs, table }, levels)
    }

    fn goal(n_discs: usize) -> u64 {
        // Every 2-bit field is 3: all discs on peg 4.
        (1u64 << (2 * n_discs)) - 1
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.n_discs
    }

    /// An optimal move sequence from `config` to all discs on peg 4, in microseconds.
    ///
    /// # Panics
    /// When `config` does not have this table's number of discs.
    pub fn solve(&self, config: &Config) -> Vec<Move> {
        assert_eq!(
            config.n_discs(),
            self.n_discs,
            "the table is for {} discs",
            self.n_discs
        );
        let space = HanoiSpace::symmetric(self.n_discs);
        let start = config.pack();
        let path = descend_mod3(
            &space,
            &self.table,
            &[Self::goal(self.n_discs)],
            space.canonical(start),
        )
        .expect("every configuration reaches the goal");
        real_moves(&space, start, &path)
    }

    /// The exact distance from `config` to all discs on peg 4.
    pub fn distance(&self, config: &Config) -> u32 {
        let space = HanoiSpace::symmetric(self.n_discs);
        let path = descend_mod3(
            &space,
            &self.table,
            &[Self::goal(self.n_discs)],
            space.canonical(config.pack()),
        )
        .expect("every configuration reaches the goal");
        path.len() as u32 - 1
    }

    /// The exact distance of a packed configuration (see [`Config::pack`]) of this table's discs.
    pub fn distance_packed(&self, packed: u64) -> u32 {
        let space = HanoiSpace::symmetric(self.n_discs);
        let path = descend_mod3(
            &space,
            &self.table,
            &[Self::goal(self.n_discs)],
            space.canonical(packed),
        )
        .expect("every configuration reaches the goal");
        path.len() as u32 - 1
    }

    /// The distance mod 3 of a packed configuration (see [`Config::pack`]) of this table's
    /// discs, in one lookup: with the exact distance `d` of a neighbour, the configuration's
    /// own is whichever of `d - 1`, `d`, `d + 1` has this residue.
    #[inline]
    pub fn distance_mod3(&self, packed: u64) -> u8 {
        let canonical = HanoiSpace::symmetric(self.n_discs).canonical(packed);
        self.table
            .code(canonical)
            .expect("every configuration reaches the goal")
    }

    /// Writes the table to `path` (`4^n / 4` bytes plus a 9-byte header).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut file = io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        file.write_all(MAGIC)?;
        file.write_all(&[self.n_discs as u8])?;
        for word in self.table.to_words() {
            file.write_all(&word.to_le_bytes())?;
        }
        file.flush()
    }

    /// Reads a table written by [`GoalTable::save`], checking its header and size.
    pub fn load(path: &Path) -> io::Result<Self> {
        let invalid = |what: &str| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {what}", path.display()),
            )
        };
        let mut file = io::BufReader::with_capacity(1 << 20, std::fs::File::open(path)?);
        let mut header = [0u8; 9];
        file.read_exact(&mut header)?;
        if &header[..8] != MAGIC {
            return Err(invalid("not a four-peg goal table"));
        }
        let n_discs = usize::from(header[8]);
        if !(1..=Self::MAX_DISCS).contains(&n_discs) {
            return Err(invalid("bad disc count"));
        }
        let len = 1u64 << (2 * n_discs);
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        if bytes.len() as u64 != len.div_ceil(32) * 8 {
            return Err(invalid("truncated or oversized"));
        }
        let words = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        Ok(Self {
            n_discs,
            table: TwoBitTable::from_words(words, len),
        })
    }
}
