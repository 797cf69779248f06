//! `hanoi-relaxed` as xtask knows it: its independent oracle, its checker, its generator of judge data, its
//! `--render` pages, its benchmarks; the registry ([`crate::puzzles`]) lists it.

mod bench;
pub mod check;
mod generate;
pub mod oracle;
mod pages;

use crate::kit::puzzle::Puzzle;

/// The puzzle, for the registry.
pub const PUZZLE: Puzzle = Puzzle {
    name: "hanoi-relaxed",
    summary: "three pegs, sizes 1 to 9, at most one larger disc above each disc",
    judge: "CodeIQ \"not the Tower of Hanoi\"",
    oracle: |_, input| oracle::solve(input),
    oracle_is_quick: |input| input.lines().all(|l| l.trim().len() <= 8),
    checker: |args| {
        crate::kit::puzzle::has(args, "--moves")
            .then_some(check::check as crate::kit::check::Checker)
    },
    generate: generate::generate,
    pages: pages::pages,
    benches: &[("hanoi-relaxed", bench::bench)],
    commands: &[],
};

#[cfg(test)]
mod tests;
