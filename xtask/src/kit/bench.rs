//! The benchmarks' helpers: whole-process timings of the release binaries (medians; the machines
//! are shared and noisy), peak memory, and comparisons against baselines measured in the same
//! run. Baselines that are not part of the repo (the seed programs, built in a scratch folder
//! outside it) are passed by environment variable; a comparison whose baseline is missing is
//! skipped with a note.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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
pub type Bench = fn(usize) -> Result<(), String>;

pub fn ms(time: Duration) -> String {
    format!("{:.2} ms", time.as_secs_f64() * 1e3)
}

/// Peak resident memory of one run in KiB, through `/usr/bin/time -f %M` where it exists.
pub fn peak_memory_kib(program: &Path, args: &[&str], input: &Path) -> Option<u64> {
    let stdin = std::fs::File::open(input).ok()?;
    let output = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg(program)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

/// A baseline program named by an environment variable, if set and present.
pub fn baseline(variable: &str) -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os(variable)?);
    if path.exists() {
        Some(path)
    } else {
        println!(
            "  ({variable}={} does not exist: comparison skipped)",
            path.display()
        );
        None
    }
}

/// Prints one whole-process comparison line.
pub fn compare(label: &str, ours: Duration, theirs: Option<Duration>, target: &str) {
    match theirs {
        Some(theirs) => println!(
            "{label}: ours {} vs seed {} -> {:.1}x faster ({target})",
            ms(ours),
            ms(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        ),
        None => println!("{label}: ours {} (no seed baseline given)", ms(ours)),
    }
}

pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}
