//! [`Shared`]: what every thread of the search sees, and what it asks of it.

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Mutex, PoisonError, RwLock};

use super::layout::*;
use super::sync::*;
use super::worker::*;
use crate::reads::Reads;
use crate::space::Space;
use crate::two_bit::store::{LevelStart, TableStore};
use crate::two_bit::table::Weight;

/// The shared part of the search.
pub(super) struct Shared<'a, S, W> {
    pub(super) space: &'a S,
    pub(super) weight: &'a W,
    pub(super) table: &'a [AtomicU64],
    pub(super) len: u64,
    pub(super) layout: Layout,
    /// How successors' words are read, and whether the choice is measured.
    pub(super) reads: Reads,
    /// [`Options::switch_reads_after`].
    pub(super) switch_reads_after: Option<u64>,
    /// The bits of a successor's distance to the block being expanded (`xor`) that make it
    /// far: gathered and prefetched rather than reached at once ([`Reads`]); set by the
    /// calling thread before each level.
    pub(super) far_mask: Padded<AtomicU64>,
    /// The states the threads expanded state by state in the level.
    pub(super) expanded: Padded<AtomicU64>,
    /// The dirty bits of the levels of even and of odd depth.
    pub(super) dirty: [Dirty; 2],
    /// With an exact frontier, a bit a state (a word a block of 64): expanded already. The
    /// states of a dirty block with the level's code and no bit are the level's own, not older
    /// ones with the same code (distance mod 3). The bits are written as a block is expanded,
    /// by the thread holding its segment (like the dirty bits), not as states are reached: a
    /// successor's word of bits would be one more line to fetch from far in the table.
    pub(super) done: Option<Vec<AtomicU64>>,
    /// With an exact frontier in memory, a bit a state (a word a block): reached. A successor
    /// is tested here, not in the codes: the bits take half the memory, so more of them stay
    /// in the caches when moves land anywhere. Reaching a state sets its bit (and its block's
    /// dirty bit); its code is written after the level's expansion, block by dirty block
    /// ([`Level::merge`]), so a level's random writes touch the bits alone.
    pub(super) reached: Option<Vec<AtomicU64>>,
    /// With reached bits on several threads, each thread's own reached bits, where it sets
    /// the successors it gathered, with plain stores; [`Level::merge`] joins them with
    /// [`Shared::reached`] and gives the union back to all. An atomic `or` a new state into
    /// shared bits would wait for its line to come from memory (nothing can overtake it),
    /// where a plain store lets the far ones overlap.
    pub(super) own: Vec<Vec<AtomicU64>>,
    /// With reached bits on several threads, each thread's dirty marks of the level (a word
    /// for 64 blocks, as [`Dirty`]), written by that thread alone and gathered by
    /// [`Level::merge`]: marking the shared bits would take an atomic `or` each.
    pub(super) marks: Vec<Vec<AtomicU64>>,
    /// The next segment to claim in the level's expansion.
    pub(super) claim: Padded<AtomicUsize>,
    /// The depth of the level to expand, set by the calling thread before each level.
    pub(super) depth: Padded<AtomicU64>,
    /// Set by the calling thread when the search is over.
    pub(super) stop: AtomicBool,
    /// Whether levels may run backward: the space is [`Space::reversible`], the states weigh
    /// the same, and the table is in memory.
    pub(super) may_backward: bool,
    /// Set by the calling thread for a level run backward ([`Level::backward`]); once set it
    /// stays, since a backward level marks no dirty blocks for a forward one.
    pub(super) backward: AtomicBool,
    /// The weight reached in the level, added up by every thread.
    pub(super) found: Padded<AtomicU64>,
    /// In a confined search, the weight of the level's own states reached by its mail (the
    /// last level's far successors), added up by every thread.
    pub(super) applied: Padded<AtomicU64>,
    /// In a confined search, the far successors of the last level, sorted by word, a piece
    /// per thread that found them: the level applies a segment's part as it claims it.
    pub(super) pending: Vec<RwLock<Vec<Sent>>>,
    /// In a confined search, how many pairs of mail a thread keeps before it spills them to
    /// the store ([`TableStore::spill_at`]; `usize::MAX`: never).
    pub(super) spill_at: usize,
    /// The sets sent between threads: `mail[to * threads + from]`.
    pub(super) mail: Vec<Mutex<Vec<Sent>>>,
    /// Which segments a thread holds.
    pub(super) held: Holds,
    pub(super) barrier: Barrier,
    /// Whether a thread panicked, and the first panic.
    pub(super) failed: AtomicBool,
    pub(super) failure: Mutex<Option<Box<dyn Any + Send>>>,
    /// For a search in a store (on disk): the store, told of writes and of each level.
    pub(super) store: Option<&'a dyn TableStore>,
}

impl<'a, S: Space + Sync, W: Weight> Shared<'a, S, W> {
    /// Thread `id`'s dirty marks ([`Shared::marks`]), none alone.
    #[inline(always)]
    pub(super) fn marks(&self, id: usize) -> Option<&[AtomicU64]> {
        self.marks.get(id).map(Vec::as_slice)
    }

    /// [`Shared::reached`], borrowed.
    #[inline(always)]
    pub(super) fn reached(&self) -> Option<&[AtomicU64]> {
        self.reached.as_deref()
    }

    /// Thread `id`'s own reached bits ([`Shared::own`]), none alone.
    #[inline(always)]
    pub(super) fn own(&self, id: usize) -> Option<&[AtomicU64]> {
        self.own.get(id).map(Vec::as_slice)
    }

    /// Tells the store, when the search has one, that level `depth` is about to be expanded
    /// (or that the search is over).
    pub(super) fn level_start(&self, depth: u64, sizes: &[u64], complete: bool) {
        if let Some(store) = self.store {
            let pending: Vec<_> = self
                .pending
                .iter()
                .map(|piece| piece.read().unwrap_or_else(PoisonError::into_inner))
                .collect();
            let mail: Vec<&[Sent]> = pending
                .iter()
                .map(|piece| piece.as_slice())
                .filter(|piece| !piece.is_empty())
                .collect();
            store.level_start(&LevelStart {
                depth,
                sizes,
                dirty: &self.dirty[(depth % 2) as usize].bits,
                mail: &mail,
                complete,
            });
        }
    }

    /// Whether the last level left mail for this one (a confined search), in memory or spilled
    /// to the store.
    pub(super) fn has_pending(&self) -> bool {
        self.store.is_some_and(|store| store.spilled_any())
            || self.pending.iter().any(|piece| {
                !piece
                    .read()
                    .unwrap_or_else(PoisonError::into_inner)
                    .is_empty()
            })
    }
}
