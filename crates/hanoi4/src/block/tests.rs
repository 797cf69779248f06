//! Block expansion against state-by-state successors, and the map of small orbits.

use statespace::Space;

use super::*;
use crate::{HanoiSpace, RankedSpace};

/// Moves as `(state, successor)`.
type Moves = Vec<(u64, u64)>;

/// The successors of `members` of `first` by `expand_block` and state by state, sorted.
fn both_ways(space: &impl Space, first: u64, members: u64) -> (Moves, Moves) {
    let mut by_block = Vec::new();
    space.expand_block(first, members, |s, t| by_block.push((s, t)));
    let mut by_state = Vec::new();
    for i in 0..64 {
        if members >> i & 1 == 1 {
            space.for_each_successor(first + i, |t| by_state.push((first + i, t)));
        }
    }
    by_block.sort_unstable();
    by_state.sort_unstable();
    (by_block, by_state)
}

#[test]
fn ranked_blocks_expand_to_the_successors_of_their_states() {
    for n in 1..=20 {
        let space = RankedSpace::new(n);
        let len = space.index().len();
        let mut rng = fastrand::Rng::with_seed(n as u64);
        let words = if len <= 1 << 16 {
            (0..len.div_ceil(32)).collect::<Vec<_>>()
        } else {
            (0..3000).map(|_| rng.u64(..len / 32)).collect()
        };
        for word in words {
            let first = word * 32;
            let mut members = rng.u64(..) & 0xffff_ffff | 1;
            if first + 32 > len {
                members &= (1 << (len - first)) - 1;
            }
            let (by_block, by_state) = both_ways(&space, first, members);
            assert_eq!(by_block, by_state, "{n} discs, word {word}");
        }
    }
}

#[test]
fn orbit_sizes_from_the_map_equal_those_of_the_configurations() {
    for n in [1, 2, 5, 8, 11] {
        let space = RankedSpace::new(n);
        for rank in 0..space.index().len() {
            let want = space.packed_space().orbit_size(space.index().unrank(rank));
            assert_eq!(space.orbit_size(rank), want, "{n} discs, rank {rank}");
        }
    }
}

#[test]
fn plain_blocks_expand_to_the_successors_of_their_states() {
    for n in [1, 5, 6, 7, 12] {
        let space = HanoiSpace::new(n);
        let mut rng = fastrand::Rng::with_seed(n as u64);
        for _ in 0..2000 {
            let first = rng.u64(..1u64 << (2 * n)) & !31;
            let members = rng.u64(..) & 0xffff_ffff & ((1u64 << (1u64 << (2 * n)).min(32)) - 1);
            let (by_block, by_state) = both_ways(&space, first, members);
            assert_eq!(by_block, by_state, "{n} discs");
        }
    }
}

#[test]
fn small_and_large_moves_are_the_moves_of_the_plain_space() {
    let small = SmallMoves::new();
    for n in [6, 7, 9] {
        let space = HanoiSpace::new(n);
        let mut rng = fastrand::Rng::with_seed(n as u64);
        for _ in 0..20_000 {
            let packed = rng.u64(..1 << (2 * n));
            let mut want = Vec::new();
            space.for_each_successor(packed, |s| want.push(s));
            let entry = small.of(packed);
            let mut got: Vec<u64> = entry.deltas[..usize::from(entry.count)]
                .iter()
                .map(|&d| packed.wrapping_add_signed(i64::from(d)))
                .collect();
            let mut large = Vec::new();
            moves_from(space.peg_masks(packed), SMALL, |disc, from, to| {
                large.push(packed ^ (((from ^ to) as u64) << (2 * disc)));
            });
            assert!(entry.large_moves || large.is_empty());
            got.extend(large);
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{packed:#x}");
        }
    }
}
