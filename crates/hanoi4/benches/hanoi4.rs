//! Four-peg Hanoi timings (`cargo bench -p hanoi4`), on one reused 2^26-entry table:
//!
//! * full-space BFS from the goal for n = 8..=13 (states per second);
//! * bidirectional BFS for configurations at the largest distance from the goal (the hardest
//!   cases), per case, for the same n;
//! * their ratio: how many far cases one full BFS is worth, which sets the per-file threshold
//!   in `Solver::solve_all`.

use hanoi4::{Config, Peg, Solver};
#[path = "../../statespace/benches/support/timing.rs"]
mod timing;

use timing::median_time;

/// The peak resident memory of this process so far, from `/proc/self/status` (Linux).
fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// The two-bit goal table ([`hanoi4::GoalTable::build`]: BFS over the ranked quotient, all
/// 4^n configurations covered) for n from 11 to `TWO_BIT_MAX` (default 13), on all cores, with
/// the process's peak memory after each size (sizes run in increasing order, so the peak is the
/// latest size's).
fn two_bit() {
    let top: usize = std::env::var("TWO_BIT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(13);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    for n in 11..=top {
        // The generic BFS over the quotient indexed by packed configuration (4^n entries, most
        // never reached): the search core's speed without ranking.
        let goal = (1u64 << (2 * n)) - 1;
        let space = hanoi4::HanoiSpace::symmetric(n);
        let (packed_time, _) = median_time(if n <= 13 { 3 } else { 1 }, || {
            statespace::TwoBitSearch::new(&space, 1 << (2 * n))
                .sources([goal])
                .threads(threads)
                .run()
                .1
        });
        println!(
            "two-bit BFS n={n:2}, packed index: {:>9.1} ms ({:.1} M configurations/s)",
            packed_time.as_secs_f64() * 1e3,
            (1u64 << (2 * n)) as f64 / packed_time.as_secs_f64() / 1e6,
        );
        let (time, levels) = median_time(if n <= 13 { 3 } else { 1 }, || {
            hanoi4::GoalTable::build(n, threads, |_, _| {}).unwrap().1
        });
        println!(
            "two-bit BFS n={n:2}, ranked (GoalTable): {:>9.1} ms ({:.1} M configurations/s, {threads} threads), \
             eccentricity {}, peak memory {:.0} MiB",
            time.as_secs_f64() * 1e3,
            (1u64 << (2 * n)) as f64 / time.as_secs_f64() / 1e6,
            levels.max_distance(),
            peak_memory_mib().unwrap_or(f64::NAN)
        );
    }
}

/// The table of `n` discs saved in `HANOI4_TABLES`, if that folder has one.
fn saved_table(n: usize) -> Option<hanoi4::GoalTable> {
    let dir = hanoi4::TableDir::open(std::env::var_os("HANOI4_TABLES")?).expect("a folder");
    dir.contains(n).then(|| dir.load(n).expect("a saved table"))
}

