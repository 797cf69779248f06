//! The level loop of the two-bit search: threads that own interleaved segments of the table.
//!
//! The table is cut into segments of `2^SEGMENT_SHIFT` states (or fewer, for small tables);
//! thread `t` of `T` owns segments `t`, `t + T`, `t + 2T`, ... (interleaved, so that every
//! level's work spreads over the threads). Only the owner of a word ever reads or writes it
//! during a level, with a plain load and store (an `AtomicU64` load and store with `Relaxed`
//! ordering compile to ordinary moves: no `lock`ed instruction), so no cache line moves
//! between cores while a level runs. Successors in another thread's words are sent to it, as
//! (word, states) pairs, and applied by their owner after the level's expansion.
//!
//! Each owner keeps, for its own blocks of 64 states (two words of codes), a bitmap of the
//! blocks that received a state in the level just finished: the next level expands exactly
//! those blocks, handing each block's states with the level's code to [`Space::expand_block`]
//! at once as a [`Members`] set. What the space reports comes back as sets of states (64
//! consecutive states, or one), and reaching a set is word arithmetic against the codes, which
//! `Members` lays out the same way: `codes & codes >> 1 & set` are the set's unreached states
//! in a word of 32, and one store writes the next level's code into all of them. The store and
//! the dirty mark are made whether or not anything was reached: which sets reach something is
//! unpredictable, and a branch on it costs more than the write.
//!
//! A level's moves land all over the owner's words; the owner reads each chunk of them in
//! order before expanding its blocks (see [`WARM_SHIFT`]), so that they come from memory at
//! streaming speed rather than a cache line at a time.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::arena::prefetch_read;
use crate::members::Members;
use crate::space::Space;
use crate::space::Successors;

use super::table::{
    TableAllocError, TwoBitTable, Weight, check_block_bound, check_bound, reach_in_word, try_filled,
};

/// States per segment, as a power of two, at least: 2^16 states are 16 KiB of codes, so
/// successors that change one of the eight smallest digits of a base-4 rank stay in the
/// segment, and a level's work spreads over the threads even when it lies in a few hundred
/// thousand ranks.
const SEGMENT_SHIFT: u32 = 16;

/// States per segment, as a power of two, at most. Segments grow with the table, keeping at
/// least [`SEGMENTS_SHIFT`] of them: fewer successors cross into another thread's segments
/// (measured on the 17-disc quotient: 95 thousand at most in a level with 2^20 states a
/// segment, against 689 thousand with 2^16), so the batches sent between threads take 7 times
/// less memory (half a GiB at 19 discs), at the same speed or a little better.
const MAX_SEGMENT_SHIFT: u32 = 20;

/// log2 of the fewest segments a table is cut into when its segments are larger than
/// 2^[`SEGMENT_SHIFT`]: 64 of them, dealt round the threads, still share every level.
const SEGMENTS_SHIFT: u32 = 6;

/// How the table is shared among the threads.
#[derive(Clone, Copy)]
struct Layout {
    threads: usize,
    /// log2 of the states per segment.
    segment_shift: u32,
    /// `u64::MAX / threads + 1`: segment numbers (below 2^32) are divided by the threads with a
    /// multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
    reciprocal: u64,
}

impl Layout {
    fn new(len: u64, threads: usize) -> Self {
        // Small tables are not worth a second thread; segments never exceed the table.
        let threads = if len < 1 << 16 { 1 } else { threads.max(1) };
        let log_len = 63 - len.max(1).leading_zeros();
        let segment_shift = log_len
            .saturating_sub(SEGMENTS_SHIFT)
            .clamp(SEGMENT_SHIFT, MAX_SEGMENT_SHIFT)
            .min(log_len + 1)
            .max(11);
        assert!(
            len >> segment_shift < 1 << 32,
            "{len} states are more than the two-bit search's 2^52"
        );
        Self::with(threads, segment_shift)
    }

