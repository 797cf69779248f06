//! Four-peg Tower of Hanoi from any configuration.
//!
//! # The puzzle (algospot HANOI4)
//! Discs `1..=n` (1 the smallest) lie on four pegs in any legal configuration. Move one top disc
//! at a time, never onto a smaller one, until all discs are on peg 4, in as few moves as possible.
//!
//! # Input
//! `C`, then per case a line with `n` and four lines `k d1 .. dk` listing each peg's discs from
//! the bottom up. The judge has `n <= 12`; this crate takes `n <= 20`. See [`parse`].
//!
//! # Output
//! One line per case with the fewest moves; with `--moves`, each count is followed by one line
//! `A B` per move of an optimal sequence.
//!
//! # Approach
//! Every disc's peg fits in two bits, and the order on each peg is implied by the sizes, so a
//! configuration packs into `2n` bits ([`Config::pack`]). Towards a tower on peg 4, pegs 1 to 3
//! are interchangeable, so searches run on the quotient by their relabellings
//! ([`HanoiSpace::symmetric`]), up to six times fewer states. Three engines ([`Engine`],
//! [`solve_file`] picks one per disc count):
//!
//! * **table** (`n <= 13`): `statespace`'s dense table of 2^26 `i32` (256 MiB), allocated once
//!   per process; bidirectional BFS per case, or one full BFS from the goal when a file has many
//!   cases of one size ([`Solver`]).
//! * **oracle** (`n <= 19`): the two-bit goal table ([`GoalTable`]): distance mod 3 of every
//!   canonical configuration, indexed densely ([`CanonicalIndex`], about `4^n / 6` entries):
//!   171 MiB for 16 discs, built in 37 s (17: 683 MiB, 3 min; 18: 2.7 GiB, 14 min; 19:
//!   10.7 GiB, 48 min), or loaded from a file; then exact distances and moves by descent in
//!   microseconds. `hanoi4 --eccentricity N` reproduces Korf's largest distances: 113 (14),
//!   130 with 588 configurations (15), 161 (16); and goes on: 193 (17), 225 (18) and 257
//!   (19), six configurations each.
//! * **pdb** (`n <= 20`): A* ([`PdbSearch`]) over additive pattern databases of up to 14 discs
//!   for `n <= 16`; past 16 discs over windows of 16 to 19 consecutive discs whose exact
//!   distances come from the widest two-bit table at hand (built once, or loaded with
//!   `--tables`), carried from state to state by their change mod 3.
//!
//! # State count
//! `4^n` configurations: 67,108,864 for 13 discs, 4,294,967,296 for 16. The farthest
//! configuration from a perfect tower is exactly the Frame-Stewart number of moves for
//! `n <= 13` (Korf 2004), one more for 15 discs, and again exactly Frame-Stewart for 16 to 19.

mod engine;
mod error;
mod goal_table;
mod model;
mod parse;
mod pdb;
mod rank;
mod solve;
mod store;

pub use engine::{Engine, solve_file};
pub use error::SolveError;
pub use goal_table::GoalTable;
pub use judge::{Found, ParseError};
pub use model::{Config, ConfigError, Disc, Move, Peg};
pub use parse::{MAX_CASES, parse};
pub use pdb::{PdbSearch, PdbSolution};
pub use rank::{CanonicalIndex, RankedSpace};
pub use solve::{DistanceView, HanoiSpace, Solution, Solver};
pub use store::TableDir;

#[cfg(test)]
mod tests;
