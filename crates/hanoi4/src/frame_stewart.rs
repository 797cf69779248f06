//! Perfect towers by the Frame-Stewart construction: park the `k` smallest discs on a spare peg
//! with all four pegs, move the other `n - k` with three pegs, bring the `k` back with four.
//! With the best `k` this is optimal between perfect towers (Bousch, 2014), so a tower of any
//! size gets its answer and its moves without a search.

use crate::model::{Move, Peg};

/// The Frame-Stewart numbers `FS(0..=n)`: `FS(n) = min over 1 <= k < n of 2 FS(k) + 2^(n-k) - 1`.
fn numbers(n: usize) -> Vec<u64> {
    let mut fs = vec![0u64; n + 1];
    for m in 1..=n {
        fs[m] = if m == 1 {
            1
        } else {
            (1..m)
                .map(|k| 2 * fs[k] + (1u64 << (m - k)) - 1)
                .min()
                .expect("m >= 2")
        };
    }
    fs
}

/// The fewest moves between two perfect towers of `n_discs` on four pegs (`n_discs <= 64`).
///
/// ```
/// assert_eq!(hanoi4::frame_stewart(12), 81);
/// assert_eq!(hanoi4::frame_stewart(20), 289);
/// ```
///
/// # Panics
/// When `n_discs > 64`.
pub fn frame_stewart(n_discs: usize) -> u64 {
    assert!(n_discs <= 64, "at most 64 discs");
    numbers(n_discs)[n_discs]
}

/// An optimal move sequence from a perfect tower of `n_discs` on `from` to one on `to`, with
/// [`frame_stewart`]`(n_discs)` moves; empty when `from == to`.
///
/// # Panics
/// When `n_discs > 64`.
pub fn tower_moves(n_discs: usize, from: Peg, to: Peg) -> Vec<Move> {
    assert!(n_discs <= 64, "at most 64 discs");
    let fs = numbers(n_discs);
    let mut moves = Vec::new();
    if from != to {
        four_pegs(&fs, n_discs, from, to, &mut moves);
    }
    moves
}

fn four_pegs(fs: &[u64], n: usize, from: Peg, to: Peg, moves: &mut Vec<Move>) {
    match n {
        0 => {}
        1 => moves.push(Move { from, to }),
        _ => {
            // The smallest k with the fewest moves.
            let k = (1..n)
                .min_by_key(|&k| 2 * fs[k] + (1u64 << (n - k)) - 1)
                .expect("n >= 2");
            let mut others = Peg::ALL.into_iter().filter(|&p| p != from && p != to);
            let (park, via) = (
                others.next().expect("4 pegs"),
                others.next().expect("4 pegs"),
            );
            four_pegs(fs, k, from, park, moves);
            three_pegs(n - k, from, to, via, moves);
            four_pegs(fs, k, park, to, moves);
        }
    }
}

/// The classic transfer of `n` discs from `from` to `to` through `via`.
fn three_pegs(n: usize, from: Peg, to: Peg, via: Peg, moves: &mut Vec<Move>) {
    if n == 0 {
        return;
    }
    three_pegs(n - 1, from, via, to, moves);
    moves.push(Move { from, to });
    three_pegs(n - 1, via, to, from, moves);
}
