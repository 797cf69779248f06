//! `cargo xtask bench puzzles`: `permutation-puzzle god` on shipped definitions, on one and on
//! two threads, side by side with twsearch's `-g` (its God's algorithm, one thread) on the same
//! files in the same run when `TWSEARCH` names its binary (built from its C++ source outside the
//! repository; the column is skipped, and says so, when unset). Each run of the three programs is
//! interleaved with the others' (ours on 1 thread, ours on 2, twsearch, then again), so that a
//! noisy stretch of a shared machine falls on all of them; the medians, the ratios and each
//! one's peak memory are printed, and every run's distribution must be the same as the others'.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::kit::bench::{baseline, mib};

/// The definitions timed (in `testdata/permutation-puzzle/`), and what the issue asks of each.
const DEFINITIONS: [(&str, &str); 3] = [
    (
        "cube2_six_faces.tws",
        "2x2x2, six faces: 88,179,840 positions",
    ),
    ("skewb.tws", "skewb: 37,791,360 positions"),
    ("pyraminx.tws", "pyraminx with tips: 75,582,720 positions"),
];

/// One run: its wall time, peak resident memory and the distribution it printed.
struct Run {
    time: Duration,
    peak_kib: u64,
    levels: Vec<u64>,
}

/// Runs `program args` under `/usr/bin/time -f "%e %M"`: wall time and peak memory of the same
/// run. `parse` reads the distribution from its standard output.
fn run(program: &Path, args: &[&str], parse: fn(&str) -> Vec<u64>) -> Result<Run, String> {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%e %M"])
        .arg(program)
        .args(args)
        .output()
        .map_err(|e| format!("/usr/bin/time {}: {e}", program.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} {} failed: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    let mut fields = last.split_whitespace();
    let (Some(seconds), Some(kib)) = (fields.next(), fields.next()) else {
        return Err(format!("no time and memory from /usr/bin/time: {last:?}"));
    };
    let seconds: f64 = seconds.parse().map_err(|_| format!("time {seconds:?}"))?;
    Ok(Run {
        time: Duration::from_secs_f64(seconds),
        peak_kib: kib.parse().map_err(|_| format!("memory {kib:?}"))?,
        levels: parse(&String::from_utf8_lossy(&output.stdout)),
    })
}

/// Our `god` output: `D COUNT` lines.
pub(super) fn our_levels(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|line| {
            let (d, count) = line.split_once(' ')?;
            d.parse::<u32>().ok()?;
            count.parse().ok()
        })
        .collect()
}

/// twsearch's `-g` output: `Dist D cnt COUNT tot TOTAL in SECONDS` lines, the last one (the
/// empty level it stops at) left out.
pub(super) fn twsearch_levels(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                ["Dist", _, "cnt", count, ..] => count.parse().ok(),
                _ => None,
            }
        })
        .filter(|&count| count > 0)
        .collect()
}

/// The product of the sets' sizes that `info` reports for the definition at `path`.
fn product_of_sets(ours: &Path, path: &Path) -> Result<f64, String> {
    let output = Command::new(ours)
        .arg("info")
        .arg(path)
        .output()
        .map_err(|e| format!("{}: {e}", ours.display()))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("product-of-sets ")?.trim().parse().ok())
        .ok_or_else(|| format!("{}: no product-of-sets line from info", path.display()))
}

/// The median time and the largest peak memory of `runs`.
fn summary(runs: &mut [Run]) -> (Duration, u64) {
    runs.sort_by_key(|r| r.time);
    let peak = runs.iter().map(|r| r.peak_kib).max().unwrap_or(0);
    (runs[runs.len() / 2].time, peak)
}

fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

pub fn bench(runs: usize) -> Result<(), String> {
    let ours = crate::workspace::release_binary("permutation-puzzle");
    let twsearch: Option<PathBuf> = baseline("TWSEARCH");
    if twsearch.is_none() {
        println!(
            "  (TWSEARCH is not set: twsearch's column is skipped; build it from its C++ source \
             outside the repository and set TWSEARCH=path/to/twsearch)"
        );
    }
    // Each run takes seconds (twsearch's on the pyraminx, two minutes): 3 by default.
    let runs = runs.clamp(1, 3);
    let dir = crate::workspace::root().join("testdata/permutation-puzzle");
    // `BENCH_PUZZLES=a.tws:b.tws` times other definitions instead (twsearch's own samples,
    // say, kept outside the repository).
    let chosen: Vec<(PathBuf, String)> = match std::env::var("BENCH_PUZZLES") {
        Ok(list) => list
            .split(':')
            .filter(|p| !p.is_empty())
            .map(|p| (PathBuf::from(p), "from BENCH_PUZZLES".to_string()))
            .collect(),
        Err(_) => DEFINITIONS
            .iter()
            .map(|(file, what)| (dir.join(file), (*what).to_string()))
            .collect(),
    };
    println!("permutation-puzzle god vs twsearch -g, median of {runs} interleaved runs each");
    for (path, what) in &chosen {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        // twsearch's `-g` indexes the product of the sets (the `info` line): past 2^32
        // entries (a GiB of table) it is not run.
        let product = product_of_sets(&ours, path)?;
        let twsearch = twsearch.as_ref().filter(|_| {
            let fits = product <= 2f64.powi(32);
            if !fits {
                println!(
                    "  ({file}: twsearch would index the product of its sets, {product:.3e} \
                     entries: not run)"
                );
            }
            fits
        });
        let path_text = path.to_string_lossy().into_owned();
        let one = ["god", &path_text, "--antipodes", "0", "--threads", "1"];
        let two = ["god", &path_text, "--antipodes", "0", "--threads", "2"];
        let theirs = ["-t", "1", "-g", &path_text];
        let (mut ones, mut twos, mut tws) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            ones.push(run(&ours, &one, our_levels)?);
            twos.push(run(&ours, &two, our_levels)?);
            if let Some(tw) = twsearch {
                tws.push(run(tw, &theirs, twsearch_levels)?);
            }
        }
        let reference = ones[0].levels.clone();
        if reference.is_empty() {
            return Err(format!("{file}: no levels in our output"));
        }
        for (who, run) in ones
            .iter()
            .map(|r| ("ours", r))
            .chain(twos.iter().map(|r| ("ours, 2 threads", r)))
            .chain(tws.iter().map(|r| ("twsearch", r)))
        {
            if run.levels != reference {
                return Err(format!(
                    "{file}: {who} printed the levels {:?}, ours {reference:?}",
                    run.levels
                ));
            }
        }
        let (one, one_peak) = summary(&mut ones);
        let (two, two_peak) = summary(&mut twos);
        println!(
            "{file} ({what}; {} levels, the same in every run)",
            reference.len()
        );
        println!(
            "  ours, 1 thread:  {} (peak {})",
            seconds(one),
            mib(one_peak * 1024)
        );
        println!(
            "  ours, 2 threads: {} (peak {})",
            seconds(two),
            mib(two_peak * 1024)
        );
        if !tws.is_empty() {
            let (tw, tw_peak) = summary(&mut tws);
            let ratio = |ours: Duration| tw.as_secs_f64() / ours.as_secs_f64();
            println!(
                "  twsearch -g:     {} (peak {})",
                seconds(tw),
                mib(tw_peak * 1024)
            );
            println!(
                "  ratio: {:.2}x on 1 thread (target >= 1), {:.2}x on 2 (target >= 1.8); \
                 peak memory {:.2}x twsearch's",
                ratio(one),
                ratio(two),
                two_peak.max(one_peak) as f64 / tw_peak.max(1) as f64
            );
        }
    }
    Ok(())
}
