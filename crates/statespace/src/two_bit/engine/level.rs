//! [`Level`]: one level expanded forward: segments claimed in turn, dirty blocks expanded
//! state by state or as sets, successors reached, batched, bucketed or mailed, then the mail
//! applied and the reached bits merged.

use std::sync::PoisonError;
use std::sync::atomic::{AtomicU64, Ordering};

use super::layout::*;
use super::shared::*;
use super::worker::*;
use crate::arena::prefetch_read;
use crate::members::Members;
use crate::space::Space;
use crate::two_bit::table::{UNSEEN, Weight, reach_in_word};

/// A level's work: the search's shared part, the code of the level expanded, the code written
/// into the states it reaches, and the dirty bits of both.
pub(super) struct Level<'s, 'a, S, W> {
    pub(super) shared: &'s Shared<'a, S, W>,
    /// [`Shared::far_mask`] for this level.
    pub(super) far_mask: u64,
    pub(super) code: u64,
    pub(super) next_code: u64,
    pub(super) current: &'s Dirty,
    pub(super) next: &'s Dirty,
    /// Whether segments are claimed from the last (a confined search alternates, so that each
    /// level starts among the segments the last one left in memory).
    pub(super) reverse: bool,
}

impl<'s, 'a, S: Space + Sync, W: Weight> Level<'s, 'a, S, W> {
    /// Writes `next_code` into the unreached states of `mask` (the low bits of their fields)
    /// in `word`, which the calling thread holds.
    #[inline(always)]
    pub(super) fn reach_word(&self, found: &mut u64, word: usize, mask: u64) {
        let new = self.write(word, mask);
        self.next.mark_if(word / 2, new != 0);
        *found += self.shared.weight.of_fields((word as u64) << 5, new);
    }

    /// [`Level::reach_word`] for the one state `state` (in the segment the calling thread
    /// holds): its field written and its block marked directly, with no mask to gather.
    #[inline(always)]
    pub(super) fn reach_state(&self, found: &mut u64, state: u64) {
        let word = (state >> 5) as usize;
        let shift = 2 * (state & 31);
        let cell = &self.shared.table[word];
        let codes = cell.load(Ordering::Relaxed);
        if codes >> shift & UNSEEN != UNSEEN {
            return;
        }
        self.reach_loaded(found, state, cell, codes);
    }

    /// [`Level::reach_state`] for an unreached `state` whose word of codes the caller read
    /// already (`codes`, from `cell`), in the segment it holds: a second load saved.
    #[inline(always)]
    pub(super) fn reach_loaded(&self, found: &mut u64, state: u64, cell: &AtomicU64, codes: u64) {
        let word = (state >> 5) as usize;
        let shift = 2 * (state & 31);
        if let Some(store) = self.shared.store {
            store.before_write(word);
        }
        cell.store(
            codes & !((UNSEEN ^ self.next_code) << shift),
            Ordering::Relaxed,
        );
        self.next.mark_if(word / 2, true);
        *found += self.shared.weight.of(state);
    }

    /// Writes `next_code` into the unreached states of `mask` in word `word` (the low bits of
    /// their fields), and returns them.
    #[inline(always)]
    pub(super) fn write(&self, word: usize, mask: u64) -> u64 {
        let cell = &self.shared.table[word];
        let (codes, new) = reach_in_word(cell.load(Ordering::Relaxed), mask, self.next_code);
        match self.shared.store {
            // Written whether or not anything is new, with no branch: which sets reach
            // something is unpredictable.
            None => cell.store(codes, Ordering::Relaxed),
            // In a store (on disk) only what changes is written, after the store is told (it
            // saves the page in its undo log):
            // a store into a page dirties it, and a dirty page is written back.
            Some(store) => {
                if new != 0 {
                    store.before_write(word);
                    cell.store(codes, Ordering::Relaxed);
                }
            }
        }
        new
    }

    /// [`Level::reach_word`] for the aligned block of 64 states from `first`, held by the
    /// calling thread: both words at once, and one dirty mark.
    #[inline(always)]
    pub(super) fn reach_block(&self, worker: &mut Worker, first: u64, set: Members) {
        let word = (first >> 5) as usize;
        let set = set.layout();
        let new_low = self.write(word, set as u64);
        let new_high = self.write(word + 1, (set >> 64) as u64);
        self.next.mark_if(word / 2, new_low | new_high != 0);
        let new = u128::from(new_low) | u128::from(new_high) << 64;
        worker.found += self.shared.weight.of_block(first, new);
    }

