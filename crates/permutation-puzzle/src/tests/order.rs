//! Tests of the slot order of computed permutations: the rank reads the slots the moves touch
//! least first, ranks and unranks agree with a Lehmer code written here, the computed
//! successors are the moves applied to the arrays, and a flip of the top pancakes stays among
//! the low digits.

use rstest::rstest;
use statespace::Space;

use super::EVEN_TWELVE;
use crate::coordinate::{PermRank, SlotOrder, factorial, is_odd};
use crate::rank::Step;
use crate::{Metric, Position, PuzzleSpace, Rank, pancakes, parse};

/// The Lehmer code of `perm` read in `order` (first most significant), and the parity of the
/// pieces so read.
fn lehmer(perm: &[u8], order: &[u8]) -> (u64, bool) {
    let read: Vec<u8> = order.iter().map(|&slot| perm[slot as usize]).collect();
    let mut rank = 0u64;
    for (i, &p) in read.iter().enumerate() {
        let smaller = read[i + 1..].iter().filter(|&&q| q < p).count() as u64;
        rank = rank * (read.len() - i) as u64 + smaller;
    }
    (rank, is_odd(&read))
}

/// A random order of `n` slots.
fn shuffled(rng: &mut fastrand::Rng, n: usize) -> SlotOrder {
    let mut order = crate::coordinate::IDENTITY;
    rng.shuffle(&mut order[..n]);
    order
}

/// Ranks read in a slot order: the Lehmer code of the pieces in that order (halved, and the
/// other parity refused, when the parity is folded), and every rank unranked to an arrangement
/// of that rank and parity, the pair of a folded rank told apart by its last two slots in the
/// order.
#[rstest]
#[case::free(None)]
#[case::even(Some(false))]
#[case::odd(Some(true))]
fn distinct_ranks_read_the_slots_in_their_order(#[case] parity: Option<bool>) {
    let mut rng = fastrand::Rng::with_seed(5);
    for n in [2, 3, 5, 11, 12, 20] {
        for _ in 0..20 {
            let order = shuffled(&mut rng, n);
            let rank = PermRank::Distinct { n, parity, order };
            let size = rank.size().unwrap();
            assert_eq!(
                size,
                factorial(n).unwrap() / if parity.is_some() { 2 } else { 1 }
            );
            let mut perm = vec![0u8; n];
            for r in [0, 1, size / 2, size - 1]
                .into_iter()
                .filter(|&r| r < size)
                .chain((0..50).map(|_| rng.u64(..size)))
            {
                rank.unrank(r, &mut perm);
                let (code, odd) = lehmer(&perm, &order[..n]);
                match parity {
                    None => assert_eq!(code, r, "{order:?}"),
                    Some(wanted) => {
                        assert_eq!((code / 2, odd), (r, wanted), "{order:?}");
                        // The other of the pair: the last two slots of the order swapped.
                        let mut other = perm.clone();
                        other.swap(order[n - 2] as usize, order[n - 1] as usize);
                        assert_eq!(rank.rank(&other), None);
                        assert_eq!(lehmer(&other, &order[..n]).0 / 2, r);
                    }
                }
                assert_eq!(rank.rank(&perm), Some(r), "{order:?} {perm:?}");
            }
            // Random arrangements, each of either parity.
            for _ in 0..50 {
                let mut perm: Vec<u8> = (0..n as u8).collect();
                rng.shuffle(&mut perm);
                let (code, odd) = lehmer(&perm, &order[..n]);
                let expected = match parity {
                    None => Some(code),
                    Some(wanted) => (odd == wanted).then_some(code / 2),
                };
                assert_eq!(rank.rank(&perm), expected, "{order:?} {perm:?}");
            }
        }
    }
}

/// `EVEN_TWELVE` and an odd move: the parity no longer folded.
fn odd_twelve() -> String {
    format!("{EVEN_TWELVE}Move E\nP\n1 3 2 4 5 6 7 8 9 10 11 12\nEnd\n")
}

/// Eleven pieces of three orientations, the third's ignored, moved unevenly (slots 7 and 8
/// never): one joint coordinate, computed.
const WILD_ELEVEN: &str = "\
Name WildEleven
Set P 11 3
Solved
P
1 2 3 4 5 6 7 8 9 10 11
0 0 ? 0 0 0 0 0 0 0 0
End
Move A
P
2 3 1 4 5 6 7 8 9 10 11
1 1 1 0 0 0 0 0 0 0 0
End
Move B
P
1 2 3 4 5 6 7 8 11 9 10
End
Move C
P
1 2 3 4 9 5 7 8 6 10 11
0 0 0 0 2 1 0 0 0 0 0
End
Move D
P
1 2 3 4 5 6 7 8 9 11 10
End
";

