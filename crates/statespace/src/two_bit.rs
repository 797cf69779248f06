//! Two-bit breadth-first search: distance mod 3 for every state of a dense space, 2 bits each.
//!
//! After Korf, "Minimizing disk I/O in two-bit breadth-first search" (AAAI 2008). Each state
//! holds its distance mod 3, or `3` for "not reached". That is enough to recover exact distances
//! and shortest paths when moves are reversible: the neighbours of a state at distance `d` are at
//! `d - 1`, `d` or `d + 1`, whose codes are all different, so the neighbour with code `(c - 1) mod 3`
//! is exactly one step nearer ([`TwoBitTable::walk_to_source`]).
//!
//! A level is expanded by scanning for states whose code is `d mod 3`. States of levels `d - 3`,
//! `d - 6`, ... share that code; expanding them again is harmless (their neighbours are all
//! reached) but costly, so the scan is limited to the blocks of 64 codes that received a state
//! in the previous level. Threads claim segments of the table in turn and write only the one
//! they hold (the `engine` module says how), so no `unsafe` and no atomic read-modify-write is
//! needed on the table.

use crate::error::SearchError;
use crate::error::is_move;
use crate::search::Levels;
use crate::space::Space;

pub(crate) mod engine;
mod parts;
mod store;
mod table;

pub use parts::{SpaceRef, TwoBitParts};
pub use store::{LevelStart, Resume, TableStore};

pub use engine::compress_fields;
pub use table::{TableAllocError, TwoBitTable, Weight, reach_in_word};

/// The states of the block of 16 that starts at `first` (a multiple of 16) whose two-bit code in
/// `word` (the word of 32 codes holding the block) is `code`, in increasing order: the scan of
/// [`TwoBitSearch`], for searches that keep two-bit tables of their own.
///
/// ```
/// // States 16..32 are the high half of word 0: state 17 has code 2, state 20 code 0.
/// let word = !0u64 & !(0b01 << 34) & !(0b11 << 40);
/// assert_eq!(statespace::block::states_with_code(word, 16, 2).collect::<Vec<_>>(), [17]);
/// assert_eq!(statespace::block::states_with_code(word, 16, 0).collect::<Vec<_>>(), [20]);
/// ```
#[inline]
pub fn states_with_code(word: u64, first: u64, code: u64) -> impl Iterator<Item = u64> {
    // The block is half a word: find its states with `code` at once.
    let half = word >> (2 * (first % 32)) & 0xFFFF_FFFF;
    let x = half ^ (0x5555_5555 * code);
    let mut matches = !(x | x >> 1) & 0x5555_5555;
    std::iter::from_fn(move || {
        (matches != 0).then(|| {
            let state = first + u64::from(matches.trailing_zeros() / 2);
            matches &= matches - 1;
            state
        })
    })
}