    /// With a reached bit a state, bits (`reached`) that only the calling thread writes in
    /// the level ([`Shared::reached`] alone, else its own, [`Shared::own`]): marks `state` (in
    /// the table) reached, and its block dirty in `marks` when it was not, with no branch on
    /// whether it was (which is as unpredictable as the moves). `marks` are the next level's
    /// dirty bits alone, else the thread's own ([`Shared::marks`]): the same layout.
    #[inline(always)]
    pub(super) fn set_reached(reached: &[AtomicU64], state: u64, marks: &[AtomicU64]) {
        let block = (state >> 6) as usize;
        let cell = &reached[block];
        let bits = cell.load(Ordering::Relaxed);
        let bit = 1 << (state & 63);
        cell.store(bits | bit, Ordering::Relaxed);
        mark_if(marks, block, bits & bit == 0);
    }

    /// With a reached bit a state: marks `state` (in the table) reached when it was not, and
    /// its block dirty. On several threads (`marks`, the calling thread's dirty marks,
    /// [`Shared::marks`]) the bit is set with an atomic `or` (any thread may set any bit), only
    /// after a plain load found it clear (most successors were reached already).
    #[inline(always)]
    pub(super) fn reach_bit(&self, reached: &[AtomicU64], state: u64, marks: Option<&[AtomicU64]>) {
        let block = (state >> 6) as usize;
        let cell = &reached[block];
        let bits = cell.load(Ordering::Relaxed);
        let bit = 1 << (state & 63);
        if bits & bit == 0 {
            match marks {
                None => {
                    cell.store(bits | bit, Ordering::Relaxed);
                    self.next.mark_if(block, true);
                }
                Some(marks) => {
                    if cell.fetch_or(bit, Ordering::Relaxed) & bit == 0 {
                        mark_if(marks, block, true);
                    }
                }
            }
        }
    }

    /// With a reached bit a state: writes the next level's code into the states of the
    /// blocks the level reached (marked reached, still unreached in the codes), in the
    /// segments `s` with `s mod T` the calling thread's number, and counts them. Every thread has
    /// expanded (a barrier passed): the bits and the marks are final, and only this thread
    /// writes these segments' codes and dirty words.
    pub(super) fn merge(&self, worker: &mut Worker, reached: &[AtomicU64]) {
        let layout = self.shared.layout;
        let words = self.shared.table.len();
        let bits_shift = layout.segment_words_shift() - 7;
        for segment in (worker.id..layout.segments).step_by(layout.threads) {
            let start = segment << bits_shift;
            let end = ((segment + 1) << bits_shift).min(self.next.bits.len());
            for i in start..end {
                // The blocks marked by each thread, for the next level: most words are clear,
                // read with plain loads and written only when not (an atomic swap of every
                // word made each small level slow on several threads; docs/performance.md).
                let before = self.next.bits[i].load(Ordering::Relaxed);
                let mut blocks = before;
                for marks in &self.shared.marks {
                    let marked = marks[i].load(Ordering::Relaxed);
                    if marked != 0 {
                        marks[i].store(0, Ordering::Relaxed);
                        blocks |= marked;
                    }
                }
                if blocks != before {
                    self.next.bits[i].store(blocks, Ordering::Relaxed);
                }
                while blocks != 0 {
                    let block = i * 64 + blocks.trailing_zeros() as usize;
                    blocks &= blocks - 1;
                    let shared = &reached[block];
                    let mut bits = shared.load(Ordering::Relaxed);
                    if !self.shared.own.is_empty() {
                        // The threads' own bits joined, and given back to all.
                        for own in &self.shared.own {
                            bits |= own[block].load(Ordering::Relaxed);
                        }
                        shared.store(bits, Ordering::Relaxed);
                        for own in &self.shared.own {
                            own[block].store(bits, Ordering::Relaxed);
                        }
                    }
                    let fields = Members::from_bits(bits).layout();
                    for (word, fields) in [
                        (2 * block, fields as u64),
                        (2 * block + 1, (fields >> 64) as u64),
                    ] {
                        if word < words {
                            // Reached, and unreached in the codes: this level's.
                            let new = self.write(word, fields);
                            worker.found += self.shared.weight.of_fields((word as u64) << 5, new);
                        }
                    }
                }
            }
        }
    }

