//! `marbles` as xtask knows it: its independent oracle, its checker, its generator of judge data, its
//! `--render` pages, its benchmarks; the registry ([`crate::puzzles`]) lists it.

mod bench;
pub mod check;
pub mod generate;
pub mod oracle;
mod pages;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "marbles",
    summary: "tilt a board so the red marble escapes through the hole and the blue one does not",
    judge: "BOJ 13460, 13459, 15644, 15653",
    oracle: oracle::solve,
    oracle_is_quick: crate::kit::puzzle::any_number,
    checker: |args| {
        let path = args
            .windows(2)
            .any(|w| w[0] == "--output" && w[1] == "path");
        path.then_some(check::check as crate::kit::check::Checker)
    },
    generate: generate::generate,
    pages: pages::pages,
    benches: &[("marbles", bench::bench)],
    commands: &[],
};

#[cfg(test)]
mod tests;
