//! The benchmarks of `hanoi4` (`cargo xtask bench hanoi4`).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::kit::bench::{baseline, compare, ms, peak_memory_kib, time_process};

/// hanoi4: the farthest-configuration files at n = 12 (10 cases) and n = 13 (5 cases), and the
/// first 13-disc case alone, against the seed's C++ (`SEED_HANOI4`, and `SEED_HANOI4_13` with
/// 0-indexed packing so 13 discs fit), plus peak memory.
pub fn bench(runs: usize) -> Result<(), String> {
    if std::env::var_os("HANOI4_BENCH_NO_TABLES").is_some() {
        println!("  (HANOI4_BENCH_NO_TABLES set: the random 17- and 18-disc sets alone)");
        return hanoi4_random_cold();
    }
    let hard = crate::workspace::root().join("testdata/hanoi4/hard");
    let ours = crate::workspace::release_binary("hanoi4");
    let runs = runs.min(5);
    // One hard 13-disc case alone: the first case of the 13-disc file.
    let single = std::env::temp_dir().join(format!("hanoi4-n13-single-{}.in", std::process::id()));
    let hard13 =
        std::fs::read_to_string(hard.join("n13_farthest.in")).map_err(|e| e.to_string())?;
    let first: Vec<&str> = hard13.lines().skip(1).take(5).collect();
    std::fs::write(&single, format!("1\n{}\n", first.join("\n"))).map_err(|e| e.to_string())?;
    for (input, variable, target) in [
        (hard.join("n12_farthest.in"), "SEED_HANOI4", "target >= 25x"),
        (
            hard.join("n13_farthest.in"),
            "SEED_HANOI4_13",
            "target >= 12x",
        ),
        (single.clone(), "SEED_HANOI4_13", "target: ours < 100 ms"),
    ] {
        let file = input
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        let mine = time_process(&ours, &[], &input, runs)?;
        let seed = match baseline(variable) {
            Some(seed) => Some(time_process(&seed, &[], &input, runs)?),
            None => None,
        };
        compare(&format!("hanoi4 {file}"), mine, seed, target);
        if let Some(kib) = peak_memory_kib(&ours, &[], &input) {
            println!(
                "  peak memory of ours on {file}: {:.1} MiB (target <= 300 MiB at n = 13)",
                kib as f64 / 1024.0
            );
        }
    }
    let _ = std::fs::remove_file(&single);
    // Perfect towers of 14 to 20 discs on pegs 1 to 3, no saved tables.
    let towers = std::env::temp_dir().join(format!("hanoi4-towers-{}.in", std::process::id()));
    let mut text = String::from("7\n");
    for n in 14..=20usize {
        let peg = n % 3;
        text.push_str(&format!("{n}\n"));
        for p in 0..4 {
            if p == peg {
                let discs: Vec<String> = (1..=n).rev().map(|d| d.to_string()).collect();
                text.push_str(&format!("{n} {}\n", discs.join(" ")));
            } else {
                text.push_str("0\n");
            }
        }
    }
    std::fs::write(&towers, text).map_err(|e| e.to_string())?;
    let time = time_process(&ours, &[], &towers, runs)?;
    println!(
        "hanoi4 perfect towers of 14 to 20 discs (one file, no saved tables): ours {} (target < 10 s)",
        ms(time)
    );
    let _ = std::fs::remove_file(&towers);
    if std::env::var_os("HANOI4_BENCH_QUICK").is_none() {
        hanoi4_random()?;
    } else {
        println!("  (HANOI4_BENCH_QUICK set: the random 17-, 18- and 20-disc sets are skipped)");
    }
    Ok(())
}

/// A file of `count` random configurations of `n` discs (each disc on a peg drawn uniformly),
/// the same for a given `seed` on every machine.
fn random_hanoi4_file(n: usize, count: usize, seed: u64) -> String {
    let mut rng = crate::kit::generate::Rng::new(seed);
    let mut text = format!("{count}\n");
    for _ in 0..count {
        let mut pegs = vec![Vec::new(); 4];
        for disc in (1..=n).rev() {
            pegs[rng.below(4) as usize].push(disc.to_string());
        }
        text.push_str(&format!("{n}\n"));
        for peg in pegs {
            if peg.is_empty() {
                text.push_str("0\n");
            } else {
                text.push_str(&format!("{} {}\n", peg.len(), peg.join(" ")));
            }
        }
    }
    text
}

