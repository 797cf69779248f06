//! A dense index of canonical configurations, so a table over the quotient by relabelling pegs
//! 1 to 3 has one entry per canonical configuration instead of one per configuration: about
//! `4^n / 6` entries (716 million for 16 discs, 2.9 GB at two bits for 18).
//!
//! Read from the largest disc down, a canonical configuration ([`HanoiSpace::canonical`]) is a
//! string over the labels 0 to 3 in which labels 0, 1 and 2 first appear in that order (peg 4,
//! label 3, is free). Its rank is its position among all such strings in lexicographic order,
//! counted with `completions[rest][used]`: the number of ways to finish a string with `rest`
//! discs still to place once `used` of the labels 0 to 2 have appeared. Once all three have
//! appeared every label is free, so the remaining discs' packed bits are the remaining rank;
//! a scan stops there, after a few discs for most configurations.

use statespace::Space;

use crate::HanoiSpace;

/// Ranks and unranks the canonical configurations of `n` discs.
#[derive(Clone, Debug)]
pub struct CanonicalIndex {
    n_discs: usize,
    /// `completions[rest][used]`, for `rest <= n`.
    completions: Vec<[u64; 4]>,
    /// Ranking four discs at a time, from the largest: per chunk, its lowest disc and, for each
    /// `used` and each value of the chunk's bits, what the chunk adds to the rank and the new
    /// `used` (in the top two bits).
    chunks: Vec<(usize, Vec<u64>)>,
}

/// Discs ranked per table lookup.
const CHUNK: usize = 4;

impl CanonicalIndex {
    /// The index of the canonical configurations of `n_discs` (`1..=31`).
    ///
    /// # Panics
    /// When `n_discs` is outside `1..=31`.
    pub fn new(n_discs: usize) -> Self {
        assert!((1..=31).contains(&n_discs), "1 to 31 discs");
        let mut completions = vec![[1u64; 4]];
        for rest in 1..=n_discs {
            let below = completions[rest - 1];
            let mut row = [0; 4];
            for (used, count) in row.iter_mut().enumerate() {
                // A label already used or peg 4 keeps `used`; a new label raises it.
                *count =
                    (used as u64 + 1) * below[used] + if used < 3 { below[used + 1] } else { 0 };
            }
            completions.push(row);
        }
        let mut index = Self {
            n_discs,
            completions,
            chunks: Vec::new(),
        };
        let mut top = n_discs;
        while top > 0 {
            let low = top.saturating_sub(CHUNK);
            let k = top - low;
            let mut table = vec![0; 4 << (2 * k)];
            for used in 0..4 {
                for value in 0..1u64 << (2 * k) {
                    let (add, after) = index.rank_discs(value << (2 * low), low..top, used);
                    table[used << (2 * k) | value as usize] = add | (after as u64) << 62;
                }
            }
            index.chunks.push((low, table));
            top = low;
        }
        index
    }

    /// Ranks the discs in `discs` (from the largest down) of `canonical`, starting with `used`
    /// labels seen: what they add to the rank, and the labels seen after them. Labels that
    /// break the order (not canonical) add nothing and leave `used` as it was.
    fn rank_discs(
        &self,
        canonical: u64,
        discs: std::ops::Range<usize>,
        mut used: usize,
    ) -> (u64, usize) {
        let mut rank = 0;
        for disc in discs.rev() {
            let label = (canonical >> (2 * disc) & 3) as usize;
            let below = &self.completions[disc];
            if label < used || used == 3 {
                rank += label as u64 * below[used];
            } else if label == used {
                rank += used as u64 * below[used];
                used += 1;
            } else if label == 3 {
                rank += used as u64 * below[used] + below[used + 1];
            }
        }
        (rank, used)
    }

    /// The number of canonical configurations: the ranks are `0..len()`.
    pub fn len(&self) -> u64 {
        self.completions[self.n_discs][0]
    }

    /// Always false: there is at least one configuration.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The rank of a canonical packed configuration.
    #[inline]
    pub fn rank(&self, canonical: u64) -> u64 {
        let mut rank = 0;
        let mut used = 0;
        let mut unranked = self.n_discs;
        for &(low, ref table) in &self.chunks {
            if used == 3 {
                // Every label is free: the smaller discs' bits count in base 4.
                return rank + (canonical & ((1u64 << (2 * unranked)) - 1));
            }
            unranked = low;
            // The table has 4 x 4^k entries for a chunk of k discs, 2k bits.
            let bits = (table.len() / 4).trailing_zeros() as usize;
            let value = (canonical >> (2 * low)) as usize & ((1 << bits) - 1);
            let entry = table[used << bits | value];
            rank += entry & ((1 << 62) - 1);
            used = (entry >> 62) as usize;
        }
        rank
    }

    /// The canonical packed configuration of a rank in `0..len()`.
    #[inline]
    pub fn unrank(&self, mut rank: u64) -> u64 {
        let mut packed = 0;
        let mut used = 0;
        for disc in (0..self.n_discs).rev() {
            if used == 3 {
                return packed | rank;
            }
            let below = &self.completions[disc];
            // Labels below `used` (0 or 1, as `used <= 2` here) each cover `below[used]` ranks.
            let label = if rank < below[used] && used > 0 {
                0
            } else if rank < 2 * below[used] && used > 1 {
                rank -= below[used];
                1
            } else {
                rank -= used as u64 * below[used];
                if rank < below[used + 1] {
                    used += 1;
                    used as u64 - 1
                } else {
                    rank -= below[used + 1];
                    3
                }
            };
            packed |= label << (2 * disc);
        }
        packed
    }
}

/// Four-peg Hanoi towards peg 4 over the ranks of canonical configurations: a dense space of
/// [`CanonicalIndex::len`] states for `statespace::two_bit_bfs`.
pub struct RankedSpace {
    space: HanoiSpace,
    index: CanonicalIndex,
}

impl RankedSpace {
    /// The ranked quotient of `n_discs`.
    pub fn new(n_discs: usize) -> Self {
        Self {
            space: HanoiSpace::symmetric(n_discs),
            index: CanonicalIndex::new(n_discs),
        }
    }

    /// The index behind the ranks.
    pub fn index(&self) -> &CanonicalIndex {
        &self.index
    }

    /// The quotient space of packed canonical configurations.
    pub fn packed_space(&self) -> &HanoiSpace {
        &self.space
    }

    /// How many configurations the canonical configuration of `rank` stands for (the weight of
    /// a rank in the level sizes of a search over this space).
    pub fn orbit_size(&self, rank: u64) -> u64 {
        self.space.orbit_size(self.index.unrank(rank))
    }

    /// The rank of any packed configuration (canonical or not).
    #[inline]
    pub fn rank_of(&self, packed: u64) -> u64 {
        self.index.rank(self.space.canonical(packed))
    }
}

impl Space for RankedSpace {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, rank: u64, mut visit: F) {
        self.space
            .for_each_successor(self.index.unrank(rank), |succ| visit(self.index.rank(succ)));
    }
}
