//! `coins` as xtask knows it: its independent oracle, its checker, its generator of judge data, its
//! `--render` pages; the registry ([`crate::puzzles`]) lists it.

pub mod check;
mod generate;
pub mod oracle;
mod pages;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "coins",
    summary: "3 x 3 coin flipping by rows, columns and diagonals (and any m x n board)",
    judge: "BOJ 9079",
    oracle: |_, input| oracle::solve(input),
    oracle_is_quick: crate::kit::puzzle::any_number,
    checker: |args| {
        crate::kit::puzzle::has(args, "--moves")
            .then_some(check::check as crate::kit::check::Checker)
    },
    generate: generate::generate,
    pages: pages::pages,
    benches: &[],
    commands: &[],
};

#[cfg(test)]
mod tests;
