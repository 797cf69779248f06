//! Tests of the pattern-database search: the window notes stay exact and admissible along
//! random walks.

use statespace::{Estimate, Space};

use super::{Estimator, Heuristic, PdbSearch};
use crate::{GoalTable, HanoiSpace, Peg, Solver};

#[test]
fn window_distances_follow_their_residues_along_random_walks() {
    // The notes carried from state to state must stay the windows' exact distances (by
    // descent), and the estimate must stay admissible (against the dense table's BFS).
    let n = 10;
    let mut solver = Solver::new(n).unwrap();
    let truth = solver.distances_to_tower(n, Peg::LAST);
    for width in [6, 8, 9] {
        let table = GoalTable::build(width, 1, |_, _| {}).unwrap().0;
        let search = PdbSearch::with_goal_table(n, table).unwrap();
        let Heuristic::Windows { table, windows } = &search.heuristic else {
            panic!("a search with a goal table measures windows");
        };
        let mut rng = fastrand::Rng::with_seed(0x7a11 + width as u64);
        let space = HanoiSpace::symmetric(n);
        let mut estimator = Estimator(&search);
        let mut state = space.canonical(rng.u64(..1 << (2 * n)));
        let (_, mut note) = estimator.start(state);
        for step in 0..3000 {
            let mut successors = Vec::new();
            space.for_each_successor(state, |s| successors.push(s));
            let next = successors[rng.usize(..successors.len())];
            let (h, next_note) = estimator.child(&note, next);
            for (window, &d) in windows.iter().zip(&next_note) {
                let exact = table.distance_packed(super::project(next, &window.discs));
                assert_eq!(u32::from(d), exact, "width {width}, step {step}");
            }
            assert!(h <= truth.distance_packed(next), "admissible");
            (state, note) = (next, next_note);
        }
    }
}
