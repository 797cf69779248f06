#![doc = include_str!("../README.md")]

mod arena;
mod astar;
pub mod backend;
pub mod block;
mod builder;
mod error;
mod goal;
mod members;
mod reads;
mod search;
mod space;
mod two_bit;
mod typed;

pub use arena::{Arena, ByteArena, CompactArena, DenseArena, SparseArena};
pub use astar::{AStarResult, Estimate, Moves};
pub use builder::Search;
pub use error::SearchError;
pub use goal::Goals;
pub use search::Levels;
pub use space::{FnSpace, Space, from_fn};
pub use two_bit::{TableAllocError, TwoBitSearch, TwoBitTable, Weight};
pub use typed::{DensePuzzle, Packed, Puzzle};

#[cfg(test)]
mod tests;
