#![doc = include_str!("../README.md")]

mod block;
mod detour;
mod engine;
mod error;
mod escalate;
mod frame_stewart;
mod goal_table;
mod model;
mod parse;
mod pdb;
mod plan;
mod policy;
mod progress;
mod rank;
mod solution;
mod solve;
mod space;
mod store;
mod table_file;

pub use detour::DetourTable;
pub use engine::{Engine, UnknownEngine};
pub use error::SolveError;
pub use frame_stewart::{frame_stewart, tower_moves};
pub use goal_table::GoalTable;
pub use judge::{Found, ParseError};
pub use model::{Config, ConfigError, Disc, Move, Peg};
pub use parse::{Instance, MAX_CASES, parse};
pub use pdb::{PdbSearch, PdbSolution};
pub use plan::{Options, solve};
pub use progress::{GroupTimings, Progress, Timings};
pub use rank::{CanonicalIndex, Orbits, RankedSpace};
pub use solution::Solution;
pub use solve::{DistanceView, Solver};
pub use space::HanoiSpace;
pub use store::TableDir;
pub use table_file::TableKind;

#[cfg(test)]
mod tests;
