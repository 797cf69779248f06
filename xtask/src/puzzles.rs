//! The one list of the workspace's puzzles that every command reads: `verify` and `fuzz` take
//! their crates from it, `oracle` and the checkers their functions, `gen-testdata` its
//! generators, `browser` its pages and `bench` its benchmarks. Adding a puzzle is one entry here
//! (see ARCHITECTURE.md, "Adding a puzzle").

use std::path::Path;

use crate::check::Checker;
use crate::pages::Page;

/// One puzzle, as xtask sees it. Its crate, its binary and its folder of `testdata/` share
/// its name.
pub struct Puzzle {
    /// The crate, the binary and the `testdata/` folder.
    pub name: &'static str,
    /// The independent oracle: the judge output of a valid input, given the binary's flags.
    pub oracle: fn(&[String], &str) -> String,
    /// Whether the oracle answers `input` quickly (fuzzing compares only those).
    pub oracle_is_quick: fn(&str) -> bool,
    /// The checker of outputs that are not unique, for a run with these flags; `None` where the
    /// output is compared exactly.
    pub checker: fn(&[String]) -> Option<Checker>,
    /// Writes the generated cases (and their oracle answers) into the puzzle's `testdata/`
    /// folder.
    pub generate: fn(&Path) -> Result<(), String>,
    /// The `--render` pages `xtask browser` checks, from the repository's root.
    pub pages: fn(&Path) -> Result<Vec<Page>, String>,
    /// Its benchmark (`cargo xtask bench NAME`), with the number of runs, if it has one.
    pub bench: Option<fn(usize) -> Result<(), String>>,
}

/// Whether `args` hold `flag`.
fn has(args: &[String], flag: &str) -> bool {
    args.iter().any(|a| a == flag)
}

/// Whether `input` holds a number at all (the oracles of small puzzles answer anything else
/// at once).
fn any_number(input: &str) -> bool {
    input.split_whitespace().any(|t| t.parse::<usize>().is_ok())
}

/// Every puzzle, in the order the commands run them.
pub const PUZZLES: [Puzzle; 5] = [
    Puzzle {
        name: "hanoi",
        oracle: |_, input| crate::oracle::hanoi::solve(input),
        oracle_is_quick: any_number,
        checker: |_| None,
        generate: crate::generate::hanoi,
        pages: crate::pages::hanoi_pages,
        bench: Some(crate::benches::hanoi),
    },
    Puzzle {
        name: "hanoi4",
        oracle: |_, input| crate::oracle::hanoi4::solve(input),
        // Every case's `n` is at most 10 when no number past the first line exceeds it.
        oracle_is_quick: |input| {
            input
                .lines()
                .skip(1)
                .flat_map(str::split_whitespace)
                .filter_map(|t| t.parse::<usize>().ok())
                .all(|v| v <= 10)
        },
        checker: |args| has(args, "--moves").then_some(crate::check::hanoi4::check as Checker),
        generate: crate::generate::hanoi4,
        pages: crate::pages::hanoi4_pages,
        bench: Some(crate::benches::hanoi4),
    },
    Puzzle {
        name: "hanoi-relaxed",
        oracle: |_, input| crate::oracle::hanoi_relaxed::solve(input),
        oracle_is_quick: |input| input.lines().all(|l| l.trim().len() <= 8),
        checker: |args| {
            has(args, "--moves").then_some(crate::check::hanoi_relaxed::check as Checker)
        },
        generate: crate::generate::hanoi_relaxed,
        pages: crate::pages::hanoi_relaxed_pages,
        bench: Some(crate::benches::hanoi_relaxed),
    },
    Puzzle {
        name: "coins",
        oracle: |_, input| crate::oracle::coins::solve(input),
        oracle_is_quick: any_number,
        checker: |args| has(args, "--moves").then_some(crate::check::coins::check as Checker),
        generate: crate::generate::coins,
        pages: crate::pages::coins_pages,
        bench: None,
    },
    Puzzle {
        name: "marbles",
        oracle: crate::oracle::marbles::solve,
        oracle_is_quick: any_number,
        checker: |args| {
            let path = args
                .windows(2)
                .any(|w| w[0] == "--output" && w[1] == "path");
            path.then_some(crate::check::marbles::check as Checker)
        },
        generate: crate::generate::marbles,
        pages: crate::pages::marbles_pages,
        bench: Some(crate::benches::marbles),
    },
];

/// The puzzle called `name`.
pub fn find(name: &str) -> Option<&'static Puzzle> {
    PUZZLES.iter().find(|p| p.name == name)
}

/// The checker for `name`'s binary run with `args`, or `None` when its output is unique and
/// compared exactly (or there is no such puzzle).
pub fn checker_for(name: &str, args: &[String]) -> Option<Checker> {
    find(name).and_then(|puzzle| (puzzle.checker)(args))
}

/// Every puzzle's name.
pub fn names() -> impl Iterator<Item = &'static str> {
    PUZZLES.iter().map(|p| p.name)
}