/// The two-bit breadth-first search of a dense space `0..len`: the distance mod 3 of every
/// state from the sources, 2 bits a state, and the level sizes, on one thread or several.
///
/// A builder: [`TwoBitSearch::new`] takes the space and its length, the other settings have
/// defaults (no source, one thread, each state weighing 1, no progress), and
/// [`TwoBitSearch::run`] searches in memory. The same builder runs elsewhere by another last
/// call: `run_on_disk(dir, key)` keeps the table in a file (`statespace-disk`), and
/// `run_on_cluster(&cluster, name)` spreads it over the processes and machines of a cluster
/// (`statespace-timely`), both through [`backend`](crate::backend).
///
/// **Requires** unit costs and a dense index: every state below `len` (a successor at `len`
/// or beyond is refused with a panic naming it, in every build). Moves may be one-way: the
/// levels and codes are those of a BFS on any graph; reading exact distances and paths back
/// ([`TwoBitTable::walk_to_source`]) is what requires reversible moves.
///
/// # How it searches
/// The table is cut into segments (see the `two_bit::engine` module), which the threads claim
/// one after another in each level, so a slower thread takes fewer of them; only the thread
/// holding a segment touches it. A level is expanded by blocks of 64 states, through
/// [`Space::expand_block`]: by default state by state ([`Space::for_each_successor`]), the
/// successors that land in the block itself gathered into one set, near ones reached at once,
/// far ones gathered and reached a segment at a time. A space that expands whole blocks by
/// word arithmetic ([`block`](crate::block)) is faster still.
///
/// # Complexity
/// * Time: O(states × branching); a space that reports sets pays per set, not per state.
/// * Space: `len / 4` bytes for the codes, `len / 4` more for a space that expands state by
///   state ([`Space::expands_blocks`], [`TwoBitSearch::exact_frontier`]): a bit a state for the
///   frontier and one for the states reached, and on `T > 1` threads `T × len / 8` more (each
///   thread's own reached bits); `len / 256` for two sets of dirty blocks, and the successors
///   sent between threads.
///
/// # Example
///
/// A puzzle of your own: pack a state into a `u64` below `len`, give its moves, search.
///
/// ```
/// use statespace::{Space, TwoBitSearch};
///
/// /// Three switches of 4 positions each (a state is three base-4 digits); a move turns one
/// /// switch one position either way.
/// struct Switches;
///
/// impl Space for Switches {
///     fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
///         for digit in 0..3 {
///             let place = 4u64.pow(digit);
///             let value = state / place % 4;
///             visit(state - value * place + (value + 1) % 4 * place);
///             visit(state - value * place + (value + 3) % 4 * place);
///         }
///     }
/// }
///
/// let (table, levels) = TwoBitSearch::new(&Switches, 64).sources([0]).threads(2).run();
/// assert_eq!(levels.sizes(), [1, 6, 15, 20, 15, 6, 1]);
/// // Exact distances and paths come back by descending the codes.
/// let path = table.walk_to_source(&Switches, 42, &[0])?.unwrap();
/// assert_eq!(path.len() - 1, 6); // all three switches half way round
/// # Ok::<(), statespace::SearchError>(())
/// ```
#[must_use = "a search does nothing until it is run"]
pub struct TwoBitSearch<'s, S, W = u64, P = fn(u32, u64)> {
    space: SpaceRef<'s, S>,
    len: u64,
    seeds: Vec<(u64, u32)>,
    threads: usize,
    weight: W,
    progress: P,
    exact_frontier: Option<bool>,
    /// Whether to treat the table as small enough to stay in the caches (by default, from its
    /// length); set by the tests to reach every path on small tables.
    cached: Option<bool>,
    /// In the tests, the level after which the way of reading switches, whatever the trial.
    switch_reads_after: Option<u64>,
}

impl<'s, S: Space + Sync> TwoBitSearch<'s, S> {
    /// A search of `space` over the states `0..len`, from no source yet, on one thread, each
    /// state weighing 1, with no progress.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let search = TwoBitSearch::new(&ring, 10);
    /// assert_eq!(search.len(), 10);
    /// let (_, levels) = search.run(); // no source yet: nothing is reached
    /// assert_eq!(levels.reached(), 0);
    /// ```
    pub fn new(space: &'s S, len: u64) -> Self {
        Self::of(SpaceRef::Borrowed(space), len)
    }

    /// The search of a space borrowed as [`TwoBitSearch::new`] borrows it, or shared (an
    /// [`Arc`](std::sync::Arc)), for a run that hands it to threads of its own, such as a
    /// cluster's workers (`statespace-timely`'s `run_on_cluster`).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = Arc::new(from_fn(|s, visit| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// }));
    /// let search: TwoBitSearch<'static, _> = TwoBitSearch::of(ring, 100);
    /// let (_, levels) = search.sources([0]).run();
    /// assert_eq!(levels.max_distance(), 50);
    /// ```
    pub fn of(space: impl Into<SpaceRef<'s, S>>, len: u64) -> Self {
        Self {
            space: space.into(),
            len,
            seeds: Vec::new(),
            threads: 1,
            weight: 1,
            progress: |_, _| {},
            exact_frontier: None,
            cached: None,
            switch_reads_after: None,
        }
    }
}

