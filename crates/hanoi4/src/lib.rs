#![doc = include_str!("../README.md")]

mod block;
mod dense;
mod detour;
mod engine;
mod error;
mod frame_stewart;
mod goal_table;
mod ladder;
mod model;
mod parse;
mod pdb;
mod policy;
mod progress;
mod rank;
mod rung;
mod solution;
mod space;
mod store;
mod table_file;

pub use dense::{DistanceView, Solver};
pub use detour::DetourTable;
pub use engine::{Engine, UnknownEngine};
pub use error::SolveError;
pub use frame_stewart::{frame_stewart, tower_moves};
pub use goal_table::GoalTable;
pub use judge::{Found, ParseError};
pub use ladder::{Options, solve};
pub use model::{Config, ConfigError, Disc, Move, Peg};
pub use parse::{Instance, MAX_CASES, parse};
pub use pdb::{PdbSearch, PdbSolution};
pub use progress::{GroupTimings, Progress, Timings};
pub use rank::{CanonicalIndex, Orbits, RankedSpace};
pub use solution::Solution;
pub use space::HanoiSpace;
pub use store::TableDir;
pub use table_file::TableKind;

#[cfg(test)]
mod tests;
