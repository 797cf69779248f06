//! What the puzzles' places (`crate::puzzles`) and the commands share: the shape of a puzzle as
//! xtask sees it, the judge data's layout, and the helpers of checkers, generators, pages and
//! benchmarks. Nothing here names a puzzle.

pub mod args;
pub mod bench;
pub mod cgroup;
pub mod check;
pub mod generate;
pub mod pages;
pub mod puzzle;
pub mod testdata;
#[cfg(test)]
pub mod testing;
