#![doc = include_str!("../README.md")]

mod arena;
mod astar;
mod search;
mod space;
mod two_bit;
mod typed;

pub use arena::{Arena, ByteArena, CompactArena, DenseArena, SparseArena};
pub use astar::{AStarResult, Estimate, astar, astar_with};
pub use search::{
    Levels, bfs, bidirectional_bfs, descend_path, full_bfs, full_bfs_within, par_full_bfs_within,
};
pub use space::{FnSpace, Space, from_fn};
pub use two_bit::{
    TwoBitTable, descend_mod3, descend_mod3_to_seed, states_with_code, two_bit_bfs,
    two_bit_bfs_seeded,
};
pub use typed::{Packed, Puzzle, Search};

#[cfg(test)]
mod tests;
