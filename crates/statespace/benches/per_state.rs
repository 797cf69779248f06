//! The two-bit search over puzzles written as a user writes them, with `Space::for_each_successor`
//! alone, against plain searches written here, in one run (`cargo bench -p statespace-search
//! --bench per_state`; `cargo xtask bench two-bit` runs it too).
//!
//! Rows, each a median of `TWO_BIT_RUNS` runs (default 3) with its ratio to the row's baseline
//! measured in the same run, the baseline and the searches on 1 and 2 threads taking turns:
//!
//! * **four pegs, 14 discs** (4^14 states, a disc's peg in two bits, smallest disc lowest: most
//!   moves change low digits, hanoi4's locality): the plain two-bit loop, then
//!   `TwoBitSearch` on 1 and 2 threads; then the same puzzle expanded a block at a time by
//!   digits (`examples/digits/main.rs`, `statespace::block::DigitBlock`), on 1 and 2 threads,
//!   against the same plain loop;
//! * **pancakes, 11** (11! states ranked by their Lehmer code, first pancake most significant:
//!   every flip changes the high digits, so successors land anywhere in the table): a plain
//!   queue BFS (a visited bit a state, the frontier in a `Vec`), then `TwoBitSearch` on 1 and 2
//!   threads;
//! * **hypercube, 2^25 states** (a move flips one of 25 bits: cheap moves, a fifth of them to
//!   the far end of the table): the plain queue BFS, then `TwoBitSearch` on 1 and 2 threads;
//! * **hashed, 2^25 and 2^23 states** (four moves a state, each a hash of the state and the
//!   move: cheap moves that land anywhere, a one-way graph, the two-bit table's worst case;
//!   the smaller one's levels take a few milliseconds, so the search's trial of its two ways
//!   of reading must decide on small levels): the plain queue BFS, then `TwoBitSearch` on 1
//!   and 2 threads.
//!
//! Every row checks that its level sizes equal its baseline's.

// The example's puzzle, its `main` and tests unused here.
#[path = "../examples/digits/main.rs"]
#[allow(dead_code, unused_imports)]
mod digits;
#[path = "support/plain.rs"]
mod plain;
#[path = "support/timing.rs"]
mod timing;

use std::time::{Duration, Instant};

use statespace::{Space, TwoBitSearch};
use timing::median_time;

/// The pancake puzzle of `n` pancakes: a move flips the top `k >= 2`. States are permutations
/// ranked by their Lehmer code, the first position most significant.
struct Pancakes {
    n: usize,
}

impl Pancakes {
    fn factorial(n: usize) -> u64 {
        (1..=n as u64).product()
    }

    fn unrank(&self, mut rank: u64) -> [u8; 16] {
        // The Lehmer digits, least significant first, then each pancake the digit-th smallest
        // of those not yet placed.
        let mut digits = [0u8; 16];
        for i in (0..self.n).rev() {
            let base = (self.n - i) as u64;
            digits[i] = (rank % base) as u8;
            rank /= base;
        }
        let mut perm = [0u8; 16];
        let mut left: u16 = (1 << self.n) - 1;
        for i in 0..self.n {
            let mut rest = left;
            for _ in 0..digits[i] {
                rest &= rest - 1;
            }
            let pancake = rest.trailing_zeros() as u8;
            perm[i] = pancake;
            left &= !(1 << pancake);
        }
        perm
    }

    fn rank(&self, perm: &[u8; 16]) -> u64 {
        // Each digit counts the smaller pancakes after it: those not yet placed.
        let mut left: u16 = (1 << self.n) - 1;
        let mut rank = 0;
        for i in 0..self.n {
            let smaller = (left & ((1 << perm[i]) - 1)).count_ones();
            left &= !(1 << perm[i]);
            rank = rank * (self.n - i) as u64 + u64::from(smaller);
        }
        rank
    }
}

impl Space for Pancakes {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let perm = self.unrank(state);
        for k in 2..=self.n {
            let mut flipped = perm;
            flipped[..k].reverse();
            visit(self.rank(&flipped));
        }
    }
}

/// The hypercube of `2^d` states, a move flipping one bit: cheap moves, a fifth of them to the
/// far end of the table.
struct Cube {
    d: u32,
}

impl Space for Cube {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for bit in 0..self.d {
            visit(state ^ 1 << bit);
        }
    }
}

/// A one-way graph of `len` states, four moves a state, each landing on a hash of the state and
/// the move (splitmix64's finalizer, scaled to `len` by a multiply): cheap moves, none near.
struct Hashed {
    len: u64,
}

impl Space for Hashed {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for step in 1..=4 {
            let mut z = state.wrapping_mul(4).wrapping_add(step);
            z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            visit(((u128::from(z) * u128::from(self.len)) >> 64) as u64);
        }
    }
}

