//! The two-bit goal table: distance mod 3 to "all discs on peg 4" for up to 19 discs.
//!
//! Built by `statespace::two_bit_bfs` over the quotient by relabelling pegs 1 to 3
//! ([`crate::HanoiSpace::symmetric`]), indexed densely by [`crate::CanonicalIndex`]: one 2-bit entry per
//! canonical configuration, about `4^n / 6` of them (171 MiB for 16 discs, 2.7 GiB for 18,
//! 10.7 GiB for 19).
//! Exact distances and optimal moves come from descending the codes
//! ([`statespace::descend_mod3`]) and lifting the canonical path back to real moves.
//!
//! Measured with `cargo bench -p hanoi4` (two threads): see the crate's benchmark.

use std::io::{self, Read, Write};
use std::path::Path;

use statespace::{Levels, TwoBitTable, descend_mod3, two_bit_bfs};

use crate::rank::RankedSpace;
use crate::solve::real_moves;
use crate::{Config, Move};

/// Distances mod 3 to all discs on peg 4, for every configuration of `n <= 19` discs.
pub struct GoalTable {
    n_discs: usize,
    space: RankedSpace,
    table: TwoBitTable,
}

/// The first bytes of a saved table, followed by one byte for `n` and the words, little-endian
/// (one word per 32 canonical configurations, in rank order).
const MAGIC: &[u8; 8] = b"HANOI4R2";

impl GoalTable {
    /// The most discs: 45.8 billion canonical configurations at 2 bits is 10.7 GiB, which a
    /// 24 GiB machine can hold beside a search.
    pub const MAX_DISCS: usize = 19;

    /// Runs the two-bit BFS from the goal with `threads` threads. `progress(level, count)` gets
    /// the number of configurations (not canonical states) at each distance as it is found.
    ///
    /// # Panics
    /// When `n_discs` is outside `1..=16`.
    pub fn build(n_discs: usize, threads: usize, progress: impl FnMut(u32, u64)) -> (Self, Levels) {
        assert!(
            (1..=Self::MAX_DISCS).contains(&n_discs),
            "the goal table holds 1 to 19 discs"
        );
        let space = RankedSpace::new(n_discs);
        let goal = space.rank_of(Self::goal(n_discs));
        let (table, levels) = two_bit_bfs(
            &space,
            space.index().len(),
            &[goal],
            threads,
            |rank| space.packed_space().orbit_size(space.index().unrank(rank)),
            progress,
        );
        let table = Self {
            n_discs,
            space,
            table,
        };
        (table, levels)
    }

    /// The canonical path from a packed configuration down to the goal.
    fn descend(&self, packed: u64) -> Vec<u64> {
        let ranks = descend_mod3(
            &self.space,
            &self.table,
            &[self.space.rank_of(Self::goal(self.n_discs))],
            self.space.rank_of(packed),
        )
        .expect("every configuration reaches the goal");
        ranks
            .into_iter()
            .map(|rank| self.space.index().unrank(rank))
            .collect()
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
        let start = config.pack();
        let path = self.descend(start);
        real_moves(self.space.packed_space(), start, &path)
    }

    /// The exact distance from `config` to all discs on peg 4.
    pub fn distance(&self, config: &Config) -> u32 {
        self.distance_packed(config.pack())
    }

    /// The exact distance of a packed configuration (see [`Config::pack`]) of this table's discs.
    pub fn distance_packed(&self, packed: u64) -> u32 {
        self.descend(packed).len() as u32 - 1
    }

    /// The distance mod 3 of a packed configuration (see [`Config::pack`]) of this table's
    /// discs, in one lookup: with the exact distance `d` of a neighbour, the configuration's
    /// own is whichever of `d - 1`, `d`, `d + 1` has this residue.
    #[inline]
    pub fn distance_mod3(&self, packed: u64) -> u8 {
        self.table
            .code(self.space.rank_of(packed))
            .expect("every configuration reaches the goal")
    }

    /// Writes the table to `path` (a quarter byte per canonical configuration plus a 9-byte
    /// header), streaming: no second copy of the table in memory.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let mut file = io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        file.write_all(MAGIC)?;
        file.write_all(&[self.n_discs as u8])?;
        for word in self.table.words() {
            file.write_all(&word.to_le_bytes())?;
        }
        file.flush()
    }

    /// Reads a table written by [`GoalTable::save`], checking its header and size. Errors name
    /// the file.
    pub fn load(path: &Path) -> io::Result<Self> {
        Self::read(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
    }

    fn read(path: &Path) -> io::Result<Self> {
        let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let mut file = std::fs::File::open(path)?;
        let mut header = [0u8; 9];
        file.read_exact(&mut header)?;
        if &header[..8] != MAGIC {
            return Err(invalid("not a four-peg goal table"));
        }
        let n_discs = usize::from(header[8]);
        if !(1..=Self::MAX_DISCS).contains(&n_discs) {
            return Err(invalid("bad disc count"));
        }
        let space = RankedSpace::new(n_discs);
        let len = space.index().len();
        let n_words = len.div_ceil(32);
        if file.metadata()?.len() != 9 + 8 * n_words {
            return Err(invalid("truncated or oversized"));
        }
        // Read in chunks straight into the words: no second copy of a table of gigabytes.
        let mut words = Vec::with_capacity(n_words as usize);
        let mut chunk = vec![0u8; 1 << 20];
        let mut left = 8 * n_words as usize;
        while left > 0 {
            let take = left.min(chunk.len());
            file.read_exact(&mut chunk[..take])?;
            words.extend(
                chunk[..take]
                    .chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))),
            );
            left -= take;
        }
        Ok(Self {
            n_discs,
            space,
            table: TwoBitTable::from_words(words, len),
        })
    }
}
