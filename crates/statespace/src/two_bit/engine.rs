//! The level loop of the two-bit search: threads that claim segments of the table in turn.
//!
//! The table is cut into segments of `2^SEGMENT_SHIFT` states or more (see [`Layout::new`]).
//! In a level's expansion every thread claims the next segment not yet claimed (one atomic
//! counter), expands the segment's dirty blocks, and claims again until none is left, so a
//! thread that runs slower (a busy core, a level whose states crowd into a few segments) takes
//! fewer segments instead of holding the others up. While a thread holds a segment it is the
//! only one to write the segment's words and dirty bits, with plain loads and stores (an
//! `AtomicU64` load and store with `Relaxed` ordering compile to ordinary moves: no `lock`ed
//! instruction). A successor outside the segment held is read first (at once, or batched with
//! its word prefetched), and when it is unreached gathered in a bucket for its segment (see
//! [`Far`]); a full bucket is written at once when no thread holds its segment (held for
//! the write: a flag per segment, taken and let go with one atomic swap and one store), and
//! otherwise sent, as (word, states) pairs, to the thread that applies that segment's mail
//! (segment `s` to thread `s mod T`), and applied after every thread has expanded. A search in
//! a [`TableStore`] (on disk) is confined: every successor outside the segment held is mailed,
//! and the mail is kept, sorted, for the next level, which writes a segment's part (with its
//! own code: those states are its own) when it claims the segment, before expanding it, so that
//! a level reads the table once; its levels claim segments in alternate directions. Reading a
//! successor's word needs no hold: a state reached stays reached, and most successors are, so
//! most never reach a bucket (on spaces whose moves land anywhere, this is what lets a second
//! thread pay).
//!
//! Dirty bits mark the blocks of 64 states (two words of codes) that received a state in the
//! level just finished: the next level expands exactly those blocks, handing each block's
//! states with the level's code to [`Space::expand_block`] at once as a [`Members`] set. What
//! the space reports comes back as sets of states (64 consecutive states, or one), and reaching
//! a set is word arithmetic against the codes, which `Members` lays out the same way: `codes &
//! codes >> 1 & set` are the set's unreached states in a word of 32, and one store writes the
//! next level's code into all of them. The store and the dirty mark are made whether or not
//! anything was reached: which sets reach something is unpredictable, and a branch on it costs
//! more than the write.
//!
//! A space that expands state by state (the default [`Space::expand_block`]) is called for
//! each state of the level not yet expanded (an exact frontier: a bit a state, set as its block
//! is expanded, so that reaching a state writes its word of codes and a dirty bit, nothing
//! more). When successors are read at once, the closure handed to
//! [`Space::for_each_successor`] holds the table itself and does what a plain loop does: load
//! the successor's word and test its field; an unreached one leaves the space's loop.
//!
//! With an exact frontier in memory, the search keeps a second bitmap, a bit a state for the
//! states reached ([`Shared::reached`]): a successor is tested and set there, not in the codes,
//! and its block marked dirty; once the level is expanded (and, on several threads, after the
//! barrier), each dirty block's states reached and still unreached in the codes get the next
//! level's code ([`Level::merge`], the segments shared among the threads). A level's random
//! reads and writes then touch one bit a state, as a queue BFS's do, where the codes are two;
//! the codes are read and written block by block. Any thread sets any bit, with no hold and no
//! mail. Alone, gathered successors are set with no branch at all (whether a bit was set is as
//! unpredictable as the moves); read at once, a bit is stored only when it was clear (a store a
//! successor would chain the successors of a state that share a word through memory). On
//! several threads, a successor read at once is tested in the shared bits with a plain load
//! (most successors were reached already), then set with an atomic `or` whose old value says
//! whether this thread reached the state; gathered ones go to the thread's own bits
//! ([`Shared::own`]), with plain stores: an atomic `or` cannot overlap with the loads after
//! it, so a new state far in the table stalled the thread for a whole trip to memory. The merge joins the threads' bits into the shared ones and gives the union back to
//! every thread, so a thread's bits miss only what the others reached in the same level. Each
//! thread marks dirty blocks in its own words ([`Shared::marks`]), gathered by the merge.
//!
//! A level's moves land all over a segment; a segment with enough dirty blocks is read in order
//! before its blocks are expanded (see [`WARM_SHIFT`]), so that its words come from memory at
//! streaming speed rather than a cache line at a time.
//!
//! A space whose moves can be undone in one move ([`Space::reversible`]), searched in memory
//! with states of one weight, runs its late levels *backward* ([`Level::backward`]): once fewer
//! states are unreached than the level holds, each unreached state looks through its own
//! successors for one with the level's code (its predecessors, in such a space), the first one
//! found ending its search; it writes only its own word, so threads share segments with no
//! hold, mail or dirty bit. On the cube-like spaces whose last levels hold most of the space,
//! the level that would expand the most states asks a third as many instead. Once a level runs
//! backward the rest do (no dirty blocks are marked for a forward one).
//!
//! The calling thread is one of the workers and also runs the level loop (seeds, level sizes,
//! progress) while the others wait. Threads meet three times a level at a [`Barrier`] that
//! spins before it sleeps.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};

