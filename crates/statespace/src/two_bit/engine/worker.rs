//! A thread's own part of a level ([`Worker`]): its dirty marks ([`Dirty`]), the far
//! successors it gathers in buckets per segment ([`Far`]), and the mail it sends.

use std::sync::atomic::{AtomicU64, Ordering};

use super::layout::*;
use crate::reads::Reads;
use crate::two_bit::table::{TableAllocError, try_filled};

/// The dirty bits of every block (pair of words) of the table: a bit each, 64 blocks a word.
///
/// During a level's expansion only the thread holding a segment touches the segment's words of
/// bits, and while the mail is applied only the segment's applier (a segment has 64 blocks or
/// more, so no word is shared), with a plain load and store; adding
/// is one `or` with no branch (the search adds on every write, whether or not the write reached
/// anything).
///
pub(super) struct Dirty {
    pub(super) bits: Vec<AtomicU64>,
}

impl Dirty {
    pub(super) fn new(blocks: usize) -> Result<Self, TableAllocError> {
        Ok(Self {
            bits: try_filled(blocks.div_ceil(64) as u64, || AtomicU64::new(0))?,
        })
    }

    /// Adds `block` to the set when `hit`, with no branch.
    #[inline(always)]
    pub(super) fn mark_if(&self, block: usize, hit: bool) {
        mark_if(&self.bits, block, hit);
    }
}

/// Sets bit `block` of `marks` (a word for 64 blocks, the layout of [`Dirty`] and of
/// [`Shared::marks`]) when `hit`, with no branch, by a plain load and store: only the calling
/// thread writes these words.
#[inline(always)]
pub(super) fn mark_if(marks: &[AtomicU64], block: usize, hit: bool) {
    let cell = &marks[block / 64];
    let bits = cell.load(Ordering::Relaxed) | u64::from(hit) << (block % 64);
    cell.store(bits, Ordering::Relaxed);
}

/// A set of states sent to the thread applying its segment's mail: the word of codes, and the
/// low bit of the field of each of its states in the set.
pub(super) type Sent = (u64, u64);

/// One thread's own part: what it sends to the others, its count, its batch.
pub(super) struct Worker {
    pub(super) id: usize,
    /// Per thread, the unreached successors found in the segments it applies.
    pub(super) outbox: Vec<Vec<Sent>>,
    /// The weight of the states this thread reached in the level.
    pub(super) found: u64,
    /// In a confined search, the weight of the states of the level itself this thread reached
    /// by applying the last level's mail.
    pub(super) applied: u64,
    /// The states this thread expanded state by state in the level.
    pub(super) expanded: u64,
    /// Single successors generated and not yet probed.
    pub(super) batch: Vec<u64>,
    /// Single successors in segments the thread does not hold, a bucket per segment.
    pub(super) far: Far,
}

impl Worker {
    /// Thread `id`'s part; `far` says whether it gathers far successors in buckets (not with
    /// reached bits, which any thread sets).
    pub(super) fn new(id: usize, layout: &Layout, far: bool) -> Self {
        Self {
            id,
            outbox: vec![Vec::new(); layout.threads],
            found: 0,
            applied: 0,
            expanded: 0,
            batch: Vec::with_capacity(BATCH + 64 * 16),
            far: Far::new(layout, far),
        }
    }
}

/// log2 of the words of codes that make a segment worth reading in order before its blocks
/// are expanded when it holds [`WARM_BLOCKS`] of the level's blocks (2^15 words are 256 KiB,
/// half the L2 cache of a core of this machine; a smaller segment needs as many blocks per
/// word). The level's moves land all over it, and read in order it comes from memory at
/// streaming speed instead of a line at a time at random (measured over the full space of 14
/// discs: see docs/performance.md).
pub(super) const WARM_SHIFT: u32 = 15;

/// The dirty blocks per 2^[`WARM_SHIFT`] words that make a segment worth reading in order
/// first: below that, the few lines its moves touch cost less than the segment.
pub(super) const WARM_BLOCKS: u64 = 16;

/// When [`Reads`] gathers, successors within 2^NEAR_SHIFT states of the block expanded are
/// reached at once, and the others gathered with their words prefetched ([`BATCH`]).
pub(super) const NEAR_SHIFT: u32 = 16;

/// The far mask of a level read as `reads` says: a successor is far when it differs from its
/// block in a bit of the mask.
pub(super) fn far_mask(reads: Reads) -> u64 {
    if reads.gathers() { !0 << NEAR_SHIFT } else { 0 }
}

/// The far single successors a thread has gathered: a bucket per segment, of `1 << shift`
/// states each, reached (or mailed) a bucket at a time when it is full and at the end of the
/// thread's expansion. One hold per state instead would make the threads fight over the holds'
/// cache lines on spaces whose moves land anywhere; a bucket costs one store a state, where
/// sorting the successors by segment would read and write each of them several times.
pub(super) struct Far {
    pub(super) shift: u32,
    /// Bucket `s` is `states[s << shift..][..fill[s]]`.
    pub(super) states: Vec<u64>,
    pub(super) fill: Vec<u32>,
}

impl Far {
    pub(super) fn new(layout: &Layout, far: bool) -> Self {
        if !far || layout.threads == 1 && !layout.confined {
            // One thread holds every segment, or none is gathered: nothing is far.
            return Self {
                shift: 0,
                states: Vec::new(),
                fill: Vec::new(),
            };
        }
        let shift = layout.far_bucket_shift();
        Self {
            shift,
            states: vec![0; layout.segments << shift],
            fill: vec![0; layout.segments],
        }
    }

    /// Adds `succ` to `segment`'s bucket, and says whether the bucket is full.
    #[inline(always)]
    pub(super) fn push(&mut self, segment: usize, succ: u64) -> bool {
        let fill = self.fill[segment];
        self.states[(segment << self.shift) + fill as usize] = succ;
        self.fill[segment] = fill + 1;
        fill + 1 == 1 << self.shift
    }
}

/// Successors gathered before they are probed.
pub(super) const BATCH: usize = 512;
