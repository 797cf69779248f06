//! `hanoi` as xtask knows it: its independent oracle, its generator of judge data, its
//! `--render` pages, its benchmarks; the registry ([`crate::puzzles`]) lists it.

mod bench;
mod generate;
pub mod oracle;
mod pages;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "hanoi",
    summary: "classic three-peg Tower of Hanoi: exact counts to 100 discs, the k-th move in O(1), any configuration",
    judge: "BOJ 1914, 11729",
    oracle: |_, input| oracle::solve(input),
    oracle_is_quick: crate::kit::puzzle::any_number,
    checker: |_| None,
    generate: generate::generate,
    pages: pages::pages,
    benches: &[("hanoi", bench::bench)],
    commands: &[],
};

#[cfg(test)]
mod tests;