/// Positions of random walks from Solved (the legal ones).
fn walks(rank: &Rank, rng: &mut fastrand::Rng, count: usize) -> Vec<Position> {
    let puzzle = rank.puzzle();
    let moves = &rank.move_positions;
    let mut out = Vec::new();
    let mut position = puzzle.solved().clone();
    while out.len() < count {
        for _ in 0..rng.usize(1..8) {
            position = puzzle.apply(&position, &moves[rng.usize(..moves.len())]);
        }
        if !puzzle.is_illegal(&position) {
            out.push(position.clone());
        }
    }
    out
}

/// On computed permutations read in an order other than the slots' own (moves touching the
/// slots unevenly, the parity folded or not, with an `Illegal` line or not, and a joint
/// coordinate of pieces whose orientation is partly ignored), the successors the space computes
/// are, move by move, the ranks of the moves applied to the arrays (refused where the result is
/// illegal), and each computed coordinate's value unranks to arrays that rank back to it.
#[rstest]
#[case::even_twelve_illegal(EVEN_TWELVE.to_string(), true)]
#[case::even_twelve(EVEN_TWELVE.replace("Illegal P 12 5\n", ""), true)]
#[case::odd_twelve_illegal(odd_twelve(), false)]
#[case::odd_twelve(odd_twelve().replace("Illegal P 12 5\n", ""), false)]
#[case::pancakes_11(pancakes(11, false), false)]
#[case::burnt_11(pancakes(11, true), false)]
#[case::wild_eleven(WILD_ELEVEN.to_string(), false)]
fn computed_successors_are_the_moves_applied(#[case] text: String, #[case] folded: bool) {
    let rank = Rank::new(&parse(&text).unwrap(), Metric::Htm).unwrap();
    let described = rank.coordinates();
    assert!(
        described
            .iter()
            .any(|c| c.what.contains(" in slot order ") && c.what.ends_with("computed")),
        "{described:?}"
    );
    assert_eq!(
        described.iter().any(|c| c.what.contains("(even)")),
        folded,
        "{described:?}"
    );
    let puzzle = rank.puzzle();
    let space = PuzzleSpace::new(&rank);
    let mut rng = fastrand::Rng::with_seed(17);
    for position in walks(&rank, &mut rng, 400) {
        let state = rank.rank(&position).expect("a reachable position");
        let applied: Vec<Option<u64>> = rank
            .move_positions
            .iter()
            .map(|mv| rank.rank(&puzzle.apply(&position, mv)))
            .collect();
        let mut computed = Vec::new();
        space.for_each_successor(state, |s| computed.push(s));
        let expected: Vec<u64> = applied.iter().flatten().copied().collect();
        assert_eq!(computed, expected, "state {state}");
        for (m, &next) in applied.iter().enumerate() {
            assert_eq!(space.successor(state, m), next, "state {state} move {m}");
        }
    }
    // Each computed coordinate's values, to arrays and back.
    let mut values = vec![0u64; rank.coordinates.len()];
    for _ in 0..2000 {
        rank.values(rng.u64(..rank.len()), &mut values);
        for (i, (_, _, step)) in rank.steps().iter().enumerate() {
            if let Step::Direct(part) = step {
                let n = puzzle.sets[part.set()].size;
                let (mut perm, mut ori) = (vec![0u8; n], vec![0u8; n]);
                part.arrays(puzzle, values[i], &mut perm, &mut ori);
                assert_eq!(
                    part.value_of_arrays(puzzle, &perm, &ori),
                    Some(values[i]),
                    "{perm:?} {ori:?}"
                );
            }
        }
    }
}

/// The locality the order is for: on a stack of 11 pancakes, the bottom slots (touched by
/// the fewest flips) are the most significant digits, so a flip of the top `k <= 9` changes
/// only the digits below `9!`: a successor stays in the aligned block of `9!` ranks of its
/// state.
#[test]
fn a_flip_of_the_top_nine_stays_within_a_block_of_nine_factorial() {
    let rank = Rank::new(&parse(&pancakes(11, false)).unwrap(), Metric::Htm).unwrap();
    let described = rank.coordinates();
    assert_eq!(described.len(), 1, "{described:?}");
    assert_eq!(
        described[0].what,
        "STACK permutation in slot order 11 10 9 8 6 7 5 4 3 2 1: computed"
    );
    let space = PuzzleSpace::new(&rank);
    let block = factorial(9).unwrap();
    let mut rng = fastrand::Rng::with_seed(3);
    let mut far = 0;
    for _ in 0..400 {
        let state = rng.u64(..rank.len());
        for (m, name) in rank.move_names().iter().enumerate() {
            let next = space.successor(state, m).unwrap();
            let k: usize = name[1..].parse().unwrap();
            if k <= 9 {
                assert_eq!(next / block, state / block, "{name} of {state}: {next}");
                // The top `k` are the last `k` digits, within a block of `k!`, but for the
                // top 6: slot 7 is touched as often as slot 6 and read after it.
                let span = factorial(if k == 6 { 7 } else { k }).unwrap();
                assert_eq!(next / span, state / span, "{name} of {state}: {next}");
            } else if next / block != state / block {
                far += 1;
            }
        }
    }
    // F10 and F11 move the bottom pancakes: mostly far.
    assert!(far > 400, "{far}");
}
