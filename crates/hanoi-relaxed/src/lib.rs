#![doc = include_str!("../README.md")]

mod parse;
mod pegs;
mod solve;

pub use parse::{Instance, ParseError, parse};
pub use pegs::{Move, Peg, Pegs, PegsError};
pub use solve::{Solution, count_states, goal_states, solve, solve_stack};

#[cfg(test)]
mod tests;