    fn with(threads: usize, segment_shift: u32) -> Self {
        Self {
            threads,
            segment_shift,
            reciprocal: (u64::MAX / threads as u64).wrapping_add(1),
        }
    }

    /// `segment / threads` and `segment % threads`, for a segment number below 2^32.
    #[inline]
    fn divide(&self, segment: u64) -> (usize, usize) {
        let low = self.reciprocal.wrapping_mul(segment);
        let remainder = ((u128::from(low) * self.threads as u128) >> 64) as usize;
        let quotient = ((u128::from(self.reciprocal) * u128::from(segment)) >> 64) as usize;
        (quotient, remainder)
    }

    #[inline]
    fn owner(&self, state: u64) -> usize {
        if self.threads == 1 {
            0
        } else {
            self.divide(state >> self.segment_shift).1
        }
    }

    /// Words of codes per segment (a multiple of 64: a bitmap word never spans two segments).
    #[inline]
    fn segment_words(&self) -> usize {
        1 << (self.segment_shift - 5)
    }

    /// The index, among its owner's words, of the table word holding `state`.
    #[inline]
    fn local_word(&self, state: u64) -> usize {
        let word = (state >> 5) as usize;
        if self.threads == 1 {
            return word;
        }
        let (quotient, _) = self.divide((word >> (self.segment_shift - 5)) as u64);
        quotient << (self.segment_shift - 5) | (word & (self.segment_words() - 1))
    }

    /// The table word of `owner`'s local word `local`.
    #[inline]
    fn global_word(&self, owner: usize, local: usize) -> usize {
        if self.threads == 1 {
            return local;
        }
        let segment = (local >> (self.segment_shift - 5)) * self.threads + owner;
        segment << (self.segment_shift - 5) | (local & (self.segment_words() - 1))
    }

    /// How many table words `owner` holds, counting a last partial segment whole.
    fn owned_words(&self, words: usize) -> usize {
        let segments = words.div_ceil(self.segment_words());
        // Every owner is given room for the most segments any owner holds.
        let owned = segments.div_ceil(self.threads);
        owned * self.segment_words()
    }
}

/// A set of an owner's blocks (pairs of words): a bit each.
///
/// Adding is one `or` with no branch (the search adds on every write, whether or not the write
/// reached anything); a drain scans the bits a word at a time, 64 blocks of 64 states each,
/// which costs a level about `1 / 4096` of the table's states in words read.
struct Dirty {
    bits: Vec<u64>,
}

impl Dirty {
    fn new(blocks: usize) -> Result<Self, TableAllocError> {
        Ok(Self {
            bits: try_filled(blocks.div_ceil(64) as u64, 0)?,
        })
    }

    /// Adds `local` to the set when `hit`, with no branch.
    #[inline(always)]
    fn mark_if(&mut self, local: usize, hit: bool) {
        self.bits[local / 64] |= u64::from(hit) << (local % 64);
    }
}

/// A set of states sent to a word's owner: the word of codes, and the low bit of the field of
/// each of its states in the set.
type Sent = (u64, u64);

/// One thread's share: the dirty sets of its blocks and what it sends to the other threads.
///
/// Aligned to two cache lines, so that two threads' counters and batches never share one.
#[repr(align(128))]
struct Worker {
    id: usize,
    /// The blocks that received a state in the level being expanded.
    current: Dirty,
    /// The blocks that receive a state in this level's expansion.
    next: Dirty,
    /// Per thread, the unreached successors found in its words, for it to apply.
    outbox: Vec<Vec<Sent>>,
    /// The weight of the states this thread reached in the level.
    found: u64,
    /// Single successors generated and not yet probed.
    batch: Vec<u64>,
}

