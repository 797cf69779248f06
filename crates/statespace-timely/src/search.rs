//! [`ClusterSearch`]: the level-synchronous two-bit breadth-first search, one slice of the ranks
//! per worker: segments of up to 2^20 ranks dealt round the workers.
//!
//! Every level is two timely rounds. In the first, each worker expands the states of the
//! current level in its slice: successors it owns are marked at once, the others are sent to
//! their owner through an `exchange` (the owner of rank `r` is `(r >> shift) % peers`), and the
//! owner marks those it had not reached. In the second, every worker broadcasts what it found
//! and sent, so all of them know the level's size (an empty level ends the search) and the
//! traffic. Ranks are ordered from the largest part of a state down in the spaces this is made
//! for, so most successors stay in their segment and few cross.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use statespace::backend::SpaceRef;
use statespace::block::{InBlock, Reads};
use statespace::{Levels, Space, TwoBitSearch, Weight};
use timely::worker::Worker;

use crate::checkpoint::Owner;
use crate::cluster::Cluster;
use crate::error::Error;
use crate::liveness::{Phase, Status};
use crate::owners::Owners;
use crate::report::{Report, Traffic};
use crate::slice::{BLOCK, Slice, WARM_SHIFT};

/// Expanded states between two turns of the worker's dataflow (to deliver what others sent).
const STEP_EVERY: u64 = 4096;

type Progress = dyn Fn(u32, u64) + Send + Sync;

/// A [`statespace::TwoBitSearch`] run over the workers of a [`Cluster`] ([`RunOnCluster`]):
/// each holds the codes of its slice of the ranks (segments of up to 2^20 ranks dealt round
/// the workers). The builder says what is searched (space, length, sources, weight, progress,
/// reads); this says how the run goes: its name, checkpoints, resuming, the last level, and
/// slices on disk.
///
/// **Requires** what [`statespace::TwoBitSearch`] requires (unit costs, every state below
/// `len`; moves may be one-way), and its space shared ([`TwoBitSearch::of`]) or `'static`,
/// since the workers are threads of their own. It gives the same level sizes.
///
/// ```
/// use std::sync::Arc;
/// use statespace::{TwoBitSearch, from_fn};
/// use statespace_timely::{Cluster, RunOnCluster};
///
/// // A ring of 5000 states, searched by three workers of this process.
/// let ring = Arc::new(from_fn(|s, visit| {
///     visit((s + 1) % 5000);
///     visit((s + 4999) % 5000);
/// }));
/// let report = TwoBitSearch::of(ring, 5000)
///     .sources([0])
///     .run_on_cluster(&Cluster::single(3), "ring of 5000")?;
/// assert_eq!(report.levels.max_distance(), 2500);
/// assert_eq!(report.levels.reached(), 5000);
/// # Ok::<(), statespace_timely::Error>(())
/// ```
///
/// [`TwoBitSearch::of`]: statespace::TwoBitSearch::of
pub struct ClusterSearch<S: 'static, W = u64> {
    space: SpaceRef<'static, S>,
    len: u64,
    seeds: Vec<(u64, u32)>,
    name: String,
    weight: W,
    checkpoints: Option<(PathBuf, u32)>,
    resume: bool,
    stop_after: u32,
    progress: Box<Progress>,
    cached: Option<bool>,
    slices_on_disk: Option<PathBuf>,
}

