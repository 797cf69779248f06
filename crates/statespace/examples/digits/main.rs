//! A puzzle whose states are digits, expanded a block at a time with
//! [`DigitBlock`](statespace::block::DigitBlock): the four-peg Tower of Hanoi, disc `i`'s peg
//! in digit `i` (base 4, two bits a digit, the smallest disc lowest), searched over all `4^n`
//! configurations from the tower on the first peg. `cargo run --release -p statespace-search
//! --example digits -- 14` (default 12 discs) prints the level sizes found both ways and the
//! time each took.
//!
//! [`FourPegs::for_each_successor`] is the puzzle as a newcomer writes it, a state at a time.
//! [`FourPegs::expand_block`] says the same moves for a block of 64 states at once: the three
//! smallest discs vary within the block, so their moves are shifts of subsets of it, worked
//! out once ([`LowMoves`]); every larger disc sits on the same peg in all 64, so its move
//! carries the subset of the block whose small discs leave both pegs free to another block
//! ([`DigitBlock::change_digit`]). `cargo xtask bench two-bit` measures both against a plain
//! two-bit loop (the "by digits" row).

use std::time::Instant;

use statespace::block::{DigitBlock, DigitMove, LowMoves, Members, Successors};
use statespace::{Space, TwoBitSearch};

/// A block of the four-peg space: digits of two bits.
type Block = DigitBlock<2>;

/// The four-peg Tower of Hanoi with `discs` discs.
pub struct FourPegs {
    /// The number of discs.
    pub discs: u32,
    /// The moves of the small discs (those that vary within a block): which of them a
    /// placement allows depends on the small discs alone, so they are worked out once, on a
    /// full block, and applied to each block's members.
    small_moves: LowMoves<2>,
    /// Per pair of pegs, the placements of the block with no small disc on either.
    free: [[Members; 4]; 4],
}

impl FourPegs {
    /// The puzzle of `discs` discs, its small discs' moves worked out.
    pub fn new(discs: u32) -> Self {
        let all = Block::new(0, Members::ALL);
        let small = Block::LOW.min(discs);
        // The placements with a smaller disc than the one considered on each peg.
        let mut covered = [Members::EMPTY; 4];
        let mut small_moves = LowMoves::default();
        for disc in 0..small {
            let on: [Members; 4] = std::array::from_fn(|peg| all.with_digit(disc, peg as u64));
            for from in 0..4 {
                for to in (0..4).filter(|&to| to != from) {
                    let allowed = on[from] & !covered[from] & !covered[to];
                    small_moves.add(DigitMove::new(disc, from as u64, to as u64), allowed);
                }
            }
            for peg in 0..4 {
                covered[peg] |= on[peg];
            }
        }
        let free = std::array::from_fn(|a| std::array::from_fn(|b| !(covered[a] | covered[b])));
        Self {
            discs,
            small_moves,
            free,
        }
    }
}

impl Space for FourPegs {
    /// The top disc of each peg moves onto any peg whose top disc is larger (or that is empty).
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let mut top = [self.discs; 4];
        for disc in (0..self.discs).rev() {
            top[(state >> (2 * disc) & 3) as usize] = disc;
        }
        for from in 0..4 {
            let disc = top[from];
            if disc == self.discs {
                continue;
            }
            for to in 0..4 {
                if to != from && top[to] > disc {
                    visit(state ^ ((from ^ to) as u64) << (2 * disc));
                }
            }
        }
    }

    fn expands_blocks(&self) -> bool {
        true
    }

    /// The same moves for the members of a block at once: disc `i` moves from peg `from` to
    /// peg `to` in the members where no smaller disc is on either peg.
    fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
        let block = Block::new(first, members);
        // The small discs' moves stay in the block: one set for all of them.
        let within = self.small_moves.apply(members);
        if !within.is_empty() {
            out.many(first, within);
        }
        // The larger discs are on the same pegs in every member: of those on a peg only the
        // smallest may move, onto a peg that holds no smaller one of them, in the members whose
        // small discs leave both pegs free.
        let mut large_on = [false; 4];
        for disc in Block::LOW..self.discs {
            let from = block.digit(disc) as usize;
            if !large_on[from] {
                for to in (0..4).filter(|&to| to != from && !large_on[to]) {
                    let moving = members & self.free[from][to];
                    let mv = DigitMove::new(disc, from as u64, to as u64);
                    block.change_digit(moving, mv, out);
                }
                large_on[from] = true;
                if large_on.iter().all(|&on| on) {
                    break;
                }
            }
        }
    }
}

/// The same puzzle, moves one state at a time only (the default `expand_block`).
pub struct PerState<'p>(pub &'p FourPegs);

impl Space for PerState<'_> {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, visit: F) {
        self.0.for_each_successor(state, visit);
    }
}

fn main() {
    let discs: u32 = std::env::args()
        .nth(1)
        .map_or(12, |n| n.parse().expect("a number of discs"));
    assert!((1..=16).contains(&discs), "1 to 16 discs");
    let pegs = FourPegs::new(discs);
    let len = 1u64 << (2 * discs);
    let clock = Instant::now();
    let (_, by_digits) = TwoBitSearch::new(&pegs, len).sources([0]).run();
    let digits_time = clock.elapsed();
    let clock = Instant::now();
    let (_, per_state) = TwoBitSearch::new(&PerState(&pegs), len).sources([0]).run();
    let per_state_time = clock.elapsed();
    assert_eq!(by_digits.sizes(), per_state.sizes());
    println!(
        "{discs} discs: every configuration within {} moves of the tower",
        by_digits.max_distance()
    );
    println!("level sizes: {:?}", by_digits.sizes());
    println!(
        "by digits {:.2} s, state by state {:.2} s",
        digits_time.as_secs_f64(),
        per_state_time.as_secs_f64()
    );
}

#[cfg(test)]
mod tests;
