//! God's algorithm through the crate's rank against spaces written by hand for the same
//! puzzles, in one run (`cargo bench -p permutation-puzzle --bench god`; `GOD_RUNS` runs a
//! row, default 3; `GOD_ROWS=cube,pancakes` picks rows; `GOD_PANCAKES` the stack, default 10;
//! `GOD_SIDE=hand` or `crate` runs one side alone, for a profiler).
//!
//! Rows, each a median with its ratio to the hand-written baseline, the two taking turns:
//!
//! * **2x2x2, six faces** (`testdata/permutation-puzzle/cube2_six_faces.tws`, 88,179,840
//!   states): by hand, the corners' Lehmer rank times 3^7 orientations, a `u16` move table
//!   per coordinate (what the crate's two table coordinates should cost), on 1 and 2 threads;
//! * **pancakes** (`pancakes(n)`: one permutation coordinate too large for a table, so the
//!   crate's computed path): by hand, the Lehmer code unranked once a state and each flip
//!   ranked again, on 1 and 2 threads.
//!
//! Every row checks that its level sizes equal its baseline's.

#[path = "../../statespace/benches/support/timing.rs"]
mod timing;

use std::time::Duration;

use permutation_puzzle::{Metric, PuzzleSpace, Rank, pancakes, parse};
use statespace::{Space, TwoBitSearch};
use timing::median_time;

/// The 2x2x2 cube's corners: the Lehmer rank of the permutation times `3^7` orientations
/// (the first seven slots' digits), a `u16` table per coordinate.
struct HandCube {
    perm: Vec<[u16; 18]>,
    ori: Vec<[u16; 18]>,
}

const ORI: u64 = 2187;

fn lehmer(perm: &[u8; 8]) -> usize {
    let mut rank = 0;
    for i in 0..8 {
        let smaller = perm[i + 1..].iter().filter(|&&p| p < perm[i]).count();
        rank = rank * (8 - i) + smaller;
    }
    rank
}

fn unlehmer(mut rank: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = rank % (8 - i);
        rank /= 8 - i;
    }
    let mut left: Vec<u8> = (0..8).collect();
    let mut perm = [0u8; 8];
    for i in 0..8 {
        perm[i] = left.remove(digits[i]);
    }
    perm
}

impl HandCube {
    fn new(text: &str) -> Self {
        let puzzle = parse(text).expect("the definition");
        let moves: Vec<(Vec<u8>, Vec<u8>)> = puzzle
            .search_moves(Metric::Htm)
            .iter()
            .map(|m| (m.position().perm(0).to_vec(), m.position().ori(0).to_vec()))
            .collect();
        assert_eq!(moves.len(), 18);
        let perm = (0..40320)
            .map(|r| {
                let p = unlehmer(r);
                std::array::from_fn(|m| {
                    let q: [u8; 8] = std::array::from_fn(|i| p[moves[m].0[i] as usize]);
                    lehmer(&q) as u16
                })
            })
            .collect();
        let ori = (0..ORI as usize)
            .map(|r| {
                let mut o = [0u8; 8];
                let mut rest = r;
                for i in (0..7).rev() {
                    o[i] = (rest % 3) as u8;
                    rest /= 3;
                }
                o[7] = ((30 - o[..7].iter().map(|&x| u32::from(x)).sum::<u32>()) % 3) as u8;
                std::array::from_fn(|m| {
                    let mv = &moves[m];
                    let q: [u8; 8] = std::array::from_fn(|i| (o[mv.0[i] as usize] + mv.1[i]) % 3);
                    q[..7].iter().fold(0u16, |r, &x| r * 3 + u16::from(x))
                })
            })
            .collect();
        HandCube { perm, ori }
    }
}

impl Space for HandCube {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let p = &self.perm[(state / ORI) as usize];
        let o = &self.ori[(state % ORI) as usize];
        for m in 0..18 {
            visit(u64::from(p[m]) * ORI + u64::from(o[m]));
        }
    }
}

/// Pancakes by hand: the Lehmer code (first pancake most significant) unranked once a state.
struct HandPancakes {
    n: usize,
}