/// A [`statespace::TwoBitSearch`] run over a [`Cluster`]'s workers instead of this process's
/// threads: the same builder, another last call (as `statespace-disk`'s `run_on_disk` puts its
/// table in a file).
///
/// What the builder says that a cluster run takes otherwise: the threads are the cluster's
/// workers ([`Cluster`] sets them), not the builder's `threads`; seeds must enter at level 0
/// (sources; others are refused with [`Error::SeedLevel`]); `exact_frontier` does not apply (a
/// space expanded state by state always keeps a bit a state for the states expanded); and
/// progress is called in the first worker of process 0
/// only, after each level, and, for a run resumed from checkpoints, from the level it resumed
/// at on (the levels before are in the [`Report`]).
pub trait RunOnCluster<S: Space + Send + Sync + 'static, W: Weight + Send + 'static>:
    Sized
{
    /// The search, as the run named `name` (processes and checkpoints of another name or
    /// length are refused), with the run's own settings still to give
    /// ([`ClusterSearch::checkpoints`], [`ClusterSearch::resume`], ...).
    fn on_cluster(self, name: impl Into<String>) -> ClusterSearch<S, W>;

    /// Runs this process's part of the search as the run named `name`
    /// ([`ClusterSearch::run`]); every process of `cluster` must run it.
    ///
    /// # Errors
    /// As [`ClusterSearch::run`].
    fn run_on_cluster(self, cluster: &Cluster, name: impl Into<String>) -> Result<Report, Error> {
        self.on_cluster(name).run(cluster)
    }
}

impl<S, W, P> RunOnCluster<S, W> for TwoBitSearch<'static, S, W, P>
where
    S: Space + Send + Sync + 'static,
    W: Weight + Send + 'static,
    P: FnMut(u32, u64) + Send + 'static,
{
    fn on_cluster(self, name: impl Into<String>) -> ClusterSearch<S, W> {
        let parts = self.into_parts();
        let progress = Mutex::new(parts.progress);
        ClusterSearch {
            space: parts.space,
            len: parts.len,
            seeds: parts.seeds,
            name: name.into(),
            weight: parts.weight,
            checkpoints: None,
            resume: false,
            stop_after: u32::MAX,
            progress: Box::new(move |level, size| {
                (progress.lock().unwrap_or_else(PoisonError::into_inner))(level, size);
            }),
            cached: parts.cached,
            slices_on_disk: None,
        }
    }
}

impl<S: Space + Send + Sync + 'static, W: Weight + Send + 'static> ClusterSearch<S, W> {
    /// Writes every worker's slice to `dir` after every `every` levels (and keeps the two
    /// newest per worker).
    pub fn checkpoints(mut self, dir: impl Into<PathBuf>, every: u32) -> Self {
        self.checkpoints = Some((dir.into(), every.max(1)));
        self
    }

    /// Starts from the newest level of [`ClusterSearch::checkpoints`]' folder that every worker
    /// saved, instead of from the sources.
    pub fn resume(mut self, resume: bool) -> Self {
        self.resume = resume;
        self
    }

    /// Stops once the level `level` is found (and saved, when checkpoints are on), so a long
    /// search can run in several sittings with [`ClusterSearch::resume`].
    pub fn stop_after(mut self, level: u32) -> Self {
        self.stop_after = level;
        self
    }

    /// Keeps each worker's slice of the table (its two-bit codes) in a file of `dir`, mapped
    /// into memory, instead of in memory: for slices larger than the memory of their process,
    /// which then needs only the slices' bitmaps (a bit per 64 states, and for a space that
    /// expands state by state a bit a state) and what the kernel keeps of the files' pages.
    /// Each process names its own folder (the disk of its own machine); a worker's file,
    /// `slice-wIIII-of-NNNN.2bit`, is made when the search starts (every code unreached) and
    /// removed when it ends. Checkpoints ([`ClusterSearch::checkpoints`]) are unchanged: a
    /// resumed search refills the files from them.
    ///
    /// Every level reads the words where its states lie and writes those it reaches, so a
    /// slice much larger than memory makes each level wait for the disk (see
    /// `docs/scale-out.md`).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use statespace::{TwoBitSearch, from_fn};
    /// use statespace_timely::{Cluster, RunOnCluster};
    ///
    /// let ring = Arc::new(from_fn(|s, visit| {
    ///     visit((s + 1) % 5000);
    ///     visit((s + 4999) % 5000);
    /// }));
    /// let dir = std::env::temp_dir().join(format!("slices-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let report = TwoBitSearch::of(ring, 5000)
    ///     .sources([0])
    ///     .on_cluster("ring of 5000")
    ///     .slices_on_disk(&dir)
    ///     .run(&Cluster::single(2))?;
    /// assert_eq!(report.levels.max_distance(), 2500);
    /// // The files are gone with the search.
    /// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    /// # std::fs::remove_dir(&dir).unwrap();
    /// # Ok::<(), statespace_timely::Error>(())
    /// ```
    pub fn slices_on_disk(mut self, dir: impl Into<PathBuf>) -> Self {
        self.slices_on_disk = Some(dir.into());
        self
    }