/// Runs `hanoi4 --stats [args] < input` once (through `process::run_binary`, with no time limit
/// worth the name) and prints its answers' count and time under `label`, then its stats lines.
fn hanoi4_stats(label: &str, args: &[&str], input: &str) -> Result<(), String> {
    let mut all = vec!["--stats".to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    let run = crate::process::run_binary(
        &crate::workspace::release_binary("hanoi4"),
        &all,
        input.as_bytes(),
        Duration::from_secs(24 * 3600),
        None,
    )?;
    let stderr = String::from_utf8_lossy(&run.stderr);
    if run.status != Some(0) {
        return Err(format!("hanoi4 failed: {}", stderr.trim()));
    }
    println!(
        "{label}: {} answers in {:.1} s",
        String::from_utf8_lossy(&run.stdout).lines().count(),
        run.elapsed.as_secs_f64()
    );
    for line in stderr.lines() {
        println!("  {line}");
    }
    Ok(())
}

/// Twenty random configurations of 17 and of 18 discs with no saved tables, one process each,
/// tables built in memory (alone with `HANOI4_BENCH_NO_TABLES=1`).
fn hanoi4_random_cold() -> Result<(), String> {
    for (n, seed) in [(17usize, 0x17_2024u64), (18, 0x18_2024)] {
        hanoi4_stats(
            &format!(
                "hanoi4 20 random {n}-disc configurations, no saved tables (targets: 17 <= 15 s, 18 <= 60 s in all)"
            ),
            &[],
            &random_hanoi4_file(n, 20, seed),
        )?;
    }
    Ok(())
}

/// [`hanoi4_random_cold`], then twenty of 20 discs with the goal table of `HANOI4_BENCH_WIDTH`
/// (default 18) discs alone, the tables a user builds in under 20 minutes, and with
/// `HANOI4_BENCH_DETOUR=1` again with its detour table too. Tables are built with
/// `hanoi4 table build N [--detour]` into `HANOI4_BENCH_TABLES` (default
/// `target/hanoi4-bench-tables`), kept for the next run, and each build timed when it happens.
/// Prints `--stats`' lines: the time getting ready (table builds or loads) and each case's
/// median and largest time.
fn hanoi4_random() -> Result<(), String> {
    hanoi4_random_cold()?;
    let width: usize = std::env::var("HANOI4_BENCH_WIDTH")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(18);
    let tables = std::env::var_os("HANOI4_BENCH_TABLES").map_or_else(
        || crate::workspace::target_dir().join("hanoi4-bench-tables"),
        PathBuf::from,
    );
    let file = |ext: &str| tables.join(format!("hanoi4-n{width:02}.{ext}"));
    let build = |extra: &[&str], what: &str| -> Result<(), String> {
        let started = Instant::now();
        let status = Command::new(crate::workspace::release_binary("hanoi4"))
            .args(["table", "build", &width.to_string(), "--dir"])
            .arg(&tables)
            .args(extra)
            .stdout(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("hanoi4 table build {width} {extra:?} failed"));
        }
        println!(
            "hanoi4 table build {width} ({what}): {:.1} s",
            started.elapsed().as_secs_f64()
        );
        Ok(())
    };
    if !file("t2").is_file() {
        build(&[], "the goal table; target: under 20 minutes")?;
    }
    // The goal table alone, even when a detour table is saved beside it: a folder of its own.
    let goal_only = tables.join("goal-only");
    std::fs::create_dir_all(&goal_only).map_err(|e| e.to_string())?;
    let link = goal_only.join(format!("hanoi4-n{width:02}.t2"));
    if !link.exists() {
        let target = std::fs::canonicalize(file("t2")).map_err(|e| e.to_string())?;
        std::os::unix::fs::symlink(target, &link).map_err(|e| e.to_string())?;
    }
    let input = random_hanoi4_file(20, 20, 0x20_2024);
    let mut runs = vec![(goal_only, "goal table")];
    if std::env::var_os("HANOI4_BENCH_DETOUR").is_some() {
        if !file("d2").is_file() {
            build(&["--detour"], "the detour table, the goal table loaded")?;
        }
        runs.push((tables.clone(), "goal and detour tables"));
    }
    for (dir, what) in runs {
        hanoi4_stats(
            &format!(
                "hanoi4 20 random 20-disc configurations with the {width}-disc {what} (target: all 20 solved)"
            ),
            &["--tables", &dir.to_string_lossy()],
            &input,
        )?;
    }
    Ok(())
}

