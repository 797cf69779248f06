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