    /// Runs this process's part of the search; every process of `cluster` must run it.
    ///
    /// # Errors
    /// [`Error::Cluster`] when the processes cannot connect; [`Error::PeerLost`] when one dies
    /// during the search (the others stop, they do not wait); [`Error::Mismatch`] when they
    /// search different spaces; checkpoint errors when a slice cannot be saved or resumed;
    /// [`Error::SeedLevel`] for a seed that enters at a level of its own (the spread search
    /// starts from sources, at level 0).
    pub fn run(self, cluster: &Cluster) -> Result<Report, Error> {
        if let Some(&(seed, level)) = self.seeds.iter().find(|&&(_, level)| level > 0) {
            return Err(Error::SeedLevel { seed, level });
        }
        let needed = self.memory_per_process(cluster);
        memory::admit(needed).map_err(Error::Memory)?;
        let job = Arc::new(self);
        let workers = cluster.workers();
        let (guards, liveness) =
            cluster.execute(move |worker, status| job.work(worker, workers, status))?;
        // When another process dies, timely's network threads panic, and joining them (as the
        // guards do once the workers are joined) panics again: that is a lost peer too.
        let results = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| guards.join()));
        // A silent peer explains the lost connections: they were cut because of it.
        let failed = !matches!(&results, Ok(r) if r.iter().all(|r| matches!(r, Ok(Ok(_)))));
        if let Some(silence) = liveness.and_then(|l| l.finish(failed)) {
            return Err(Error::PeerSilent {
                process: silence.process,
                address: silence.address,
                waited: silence.waited,
                last: silence.last,
                noticed_by: silence.noticed_by,
            });
        }
        let results = results.map_err(|_| Error::PeerLost("the network threads stopped".into()))?;
        outcome(results)
    }

    /// The bytes of table one process of `cluster` holds: its workers' slices at 2 bits a
    /// state (none with [`ClusterSearch::slices_on_disk`]), plus two bitmaps of a bit per 64
    /// states each, plus, for a space that expands state by state ([`Space::expands_blocks`]
    /// `false`), a bit a state for the states expanded.
    pub fn memory_per_process(&self, cluster: &Cluster) -> u64 {
        let owners = Owners::new(self.len, cluster.peers());
        let first = cluster.process() * cluster.workers();
        let exact = !self.space.expands_blocks();
        let in_memory = u64::from(self.slices_on_disk.is_none());
        (first..first + cluster.workers())
            .map(|worker| {
                let len = owners.slice_len(worker);
                let blocks = len.div_ceil(BLOCK);
                in_memory * len.div_ceil(32) * 8
                    + 2 * blocks.div_ceil(64) * 8
                    + u64::from(exact) * blocks * 8
            })
            .sum()
    }

    /// What decides the rounds besides the space (checkpoints on or off and how often,
    /// resuming, the last level), hashed to 62 bits for the processes to compare.
    fn schedule(&self) -> u64 {
        let every = self.checkpoints.as_ref().map_or(0, |(_, every)| *every);
        let words = [
            u64::from(self.checkpoints.is_some()),
            u64::from(every),
            u64::from(self.resume),
            u64::from(self.stop_after),
        ];
        fnv1a(words.iter().flat_map(|w| w.to_le_bytes())) >> 2
    }

    /// A fingerprint of the space for the processes and checkpoints to compare (FNV-1a of the
    /// name and the length: stable across machines and builds).
    fn fingerprint(&self) -> u64 {
        fnv1a(self.name.bytes().chain(self.len.to_le_bytes()))
    }

    /// One worker's share of the search, step by step: connect (the processes must search the
    /// same space), resume from a checkpoint or seed the sources, expand level after level
    /// (saving a checkpoint after those asked for), then the report.
    ///
    /// When another process is lost, timely panics in this worker (its channels to the lost
    /// process are poisoned). Unwinding would drop the share's dataflow handles, which flush
    /// what they hold into those channels and panic again, and a panic while unwinding aborts
    /// the process. So that panic is caught here, the share dropped after it (a panic of its
    /// own, caught too), and the lost peer returned as an error.
    fn work(
        &self,
        worker: &mut Worker,
        workers_per_process: usize,
        status: &Status,
    ) -> Result<Report, Error> {
        status.set(Phase::Starting, 0);
        let mut share = Share::new(self, worker, workers_per_process);
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            share.levels(worker, status)
        }));
        match run {
            Ok(Ok(())) => Ok(share.report(worker)),
            Ok(Err(error)) => Err(error),
            Err(panic) => {
                let message = panic_message(&*panic);
                if !lost_peer(&message) {
                    std::panic::resume_unwind(panic);
                }
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(share)));
                Err(Error::PeerLost(message))
            }
        }
    }
}

