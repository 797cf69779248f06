#![doc = include_str!("../README.md")]

mod arena;
mod astar;
mod search;
mod space;
mod two_bit;

pub use arena::{Arena, ByteArena, CompactArena, DenseArena, SparseArena};
pub use astar::{AStarResult, Estimate, astar, astar_with};
pub use search::{Levels, bfs, bidirectional_bfs, descend_path, full_bfs};
pub use space::{FnSpace, Space};
pub use two_bit::{TwoBitTable, descend_mod3, two_bit_bfs};

#[cfg(test)]
mod tests;