    /// Reaches the states of `set` from `first`, which lie in the three words from the one
    /// holding `first`: all in the table and in the segment the calling thread holds.
    #[inline(always)]
    pub(super) fn reach_three(&self, worker: &mut Worker, first: u64, set: Members) {
        let word = (first >> 5) as usize;
        for (i, piece) in set.three_words(first).into_iter().enumerate() {
            let new = self.write(word + i, piece);
            self.next.mark_if((word + i) / 2, new != 0);
            worker.found += self.shared.weight.of_fields(((word + i) as u64) << 5, new);
        }
    }

    /// The expansion of the level on the calling thread: segments claimed in turn until none
    /// is left (or another thread failed).
    pub(super) fn expand(&self, worker: &mut Worker) {
        let shared = self.shared;
        let segments = shared.layout.segments;
        let nth = |claimed: usize| {
            if self.reverse {
                segments - 1 - claimed
            } else {
                claimed
            }
        };
        let pending = shared.layout.confined.then(|| {
            shared
                .pending
                .iter()
                .map(|piece| piece.read().unwrap_or_else(PoisonError::into_inner))
                .collect::<Vec<_>>()
        });
        let mail = |segment: usize| -> Vec<&[Sent]> {
            let Some(pending) = &pending else {
                return Vec::new();
            };
            let shift = shared.layout.segment_words_shift();
            let (start, end) = ((segment as u64) << shift, (segment as u64 + 1) << shift);
            pending
                .iter()
                .map(|piece| {
                    let from = piece.partition_point(|&(word, _)| word < start);
                    let to = from + piece[from..].partition_point(|&(word, _)| word < end);
                    &piece[from..to]
                })
                .filter(|mail| !mail.is_empty())
                .collect()
        };
        // Whether the store holds mail spilled by the last level for a segment.
        let spilled = |segment: usize| -> bool {
            let shift = shared.layout.segment_words_shift();
            shared.layout.confined
                && shared.spill_at != usize::MAX
                && shared.store.is_some_and(|store| {
                    store.has_spilled(segment << shift, (segment + 1) << shift)
                })
        };
        loop {
            let claimed = shared.claim.0.fetch_add(1, Ordering::Relaxed);
            if claimed >= segments || shared.failed.load(Ordering::Relaxed) {
                break;
            }
            let segment = nth(claimed);
            if let Some(store) = shared.store {
                // A segment some claims ahead, read while this one is expanded.
                let ahead = claimed + PREFETCH_SEGMENTS;
                if ahead < segments
                    && (self.has_dirty(nth(ahead))
                        || !mail(nth(ahead)).is_empty()
                        || spilled(nth(ahead)))
                {
                    let ahead = nth(ahead);
                    let shift = shared.layout.segment_words_shift();
                    store.prefetch(ahead << shift, (ahead + 1) << shift);
                }
            }
            let mail = mail(segment);
            let spilled = spilled(segment);
            // A segment with nothing to do is not held: the current level's dirty bits are
            // not written during the level, and on a space with many small levels most
            // segments have none.
            if !mail.is_empty() || spilled || self.has_dirty(segment) {
                let _held = shared.held.hold(segment);
                if !mail.is_empty() || spilled {
                    self.apply_mail(worker, segment, &mail, spilled);
                }
                self.expand_segment(worker, segment);
            }
            if let Some(store) = shared.store {
                let shift = shared.layout.segment_words_shift();
                store.done_with(segment << shift, (segment + 1) << shift);
            }
        }
    }

    /// Writes the last level's mail for `segment` (held by the calling thread) with this
    /// level's code, before the segment is expanded: its states are this level's, and their
    /// blocks are expanded with the segment's others.
    /// `spilled`: the store holds more of it ([`TableStore::spilled`](crate::backend::TableStore::spilled)).
    pub(super) fn apply_mail(
        &self,
        worker: &mut Worker,
        segment: usize,
        mail: &[&[Sent]],
        spilled: bool,
    ) {
        let shift = self.shared.layout.segment_words_shift();
        let (start, end) = (segment << shift, (segment + 1) << shift);
        if let Some(store) = self.shared.store {
            store.enter(start, end);
        }
        let level = Level {
            next_code: self.code,
            next: self.current,
            ..*self
        };
        for piece in mail {
            for &(word, mask) in *piece {
                level.reach_word(&mut worker.applied, word as usize, mask);
            }
        }
        if spilled && let Some(store) = self.shared.store {
            store.spilled(start, end, &mut |word, mask| {
                assert!(
                    (start..end).contains(&(word as usize)),
                    "the store's spilled mail for the words {start}..{end} holds word {word}"
                );
                level.reach_word(&mut worker.applied, word as usize, mask);
            });
        }
    }

