//! Tests of the pattern-database search: the window notes stay exact and admissible along
//! random walks, with and without the detour table.

use statespace::{Estimate, Space};

use super::{Estimator, Heuristic, PdbSearch};
use crate::{DetourTable, GoalTable, HanoiSpace, Peg, Solver};

#[test]
fn window_values_follow_their_residues_along_random_walks() {
    // The notes carried from state to state must stay the windows' exact goal distances and
    // detour values (by descent), and the estimate must stay admissible (against the dense
    // table's BFS).
    let n = 10;
    let mut solver = Solver::new(n).unwrap();
    let truth = solver.distances_to_tower(n, Peg::LAST);
    // (goal windows' width, detour windows' width or 0)
    for (width, detour_width) in [(6, 0), (8, 0), (9, 0), (6, 6), (8, 8), (8, 7), (7, 9)] {
        let table = GoalTable::build(width, 1, |_, _| {}).unwrap().0;
        let mut search = PdbSearch::with_goal_table(n, table).unwrap();
        if detour_width > 0 {
            let goal = GoalTable::build(detour_width, 1, |_, _| {}).unwrap().0;
            let detour = DetourTable::build(&goal, 1, |_, _| {}).unwrap();
            search = search.with_detour(detour).unwrap();
        }
        let Heuristic::Windows {
            table,
            windows,
            detour,
        } = &search.heuristic
        else {
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
            for (window, &d) in windows.iter().zip(&next_note.goal) {
                let exact = table.distance_packed(super::project(next, &window.discs));
                assert_eq!(u32::from(d), exact, "width {width}, step {step}");
            }
            if let Some(detour) = detour {
                assert_eq!(detour.windows.len(), n - detour_width);
                for (window, &d) in detour.windows.iter().zip(&next_note.detour) {
                    let projected = super::project(next, &window.discs);
                    let exact = detour.table.distance_packed(projected);
                    assert_eq!(u32::from(d), exact, "width {width}, step {step}");
                }
            }
            assert!(h <= truth.distance_packed(next), "admissible");
            (state, note) = (next, next_note);
        }
    }
}

#[test]
fn detour_tables_that_do_not_fit_are_refused() {
    let goal = |n: usize| GoalTable::build(n, 1, |_, _| {}).unwrap().0;
    // 10 discs take detour windows of 6 to 9 discs.
    for width in [5, 10] {
        let detour = DetourTable::build(&goal(width), 1, |_, _| {}).unwrap();
        let search = PdbSearch::with_goal_table(10, goal(8)).unwrap();
        assert!(search.with_detour(detour).is_err());
    }
    let partitions = PdbSearch::new(10, 5).unwrap();
    let detour = DetourTable::build(&goal(8), 1, |_, _| {}).unwrap();
    assert!(partitions.with_detour(detour).is_err());
}