/// Pattern-database A*: median time and nodes expanded over `HANOI4_PDB_CASES` (default 20)
/// random configurations for each n in `HANOI4_PDB` (e.g. `14,16,18,20`); n <= 16 is checked
/// against the two-bit goal table.
fn pattern_databases() {
    let Some(sizes) = std::env::var("HANOI4_PDB").ok() else {
        return;
    };
    let cases: usize = std::env::var("HANOI4_PDB_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for n in sizes
        .split(',')
        .filter_map(|w| w.trim().parse::<usize>().ok())
    {
        let started = std::time::Instant::now();
        let mut search = if n > 16 {
            // Windows of `HANOI4_WINDOW` discs (default 16) measured by the two-bit table, loaded
            // from `HANOI4_TABLES/hanoi4-nNN.t2` when that file exists, else built.
            let width: usize = std::env::var("HANOI4_WINDOW")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(16)
                .max(n.saturating_sub(4))
                .min(n - 1);
            let table = saved_table(width)
                .unwrap_or_else(|| hanoi4::GoalTable::build(width, 2, |_, _| {}).unwrap().0);
            hanoi4::PdbSearch::with_goal_table(n, table).unwrap()
        } else {
            hanoi4::PdbSearch::new(n, hanoi4::PdbSearch::MAX_GROUP).unwrap()
        };
        let build = started.elapsed();
        // The exact answers: a saved table of n discs, or one built for n <= 16.
        let exact = saved_table(n)
            .or_else(|| (n <= 16).then(|| hanoi4::GoalTable::build(n, 2, |_, _| {}).unwrap().0));
        let mut rng = fastrand::Rng::with_seed(0x2024 + n as u64);
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        let mut lengths = Vec::new();
        let mut gave_up = 0;
        for case in 0..cases {
            let config = Config::unpack(rng.u64(..1 << (2 * n)), n);
            let started = std::time::Instant::now();
            let solved = search.solve(&config);
            let time = started.elapsed();
            let Ok(solution) = solved else {
                // Counted as slower and larger than any solved case.
                eprintln!(
                    "  n={n} case {case}: gave up after {:.1} s",
                    time.as_secs_f64()
                );
                gave_up += 1;
                times.push(std::time::Duration::MAX);
                nodes.push(u64::MAX);
                continue;
            };
            eprintln!(
                "  n={n} case {case}: {} moves, {} expanded, {:.3} s",
                solution.moves.len(),
                solution.expanded,
                time.as_secs_f64()
            );
            times.push(time);
            nodes.push(solution.expanded);
            lengths.push(solution.moves.len());
            if let Some(exact) = &exact {
                assert_eq!(
                    solution.moves.len() as u32,
                    exact.distance(&config),
                    "n={n}"
                );
            }
        }
        times.sort();
        nodes.sort();
        lengths.sort();
        let seconds = |t: std::time::Duration| {
            if t == std::time::Duration::MAX {
                "gave up".to_string()
            } else {
                format!("{:.3} s", t.as_secs_f64())
            }
        };
        let count = |x: u64| {
            if x == u64::MAX {
                "gave up".to_string()
            } else {
                x.to_string()
            }
        };
        println!(
            "pdb n={n:2}: build/load {:.2} s; {cases} random cases: median {} (max {}), median {} expanded \
             (max {}), median length {}; {gave_up} gave up at the state budget{}",
            build.as_secs_f64(),
            seconds(times[cases / 2]),
            seconds(times[cases - 1]),
            count(nodes[cases / 2]),
            count(nodes[cases - 1]),
            lengths.get(lengths.len() / 2).copied().unwrap_or(0),
            if exact.is_some() {
                "; every length equal to the two-bit goal table"
            } else {
                ""
            }
        );
    }
}

fn main() {
    pattern_databases();
    if std::env::var_os("HANOI4_PDB").is_some() {
        return;
    }
    two_bit();
    let mut solver = Solver::new(13).unwrap();
    for n in 8..=13usize {
        let goal = Config::tower(n, Peg::LAST).unwrap();
        let runs = if n >= 12 { 3 } else { 7 };
        let (full, far) = median_time(runs, || {
            let view = solver.distances_to_tower(n, Peg::LAST);
            let max = view.max_distance;
            // Every k-th farthest configuration, up to ten of them.
            let far: Vec<u64> = (0..1u64 << (2 * n))
                .filter(|&s| view.distance_packed(s) == max)
                .collect();
            let step = (far.len() / 10).max(1);
            far.into_iter().step_by(step).take(10).collect::<Vec<u64>>()
        });
        // The timing above includes the scan for far configurations; time the BFS alone.
        let (full_only, _) = median_time(runs, || {
            solver.distances_to_tower(n, Peg::LAST).max_distance
        });
        let _ = full;
        let farthest = solver.distances_to_tower(n, Peg::LAST).max_distance;
        let mut per_case = Vec::new();
        for &packed in &far {
            let start = Config::unpack(packed, n);
            let (time, moves) = median_time(runs, || solver.solve(&start, &goal));
            assert_eq!(moves.len() as u32, farthest);
            per_case.push(time);
        }
        per_case.sort();
        let bidir = per_case[per_case.len() / 2];
        println!(
            "n={n:2}: full BFS {:>9.2} ms ({:>6.1} M states/s); bidirectional, farthest cases: median {:>8.2} ms; \
             ratio {:>5.1}",
            full_only.as_secs_f64() * 1e3,
            (1u64 << (2 * n)) as f64 / full_only.as_secs_f64() / 1e6,
            bidir.as_secs_f64() * 1e3,
            full_only.as_secs_f64() / bidir.as_secs_f64()
        );
    }
}