    /// Whether `segment` has blocks to expand in the level.
    pub(super) fn has_dirty(&self, segment: usize) -> bool {
        let bits_shift = self.shared.layout.segment_words_shift() - 7;
        let start = segment << bits_shift;
        let end = ((segment + 1) << bits_shift).min(self.current.bits.len());
        self.current.bits[start.min(end)..end]
            .iter()
            .any(|b| b.load(Ordering::Relaxed) != 0)
    }

    /// Expands the states of `segment`'s dirty blocks with the level's code, the calling thread
    /// holding the segment.
    ///
    /// Sets of successors are reached as they come; single successors are gathered in batches
    /// of a few hundred, each one's word asked of the cache as it is generated, and probed only
    /// when the batch is full or the segment done: the loads of far successors overlap instead
    /// of waiting one after another.
    pub(super) fn expand_segment(&self, worker: &mut Worker, segment: usize) {
        let layout = self.shared.layout;
        let words_shift = layout.segment_words_shift();
        // Dirty words: 64 blocks, 128 words of codes each.
        let bits_shift = words_shift - 7;
        let start = segment << bits_shift;
        let end = ((segment + 1) << bits_shift).min(self.current.bits.len());
        let bits = &self.current.bits[start..end];
        if bits.iter().all(|b| b.load(Ordering::Relaxed) == 0) {
            return;
        }
        if let Some(store) = self.shared.store {
            let shift = layout.segment_words_shift();
            store.enter(segment << shift, (segment + 1) << shift);
        }
        if self.shared.done.is_none() {
            let dirty: u64 = bits
                .iter()
                .map(|b| u64::from(b.load(Ordering::Relaxed).count_ones()))
                .sum();
            // Segments have at most 2^WARM_SHIFT words (MAX_SEGMENT_SHIFT).
            if dirty << (WARM_SHIFT - words_shift) >= WARM_BLOCKS {
                self.warm(segment);
            }
        }
        for (i, cell) in bits.iter().enumerate() {
            let mut blocks = cell.load(Ordering::Relaxed);
            if blocks == 0 {
                continue;
            }
            cell.store(0, Ordering::Relaxed);
            while blocks != 0 {
                let block = (start + i) * 64 + blocks.trailing_zeros() as usize;
                blocks &= blocks - 1;
                self.expand_block(worker, segment, block);
            }
        }
        // The batch's states in this segment are written while the thread still holds it.
        self.probe(worker, segment);
    }

    /// Reads the words of `segment` in order, so that the level's moves into them find them in
    /// the cache (see [`WARM_SHIFT`]).
    pub(super) fn warm(&self, segment: usize) {
        let table = self.shared.table;
        let shift = self.shared.layout.segment_words_shift();
        let start = (segment << shift).min(table.len());
        let end = ((segment + 1) << shift).min(table.len());
        let mut sum = 0u64;
        // One word of each cache line is enough to bring the line in.
        for word in table[start..end].iter().step_by(8) {
            sum = sum.wrapping_add(word.load(Ordering::Relaxed));
        }
        std::hint::black_box(sum);
    }

