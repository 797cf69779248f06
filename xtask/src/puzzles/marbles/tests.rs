//! The marbles checker must reject wrong tilt lists, and agree with the oracle on every tilt.

use super::PUZZLE;
use crate::kit::testing::run_checker;

#[test]
fn marbles_checker() {
    let input = "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n";
    let flags = ["--output", "path"];
    assert!(run_checker(PUZZLE.checker, &flags, input, "1\nR\n", "1\nR\n").is_ok());
    assert!(run_checker(PUZZLE.checker, &flags, input, "1\nR\n", "1\nL\n").is_err());
    assert!(run_checker(PUZZLE.checker, &flags, input, "1\nR\n", "2\nUR\n").is_err());
    assert!(run_checker(PUZZLE.checker, &flags, input, "-1\n", "-1\n").is_ok());
    assert!(run_checker(PUZZLE.checker, &flags, input, "-1\n", "1\nR\n").is_err());
}

/// The marbles oracle (each marble rolled alone, then a step back on a collision) and the
/// checker (the marble ahead rolls first) are written apart; they must agree on every tilt of
/// every pair of positions of random boards.
#[test]
fn the_marbles_oracle_and_checker_agree_on_every_tilt() {
    use crate::puzzles::marbles::check::{Tilt, tilt as checker_tilt};
    use crate::puzzles::marbles::oracle::{Cell, Outcome, tilt as oracle_tilt};
    let mut rng = crate::kit::generate::Rng::new(13460);
    for _ in 0..300 {
        let wall_percent = 20 + rng.below(30);
        let board = crate::puzzles::marbles::generate::random_board(&mut rng, 10, 10, wall_percent);
        let grid: Vec<Vec<u8>> = board
            .lines()
            .skip(1)
            .map(|l| {
                l.bytes()
                    .map(|c| if b"RB".contains(&c) { b'.' } else { c })
                    .collect()
            })
            .collect();
        let open: Vec<Cell> = (0..10)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r as usize][c as usize] == b'.')
            .collect();
        for &red in &open {
            for &blue in open.iter().filter(|&&b| b != red) {
                for direction in *b"LRUD" {
                    let (mut r, mut b) = (Some(red), Some(blue));
                    let agree = match (
                        checker_tilt(&grid, &mut r, &mut b, direction),
                        oracle_tilt(&grid, red, blue, direction),
                    ) {
                        (Tilt::Success, Outcome::Escaped) | (Tilt::Failure, Outcome::Lost) => true,
                        (Tilt::Continue, Outcome::Moved(x, y)) => (Some(x), Some(y)) == (r, b),
                        _ => false,
                    };
                    assert!(
                        agree,
                        "{board}red {red:?}, blue {blue:?}, tilt {}",
                        direction as char
                    );
                }
            }
        }
    }
}
