//! The hanoi-relaxed checker must reject wrong move lists, not only accept right ones.

use super::PUZZLE;
use crate::kit::testing::run_checker;

#[test]
fn hanoi_relaxed_checker() {
    let input = "12\n";
    assert!(run_checker(PUZZLE.checker, &["--moves"], input, "2\n", "2\n1 3\n1 2\n").is_err());
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "3\n",
            "3\n1 3\n1 2\n3 2\n"
        )
        .is_ok()
    );
    // A lone disc moved to peg 3 does not end on peg 2.
    let input = "1\n";
    assert!(run_checker(PUZZLE.checker, &["--moves"], input, "1\n", "1\n1 3\n").is_err());
}
