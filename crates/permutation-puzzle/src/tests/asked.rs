//! `PuzzleSpace::any_successor` asks for the successors `for_each_successor` gives, in the same
//! order, refused moves left out the same way, and stops at the first that answers: on ranks of
//! every shape (one table, two, several, more moves than a batch, computed coordinates, with and
//! without `Illegal` lines).

use rstest::rstest;
use statespace::Space;

use crate::{Metric, PuzzleSpace, Rank, pancakes, parse};

/// A definition of `n` shuffled pieces moved by `moves` 3-cycles (each a search move and its
/// inverse): more search moves than the space gathers on the stack once `moves` passes 16.
fn cycles(n: usize, moves: usize) -> String {
    let mut rng = fastrand::Rng::with_seed(n as u64 * 100 + moves as u64);
    let slots: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let mut text = format!(
        "Name Cycles\nSet P {n} 1\nSolved\nP\n{}\nEnd\n",
        slots.join(" ")
    );
    for m in 0..moves {
        let mut perm: Vec<usize> = (1..=n).collect();
        let mut three: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut three);
        let (a, b, c) = (three[0], three[1], three[2]);
        (perm[a], perm[b], perm[c]) = (perm[b], perm[c], perm[a]);
        let line: Vec<String> = perm.iter().map(|p| p.to_string()).collect();
        text.push_str(&format!("Move M{m}\nP\n{}\nEnd\n", line.join(" ")));
    }
    text
}

/// The successors asked for one by one, never answered: all of them, in order.
fn asked(space: &PuzzleSpace<'_>, state: u64) -> Vec<u64> {
    let mut seen = Vec::new();
    let found = space.any_successor(state, |t| {
        seen.push(t);
        false
    });
    assert!(!found, "nothing answered");
    seen
}

#[rstest]
#[case::cube2_fixed_corner(include_str!("../../../../testdata/permutation-puzzle/cube2_fixed_corner.tws").to_string())]
#[case::cube2_six_faces(include_str!("../../../../testdata/permutation-puzzle/cube2_six_faces.tws").to_string())]
#[case::cube2_u_layer(include_str!("../../../../testdata/permutation-puzzle/cube2_u_layer.tws").to_string())]
#[case::skewb(include_str!("../../../../testdata/permutation-puzzle/skewb.tws").to_string())]
#[case::pyraminx(include_str!("../../../../testdata/permutation-puzzle/pyraminx.tws").to_string())]
#[case::loopover(include_str!("../../../../testdata/permutation-puzzle/loopover_3x3.tws").to_string())]
#[case::loopover_illegal(include_str!("../../../../testdata/permutation-puzzle/loopover_3x3_illegal.tws").to_string())]
#[case::pancakes_11(pancakes(11, false))]
#[case::burnt_pancakes_8(pancakes(8, true))]
#[case::few_cycles(cycles(7, 3))]
#[case::many_cycles(cycles(8, 20))]
fn any_successor_asks_for_each_successor_in_order_and_stops_at_the_first(#[case] text: String) {
    let rank = Rank::new(&parse(&text).unwrap(), Metric::Htm).unwrap();
    let space = PuzzleSpace::new(&rank);
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..300 {
        let state = rng.u64(0..rank.len());
        let mut all = Vec::new();
        space.for_each_successor(state, |t| all.push(t));
        assert_eq!(asked(&space, state), all, "state {state}");
        // Answering at the k-th successor stops there.
        for k in 0..all.len() {
            let mut calls = 0;
            let found = space.any_successor(state, |_| {
                calls += 1;
                calls == k + 1
            });
            assert!(
                found && calls == k + 1,
                "state {state}, stop at {k}: {calls} calls"
            );
        }
    }
}

#[test]
fn the_cycles_have_more_moves_than_a_batch() {
    let rank = Rank::new(&parse(&cycles(8, 20)).unwrap(), Metric::Htm).unwrap();
    assert_eq!(rank.move_names().len(), 40);
}
