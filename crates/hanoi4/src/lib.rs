//! Four-peg Tower of Hanoi from any configuration.
//!
//! # The puzzle (algospot HANOI4)
//! Discs `1..=n` (1 the smallest) lie on four pegs in any legal configuration. Move one top disc
//! at a time, never onto a smaller one, until all discs are on peg 4, in as few moves as possible.
//!
//! # Input
//! `C`, then per case a line with `n` and four lines `k d1 .. dk` listing each peg's discs from
//! the bottom up. The judge has `n <= 12`; this crate takes `n <= 13`. See [`parse`].
//!
//! # Output
//! One line per case with the fewest moves; with `--moves`, each count is followed by one line
//! `A B` per move of an optimal sequence.
//!
//! # Approach
//! Every disc's peg fits in two bits, and the order on each peg is implied by the sizes, so a
//! configuration packs into `2n` bits ([`Config::pack`]): 26 bits for 13 discs, the index into
//! `statespace`'s dense table of 2^26 `i32` (256 MiB), allocated once per process and reused by
//! every case. A case is answered by bidirectional BFS between its start and the goal on that
//! table, and the path is read back from the signed distances. When a file has many cases of one
//! size, one full-space BFS from the goal answers them all by look-up instead
//! ([`Solver::solve_all`] picks, by a threshold measured in the benchmark).
//!
//! # State count
//! `4^n` configurations: 67,108,864 for 13 discs. The farthest configuration from a perfect
//! tower is exactly the Frame-Stewart number of moves for `n <= 13` (Korf 2004).

mod engine;
mod goal_table;
mod model;
mod parse;
mod pdb;
mod solve;

pub use engine::{Engine, solve_file};
pub use goal_table::GoalTable;
pub use model::{Config, ConfigError, Disc, Move, Peg};
pub use parse::{ParseError, parse};
pub use pdb::{PdbSearch, PdbSolution};
pub use solve::{DistanceView, FRAME_STEWART, HanoiSpace, Solution, Solver};

#[cfg(test)]
mod tests;