/// log2 of a chunk of a worker's words of codes (2^15 words are 256 KiB, half the L2 cache of
/// a core of this machine). Before a level expands the blocks of a chunk that holds at least
/// [`WARM_BLOCKS`] of them, it reads the whole chunk in order: the level's moves land all over
/// it, and read in order it comes from memory at streaming speed instead of a line at a time
/// at random (measured: twice as fast over the full space of 14 discs).
const WARM_SHIFT: usize = 15;

/// The dirty blocks that make a chunk worth reading in order first: below that, the few
/// lines its moves touch cost less than the chunk.
const WARM_BLOCKS: u32 = 16;

/// Successors gathered before they are probed.
const BATCH: usize = 512;

/// The even bits of `m` (bits `2i`), packed into the low 32 bits (bit `i`).
#[cfg(test)]
fn gather(mut m: u64) -> u64 {
    m = (m | m >> 1) & 0x3333_3333_3333_3333;
    m = (m | m >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    m = (m | m >> 4) & 0x00ff_00ff_00ff_00ff;
    m = (m | m >> 8) & 0x0000_ffff_0000_ffff;
    (m | m >> 16) & 0xffff_ffff
}

/// A level's work: the search's shared part, the code of the level expanded and the code
/// written into the states it reaches.
struct Level<'s, 'a, S, W> {
    shared: &'s Shared<'a, S, W>,
    code: u64,
    next_code: u64,
}

impl<S: Space + Sync, W: Weight> Level<'_, '_, S, W> {
    /// Writes `next_code` into the unreached states of `mask` (the low bits of their fields)
    /// in `word`, one of the calling worker's own words (`local` among them).
    #[inline(always)]
    fn reach_word(&self, next: &mut Dirty, found: &mut u64, word: usize, local: usize, mask: u64) {
        let new = self.write(&self.shared.table[word], mask);
        next.mark_if(local / 2, new != 0);
        *found += self.shared.weight.of_fields((word as u64) << 5, new);
    }

    /// Writes `next_code` into the unreached states of `mask` in `cell` (the low bits of their
    /// fields), and returns them.
    #[inline(always)]
    fn write(&self, cell: &AtomicU64, mask: u64) -> u64 {
        let (codes, new) = reach_in_word(cell.load(Ordering::Relaxed), mask, self.next_code);
        // Written whether or not anything is new, with no branch: which sets reach something
        // is unpredictable.
        cell.store(codes, Ordering::Relaxed);
        new
    }

    /// [`Level::reach_word`] for the aligned block of 64 states from `first`, one of the
    /// calling worker's own: both words at once, and one dirty mark.
    #[inline(always)]
    fn reach_block(&self, worker: &mut Worker, first: u64, set: Members) {
        let word = (first >> 5) as usize;
        let [low, high] = &self.shared.table[word..word + 2] else {
            unreachable!("two words");
        };
        let set = set.layout();
        let new_low = self.write(low, set as u64);
        let new_high = self.write(high, (set >> 64) as u64);
        let local = self.shared.layout.local_word(first);
        worker.next.mark_if(local / 2, new_low | new_high != 0);
        let new = u128::from(new_low) | u128::from(new_high) << 64;
        worker.found += self.shared.weight.of_block(first, new);
    }

    /// Reaches the states of `set` from `first`, which lie in the three words from the one
    /// holding `first`: all in the table, in one segment, and the calling worker's own.
    #[inline(always)]
    fn reach_three(&self, worker: &mut Worker, first: u64, set: Members) {
        let word = (first >> 5) as usize;
        let local = self.shared.layout.local_word(first);
        let [a, b, c] = &self.shared.table[word..word + 3] else {
            unreachable!("three words");
        };
        for (i, (cell, piece)) in [a, b, c]
            .into_iter()
            .zip(set.three_words(first))
            .enumerate()
        {
            let new = self.write(cell, piece);
            worker.next.mark_if((local + i) / 2, new != 0);
            worker.found += self.shared.weight.of_fields(((word + i) as u64) << 5, new);
        }
    }

    /// Expands the states of `worker`'s dirty blocks with the level's code.
    ///
    /// Sets of successors are reached as they come; single successors are gathered in batches
    /// of a few hundred, each one's word asked of the cache as it is generated, and probed only
    /// when the batch is full: the loads of far successors overlap instead of waiting one after
    /// another.
    fn expand(&self, worker: &mut Worker) {
        let mut current = std::mem::replace(&mut worker.current, Dirty { bits: Vec::new() });
        // Bitmap words per chunk of 2^WARM_SHIFT words of codes (two words a block).
        let per_chunk = 1 << (WARM_SHIFT - 7);
        for (chunk, bits) in current.bits.chunks_mut(per_chunk).enumerate() {
            let dirty: u32 = bits.iter().map(|b| b.count_ones()).sum();
            if dirty == 0 {
                continue;
            }
            if dirty >= WARM_BLOCKS {
                self.warm(worker.id, chunk);
            }
            for (i, word) in bits.iter_mut().enumerate() {
                let mut blocks = std::mem::take(word);
                while blocks != 0 {
                    let block = (chunk * per_chunk + i) * 64 + blocks.trailing_zeros() as usize;
                    blocks &= blocks - 1;
                    self.expand_block(worker, block);
                }
            }
        }
        self.probe(worker);
        worker.current = current;
    }

    /// Reads the worker's words of chunk `chunk` in order, so that the level's moves into them
    /// find them in the cache (see [`WARM_SHIFT`]).
    fn warm(&self, id: usize, chunk: usize) {
        let layout = self.shared.layout;
        let table = self.shared.table;
        let segment = layout.segment_words();
        let mut sum = 0u64;
        for local in (chunk << WARM_SHIFT..(chunk + 1) << WARM_SHIFT).step_by(segment) {
            let start = layout.global_word(id, local).min(table.len());
            let end = (start + segment).min(table.len());
            // One word of each cache line is enough to bring the line in.
            for word in table[start..end].iter().step_by(8) {
                sum = sum.wrapping_add(word.load(Ordering::Relaxed));
            }
        }
        std::hint::black_box(sum);
    }

    /// Expands the states of the worker's local block `block` with the level's code.
    #[inline]
    fn expand_block(&self, worker: &mut Worker, block: usize) {
        let table = self.shared.table;
        let word_index = self.shared.layout.global_word(worker.id, 2 * block);
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
        if members.is_empty() {
            return;
        }
        let mut sink = Sink {
            level: self,
            worker: &mut *worker,
            first,
        };
        self.shared.space.expand_block(first, members, &mut sink);
        if worker.batch.len() >= BATCH {
            self.probe(worker);
        }
    }

    /// Reaches the unreached successors batched by `worker` (sending those in other threads'
    /// words to them), and empties the batches.
    #[inline]
    fn probe(&self, worker: &mut Worker) {
        let mut batch = std::mem::take(&mut worker.batch);
        for &succ in &batch {
            self.reach_mask(worker, (succ >> 5) as usize, 1 << (2 * (succ & 31)));
        }
        batch.clear();
        worker.batch = batch;
    }

    /// Reaches the states of `mask` in `word`: here when the worker owns the word, else by
    /// sending those still unreached to the owner.
    #[inline(always)]
    fn reach_mask(&self, worker: &mut Worker, word: usize, mask: u64) {
        let layout = self.shared.layout;
        let state = (word as u64) << 5;
        let owner = layout.owner(state);
        if owner == worker.id {
            let local = layout.local_word(state);
            self.reach_word(&mut worker.next, &mut worker.found, word, local, mask);
        } else {
            worker.outbox[owner].push((word as u64, mask));
        }
    }

    /// Applies what the other threads found in `worker`'s words.
    fn apply(&self, worker: &mut Worker, inbox: &[Sent]) {
        let layout = self.shared.layout;
        for &(word, mask) in inbox {
            let local = layout.local_word(word << 5);
            self.reach_word(
                &mut worker.next,
                &mut worker.found,
                word as usize,
                local,
                mask,
            );
        }
    }
}

/// What [`Space::expand_block`] reports into during a level: successors are bounds-checked,
/// their words prefetched when the worker owns them, and batched.
struct Sink<'l, 'w, 's, 'a, S, W> {
    level: &'l Level<'s, 'a, S, W>,
    worker: &'w mut Worker,
    /// The block being expanded.
    first: u64,
}

impl<S: Space + Sync, W: Weight> Successors for Sink<'_, '_, '_, '_, S, W> {
    #[inline]
    fn one(&mut self, state: u64, succ: u64) {
        let shared = self.level.shared;
        check_bound(state, succ, shared.len);
        if (succ ^ self.first) >> 8 != 0 && shared.layout.owner(succ) == self.worker.id {
            // Off this block's cache lines and in this thread's words (another thread's are
            // read once, when probed, rather than pulled in early).
            prefetch_read(&shared.table[(succ >> 5) as usize]);
        }
        self.worker.batch.push(succ);
    }

    #[inline]
    fn many(&mut self, first: u64, set: Members) {
        let shared = self.level.shared;
        if first.is_multiple_of(64) && first + 64 <= shared.len {
            // An aligned block (what spaces that rank by digits mostly report): two words of
            // one owner, since segments are aligned blocks too.
            if shared.layout.owner(first) == self.worker.id {
                self.level.reach_block(self.worker, first, set);
                return;
            }
        } else {
            // Three words from the one holding `first`, in the table and in one segment (so
            // one owner, and three consecutive local words): reached with no further checks.
            let base = first & !31;
            let segment = shared.layout.segment_shift;
            if base + 96 <= shared.len
                && base >> segment == (base + 95) >> segment
                && shared.layout.owner(base) == self.worker.id
            {
                self.level.reach_three(self.worker, first, set);
                return;
            }
        }
        let Some(last) = set.last() else {
            return;
        };
        let last = first + u64::from(last);
        check_block_bound(self.first, last, shared.len);
        let layout = shared.layout;
        let (word, pieces) = set.over_words(first);
        let word = word as usize;
        let owner = layout.owner(first);
        let worker = &mut *self.worker;
        if owner == worker.id && layout.owner(last) == owner {
            // The worker's own words, reached at once (they are near, mostly in the cache).
            let local = layout.local_word(first);
            for (i, piece) in pieces.enumerate() {
                let (next, found) = (&mut worker.next, &mut worker.found);
                self.level
                    .reach_word(next, found, word + i, local + i, piece);
            }
        } else {
            for (i, piece) in pieces.enumerate() {
                if piece != 0 {
                    self.level.reach_mask(worker, word + i, piece);
                }
            }
        }
    }
}

/// What the coordinating thread asks of a worker, once a level.
enum Command {
    /// Reach these seeds (in the worker's words) at the level of `code`.
    Seed { seeds: Vec<u64>, code: u64 },
    /// Expand the level of `code`.
    Expand { code: u64 },
    /// Reach what the other threads found in the worker's words, at the level after `code`.
    Apply { inbox: Vec<Sent>, code: u64 },
}

/// A worker's answer.
enum Reply {
    /// The weight of the seeds reached.
    Seeded(u64),
    /// The successors found for the other threads, per thread.
    Expanded(Vec<Vec<Sent>>),
    /// The weight reached in the level; the inbox given back, emptied, for reuse.
    Applied(u64, Vec<Sent>),
    /// The worker panicked: the coordinator raises the panic again.
    Panicked(Box<dyn std::any::Any + Send>),
}

/// The shared, read-only part of the search.
struct Shared<'a, S, W> {
    space: &'a S,
    weight: &'a W,
    table: &'a [AtomicU64],
    len: u64,
    layout: Layout,
}

