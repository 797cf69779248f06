//! [`Owners`]: which worker owns which ranks. Segments of up to 2^[`SEGMENT_SHIFT`] ranks are
//! dealt round the workers, and a worker's slice is its segments one after another.

/// log2 of the most states of a segment: worker `w` of `P` owns segments `w`, `w + P`,
/// `w + 2P`, ... of 2^20 ranks (256 KiB of codes), so every level's work is shared (a level's
/// states lie in a few regions of the ranks), while moves of the discs below the segment's
/// digits stay in their segment. Smaller spaces have smaller segments, at least 16 a worker
/// (and at least a block).
pub(crate) const SEGMENT_SHIFT: u32 = 20;
/// log2 of the fewest states of a segment: a block of 64 (the slice's dirty bits are per block).
const MIN_SHIFT: u32 = 6;

/// Who owns which ranks of `0..len`: segments of `2^shift` ranks dealt round the workers; a
/// worker's slice is its segments one after another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Owners {
    len: u64,
    peers: u64,
    /// log2 of the ranks of a segment.
    pub(crate) shift: u32,
    /// `ceil(2^64 / peers)`, which divides a segment's number by `peers` with one
    /// multiplication (exact below 2^32, see [`Owners::divide`]); 0 when some segment's number
    /// is 2^32 or more, to divide by the processor's division.
    reciprocal: u64,
}

impl Owners {
    pub(crate) fn new(len: u64, peers: usize) -> Self {
        let peers = peers.max(1) as u64;
        let per_segment = (len / (16 * peers)).max(1);
        let shift = (63 - per_segment.leading_zeros()).clamp(MIN_SHIFT, SEGMENT_SHIFT);
        let reciprocal = if len >> shift < 1 << 32 {
            // ceil(2^64 / peers) for peers >= 2; for 1, 2^64 is one more than a u64 holds and
            // the multiplication by 2^64 - 1 then gives x - 1 for x > 0: special-cased below.
            (u64::MAX / peers).wrapping_add(1)
        } else {
            0
        };
        Self {
            len,
            peers,
            shift,
            reciprocal,
        }
    }

    /// `x / peers` and `x % peers` for a segment's number `x`: with one multiplication when
    /// every segment's number is below 2^32 (Lemire, Kaser and Kurz, "Faster remainder by
    /// direct computation", 2019: `ceil(2^64 / d)` divides every 32-bit number exactly), a
    /// successor's owner being asked for once a successor, where a division costs tens of
    /// cycles.
    #[inline(always)]
    fn divide(&self, x: u64) -> (u64, u64) {
        let quotient = match (self.peers, self.reciprocal) {
            (1, _) => x,
            (_, 0) => x / self.peers,
            (_, reciprocal) => ((u128::from(x) * u128::from(reciprocal)) >> 64) as u64,
        };
        (quotient, x - quotient * self.peers)
    }

    /// The worker that owns `rank`, and where `rank` lies in its slice.
    #[inline(always)]
    pub(crate) fn place(&self, rank: u64) -> (usize, u64) {
        let mask = (1 << self.shift) - 1;
        let (quotient, owner) = self.divide(rank >> self.shift);
        (owner as usize, quotient << self.shift | (rank & mask))
    }

    /// The worker that owns `rank`.
    #[inline]
    pub(crate) fn owner(&self, rank: u64) -> usize {
        self.place(rank).0
    }

    /// Where `rank` lies in its owner's slice.
    #[inline]
    pub(crate) fn local(&self, rank: u64) -> u64 {
        self.place(rank).1
    }

    /// The rank at `local` in `worker`'s slice.
    #[inline]
    pub(crate) fn global(&self, worker: usize, local: u64) -> u64 {
        let mask = (1 << self.shift) - 1;
        ((local >> self.shift) * self.peers + worker as u64) << self.shift | (local & mask)
    }

    /// The ranks `worker` owns: its whole segments, and the part of the last segment below
    /// `len` when that one is its.
    pub(crate) fn slice_len(&self, worker: usize) -> u64 {
        let segments = self.len.div_ceil(1 << self.shift);
        let worker = worker as u64;
        if worker >= segments {
            return 0;
        }
        let owned = (segments - 1 - worker) / self.peers + 1;
        let last = segments - 1;
        if last % self.peers == worker {
            ((owned - 1) << self.shift) + (self.len - (last << self.shift))
        } else {
            owned << self.shift
        }
    }
}

#[cfg(test)]
mod tests;