/// The 64-bit FNV-1a hash of `bytes`: the same on every machine and build.
fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The text of a panic's payload (a `String` or a `&str`), or nothing.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Whether a panic's message is timely's for a lost connection to another process.
fn lost_peer(message: &str) -> bool {
    message.contains("timely communication error") || message.contains("MergeQueue poisoned")
}

/// The report of the workers' results, or the error that explains the others: a lost peer
/// first, then what a worker found wrong, then that another worker failed.
fn outcome(results: Vec<Result<Result<Report, Error>, String>>) -> Result<Report, Error> {
    let mut first_error = None;
    let mut report = None;
    for result in results {
        match result {
            Ok(Ok(r)) => report = report.or(Some(r)),
            // The worker that failed says why; the others only that it failed.
            Ok(Err(e)) => {
                if first_error.is_none() || matches!(first_error, Some(Error::OtherWorker(_))) {
                    first_error = Some(e);
                }
            }
            Err(panic) => {
                let error = if lost_peer(&panic) {
                    Error::PeerLost(panic)
                } else {
                    Error::Worker(panic)
                };
                // A lost peer explains the other workers' failures: report it first.
                if !matches!(first_error, Some(Error::PeerLost(_))) {
                    first_error = Some(error);
                }
            }
        }
    }
    match (first_error, report) {
        (Some(error), _) => Err(error),
        (None, Some(report)) => Ok(report),
        (None, None) => Err(Error::Worker("no worker returned".into())),
    }
}

/// What one worker holds through the search: its slice of the table, its inputs, and the
/// levels so far.
struct Share<'a, S: 'static, W> {
    search: &'a ClusterSearch<S, W>,
    owner: Owner,
    me: usize,
    /// Who owns which ranks.
    owners: Owners,
    workers_per_process: usize,
    rounds: Rounds,
    slice: Slice,
    /// Why the slice could not be allocated (it is then empty), told to every worker at the
    /// connection so they all stop.
    unallocated: Option<Error>,
    sizes: Vec<u64>,
    traffic: Vec<Traffic>,
    resumed_at: Option<u32>,
    last_saved: Option<u32>,
    /// The batch of [`Reach`], kept from level to level, and how this worker reads its
    /// successors' words (chosen by trial, as `statespace::TwoBitSearch` chooses).
    batch: Vec<(u64, u64)>,
    reads: Reads,
}

