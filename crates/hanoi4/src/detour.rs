//! The detour table: for every configuration of `m` discs, the fewest moves to all discs on
//! peg 4 *through* a configuration with every disc on two of pegs 1 to 3.
//!
//! Why: when a disc larger than all `m` discs is not yet on peg 4, it moves there last from some
//! peg `x`, and at that moment every smaller disc is on the two pegs other than `x` and peg 4. So
//! the `m` discs make at least this many moves, however the larger disc travels; the goal
//! distance alone ignores that they must first get out of its way. A* past the tables
//! ([`crate::PdbSearch`]) takes the larger of the two for every window of discs below the largest
//! disc not yet on peg 4 (on random 14-disc cases with 12-disc windows, several times fewer
//! states expanded).
//!
//! Built by a two-bit BFS whose sources are the two-peg configurations, each entering at its own
//! distance to the goal (`statespace::TwoBitSearch::seeds`), over the same quotient and ranks as
//! [`GoalTable`]; the distances of those `2^(m-1)` canonical sources are kept beside the codes, so
//! an exact value is a descent to a source plus its distance.

use std::path::Path;

use statespace::{TwoBitSearch, TwoBitTable};

use crate::error::SolveError;
use crate::goal_table::GoalTable;
use crate::rank::RankedSpace;
use crate::table_file::{self, TableKind};

/// Fewest moves to all discs on peg 4 through a configuration on two of pegs 1 to 3, mod 3, for
/// every configuration of up to [`DetourTable::MAX_DISCS`] discs.
pub struct DetourTable {
    n_discs: usize,
    space: RankedSpace,
    table: TwoBitTable,
    /// The goal distance of each canonical two-peg configuration: disc `i` on the second peg
    /// when bit `i` is set (the largest disc is on the first).
    sources: Vec<u16>,
}

impl DetourTable {
    /// The most discs: 18 discs is 2.7 GiB, beside the goal table of 18 discs it is built from.
    pub const MAX_DISCS: usize = 18;

    /// Refuses, before anything is allocated, a detour table of `n_discs` that would not fit
    /// beside its goal table in the memory this process may take (as [`GoalTable::admit`]).
    ///
    /// # Errors
    /// [`SolveError::Memory`] with the figures and the limit that decides.
    pub fn admit(n_discs: usize) -> Result<(), SolveError> {
        let needed = GoalTable::memory_needed(n_discs) + (2 << n_discs.min(40));
        memory::admit(needed).map_err(|refusal| SolveError::Memory {
            what: format!("{n_discs}-disc detour table"),
            refusal,
        })
    }

