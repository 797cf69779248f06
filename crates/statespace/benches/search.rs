//! Throughput of the searches over a dense space of 2^24 states (`cargo bench -p statespace-search`).
//!
//! The space is a 4096 x 4096 torus grid (four moves per state), packed as `row * 4096 + col`.
//! Reported: states per second of full-space BFS and of bidirectional BFS, and the time to make
//! the arena ready for the next query after a small and after a full-table query, against a
//! plain clear of the whole table measured in the same run.

use std::time::Duration;

#[path = "support/timing.rs"]
mod timing;

use statespace::{Arena, DenseArena, Search, Space};
use timing::median_time;

const SIDE: u64 = 4096;

struct Torus;

impl Space for Torus {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let (row, col) = (state / SIDE, state % SIDE);
        visit(((row + SIDE - 1) % SIDE) * SIDE + col);
        visit(row * SIDE + (col + SIDE - 1) % SIDE);
        visit(row * SIDE + (col + 1) % SIDE);
        visit(((row + 1) % SIDE) * SIDE + col);
    }
}

fn per_second(count: u64, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64()
}

fn main() {
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let mut arena = DenseArena::new(SIDE * SIDE);

    let (full, levels) = median_time(runs, || Search::over(&Torus).arena(&mut arena).levels(&[0]));
    println!(
        "levels       2^24 states: median {:>9.3} ms, {:.1} M states/s (diameter {})",
        full.as_secs_f64() * 1e3,
        per_second(levels.reached(), full) / 1e6,
        levels.max_distance()
    );

    let far = (SIDE / 2) * SIDE + SIDE / 2;
    let (two_way, path) = median_time(runs, || {
        let path = Search::over(&Torus)
            .arena(&mut arena)
            .predecessors(&Torus)
            .bidirectional(0, &[far])
            .unwrap()
            .unwrap();
        (path.len(), arena.len())
    });
    println!(
        "bidirectional distance {}: median {:>9.3} ms, {:.1} M states/s ({} states reached)",
        path.0 - 1,
        two_way.as_secs_f64() * 1e3,
        per_second(path.1 as u64, two_way) / 1e6,
        path.1
    );

    let near = 40 * SIDE + 40;
    let (small_query, _) = median_time(runs, || {
        Search::over(&Torus)
            .arena(&mut arena)
            .predecessors(&Torus)
            .bidirectional(0, &[near])
    });
    let small_touched = arena.len();
    let (clear_all, _) = median_time(runs, || {
        let mut table = vec![1i32; (SIDE * SIDE) as usize];
        let started = std::time::Instant::now();
        table.fill(0);
        std::hint::black_box(&table);
        started.elapsed()
    });
    let reset_after_small = {
        let mut samples = Vec::new();
        for _ in 0..runs.max(1) {
            let _ = Search::over(&Torus)
                .arena(&mut arena)
                .predecessors(&Torus)
                .bidirectional(0, &[near]);
            let started = std::time::Instant::now();
            arena.reset();
            samples.push(started.elapsed());
        }
        samples.sort();
        samples[samples.len() / 2]
    };
    println!(
        "small query (distance 80, {small_touched} states): median {:.3} ms; \
         reset after it: median {:.1} us vs clearing the whole table {:.1} us ({:.0}x)",
        small_query.as_secs_f64() * 1e3,
        reset_after_small.as_secs_f64() * 1e6,
        clear_all.as_secs_f64() * 1e6,
        clear_all.as_secs_f64() / reset_after_small.as_secs_f64()
    );
}