impl<'a, S: Space + Send + Sync + 'static, W: Weight + Send + 'static> Share<'a, S, W> {
    fn new(
        search: &'a ClusterSearch<S, W>,
        worker: &mut Worker,
        workers_per_process: usize,
    ) -> Self {
        let me = worker.index();
        let peers = worker.peers();
        let owners = Owners::new(search.len, peers);
        let len = owners.slice_len(me);
        let exact = !search.space.expands_blocks();
        let file = search
            .slices_on_disk
            .as_ref()
            .map(|dir| dir.join(format!("slice-w{me:04}-of-{peers:04}.2bit")));
        let (slice, unallocated) = match Slice::try_new(len, exact, file.as_deref()) {
            Ok(slice) => (slice, None),
            Err(error) => (
                Slice::try_new(0, exact, None).expect("an empty slice"),
                Some(error),
            ),
        };
        Self {
            search,
            owner: Owner {
                fingerprint: search.fingerprint(),
                peers,
                index: me,
                segment_shift: owners.shift,
                len,
            },
            me,
            owners,
            workers_per_process,
            rounds: Rounds::new(worker, owners),
            slice,
            unallocated,
            sizes: Vec::new(),
            traffic: Vec::new(),
            resumed_at: None,
            last_saved: None,
            batch: Vec::with_capacity(reach::BATCH),
            reads: Reads::new(len, search.cached),
        }
    }

    /// Connects, resumes or seeds, then expands level after level (saving a checkpoint after
    /// those asked for) until the search ends or reaches its last level.
    fn levels(&mut self, worker: &mut Worker, status: &Status) -> Result<(), Error> {
        let hello = self.connect(worker)?;
        self.resume_or_seed(worker, &hello)?;
        while *self.sizes.last().expect("a level") > 0
            && self.sizes.len() as u64 <= u64::from(self.search.stop_after)
        {
            status.set(Phase::Expanding, self.sizes.len() as u32);
            self.expand_level(worker);
            status.set(Phase::Saving, self.sizes.len() as u32 - 1);
            self.checkpoint(worker)?;
        }
        status.set(Phase::Finishing, self.sizes.len() as u32 - 1);
        Ok(())
    }

    /// Tells every worker this one's space, newest checkpoint and whether its slice could be
    /// allocated, and checks that they all search the same space and hold their slices.
    /// Returns what each worker said.
    fn connect(&mut self, worker: &mut Worker) -> Result<Vec<[u64; 3]>, Error> {
        let newest = match (&self.search.checkpoints, self.search.resume) {
            (Some((dir, _)), true) => self
                .owner
                .levels(dir)?
                .last()
                .map_or(u64::MAX, |&l| u64::from(l)),
            _ => u64::MAX,
        };
        let fingerprint = self.owner.fingerprint;
        let schedule = self.search.schedule();
        let failed = u64::from(self.unallocated.is_some());
        let hello = self
            .rounds
            .gather(worker, [fingerprint, newest, schedule << 1 | failed]);
        if let Some((worker, note)) = hello.iter().enumerate().find(|(_, n)| n[0] != fingerprint) {
            return Err(Error::Mismatch {
                worker,
                theirs: note[0],
                mine: fingerprint,
            });
        }
        // Workers of other schedules would meet in different rounds.
        if let Some(worker) = hello.iter().position(|n| n[2] >> 1 != schedule) {
            return Err(Error::Schedule { worker });
        }
        if let Some(error) = self.unallocated.take() {
            return Err(error);
        }
        if let Some(other) = hello.iter().position(|n| n[2] & 1 != 0) {
            return Err(Error::OtherWorker(other));
        }
        Ok(hello)
    }

