//! `cargo xtask bench cluster`: the spread search over loopback processes against one process.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::kit::bench::{mib, ms, peak_memory_kib, time_process};
use crate::workspace::release_binary;

/// One run of the spread eccentricity search: wall time, each process's peak memory and the
/// ranks that crossed processes at each level, from process 0's `--stats`.
struct SpreadRun {
    time: Duration,
    memory: Vec<u64>,
    between: Vec<u64>,
    within: Vec<u64>,
}

/// Runs `hanoi4 eccentricity n` in `processes` processes of `workers` threads on loopback ports
/// chosen free, and reads process 0's statistics.
fn spread_run(n: u32, processes: usize, workers: usize) -> Result<SpreadRun, String> {
    let hosts = std::env::temp_dir().join(format!("hanoi4-bench-hosts-{}", std::process::id()));
    let lines = crate::process::loopback(processes)?;
    std::fs::write(&hosts, lines.join("\n")).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let children: Vec<_> = (0..processes)
        .map(|process| {
            Command::new(release_binary("hanoi4"))
                .args(["eccentricity", &n.to_string(), "--stats"])
                .args(["--workers", &workers.to_string()])
                .args(["--processes", &processes.to_string()])
                .args(["--process", &process.to_string()])
                .arg("--hostfile")
                .arg(&hosts)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let mut report = String::new();
    for (process, child) in children.into_iter().enumerate() {
        let output = child.wait_with_output().map_err(|e| e.to_string())?;
        if !output.status.success() {
            return Err(format!("hanoi4 eccentricity {n}, process {process} failed"));
        }
        if process == 0 {
            report = String::from_utf8_lossy(&output.stdout).into_owned();
        }
    }
    let time = started.elapsed();
    let _ = std::fs::remove_file(&hosts);
    let number = |line: &str, index: usize| -> u64 {
        line.split_whitespace()
            .nth(index)
            .and_then(|w| w.parse().ok())
            .unwrap_or(0)
    };
    let levels: Vec<&str> = report.lines().filter(|l| l.starts_with("level")).collect();
    Ok(SpreadRun {
        time,
        memory: report
            .lines()
            .filter(|l| l.contains("peak memory"))
            .map(|l| number(l, 4))
            .collect(),
        within: levels.iter().map(|l| number(l, 2)).collect(),
        between: levels.iter().map(|l| number(l, 10)).collect(),
    })
}

/// The eccentricity search at 14 and 15 discs three ways on the same two cores: one process
/// (`statespace::TwoBitSearch`, 2 threads), one process of two timely workers, and two
/// processes of one worker over loopback. Time (median), peak memory per process, and the
/// ranks exchanged per level (8 bytes each on the wire). Target: two processes within 1.3x of
/// the one-machine search.
pub fn cluster(runs: usize) -> Result<(), String> {
    let runs = runs.clamp(1, 3);
    let nothing = Path::new("/dev/null");
    for n in [14u32, 15] {
        let args = ["eccentricity".to_string(), n.to_string()];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let one = time_process(&release_binary("hanoi4"), &args, nothing, runs)?;
        let one_memory = peak_memory_kib(&release_binary("hanoi4"), &args, nothing)
            .map_or("unknown".into(), |k| mib(k * 1024));
        println!(
            "hanoi4 eccentricity {n}, one process, TwoBitSearch on 2 threads: median {}, peak memory {one_memory}",
            ms(one)
        );
        for (processes, workers) in [(1, 2), (2, 1)] {
            let mut all = (0..runs)
                .map(|_| spread_run(n, processes, workers))
                .collect::<Result<Vec<_>, _>>()?;
            all.sort_by_key(|r| r.time);
            let median = &all[all.len() / 2];
            let memory: Vec<String> = median.memory.iter().map(|&b| mib(b)).collect();
            let between: u64 = median.between.iter().sum();
            let within: u64 = median.within.iter().sum();
            let busiest = median
                .between
                .iter()
                .chain(&median.within)
                .max()
                .copied()
                .unwrap_or(0);
            println!(
                "  {processes} process(es) x {workers} worker(s): median {} ({:.2}x the one-process time; target <= 1.3x), peak memory per process [{}]",
                ms(median.time),
                median.time.as_secs_f64() / one.as_secs_f64(),
                memory.join(", ")
            );
            println!(
                "    ranks crossing workers: {within} within a process, {between} between processes ({} bytes) over {} levels; busiest level {busiest} ranks",
                8 * between,
                median.between.len()
            );
        }
    }
    Ok(())
}
