//! [`Sink`]: where a space reports the successors of the block being expanded.

use std::sync::atomic::{AtomicU64, Ordering};

use super::fields::*;
use super::layout::*;
use super::level::*;
use super::worker::*;
use crate::arena::{prefetch_read, prefetch_write};
use crate::members::{InBlock, Members};
use crate::space::{Space, Successors};
use crate::two_bit::table::{UNSEEN, Weight, check_block_bound, check_bound};

/// What [`Space::expand_block`] reports into during a level: successors are bounds-checked,
/// and those in the segment held reached at once (sets) or batched with their words
/// prefetched (single states); the others are mailed.
pub(super) struct Sink<'l, 'w, 's, 'a, S, W> {
    pub(super) level: &'l Level<'s, 'a, S, W>,
    pub(super) worker: &'w mut Worker,
    /// The segment the thread holds.
    pub(super) segment: usize,
    /// The block being expanded, and the single successors that fall in it.
    pub(super) block: InBlock,
    // What the common case reads, copied here (a field of the sink, which the space's loop
    // holds exclusively, may stay in a register; one behind the level's shared part is read
    // again after every write).
    pub(super) table: &'s [AtomicU64],
    pub(super) len: u64,
    pub(super) far_mask: u64,
    pub(super) layout: Layout,
}

impl<S: Space + Sync, W: Weight> Sink<'_, '_, '_, '_, S, W> {
    /// [`Successors::one`] for a successor outside the block being expanded: the common case
    /// (near, and reached already) inlined into the space's loop, the rest out of it.
    #[inline(always)]
    pub(super) fn other(&mut self, state: u64, succ: u64) {
        if (succ ^ self.block.first()) & self.far_mask == 0
            && let Some(cell) = self.table.get((succ >> 5) as usize)
        {
            // Near (or the table is small): its word is likely in the cache, read at once. A
            // state reached already stays so: one in another thread's segment needs no hold to
            // be seen reached, and most successors are. The table's last word is padded with
            // unreached fields, so a successor past the end but in that word is unreached here
            // and refused by the bound check of `gather`.
            let codes = cell.load(Ordering::Relaxed);
            if codes >> (2 * (succ & 31)) & UNSEEN == UNSEEN {
                self.unseen(state, succ, cell, codes);
            }
            return;
        }
        self.gather(state, succ);
    }

    /// A successor read at once and found unreached (`codes` its word, read from `cell`):
    /// reached when it lies in the segment held (and in the table), else gathered. Out of the
    /// space's loop: most successors were reached already.
    #[inline(never)]
    pub(super) fn unseen(&mut self, state: u64, succ: u64, cell: &AtomicU64, codes: u64) {
        if succ >= self.len {
            // Refused, naming both states.
            self.gather(state, succ);
        } else if self.holds(succ) {
            self.level
                .reach_loaded(&mut self.worker.found, succ, cell, codes);
        } else {
            // Read already: straight to its segment's bucket.
            self.bucket(succ);
        }
    }

    /// A successor not read yet (or past the table's end): checked against the table's bound,
    /// then batched with its word prefetched, to be read when the batch is probed (in a
    /// confined search, one in a segment the thread does not hold goes to its bucket unread).
    #[inline(never)]
    pub(super) fn gather(&mut self, state: u64, succ: u64) {
        let shared = self.level.shared;
        check_bound(state, succ, shared.len);
        if !self.holds(succ) {
            if !self.layout.confined {
                // Read first, a batch at a time with its word prefetched now, like the near
                // ones: most far successors were reached already, and only the others need a
                // bucket (a store now, a load and a second read of the word when it is full).
                prefetch_read(&shared.table[(succ >> 5) as usize]);
                self.worker.batch.push(succ);
                return;
            }
            self.bucket(succ);
            return;
        }
        if (succ ^ self.block.first()) >> 8 != 0 {
            // Off this block's cache lines.
            prefetch_read(&shared.table[(succ >> 5) as usize]);
        }
        self.worker.batch.push(succ);
    }

    /// Adds `succ`, unreached when it was read and in a segment the calling thread does not
    /// hold, to its segment's bucket; reaches (or mails) the bucket when it is full.
    #[inline]
    pub(super) fn bucket(&mut self, succ: u64) {
        let segment = self.layout.segment(succ);
        if self.worker.far.push(segment, succ) {
            self.level.flush_bucket(self.worker, segment);
        }
    }

    /// Whether the calling thread may write the words of `state`'s segment.
    #[inline(always)]
    pub(super) fn holds(&self, state: u64) -> bool {
        self.layout.writes(self.segment, state)
    }
}

