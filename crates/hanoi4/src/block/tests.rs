//! Block expansion against state-by-state successors, and the weights of orbits.

use statespace::block::{Members, Successors};
use statespace::{Space, Weight};

use super::*;
use crate::{HanoiSpace, RankedSpace};

/// The states a block expansion reports, sorted and without repeats.
#[derive(Default)]
struct Reached(Vec<u64>, Vec<(u64, u64)>);

impl Successors for Reached {
    fn one(&mut self, state: u64, succ: u64) {
        self.0.push(succ);
        self.1.push((state, succ));
    }

    fn many(&mut self, first: u64, set: Members) {
        self.0.extend(set.iter().map(|i| first + u64::from(i)));
    }
}

/// The successors of `members` of `first` by `expand_block` and state by state, sorted and
/// without repeats; each `(state, successor)` reported alone is checked to be a move.
fn both_ways(space: &impl Space, first: u64, members: u64) -> (Vec<u64>, Vec<u64>) {
    let mut reached = Reached::default();
    space.expand_block(first, Members::from_bits(members), &mut reached);
    let mut by_state = Vec::new();
    for i in 0..64 {
        if members >> i & 1 == 1 {
            space.for_each_successor(first + i, |t| by_state.push(t));
        }
    }
    for &(state, succ) in &reached.1 {
        assert!(
            members >> (state - first) & 1 == 1,
            "{state} is not a member"
        );
        let mut moves = false;
        space.for_each_successor(state, |t| moves |= t == succ);
        assert!(moves, "{state} to {succ} is not a move");
    }
    let mut by_block = reached.0;
    for list in [&mut by_block, &mut by_state] {
        list.sort_unstable();
        list.dedup();
    }
    (by_block, by_state)
}

/// Blocks of 64 to try in a table of `len`: all of a small one, random ones of a large one,
/// each with random members.
fn blocks(len: u64, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let firsts: Vec<u64> = if len <= 1 << 16 {
        (0..len.div_ceil(64)).map(|b| 64 * b).collect()
    } else {
        (0..3000).map(|_| rng.u64(..len / 64) * 64).collect()
    };
    firsts
        .into_iter()
        .flat_map(|first| {
            let valid = if first + 64 > len {
                (1u64 << (len - first)) - 1
            } else {
                u64::MAX
            };
            // Sparse and dense members, and every member.
            let sparse = rng.u64(..) & rng.u64(..) & rng.u64(..);
            [sparse & valid, rng.u64(..) & valid, valid].map(|m| (first, m))
        })
        .collect()
}

#[test]
fn ranked_blocks_expand_to_the_successors_of_their_states() {
    for n in 1..=20 {
        let space = RankedSpace::new(n);
        for (first, members) in blocks(space.index().len(), n as u64) {
            let (by_block, by_state) = both_ways(&space, first, members);
            assert_eq!(by_block, by_state, "{n} discs, block {first}, {members:#x}");
        }
    }
}

#[test]
fn plain_blocks_expand_to_the_successors_of_their_states() {
    for n in [1, 2, 3, 4, 5, 7, 12] {
        let space = HanoiSpace::new(n);
        for (first, members) in blocks(1 << (2 * n), n as u64) {
            let (by_block, by_state) = both_ways(&space, first, members);
            assert_eq!(by_block, by_state, "{n} discs, block {first}, {members:#x}");
        }
    }
}

#[test]
fn moves_within_a_block_are_the_small_discs_moves() {
    // Each placement alone: its successors within the block are the moves of discs 0 to 2.
    let space = HanoiSpace::new(3);
    for i in 0..64u64 {
        let mut want = 0u64;
        space.for_each_successor(i, |t| want |= 1 << t);
        assert_eq!(
            within(Members::from_bits(1 << i)).bits(),
            want,
            "placement {i}"
        );
        for a in 0..4 {
            for b in 0..4 {
                let on = |p: usize| (0..3).any(|d| (i >> (2 * d) & 3) as usize == p);
                assert_eq!(avoid(a, b).contains(i as u32), !on(a) && !on(b));
            }
        }
    }
}

#[test]
fn orbit_sizes_from_the_map_equal_those_of_the_configurations() {
    for n in [1, 2, 5, 8, 11] {
        let space = RankedSpace::new(n);
        let len = space.index().len();
        for rank in 0..len {
            let want = space.packed_space().orbit_size(space.index().unrank(rank));
            assert_eq!(space.orbit_size(rank), want, "{n} discs, rank {rank}");
        }
        let mut rng = fastrand::Rng::with_seed(n as u64);
        for word in 0..len.div_ceil(32) {
            let first = 32 * word;
            let valid = (1u64 << (len - first).min(32)) - 1;
            let members = rng.u64(..) & valid;
            let want: u64 = (0..32)
                .filter(|i| members >> i & 1 == 1)
                .map(|i| space.orbit_size(first + i))
                .sum();
            let fields = Members::from_bits(members).layout() as u64;
            assert_eq!(
                space.orbits().of_fields(first, fields),
                want,
                "{n} discs, {first}"
            );
        }
    }
}
