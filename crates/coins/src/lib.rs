#![doc = include_str!("../README.md")]

mod grid;
mod parse;
mod solve;

pub use grid::{Grid, GridError, Op, Target};
pub use parse::{Instance, MAX_CASES, ParseError, parse};
pub use solve::{FlipTable, Options, Solution, SolveError, fewest_flips, solve};

#[cfg(test)]
mod tests;
