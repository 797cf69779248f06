//! [`Reach`]: where a worker's expansion of a block reports its successors: those of its slice
//! reached at once, the others sent to their owners.

use statespace::block::{InBlock, Members, Successors, prefetch_read};
use statespace::{Space, Weight};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::InputHandle;

use super::rounds::receive;
use crate::owners::Owners;
use crate::report::Traffic;
use crate::slice::{BLOCK, Slice};

/// When [`statespace::block::Reads`] gathers, a worker's successors beyond 2^[`NEAR_SHIFT`]
/// states of their block are gathered with their words prefetched, [`BATCH`] at a time (the
/// bounds `statespace::TwoBitSearch` uses).
const NEAR_SHIFT: u32 = 16;
pub(super) const BATCH: usize = 512;

/// Where a worker's expansion of a block reports: successors in its slice are reached here (a
/// set at a time), the others sent to their owners.
pub(super) struct Reach<'a, W> {
    pub(super) slice: &'a mut Slice,
    pub(super) owners: Owners,
    /// The expanding worker.
    pub(super) me: usize,
    /// The states of the space.
    pub(super) len: u64,
    /// The code written into what is reached.
    pub(super) code: u64,
    pub(super) weight: &'a W,
    /// The weight reached.
    pub(super) found: u64,
    pub(super) sent: Traffic,
    pub(super) ranks: &'a mut InputHandle<u64, CapacityContainerBuilder<Vec<u64>>>,
    /// This worker's process.
    pub(super) process: usize,
    pub(super) workers_per_process: usize,
    /// The block being expanded, and the single successors that fall in it, reached as one
    /// set after the block (as `statespace::TwoBitSearch` does).
    pub(super) block: InBlock,
    /// When [`Reads`](statespace::block::Reads) gathers ([`Reach::gathers`]): this worker's successors far
    /// from their block, with their place in the slice, their words asked for as they come and
    /// read a batch at a time, so that the loads overlap (as `statespace::TwoBitSearch` does).
    pub(super) batch: Vec<(u64, u64)>,
    pub(super) gathers: bool,
}

impl<W: Weight> Reach<'_, W> {
    /// Marks the ranks in `inbox` (all this slice's), adding the weight of those reached.
    pub(super) fn receive(&mut self, inbox: &mut Vec<u64>) {
        self.found += receive(self.slice, inbox, self.owners, self.code, self.weight);
    }

    /// Expands `members` of the block of 64 at rank `first` (local state `at` of this slice),
    /// then reaches its successors within the block itself as one set.
    #[inline]
    pub(super) fn expand<S: Space>(&mut self, space: &S, at: u64, first: u64, members: Members) {
        self.block = InBlock::new(first, self.len);
        space.expand_block(first, members, self);
        let set = self.block.take();
        if set.is_empty() {
            return;
        }
        if self.block.is_whole() {
            let new = self.slice.reach_block(at, set, self.code);
            self.found += self.weight.of_block(first, new);
        } else {
            let (weight, found) = (self.weight, &mut self.found);
            self.slice.reach_set(at, set, self.code, |i, fields| {
                *found += weight.of_fields((first & !31) + 32 * i, fields);
            });
        }
    }
}

impl<W: Weight> Reach<'_, W> {
    /// Reaches the batch's unreached successors, and empties it.
    pub(super) fn probe(&mut self) {
        let mut batch = std::mem::take(&mut self.batch);
        for &(succ, local) in &batch {
            if self.slice.unseen(local) {
                self.reach_owned(succ, local);
            }
        }
        batch.clear();
        self.batch = batch;
    }

    /// Gathers `succ`, this worker's, at `local` in the slice, its word asked for; probes the
    /// batch when it is full.
    #[inline(never)]
    pub(super) fn gather(&mut self, succ: u64, local: u64) {
        prefetch_read(&self.slice.words[(local / 32) as usize]);
        self.batch.push((succ, local));
        if self.batch.len() >= BATCH {
            self.probe();
        }
    }

    /// Reaches `succ`, unreached, at `local` in this slice.
    #[inline(never)]
    pub(super) fn reach_owned(&mut self, succ: u64, local: u64) {
        let new = self.slice.reach(local, self.code);
        self.found += self.weight.of_fields(succ & !31, new);
    }

    /// A successor of `state` that is not this worker's: checked against the space's bound,
    /// then sent to its owner.
    #[inline(never)]
    pub(super) fn send(&mut self, state: u64, succ: u64) {
        if succ >= self.len {
            out_of_bounds(state, succ, self.len);
        }
        let owner = self.owners.owner(succ);
        if owner / self.workers_per_process == self.process {
            self.sent.within += 1;
        } else {
            self.sent.between += 1;
        }
        self.ranks.send(succ);
    }
}

impl<W: Weight> Successors for Reach<'_, W> {
    /// The common cases (in the block, or this worker's and reached already) inlined into the
    /// space's loop, the rest out of it.
    #[inline(always)]
    fn one(&mut self, state: u64, succ: u64) {
        if self.block.gather(succ) {
            // In the block being expanded (in this slice): reached as one set after it.
            return;
        }
        if succ < self.len {
            let (owner, local) = self.owners.place(succ);
            if owner == self.me {
                if self.gathers && (succ ^ self.block.first()) >> NEAR_SHIFT != 0 {
                    self.gather(succ, local);
                } else if self.slice.unseen(local) {
                    // Most successors were reached already (each state is reached from
                    // several): those are only read.
                    self.reach_owned(succ, local);
                }
                return;
            }
        }
        self.send(state, succ);
    }

    #[inline]
    fn many(&mut self, first: u64, set: Members) {
        let Some(last) = set.last() else {
            return;
        };
        let last = first + u64::from(last);
        if last >= self.len {
            out_of_bounds(first, last, self.len);
        }
        let owners = self.owners;
        // Both ends in this worker's segments: one segment (segments of one worker lie
        // `peers` segments apart), so the set is contiguous in the slice too.
        if owners.owner(first) != self.me || owners.owner(last) != self.me {
            for i in set.iter() {
                self.one(first, first + u64::from(i));
            }
            return;
        }
        let local = owners.local(first);
        if first.is_multiple_of(BLOCK) && local + BLOCK <= self.slice.len() {
            // An aligned block (what spaces that rank by digits mostly report).
            let new = self.slice.reach_block(local, set, self.code);
            self.found += self.weight.of_block(first, new);
        } else {
            let (weight, found) = (self.weight, &mut self.found);
            self.slice.reach_set(local, set, self.code, |i, fields| {
                *found += weight.of_fields((first & !31) + 32 * i, fields);
            });
        }
    }
}

/// Panics naming both states: the successor `succ` of `state` is outside the space.
#[cold]
#[inline(never)]
pub(super) fn out_of_bounds(state: u64, succ: u64, len: u64) -> ! {
    panic!(
        "state {state} has the successor {succ}, outside the dense space of {len} states (0..{len})"
    )
}