use crate::reads::Reads;
use crate::space::Space;

use super::store::{Resume, TableStore};
use super::table::{TableAllocError, TwoBitTable, Weight, try_filled};

mod backward;
mod fields;
mod layout;
mod lead;
mod level;
mod shared;
mod sink;
mod sync;
mod worker;

use layout::*;
use shared::*;
use sync::*;
use worker::*;

pub use fields::compress_fields;
#[cfg(test)]
pub(crate) use layout::layout_threads;

/// How [`search`] searches, besides the space.
pub(super) struct Options {
    /// The threads asked for (one for small tables, see [`Layout::new`]).
    pub threads: usize,
    /// Whether to keep a bit a state for the states expanded already ([`Shared::done`]).
    pub exact_frontier: bool,
    /// Whether every near successor is reached at once, or far ones gathered (see
    /// [`Reads`]); `None` to choose by trying both ways on the first large levels.
    pub cached: Option<bool>,
    /// The level after which the way of reading switches, whatever the trial (the tests').
    pub switch_reads_after: Option<u64>,
}

/// The search of [`TwoBitSearch`](super::TwoBitSearch): seeds sorted by level.
pub(super) fn search<S: Space + Sync>(
    space: &S,
    len: u64,
    seeds: &[(u64, u32)],
    weight: &impl Weight,
    progress: &mut impl FnMut(u32, u64),
    options: Options,
) -> Result<(TwoBitTable, Vec<u64>), TableAllocError> {
    let table = TwoBitTable::try_new(len)?;
    let sizes = search_in(space, &table, seeds, weight, progress, options, None)?;
    Ok((table, sizes))
}

/// A reached bit for each state of `table` (a word a block of 64): set for those with a code.
fn reached_bits(table: &TwoBitTable) -> Result<Vec<AtomicU64>, TableAllocError> {
    let words: &[AtomicU64] = &table.words;
    let bits = try_filled(words.len().div_ceil(2) as u64, || AtomicU64::new(0))?;
    for (block, cell) in bits.iter().enumerate() {
        let codes = |w: usize| words.get(w).map_or(u64::MAX, |w| w.load(Ordering::Relaxed));
        let [low, high] = [codes(2 * block), codes(2 * block + 1)];
        if low & high == u64::MAX {
            // None reached (most blocks of a new table): the bits are clear already.
            continue;
        }
        // A field is reached unless both its bits are set.
        let reached = |c: u64| compress_fields(!(c & c >> 1));
        let mut set = reached(low) | reached(high) << 32;
        let first = (block as u64) << 6;
        if first + 64 > table.len {
            set &= (1u64 << (table.len - first)) - 1;
        }
        cell.store(set, Ordering::Relaxed);
    }
    Ok(bits)
}

/// The threads a search of `len` states asked to run on `threads` threads runs on.
pub(super) fn layout_thread_count(len: u64, threads: usize) -> usize {
    Layout::new(len, threads).threads
}

/// log2 of the words of a segment of the search of `len` states on `threads` threads: the
/// unit within which one thread writes at a time.
pub(super) fn segment_words_shift(len: u64, threads: usize) -> u32 {
    Layout::new(len, threads).segment_words_shift()
}

