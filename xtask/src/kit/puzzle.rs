//! A puzzle as xtask sees it: the functions its place under `crate::puzzles` gives the commands.

use std::path::Path;
use std::process::ExitCode;

use crate::kit::bench::Bench;
use crate::kit::check::Checker;
use crate::kit::pages::Page;

/// A command of a puzzle's own: `run(args)`.
pub type Command = fn(&[String]) -> Result<ExitCode, String>;

/// One puzzle, as xtask sees it. Its crate, its binary and its folder of `testdata/` share
/// its name.
pub struct Puzzle {
    /// The crate, the binary and the `testdata/` folder.
    pub name: &'static str,
    /// The puzzle in a line, for the table of puzzles in the workspace README (`cargo xtask
    /// lists` writes it there).
    pub summary: &'static str,
    /// The judge whose problem it solves (or the format it reads), for the same table and the
    /// index of `testdata/README.md`.
    pub judge: &'static str,
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
    /// Its benchmarks (`cargo xtask bench NAME`), by name, each given the number of runs.
    pub benches: &'static [(&'static str, Bench)],
    /// Commands of its own (`cargo xtask NAME ARGS`), by name.
    pub commands: &'static [(&'static str, Command)],
}

/// Whether `args` hold `flag`.
pub fn has(args: &[String], flag: &str) -> bool {
    args.iter().any(|a| a == flag)
}

/// Whether `input` holds a number at all (the oracles of small puzzles answer anything else
/// at once).
pub fn any_number(input: &str) -> bool {
    input.split_whitespace().any(|t| t.parse::<usize>().is_ok())
}