impl<'s, S: Space + Sync, W: Weight, P: FnMut(u32, u64)> TwoBitSearch<'s, S, W, P> {
    /// Adds sources: states at distance 0.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let (table, levels) = TwoBitSearch::new(&ring, 100).sources([0, 50]).run();
    /// assert_eq!(levels.sizes()[0], 2);
    /// assert_eq!(levels.max_distance(), 25); // states 25 and 75
    /// assert_eq!(table.code(30), Some(20 % 3)); // 20 moves from 50
    /// ```
    pub fn sources(mut self, sources: impl IntoIterator<Item = u64>) -> Self {
        self.seeds.extend(sources.into_iter().map(|s| (s, 0)));
        self
    }

    /// Adds seeds that start at distances of their own: `(state, d)` enters the search at
    /// level `d` unless it was reached sooner. The result is the distance from a virtual source
    /// joined to each seed by a path of `d` moves: `min` over seeds `(t, d)` of
    /// `d + dist(t, state)`, mod 3. Neighbours still differ by at most one, so the table
    /// answers like any two-bit table, and [`TwoBitTable::walk_to_seed`] from a state ends at a seed
    /// that entered at its own distance. Levels before the first seed are empty (size 0).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// // On a ring of 100, seed 0 at distance 0 and seed 50 at distance 10: state 45 is 5
    /// // moves from the second seed, so 15 in all; state 20 is 20 from the first.
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let (table, levels) = TwoBitSearch::new(&ring, 100).seeds([(0, 0), (50, 10)]).run();
    /// assert_eq!(table.code(45), Some(15 % 3));
    /// assert_eq!(table.code(20), Some(20 % 3));
    /// assert_eq!(levels.max_distance(), 30); // states 30 and 70
    /// ```
    pub fn seeds(mut self, seeds: impl IntoIterator<Item = (u64, u32)>) -> Self {
        self.seeds.extend(seeds);
        self
    }

