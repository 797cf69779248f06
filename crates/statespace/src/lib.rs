#![doc = include_str!("../README.md")]

mod arena;
mod astar;
mod error;
mod goal;
mod members;
mod search;
mod space;
mod two_bit;
mod typed;

pub use arena::{Arena, ByteArena, CompactArena, DenseArena, SparseArena};
pub use astar::{AStarResult, Estimate, Moves, astar, astar_with};
pub use error::SearchError;
pub use goal::{GoalStates, Goals};
pub use members::Members;
pub use search::{
    Levels, bfs, bidirectional_bfs, bidirectional_bfs_with, descend_path, descend_path_with,
    full_bfs, full_bfs_within, par_full_bfs_within,
};
pub use space::{FnSpace, Space, Successors, from_fn};
pub use two_bit::{
    TableAllocError, TwoBitTable, Weight, descend_mod3, descend_mod3_to_seed, reach_in_word,
    states_with_code, try_two_bit_bfs_seeded, two_bit_bfs, two_bit_bfs_seeded,
};
pub use typed::{DensePuzzle, Packed, Puzzle, Search, Stats, TwoBitDistances};

#[cfg(test)]
mod tests;
