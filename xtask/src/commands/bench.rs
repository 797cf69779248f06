//! `cargo xtask bench [NAME]`: the benchmarks each puzzle lists in the registry
//! ([`crate::puzzles`]), named after the puzzle or after what they measure. With no NAME, all
//! of them. `BENCH_RUNS` sets the runs of each timing (default 11).

use std::process::ExitCode;

use crate::kit::bench::Bench;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let benches: Vec<(&str, Bench)> = crate::puzzles::PUZZLES
        .iter()
        .flat_map(|puzzle| puzzle.benches.iter().copied())
        .collect();
    let args = crate::kit::args::Args::new("bench", args);
    let names: Vec<&str> = benches.iter().map(|(name, _)| *name).collect();
    let chosen = args.finish_naming(&names)?;
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(11);
    let status = crate::workspace::cargo()
        .args(["build", "--release", "--quiet", "--bins"])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --release failed".into());
    }
    for (name, bench) in benches {
        if chosen.iter().any(|chosen| chosen == name) {
            bench(runs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
