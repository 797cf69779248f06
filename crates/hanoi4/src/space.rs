//! [`HanoiSpace`]: four-peg Hanoi as a `statespace::Space` over packed configurations, plain
//! or as the quotient by relabelling pegs 1 to 3, and the lifting of canonical paths back to
//! real moves.

use statespace::Space;
use statespace::block::{Members, Successors};

use crate::block::{self, BLOCK_BITS, BLOCK_DISCS, moves_from};
use crate::model::{Move, Peg};

/// Four-peg Hanoi with `n` discs over packed states (two bits a disc).
///
/// Successors are generated in a fixed order: by source peg, then destination peg, 1 to 4.
///
/// The symmetric variant ([`HanoiSpace::symmetric`]) searches the quotient by the six
/// relabellings of pegs 1 to 3, which fix "all discs on peg 4": every state is replaced by its
/// canonical form (pegs 1 to 3 relabelled in decreasing order of their largest disc, empty pegs
/// last), so a search towards peg 4 expands up to six times fewer states. Distances to peg 4 are
/// unchanged, because each relabelling maps legal moves to legal moves and fixes the goal.
#[derive(Clone)]
pub struct HanoiSpace {
    low_bits: u64,
    symmetric: bool,
}

impl HanoiSpace {
    /// The space of `n` discs, 2 bits a disc.
    ///
    /// # Panics
    /// When `n_discs` is outside `1..=32` (the packed state is a `u64`).
    pub fn new(n_discs: usize) -> Self {
        assert!((1..=32).contains(&n_discs), "1 to 32 discs");
        Self {
            low_bits: 0x5555_5555_5555_5555 >> (64 - 2 * n_discs),
            symmetric: false,
        }
    }

    /// The quotient of the space of `n` discs by the relabellings of pegs 1 to 3: only for
    /// searches towards (or from) all discs on peg 4.
    pub fn symmetric(n_discs: usize) -> Self {
        Self {
            symmetric: true,
            ..Self::new(n_discs)
        }
    }

    /// For each peg, a mask with the low bit of the field of every disc on it.
    #[inline]
    pub(crate) fn peg_masks(&self, state: u64) -> [u64; 4] {
        let mut masks = [0; 4];
        for (peg, mask) in masks.iter_mut().enumerate() {
            // The fields equal to `peg` become 00 after an XOR with the peg repeated.
            let x = state ^ (self.low_bits * peg as u64);
            *mask = !(x | x >> 1) & self.low_bits;
        }
        masks
    }

    /// How many configurations the canonical `state` stands for: the relabellings of pegs 1 to 3
    /// that give different configurations (empty pegs are interchangeable).
    pub fn orbit_size(&self, state: u64) -> u64 {
        let masks = self.peg_masks(state);
        match masks[..3].iter().filter(|&&m| m == 0).count() {
            0 | 1 => 6,
            2 => 3,
            _ => 1,
        }
    }

    /// The canonical form of `state`: pegs 1 to 3 relabelled in decreasing order of their
    /// largest disc (empty pegs last), peg 4 kept. The identity for the plain space.
    #[inline]
    pub fn canonical(&self, state: u64) -> u64 {
        if !self.symmetric {
            return state;
        }
        Self::relabel(self.peg_masks(state))
    }

    #[inline]
    pub(crate) fn relabel(masks: [u64; 4]) -> u64 {
        // Sorting by the mask itself sorts by the largest disc: masks of different pegs are
        // disjoint, so the larger mask has the higher top bit (an empty peg's mask is 0).
        let [mut a, mut b, mut c, d] = masks;
        if a < b {
            std::mem::swap(&mut a, &mut b);
        }
        if b < c {
            std::mem::swap(&mut b, &mut c);
        }
        if a < b {
            std::mem::swap(&mut a, &mut b);
        }
        // The peg with the largest disc becomes peg 1 (label 0), contributing nothing.
        let _ = a;
        b + 2 * c + 3 * d
    }
}

impl Space for HanoiSpace {
    /// The plain space of enough discs expands blocks by masks and shifts.
    #[inline]
    fn expands_blocks(&self) -> bool {
        !self.symmetric && (self.low_bits.count_ones() as usize) >= BLOCK_DISCS
    }

    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let masks = self.peg_masks(state);
        let tops = masks.map(|m| {
            if m == 0 {
                u32::MAX
            } else {
                m.trailing_zeros() / 2
            }
        });
        for from in 0..4 {
            let disc = tops[from];
            if disc == u32::MAX {
                continue;
            }
            for (to, &top) in tops.iter().enumerate() {
                if to != from && top > disc {
                    if self.symmetric {
                        let bit = 1u64 << (2 * disc);
                        let mut moved = masks;
                        moved[from] ^= bit;
                        moved[to] ^= bit;
                        visit(Self::relabel(moved));
                    } else {
                        visit(state ^ (((from ^ to) as u64) << (2 * disc)));
                    }
                }
            }
        }
    }

    /// For the plain space (a configuration's rank is its packed bits), by masks and shifts
    /// of the block's members (see the `block` module); the quotient expands state by state.
    #[inline]
    fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
        let n_discs = (self.low_bits.count_ones()) as usize;
        if self.symmetric || n_discs < BLOCK_DISCS {
            for i in members.iter() {
                let state = first + u64::from(i);
                self.for_each_successor(state, |succ| out.one(state, succ));
            }
            return;
        }
        out.many(first, block::within(members));
        // The larger discs, as placed in every configuration of the block.
        let mut masks = self.peg_masks(first);
        masks[0] &= !BLOCK_BITS;
        moves_from(masks, BLOCK_DISCS, |disc, from, to| {
            let moving = members & block::avoid(from, to);
            if !moving.is_empty() {
                out.many(first ^ (((from ^ to) as u64) << (2 * disc)), moving);
            }
        });
    }
}

/// Turns a path of canonical states into real moves from `start`: at each step, the first real
/// move (in the space's order) whose result has the next canonical form.
pub(crate) fn real_moves(space: &HanoiSpace, start: u64, canonical_path: &[u64]) -> Vec<Move> {
    let plain = HanoiSpace {
        symmetric: false,
        ..*space
    };
    let mut at = start;
    let mut moves = Vec::with_capacity(canonical_path.len().saturating_sub(1));
    for &wanted in &canonical_path[1..] {
        let mut next = None;
        plain.for_each_successor(at, |succ| {
            if next.is_none() && space.canonical(succ) == wanted {
                next = Some(succ);
            }
        });
        let next = next.expect("a canonical path lifts to real moves");
        moves.push(move_between(at, next));
        at = next;
    }
    moves
}

/// The move between two packed states one move apart.
fn move_between(before: u64, after: u64) -> Move {
    let shift = (before ^ after).trailing_zeros() & !1;
    let peg = |state: u64| Peg::from_index((state >> shift & 3) as usize).expect("two bits");
    Move {
        from: peg(before),
        to: peg(after),
    }
}
