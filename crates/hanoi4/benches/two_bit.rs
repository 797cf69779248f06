//! The two-bit search against a plain one-thread two-bit BFS written here, in one run
//! (`cargo bench -p hanoi4 --bench two_bit`; `cargo xtask bench two-bit` runs it too).
//!
//! Rows, each a median of `TWO_BIT_RUNS` runs (default 3) with its ratio to the baseline of the
//! same row, measured in the same run:
//!
//! * the full four-peg space of 14 and 15 discs (4^n states) from all discs on peg 4: the
//!   baseline, then `statespace::TwoBitSearch` over `HanoiSpace::new(n)` on 1 and 2 threads;
//! * the quotient by relabelling pegs 1 to 3 (what `hanoi4 eccentricity` and `table build`
//!   search): the baseline over `RankedSpace` state by state, then `GoalTable::build` on 1 and 2
//!   threads, for 14 and 15 discs, and 16 (and 17 with `TWO_BIT_17=1`) on 2 threads alone.
//!
//! Every row checks that its level sizes equal the baseline's (or, past the baseline, the
//! published largest distances: 130 for 15 discs, 161 for 16, 193 for 17).
//!
//! The baseline is the textbook search, nothing clever: one pass over the whole table a level
//! (skipping words of 32 codes with none of the level), codes "old", "this level", "next level"
//! and "unseen", the two middle ones trading places each level; successors one state at a time
//! through `Space::for_each_successor`.

#[path = "../../statespace/benches/support/plain.rs"]
mod plain;
#[path = "../../statespace/benches/support/timing.rs"]
mod timing;

use std::time::Duration;

use hanoi4::{GoalTable, HanoiSpace, RankedSpace};
use timing::median_time;

fn runs() -> usize {
    std::env::var("TWO_BIT_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

fn seconds(time: Duration) -> f64 {
    time.as_secs_f64()
}

/// One row: its median, the baseline's, and their ratio.
fn row(name: &str, time: Duration, base: Option<Duration>) {
    match base {
        Some(base) => println!(
            "| {name} | {:.2} s | {:.2} s | **{:.1}x** |",
            seconds(time),
            seconds(base),
            seconds(base) / seconds(time)
        ),
        None => println!("| {name} | {:.2} s | - | - |", seconds(time)),
    }
}

fn full_space(n: usize) {
    let space = HanoiSpace::new(n);
    let len = 1u64 << (2 * n);
    let goal = len - 1;
    let (base, want) = median_time(runs(), || plain::two_bit(&space, len, goal, |_| 1));
    row(
        &format!("full space, {n} discs: plain baseline, 1 thread"),
        base,
        Some(base),
    );
    let mut one = Duration::ZERO;
    for threads in [1, 2] {
        let (time, levels) = median_time(runs(), || {
            statespace::TwoBitSearch::new(&space, len)
                .sources([goal])
                .threads(threads)
                .run()
                .1
        });
        assert_eq!(levels.sizes(), want, "{n} discs, {threads} threads");
        row(
            &format!("full space, {n} discs: `TwoBitSearch`, {threads} thread(s)"),
            time,
            Some(base),
        );
        if threads == 1 {
            one = time;
        } else {
            println!(
                "| full space, {n} discs: 2 threads against 1 | | | **{:.2}x** |",
                seconds(one) / seconds(time)
            );
        }
    }
}

fn quotient(n: usize, with_baseline: bool, thread_counts: &[usize]) {
    let goal = (1u64 << (2 * n)) - 1;
    let base = with_baseline.then(|| {
        let space = RankedSpace::new(n);
        let len = space.index().len();
        let source = space.rank_of(goal);
        median_time(runs(), || {
            plain::two_bit(&space, len, source, |rank| space.orbit_size(rank))
        })
    });
    if let Some((time, _)) = &base {
        row(
            &format!("quotient, {n} discs (eccentricity {n}): plain baseline, 1 thread"),
            *time,
            Some(*time),
        );
    }
    let published = [(15, 130), (16, 161), (17, 193)];
    let mut one = None;
    for &threads in thread_counts {
        let (time, levels) = median_time(runs(), || {
            GoalTable::build(n, threads, |_, _| {})
                .expect("a size it builds")
                .1
        });
        match &base {
            Some((_, want)) => assert_eq!(levels.sizes(), want.as_slice(), "{n} discs"),
            None => {
                if let Some(&(_, distance)) = published.iter().find(|(m, _)| *m == n) {
                    assert_eq!(levels.max_distance(), distance, "{n} discs");
                }
            }
        }
        assert_eq!(levels.reached(), 1u64 << (2 * n));
        row(
            &format!(
                "quotient, {n} discs (eccentricity {n}): `GoalTable::build`, {threads} thread(s)"
            ),
            time,
            base.as_ref().map(|(t, _)| *t),
        );
        match one {
            None => one = Some(time),
            Some(one) => println!(
                "| quotient, {n} discs: 2 threads against 1 | | | **{:.2}x** |",
                seconds(one) / seconds(time)
            ),
        }
    }
}

fn main() {
    println!("| search | median | baseline | ratio |\n|---|---|---|---|");
    for n in [14, 15] {
        full_space(n);
    }
    for n in [14, 15] {
        quotient(n, true, &[1, 2]);
    }
    quotient(16, false, &[2]);
    if std::env::var_os("TWO_BIT_17").is_some() {
        quotient(17, false, &[2]);
    }
}