impl Space for HandPancakes {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let n = self.n;
        let mut digits = [0u8; 16];
        let mut rank = state;
        for i in (0..n).rev() {
            let base = (n - i) as u64;
            digits[i] = (rank % base) as u8;
            rank /= base;
        }
        let mut perm = [0u8; 16];
        let mut left: u32 = (1 << n) - 1;
        for i in 0..n {
            let mut rest = left;
            for _ in 0..digits[i] {
                rest &= rest - 1;
            }
            perm[i] = rest.trailing_zeros() as u8;
            left &= !(1 << perm[i]);
        }
        for k in 2..=n {
            let mut flipped = perm;
            flipped[..k].reverse();
            let mut left: u32 = (1 << n) - 1;
            let mut rank = 0;
            for (i, &p) in flipped[..n].iter().enumerate() {
                let smaller = (left & ((1 << p) - 1)).count_ones();
                left &= !(1 << p);
                rank = rank * (n - i) as u64 + u64::from(smaller);
            }
            visit(rank);
        }
    }
}

fn search<S: Space + Sync>(space: &S, len: u64, source: u64, threads: usize) -> Vec<u64> {
    let (_, levels) = TwoBitSearch::new(space, len)
        .sources([source])
        .threads(threads)
        .run();
    levels.sizes().to_vec()
}

fn row(
    name: &str,
    runs: usize,
    baseline: &mut dyn FnMut() -> Vec<u64>,
    candidate: &mut dyn FnMut() -> Vec<u64>,
) {
    let mut base_times = Vec::new();
    let mut ours_times = Vec::new();
    let mut sizes = (Vec::new(), Vec::new());
    // `GOD_SIDE=hand` or `crate` runs one side alone (for a profiler).
    let side = std::env::var("GOD_SIDE").unwrap_or_default();
    if !side.is_empty() {
        let (t, _) = if side == "hand" {
            median_time(runs, baseline)
        } else {
            median_time(runs, candidate)
        };
        println!("{name:<32} {side} {:>8.3} s", t.as_secs_f64());
        return;
    }
    for _ in 0..runs {
        let (t, s) = median_time(1, &mut *baseline);
        base_times.push(t);
        sizes.0 = s;
        let (t, s) = median_time(1, &mut *candidate);
        ours_times.push(t);
        sizes.1 = s;
    }
    assert_eq!(sizes.0, sizes.1, "{name}: the level sizes differ");
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let (b, o) = (median(base_times), median(ours_times));
    println!(
        "{name:<32} by hand {:>8.3} s   crate {:>8.3} s   crate/hand {:.2}",
        b.as_secs_f64(),
        o.as_secs_f64(),
        o.as_secs_f64() / b.as_secs_f64()
    );
}

fn main() {
    let runs: usize = std::env::var("GOD_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let rows = std::env::var("GOD_ROWS").unwrap_or_else(|_| "cube,pancakes".to_string());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average at the start: {}",
        load.split(' ').next().unwrap_or("?")
    );
    if rows.contains("cube") {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/permutation-puzzle/cube2_six_faces.tws"
        ))
        .expect("the 2x2x2 definition");
        let hand = HandCube::new(&text);
        let rank = Rank::new(&parse(&text).expect("parsed"), Metric::Htm).expect("ranked");
        let space = PuzzleSpace::new(&rank);
        for threads in [1, 2] {
            row(
                &format!("2x2x2, {threads} thread(s)"),
                runs,
                &mut || search(&hand, 40320 * ORI, 0, threads),
                &mut || search(&space, rank.len(), rank.solved(), threads),
            );
        }
    }
    if rows.contains("pancakes") {
        let n: usize = std::env::var("GOD_PANCAKES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(10);
        let hand = HandPancakes { n };
        let len: u64 = (1..=n as u64).product();
        let rank =
            Rank::new(&parse(&pancakes(n, false)).expect("parsed"), Metric::Htm).expect("ranked");
        let space = PuzzleSpace::new(&rank);
        for threads in [1, 2] {
            row(
                &format!("pancakes {n}, {threads} thread(s)"),
                runs,
                &mut || search(&hand, len, 0, threads),
                &mut || search(&space, rank.len(), rank.solved(), threads),
            );
        }
    }
}
