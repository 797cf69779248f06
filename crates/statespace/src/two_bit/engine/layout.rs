//! [`Layout`]: how the table is cut into segments, their sizes, and which thread applies each
//! segment's mail.

/// States per segment, as a power of two, at least: 2^16 states are 16 KiB of codes, so
/// successors that change one of the eight smallest digits of a base-4 rank stay in the
/// segment, and a level's work spreads over the threads even when it lies in a few hundred
/// thousand ranks.
pub(super) const SEGMENT_SHIFT: u32 = 16;

/// States per segment, as a power of two, at most. Segments grow with the table, keeping at
/// least [`SEGMENTS_SHIFT`] of them: fewer successors leave the segment they come from (on the
/// 17-disc quotient, several times fewer with 2^20 states a segment than with 2^16), so the
/// mail between threads takes that much less memory, at the same speed or a little better.
pub(super) const MAX_SEGMENT_SHIFT: u32 = 20;

/// log2 of the fewest segments a table is cut into when its segments are larger than
/// 2^[`SEGMENT_SHIFT`]: 64 of them, claimed in turn, still share every level.
pub(super) const SEGMENTS_SHIFT: u32 = 6;

/// log2 of the fewest states per segment of any table: 2^12 states are 128 words of codes and
/// 64 blocks, one word of dirty bits, so two segments never share a word of dirty bits.
pub(super) const MIN_SEGMENT_SHIFT: u32 = 12;

/// How many segments ahead of the one entered a search in a [`TableStore`] asks the store to
/// read ([`TableStore::prefetch`]), so that the disk reads while the threads expand.
pub(super) const PREFETCH_SEGMENTS: usize = 8;

/// How the table is cut into segments.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub(super) threads: usize,
    /// log2 of the states per segment.
    pub(super) segment_shift: u32,
    /// The number of segments (the last one may be partial).
    pub(super) segments: usize,
    /// Whether a thread writes only into the segment it holds, even alone: the search in a
    /// [`TableStore`] (on disk), whose successors in other segments are mailed to the next
    /// level, which writes them as it claims their segment, instead of written into pages that
    /// may have to be read from the disk first.
    pub(super) confined: bool,
}

/// The threads a search of `len` states asked for `threads` runs on (the tests check that
/// their searches on several threads really run on them).
#[cfg(test)]
pub(crate) fn layout_threads(len: u64, threads: usize) -> usize {
    Layout::new(len, threads).threads
}

impl Layout {
    pub(super) fn new(len: u64, threads: usize) -> Self {
        // Small tables are not worth a second thread; segments never exceed the table.
        let threads = if len < 1 << SEGMENT_SHIFT {
            1
        } else {
            threads.max(1)
        };
        let log_len = 63 - len.max(1).leading_zeros();
        let segment_shift = log_len
            .saturating_sub(SEGMENTS_SHIFT)
            .clamp(SEGMENT_SHIFT, MAX_SEGMENT_SHIFT)
            .min(log_len + 1)
            .max(MIN_SEGMENT_SHIFT);
        let segments = len.div_ceil(1 << segment_shift);
        assert!(
            segments < 1 << 40,
            "{len} states are more than the two-bit search's 2^60"
        );
        Self {
            threads,
            segment_shift,
            segments: segments as usize,
            confined: false,
        }
    }

    /// The segment of `state`.
    #[inline(always)]
    pub(super) fn segment(&self, state: u64) -> usize {
        (state >> self.segment_shift) as usize
    }

    /// Whether a thread holding `held` may write the words of `state`: they lie in that segment,
    /// or the thread is the only one.
    #[inline(always)]
    pub(super) fn writes(&self, held: usize, state: u64) -> bool {
        (self.threads == 1 && !self.confined) || self.segment(state) == held
    }

    /// The thread that applies the mail for `segment` (in a confined search, the mail is kept
    /// for the next level, which applies it as it claims the segments: all of it goes to one
    /// outbox, the first).
    #[inline]
    pub(super) fn applier(&self, segment: usize) -> usize {
        if self.confined {
            0
        } else {
            segment % self.threads
        }
    }

    /// log2 of the far single successors a thread gathers for a segment before it reaches
    /// them ([`Far`]): [`FAR_BUCKET_SHIFT`], or less when the segments are many, so that a
    /// thread's buckets hold at most 2^[`FAR_STATES_SHIFT`] states (8 MiB).
    pub(super) fn far_bucket_shift(&self) -> u32 {
        let segments = self.segments.next_power_of_two().trailing_zeros();
        FAR_STATES_SHIFT
            .saturating_sub(segments)
            .clamp(MIN_FAR_BUCKET_SHIFT, FAR_BUCKET_SHIFT)
    }

    /// log2 of the words of codes per segment (at least 7: a word of dirty bits or more).
    #[inline]
    pub(super) fn segment_words_shift(&self) -> u32 {
        self.segment_shift - 5
    }
}

/// log2 of the far single successors a thread gathers for one segment before it reaches them
/// (a segment held once for all of them, or the lot mailed): 256 states, 2 KiB, so that the
/// buckets of a table of a few hundred segments stay in a core's L2 cache. A single state in
/// the unit tests, so that buckets are reached while other threads hold segments, and some
/// are mailed.
#[cfg(not(test))]
pub(super) const FAR_BUCKET_SHIFT: u32 = 8;
#[cfg(test)]
pub(super) const FAR_BUCKET_SHIFT: u32 = 1;

/// log2 of the fewest far successors a bucket holds, however many the segments.
#[cfg(not(test))]
pub(super) const MIN_FAR_BUCKET_SHIFT: u32 = 4;
#[cfg(test)]
pub(super) const MIN_FAR_BUCKET_SHIFT: u32 = 1;

/// log2 of the most far successors a thread's buckets hold together.
pub(super) const FAR_STATES_SHIFT: u32 = 20;