    /// Loads the newest level every worker saved (when resuming), else reaches the sources in
    /// this slice; either way every worker knows level 0's size (or the last one's) after.
    fn resume_or_seed(&mut self, worker: &mut Worker, hello: &[[u64; 3]]) -> Result<(), Error> {
        if let Some((dir, _)) = &self.search.checkpoints {
            self.owner.remove_leftovers(dir);
        }
        if let (Some((dir, _)), true) = (&self.search.checkpoints, self.search.resume) {
            let level = hello.iter().map(|n| n[1]).min().unwrap_or(u64::MAX);
            let loaded = if level == u64::MAX {
                Err(Error::NoCheckpoint { dir: dir.clone() })
            } else {
                self.owner.load(dir, level as u32, &mut self.slice.words)
            };
            let failed = self
                .rounds
                .gather(worker, [u64::from(loaded.is_err()), 0, 0]);
            let snapshot = loaded?;
            if let Some(other) = failed.iter().position(|n| n[0] != 0) {
                return Err(Error::OtherWorker(other));
            }
            self.slice.mark_all();
            self.sizes = snapshot.sizes;
            self.traffic = snapshot.traffic;
            self.resumed_at = Some(level as u32);
            self.last_saved = self.resumed_at;
        } else {
            let mut first = 0;
            for &(source, _) in &self.search.seeds {
                if self.owners.owner(source) == self.me
                    && self.slice.reach(self.owners.local(source), 0) != 0
                {
                    first += self.search.weight.of(source);
                }
            }
            std::mem::swap(&mut self.slice.current, &mut self.slice.next);
            let notes = self.rounds.gather(worker, [first, 0, 0]);
            self.sizes = vec![notes.iter().map(|n| n[0]).sum()];
            self.traffic = vec![Traffic::default()];
        }
        self.report_level(0);
        Ok(())
    }

