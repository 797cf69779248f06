//! The spread search's per-state path against the in-memory engine's, in one run (`cargo bench
//! -p statespace-timely --bench per_state`; `cargo xtask bench two-bit` runs it too): a puzzle
//! written with `Space::for_each_successor` alone, searched by `statespace::TwoBitSearch` on 1
//! and 2 threads (the baseline), then by the same builder run over this crate's `Cluster` in one process
//! (`Cluster::single`) with 1 and 2 workers.
//!
//! Rows, each a median of `TWO_BIT_RUNS` runs (default 3) with its ratio to the engine on as
//! many threads, measured in the same run:
//!
//! * **hypercube, 2^24 states** (a move flips one of 24 bits: cheap moves, most of them near,
//!   the high ones to another worker's segment);
//! * **hypercube, 2^27 states**: the same in a table of 32 MiB, where both searches try
//!   gathering far successors against reading them at once (`statespace::block::Reads`);
//! * **four pegs, 13 discs** (4^13 states, a disc's peg in two bits, smallest disc lowest:
//!   hanoi4's locality, written state by state).
//!
//! Every row checks that its level sizes equal the engine's. `-- TEXT` runs only the rows whose
//! name contains TEXT.

use std::sync::Arc;
use std::time::{Duration, Instant};

use statespace::{Space, TwoBitSearch};
use statespace_timely::{Cluster, RunOnCluster};

/// A move flips one of `bits` bits.
#[derive(Clone, Copy)]
struct Hypercube {
    bits: u32,
}

impl Space for Hypercube {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for i in 0..self.bits {
            visit(state ^ 1 << i);
        }
    }
}

/// The four-peg Tower of Hanoi of `discs` discs, disc `d`'s peg in bits `2d..2d + 2`.
#[derive(Clone, Copy)]
struct FourPegs {
    discs: u32,
}

impl Space for FourPegs {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        // The smallest disc on each peg: the first disc met from the smallest up.
        let mut top = [u32::MAX; 4];
        for disc in (0..self.discs).rev() {
            top[(state >> (2 * disc) & 3) as usize] = disc;
        }
        for from in 0..4 {
            let disc = top[from];
            if disc == u32::MAX {
                continue;
            }
            for to in 0..4u64 {
                if to as usize != from && top[to as usize] > disc {
                    let moved = state & !(3 << (2 * disc)) | to << (2 * disc);
                    visit(moved);
                }
            }
        }
    }
}

/// Median wall time of `runs` runs of `routine`, and its last result.
fn median<T>(runs: usize, mut routine: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        last = Some(std::hint::black_box(routine()));
        times.push(started.elapsed());
    }
    times.sort();
    (times[times.len() / 2], last.expect("ran once"))
}

fn row<S: Space + Copy + Send + Sync + 'static>(name: &str, space: S, len: u64, runs: usize) {
    for threads in [1, 2] {
        let (engine, (_, levels)) = median(runs, || {
            TwoBitSearch::new(&space, len)
                .sources([0])
                .threads(threads)
                .run()
        });
        let (spread, report) = median(runs, || {
            TwoBitSearch::of(Arc::new(space), len)
                .sources([0])
                .on_cluster(name)
                .run(&Cluster::single(threads))
                .expect("a search in one process")
        });
        assert_eq!(report.levels.sizes(), levels.sizes(), "{name}: level sizes");
        println!(
            "{name}, {threads} thread(s): engine {:.3} s, spread in one process {:.3} s \
             ({:.2}x the engine's time)",
            engine.as_secs_f64(),
            spread.as_secs_f64(),
            spread.as_secs_f64() / engine.as_secs_f64()
        );
    }
}

fn main() {
    let runs = std::env::var("TWO_BIT_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    // `cargo bench ... -- TEXT` runs the rows whose name contains TEXT.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let chosen = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    if chosen("hypercube 2^24") {
        row("hypercube 2^24", Hypercube { bits: 24 }, 1 << 24, runs);
    }
    if chosen("hypercube 2^27") {
        row("hypercube 2^27", Hypercube { bits: 27 }, 1 << 27, runs);
    }
    if chosen("four pegs 13") {
        row("four pegs 13", FourPegs { discs: 13 }, 1 << 26, runs);
    }
}