    /// The threads that share each level (at least one; the calling thread is one of them).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// // The hypercube of 2^16 states, a move flipping one bit.
    /// let cube = from_fn(|s, visit| (0..16).for_each(|j| visit(s ^ 1 << j)));
    /// let (one, levels) = TwoBitSearch::new(&cube, 1 << 16).sources([0]).run();
    /// let (two, shared) = TwoBitSearch::new(&cube, 1 << 16).sources([0]).threads(2).run();
    /// assert_eq!(shared, levels); // the same levels and codes, however many threads
    /// assert!(two.words().eq(one.words()));
    /// assert_eq!(TwoBitSearch::new(&cube, 1 << 16).threads(0).thread_count(), 1);
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// What each reached state counts for in the level sizes ([`Weight`]): a constant, a
    /// closure of the state, or a type that weighs a word of states at once, such as the
    /// number of configurations a canonical state stands for in a quotient by symmetries.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// // A ring of 1000 states, the odd ones counting twice.
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 1000);
    ///     visit((s + 999) % 1000);
    /// });
    /// let (_, levels) = TwoBitSearch::new(&ring, 1000)
    ///     .sources([0])
    ///     .weight(|state: u64| state % 2 + 1)
    ///     .run();
    /// assert_eq!(levels.sizes()[1], 4); // states 1 and 999
    /// assert_eq!(levels.reached(), 1500);
    /// ```
    pub fn weight<V: Weight>(self, weight: V) -> TwoBitSearch<'s, S, V, P> {
        TwoBitSearch {
            space: self.space,
            len: self.len,
            seeds: self.seeds,
            threads: self.threads,
            weight,
            progress: self.progress,
            exact_frontier: self.exact_frontier,
            cached: self.cached,
            switch_reads_after: self.switch_reads_after,
        }
    }

    /// Calls `progress(level, size)` after each level is found (on the calling thread; the
    /// caller decides whether and how to show it).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let mut shown = Vec::new();
    /// TwoBitSearch::new(&ring, 10)
    ///     .sources([0])
    ///     .progress(|level, size| shown.push((level, size)))
    ///     .run();
    /// assert_eq!(shown, [(0, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 1)]);
    /// ```
    pub fn progress<Q: FnMut(u32, u64)>(self, progress: Q) -> TwoBitSearch<'s, S, W, Q> {
        TwoBitSearch {
            space: self.space,
            len: self.len,
            seeds: self.seeds,
            threads: self.threads,
            weight: self.weight,
            progress,
            exact_frontier: self.exact_frontier,
            cached: self.cached,
            switch_reads_after: self.switch_reads_after,
        }
    }

    /// Whether to keep a bit a state for the states expanded already, so that every state is
    /// expanded once, and, in memory, a bit a state for the states reached, tested and set in
    /// place of the codes (`len / 4` bytes more in all, and `len / 8` more a thread on several
    /// threads: each thread's own reached bits). By default, when the space expands
    /// state by state ([`Space::expands_blocks`] is `false`); without it, a block's older
    /// states with the level's code (distance mod 3) are expanded again, which changes nothing
    /// but the time.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// // The hypercube of 2^16 states, a move flipping one bit.
    /// let cube = from_fn(|s, visit| (0..16).for_each(|j| visit(s ^ 1 << j)));
    /// let search = |exact| TwoBitSearch::new(&cube, 1 << 16).sources([0]).exact_frontier(exact);
    /// let ((once, levels), (again, same)) = (search(true).run(), search(false).run());
    /// assert_eq!(levels, same); // only the time differs
    /// assert!(once.words().eq(again.words()));
    /// ```
    pub fn exact_frontier(mut self, exact: bool) -> Self {
        self.exact_frontier = Some(exact);
        self
    }

    /// Treats the table as held by the processor's caches (every successor's word read at
    /// once) or not (successors beyond 2^16 states of their block gathered, their words
    /// prefetched, and read a batch at a time), whatever its length. By default the search
    /// decides by trial: the first large level read one way (at once up to 2^26 states,
    /// gathered beyond) and the next the other, the cheaper kept for the rest of the search.
    /// A search too small to time keeps the first way. Set it when you know: the trial spends
    /// one level the slower way.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// // The hypercube of 2^18 states, a move flipping one bit: flips of bit 17 land far away.
    /// let cube = from_fn(|s, visit| (0..18).for_each(|j| visit(s ^ 1 << j)));
    /// let search = |cached| TwoBitSearch::new(&cube, 1 << 18).sources([0]).cached(cached);
    /// let ((at_once, levels), (gathered, same)) = (search(true).run(), search(false).run());
    /// assert_eq!(levels, same); // only the time differs
    /// assert!(at_once.words().eq(gathered.words()));
    /// ```
    pub fn cached(mut self, cached: bool) -> Self {
        self.cached = Some(cached);
        self
    }

    /// In the tests: the way of reading successors switches after level `level`, as if the
    /// trial had decided so then (and stays), so that a switch in the middle of a search is
    /// checked whatever the clock says.
    #[cfg(test)]
    pub(crate) fn switch_reads_after(mut self, level: u64) -> Self {
        self.switch_reads_after = Some(level);
        self
    }

    /// Searches: the table of codes and the level sizes.
    ///
    /// # Panics
    /// When a successor or a seed is not below `len` (the message names it), when the space
    /// or the weight panics (on any thread: its message is raised again), and when the table
    /// cannot be allocated ([`TwoBitSearch::try_run`] returns that as an error).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let (table, levels) = TwoBitSearch::new(&ring, 10).sources([0]).run();
    /// assert_eq!(levels.sizes(), [1, 2, 2, 2, 2, 1]);
    /// assert_eq!(table.code(5), Some(5 % 3));
    /// // A successor at `len` or beyond is refused.
    /// let up = from_fn(|s, visit| visit(s + 1));
    /// let beyond = std::panic::catch_unwind(|| TwoBitSearch::new(&up, 10).sources([0]).run());
    /// assert!(beyond.is_err());
    /// ```
    pub fn run(self) -> (TwoBitTable, Levels) {
        self.try_run().unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`TwoBitSearch::run`], with a table the allocator refuses as an error rather than a
    /// panic: for the largest tables, which a caller may try and report on.
    ///
    /// # Errors
    /// [`TableAllocError`] when the table or its bitmaps cannot be allocated (before any
    /// search).
    ///
    /// # Panics
    /// As [`TwoBitSearch::run`], but for the allocation.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let (_, levels) = TwoBitSearch::new(&ring, 100).sources([0]).try_run()?;
    /// assert_eq!(levels.max_distance(), 50);
    /// // Two bits for each of 2^62 states: more than any machine has.
    /// let error = TwoBitSearch::new(&ring, 1 << 62).sources([0]).try_run().unwrap_err();
    /// assert_eq!(error.bytes, 1 << 60);
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    pub fn try_run(mut self) -> Result<(TwoBitTable, Levels), TableAllocError> {
        self.seeds.sort_by_key(|&(_, level)| level);
        let exact = self.exact_frontier.unwrap_or(!self.space.expands_blocks());
        let space = &*self.space;
        let options = engine::Options {
            threads: self.threads,
            exact_frontier: exact,
            cached: self.cached,
            switch_reads_after: self.switch_reads_after,
        };
        let (table, sizes) = engine::search(
            space,
            self.len,
            &self.seeds,
            &self.weight,
            &mut self.progress,
            options,
        )?;
        Ok((table, Levels::from_sizes(sizes)))
    }

    /// The number of states the search covers.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// assert_eq!(TwoBitSearch::new(&ring, 10).sources([0]).len(), 10);
    /// ```
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the search covers no state.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// assert!(TwoBitSearch::new(&ring, 0).is_empty());
    /// assert!(!TwoBitSearch::new(&ring, 10).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The threads the search runs on (as [`TwoBitSearch::threads`] set them; a table too
    /// small to share runs on one).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let line = from_fn(|s, visit| visit(s + 1));
    /// assert_eq!(TwoBitSearch::new(&line, 1 << 20).threads(2).thread_count(), 2);
    /// assert_eq!(TwoBitSearch::new(&line, 100).threads(2).thread_count(), 1);
    /// ```
    pub fn thread_count(&self) -> usize {
        engine::layout_thread_count(self.len, self.threads)
    }

    /// The words of codes (an aligned run of them) that one thread at most writes at a time
    /// in this search: the unit a [`TableStore`] may save before a write.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let line = from_fn(|s, visit| visit(s + 1));
    /// let search = TwoBitSearch::new(&line, 1 << 20).threads(2);
    /// let run = search.exclusive_words();
    /// // Word `w` is in the aligned run `w / run`; the threads share the table's 2^15 words.
    /// assert!(run.is_power_of_two());
    /// assert!(run < 1 << 15);
    /// ```
    pub fn exclusive_words(&self) -> u64 {
        1 << engine::segment_words_shift(self.len, self.threads)
    }

    /// [`TwoBitSearch::run`] with the codes kept by `store` (`statespace-disk` keeps them in a
    /// file), going on from `resume` when given: a search stopped after the store's
    /// [`TableStore::level_start`] for that level, with the store's words as they were then
    /// (every state unreached for a new search). The levels before `resume`'s are reported
    /// to the progress again; a complete `resume` searches nothing.
    ///
    /// The levels are those of the search in memory. The exact frontier
    /// ([`TwoBitSearch::exact_frontier`]) is not kept (it would be `len / 8` bytes of memory):
    /// a block's older states with the level's code are expanded again, which changes only
    /// the time. Successors outside the segment a thread holds are mailed, even on one thread,
    /// and written by the next level as it claims their segment, before expanding it: a store
    /// on disk is read once a level, a segment at a time (levels claim segments in alternate
    /// directions). A level is reported to the progress once its mail is written.
    ///
    /// # Errors
    /// [`TableAllocError`] when the search's bitmaps cannot be allocated.
    ///
    /// # Panics
    /// As [`TwoBitSearch::run`]; when the store does not hold `len.div_ceil(32)` words; and
    /// with the store's own payload when the store stops the search.
    ///
    /// ```
    /// use std::sync::atomic::AtomicU64;
    /// use statespace::backend::{LevelStart, TableStore};
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// /// Codes in memory, as a store would keep them elsewhere.
    /// struct Memory(Vec<AtomicU64>);
    ///
    /// impl TableStore for Memory {
    ///     fn words(&self) -> &[AtomicU64] {
    ///         &self.0
    ///     }
    ///     fn before_write(&self, _: usize) {}
    ///     fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let store = Memory((0..4).map(|_| AtomicU64::new(!0)).collect()); // 4 words, none reached
    /// let search = TwoBitSearch::new(&ring, 100).sources([0]);
    /// let (table, levels) = search.run_in(Box::new(store), None)?;
    /// assert!(table.is_in_store());
    /// let (in_memory, same) = TwoBitSearch::new(&ring, 100).sources([0]).run();
    /// assert_eq!(levels, same);
    /// assert!(table.words().eq(in_memory.words()));
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    pub fn run_in(
        mut self,
        store: Box<dyn TableStore>,
        resume: Option<Resume>,
    ) -> Result<(TwoBitTable, Levels), TableAllocError> {
        self.seeds.sort_by_key(|&(_, level)| level);
        let table = TwoBitTable::in_store(store, self.len);
        if let Some(resume) = resume.as_ref().filter(|resume| resume.complete) {
            for (depth, &size) in resume.sizes.iter().enumerate() {
                if size > 0 || depth == 0 {
                    (self.progress)(depth as u32, size);
                }
            }
            return Ok((table, Levels::from_sizes(resume.sizes.clone())));
        }
        let options = engine::Options {
            threads: self.threads,
            exact_frontier: false,
            cached: self.cached,
            switch_reads_after: self.switch_reads_after,
        };
        let table::Words::Store(store) = &table.words else {
            unreachable!("a table in a store");
        };
        let sizes = engine::search_in(
            &*self.space,
            &table,
            &self.seeds,
            &self.weight,
            &mut self.progress,
            options,
            Some((store.as_ref(), resume)),
        )?;
        Ok((table, Levels::from_sizes(sizes)))
    }
}

