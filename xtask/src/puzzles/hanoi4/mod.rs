//! `hanoi4` as xtask knows it: its independent oracle, its checker, its generator of judge data, its
//! `--render` pages, its benchmarks, and the system tests of its spread search ([`spread`]); the
//! registry ([`crate::puzzles`]) lists it.

mod bench;
pub mod check;
pub mod disk_chaos;
mod generate;
pub mod oracle;
mod pages;
pub mod spread;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "hanoi4",
    summary: "four-peg Tower of Hanoi from any configuration to peg 4, up to 20 discs",
    judge: "algospot HANOI4",
    oracle: |_, input| oracle::solve(input),
    // Every case's `n` is at most 10 when no number past the first line exceeds it.
    oracle_is_quick: |input| {
        input
            .lines()
            .skip(1)
            .flat_map(str::split_whitespace)
            .filter_map(|t| t.parse::<usize>().ok())
            .all(|v| v <= 10)
    },
    checker: |args| {
        crate::kit::puzzle::has(args, "--moves")
            .then_some(check::check as crate::kit::check::Checker)
    },
    generate: generate::generate,
    pages: pages::pages,
    benches: &[
        ("hanoi4", bench::bench),
        ("two-bit", bench::two_bit),
        ("disk", bench::disk),
        ("cluster", spread::bench::cluster),
    ],
    commands: &[
        ("faults", spread::faults::run),
        ("chaos", spread::chaos::run),
    ],
};

#[cfg(test)]
mod tests;
