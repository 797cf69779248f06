//! Search core: packed states, reusable distance arenas and breadth-first searches.
//!
//! Puzzles pack each state into a `u64` and describe their moves through [`Space`]; this
//! crate searches over those integers and never sees a puzzle type. It does no I/O and parses
//! nothing.
//!
//! * [`DenseArena`] is one `i32` per packed state (the design's 2^26 entries for 13-disc
//!   four-peg Hanoi), allocated once and made ready for the next query in time proportional
//!   to the states the last query touched. [`SparseArena`] is a hash map for spaces without a
//!   compact index. Every search is written once, over the [`Arena`] trait.
//! * [`bfs`] finds a shortest path from one start to a goal predicate, with an optional depth
//!   limit; [`full_bfs`] labels every state reachable from a set of sources and reports level
//!   sizes; [`bidirectional_bfs`] meets in the middle for reversible moves, towards a set of
//!   goals, and reads the path back from its signed distances.
//! * [`astar`] searches with a consistent heuristic (pattern databases) where a BFS cannot.
//! * [`two_bit_bfs`] labels a whole dense space with distances mod 3 in 2 bits a state, for
//!   spaces too large for an `i32` each; [`descend_mod3`] recovers exact distances and paths.
//!
//! All searches visit successors in the order the [`Space`] yields them, so the same query
//! always returns the same path.

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
