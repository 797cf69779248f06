#![doc = include_str!("../README.md")]

mod board;
mod parse;
mod solve;

pub use board::{Board, BoardError, Outcome, Step, Tilt};
pub use parse::{Instance, ParseError, parse};
pub use solve::{Limit, LimitError, Options, OutputKind, Solution, SolveError, Solver, solve};

#[cfg(test)]
mod tests;
