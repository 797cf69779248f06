//! The registry: the one list of the workspace's puzzles that every command reads, and that the
//! lists of puzzles in the docs are written from (`cargo xtask lists`). Each puzzle's knowledge
//! (its line for the docs, oracle, checker, generator, pages, benchmarks) sits in its own
//! folder here; adding a puzzle is one folder, its module line and one line in [`PUZZLES`]
//! (see ARCHITECTURE.md, "Adding a puzzle").

pub mod coins;
pub mod hanoi;
pub mod hanoi4;
pub mod hanoi_relaxed;
pub mod marbles;
pub mod permutation_puzzle;

use crate::kit::check::Checker;
pub use crate::kit::puzzle::Puzzle;

/// Every puzzle, in the order the commands run them.
pub const PUZZLES: &[Puzzle] = &[
    hanoi::PUZZLE,
    hanoi4::PUZZLE,
    hanoi_relaxed::PUZZLE,
    coins::PUZZLE,
    marbles::PUZZLE,
    permutation_puzzle::PUZZLE,
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

/// The command `name` of a puzzle's own (`faults`, say), if one has it.
pub fn command(name: &str) -> Option<crate::kit::puzzle::Command> {
    PUZZLES
        .iter()
        .flat_map(|puzzle| puzzle.commands)
        .find(|(command, _)| *command == name)
        .map(|&(_, run)| run)
}
