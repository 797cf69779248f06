//! [`Engine`]: the ways of solving, their limits and the default choice. A leaf: the engines
//! import it, it imports none of them.

use std::fmt;
use std::str::FromStr;

use crate::policy;

/// A way of solving four-peg Hanoi optimally.
///
/// With the `cli` feature it is also a `clap::ValueEnum` (`table`, `goal-table`, `pdb`), which
/// is how the binary's `--engine` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Engine {
    /// Bidirectional or full BFS on the 2^26-entry table: up to 13 discs.
    Table,
    /// The two-bit goal table, loaded or built (seconds to minutes): up to 19 discs.
    GoalTable,
    /// A* over pattern databases or windows of a goal table: up to 20 discs.
    Pdb,
}

impl Engine {
    /// Every engine, in the order of their limits.
    pub const ALL: [Engine; 3] = [Engine::Table, Engine::GoalTable, Engine::Pdb];

    /// The most discs the engine handles: the dense table ([`crate::Solver`]) 13, the two-bit
    /// goal table ([`crate::GoalTable`]) 19, A* ([`crate::PdbSearch`]) 20. Each engine's
    /// `MAX_DISCS` is this number.
    pub const fn max_discs(self) -> usize {
        match self {
            Engine::Table => Self::MAX_TABLE_DISCS,
            Engine::GoalTable => Self::MAX_GOAL_TABLE_DISCS,
            Engine::Pdb => Self::MAX_PDB_DISCS,
        }
    }

    /// [`Engine::Table`]'s limit: 13 discs fill the 26 bits of the 2^26-entry table.
    pub const MAX_TABLE_DISCS: usize = 13;

    /// [`Engine::GoalTable`]'s limit: 45.8 billion canonical configurations at 2 bits is
    /// 10.7 GiB, which a 24 GiB machine holds beside a search.
    pub const MAX_GOAL_TABLE_DISCS: usize = 19;

    /// [`Engine::Pdb`]'s limit: the configurations the judge format takes.
    pub const MAX_PDB_DISCS: usize = 20;

    /// The engine used for `cases` cases of `n_discs` (perfect towers not counted: they need
    /// none) when none is asked for and no saved table of `n_discs` is at hand (with one, the
    /// goal table answers at once). The dense table answers up to 13 discs in milliseconds. At
    /// 14 discs the pattern databases (built once, then milliseconds a case) beat building the
    /// goal table. At 15 and 16 it depends on the number of cases: A* below
    /// [`Engine::GOAL_TABLE_FROM`] cases, the goal table from there. Beyond 16, A* over windows
    /// of the largest saved table, or of the table one disc short (17 discs at most, but two
    /// short at most).
    pub fn default_for(n_discs: usize, cases: usize) -> Engine {
        match n_discs {
            0..=13 => Engine::Table,
            14 => Engine::Pdb,
            15 if cases < Self::GOAL_TABLE_FROM[0] => Engine::Pdb,
            16 if cases < Self::GOAL_TABLE_FROM[1] => Engine::Pdb,
            15..=16 => Engine::GoalTable,
            _ => Engine::Pdb,
        }
    }

    /// From how many cases of 15 and of 16 discs the default engine builds the goal table
    /// instead of searching each case with A*: about the build time over a case's median.
    pub const GOAL_TABLE_FROM: [usize; 2] = policy::GOAL_TABLE_FROM;

    /// The engine's name: `table`, `goal-table` or `pdb`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Table => "table",
            Engine::GoalTable => "goal-table",
            Engine::Pdb => "pdb",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine's name that is none of `table`, `goal-table`, `pdb`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no engine is called {0:?} (table, goal-table or pdb)")]
pub struct UnknownEngine(pub String);

impl FromStr for Engine {
    type Err = UnknownEngine;

    /// Parses [`Engine::name`].
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| UnknownEngine(name.to_owned()))
    }
}
