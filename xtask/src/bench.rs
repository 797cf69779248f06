//! `cargo xtask bench [NAME]` (NAME: a puzzle with a benchmark, `cluster`, `disk` or `two-bit`): runs
//! the benchmarks of [`crate::benches`], each puzzle's from the list of puzzles.

use std::process::{Command, ExitCode};

use crate::benches::{self, Bench};

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let only = args.first().map(String::as_str);
    if only == Some("two-bit") {
        return benches::two_bit();
    }
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(11);
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(crate::workspace::root())
        .args(["build", "--release", "--quiet", "--bins"])
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("cargo build --release failed".into());
    }
    let benches = crate::puzzles::PUZZLES
        .iter()
        .filter_map(|puzzle| puzzle.bench.map(|bench| (puzzle.name, bench)))
        .chain([
            ("cluster", benches::cluster as Bench),
            ("disk", benches::disk as Bench),
        ]);
    for (name, bench) in benches {
        if only.is_none_or(|o| o == name) {
            bench(runs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