impl<'a, S: Space + Sync, W: Weight> Shared<'a, S, W> {
    fn level(&self, code: u64) -> Level<'_, 'a, S, W> {
        Level {
            shared: self,
            code,
            next_code: (code + 1) % 3,
        }
    }

    /// Carries out `command` on `worker`.
    fn run(&self, worker: &mut Worker, command: Command) -> Reply {
        match command {
            Command::Seed { seeds, code } => {
                let mut found = 0;
                // Seeds are reached at their own level: written with the level's code.
                let level = Level {
                    next_code: code,
                    ..self.level(code)
                };
                for seed in seeds {
                    let local = self.layout.local_word(seed);
                    let (word, bit) = ((seed >> 5) as usize, 1 << (2 * (seed & 31)));
                    level.reach_word(&mut worker.current, &mut found, word, local, bit);
                }
                Reply::Seeded(found)
            }
            Command::Expand { code } => {
                self.level(code).expand(worker);
                let outbox = worker.outbox.iter_mut().map(std::mem::take).collect();
                Reply::Expanded(outbox)
            }
            Command::Apply { mut inbox, code } => {
                self.level(code).apply(worker, &inbox);
                inbox.clear();
                std::mem::swap(&mut worker.current, &mut worker.next);
                Reply::Applied(std::mem::take(&mut worker.found), inbox)
            }
        }
    }
}

