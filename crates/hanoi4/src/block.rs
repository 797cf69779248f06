//! Expanding 64 configurations at once by rank arithmetic, for the two-bit searches.
//!
//! In a base-4 rank (the plain space, where a configuration's rank is its packed bits) the
//! [`BLOCK_DISCS`] smallest discs are the rank's lowest six bits, so an aligned block of 64
//! ranks is every placement of those three discs under one placement of the others. Whether a
//! disc may move depends only on the discs smaller than it, so within a block a move of disc
//! `j` by `d` pegs is a shift by `d * 4^j` of the block's members that allow it: [`within`]
//! finds every successor inside the block with 18 masks and shifts, whatever the members.
//! A larger disc moves only between two pegs that hold none of the small discs: for each such
//! move of the block's larger discs, the members whose small discs [`avoid`] both pegs move
//! together, to the same positions of another block.
//!
//! The canonical ranks of the quotient ([`crate::CanonicalIndex`]) are base 4 below the first
//! disc of label 1 (the second of pegs 1 to 3 to appear, counting from the largest disc): every
//! rank of such a run is the run's first rank plus the packed bits of the discs below, so a run
//! of `4^k` ranks (`k >= 3`) is made of groups of 64 consecutive ranks that are blocks as above
//! (not aligned to 64 in the table, as the run's first rank is any number). A move of a larger
//! disc that keeps every peg's largest disc changes every rank of a group by the same amount,
//! what the disc adds on one peg less what it added on the other, which the run knows
//! ([`crate::rank`]'s `Run`). Only moves of the run's own discs that empty a peg of 1 to 3 or
//! start one relabel pegs; in a group of 64 the relabelling is the same for every member.

use statespace::block::{Members, Successors};

/// The smallest discs, whose placements make a block of 64 ranks.
pub(crate) const BLOCK_DISCS: usize = 3;

/// The low bit of the three smallest discs' fields: their peg mask when all are on peg 1.
pub(crate) const BLOCK_BITS: u64 = 0b01_0101;

/// Peg `(i >> 2k) & 3` of disc `k` in the placement `i` of the three smallest discs.
const fn peg(i: usize, disc: usize) -> usize {
    (i >> (2 * disc)) & 3
}

/// Whether the discs below `disc` in placement `i` avoid pegs `a` and `b`.
const fn below_avoid(i: usize, disc: usize, a: usize, b: usize) -> bool {
    let mut below = 0;
    while below < disc {
        let p = peg(i, below);
        if p == a || p == b {
            return false;
        }
        below += 1;
    }
    true
}

/// `SHIFT_BITS[9 * up + 3 * disc + d - 1]`: the placements in which `disc` may move `d` pegs
/// up (`up == 1`, to a higher peg number) or down (`up == 0`).
const SHIFT_BITS: [u64; 18] = {
    let mut masks = [0; 18];
    let mut disc = 0;
    while disc < 3 {
        let mut i = 0;
        while i < 64 {
            let from = peg(i, disc);
            let mut d = 1;
            while d <= 3 {
                if from + d <= 3 && below_avoid(i, disc, from, from + d) {
                    masks[9 + 3 * disc + d - 1] |= 1 << i;
                }
                if from >= d && below_avoid(i, disc, from, from - d) {
                    masks[3 * disc + d - 1] |= 1 << i;
                }
                d += 1;
            }
            i += 1;
        }
        disc += 1;
    }
    masks
};

/// `AVOID_BITS[16 * k + 4 * a + b]`: the placements of the `k` smallest discs (`0..4^k`) on
/// neither peg `a` nor `b`.
const AVOID_BITS: [u64; 64] = {
    let mut masks = [0; 64];
    let mut at = 0;
    while at < 64 {
        let (k, a, b) = (at / 16, at / 4 % 4, at % 4);
        let mut i = 0;
        while i < 1 << (2 * k) {
            if below_avoid(i, k, a, b) {
                masks[at] |= 1 << i;
            }
            i += 1;
        }
        at += 1;
    }
    masks
};

