//! The two-bit goal table: distance mod 3 to "all discs on peg 4" for up to 19 discs.
//!
//! Built by `statespace::TwoBitSearch` over the quotient by relabelling pegs 1 to 3
//! ([`crate::HanoiSpace::symmetric`]), indexed densely by [`crate::CanonicalIndex`]: one 2-bit entry per
//! canonical configuration, about `4^n / 6` of them (171 MiB for 16 discs, 2.7 GiB for 18,
//! 10.7 GiB for 19).
//! Exact distances and optimal moves come from descending the codes
//! ([`statespace::TwoBitTable::walk_to_source`]) and lifting the canonical path back to real moves.
//!
//! Measured with `cargo bench -p hanoi4` (two threads): see the crate's benchmark.

use std::path::Path;

use statespace::{Levels, TwoBitSearch, TwoBitTable};
use statespace_disk::RunOnDisk;

use crate::engine::Engine;
use crate::error::SolveError;
use crate::model::{Config, Move};
use crate::rank::{CanonicalIndex, RankedSpace};
use crate::space::real_moves;
use crate::table_file::{self, TableKind};

/// Distances mod 3 to all discs on peg 4, for every configuration of up to
/// [`GoalTable::MAX_DISCS`] discs.
pub struct GoalTable {
    n_discs: usize,
    space: RankedSpace,
    table: TwoBitTable,
}

impl GoalTable {
    /// The most discs: 45.8 billion canonical configurations at 2 bits is 10.7 GiB, which a
    /// 24 GiB machine can hold beside a search.
    pub const MAX_DISCS: usize = Engine::GoalTable.max_discs();

    /// The most discs of `GoalTable::spread_search` (feature `cluster`): ranks of 31 discs still fit in 64 bits.
    /// The memory of the processes is the real limit (20 discs: 42.7 GiB in all).
    pub const MAX_SPREAD_DISCS: usize = 31;