impl<'s, S, W, P> TwoBitSearch<'s, S, W, P> {
    /// The search taken apart, for a crate that runs it elsewhere ([`TwoBitParts`]).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let parts = TwoBitSearch::new(&ring, 10).sources([3]).threads(2).into_parts();
    /// assert_eq!((parts.len, parts.threads, parts.cached), (10, 2, None));
    /// assert_eq!(parts.seeds, [(3, 0)]);
    /// ```
    pub fn into_parts(self) -> TwoBitParts<'s, S, W, P> {
        TwoBitParts {
            space: self.space,
            len: self.len,
            seeds: self.seeds,
            threads: self.threads,
            weight: self.weight,
            progress: self.progress,
            cached: self.cached,
        }
    }
}

/// One step down a two-bit table: the first successor of `state` whose code is one less mod 3
/// and that leads back to `state` in one move, which makes it exactly one step nearer (its
/// distance is one more or one less than the state's, and one less mod 3).
///
/// `Ok(None)` when no successor has the code; an error when some have it but none leads back.
fn step_down<S: Space>(
    space: &S,
    table: &TwoBitTable,
    state: u64,
    code: u8,
) -> Result<Option<u64>, SearchError> {
    let wanted = (code + 2) % 3;
    let mut nearer = None;
    let mut broken = None;
    space.for_each_successor(state, |succ| {
        if nearer.is_none() && succ < table.len && table.code(succ) == Some(wanted) {
            if is_move(space, succ, state) {
                nearer = Some(succ);
            } else {
                broken.get_or_insert(succ);
            }
        }
    });
    match (nearer, broken) {
        (Some(next), _) => Ok(Some(next)),
        (None, Some(to)) => Err(SearchError::Irreversible { from: state, to }),
        (None, None) => Ok(None),
    }
}