    /// Expands this slice's states of the last level (its dirty blocks, a chunk of the slice
    /// at a time: read in order first when it holds many of them), sends successors owned by
    /// others and takes theirs, and records the next level's size once every worker has
    /// closed the round.
    fn expand_level(&mut self, worker: &mut Worker) {
        let depth = self.sizes.len() as u64 - 1;
        let (code, next_code) = (depth % 3, (depth + 1) % 3);
        let (owners, me) = (self.owners, self.me);
        let search = self.search;
        let gathers = self.reads.gathers();
        let started = std::time::Instant::now();
        let mut reach = Reach {
            slice: &mut self.slice,
            owners,
            me,
            len: search.len,
            code: next_code,
            weight: &search.weight,
            found: 0,
            sent: Traffic::default(),
            ranks: &mut self.rounds.ranks,
            process: me / self.workers_per_process,
            workers_per_process: self.workers_per_process,
            block: InBlock::default(),
            batch: std::mem::take(&mut self.batch),
            gathers,
        };
        let mut expanded = 0u64;
        let current = std::mem::take(&mut reach.slice.current);
        // Bitmap words per chunk of 2^WARM_SHIFT words of codes (two words a block).
        let per_chunk = 1 << (WARM_SHIFT - 7);
        for (chunk, bits) in current.chunks(per_chunk).enumerate() {
            let dirty: u32 = bits.iter().map(|b| b.count_ones()).sum();
            if dirty == 0 {
                continue;
            }
            reach.slice.warm(chunk, dirty);
            for (i, &word) in bits.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let block =
                        ((chunk * per_chunk + i) * 64) as u64 + u64::from(bits.trailing_zeros());
                    bits &= bits - 1;
                    let members = reach.slice.members(block * BLOCK, code);
                    let members = reach.slice.take_frontier(block * BLOCK, members);
                    if members.is_empty() {
                        continue;
                    }
                    let first = owners.global(me, block * BLOCK);
                    reach.expand(&*search.space, block * BLOCK, first, members);
                    let before = expanded;
                    expanded += u64::from(members.len());
                    if before / STEP_EVERY != expanded / STEP_EVERY {
                        worker.step();
                        reach.receive(&mut self.rounds.inbox.borrow_mut());
                    }
                }
            }
        }
        reach.probe();
        reach.slice.current = current;
        let (found, sent) = (reach.found, reach.sent);
        self.batch = reach.batch;
        if !search.space.expands_blocks() {
            self.reads.measured(started.elapsed(), expanded, 1);
        }
        self.close_level(worker, found, sent);
    }

    /// Closes the round, adding the states received to `found`, and records the next level.
    fn close_level(&mut self, worker: &mut Worker, mut found: u64, sent: Traffic) {
        let depth = self.sizes.len() as u64 - 1;
        let next_code = (depth + 1) % 3;
        let (owners, search) = (self.owners, self.search);
        let slice = &mut self.slice;
        let weight = &search.weight;
        self.rounds.close(worker, |inbox| {
            found += receive(slice, inbox, owners, next_code, weight);
        });
        let notes = self
            .rounds
            .gather(worker, [found, sent.within, sent.between]);
        let size = notes.iter().map(|n| n[0]).sum();
        self.traffic.push(Traffic {
            within: notes.iter().map(|n| n[1]).sum(),
            between: notes.iter().map(|n| n[2]).sum(),
        });
        self.sizes.push(size);
        std::mem::swap(&mut self.slice.current, &mut self.slice.next);
        self.slice.next.fill(0);
        if size > 0 {
            self.report_level(depth as u32 + 1);
        }
    }

    /// Tells the progress callback (worker 0 only) the size of `level`.
    fn report_level(&self, level: u32) {
        if self.me == 0 {
            (self.search.progress)(level, self.sizes[level as usize]);
        }
    }

    /// Saves this slice after the last level when the checkpoints ask for it, and drops the
    /// files nobody needs any more; a worker that fails stops all of them.
    fn checkpoint(&mut self, worker: &mut Worker) -> Result<(), Error> {
        let level = self.sizes.len() as u32 - 1;
        let size = *self.sizes.last().expect("a level");
        let Some((dir, every)) = &self.search.checkpoints else {
            return Ok(());
        };
        if size == 0 || !(level.is_multiple_of(*every) || level == self.search.stop_after) {
            return Ok(());
        }
        let saved = self
            .owner
            .save(dir, &self.sizes, &self.traffic, &self.slice.words);
        // Every worker finished its previous checkpoint before this level's notes, so files
        // older than that one are no longer needed by anybody.
        let saved = saved.and_then(|()| self.owner.prune(dir, self.last_saved.unwrap_or(level)));
        self.last_saved = Some(level);
        let failed = self
            .rounds
            .gather(worker, [u64::from(saved.is_err()), 0, 0]);
        saved?;
        match failed.iter().position(|n| n[0] != 0) {
            Some(other) => Err(Error::OtherWorker(other)),
            None => Ok(()),
        }
    }

    /// The levels found, whether the search ran to the end, and each process's peak memory
    /// (one figure a process, from its first worker).
    fn report(mut self, worker: &mut Worker) -> Report {
        let complete = self.sizes.last() == Some(&0);
        if complete {
            self.sizes.pop();
            self.traffic.pop();
        }
        let mine = if self.me.is_multiple_of(self.workers_per_process) {
            memory::peak_resident().map_or(u64::MAX - 1, |bytes| bytes)
        } else {
            u64::MAX
        };
        let memory = self
            .rounds
            .gather(worker, [mine, 0, 0])
            .iter()
            .map(|n| n[0])
            .filter(|&m| m != u64::MAX)
            .map(|m| (m != u64::MAX - 1).then_some(m))
            .collect();
        self.traffic.remove(0);
        Report {
            levels: Levels::from_sizes(self.sizes),
            traffic: self.traffic,
            resumed_at: self.resumed_at,
            complete,
            peak_memory: memory,
        }
    }
}

mod reach;
mod rounds;

use reach::Reach;
use rounds::{Rounds, receive};