/// Masks of placements as sets.
const fn sets<const N: usize>(bits: [u64; N]) -> [Members; N] {
    let mut sets = [Members::EMPTY; N];
    let mut i = 0;
    while i < N {
        sets[i] = Members::from_bits(bits[i]);
        i += 1;
    }
    sets
}

/// [`SHIFT_BITS`] as sets.
const SHIFTS: [Members; 18] = sets(SHIFT_BITS);

/// [`AVOID_BITS`] as sets.
const AVOID: [Members; 64] = sets(AVOID_BITS);

/// The successors, inside their block, of the placements in `members` (state `i` for the
/// placement `i` of the three smallest discs): every move of one of those discs.
#[inline]
pub(crate) fn within(members: Members) -> Members {
    within_k::<BLOCK_DISCS>(members)
}

/// [`within`] for the `k` smallest discs (`k <= 3`): `members` among the placements `0..4^k`.
#[inline]
pub(crate) fn within_smallest(members: Members, k: usize) -> Members {
    // One copy per `k`, so that every shift is a constant (a shift of a `u128` by a variable
    // costs several instructions and a branch).
    match k {
        3 => within_k::<3>(members),
        2 => within_k::<2>(members),
        1 => within_k::<1>(members),
        _ => Members::EMPTY,
    }
}

/// [`within_smallest`] for `K` discs.
#[inline(always)]
fn within_k<const K: usize>(members: Members) -> Members {
    let mut reached = Members::EMPTY;
    for disc in 0..K {
        for d in 1..=3 {
            let shift = (d as u32) << (2 * disc);
            reached |= (members & SHIFTS[9 + 3 * disc + d - 1]).shift_up(shift);
            reached |= (members & SHIFTS[3 * disc + d - 1]).shift_down(shift);
        }
    }
    reached
}

/// The placements of the three smallest discs on neither peg `a` nor peg `b` (`0..4`): those
/// that let a larger disc move between the two.
#[inline]
pub(crate) fn avoid(a: usize, b: usize) -> Members {
    AVOID[16 * BLOCK_DISCS + 4 * a + b]
}

/// [`avoid`] for the `k` smallest discs (`k <= 3`): placements among `0..4^k`.
#[inline]
pub(crate) fn avoid_smallest(k: usize, a: usize, b: usize) -> Members {
    AVOID[16 * k + 4 * a + b]
}

/// Reports the set of ranks `first + i` for the states `i` of `set`, where `first` may have
/// wrapped below zero (a group's first rank plus a negative difference) though every rank of
/// the set is a real one.
#[inline]
pub(crate) fn report_set(out: &mut impl Successors, first: u64, set: Members) {
    if (first as i64) < 0 {
        let below = first.wrapping_neg();
        assert!(
            below < 64 && set.shift_up(64 - below as u32).is_empty(),
            "a set of ranks below zero"
        );
        out.many(0, set.shift_down(below as u32));
    } else {
        out.many(first, set);
    }
}

/// Calls `visit(disc, from, to)` for every move of a disc of `min_disc` or more, given the
/// configuration's peg masks ([`crate::HanoiSpace`]'s: the low bit of every disc's field on
/// each peg), by source peg, then destination peg.
#[inline]
pub(crate) fn moves_from(
    masks: [u64; 4],
    min_disc: usize,
    mut visit: impl FnMut(usize, usize, usize),
) {
    let tops = masks.map(|m| {
        if m == 0 {
            usize::MAX
        } else {
            m.trailing_zeros() as usize / 2
        }
    });
    for from in 0..4 {
        let disc = tops[from];
        if disc == usize::MAX || disc < min_disc {
            continue;
        }
        for (to, &top) in tops.iter().enumerate() {
            if to != from && top > disc {
                visit(disc, from, to);
            }
        }
    }
}

#[cfg(test)]
mod tests;
