//! Marble escape: tilt a board until the red marble drops through the hole and the blue one
//! does not.
//!
//! # The puzzle (BOJ 13460 and its siblings 13459, 15644, 15653)
//! A board of `N x M` cells (`.` empty, `#` wall, `O` the hole) holds a red and a blue marble.
//! A tilt `L R U D` rolls both marbles until each stops at a wall or against the other; a marble
//! that reaches the hole falls in. Success: red falls and blue does not during that tilt.
//!
//! # Input
//! `N M`, then `N` lines of exactly `M` characters; `3 <= N, M <= 100` (the judges stop at 10),
//! walls all round, exactly one `O`, `R` and `B`. See [`parse`].
//!
//! # Output
//! By [`OutputKind`]: the fewest tilts or `-1` (13460, 15653), `1`/`0` (13459), or the count and
//! one optimal tilt sequence (15644). The tilt limit ([`Limit`]) is 10 unless told otherwise.
//!
//! # Approach
//! [`Board`] precomputes, for every cell and direction, where a lone marble stops or that it
//! falls, so a tilt of both marbles costs O(1): when both would stop on the same cell, the one
//! that was behind stops one cell short. The search is `statespace`'s BFS over packed states
//! `red * cells + blue`, plus one state for "red has escaped", with the tilt limit as its depth
//! limit; tilts are tried in the order `L R U D`, so the path is deterministic.
//!
//! # State count
//! At most `cells^2` states; in practice far fewer, since a marble at rest touches a wall or the
//! other marble. Small boards use a dense arena (4 bytes per possible state), large ones a sparse
//! one (a hash map over the states reached).

mod board;
mod parse;
mod solve;

pub use board::{Board, BoardError, Outcome, Tilt};
pub use parse::{ParseError, parse};
pub use solve::{Limit, OutputKind, Solution, Solver, solve};

#[cfg(test)]
mod tests;
