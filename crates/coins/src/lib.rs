//! Coin flipping: make every coin of a grid show the same face by flipping whole lines.
//!
//! # The puzzle (BOJ 9079)
//! Nine coins in a 3 x 3 grid show `H` or `T`. One operation flips the three coins of a row
//! (`R1 R2 R3`, top to bottom), a column (`C1 C2 C3`, left to right) or a diagonal (`D1` from
//! the top-left, `D2` from the top-right). Find the fewest operations that leave all coins
//! showing one face, or report that none exist.
//!
//! # Input
//! `T` (at least 1), then three lines per case of three letters `H`/`T` separated by single
//! spaces. See [`parse`].
//!
//! # Output
//! One line per case, the fewest operations or `-1`. With `--moves`, each solvable case is
//! followed by a line naming the operations used in the fixed order above (empty for 0).
//!
//! # Approach
//! Flips commute and a flip done twice cancels, so a board is an element of GF(2)^9 and an
//! answer is a set of operations, never a sequence. For the judge's 3 x 3 board the
//! [`FlipTable`] runs one full-space BFS on `statespace` over the 512 packed boards from the
//! two all-same boards, once per process, and answers every case from it. For any `m x n`
//! board ([`Grid`], up to 8 x 8) [`fewest_flips`] solves the linear system over GF(2) by
//! Gaussian elimination and searches only the null space for the lightest solution.
//!
//! # State count
//! 2^(m·n) boards; 512 for the judge, of which 128 can be made uniform.

mod grid;
mod parse;
mod solve;

pub use grid::{Grid, GridError, Op, Target};
pub use parse::{Instance, MAX_CASES, ParseError, parse};
pub use solve::{FlipTable, Solution, fewest_flips, solve};

#[cfg(test)]
mod tests;
