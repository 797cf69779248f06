#![doc = include_str!("../README.md")]

mod arena;
mod astar;
pub mod backend;
pub mod block;
mod error;
mod goal;
mod members;
mod reads;
mod search;
mod space;
mod two_bit;
mod typed;

pub use arena::{Arena, ByteArena, CompactArena, DenseArena, SparseArena};
pub use astar::{AStarResult, Estimate, Moves, astar, astar_by};
pub use error::SearchError;
pub use goal::{GoalStates, Goals};
pub use search::{
    Levels, bfs, bidirectional_bfs, bidirectional_bfs_with, descend_path, descend_path_with,
    full_bfs, full_bfs_within, par_full_bfs_within,
};
pub use space::{FnSpace, Space, from_fn};
pub use two_bit::{
    TableAllocError, TwoBitSearch, TwoBitTable, Weight, descend_mod3, descend_mod3_to_seed,
};
pub use typed::two_bit::TwoBitDistances;
pub use typed::{DensePuzzle, Packed, Puzzle, Search, Stats};

#[cfg(test)]
mod tests;
