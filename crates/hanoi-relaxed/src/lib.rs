#![doc = include_str!("../README.md")]

mod parse;
mod pegs;
mod solve;

pub use parse::{Instance, ParseError, parse};
pub use pegs::{GOAL, Move, Peg, Pegs, PegsError, START};
pub use solve::{Options, Solution, SolveError, count_states, goal_states, solve, solve_stack};
/// The arena [`solve_stack`] searches in, re-exported so that calling it needs no other crate.
pub use statespace::SparseArena;

#[cfg(test)]
mod tests;
