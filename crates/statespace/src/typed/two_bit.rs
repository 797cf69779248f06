//! [`TwoBitDistances`]: the two-bit search over a [`DensePuzzle`]'s own states, with exact
//! distances and paths read back on demand.

use super::{DensePuzzle, Packed};
use crate::error::SearchError;
use crate::search::Levels;
use crate::two_bit::{TableAllocError, TwoBitSearch, TwoBitTable};

/// The distance of every state of a [`DensePuzzle`] from a set of sources, 2 bits a state
/// ([`TwoBitSearch`](crate::TwoBitSearch)), with exact distances and paths read back on demand.
///
/// ```
/// use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
///
/// /// A ring of 1,000 positions, a move one step either way.
/// struct Ring;
/// impl Puzzle for Ring {
///     type State = u16;
///     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
///     fn unpack(&self, p: u64) -> u16 { p as u16 }
///     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
///         visit((s + 1) % 1000);
///         visit((s + 999) % 1000);
///     }
/// }
/// impl DensePuzzle for Ring {
///     fn states(&self) -> u64 { 1000 }
/// }
/// let distances = TwoBitDistances::new(&Ring, &[0], 2);
/// assert_eq!(distances.levels().max_distance(), 500);
/// assert_eq!(distances.path(&997)?.unwrap(), [997, 998, 999, 0]);
/// assert_eq!(distances.distance(&250)?, Some(250));
/// # Ok::<(), statespace::SearchError<u16>>(())
/// ```
pub struct TwoBitDistances<'p, P: DensePuzzle> {
    puzzle: &'p P,
    sources: Vec<u64>,
    table: TwoBitTable,
    levels: Levels,
}

impl<'p, P: DensePuzzle + Sync> TwoBitDistances<'p, P> {
    /// Searches the whole space of `puzzle` from `sources` on `threads` threads.
    ///
    /// # Panics
    /// When a state packs to `puzzle.states()` or more, and when the table cannot be allocated
    /// ([`TwoBitDistances::try_new`] returns that as an error).
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// // Two sources, at opposite sides of the ring.
    /// let distances = TwoBitDistances::new(&Ring, &[0, 500], 2);
    /// assert_eq!(distances.levels().max_distance(), 250);
    /// assert_eq!(distances.distance(&740)?, Some(240)); // from 500
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
    pub fn new(puzzle: &'p P, sources: &[P::State], threads: usize) -> Self {
        Self::try_new(puzzle, sources, threads, |_, _| {}).unwrap_or_else(|error| panic!("{error}"))
    }

    /// [`TwoBitDistances::new`], telling `progress(level, size)` each level as it is found,
    /// with a table the allocator refuses as an error rather than a panic.
    ///
    /// # Errors
    /// [`TableAllocError`] when the table cannot be allocated (before any search).
    ///
    /// # Panics
    /// When a state packs to `puzzle.states()` or more.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let mut levels = 0;
    /// let distances = TwoBitDistances::try_new(&Ring, &[0], 1, |_, _| levels += 1)?;
    /// assert_eq!(levels, 501);
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    pub fn try_new(
        puzzle: &'p P,
        sources: &[P::State],
        threads: usize,
        progress: impl FnMut(u32, u64),
    ) -> Result<Self, TableAllocError> {
        let sources: Vec<u64> = sources.iter().map(|s| puzzle.pack(s)).collect();
        let (table, levels) = TwoBitSearch::new(&Packed(puzzle), puzzle.states())
            .sources(sources.iter().copied())
            .threads(threads)
            .progress(progress)
            .try_run()?;
        Ok(Self {
            puzzle,
            sources,
            table,
            levels,
        })
    }
}

impl<P: DensePuzzle> TwoBitDistances<'_, P> {
    /// The level sizes: `levels().sizes()[d]` states at distance `d`.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let distances = TwoBitDistances::new(&Ring, &[0], 1);
    /// let levels = distances.levels();
    /// assert_eq!(levels.sizes()[..3], [1, 2, 2]); // 0, then 1 and 999, then 2 and 998
    /// assert_eq!((levels.reached(), levels.max_distance()), (1000, 500));
    /// ```
    pub fn levels(&self) -> &Levels {
        &self.levels
    }

    /// The table: each state's distance mod 3.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let distances = TwoBitDistances::new(&Ring, &[0], 1);
    /// assert_eq!(distances.table().len(), 1000);
    /// assert_eq!(distances.table().code(7), Some(1)); // distance 7
    /// assert_eq!(distances.table().code(995), Some(2)); // distance 5, round the other way
    /// ```
    pub fn table(&self) -> &TwoBitTable {
        &self.table
    }

    /// A shortest path from `state` to a source, read down the table: requires reversible
    /// moves, and checks every step ([`TwoBitTable::walk_to_source`]).
    ///
    /// # Errors
    /// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a step cannot
    /// be undone.
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let distances = TwoBitDistances::new(&Ring, &[0, 500], 1);
    /// assert_eq!(distances.path(&3)?, Some(vec![3, 2, 1, 0]));
    /// assert_eq!(distances.path(&498)?, Some(vec![498, 499, 500]));
    /// assert_eq!(distances.path(&500)?, Some(vec![500])); // a source
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
    pub fn path(&self, state: &P::State) -> Result<Option<Vec<P::State>>, SearchError<P::State>> {
        let puzzle = self.puzzle;
        let space = Packed(puzzle);
        match self
            .table
            .walk_to_source(&space, puzzle.pack(state), &self.sources)
        {
            Ok(path) => Ok(path.map(|p| p.into_iter().map(|s| puzzle.unpack(s)).collect())),
            Err(error) => Err(error.map(|p| puzzle.unpack(p))),
        }
    }

    /// The exact distance of `state` from the nearest source (the length of [`Self::path`]).
    ///
    /// # Errors
    /// As [`Self::path`].
    ///
    /// ```
    /// # use statespace::{DensePuzzle, Puzzle, TwoBitDistances};
    /// # struct Ring;
    /// # impl Puzzle for Ring {
    /// #     type State = u16;
    /// #     fn pack(&self, &s: &u16) -> u64 { u64::from(s) }
    /// #     fn unpack(&self, p: u64) -> u16 { p as u16 }
    /// #     fn successors(&self, &s: &u16, mut visit: impl FnMut(u16)) {
    /// #         visit((s + 1) % 1000);
    /// #         visit((s + 999) % 1000);
    /// #     }
    /// # }
    /// # impl DensePuzzle for Ring {
    /// #     fn states(&self) -> u64 { 1000 }
    /// # }
    /// let distances = TwoBitDistances::new(&Ring, &[0], 1);
    /// // Not the distance mod 3 of the table: the exact distance, read down it.
    /// assert_eq!(distances.distance(&400)?, Some(400));
    /// assert_eq!(distances.distance(&600)?, Some(400)); // round the other way
    /// # Ok::<(), statespace::SearchError<u16>>(())
    /// ```
    pub fn distance(&self, state: &P::State) -> Result<Option<u32>, SearchError<P::State>> {
        Ok(self.path(state)?.map(|p| (p.len() - 1) as u32))
    }
}