/// The workers, on threads of their own (inline when there is one): commands go to all, and
/// the replies come back in the workers' order.
trait Crew {
    fn ask(&mut self, commands: Vec<Command>) -> Vec<Reply>;
}

/// One worker on the calling thread.
struct Alone<'s, 'a, S, W> {
    shared: &'s Shared<'a, S, W>,
    worker: Worker,
}

impl<S: Space + Sync, W: Weight> Crew for Alone<'_, '_, S, W> {
    fn ask(&mut self, commands: Vec<Command>) -> Vec<Reply> {
        commands
            .into_iter()
            .map(|command| self.shared.run(&mut self.worker, command))
            .collect()
    }
}

/// Workers on threads that live as long as the search, each waiting for its commands.
struct Threads {
    commands: Vec<std::sync::mpsc::Sender<Command>>,
    replies: Vec<std::sync::mpsc::Receiver<Reply>>,
}

impl Crew for Threads {
    fn ask(&mut self, commands: Vec<Command>) -> Vec<Reply> {
        for (to, command) in self.commands.iter().zip(commands) {
            to.send(command).expect("a worker waits for its commands");
        }
        let replies: Vec<Reply> = self
            .replies
            .iter()
            .map(|from| from.recv().expect("a worker replies before it ends"))
            .collect();
        if let Some(first) = replies.iter().position(|r| matches!(r, Reply::Panicked(_))) {
            // Let every worker go, then raise the first panic with its own message.
            self.commands.clear();
            if let Some(Reply::Panicked(payload)) = replies.into_iter().nth(first) {
                std::panic::resume_unwind(payload);
            }
            unreachable!("a panicked reply");
        }
        replies
    }
}

