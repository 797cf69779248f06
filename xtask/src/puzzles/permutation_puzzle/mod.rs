//! `permutation-puzzle` as xtask knows it: its own reader of definition files
//! ([`definition`]), the independent oracle (plain breadth-first searches over the literal
//! arrays), the checker replaying the binary's move sequences, the shipped definitions
//! ([`geometry`]) and the generator of judge data; the registry ([`crate::puzzles`]) lists it.

mod bench;
pub mod check;
pub mod definition;
mod generate;
pub mod geometry;
pub mod oracle;
mod pages;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "permutation-puzzle",
    summary: "any permutation puzzle written as a definition file (twisty puzzles, pancake stacks): God's algorithm in memory or on disk, optimal solutions",
    judge: "the ksolve/twsearch definition format",
    oracle: oracle::solve,
    oracle_is_quick: oracle::is_quick,
    // Distributions are compared line by line and scramble lines replayed, by one checker.
    checker: |_| Some(check::check as crate::kit::check::Checker),
    generate: generate::generate,
    pages: pages::pages,
    benches: &[("puzzles", bench::bench)],
    commands: &[],
};

#[cfg(test)]
mod tests;
