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

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

use crate::arena::{prefetch_read, prefetch_write};
use crate::members::{InBlock, Members};
use crate::reads::Reads;
use crate::space::Space;
use crate::space::Successors;

use super::store::{LevelStart, Resume, TableStore};
use super::table::{
    TableAllocError, TwoBitTable, UNSEEN, Weight, check_block_bound, check_bound, reach_in_word,
    try_filled,
};

/// States per segment, as a power of two, at least: 2^16 states are 16 KiB of codes, so
/// successors that change one of the eight smallest digits of a base-4 rank stay in the
/// segment, and a level's work spreads over the threads even when it lies in a few hundred
/// thousand ranks.
const SEGMENT_SHIFT: u32 = 16;

/// States per segment, as a power of two, at most. Segments grow with the table, keeping at
/// least [`SEGMENTS_SHIFT`] of them: fewer successors leave the segment they come from
/// (measured on the 17-disc quotient: 95 thousand at most in a level with 2^20 states a
/// segment, against 689 thousand with 2^16), so the mail between threads takes 7 times less
/// memory (half a GiB at 19 discs), at the same speed or a little better.
const MAX_SEGMENT_SHIFT: u32 = 20;

/// log2 of the fewest segments a table is cut into when its segments are larger than
/// 2^[`SEGMENT_SHIFT`]: 64 of them, claimed in turn, still share every level.
const SEGMENTS_SHIFT: u32 = 6;

/// log2 of the fewest states per segment of any table: 2^12 states are 128 words of codes and
/// 64 blocks, one word of dirty bits, so two segments never share a word of dirty bits.
const MIN_SEGMENT_SHIFT: u32 = 12;

/// How many segments ahead of the one entered a search in a [`TableStore`] asks the store to
/// read ([`TableStore::prefetch`]), so that the disk reads while the threads expand.
const PREFETCH_SEGMENTS: usize = 8;

/// How the table is cut into segments.
#[derive(Clone, Copy)]
struct Layout {
    threads: usize,
    /// log2 of the states per segment.
    segment_shift: u32,
    /// The number of segments (the last one may be partial).
    segments: usize,
    /// Whether a thread writes only into the segment it holds, even alone: the search in a
    /// [`TableStore`] (on disk), whose successors in other segments are mailed to the next
    /// level, which writes them as it claims their segment, instead of written into pages that
    /// may have to be read from the disk first.
    confined: bool,
}

/// The threads a search of `len` states asked for `threads` runs on (the tests check that
/// their searches on several threads really run on them).
#[cfg(test)]
pub(crate) fn layout_threads(len: u64, threads: usize) -> usize {
    Layout::new(len, threads).threads
}

impl Layout {
    fn new(len: u64, threads: usize) -> Self {
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
    fn segment(&self, state: u64) -> usize {
        (state >> self.segment_shift) as usize
    }

    /// Whether a thread holding `held` may write the words of `state`: they lie in that segment,
    /// or the thread is the only one.
    #[inline(always)]
    fn writes(&self, held: usize, state: u64) -> bool {
        (self.threads == 1 && !self.confined) || self.segment(state) == held
    }

    /// The thread that applies the mail for `segment` (in a confined search, the mail is kept
    /// for the next level, which applies it as it claims the segments: all of it goes to one
    /// outbox, the first).
    #[inline]
    fn applier(&self, segment: usize) -> usize {
        if self.confined {
            0
        } else {
            segment % self.threads
        }
    }

    /// log2 of the far single successors a thread gathers for a segment before it reaches
    /// them ([`Far`]): [`FAR_BUCKET_SHIFT`], or less when the segments are many, so that a
    /// thread's buckets hold at most 2^[`FAR_STATES_SHIFT`] states (8 MiB).
    fn far_bucket_shift(&self) -> u32 {
        let segments = self.segments.next_power_of_two().trailing_zeros();
        FAR_STATES_SHIFT
            .saturating_sub(segments)
            .clamp(MIN_FAR_BUCKET_SHIFT, FAR_BUCKET_SHIFT)
    }

    /// log2 of the words of codes per segment (at least 7: a word of dirty bits or more).
    #[inline]
    fn segment_words_shift(&self) -> u32 {
        self.segment_shift - 5
    }
}

/// The dirty bits of every block (pair of words) of the table: a bit each, 64 blocks a word.
///
/// During a level's expansion only the thread holding a segment touches the segment's words of
/// bits, and while the mail is applied only the segment's applier (a segment has 64 blocks or
/// more, so no word is shared), with a plain load and store; adding
/// is one `or` with no branch (the search adds on every write, whether or not the write reached
/// anything).
///
struct Dirty {
    bits: Vec<AtomicU64>,
}

impl Dirty {
    fn new(blocks: usize) -> Result<Self, TableAllocError> {
        Ok(Self {
            bits: try_filled(blocks.div_ceil(64) as u64, || AtomicU64::new(0))?,
        })
    }

