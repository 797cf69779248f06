//! `cargo xtask bench [NAME]`: whole-process timings of the release binaries against baselines
//! measured in the same run (medians; the machines are shared and noisy).
//!
//! Baselines that are not part of the repo (the seed programs, built in a scratch folder outside
//! it) are passed by environment variable; a comparison whose baseline is missing is skipped
//! with a note. See each benchmark's documentation for what it measures.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Median wall time of `runs` runs of `program args < input > /dev/null`.
pub fn time_process(
    program: &Path,
    args: &[&str],
    input: &Path,
    runs: usize,
) -> Result<Duration, String> {
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let stdin = std::fs::File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
        let started = Instant::now();
        let status = Command::new(program)
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{}: {e}", program.display()))?;
        times.push(started.elapsed());
        if !status.success() {
            return Err(format!(
                "{} failed on {}",
                program.display(),
                input.display()
            ));
        }
    }
    times.sort();
    Ok(times[times.len() / 2])
}

/// A benchmark: runs its comparisons with `runs` repetitions each and prints the figures.
type Bench = fn(usize) -> Result<(), String>;

fn release_binary(name: &str) -> PathBuf {
    crate::workspace_root().join("target/release").join(name)
}

fn ms(time: Duration) -> String {
    format!("{:.2} ms", time.as_secs_f64() * 1e3)
}

/// hanoi: N = 20 (1,048,575 move lines) against `cat` copying the same bytes, both to /dev/null.
fn hanoi(runs: usize) -> Result<(), String> {
    let testdata = crate::workspace_root().join("testdata/hanoi");
    let ours = time_process(
        &release_binary("hanoi"),
        &[],
        &testdata.join("n020.in"),
        runs,
    )?;
    let cat = time_process(
        Path::new("cat"),
        &[testdata.join("n020.out").to_str().expect("utf-8")],
        Path::new("/dev/null"),
        runs,
    )?;
    println!(
        "hanoi N=20 to /dev/null: median {} vs cat of the same {} bytes {} -> ratio {:.2} (target <= 2)",
        ms(ours),
        std::fs::metadata(testdata.join("n020.out"))
            .map_err(|e| e.to_string())?
            .len(),
        ms(cat),
        ours.as_secs_f64() / cat.as_secs_f64()
    );
    Ok(())
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let only = args.first().map(String::as_str);
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(11);
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(crate::workspace_root())
        .args(["build", "--release", "--quiet", "--bins"])
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("cargo build --release failed".into());
    }
    let benches: [(&str, Bench); 1] = [("hanoi", hanoi)];
    for (name, bench) in benches {
        if only.is_none_or(|o| o == name) {
            bench(runs)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