    /// Expands the states of block `block` (of `segment`) with the level's code.
    #[inline]
    pub(super) fn expand_block(&self, worker: &mut Worker, segment: usize, block: usize) {
        let table = self.shared.table;
        let word_index = 2 * block;
        let first = (word_index as u64) << 5;
        if first >= self.shared.len {
            return;
        }
        let codes = [word_index, word_index + 1]
            .map(|w| table.get(w).map_or(u64::MAX, |w| w.load(Ordering::Relaxed)));
        let mut members = Members::with_code(codes, self.code);
        if first + 64 > self.shared.len {
            members &= !Members::ALL.shift_up((self.shared.len - first) as u32);
        }
        if let Some(done) = &self.shared.done {
            // Only the states not yet expanded, not older ones with the level's code. A space
            // with an exact frontier expands state by state, so its states are handed over one
            // by one, with no set made.
            let cell = &done[block];
            let before = cell.load(Ordering::Relaxed);
            let states = members.bits() & !before;
            cell.store(before | states, Ordering::Relaxed);
            if states == 0 {
                return;
            }
            // States, not successors, are counted for `Reads`: a count in the space's loop
            // would be a store and a load a successor when the loop is not inlined. (Counted
            // one by one: `count_ones` is a dozen instructions on a target without `popcnt`.)
            let mut expanded = 0;
            let mut sink = self.sink(worker, segment, first);
            self.expand_states(&mut sink, first, states, &mut expanded);
            let local = sink.block.take();
            worker.expanded += expanded;
            self.after_block(worker, segment, first, local);
            return;
        }
        if members.is_empty() {
            return;
        }
        let mut sink = self.sink(worker, segment, first);
        self.shared.space.expand_block(first, members, &mut sink);
        let local = sink.block.take();
        self.after_block(worker, segment, first, local);
    }

    /// After a block's expansion: its own successors reached as one set, and the batch probed
    /// once it is full.
    #[inline(always)]
    pub(super) fn after_block(
        &self,
        worker: &mut Worker,
        segment: usize,
        first: u64,
        local: Members,
    ) {
        if !local.is_empty() {
            // Single successors in the block itself, gathered as one set.
            self.reach_local(worker, segment, first, local);
        }
        if worker.batch.len() >= BATCH {
            self.probe(worker, segment);
        }
    }

    /// Reaches the states `local` of the block of 64 from `first` (in `segment`, the one the
    /// calling thread holds).
    #[inline]
    pub(super) fn reach_local(
        &self,
        worker: &mut Worker,
        segment: usize,
        first: u64,
        set: Members,
    ) {
        let len = self.shared.len;
        if first + 64 <= len {
            self.reach_block(worker, first, set);
        } else {
            // The table's last block, maybe a word short: the words holding the bits.
            let word = (first >> 5) as usize;
            let layout = set.layout();
            for (i, piece) in [layout as u64, (layout >> 64) as u64]
                .into_iter()
                .enumerate()
            {
                if piece != 0 {
                    self.reach_mask(worker, segment, word + i, piece);
                }
            }
        }
    }

    /// Reaches the unreached successors batched by `worker` (those outside `segment`, the one
    /// it holds, go to their segment's bucket), and empties the batch.
    #[inline]
    pub(super) fn probe(&self, worker: &mut Worker, segment: usize) {
        let mut batch = std::mem::take(&mut worker.batch);
        let layout = self.shared.layout;
        if let Some(reached) = self.shared.reached() {
            let reached = self.shared.own(worker.id).unwrap_or(reached);
            // With reached bits, the batch holds successors in the table: set with no branch,
            // in bits only this thread writes.
            let marks = self.shared.marks(worker.id).unwrap_or(&self.next.bits);
            for &succ in &batch {
                Self::set_reached(reached, succ, marks);
            }
            batch.clear();
            worker.batch = batch;
            return;
        }
        for &succ in &batch {
            if layout.writes(segment, succ) {
                // Most single successors were reached already (each state is reached from
                // several): those are only read.
                self.reach_state(&mut worker.found, succ);
            } else if self.shared.table[(succ >> 5) as usize].load(Ordering::Relaxed)
                >> (2 * (succ & 31))
                & UNSEEN
                == UNSEEN
            {
                // Seen unreached without a hold (a state reached stays so): reached with the
                // others of its bucket.
                let target = layout.segment(succ);
                if worker.far.push(target, succ) {
                    self.flush_bucket(worker, target);
                }
            }
        }
        batch.clear();
        worker.batch = batch;
    }

    /// Reaches the far successors gathered by `worker` (in segments it does not hold), a
    /// bucket at a time.
    pub(super) fn flush_far(&self, worker: &mut Worker) {
        for segment in 0..worker.far.fill.len() {
            self.flush_bucket(worker, segment);
        }
    }