    /// Adds `block` to the set when `hit`, with no branch.
    #[inline(always)]
    fn mark_if(&self, block: usize, hit: bool) {
        mark_if(&self.bits, block, hit);
    }
}

/// Sets bit `block` of `marks` (a word for 64 blocks, the layout of [`Dirty`] and of
/// [`Shared::marks`]) when `hit`, with no branch, by a plain load and store: only the calling
/// thread writes these words.
#[inline(always)]
fn mark_if(marks: &[AtomicU64], block: usize, hit: bool) {
    let cell = &marks[block / 64];
    let bits = cell.load(Ordering::Relaxed) | u64::from(hit) << (block % 64);
    cell.store(bits, Ordering::Relaxed);
}

/// A set of states sent to the thread applying its segment's mail: the word of codes, and the
/// low bit of the field of each of its states in the set.
type Sent = (u64, u64);

/// One thread's own part: what it sends to the others, its count, its batch.
struct Worker {
    id: usize,
    /// Per thread, the unreached successors found in the segments it applies.
    outbox: Vec<Vec<Sent>>,
    /// The weight of the states this thread reached in the level.
    found: u64,
    /// In a confined search, the weight of the states of the level itself this thread reached
    /// by applying the last level's mail.
    applied: u64,
    /// The states this thread expanded state by state in the level.
    expanded: u64,
    /// Single successors generated and not yet probed.
    batch: Vec<u64>,
    /// Single successors in segments the thread does not hold, a bucket per segment.
    far: Far,
}

impl Worker {
    /// Thread `id`'s part; `far` says whether it gathers far successors in buckets (not with
    /// reached bits, which any thread sets).
    fn new(id: usize, layout: &Layout, far: bool) -> Self {
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
/// streaming speed instead of a line at a time at random (measured: twice as fast over the
/// full space of 14 discs).
const WARM_SHIFT: u32 = 15;

/// The dirty blocks per 2^[`WARM_SHIFT`] words that make a segment worth reading in order
/// first: below that, the few lines its moves touch cost less than the segment.
const WARM_BLOCKS: u64 = 16;

/// When [`Reads`] gathers, successors within 2^NEAR_SHIFT states of the block expanded are
/// reached at once, and the others gathered with their words prefetched ([`BATCH`]).
const NEAR_SHIFT: u32 = 16;

/// The far mask of a level read as `reads` says: a successor is far when it differs from its
/// block in a bit of the mask.
fn far_mask(reads: Reads) -> u64 {
    if reads.gathers() { !0 << NEAR_SHIFT } else { 0 }
}

/// log2 of the far single successors a thread gathers for one segment before it reaches them
/// (a segment held once for all of them, or the lot mailed): 256 states, 2 KiB, so that the
/// buckets of a table of a few hundred segments stay in a core's L2 cache. A single state in
/// the unit tests, so that buckets are reached while other threads hold segments, and some
/// are mailed.
#[cfg(not(test))]
const FAR_BUCKET_SHIFT: u32 = 8;
#[cfg(test)]
const FAR_BUCKET_SHIFT: u32 = 1;

/// log2 of the fewest far successors a bucket holds, however many the segments.
#[cfg(not(test))]
const MIN_FAR_BUCKET_SHIFT: u32 = 4;
#[cfg(test)]
const MIN_FAR_BUCKET_SHIFT: u32 = 1;

/// log2 of the most far successors a thread's buckets hold together.
const FAR_STATES_SHIFT: u32 = 20;

/// The far single successors a thread has gathered: a bucket per segment, of `1 << shift`
/// states each, reached (or mailed) a bucket at a time when it is full and at the end of the
/// thread's expansion. One hold per state instead would make the threads fight over the holds'
/// cache lines on spaces whose moves land anywhere; a bucket costs one store a state, where
/// sorting the successors by segment would read and write each of them several times.
struct Far {
    shift: u32,
    /// Bucket `s` is `states[s << shift..][..fill[s]]`.
    states: Vec<u64>,
    fill: Vec<u32>,
}

impl Far {
    fn new(layout: &Layout, far: bool) -> Self {
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
    fn push(&mut self, segment: usize, succ: u64) -> bool {
        let fill = self.fill[segment];
        self.states[(segment << self.shift) + fill as usize] = succ;
        self.fill[segment] = fill + 1;
        fill + 1 == 1 << self.shift
    }
}

/// Successors gathered before they are probed.
const BATCH: usize = 512;

/// How long a thread at a [`Barrier`] spins before it sleeps, when every thread has a core of
/// its own: 2 ms, as the levels of small tables are a few milliseconds long and a thread that
/// falls asleep at each of their three barriers costs a wake-up each time (measured, the 14-disc
/// quotient on two threads: a median of 0.57 s with 200 us, 0.46 s with 2 ms, alternating runs).
const SPIN: Duration = Duration::from_millis(2);

/// How long a thread at a [`Barrier`] spins before it sleeps when there are more threads than
/// cores: a spinning thread would then hold a core that a working one needs.
const SHORT_SPIN: Duration = Duration::from_micros(50);

/// The meeting point of the search's threads, three times a level. A thread that arrives
/// early spins for up to [`SPIN`] before it sleeps: the phases of a level mostly end within
/// microseconds of each other, and waking a sleeping thread costs tens to hundreds of
/// microseconds on a virtual machine (measured at 13 discs: 0.5 ms a level spent between
/// threads with a sleeping hand-over, against 97 levels of 1.5 ms of work).
struct Barrier {
    threads: AtomicUsize,
    /// How long a thread spins before it sleeps.
    spin: Duration,
    arrived: AtomicUsize,
    generation: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
}

impl Barrier {
    fn new(threads: usize) -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self {
            threads: AtomicUsize::new(threads),
            spin: if threads <= cores { SPIN } else { SHORT_SPIN },
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        }
    }

    /// Returns once every thread has called it (as many times).
    fn wait(&self) {
        let threads = self.threads.load(Ordering::Acquire);
        if threads == 1 {
            return;
        }
        // The generation cannot change before this thread arrives.
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == threads {
            // Reset before the release: no thread arrives again before it sees the new
            // generation, which the release store orders after the reset.
            self.arrived.store(0, Ordering::Relaxed);
            let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
            self.generation
                .store(generation.wrapping_add(1), Ordering::Release);
            self.wake.notify_all();
            return;
        }
        let start = Instant::now();
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(64) && start.elapsed() > self.spin {
                let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
                while self.generation.load(Ordering::Acquire) == generation {
                    guard = self
                        .wake
                        .wait(guard)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                return;
            }
            std::hint::spin_loop();
        }
    }

    /// One thread fewer to wait for: a thread that could not be started. Called by the
    /// calling thread before it first waits (the others cannot complete a wait without it).
    fn leave(&self) {
        self.threads.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A value alone on its cache lines (two, as a line's neighbour is fetched with it).
#[repr(align(128))]
struct Padded<T>(T);

/// A level's work: the search's shared part, the code of the level expanded, the code written
/// into the states it reaches, and the dirty bits of both.
struct Level<'s, 'a, S, W> {
    shared: &'s Shared<'a, S, W>,
    /// [`Shared::far_mask`] for this level.
    far_mask: u64,
    code: u64,
    next_code: u64,
    current: &'s Dirty,
    next: &'s Dirty,
    /// Whether segments are claimed from the last (a confined search alternates, so that each
    /// level starts among the segments the last one left in memory).
    reverse: bool,
}

impl<'s, 'a, S: Space + Sync, W: Weight> Level<'s, 'a, S, W> {
    /// Writes `next_code` into the unreached states of `mask` (the low bits of their fields)
    /// in `word`, which the calling thread holds.
    #[inline(always)]
    fn reach_word(&self, found: &mut u64, word: usize, mask: u64) {
        let new = self.write(word, mask);
        self.next.mark_if(word / 2, new != 0);
        *found += self.shared.weight.of_fields((word as u64) << 5, new);
    }

    /// [`Level::reach_word`] for the one state `state` (in the segment the calling thread
    /// holds): its field written and its block marked directly, with no mask to gather.
    #[inline(always)]
    fn reach_state(&self, found: &mut u64, state: u64) {
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
    fn reach_loaded(&self, found: &mut u64, state: u64, cell: &AtomicU64, codes: u64) {
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
    fn write(&self, word: usize, mask: u64) -> u64 {
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
    fn reach_block(&self, worker: &mut Worker, first: u64, set: Members) {
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
    fn set_reached(reached: &[AtomicU64], state: u64, marks: &[AtomicU64]) {
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
    fn reach_bit(&self, reached: &[AtomicU64], state: u64, marks: Option<&[AtomicU64]>) {
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
    fn merge(&self, worker: &mut Worker, reached: &[AtomicU64]) {
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
    fn reach_three(&self, worker: &mut Worker, first: u64, set: Members) {
        let word = (first >> 5) as usize;
        for (i, piece) in set.three_words(first).into_iter().enumerate() {
            let new = self.write(word + i, piece);
            self.next.mark_if((word + i) / 2, new != 0);
            worker.found += self.shared.weight.of_fields(((word + i) as u64) << 5, new);
        }
    }

    /// The expansion of the level on the calling thread: segments claimed in turn until none
    /// is left (or another thread failed).
    fn expand(&self, worker: &mut Worker) {
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
        loop {
            let claimed = shared.claim.0.fetch_add(1, Ordering::Relaxed);
            if claimed >= segments || shared.failed.load(Ordering::Relaxed) {
                break;
            }
            let segment = nth(claimed);
            if let Some(store) = shared.store {
                // A segment some claims ahead, read while this one is expanded.
                let ahead = claimed + PREFETCH_SEGMENTS;
                if ahead < segments && (self.has_dirty(nth(ahead)) || !mail(nth(ahead)).is_empty())
                {
                    let ahead = nth(ahead);
                    let shift = shared.layout.segment_words_shift();
                    store.prefetch(ahead << shift, (ahead + 1) << shift);
                }
            }
            let mail = mail(segment);
            // A segment with nothing to do is not held: the current level's dirty bits are
            // not written during the level, and on a space with many small levels most
            // segments have none.
            if !mail.is_empty() || self.has_dirty(segment) {
                let _held = shared.held.hold(segment);
                if !mail.is_empty() {
                    self.apply_mail(worker, segment, &mail);
                }
                self.expand_segment(worker, segment);
            }
            if let Some(store) = shared.store {
                let shift = shared.layout.segment_words_shift();
                store.done_with(segment << shift, (segment + 1) << shift);
            }
        }
    }

    /// The level run backward on the calling thread: segments claimed in turn, and in each,
    /// every unreached state looks through its successors (the same as its predecessors in a
    /// [`Space::reversible`] space) for one with the level's code, and takes the next code
    /// when it finds one. A thread writes only the words of the segments it claims, a word
    /// at a time; the others only read them, and a code written now (the next level's) is
    /// never the one they look for, so no segment is held.
    fn backward(&self, worker: &mut Worker) {
        let shared = self.shared;
        let table = shared.table;
        let len = shared.len;
        let shift = shared.layout.segment_words_shift();
        // A word's unreached states' successors, each one's word asked of the cache as it is
        // generated, then read state by state: the loads overlap instead of waiting one
        // after another.
        let mut successors = std::mem::take(&mut worker.batch);
        let mut ends = [0usize; 32];
        let mut bits = [0u32; 32];
        loop {
            let segment = shared.claim.0.fetch_add(1, Ordering::Relaxed);
            if segment >= shared.layout.segments || shared.failed.load(Ordering::Relaxed) {
                break;
            }
            let start = (segment << shift).min(table.len());
            let end = ((segment + 1) << shift).min(table.len());
            for (word, cell) in table.iter().enumerate().take(end).skip(start) {
                let codes = cell.load(Ordering::Relaxed);
                let first = (word as u64) << 5;
                // The low bit of each unreached state's field, none past the space's end.
                let mut unseen = codes & codes >> 1 & 0x5555_5555_5555_5555;
                if len - first < 32 {
                    unseen &= (1u64 << (2 * (len - first))) - 1;
                }
                if unseen == 0 {
                    continue;
                }
                successors.clear();
                let mut states = 0;
                while unseen != 0 {
                    let bit = unseen.trailing_zeros();
                    unseen &= unseen - 1;
                    let state = first + u64::from(bit / 2);
                    shared.space.for_each_successor(state, |succ| {
                        check_bound(state, succ, len);
                        prefetch_read(&table[(succ >> 5) as usize]);
                        successors.push(succ);
                    });
                    bits[states] = bit;
                    ends[states] = successors.len();
                    states += 1;
                }
                let mut new = 0u64;
                let mut from = 0;
                for (&bit, &to) in bits.iter().zip(&ends).take(states) {
                    let hit = successors[from..to].iter().any(|&succ| {
                        let codes = table[(succ >> 5) as usize].load(Ordering::Relaxed);
                        codes >> (2 * (succ & 31)) & UNSEEN == self.code
                    });
                    new |= u64::from(hit) << bit;
                    from = to;
                }
                if new != 0 {
                    cell.store(
                        codes & !(new * (UNSEEN ^ self.next_code)),
                        Ordering::Relaxed,
                    );
                    worker.found += shared.weight.of_fields(first, new);
                }
            }
        }
        successors.clear();
        worker.batch = successors;
    }

    /// Writes the last level's mail for `segment` (held by the calling thread) with this
    /// level's code, before the segment is expanded: its states are this level's, and their
    /// blocks are expanded with the segment's others.
    fn apply_mail(&self, worker: &mut Worker, segment: usize, mail: &[&[Sent]]) {
        if let Some(store) = self.shared.store {
            let shift = self.shared.layout.segment_words_shift();
            store.enter(segment << shift, (segment + 1) << shift);
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
    }

    /// Whether `segment` has blocks to expand in the level.
    fn has_dirty(&self, segment: usize) -> bool {
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
    fn expand_segment(&self, worker: &mut Worker, segment: usize) {
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
    fn warm(&self, segment: usize) {
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
    fn expand_block(&self, worker: &mut Worker, segment: usize, block: usize) {
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
            let marks = self.shared.marks(sink.worker.id);
            if let (true, Some(reached)) = (self.far_mask != 0, self.shared.reached()) {
                // Gathered, with reached bits: every successor in the table batched with its
                // bit's word prefetched (for a write), and set when the batch is probed, on
                // several threads in the thread's own bits (`Shared::own`). A near one is
                // batched too: testing it at once costs a branch as unpredictable as the moves,
                // where the batch sets bits with none (the figures are in docs/performance.md,
                // 2026-12-05).
                let len = self.shared.len;
                let words = self.shared.own(sink.worker.id).unwrap_or(reached).as_ptr();
                let mut batch = std::mem::take(&mut sink.worker.batch);
                each_state(first, states, &mut expanded, |state| {
                    let (sink, batch) = (&mut sink, &mut batch);
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
            } else if let Some(reached) = self.shared.reached() {
                // At once, with reached bits: every successor's bit tested, and set (its block
                // marked dirty) when it was not.
                let len = self.shared.len;
                each_state(first, states, &mut expanded, |state| {
                    let sink = &mut sink;
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
            } else if self.far_mask == 0 {
                // Every successor read at once: the table copied into the closure, so that the
                // space's loop keeps it in registers, and nothing else checked on the way to
                // the load.
                let table = self.shared.table;
                each_state(first, states, &mut expanded, |state| {
                    let sink = &mut sink;
                    self.shared.space.for_each_successor(state, move |succ| {
                        match table.get((succ >> 5) as usize) {
                            Some(cell) => {
                                let codes = cell.load(Ordering::Relaxed);
                                if codes >> (2 * (succ & 31)) & UNSEEN == UNSEEN {
                                    sink.unseen(state, succ, cell, codes);
                                }
                            }
                            None => sink.gather(state, succ),
                        }
                    });
                });
            } else {
                each_state(first, states, &mut expanded, |state| {
                    self.shared
                        .space
                        .for_each_successor(state, |succ| sink.one(state, succ));
                });
            }
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

    /// A sink for the successors of the block of 64 from `first`, in `segment`.
    #[inline(always)]
    fn sink<'l, 'w>(
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

    /// After a block's expansion: its own successors reached as one set, and the batch probed
    /// once it is full.
    #[inline(always)]
    fn after_block(&self, worker: &mut Worker, segment: usize, first: u64, local: Members) {
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
    fn reach_local(&self, worker: &mut Worker, segment: usize, first: u64, set: Members) {
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
    fn probe(&self, worker: &mut Worker, segment: usize) {
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
    fn flush_far(&self, worker: &mut Worker) {
        for segment in 0..worker.far.fill.len() {
            self.flush_bucket(worker, segment);
        }
    }

    /// Reaches the far successors gathered by `worker` for `segment`, and empties the bucket:
    /// the segment held once for all of them, or, when another thread holds it, the lot mailed
    /// to its applier.
    fn flush_bucket(&self, worker: &mut Worker, segment: usize) {
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
            let outbox = &mut worker.outbox[self.shared.layout.applier(segment)];
            outbox.extend(
                bucket
                    .iter()
                    .map(|&succ| (succ >> 5, 1 << (2 * (succ & 31)))),
            );
        }
    }

    /// Reaches the states of `mask` in `word`: here when the word lies in `segment`, the one the
    /// calling thread holds (or when it is the only thread) or one that no thread holds (held
    /// for the write), else by mail.
    #[inline(always)]
    fn reach_mask(&self, worker: &mut Worker, segment: usize, word: usize, mask: u64) {
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
        }
    }

    /// Hands the calling thread's outbox to the other threads' mail.
    fn post(&self, worker: &mut Worker) {
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
    fn apply(&self, worker: &mut Worker) {
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

/// What [`Space::expand_block`] reports into during a level: successors are bounds-checked,
/// and those in the segment held reached at once (sets) or batched with their words
/// prefetched (single states); the others are mailed.
struct Sink<'l, 'w, 's, 'a, S, W> {
    level: &'l Level<'s, 'a, S, W>,
    worker: &'w mut Worker,
    /// The segment the thread holds.
    segment: usize,
    /// The block being expanded, and the single successors that fall in it.
    block: InBlock,
    // What the common case reads, copied here (a field of the sink, which the space's loop
    // holds exclusively, may stay in a register; one behind the level's shared part is read
    // again after every write).
    table: &'s [AtomicU64],
    len: u64,
    far_mask: u64,
    layout: Layout,
}

impl<S: Space + Sync, W: Weight> Sink<'_, '_, '_, '_, S, W> {
    /// [`Successors::one`] for a successor outside the block being expanded: the common case
    /// (near, and reached already) inlined into the space's loop, the rest out of it.
    #[inline(always)]
    fn other(&mut self, state: u64, succ: u64) {
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
    fn unseen(&mut self, state: u64, succ: u64, cell: &AtomicU64, codes: u64) {
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
    fn gather(&mut self, state: u64, succ: u64) {
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
    fn bucket(&mut self, succ: u64) {
        let segment = self.layout.segment(succ);
        if self.worker.far.push(segment, succ) {
            self.level.flush_bucket(self.worker, segment);
        }
    }

    /// Whether the calling thread may write the words of `state`'s segment.
    #[inline(always)]
    fn holds(&self, state: u64) -> bool {
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

/// Calls `expand` for each state of `states` (bit `i` for `first + i`), lowest first, and
/// counts them in `expanded`.
#[inline(always)]
fn each_state(first: u64, mut states: u64, expanded: &mut u64, mut expand: impl FnMut(u64)) {
    while states != 0 {
        let state = first + u64::from(states.trailing_zeros());
        states &= states - 1;
        *expanded += 1;
        expand(state);
    }
}

/// The low bit of each two-bit field of `fields` (bit `2i`), packed as bit `i`: a word of a
/// table's codes (or of a [`Members`] layout) as a bit a state.
///
/// ```
/// // States 0 and 2 of a word of codes, as the table lays out their fields' low bits.
/// assert_eq!(statespace::block::compress_fields(0b01_00_01), 0b101);
/// ```
#[inline(always)]
pub fn compress_fields(fields: u64) -> u64 {
    let mut x = fields & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// The shared part of the search.
struct Shared<'a, S, W> {
    space: &'a S,
    weight: &'a W,
    table: &'a [AtomicU64],
    len: u64,
    layout: Layout,
    /// How successors' words are read, and whether the choice is measured.
    reads: Reads,
    /// [`Options::switch_reads_after`].
    switch_reads_after: Option<u64>,
    /// The bits of a successor's distance to the block being expanded (`xor`) that make it
    /// far: gathered and prefetched rather than reached at once ([`Reads`]); set by the
    /// calling thread before each level.
    far_mask: Padded<AtomicU64>,
    /// The states the threads expanded state by state in the level.
    expanded: Padded<AtomicU64>,
    /// The dirty bits of the levels of even and of odd depth.
    dirty: [Dirty; 2],
    /// With an exact frontier, a bit a state (a word a block of 64): expanded already. The
    /// states of a dirty block with the level's code and no bit are the level's own, not older
    /// ones with the same code (distance mod 3). The bits are written as a block is expanded,
    /// by the thread holding its segment (like the dirty bits), not as states are reached: a
    /// successor's word of bits would be one more line to fetch from far in the table.
    done: Option<Vec<AtomicU64>>,
    /// With an exact frontier in memory, a bit a state (a word a block): reached. A successor
    /// is tested here, not in the codes: the bits take half the memory, so more of them stay
    /// in the caches when moves land anywhere. Reaching a state sets its bit (and its block's
    /// dirty bit); its code is written after the level's expansion, block by dirty block
    /// ([`Level::merge`]), so a level's random writes touch the bits alone.
    reached: Option<Vec<AtomicU64>>,
    /// With reached bits on several threads, each thread's own reached bits, where it sets
    /// the successors it gathered, with plain stores; [`Level::merge`] joins them with
    /// [`Shared::reached`] and gives the union back to all. An atomic `or` a new state into
    /// shared bits would wait for its line to come from memory (nothing can overtake it),
    /// where a plain store lets the far ones overlap.
    own: Vec<Vec<AtomicU64>>,
    /// With reached bits on several threads, each thread's dirty marks of the level (a word
    /// for 64 blocks, as [`Dirty`]), written by that thread alone and gathered by
    /// [`Level::merge`]: marking the shared bits would take an atomic `or` each.
    marks: Vec<Vec<AtomicU64>>,
    /// The next segment to claim in the level's expansion.
    claim: Padded<AtomicUsize>,
    /// The depth of the level to expand, set by the calling thread before each level.
    depth: Padded<AtomicU64>,
    /// Set by the calling thread when the search is over.
    stop: AtomicBool,
    /// Whether levels may run backward: the space is [`Space::reversible`], the states weigh
    /// the same, and the table is in memory.
    may_backward: bool,
    /// Set by the calling thread for a level run backward ([`Level::backward`]); once set it
    /// stays, since a backward level marks no dirty blocks for a forward one.
    backward: AtomicBool,
    /// The weight reached in the level, added up by every thread.
    found: Padded<AtomicU64>,
    /// In a confined search, the weight of the level's own states reached by its mail (the
    /// last level's far successors), added up by every thread.
    applied: Padded<AtomicU64>,
    /// In a confined search, the far successors of the last level, sorted by word, a piece
    /// per thread that found them: the level applies a segment's part as it claims it.
    pending: Vec<RwLock<Vec<Sent>>>,
    /// The sets sent between threads: `mail[to * threads + from]`.
    mail: Vec<Mutex<Vec<Sent>>>,
    /// Which segments a thread holds.
    held: Holds,
    barrier: Barrier,
    /// Whether a thread panicked, and the first panic.
    failed: AtomicBool,
    failure: Mutex<Option<Box<dyn Any + Send>>>,
    /// For a search in a store (on disk): the store, told of writes and of each level.
    store: Option<&'a dyn TableStore>,
}

impl<'a, S: Space + Sync, W: Weight> Shared<'a, S, W> {
    /// Thread `id`'s dirty marks ([`Shared::marks`]), none alone.
    #[inline(always)]
    fn marks(&self, id: usize) -> Option<&[AtomicU64]> {
        self.marks.get(id).map(Vec::as_slice)
    }

    /// [`Shared::reached`], borrowed.
    #[inline(always)]
    fn reached(&self) -> Option<&[AtomicU64]> {
        self.reached.as_deref()
    }

    /// Thread `id`'s own reached bits ([`Shared::own`]), none alone.
    #[inline(always)]
    fn own(&self, id: usize) -> Option<&[AtomicU64]> {
        self.own.get(id).map(Vec::as_slice)
    }

    /// Tells the store, when the search has one, that level `depth` is about to be expanded
    /// (or that the search is over).
    fn level_start(&self, depth: u64, sizes: &[u64], complete: bool) {
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

    /// Whether the last level left mail for this one (a confined search).
    fn has_pending(&self) -> bool {
        self.pending.iter().any(|piece| {
            !piece
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .is_empty()
        })
    }

    /// The level of `depth`: its code, and the dirty bits of it and of the next.
    fn level(&self, depth: u64) -> Level<'_, 'a, S, W> {
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

    /// Runs `work` unless a thread has failed; a panic is kept (the first one) and marks the
    /// search failed, so every thread still meets the others at each barrier and then stops.
    fn guard(&self, work: impl FnOnce()) {
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        if let Err(payload) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
            let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
            failure.get_or_insert(payload);
            self.failed.store(true, Ordering::Relaxed);
        }
    }

    /// One level's work on the calling thread: its share of the expansion, then what was sent
    /// to it.
    fn level_work(&self, worker: &mut Worker, depth: u64) {
        let level = self.level(depth);
        let backward = self.backward.load(Ordering::Relaxed);
        self.guard(|| {
            if backward {
                level.backward(worker);
                return;
            }
            level.expand(worker);
            level.flush_far(worker);
            if !self.layout.confined {
                level.post(worker);
            }
        });
        self.barrier.wait();
        self.guard(|| {
            if !backward {
                level.apply(worker);
                if let Some(reached) = self.reached() {
                    level.merge(worker, reached);
                }
            }
            self.found.0.fetch_add(worker.found, Ordering::Relaxed);
            self.applied.0.fetch_add(worker.applied, Ordering::Relaxed);
            self.expanded
                .0
                .fetch_add(worker.expanded, Ordering::Relaxed);
        });
        worker.found = 0;
        worker.applied = 0;
        worker.expanded = 0;
        self.barrier.wait();
    }

    /// A thread other than the calling one: each level as the calling thread sets it.
    fn work(&self, id: usize) {
        let mut worker = Worker::new(id, &self.layout, self.reached.is_none());
        loop {
            self.barrier.wait();
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            self.level_work(&mut worker, self.depth.0.load(Ordering::Relaxed));
        }
    }

    /// The calling thread: it runs the level loop, and works each level like the others.
    fn lead(
        &self,
        seeds: &[(u64, u32)],
        progress: &mut impl FnMut(u32, u64),
        resume: Option<Resume>,
    ) -> Vec<u64> {
        let mut worker = Worker::new(0, &self.layout, self.reached.is_none());
        let mut plan = Plan {
            seeds: seeds.iter().copied().peekable(),
            sizes: Vec::new(),
            carried: 0,
        };
        // A search in a store going on from a checkpoint: its levels so far, the blocks of the
        // level it stopped before, and the seeds still to come.
        let mut resumed = None;
        if let Some(resume) = resume {
            // The level to expand is reported once its mail is applied.
            let done = resume.sizes.len().saturating_sub(1);
            for (depth, &size) in resume.sizes[..done].iter().enumerate() {
                if size > 0 || depth == 0 {
                    progress(depth as u32, size);
                }
            }
            let mut mail = resume.mail;
            mail.sort_unstable_by_key(|&(word, _)| word);
            *self.pending[0]
                .write()
                .unwrap_or_else(PoisonError::into_inner) = mail;
            while plan
                .seeds
                .next_if(|&(_, level)| u64::from(level) <= resume.depth)
                .is_some()
            {}
            plan.sizes = resume.sizes;
            let dirty = &self.dirty[(resume.depth % 2) as usize];
            for (cell, bits) in dirty.bits.iter().zip(resume.dirty) {
                cell.store(bits, Ordering::Relaxed);
            }
            resumed = Some(resume.depth);
        }
        let mut reads = self.reads;
        loop {
            let mut next = None;
            if let Some(depth) = resumed.take() {
                next = Some(depth);
            } else {
                self.guard(|| {
                    next = plan.next_level(self, progress);
                    if let Some(depth) = next {
                        self.level_start(depth, &plan.sizes, false);
                    }
                });
            }
            match next {
                Some(depth) if !self.failed.load(Ordering::Relaxed) => {
                    if self.backward_from_now(&mut plan) {
                        self.backward.store(true, Ordering::Relaxed);
                    }
                    self.claim.0.store(0, Ordering::Relaxed);
                    self.depth.0.store(depth, Ordering::Relaxed);
                }
                _ => self.stop.store(true, Ordering::Relaxed),
            }
            // The others go: into the level, or home.
            self.barrier.wait();
            let Some(depth) = next.filter(|_| !self.stop.load(Ordering::Relaxed)) else {
                if !self.failed.load(Ordering::Relaxed) {
                    let depth = plan.sizes.len() as u64;
                    self.guard(|| self.level_start(depth, &plan.sizes, true));
                }
                return plan.sizes;
            };
            let start = Instant::now();
            self.level_work(&mut worker, depth);
            plan.carried = self.found.0.swap(0, Ordering::Relaxed);
            if self.layout.confined {
                // The level's own states reached by its mail: the level is complete.
                let applied = self.applied.0.swap(0, Ordering::Relaxed);
                if let Some(size) = plan.sizes.last_mut() {
                    *size += applied;
                    if *size > 0 || depth == 0 {
                        progress(depth as u32, *size);
                    }
                }
            }
            let expanded = self.expanded.0.swap(0, Ordering::Relaxed);
            if self.backward.load(Ordering::Relaxed) {
                // The way successors are read does not apply to a level run backward.
                continue;
            }
            let mut switched = reads.measured(start.elapsed(), expanded, self.layout.threads);
            if self.switch_reads_after == Some(depth) {
                // Decided the other way from now on.
                reads = Reads::new(self.len, Some(reads.gathers()));
                switched = true;
            }
            if switched {
                self.far_mask.0.store(far_mask(reads), Ordering::Relaxed);
            }
        }
    }

    /// Whether the level about to be expanded runs backward ([`Level::backward`]): it may
    /// ([`Shared::may_backward`]), no seed is still to come, and fewer states are unreached
    /// than the level holds, so that asking each unreached state costs less than expanding
    /// each state of the level.
    fn backward_from_now<I: Iterator<Item = (u64, u32)>>(&self, plan: &mut Plan<I>) -> bool {
        if self.backward.load(Ordering::Relaxed) {
            return true;
        }
        let Some(weight) = self.weight.uniform().filter(|_| self.may_backward) else {
            return false;
        };
        if plan.seeds.peek().is_some() {
            return false;
        }
        let reached: u64 = plan.sizes.iter().sum::<u64>() / weight;
        let level = plan.sizes.last().map_or(0, |&size| size / weight);
        self.len.saturating_sub(reached) < level
    }

    /// Reaches `seed` at the level of `depth` (written with that level's code, marked dirty in
    /// that level's bits): the calling thread alone, while the others wait.
    fn seed(&self, seed: u64, depth: u64) -> u64 {
        let level = Level {
            next_code: depth % 3,
            next: &self.dirty[(depth % 2) as usize],
            ..self.level(depth)
        };
        let word = (seed >> 5) as usize;
        let new = level.write(word, 1 << (2 * (seed & 31)));
        level.next.mark_if(word / 2, new != 0);
        for reached in self.reached.iter().chain(&self.own) {
            reached[word / 2]
                .fetch_or(compress_fields(new) << (32 * (word % 2)), Ordering::Relaxed);
        }
        self.weight.of_fields((word as u64) << 5, new)
    }
}

/// Per segment, whether a thread holds it: the one expanding it, or one writing a successor
/// into it for a moment (see [`Holds::try_hold`]).
///
/// Each flag is alone on its cache lines: threads take and let go of them at every bucket of
/// far successors, and flags sharing a line would send it from core to core each time.
struct Holds(Vec<Padded<AtomicBool>>);

impl Holds {
    fn new(segments: usize) -> Self {
        Self(
            (0..segments)
                .map(|_| Padded(AtomicBool::new(false)))
                .collect(),
        )
    }

    /// Holds `segment` for the thread that claimed it, waiting for a thread that writes into it
    /// for a moment to let go.
    fn hold(&self, segment: usize) -> Held<'_> {
        let flag = &self.0[segment].0;
        let mut spins = 0u32;
        while flag.swap(true, Ordering::Acquire) {
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(1024) {
                // The writer may have lost its core (more threads than cores): give it back.
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        Held(flag)
    }

    /// Holds `segment` when no thread does, for a write into it: a successor outside the
    /// segment a thread expands is written at once unless another thread holds its segment,
    /// which saves mailing it (a far move mostly lands in a segment already expanded or not yet
    /// claimed in the level: mailing them all took 54 MB more at 19 discs).
    #[inline]
    fn try_hold(&self, segment: usize) -> Option<Held<'_>> {
        let flag = &self.0[segment].0;
        // `then`, not `then_some`: a `Held` made and dropped when the flag was taken already
        // would let go of another thread's segment.
        (!flag.swap(true, Ordering::Acquire)).then(|| Held(flag))
    }
}

/// A segment held by the calling thread, let go when dropped (also when a space or a weight
/// panics, so no thread waits for it).
struct Held<'s>(&'s AtomicBool);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// The level loop's own state, kept by the calling thread: seeds still to come (sorted by
/// level), the level sizes so far, and the weight the last expansion reached.
struct Plan<I: Iterator<Item = (u64, u32)>> {
    seeds: std::iter::Peekable<I>,
    sizes: Vec<u64>,
    carried: u64,
}

impl<I: Iterator<Item = (u64, u32)>> Plan<I> {
    /// Completes levels (seeds at their levels, sizes, progress) up to the next one to expand,
    /// and returns its depth; `None` when the search is over.
    fn next_level<S: Space + Sync, W: Weight>(
        &mut self,
        shared: &Shared<'_, S, W>,
        progress: &mut impl FnMut(u32, u64),
    ) -> Option<u64> {
        let len = shared.len;
        // In a confined search, the last level's mail: states of the next level that only
        // its expansion writes, which then reports the level.
        let deferred = shared.layout.confined;
        let mut mail = deferred && shared.has_pending();
        loop {
            let depth = self.sizes.len() as u64;
            let mut size = self.carried;
            self.carried = 0;
            while let Some((seed, _)) = self.seeds.next_if(|&(_, level)| u64::from(level) == depth)
            {
                assert!(
                    seed < len,
                    "seed {seed} is outside the dense space of {len} states (0..{len})"
                );
                size += shared.seed(seed, depth);
            }
            if size == 0 && !mail && self.seeds.peek().is_none() {
                // A confined search's last expansion may find its mail all reached already:
                // its level is empty, and not one of the search's.
                while self.sizes.last() == Some(&0) {
                    self.sizes.pop();
                }
                return None;
            }
            let expand = size > 0 || mail;
            if (!deferred || !expand) && (size > 0 || depth == 0) {
                progress(depth as u32, size);
            }
            self.sizes.push(size);
            if expand {
                return Some(depth);
            }
            // A level before the next seed: nothing to expand.
            mail = false;
        }
    }
}

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
    let blocks = table.words.len().div_ceil(2);
    let reached = if options.exact_frontier && store.is_none() {
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
        dirty: [Dirty::new(blocks)?, Dirty::new(blocks)?],
        done: if options.exact_frontier {
            Some(try_filled(blocks as u64, || AtomicU64::new(0))?)
        } else {
            None
        },
        reached,
        own,
        marks: if options.exact_frontier && store.is_none() && layout.threads > 1 {
            (0..layout.threads)
                .map(|_| try_filled(blocks.div_ceil(64) as u64, || AtomicU64::new(0)))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        },
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
    let sizes = std::thread::scope(|scope| {
        for id in 1..layout.threads {
            let shared = &shared;
            let started = std::thread::Builder::new()
                .name(format!("two-bit-{id}"))
                .spawn_scoped(scope, move || shared.work(id));
            if let Err(error) = started {
                // The threads started wait for the calling thread, which stops them.
                let message = format!("the two-bit search could not start a thread: {error}");
                shared.guard(|| std::panic::panic_any(message));
                for _ in id..layout.threads {
                    shared.barrier.leave();
                }
                break;
            }
        }
        shared.lead(seeds, progress, resume)
    });
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

#[cfg(test)]
mod tests;