impl<S: Space + Sync, W: Weight> Successors for Sink<'_, '_, '_, '_, S, W> {
    #[inline(always)]
    fn one(&mut self, state: u64, succ: u64) {
        if self.block.gather(succ) {
            // In the block itself: reached as one set after the block.
            return;
        }
        self.other(state, succ);
    }

    #[inline]
    fn many(&mut self, first: u64, set: Members) {
        let shared = self.level.shared;
        if first.is_multiple_of(64) && first + 64 <= shared.len {
            // An aligned block (what spaces that rank by digits mostly report): two words of
            // one segment, since segments are aligned blocks too.
            if self.holds(first) {
                self.level.reach_block(self.worker, first, set);
                return;
            }
        } else {
            // Three words from the one holding `first`, in the table and in one segment held
            // by this thread: reached with no further checks.
            let base = first & !31;
            let layout = shared.layout;
            if base + 96 <= shared.len
                && layout.segment(base) == layout.segment(base + 95)
                && self.holds(base)
            {
                self.level.reach_three(self.worker, first, set);
                return;
            }
        }
        let Some(last) = set.last() else {
            return;
        };
        let last = first + u64::from(last);
        check_block_bound(self.block.first(), last, shared.len);
        let (word, pieces) = set.over_words(first);
        let word = word as usize;
        if self.holds(first) && self.holds(last) {
            // Words of the segment held, reached at once (they are near, mostly in the cache).
            for (i, piece) in pieces.enumerate() {
                self.level
                    .reach_word(&mut self.worker.found, word + i, piece);
            }
        } else {
            for (i, piece) in pieces.enumerate() {
                if piece != 0 {
                    self.level
                        .reach_mask(self.worker, self.segment, word + i, piece);
                }
            }
        }
    }
}

impl<'s, 'a, S: Space + Sync, W: Weight> Level<'s, 'a, S, W> {
    /// A sink for the successors of the block of 64 from `first`, in `segment`.
    #[inline(always)]
    pub(super) fn sink<'l, 'w>(
        &'l self,
        worker: &'w mut Worker,
        segment: usize,
        first: u64,
    ) -> Sink<'l, 'w, 's, 'a, S, W> {
        Sink {
            level: self,
            worker,
            segment,
            block: InBlock::new(first, self.shared.len),
            table: self.shared.table,
            len: self.shared.len,
            far_mask: self.far_mask,
            layout: self.shared.layout,
        }
    }

    /// The states `states` of the block from `first` expanded one by one into `sink`, each
    /// successor's reached bit read the way the search reads them now (gathered or at once),
    /// and counted into `expanded`.
    #[inline(always)]
    pub(super) fn expand_states(
        &self,
        sink: &mut Sink<'_, '_, 's, 'a, S, W>,
        first: u64,
        states: u64,
        expanded: &mut u64,
    ) {
        let marks = self.shared.marks(sink.worker.id);
        // An exact frontier is kept in memory only, always with reached bits.
        let reached = self
            .shared
            .reached()
            .expect("an exact frontier has reached bits");
        if self.far_mask != 0 {
            // Gathered, with reached bits: every successor in the table batched with its
            // bit's word prefetched (for a write), and set when the batch is probed, on
            // several threads in the thread's own bits (`Shared::own`). A near one is
            // batched too: testing it at once costs a branch as unpredictable as the moves,
            // where the batch sets bits with none (measured in docs/performance.md).
            let len = self.shared.len;
            let words = self.shared.own(sink.worker.id).unwrap_or(reached).as_ptr();
            let mut batch = std::mem::take(&mut sink.worker.batch);
            each_state(first, states, expanded, |state| {
                let (sink, batch) = (&mut *sink, &mut batch);
                self.shared.space.for_each_successor(state, move |succ| {
                    if succ < len {
                        prefetch_write(words.wrapping_add((succ >> 6) as usize));
                        batch.push(succ);
                    } else {
                        sink.gather(state, succ);
                    }
                });
            });
            sink.worker.batch = batch;
        } else {
            // At once, with reached bits: every successor's bit tested, and set (its block
            // marked dirty) when it was not.
            let len = self.shared.len;
            each_state(first, states, expanded, |state| {
                let sink = &mut *sink;
                self.shared.space.for_each_successor(state, move |succ| {
                    if succ < len {
                        // Set only when not: a store each successor would chain the
                        // successors sharing a word (a move of a low digit) one after
                        // another through memory.
                        self.reach_bit(reached, succ, marks);
                    } else {
                        sink.gather(state, succ);
                    }
                });
            });
        }
    }
}
