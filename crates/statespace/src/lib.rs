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

// The free searches the builder replaces, kept while their callers move to it.
#[doc(hidden)]
pub use astar::{astar, astar_by};
#[doc(hidden)]
pub use search::{
    bfs, bidirectional_bfs, bidirectional_bfs_with, descend_path, descend_path_with, full_bfs,
    full_bfs_within, par_full_bfs_within,
};
#[doc(hidden)]
pub use two_bit::{descend_mod3, descend_mod3_to_seed};

#[cfg(test)]
mod tests;