/// The search of [`two_bit_bfs_seeded`](super::two_bit_bfs_seeded): seeds sorted by level.
pub(super) fn search<S: Space + Sync>(
    space: &S,
    len: u64,
    seeds: &[(u64, u32)],
    threads: usize,
    weight: &impl Weight,
    progress: &mut impl FnMut(u32, u64),
) -> Result<(TwoBitTable, Vec<u64>), TableAllocError> {
    let table = TwoBitTable::try_new(len)?;
    let layout = Layout::new(len, threads);
    let owned = layout.owned_words(table.words.len());
    let mut workers: Vec<Worker> = (0..layout.threads)
        .map(|id| {
            Ok(Worker {
                id,
                current: Dirty::new(owned / 2)?,
                next: Dirty::new(owned / 2)?,
                outbox: vec![Vec::new(); layout.threads],
                found: 0,
                batch: Vec::with_capacity(BATCH + 64 * 16),
            })
        })
        .collect::<Result<_, TableAllocError>>()?;
    let shared = Shared {
        space,
        weight,
        table: &table.words,
        len,
        layout,
    };
    let sizes = if layout.threads == 1 {
        let worker = workers.pop().expect("one worker");
        let mut alone = Alone {
            shared: &shared,
            worker,
        };
        levels(&mut alone, layout, len, seeds, progress)
    } else {
        std::thread::scope(|scope| {
            let mut crew = Threads {
                commands: Vec::new(),
                replies: Vec::new(),
            };
            for mut worker in workers {
                let (command_to, commands) = std::sync::mpsc::channel::<Command>();
                let (reply_to, replies) = std::sync::mpsc::channel();
                crew.commands.push(command_to);
                crew.replies.push(replies);
                let shared = &shared;
                scope.spawn(move || {
                    for command in commands {
                        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            shared.run(&mut worker, command)
                        }));
                        let failed = run.is_err();
                        let reply = run.unwrap_or_else(Reply::Panicked);
                        if reply_to.send(reply).is_err() || failed {
                            return;
                        }
                    }
                });
            }
            levels(&mut crew, layout, len, seeds, progress)
        })
    };
    Ok((table, sizes))
}