/// The search into `table` (every state unreached, or as a checkpoint left it when the search
/// in a store resumes).
pub(super) fn search_in<S: Space + Sync>(
    space: &S,
    table: &TwoBitTable,
    seeds: &[(u64, u32)],
    weight: &impl Weight,
    progress: &mut impl FnMut(u32, u64),
    options: Options,
    store: Option<(&dyn TableStore, Option<Resume>)>,
) -> Result<Vec<u64>, TableAllocError> {
    let len = table.len;
    let layout = Layout {
        confined: store.is_some(),
        ..Layout::new(len, options.threads)
    };
    let bitmaps = Bitmaps::new(table, &options, &layout)?;
    let shared = Shared {
        space,
        weight,
        table: &table.words,
        len,
        layout,
        reads: Reads::new(len, options.cached),
        switch_reads_after: options.switch_reads_after,
        far_mask: Padded(AtomicU64::new(far_mask(Reads::new(len, options.cached)))),
        expanded: Padded(AtomicU64::new(0)),
        dirty: bitmaps.dirty,
        done: bitmaps.done,
        reached: bitmaps.reached,
        own: bitmaps.own,
        marks: bitmaps.marks,
        claim: Padded(AtomicUsize::new(0)),
        depth: Padded(AtomicU64::new(0)),
        stop: AtomicBool::new(false),
        may_backward: space.reversible()
            && store.is_none()
            && weight.uniform().is_some_and(|w| w > 0),
        backward: AtomicBool::new(false),
        found: Padded(AtomicU64::new(0)),
        applied: Padded(AtomicU64::new(0)),
        pending: (0..layout.threads)
            .map(|_| RwLock::new(Vec::new()))
            .collect(),
        spill_at: store
            .as_ref()
            .and_then(|(store, _)| store.spill_at())
            .map_or(usize::MAX, |at| at.max(1)),
        mail: (0..layout.threads * layout.threads)
            .map(|_| Mutex::new(Vec::new()))
            .collect(),
        held: Holds::new(layout.segments),
        barrier: Barrier::new(layout.threads),
        failed: AtomicBool::new(false),
        failure: Mutex::new(None),
        store: store.as_ref().map(|&(store, _)| store),
    };
    let resume = store.and_then(|(_, resume)| resume);
    let sizes = run_threads(&shared, seeds, progress, resume);
    let failure = shared
        .failure
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(payload) = failure {
        // The first panic of any thread, raised again with its own message.
        std::panic::resume_unwind(payload);
    }
    Ok(sizes)
}

/// The bitmaps a search keeps beside the codes ([`Shared`] says what each is for).
struct Bitmaps {
    dirty: [Dirty; 2],
    done: Option<Vec<AtomicU64>>,
    reached: Option<Vec<AtomicU64>>,
    own: Vec<Vec<AtomicU64>>,
    marks: Vec<Vec<AtomicU64>>,
}

impl Bitmaps {
    /// The bitmaps of a search of `table` laid out as `layout` (confined in a store or not):
    /// the frontier bits and reached bits only for an exact frontier, the reached bits and
    /// each thread's own copy of them only in memory.
    fn new(
        table: &TwoBitTable,
        options: &Options,
        layout: &Layout,
    ) -> Result<Self, TableAllocError> {
        let blocks = table.words.len().div_ceil(2);
        let in_memory = !layout.confined;
        let reached = if options.exact_frontier && in_memory {
            Some(reached_bits(table)?)
        } else {
            None
        };
        // Each thread's own bits start as copies of the shared ones.
        let own = match &reached {
            Some(reached) if layout.threads > 1 => (0..layout.threads)
                .map(|_| {
                    let mut words = reached.iter();
                    try_filled(reached.len() as u64, || {
                        AtomicU64::new(words.next().map_or(0, |w| w.load(Ordering::Relaxed)))
                    })
                })
                .collect::<Result<_, _>>()?,
            _ => Vec::new(),
        };
        Ok(Bitmaps {
            dirty: [Dirty::new(blocks)?, Dirty::new(blocks)?],
            done: if options.exact_frontier {
                Some(try_filled(blocks as u64, || AtomicU64::new(0))?)
            } else {
                None
            },
            reached,
            own,
            marks: if options.exact_frontier && in_memory && layout.threads > 1 {
                (0..layout.threads)
                    .map(|_| try_filled(blocks.div_ceil(64) as u64, || AtomicU64::new(0)))
                    .collect::<Result<_, _>>()?
            } else {
                Vec::new()
            },
        })
    }
}

/// The search's threads: the calling thread leads ([`Shared::lead`]) and the others work each
/// level ([`Shared::work`]); the level sizes. A thread that cannot start is a failure of the
/// search (the ones started are let go).
fn run_threads<S: Space + Sync, W: Weight>(
    shared: &Shared<'_, S, W>,
    seeds: &[(u64, u32)],
    progress: &mut impl FnMut(u32, u64),
    resume: Option<Resume>,
) -> Vec<u64> {
    let threads = shared.layout.threads;
    std::thread::scope(|scope| {
        for id in 1..threads {
            let started = std::thread::Builder::new()
                .name(format!("two-bit-{id}"))
                .spawn_scoped(scope, move || shared.work(id));
            if let Err(error) = started {
                // The threads started wait for the calling thread, which stops them.
                let message = format!("the two-bit search could not start a thread: {error}");
                shared.guard(|| std::panic::panic_any(message));
                for _ in id..threads {
                    shared.barrier.leave();
                }
                break;
            }
        }
        shared.lead(seeds, progress, resume)
    })
}

#[cfg(test)]
mod tests;
