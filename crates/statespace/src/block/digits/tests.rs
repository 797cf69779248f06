//! `DigitBlock` and `LowMoves` against the digit changes of each state.

use super::*;

/// Every digit change of every member, state by state, against the sets.
fn check<const BITS: u32>(first: u64, members: Members) {
    let block = DigitBlock::<BITS>::new(first, members);
    let base = 1u64 << BITS;
    let digit = |state: u64, i: u32| state >> (BITS * i) & (base - 1);
    for i in 0..DigitBlock::<BITS>::LOW + 2 {
        for from in 0..base {
            let want: Vec<u32> = members
                .iter()
                .filter(|&m| digit(first + u64::from(m), i) == from)
                .collect();
            assert_eq!(block.with_digit(i, from).iter().collect::<Vec<_>>(), want);
            for to in (0..base).filter(|&to| to != from) {
                let mut got = Vec::new();
                let mut out = Collect(&mut got);
                block.change_digit(members, DigitMove::new(i, from, to), &mut out);
                let mut want: Vec<u64> = want
                    .iter()
                    .map(|&m| first + u64::from(m))
                    .map(|s| s - (from << (BITS * i)) + (to << (BITS * i)))
                    .collect();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "BITS {BITS}, digit {i}, {from} -> {to}");
            }
        }
    }
}

struct Collect<'v>(&'v mut Vec<u64>);

impl Successors for Collect<'_> {
    fn one(&mut self, _: u64, succ: u64) {
        self.0.push(succ);
    }

    fn many(&mut self, first: u64, set: Members) {
        self.0.extend(set.iter().map(|i| first + u64::from(i)));
    }
}

#[test]
fn low_moves_reach_what_their_moves_reach_one_by_one() {
    // Base 4: digit i may go from a to b when the digits below it avoid both (the
    // four-peg Tower of Hanoi's rule), each move added on its own and all applied at once.
    let all = DigitBlock::<2>::new(0, Members::ALL);
    let mut moves = LowMoves::<2>::default();
    let mut listed = Vec::new();
    for i in 0..3 {
        for (a, b) in (0..4).flat_map(|a| (0..4).map(move |b| (a, b))) {
            if a == b {
                continue;
            }
            let below = (0..i).fold(Members::EMPTY, |c, j| {
                c | all.with_digit(j, a) | all.with_digit(j, b)
            });
            let allowed = all.with_digit(i, a) & !below;
            moves.add(DigitMove::new(i, a, b), allowed);
            listed.push((i, a, b, allowed));
        }
    }
    assert!(moves.up.len() + moves.down.len() < listed.len(), "merged");
    for bits in [u64::MAX, 1, 0x8000_0000_0000_0000, 0x0123_4567_89ab_cdef] {
        let members = Members::from_bits(bits);
        let want = listed
            .iter()
            .fold(Members::EMPTY, |r, &(i, a, b, allowed)| {
                r | all.moved(members & allowed, DigitMove::new(i, a, b))
            });
        assert_eq!(moves.apply(members), want, "{bits:x}");
    }
}

#[test]
fn digit_changes_of_sets_are_the_changes_of_their_states() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..20 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let members = Members::from_bits(if round == 0 { u64::MAX } else { rng });
        let first = (rng >> 20) << 6;
        check::<1>(first, members);
        check::<2>(first, members);
        check::<3>(first, members);
        check::<6>(first, members);
    }
}