    /// Builds the detour table of `goal`'s disc count with `threads` threads: first the goal
    /// distance of every two-peg configuration (a descent each), then the seeded BFS.
    /// `progress(level, count)` gets the number of configurations at each value.
    ///
    /// # Complexity
    /// About the time and memory of building `goal` itself.
    ///
    /// # Errors
    /// [`SolveError::DetourWidth`] above [`DetourTable::MAX_DISCS`] discs.
    ///
    /// # Example
    ///
    /// ```
    /// use hanoi4::{Config, DetourTable, GoalTable, Peg};
    ///
    /// let (goal, _) = GoalTable::build(6, 1, |_, _| {})?;
    /// let detour = DetourTable::build(&goal, 1, |_, _| {})?;
    /// // From peg 4 itself, the discs must leave and come back: twice the cheapest two-peg
    /// // configuration.
    /// let solved = Config::tower(6, Peg::LAST)?;
    /// assert_eq!(detour.distance(&solved), 2 * detour.floor());
    /// // A tower on peg 1 is a two-peg configuration already.
    /// let tower = Config::tower(6, Peg::FIRST)?;
    /// assert_eq!(detour.distance(&tower), goal.distance(&tower));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(
        goal: &GoalTable,
        threads: usize,
        progress: impl FnMut(u32, u64),
    ) -> Result<Self, SolveError> {
        let n = goal.n_discs();
        if n > Self::MAX_DISCS {
            return Err(SolveError::DetourWidth {
                n_discs: n,
                reason: format!("is refused: at most {} discs", Self::MAX_DISCS),
            });
        }
        let count = 1usize << (n - 1);
        let threads = threads.max(1);
        let mut sources = vec![0u16; count];
        let chunk = count.div_ceil(threads);
        std::thread::scope(|scope| {
            for (c, slice) in sources.chunks_mut(chunk).enumerate() {
                scope.spawn(move || {
                    for (i, distance) in slice.iter_mut().enumerate() {
                        let packed = two_peg_config((c * chunk + i) as u64, n);
                        *distance = u16::try_from(goal.distance_packed(packed))
                            .expect("distances below 2^16");
                    }
                });
            }
        });
        let space = RankedSpace::new(n);
        let seeds: Vec<(u64, u32)> = sources
            .iter()
            .enumerate()
            .map(|(bits, &d)| (space.rank_of(two_peg_config(bits as u64, n)), u32::from(d)))
            .collect();
        let (table, _) = TwoBitSearch::new(&space, space.index().len())
            .seeds(seeds.iter().copied())
            .threads(threads)
            .weight(space.orbits())
            .progress(progress)
            .try_run()
            .map_err(|refused| SolveError::OutOfMemory {
                what: format!("{n}-disc detour table"),
                bytes: refused.bytes,
            })?;
        Ok(Self {
            n_discs: n,
            space,
            table,
            sources,
        })
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.n_discs
    }

    /// The fewest moves from any configuration on two of pegs 1 to 3 to all on peg 4 (for 16
    /// discs, 96): the smallest value in the table.
    pub fn floor(&self) -> u32 {
        self.sources.iter().copied().min().map_or(0, u32::from)
    }

    /// The exact value for `config`: the fewest moves to all discs on peg 4 through a
    /// configuration on two of pegs 1 to 3.
    ///
    /// # Panics
    /// When `config` does not have this table's number of discs.
    pub fn distance(&self, config: &crate::model::Config) -> u32 {
        assert_eq!(
            config.n_discs(),
            self.n_discs,
            "the table is for {} discs",
            self.n_discs
        );
        self.distance_packed(config.pack())
    }

    /// [`DetourTable::distance`] of a packed configuration (see [`crate::Config::pack`]): a
    /// descent to a two-peg configuration that entered the search at its own distance.
    pub fn distance_packed(&self, packed: u64) -> u32 {
        let path = self
            .table
            .walk_to_seed(&self.space, self.space.rank_of(packed))
            .expect("four-peg moves can be undone")
            .expect("every configuration is reached");
        let seed = *path.last().expect("a path holds its start");
        let bits = two_peg_bits(self.space.index().unrank(seed), self.n_discs)
            .expect("a descent ends at a two-peg configuration");
        path.len() as u32 - 1 + u32::from(self.sources[bits as usize])
    }

    /// The value mod 3 of a packed configuration, in one lookup (see
    /// [`GoalTable::distance_mod3`]).
    #[inline]
    pub fn distance_mod3(&self, packed: u64) -> u8 {
        self.table
            .code(self.space.rank_of(packed))
            .expect("every configuration is reached")
    }

    /// Writes the table to `path` atomically (as [`GoalTable::save`]).
    ///
    /// # Errors
    /// [`SolveError::TableExists`] when `path` exists and `replace` is false;
    /// [`SolveError::TableIo`] when the file cannot be written.
    pub fn save(&self, path: &Path, replace: bool) -> Result<(), SolveError> {
        let extra: Vec<u8> = self.sources.iter().flat_map(|d| d.to_le_bytes()).collect();
        table_file::save(
            path,
            replace,
            TableKind::Detour,
            self.n_discs,
            &extra,
            &self.table,
        )
    }

    /// Reads a table written by [`DetourTable::save`], checking it as [`GoalTable::load`] does.
    ///
    /// # Errors
    /// [`SolveError::TableIo`] when the file cannot be read; [`SolveError::CorruptTable`] when
    /// any check fails.
    pub fn load(path: &Path) -> Result<Self, SolveError> {
        let loaded = table_file::load(
            path,
            TableKind::Detour,
            Self::MAX_DISCS,
            |n| RankedSpace::new(n).index().len(),
            |n| 2 << (n - 1),
        )?;
        let sources = loaded
            .extra
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(Self {
            n_discs: loaded.n_discs,
            space: RankedSpace::new(loaded.n_discs),
            table: loaded.table,
            sources,
        })
    }
}

/// The canonical two-peg configuration of `n` discs with disc `i` on the second peg when bit `i`
/// of `bits` is set (disc `n - 1`, the largest, on the first).
fn two_peg_config(bits: u64, n: usize) -> u64 {
    (0..n).fold(0, |packed, i| packed | (bits >> i & 1) << (2 * i))
}

/// The inverse of [`two_peg_config`]: `None` unless every disc is on label 0 or 1 with the
/// largest on 0.
fn two_peg_bits(canonical: u64, n: usize) -> Option<u64> {
    let mut bits = 0;
    for i in 0..n {
        match canonical >> (2 * i) & 3 {
            0 => {}
            1 => bits |= 1 << i,
            _ => return None,
        }
    }
    (bits >> (n - 1) == 0).then_some(bits)
}