fn runs() -> usize {
    std::env::var("TWO_BIT_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// One row: its median, the baseline's, and their ratio.
fn row(name: &str, time: Duration, base: Duration) {
    println!(
        "| {name} | {:.2} s | {:.2} s | **{:.2}x** |",
        time.as_secs_f64(),
        base.as_secs_f64(),
        base.as_secs_f64() / time.as_secs_f64()
    );
}

/// The baseline row, then `TwoBitSearch` on 1 and 2 threads, and 2 threads against 1; returns
/// the baseline's time and level sizes. The three run in turn, a round at a time, so that a
/// machine that slows down or speeds up during the rows weighs on all three alike.
fn rows<S: Space + Sync>(
    name: &str,
    space: &S,
    len: u64,
    source: u64,
    baseline: &str,
    plain: fn(&S, u64, u64) -> Vec<u64>,
) -> (Duration, Vec<u64>) {
    let mut base = Vec::new();
    let mut searches = [Vec::new(), Vec::new()];
    let mut want = Vec::new();
    for _ in 0..runs().max(1) {
        let started = Instant::now();
        want = std::hint::black_box(plain(space, len, source));
        base.push(started.elapsed());
        for (times, threads) in searches.iter_mut().zip([1, 2]) {
            let started = Instant::now();
            let (_, levels) = TwoBitSearch::new(space, len)
                .sources([source])
                .threads(threads)
                .run();
            times.push(started.elapsed());
            assert_eq!(levels.sizes(), want, "{name}, {threads} threads");
        }
    }
    let base = median(base);
    row(&format!("{name}: {baseline}"), base, base);
    let [one, two] = searches.map(median);
    for (time, threads) in [(one, 1), (two, 2)] {
        row(
            &format!("{name}: `TwoBitSearch`, {threads} thread(s)"),
            time,
            base,
        );
    }
    println!(
        "| {name}: 2 threads against 1 | | | **{:.2}x** |",
        one.as_secs_f64() / two.as_secs_f64()
    );
    (base, want)
}

/// The median of some times.
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `TwoBitSearch` on 1 and 2 threads against `base`, checked against the level sizes `want`,
/// and 2 threads against 1.
fn search_rows<S: Space + Sync>(
    name: &str,
    space: &S,
    len: u64,
    source: u64,
    base: Duration,
    want: &[u64],
) {
    let mut times = Vec::new();
    for threads in [1, 2] {
        let (time, levels) = median_time(runs(), || {
            TwoBitSearch::new(space, len)
                .sources([source])
                .threads(threads)
                .run()
                .1
        });
        assert_eq!(levels.sizes(), want, "{name}, {threads} threads");
        row(
            &format!("{name}: `TwoBitSearch`, {threads} thread(s)"),
            time,
            base,
        );
        times.push(time);
    }
    println!(
        "| {name}: 2 threads against 1 | | | **{:.2}x** |",
        times[0].as_secs_f64() / times[1].as_secs_f64()
    );
}

fn main() {
    // `cargo bench ... -- NAME` runs the rows whose name contains NAME.
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |name: &str| only.as_deref().is_none_or(|only| name.contains(only));
    println!("| search | median | baseline | ratio |\n|---|---|---|---|");
    // The example's puzzle: `PerState` hides its block expansion, as a newcomer writes it.
    let pegs = digits::FourPegs::new(14);
    if wanted("four pegs") {
        let (base, want) = rows(
            "four pegs, 14 discs, per state",
            &digits::PerState(&pegs),
            1 << 28,
            (1 << 28) - 1,
            "plain two-bit loop",
            |space, len, source| plain::two_bit(space, len, source, |_| 1),
        );
        search_rows(
            "four pegs, 14 discs, by digits",
            &pegs,
            1 << 28,
            (1 << 28) - 1,
            base,
            &want,
        );
    }
    let pancakes = Pancakes { n: 11 };
    wanted("pancakes").then(|| {
        rows(
            "pancakes, 11, per state",
            &pancakes,
            Pancakes::factorial(11),
            0,
            "plain queue BFS",
            plain::queue,
        )
    });
    wanted("hypercube").then(|| {
        rows(
            "hypercube, 2^25 states, per state",
            &Cube { d: 25 },
            1 << 25,
            0,
            "plain queue BFS",
            plain::queue,
        )
    });
    for log_len in [25, 23] {
        let name = format!("hashed, 2^{log_len} states, per state");
        wanted(&name).then(|| {
            rows(
                &name,
                &Hashed { len: 1 << log_len },
                1 << log_len,
                0,
                "plain queue BFS",
                plain::queue,
            )
        });
    }
}
