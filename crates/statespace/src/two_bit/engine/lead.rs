//! [`Shared`]: what every thread of the search sees, and the calling thread's level loop
//! ([`Shared::lead`], with its [`Plan`]): seeds, level sizes, progress, and the choice of
//! reading successors and of running a level backward.

use std::sync::PoisonError;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::fields::*;
use super::level::*;
use super::shared::*;
use super::worker::*;
use crate::reads::Reads;
use crate::space::Space;
use crate::two_bit::store::Resume;
use crate::two_bit::table::Weight;

impl<'a, S: Space + Sync, W: Weight> Shared<'a, S, W> {
    /// Runs `work` unless a thread has failed; a panic is kept (the first one) and marks the
    /// search failed, so every thread still meets the others at each barrier and then stops.
    pub(super) fn guard(&self, work: impl FnOnce()) {
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
    pub(super) fn level_work(&self, worker: &mut Worker, depth: u64) {
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
    pub(super) fn work(&self, id: usize) {
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
    pub(super) fn lead(
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
        let mut resumed = resume.map(|resume| self.resume(resume, &mut plan, progress));
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
            self.level_done(depth, &mut plan, progress);
            self.choose_reads(&mut reads, depth, start);
        }
    }

    /// A search in a store going on from a checkpoint: its levels so far reported, the mail
    /// and the dirty blocks of the level it stopped before restored, the seeds it passed
    /// skipped. The depth of the level to expand (reported once its mail is applied).
    fn resume(
        &self,
        resume: Resume,
        plan: &mut Plan<impl Iterator<Item = (u64, u32)>>,
        progress: &mut impl FnMut(u32, u64),
    ) -> u64 {
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
        resume.depth
    }

    /// After the level of `depth`: what it found carried to the next, and in a store, the
    /// level's own states reached by its mail added to it, which completes it.
    fn level_done(
        &self,
        depth: u64,
        plan: &mut Plan<impl Iterator<Item = (u64, u32)>>,
        progress: &mut impl FnMut(u32, u64),
    ) {
        plan.carried = self.found.0.swap(0, Ordering::Relaxed);
        if self.layout.confined {
            let applied = self.applied.0.swap(0, Ordering::Relaxed);
            if let Some(size) = plan.sizes.last_mut() {
                *size += applied;
                if *size > 0 || depth == 0 {
                    progress(depth as u32, *size);
                }
            }
        }
    }

    /// The way successors are read, told how long the level of `depth` took from `start`
    /// ([`Reads::measured`]), or switched where the tests ask; the far mask follows it.
    fn choose_reads(&self, reads: &mut Reads, depth: u64, start: Instant) {
        let expanded = self.expanded.0.swap(0, Ordering::Relaxed);
        if self.backward.load(Ordering::Relaxed) {
            // The way successors are read does not apply to a level run backward.
            return;
        }
        let mut switched = reads.measured(start.elapsed(), expanded, self.layout.threads);
        if self.switch_reads_after == Some(depth) {
            // Decided the other way from now on.
            *reads = Reads::new(self.len, Some(reads.gathers()));
            switched = true;
        }
        if switched {
            self.far_mask.0.store(far_mask(*reads), Ordering::Relaxed);
        }
    }

    /// Whether the level about to be expanded runs backward ([`Level::backward`]): it may
    /// ([`Shared::may_backward`]), no seed is still to come, and fewer states are unreached
    /// than the level holds, so that asking each unreached state costs less than expanding
    /// each state of the level.
    pub(super) fn backward_from_now<I: Iterator<Item = (u64, u32)>>(
        &self,
        plan: &mut Plan<I>,
    ) -> bool {
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
    pub(super) fn seed(&self, seed: u64, depth: u64) -> u64 {
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

/// The level loop's own state, kept by the calling thread: seeds still to come (sorted by
/// level), the level sizes so far, and the weight the last expansion reached.
pub(super) struct Plan<I: Iterator<Item = (u64, u32)>> {
    pub(super) seeds: std::iter::Peekable<I>,
    pub(super) sizes: Vec<u64>,
    pub(super) carried: u64,
}

impl<I: Iterator<Item = (u64, u32)>> Plan<I> {
    /// Completes levels (seeds at their levels, sizes, progress) up to the next one to expand,
    /// and returns its depth; `None` when the search is over.
    pub(super) fn next_level<S: Space + Sync, W: Weight>(
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
