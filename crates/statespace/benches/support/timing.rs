//! Median wall-clock timing for the workspace's benchmarks (`cargo bench`), included by each
//! bench target with `#[path]` so that it stays out of the library's public API.

use std::time::{Duration, Instant};

/// Runs `routine` `runs` times (at least once) and returns the median wall time and the last
/// result. Benchmarks quote medians because these machines are shared and noisy.
pub fn median_time<T>(runs: usize, mut routine: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::with_capacity(runs.max(1));
    let mut last = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let value = routine();
        times.push(started.elapsed());
        last = Some(std::hint::black_box(value));
    }
    times.sort();
    (times[times.len() / 2], last.expect("ran at least once"))
}
