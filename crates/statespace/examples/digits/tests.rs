//! The digits example's tests: the blocks against the state-by-state moves.

use super::*;

/// The searches by digits and state by state, on 1 to 7 discs (1 and 2 with fewer discs
/// than a block's digits), on one thread and two, find the same levels.
#[test]
fn blocks_find_the_levels_of_the_state_by_state_search() {
    for discs in 1..=7 {
        let pegs = FourPegs::new(discs);
        let len = 1u64 << (2 * discs);
        for threads in [1, 2] {
            let (_, blocks) = TwoBitSearch::new(&pegs, len)
                .sources([0])
                .threads(threads)
                .run();
            let (_, states) = TwoBitSearch::new(&PerState(&pegs), len).sources([0]).run();
            assert_eq!(blocks.sizes(), states.sizes(), "{discs} discs");
            assert_eq!(blocks.reached(), len, "{discs} discs: all connected");
        }
    }
}

/// Every successor set the block expansion reports is the union of the members' own.
#[test]
fn a_block_reports_exactly_its_members_successors() {
    struct Collect(Vec<u64>);
    impl Successors for Collect {
        fn one(&mut self, _: u64, succ: u64) {
            self.0.push(succ);
        }
        fn many(&mut self, first: u64, set: Members) {
            self.0.extend(set.iter().map(|i| first + u64::from(i)));
        }
    }
    let pegs = FourPegs::new(6);
    let mut rng = 12345u64;
    for first in (0..1u64 << 12).step_by(64) {
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let members = Members::from_bits(rng);
        let mut got = Collect(Vec::new());
        pegs.expand_block(first, members, &mut got);
        let mut want = Vec::new();
        for i in members.iter() {
            pegs.for_each_successor(first + u64::from(i), |s| want.push(s));
        }
        got.0.sort_unstable();
        got.0.dedup();
        want.sort_unstable();
        want.dedup();
        assert_eq!(got.0, want, "block {first}");
    }
}