/// Reading paths back from a filled table.
impl TwoBitTable {
    /// Walks from `from` down a table filled by [`TwoBitSearch::seeds`] while a successor's code is
    /// one less mod 3 (and leads back in one move), and stops where none is: at a seed that entered
    /// the search at its own level (so the state's value is that level plus the walk's length).
    /// The seeds need not be listed, which suits tables with many of them.
    ///
    /// **Requires** reversible moves, and checks every step. Costs O(value × branching²).
    ///
    /// # Returns
    /// `Ok(Some(path))`: the states from `from` to that seed, both included, each step a move that
    /// can be undone; `Ok(None)` when `from` was not reached.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] when the only successors one less mod 3 cannot lead back. (On
    /// a space whose moves cannot all be undone a walk may also stop short of a seed, since seeds
    /// are not listed: give the seeds a test of their own, as [`TwoBitTable::walk_to_source`] takes its sources.)
    ///
    /// # Example
    ///
    /// ```
    /// use statespace::{FnSpace, TwoBitSearch};
    ///
    /// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
    ///     visit((s + 1) % 100);
    ///     visit((s + 99) % 100);
    /// });
    /// let (table, _) = TwoBitSearch::new(&ring, 100).seeds([(0, 0), (50, 10)]).run();
    /// // State 45 is worth 15: five steps to seed 50, which entered at 10.
    /// let walk = table.walk_to_seed(&ring, 45)?.unwrap();
    /// assert_eq!(walk, [45, 46, 47, 48, 49, 50]);
    /// # Ok::<(), statespace::SearchError>(())
    /// ```
    pub fn walk_to_seed<S: Space>(
        &self,
        space: &S,
        from: u64,
    ) -> Result<Option<Vec<u64>>, SearchError> {
        self.walk(space, from, None)
    }

