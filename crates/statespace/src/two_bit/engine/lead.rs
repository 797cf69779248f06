//! [`Shared`]: what every thread of the search sees, and the calling thread's level loop
//! ([`Shared::lead`], with its [`Plan`]): seeds, level sizes, progress, and the choice of
//! reading successors and of running a level backward.

use super::*;

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

    /// Whether the last level left mail for this one (a confined search).
    pub(super) fn has_pending(&self) -> bool {
        self.pending.iter().any(|piece| {
            !piece
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .is_empty()
        })
    }

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