    /// Reaches the far successors gathered by `worker` for `segment`, and empties the bucket:
    /// the segment held once for all of them, or, when another thread holds it, the lot mailed
    /// to its applier.
    pub(super) fn flush_bucket(&self, worker: &mut Worker, segment: usize) {
        let fill = std::mem::take(&mut worker.far.fill[segment]) as usize;
        if fill == 0 {
            return;
        }
        let start = segment << worker.far.shift;
        let bucket = &worker.far.states[start..start + fill];
        let held = if self.shared.layout.confined {
            None
        } else {
            self.shared.held.try_hold(segment)
        };
        if let Some(_held) = held {
            for (i, &succ) in bucket.iter().enumerate() {
                if let Some(&ahead) = bucket.get(i + 8) {
                    prefetch_read(&self.shared.table[(ahead >> 5) as usize]);
                }
                self.reach_state(&mut worker.found, succ);
            }
        } else {
            let applier = self.shared.layout.applier(segment);
            worker.outbox[applier].extend(
                bucket
                    .iter()
                    .map(|&succ| (succ >> 5, 1 << (2 * (succ & 31)))),
            );
            self.spill_if_full(worker);
        }
    }

    /// In a confined search whose store takes mail out of memory, hands the calling thread's
    /// mail to the store once it holds [`Shared::spill_at`] pairs.
    #[inline]
    pub(super) fn spill_if_full(&self, worker: &mut Worker) {
        let shared = self.shared;
        if shared.layout.confined
            && worker.outbox[0].len() >= shared.spill_at
            && let Some(store) = shared.store
        {
            store.spill(worker.id, &mut worker.outbox[0]);
        }
    }

    /// Reaches the states of `mask` in `word`: here when the word lies in `segment`, the one the
    /// calling thread holds (or when it is the only thread) or one that no thread holds (held
    /// for the write), else by mail.
    #[inline(always)]
    pub(super) fn reach_mask(&self, worker: &mut Worker, segment: usize, word: usize, mask: u64) {
        let layout = self.shared.layout;
        let state = (word as u64) << 5;
        let target = layout.segment(state);
        if layout.writes(segment, state) {
            self.reach_word(&mut worker.found, word, mask);
        } else if !layout.confined
            && let Some(_held) = self.shared.held.try_hold(target)
        {
            self.reach_word(&mut worker.found, word, mask);
        } else {
            worker.outbox[layout.applier(target)].push((word as u64, mask));
            self.spill_if_full(worker);
        }
    }

    /// Hands the calling thread's outbox to the other threads' mail.
    pub(super) fn post(&self, worker: &mut Worker) {
        let threads = self.shared.layout.threads;
        for (to, sent) in worker.outbox.iter_mut().enumerate() {
            if sent.is_empty() {
                continue;
            }
            let mut slot = self.shared.mail[to * threads + worker.id]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if slot.is_empty() {
                // The slot's emptied vector comes back for the next level.
                std::mem::swap(&mut *slot, sent);
            } else {
                slot.append(sent);
            }
        }
    }

    /// Reaches what the threads sent for the segments the calling thread applies; in a
    /// confined search, keeps what the calling thread mailed, sorted, for the next level.
    pub(super) fn apply(&self, worker: &mut Worker) {
        let threads = self.shared.layout.threads;
        if self.shared.layout.confined {
            // Applied by the next level as it claims each segment, before the segment's
            // blocks are expanded: the table is read once a level, not once more for the mail.
            let mail = &mut worker.outbox[0];
            mail.sort_unstable_by_key(|&(word, _)| word);
            let mut pending = self.shared.pending[worker.id]
                .write()
                .unwrap_or_else(PoisonError::into_inner);
            pending.clear();
            std::mem::swap(&mut *pending, mail);
            return;
        }
        for from in 0..threads {
            let mut slot = self.shared.mail[worker.id * threads + from]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            for &(word, mask) in slot.iter() {
                self.reach_word(&mut worker.found, word as usize, mask);
            }
            slot.clear();
        }
    }
}

impl<'a, S: Space + Sync, W: Weight> Shared<'a, S, W> {
    /// The level of `depth`: its code, and the dirty bits of it and of the next.
    pub(super) fn level(&self, depth: u64) -> Level<'_, 'a, S, W> {
        let parity = (depth % 2) as usize;
        Level {
            shared: self,
            far_mask: self.far_mask.0.load(Ordering::Relaxed),
            code: depth % 3,
            next_code: (depth + 1) % 3,
            current: &self.dirty[parity],
            next: &self.dirty[1 - parity],
            reverse: self.layout.confined && depth % 2 == 1,
        }
    }
}
