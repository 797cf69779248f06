//! The pages `cargo xtask browser` opens, as each puzzle lists them: the binary that writes each, its
//! what each must show, and helpers to describe stacks of discs.

use std::path::Path;

/// One page to check: the binary that writes it, its input and what it must show.
pub struct Page {
    pub name: &'static str,
    pub binary: &'static str,
    pub args: Vec<String>,
    pub input: String,
    pub expect: Expect,
}

/// What the page must show at its start and after its last move.
pub struct Expect {
    pub start: String,
    pub steps: usize,
    pub goal: Box<dyn Fn(&str) -> bool>,
}

/// Each peg's discs from the bottom up, `|` between pegs.
pub fn pegs_text(pegs: &[Vec<u32>]) -> String {
    pegs.iter()
        .map(|peg| peg.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("|")
}

/// A file of `testdata/`.
pub fn read(root: &Path, path: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join("testdata").join(path)).map_err(|e| format!("{path}: {e}"))
}

/// A tower of `n` discs, bottom up.
pub fn tower(n: u32) -> Vec<u32> {
    (1..=n).rev().collect()
}