    /// Walks from `from` down a two-bit table to one of `sources`: at each step the first successor
    /// whose code is one less mod 3 and that leads back in one move, which is exactly one step
    /// nearer.
    ///
    /// **Requires** reversible moves, and checks every step; a table filled by [`TwoBitSearch`]
    /// from `sources`. Costs O(distance × branching²). [`TwoBitSearch`] has a longer example.
    ///
    /// # Returns
    /// `Ok(Some(path))`: the states from `from` to a source, both included (its length minus one is
    /// the exact distance), each step a move that can be undone; `Ok(None)` when `from` was not
    /// reached.
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a reached state has
    /// no nearer neighbour that leads back: the moves are not reversible.
    ///
    /// ```
    /// use statespace::{SearchError, TwoBitSearch, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let (table, _) = TwoBitSearch::new(&ring, 10).sources([0]).run();
    /// assert_eq!(table.walk_to_source(&ring, 3, &[0])?, Some(vec![3, 2, 1, 0]));
    /// // Moves one way only: no neighbour of 3 is nearer 0.
    /// let up = from_fn(|s, visit| if s < 9 { visit(s + 1) });
    /// let (table, _) = TwoBitSearch::new(&up, 10).sources([0]).run();
    /// let error = table.walk_to_source(&up, 3, &[0]).unwrap_err();
    /// assert_eq!(error, SearchError::NoNearerNeighbour { state: 3 });
    /// # Ok::<(), SearchError>(())
    /// ```
    pub fn walk_to_source<S: Space>(
        &self,
        space: &S,
        from: u64,
        sources: &[u64],
    ) -> Result<Option<Vec<u64>>, SearchError> {
        self.walk(space, from, Some(sources))
    }

    /// The walk of [`Self::walk_to_source`] (ending at one of `sources`, a state with no nearer
    /// neighbour before them an error) and of [`Self::walk_to_seed`] (`None`: ending where no
    /// successor is one less mod 3).
    fn walk<S: Space>(
        &self,
        space: &S,
        from: u64,
        sources: Option<&[u64]>,
    ) -> Result<Option<Vec<u64>>, SearchError> {
        // A state beyond the table, or not reached, has no walk.
        let Some(mut code) = (from < self.len).then(|| self.code(from)).flatten() else {
            return Ok(None);
        };
        let mut path = vec![from];
        let mut state = from;
        while !sources.is_some_and(|sources| sources.contains(&state)) {
            match step_down(space, self, state, code)? {
                Some(next) => state = next,
                None if sources.is_none() => break,
                None => return Err(SearchError::NoNearerNeighbour { state }),
            }
            code = (code + 2) % 3;
            path.push(state);
        }
        Ok(Some(path))
    }
}