/// The level loop, over any crew: seeds at their levels, then each level expanded and what
/// crossed between threads applied. Returns the level sizes.
fn levels(
    crew: &mut impl Crew,
    layout: Layout,
    len: u64,
    seeds: &[(u64, u32)],
    progress: &mut impl FnMut(u32, u64),
) -> Vec<u64> {
    let threads = layout.threads;
    let mut seeds = seeds.iter().copied().peekable();
    let mut inboxes: Vec<Vec<Sent>> = vec![Vec::new(); threads];
    let mut sizes = Vec::new();
    let mut carried = 0;
    loop {
        let depth = sizes.len() as u64;
        let code = depth % 3;
        let mut size = carried;
        if seeds
            .peek()
            .is_some_and(|&(_, level)| u64::from(level) == depth)
        {
            let mut mine: Vec<Vec<u64>> = vec![Vec::new(); threads];
            while let Some((seed, _)) = seeds.next_if(|&(_, level)| u64::from(level) == depth) {
                assert!(
                    seed < len,
                    "seed {seed} is outside the dense space of {len} states (0..{len})"
                );
                mine[layout.owner(seed)].push(seed);
            }
            let commands = mine
                .into_iter()
                .map(|seeds| Command::Seed { seeds, code })
                .collect();
            for reply in crew.ask(commands) {
                if let Reply::Seeded(weight) = reply {
                    size += weight;
                }
            }
        }
        if size == 0 && seeds.peek().is_none() {
            break;
        }
        if size > 0 || depth == 0 {
            progress(depth as u32, size);
        }
        sizes.push(size);
        if size == 0 {
            // A level before the next seed: nothing to expand.
            carried = 0;
            continue;
        }
        let replies = crew.ask((0..threads).map(|_| Command::Expand { code }).collect());
        for reply in replies {
            if let Reply::Expanded(outbox) = reply {
                for (to, sent) in outbox.into_iter().enumerate() {
                    if inboxes[to].is_empty() {
                        inboxes[to] = sent;
                    } else {
                        inboxes[to].extend(sent);
                    }
                }
            }
        }
        let commands = inboxes
            .iter_mut()
            .map(|inbox| Command::Apply {
                inbox: std::mem::take(inbox),
                code,
            })
            .collect();
        carried = 0;
        for (to, reply) in crew.ask(commands).into_iter().enumerate() {
            if let Reply::Applied(found, inbox) = reply {
                carried += found;
                inboxes[to] = inbox;
            }
        }
    }
    sizes
}

#[cfg(test)]
mod tests;