    /// Runs the two-bit BFS from the goal with `threads` threads. `progress(level, count)` gets
    /// the number of configurations (not canonical states) at each distance as it is found.
    ///
    /// # Complexity
    /// Time O(4^n / 6 × 6) on `threads` threads (timed at 14, 15 and 16 discs by `cargo xtask
    /// bench two-bit`); memory a quarter byte per canonical configuration (16 discs: 171 MiB;
    /// 19 discs: 10.7 GiB).
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] when `n_discs` is outside `1..=`[`GoalTable::MAX_DISCS`].
    ///
    /// # Example
    ///
    /// ```
    /// use hanoi4::{Config, GoalTable, Peg};
    ///
    /// let (table, levels) = GoalTable::build(8, 2, |_, _| {})?;
    /// assert_eq!(levels.max_distance(), 33); // the farthest configurations from peg 4
    /// let tower = Config::tower(8, Peg::FIRST)?;
    /// assert_eq!(table.distance(&tower), 33);
    /// assert_eq!(table.solve(&tower).len(), 33);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(
        n_discs: usize,
        threads: usize,
        progress: impl FnMut(u32, u64),
    ) -> Result<(Self, Levels), SolveError> {
        check_discs(n_discs, Self::MAX_DISCS)?;
        let space = RankedSpace::new(n_discs);
        let (table, levels) = Self::search(&space, n_discs, threads, progress)
            .try_run()
            .map_err(|refused| SolveError::OutOfMemory {
                what: format!("{n_discs}-disc goal table"),
                bytes: refused.bytes,
            })?;
        SolveError::check_levels(n_discs, &levels)?;
        let table = Self {
            n_discs,
            space,
            table,
        };
        Ok((table, levels))
    }

    /// [`GoalTable::build`] with the table in a file of the folder `dir` instead of memory
    /// ([`statespace_disk::RunOnDisk`]): for tables larger than memory (20 discs:
    /// 45.8 GB). The folder holds the search's checkpoints; a run killed at any moment, run
    /// again with the same folder, goes on from its last checkpoint (`progress` is told the
    /// levels before it again), and a finished one answers at once from its file. Up to
    /// [`GoalTable::MAX_SPREAD_DISCS`] discs, as far as the disk goes.
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] past that; [`SolveError::Disk`] when the folder's files
    /// cannot be read or written (a full disk among them) or hold another search.
    ///
    /// # Example
    ///
    /// ```
    /// use hanoi4::{Config, GoalTable, Peg};
    ///
    /// let dir = std::env::temp_dir().join(format!("hanoi4-doc-disk-{}", std::process::id()));
    /// let (table, levels) = GoalTable::build_on_disk(8, 2, &dir, |_, _| {})?;
    /// assert_eq!(levels.max_distance(), 33);
    /// assert_eq!(table.distance(&Config::tower(8, Peg::FIRST)?), 33);
    /// # drop(table);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_on_disk(
        n_discs: usize,
        threads: usize,
        dir: &Path,
        progress: impl FnMut(u32, u64),
    ) -> Result<(Self, Levels), SolveError> {
        check_discs(n_discs, Self::MAX_SPREAD_DISCS)?;
        let space = RankedSpace::new(n_discs);
        let (table, levels) = Self::search(&space, n_discs, threads, progress)
            .run_on_disk(dir, &Self::disk_key(n_discs))?;
        SolveError::check_levels(n_discs, &levels)?;
        let table = Self {
            n_discs,
            space,
            table,
        };
        Ok((table, levels))
    }

    /// The search of the goal table over `space`'s ranks, from the goal, each canonical
    /// state weighing the configurations it stands for.
    fn search<P: FnMut(u32, u64)>(
        space: &RankedSpace,
        n_discs: usize,
        threads: usize,
        progress: P,
    ) -> TwoBitSearch<'_, RankedSpace, crate::rank::Orbits<&RankedSpace>, P> {
        let goal = Self::goal(n_discs);
        let weight = space.orbits();
        TwoBitSearch::new(space, space.index().len())
            .seeds([(space.rank_of(goal), 0)])
            .threads(threads)
            .weight(weight)
            .progress(progress)
    }

    /// The name of the search of `n_discs` in its folder on disk.
    fn disk_key(n_discs: usize) -> String {
        format!("hanoi4 goal table, {n_discs} discs")
    }

    /// Whether `dir` holds the finished goal table of `n_discs` built on disk
    /// ([`GoalTable::build_on_disk`]).
    ///
    /// # Errors
    /// [`SolveError::Disk`] when its checkpoint cannot be read, is damaged or is another
    /// search's.
    pub fn is_on_disk(n_discs: usize, dir: &Path) -> Result<bool, SolveError> {
        let len = CanonicalIndex::new(n_discs.clamp(1, Self::MAX_SPREAD_DISCS)).len();
        Ok(statespace_disk::finished(
            dir,
            &Self::disk_key(n_discs),
            len,
        )?)
    }

    /// The finished goal table of `n_discs` in the folder `dir` ([`GoalTable::build_on_disk`]),
    /// read from its file as it is used (a configuration's moves read a few thousand pages).
    ///
    /// # Errors
    /// [`SolveError::CorruptTable`] when the folder holds no finished table of `n_discs`; as
    /// [`GoalTable::is_on_disk`].
    pub fn open_on_disk(n_discs: usize, dir: &Path) -> Result<Self, SolveError> {
        if !Self::is_on_disk(n_discs, dir)? {
            return Err(SolveError::CorruptTable {
                path: dir.to_path_buf(),
                reason: format!(
                    "no finished {n_discs}-disc goal table on disk in it (`hanoi4 table build {n_discs} --disk` builds one, and finishes a stopped one)"
                ),
            });
        }
        Ok(Self::build_on_disk(n_discs, 1, dir, |_, _| {})?.0)
    }

    /// The bytes of the file of a goal table of `n_discs` built on disk (two bits a canonical
    /// configuration).
    pub fn disk_bytes(n_discs: usize) -> u64 {
        CanonicalIndex::new(n_discs.clamp(1, Self::MAX_SPREAD_DISCS))
            .len()
            .div_ceil(32)
            * 8
    }

    /// The memory a goal table of `n_discs` built on disk needs besides what the kernel caches
    /// of its file: the search's bitmaps (a bit per 64 states, twice) and its buffers.
    pub fn disk_memory_needed(n_discs: usize) -> u64 {
        let len = CanonicalIndex::new(n_discs.clamp(1, Self::MAX_SPREAD_DISCS)).len();
        len / 256 + (64 << 20)
    }

    /// The bytes a goal table of `n_discs` holds while it is built or loaded: two bits per
    /// canonical configuration and the search's bitmaps of blocks (a bit per 64).
    pub fn memory_needed(n_discs: usize) -> u64 {
        let len = CanonicalIndex::new(n_discs.clamp(1, Self::MAX_SPREAD_DISCS)).len();
        len / 4 + len / 128 + (1 << 20)
    }

    /// Refuses, before anything is allocated, a goal table of `n_discs` that would not fit in
    /// the memory this process may take ([`memory::budget`]: `MemAvailable`, the memory
    /// cgroup, `ulimit -v`). [`GoalTable::build`] and [`GoalTable::load`] do not check; the
    /// engines and the binary do, the binary unless `--ignore-memory-limits`.
    ///
    /// # Errors
    /// [`SolveError::Memory`] with the figures and the limit that decides.
    pub fn admit(n_discs: usize) -> Result<(), SolveError> {
        memory::admit(Self::memory_needed(n_discs)).map_err(|refusal| SolveError::Memory {
            what: format!("{n_discs}-disc goal table"),
            refusal,
        })
    }

    /// The same search as [`GoalTable::build`], its space shared, to run over the processes
    /// and threads of a [`statespace_timely::Cluster`] as the run [`GoalTable::spread_name`]
    /// (`statespace_timely::RunOnCluster`): each worker holds a slice of the table, and the
    /// report gives the same level sizes (configurations, not canonical states). Add progress
    /// to the builder, and checkpoints to the run.
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] when `n_discs` is outside
    /// `1..=`[`GoalTable::MAX_SPREAD_DISCS`].
    ///
    /// # Example
    ///
    /// ```
    /// use hanoi4::GoalTable;
    /// use statespace_timely::{Cluster, RunOnCluster};
    ///
    /// let search = GoalTable::spread_search(10)?;
    /// let report = search.run_on_cluster(&Cluster::single(2), GoalTable::spread_name(10))?;
    /// assert_eq!(report.levels.max_distance(), 49);
    /// assert_eq!(report.levels.reached(), 4u64.pow(10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "cluster")]
    pub fn spread_search(
        n_discs: usize,
    ) -> Result<TwoBitSearch<'static, RankedSpace, crate::rank::Orbits<RankedSpace>>, SolveError>
    {
        check_discs(n_discs, Self::MAX_SPREAD_DISCS)?;
        let space = RankedSpace::new(n_discs);
        let goal = space.rank_of(Self::goal(n_discs));
        let len = space.index().len();
        let orbits = space.clone().into_orbits();
        Ok(TwoBitSearch::of(std::sync::Arc::new(space), len)
            .sources([goal])
            .weight(orbits))
    }

    /// The name of the spread search of `n_discs` ([`GoalTable::spread_search`]): processes
    /// and checkpoints of another name are refused.
    #[cfg(feature = "cluster")]
    pub fn spread_name(n_discs: usize) -> String {
        format!("hanoi4 goal table, {n_discs} discs")
    }

    /// The canonical path from a packed configuration down to the goal.
    fn descend(&self, packed: u64) -> Vec<u64> {
        let goal = self.space.rank_of(Self::goal(self.n_discs));
        let ranks = self
            .table
            .walk_to_source(&self.space, self.space.rank_of(packed), &[goal])
            .expect("four-peg moves can be undone")
            .expect("every configuration reaches the goal");
        ranks
            .into_iter()
            .map(|rank| self.space.index().unrank(rank))
            .collect()
    }

    fn goal(n_discs: usize) -> u64 {
        // Every 2-bit field is 3: all discs on peg 4.
        (1u64 << (2 * n_discs)) - 1
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.n_discs
    }

    /// The number of canonical configurations, one two-bit entry each: `(4^n + 3 * 2^n + 2) / 6`.
    pub fn canonical_len(&self) -> u64 {
        self.space.index().len()
    }

    /// An optimal move sequence from `config` to all discs on peg 4, in microseconds.
    ///
    /// # Panics
    /// When `config` does not have this table's number of discs.
    pub fn solve(&self, config: &Config) -> Vec<Move> {
        assert_eq!(
            config.n_discs(),
            self.n_discs,
            "the table is for {} discs",
            self.n_discs
        );
        let start = config.pack();
        let path = self.descend(start);
        real_moves(self.space.packed_space(), start, &path)
    }

    /// The exact distance from `config` to all discs on peg 4.
    ///
    /// # Panics
    /// When `config` does not have this table's number of discs.
    pub fn distance(&self, config: &Config) -> u32 {
        self.distance_packed(config.pack())
    }

    /// The exact distance of a packed configuration (see [`Config::pack`]) of this table's discs.
    ///
    /// # Panics
    /// When `packed` is not a configuration of this table's number of discs.
    pub fn distance_packed(&self, packed: u64) -> u32 {
        self.descend(packed).len() as u32 - 1
    }

    /// The distance mod 3 of a packed configuration (see [`Config::pack`]) of this table's
    /// discs, in one lookup: with the exact distance `d` of a neighbour, the configuration's
    /// own is whichever of `d - 1`, `d`, `d + 1` has this residue.
    #[inline]
    pub fn distance_mod3(&self, packed: u64) -> u8 {
        self.table
            .code(self.space.rank_of(packed))
            .expect("every configuration reaches the goal")
    }

    /// Writes the table to `path`: a quarter byte per canonical configuration plus a 13-byte
    /// header with a checksum, streamed (no second copy of the table in memory). The file is
    /// written under a temporary name in the same folder and renamed when complete, so `path`
    /// holds either the whole table or nothing new. An existing `path` is replaced only when
    /// `replace` is true.
    ///
    /// # Errors
    /// [`SolveError::TableExists`] when `path` exists and `replace` is false;
    /// [`SolveError::TableIo`] when the file cannot be written.
    pub fn save(&self, path: &Path, replace: bool) -> Result<(), SolveError> {
        table_file::save(
            path,
            replace,
            TableKind::Goal,
            self.n_discs,
            &[],
            &self.table,
        )
    }

    /// Reads a table written by [`GoalTable::save`], checking its header, its size, its checksum,
    /// that every configuration was reached and that the goal is at distance 0.
    ///
    /// # Errors
    /// [`SolveError::TableIo`] when the file cannot be read; [`SolveError::CorruptTable`] when
    /// any check fails (a file of an older format, another program's, truncated or damaged).
    pub fn load(path: &Path) -> Result<Self, SolveError> {
        let loaded = table_file::load(
            path,
            TableKind::Goal,
            Self::MAX_DISCS,
            |n| RankedSpace::new(n).index().len(),
            |_| 0,
        )?;
        let table = Self {
            n_discs: loaded.n_discs,
            space: RankedSpace::new(loaded.n_discs),
            table: loaded.table,
        };
        if table.distance_mod3(Self::goal(table.n_discs)) != 0 {
            return Err(SolveError::CorruptTable {
                path: path.to_path_buf(),
                reason: "the goal is not at distance 0".to_string(),
            });
        }
        Ok(table)
    }
}

/// Refuses disc counts outside `1..=max` for the goal table ([`GoalTable::MAX_DISCS`] in
/// memory, [`GoalTable::MAX_SPREAD_DISCS`] on disk or spread).
fn check_discs(n_discs: usize, max: usize) -> Result<(), SolveError> {
    if (1..=max).contains(&n_discs) {
        return Ok(());
    }
    Err(SolveError::TooManyDiscs {
        engine: Engine::GoalTable,
        max,
        n_discs,
    })
}