/// `cargo xtask bench two-bit`: the two-bit search against plain searches written in the
/// benches (in-process rows, so bench targets of their own): puzzles written with per-state
/// successors only (`crates/statespace/benches/per_state.rs`), the spread search's per-state
/// path in one process against the engine (`crates/statespace-timely/benches/per_state.rs`),
/// then hanoi4's block-expanding spaces (`crates/hanoi4/benches/two_bit.rs`).
pub fn two_bit(_runs: usize) -> Result<(), String> {
    for (package, bench) in [
        ("statespace-search", "per_state"),
        ("statespace-timely", "per_state"),
        ("hanoi4", "two_bit"),
    ] {
        let status = crate::workspace::cargo()
            .args(["bench", "-p", package, "--bench", bench])
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("cargo bench -p {package} --bench {bench} failed"));
        }
    }
    Ok(())
}

/// `cargo xtask bench disk`: `hanoi4 eccentricity N --disk DIR` (a new folder each run, under
/// the temporary folder) and the spread search of two workers with its slices there
/// (`--workers 2 --disk DIR`) against the same searches in memory, in turn, with the levels of
/// every run compared. `BENCH_DISK_DISCS` sets N (default 16);
/// `BENCH_DISK_CGROUP_MIB` runs the searches on disk in a memory cgroup of that size (root
/// only; the out-of-core case: 17 discs, 256). `BENCH_DISK_TABLES=DIR` then answers 20 random
/// configurations of N discs for each finished table `DIR/hanoi4-nNN.disk` (built by `hanoi4
/// table build N --dir DIR --disk`, or an eccentricity run's folder moved there) with `--tables
/// DIR --stats`, one by one from the file, prints each case's median and largest time, and
/// compares every answer with the goal-table engine's from the `N-1`-disc goal table saved in
/// `DIR` (`hanoi4 table build N-1 --dir DIR`), failing on any disagreement.
pub fn disk(runs: usize) -> Result<(), String> {
    if let Some(tables) = std::env::var_os("BENCH_DISK_TABLES") {
        return disk_tables(&PathBuf::from(tables));
    }
    let runs = runs.clamp(1, 3);
    let n: u32 = std::env::var("BENCH_DISK_DISCS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16);
    let cgroup_mib: Option<u64> = std::env::var("BENCH_DISK_CGROUP_MIB")
        .ok()
        .and_then(|v| v.parse().ok());
    let group = cgroup_mib
        .map(|mib| crate::kit::cgroup::Cgroup::create("bench-disk", mib << 20))
        .transpose()?;
    let binary = crate::workspace::release_binary("hanoi4");
    let folder = std::env::temp_dir().join(format!("xtask-bench-disk-{}", std::process::id()));
    let levels = |output: &std::process::Output| -> Result<Vec<String>, String> {
        if !output.status.success() {
            return Err(format!(
                "hanoi4 eccentricity {n} failed: {}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter(|line| line.starts_with("distance"))
            .map(str::to_owned)
            .collect())
    };
    // The one-process search and the spread one (two workers), each in memory and with its
    // table (or its slices) on disk, the latter in the cgroup when one is asked for; in turn,
    // a round at a time.
    let variants: [(&str, &[&str], bool); 4] = [
        ("in memory", &[], false),
        ("on disk", &["--disk"], true),
        ("spread, 2 workers, in memory", &["--workers", "2"], false),
        (
            "spread, 2 workers, slices on disk",
            &["--workers", "2", "--disk"],
            true,
        ),
    ];
    let mut times = vec![Vec::new(); variants.len()];
    let mut expected = None;
    for _ in 0..runs {
        for ((name, extra, limited), times) in variants.iter().zip(&mut times) {
            let mut args = vec!["eccentricity".to_string(), n.to_string()];
            args.extend(extra.iter().map(|a| a.to_string()));
            if extra.contains(&"--disk") {
                let _ = std::fs::remove_dir_all(&folder);
                args.push(folder.display().to_string());
            }
            let mut command = match (&group, limited) {
                (Some(group), true) => group.command(&binary, &args),
                _ => {
                    let mut command = Command::new(&binary);
                    command.args(&args);
                    command
                }
            };
            let started = Instant::now();
            let output = command
                .output()
                .map_err(|e| format!("{}: {e}", binary.display()))?;
            times.push(started.elapsed());
            let _ = std::fs::remove_dir_all(&folder);
            let found = levels(&output)?;
            match &expected {
                None => expected = Some(found),
                Some(expected) if *expected != found => {
                    return Err(format!(
                        "hanoi4 eccentricity {n} ({name}): other levels than in memory"
                    ));
                }
                Some(_) => {}
            }
        }
    }
    let limit = cgroup_mib.map_or("memory to spare".to_string(), |mib| {
        format!("a {mib} MiB memory cgroup")
    });
    println!("hanoi4 eccentricity {n}, medians of {runs} (on disk: {limit}; the same levels):");
    let medians: Vec<Duration> = times
        .into_iter()
        .map(|mut t| {
            t.sort();
            t[t.len() / 2]
        })
        .collect();
    for ((name, _, _), &time) in variants.iter().zip(&medians) {
        println!(
            "  {name}: {} ({:.2}x in memory)",
            ms(time),
            time.as_secs_f64() / medians[0].as_secs_f64()
        );
    }
    Ok(())
}

/// The judge mode answering from the tables on disk in `tables`: 20 random configurations for
/// each `hanoi4-nNN.disk` folder there (see [`disk`]).
fn disk_tables(tables: &std::path::Path) -> Result<(), String> {
    let mut discs: Vec<usize> = std::fs::read_dir(tables)
        .map_err(|e| format!("{}: {e}", tables.display()))?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_prefix("hanoi4-n")?
                .strip_suffix(".disk")?
                .parse()
                .ok()
        })
        .collect();
    discs.sort_unstable();
    if discs.is_empty() {
        return Err(format!(
            "{}: no table on disk (hanoi4-nNN.disk) to answer from",
            tables.display()
        ));
    }
    let mut disagreements = 0;
    for n in discs {
        let input = random_hanoi4_file(n, 20, 0x20_2024 + n as u64);
        let dir = tables.to_string_lossy();
        hanoi4_stats(
            &format!(
                "hanoi4 20 random {n}-disc configurations from the table on disk (target: at most 1 s a case)"
            ),
            &["--tables", &dir],
            &input,
        )?;
        disagreements += second_engine(n, &dir, &input)?;
    }
    if disagreements > 0 {
        return Err(format!(
            "{disagreements} answers of the tables on disk differ from the goal-table engine's"
        ));
    }
    Ok(())
}

/// The same cases answered from the table on disk and by the goal-table engine (its windows of
/// the `n - 1`-disc goal table saved in `dir`, `hanoi4 table build N-1 --dir DIR`): every
/// disagreement printed; their number. Without that table the engine builds its own, which
/// for 20 discs is more memory than this machine has: then it says so and compares nothing.
fn second_engine(n: usize, dir: &str, input: &str) -> Result<usize, String> {
    let binary = crate::workspace::release_binary("hanoi4");
    let answers = |args: &[&str]| -> Result<Vec<String>, String> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let run = crate::process::run_binary(
            &binary,
            &args,
            input.as_bytes(),
            Duration::from_secs(24 * 3600),
            None,
        )?;
        if run.status != Some(0) {
            return Err(format!(
                "hanoi4 {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&run.stderr).trim()
            ));
        }
        Ok(String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(str::to_owned)
            .collect())
    };
    let goal_table = std::path::Path::new(dir).join(format!("hanoi4-n{:02}.t2", n - 1));
    if !goal_table.exists() {
        println!(
            "  no {} to compare with: build it with `hanoi4 table build {} --dir {dir}`",
            goal_table.display(),
            n - 1
        );
        return Ok(0);
    }
    let from_disk = answers(&["--tables", dir])?;
    let engine = answers(&["--tables", dir, "--engine", "goal-table"])?;
    let mut differ = 0;
    for (case, (a, b)) in from_disk.iter().zip(&engine).enumerate() {
        if a != b {
            differ += 1;
            println!(
                "  case {}: the table on disk says {a}, the goal-table engine {b}",
                case + 1
            );
        }
    }
    if from_disk.len() != engine.len() {
        differ += 1;
        println!(
            "  {} answers from the table on disk, {} from the goal-table engine",
            from_disk.len(),
            engine.len()
        );
    }
    println!(
        "  {n} discs: {} answers compared with the goal-table engine (windows of the {}-disc table), {differ} disagreements",
        from_disk.len(),
        n - 1
    );
    Ok(differ)
}
