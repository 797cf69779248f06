//! hanoi4's checker must reject wrong move lists, and its oracle must agree with the
//! Frame-Stewart numbers.

use super::PUZZLE;
use crate::kit::testing::run_checker;

#[test]
fn hanoi4_checker() {
    let input = "1\n2\n2 2 1\n0\n0\n0\n";
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "3\n",
            "3\n1 2\n1 4\n2 4\n"
        )
        .is_ok()
    );
    // Larger onto smaller, wrong count, not ending on peg 4, extra output.
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "3\n",
            "3\n1 2\n1 2\n2 4\n"
        )
        .is_err()
    );
    assert!(run_checker(PUZZLE.checker, &["--moves"], input, "3\n", "2\n1 4\n1 4\n").is_err());
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "3\n",
            "3\n1 2\n1 3\n2 3\n"
        )
        .is_err()
    );
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "3\n",
            "3\n1 2\n1 4\n2 4\n9\n"
        )
        .is_err()
    );
}

#[test]
fn frame_stewart_numbers_equal_the_plain_bfs_for_towers() {
    use crate::puzzles::hanoi4::oracle::{frame_stewart, solve};
    for n in 1..=10usize {
        let discs: Vec<String> = (1..=n).rev().map(|d| d.to_string()).collect();
        let input = format!("1\n{n}\n{n} {}\n0\n0\n0\n", discs.join(" "));
        assert_eq!(solve(&input).trim(), frame_stewart(n).to_string(), "n={n}");
    }
    // The published values past the table (Frame 1941, Stewart 1941; optimal, Bousch 2014).
    let known = [
        (13, 97),
        (14, 113),
        (15, 129),
        (16, 161),
        (17, 193),
        (20, 289),
    ];
    for (n, moves) in known {
        assert_eq!(frame_stewart(n), moves, "n={n}");
    }
}
