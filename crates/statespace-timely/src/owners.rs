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
}

impl Owners {
    pub(crate) fn new(len: u64, peers: usize) -> Self {
        let peers = peers.max(1) as u64;
        let per_segment = (len / (16 * peers)).max(1);
        let shift = (63 - per_segment.leading_zeros()).clamp(MIN_SHIFT, SEGMENT_SHIFT);
        Self { len, peers, shift }
    }

    /// The worker that owns `rank`.
    #[inline]
    pub(crate) fn owner(&self, rank: u64) -> usize {
        ((rank >> self.shift) % self.peers) as usize
    }

    /// Where `rank` lies in its owner's slice.
    #[inline]
    pub(crate) fn local(&self, rank: u64) -> u64 {
        let mask = (1 << self.shift) - 1;
        ((rank >> self.shift) / self.peers) << self.shift | (rank & mask)
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
