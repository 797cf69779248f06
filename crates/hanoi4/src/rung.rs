//! One rung of the ladder and where its tables come from: A* over 14-disc databases, A* over
//! windows of a narrower goal table (with its detour table), or the goal table of the case's own
//! disc count. [`Shelf`] reads once what the folder of saved tables holds; a table saved there is
//! loaded, any other admitted and built in memory.

use crate::detour::DetourTable;
use crate::error::SolveError;
use crate::goal_table::GoalTable;
use crate::model::{Config, Move};
use crate::pdb::PdbSearch;
use crate::policy;
use crate::progress::Progress;
use crate::store::TableDir;

/// What answers the cases on one rung of the ladder: A* over windows (or databases), or, once
/// escalated to the case's own disc count, the goal table itself.
pub(crate) enum Rung {
    Search(PdbSearch),
    Exact(GoalTable),
}

impl Rung {
    /// The moves of `config`, A* giving up after `budget` states.
    pub(crate) fn solve(
        &mut self,
        config: &Config,
        budget: usize,
    ) -> Result<Vec<Move>, SolveError> {
        match self {
            Rung::Search(search) => Ok(search.solve_within(config, budget)?.moves),
            Rung::Exact(table) => Ok(table.solve(config)),
        }
    }
}

/// The tables solving reads and builds: what the folder of saved tables holds (none without
/// one), read once when solving starts, and the builds of the others, told to `progress`.
pub(crate) struct Shelf<'t, 'p> {
    tables: Option<&'t TableDir>,
    /// Bit `n`: the goal table of `n` discs is saved as a file.
    files: u64,
    /// Bit `n`: the goal table of `n` discs is built on disk ([`TableDir::disk_folder`]).
    disks: u64,
    /// Bit `n`: the detour table of `n` discs is saved.
    detours: u64,
    progress: &'p mut dyn FnMut(Progress),
}

impl<'t, 'p> Shelf<'t, 'p> {
    /// The tables of the folder `tables` (none without one), builds told to `progress`.
    pub(crate) fn new(tables: Option<&'t TableDir>, progress: &'p mut dyn FnMut(Progress)) -> Self {
        let mut shelf = Self {
            tables,
            files: 0,
            disks: 0,
            detours: 0,
            progress,
        };
        if let Some(dir) = tables {
            for n in 1..=Config::MAX_DISCS {
                let bit = 1u64 << n;
                if dir.file(n).is_file() {
                    shelf.files |= bit;
                }
                if dir.disk_folder(n).is_dir() && dir.contains_on_disk(n) {
                    shelf.disks |= bit;
                }
                if dir.contains_detour(n) {
                    shelf.detours |= bit;
                }
            }
        }
        shelf
    }

    /// Whether the goal table of `n` discs is saved, as a file or built on disk.
    pub(crate) fn saved(&self, n: usize) -> bool {
        (self.files | self.disks) >> n & 1 == 1
    }

    /// Whether the goal table of `n` discs is built on disk (a file of it may be saved too).
    pub(crate) fn on_disk(&self, n: usize) -> bool {
        self.disks >> n & 1 == 1
    }

    /// Tells `progress` what solving is doing.
    pub(crate) fn tell(&mut self, progress: Progress) {
        (self.progress)(progress);
    }

    /// What answers on the rung of `width` for `n` discs: A* over 14-disc databases for `None`,
    /// the goal table of `n` itself for `Some(n)`, else A* over windows of `width` discs with
    /// the detour table beside them: the widest saved of `n - 4` to `n - 1` discs, else, when
    /// the windows have [`policy::BUILT_DETOUR`] discs or more (up to
    /// [`DetourTable::MAX_DISCS`]) and `n` is two or more above them, theirs, built in memory
    /// from their goal table, else none. (A detour narrower than the windows barely helps: see
    /// [`policy::BUILT_DETOUR`].)
    pub(crate) fn rung(&mut self, n: usize, width: Option<usize>) -> Result<Rung, SolveError> {
        let Some(width) = width else {
            return Ok(Rung::Search(PdbSearch::new(
                n,
                n.min(PdbSearch::MAX_GROUP),
            )?));
        };
        let saved = (n.saturating_sub(4).max(1)..n.min(DetourTable::MAX_DISCS + 1))
            .rev()
            .find(|&k| self.detours >> k & 1 == 1);
        let goal = self.goal_table(width)?;
        if width == n {
            return Ok(Rung::Exact(goal));
        }
        let detour = match (self.tables, saved) {
            (Some(dir), Some(k)) => Some(dir.load_detour(k)?),
            _ if width >= policy::BUILT_DETOUR
                && n >= width + 2
                && width <= DetourTable::MAX_DISCS =>
            {
                DetourTable::admit(width)?;
                let progress = &mut self.progress;
                Some(DetourTable::build(
                    &goal,
                    cores(),
                    |level, configurations| {
                        progress(Progress::DetourLevel {
                            n_discs: width,
                            level,
                            configurations,
                        })
                    },
                )?)
            }
            _ => None,
        };
        let search = PdbSearch::with_goal_table(n, goal)?;
        Ok(Rung::Search(match detour {
            Some(detour) => search.with_detour(detour)?,
            None => search,
        }))
    }

    /// The goal table of `n` discs: loaded when saved in the folder (a table built on disk is
    /// read from its file as it is used: nothing to admit), else admitted and built in memory.
    pub(crate) fn goal_table(&mut self, n: usize) -> Result<GoalTable, SolveError> {
        let from_disk = self.on_disk(n) && self.files >> n & 1 == 0;
        if !from_disk {
            GoalTable::admit(n)?;
        }
        match self.tables {
            Some(dir) if self.saved(n) => dir.load(n),
            _ => {
                let progress = &mut self.progress;
                let build = GoalTable::build(n, cores(), |level, configurations| {
                    progress(Progress::TableLevel {
                        n_discs: n,
                        level,
                        configurations,
                    })
                });
                Ok(build?.0)
            }
        }
    }
}

/// The threads a table build runs on: one per core.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
