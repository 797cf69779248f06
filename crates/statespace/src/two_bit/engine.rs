//! The level loop of the two-bit search: threads that own interleaved segments of the table.
//!
//! The table is cut into segments of `2^SEGMENT_SHIFT` states (or fewer, for small tables);
//! thread `t` of `T` owns segments `t`, `t + T`, `t + 2T`, ... (interleaved, so that every
//! level's work spreads over the threads). Only the owner of a word ever writes it, with a
//! plain load and store (an `AtomicU64` load and store with `Relaxed` ordering compile to
//! ordinary moves: no `lock`ed instruction), so threads never write the same cache line. A
//! successor in another thread's range is read there (a plain load) and, when still unreached,
//! sent to its owner in a batch that the owner applies after the level's expansion.
//!
//! Each owner keeps, for its own words, a bitmap of the words that received a state in the
//! level just finished (with a summary bit per 64 bitmap words, so that a scan costs what is
//! dirty, not the table's size): the next level scans exactly those words, 32 codes at a time,
//! and hands each word's states with the level's code to [`Space::expand_block`] at once.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::Space;
use crate::arena::prefetch_read;

use super::{TwoBitTable, UNSEEN, check_bound};

/// States per segment, as a power of two: 2^16 states are 16 KiB of codes, so successors that
/// change one of the eight smallest digits of a base-4 rank stay in the segment, and a level's
/// work spreads over the threads even when it lies in a few hundred thousand ranks.
const SEGMENT_SHIFT: u32 = 16;

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
        let segment_shift = SEGMENT_SHIFT.min(64 - len.max(1).leading_zeros()).max(11);
        assert!(
            len >> segment_shift < 1 << 32,
            "{len} states are more than the two-bit search's 2^50"
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

/// A set of an owner's words: a bit per word, and a summary bit per 64 bits.
struct Dirty {
    bits: Vec<u64>,
    summary: Vec<u64>,
}

impl Dirty {
    fn new(words: usize) -> Self {
        let bit_words = words.div_ceil(64);
        Self {
            bits: vec![0; bit_words],
            summary: vec![0; bit_words.div_ceil(64)],
        }
    }

    #[inline]
    fn mark(&mut self, local: usize) {
        let index = local / 64;
        let word = &mut self.bits[index];
        if *word == 0 {
            self.summary[index / 64] |= 1 << (index % 64);
        }
        *word |= 1 << (local % 64);
    }

    /// Calls `f(local)` for every word in the set, in increasing order, emptying the set.
    #[inline]
    fn drain(&mut self, mut f: impl FnMut(usize)) {
        for s in 0..self.summary.len() {
            let mut summary = std::mem::take(&mut self.summary[s]);
            while summary != 0 {
                let index = s * 64 + summary.trailing_zeros() as usize;
                summary &= summary - 1;
                let mut bits = std::mem::take(&mut self.bits[index]);
                while bits != 0 {
                    f(index * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
    }
}

/// One thread's share: the dirty sets of its words and what it sends to the other threads.
///
/// Aligned to two cache lines, so that two threads' counters and batches never share one.
#[repr(align(128))]
struct Worker {
    id: usize,
    /// The words that received a state in the level being expanded.
    current: Dirty,
    /// The words that receive a state in this level's expansion.
    next: Dirty,
    /// Per thread, the unreached successors found in its words, for it to apply.
    outbox: Vec<Vec<u64>>,
    /// The weight of the states this thread reached in the level.
    found: u64,
    /// Successors generated and not yet probed.
    batch: Vec<u64>,
}

/// Successors gathered before they are probed.
const BATCH: usize = 512;

/// The 32 states of a word of codes whose code is `code`, as a mask (bit `i` for state `i`).
#[inline]
fn members(word: u64, code: u64) -> u64 {
    let x = word ^ (0x5555_5555_5555_5555 * code);
    let mut m = !(x | x >> 1) & 0x5555_5555_5555_5555;
    // Gather the even bits into the low 32.
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

impl<S: Space + Sync, W: Fn(u64) -> u64 + Sync> Level<'_, '_, S, W> {
    /// Writes `next_code` into the unreached `state` of `worker`'s own words.
    #[inline]
    fn reach_own(&self, worker_next: &mut Dirty, found: &mut u64, state: u64) {
        self.reach_local(
            worker_next,
            found,
            state,
            self.shared.layout.local_word(state),
        );
    }

    /// [`Level::reach_own`] for a state whose local word is known.
    #[inline(always)]
    fn reach_local(&self, worker_next: &mut Dirty, found: &mut u64, state: u64, local: usize) {
        let cell = &self.shared.table[(state >> 5) as usize];
        let shift = 2 * (state & 31);
        let word = cell.load(Ordering::Relaxed);
        if word >> shift & UNSEEN == UNSEEN {
            // Unseen is 0b11: writing a code is clearing the bits that differ.
            cell.store(
                word & !((UNSEEN ^ self.next_code) << shift),
                Ordering::Relaxed,
            );
            worker_next.mark(local);
            *found += (self.shared.weight)(state);
        }
    }

    /// Expands the states of `worker`'s dirty words with the level's code.
    ///
    /// Successors are gathered in a batch of a few hundred, each one's word asked of the cache
    /// as it is generated, and probed only when the batch is full: the loads of far successors
    /// overlap instead of waiting one after another.
    fn expand(&self, worker: &mut Worker) {
        let Worker {
            id,
            current,
            next,
            outbox,
            found,
            batch,
        } = worker;
        let id = *id;
        let layout = self.shared.layout;
        current.drain(|local| {
            let word_index = layout.global_word(id, local);
            let word = self.shared.table[word_index].load(Ordering::Relaxed);
            let mut members = members(word, self.code);
            let first = (word_index as u64) << 5;
            if first + 32 > self.shared.len {
                members &= (1u64 << (self.shared.len - first)) - 1;
            }
            if members == 0 {
                return;
            }
            self.shared
                .space
                .expand_block(first, members, |state, succ| {
                    check_bound(state, succ, self.shared.len);
                    if (succ ^ first) >> 8 != 0 && layout.owner(succ) == id {
                        // Off this word's cache line and in this thread's words (another thread's
                        // are read once, when probed, rather than pulled in early).
                        prefetch_read(&self.shared.table[(succ >> 5) as usize]);
                    }
                    batch.push(succ);
                });
            if batch.len() >= BATCH {
                self.probe(id, batch, next, found, outbox);
            }
        });
        self.probe(id, batch, next, found, outbox);
    }

    /// Reaches the unreached successors of `batch` (sending those of other threads to them),
    /// and empties it.
    #[inline]
    fn probe(
        &self,
        id: usize,
        batch: &mut Vec<u64>,
        next: &mut Dirty,
        found: &mut u64,
        outbox: &mut [Vec<u64>],
    ) {
        for &succ in batch.iter() {
            let owner = self.shared.layout.owner(succ);
            if owner == id {
                self.reach_own(next, found, succ);
            } else {
                let word = self.shared.table[(succ >> 5) as usize].load(Ordering::Relaxed);
                if word >> (2 * (succ & 31)) & UNSEEN == UNSEEN {
                    outbox[owner].push(succ);
                }
            }
        }
        batch.clear();
    }

    /// Applies what the other threads found in `worker`'s words.
    fn apply(&self, worker: &mut Worker, inbox: &[u64]) {
        for &state in inbox {
            self.reach_own(&mut worker.next, &mut worker.found, state);
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
    Apply { inbox: Vec<u64>, code: u64 },
}

/// A worker's answer.
enum Reply {
    /// The weight of the seeds reached.
    Seeded(u64),
    /// The successors found for the other threads, per thread.
    Expanded(Vec<Vec<u64>>),
    /// The weight reached in the level; the inbox given back, emptied, for reuse.
    Applied(u64, Vec<u64>),
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

impl<'a, S: Space + Sync, W: Fn(u64) -> u64 + Sync> Shared<'a, S, W> {
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
                    level.reach_own(&mut worker.current, &mut found, seed);
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

impl<S: Space + Sync, W: Fn(u64) -> u64 + Sync> Crew for Alone<'_, '_, S, W> {
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
    weight: &(impl Fn(u64) -> u64 + Sync),
    progress: &mut impl FnMut(u32, u64),
) -> (TwoBitTable, Vec<u64>) {
    let table = TwoBitTable::new(len);
    let layout = Layout::new(len, threads);
    let owned = layout.owned_words(table.words.len());
    let mut workers: Vec<Worker> = (0..layout.threads)
        .map(|id| Worker {
            id,
            current: Dirty::new(owned),
            next: Dirty::new(owned),
            outbox: vec![Vec::new(); layout.threads],
            found: 0,
            batch: Vec::with_capacity(BATCH + 64 * 16),
        })
        .collect();
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
    (table, sizes)
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
    let mut inboxes: Vec<Vec<u64>> = vec![Vec::new(); threads];
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
