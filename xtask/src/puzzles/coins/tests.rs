//! The coins checker must reject wrong operation lists, not only accept right ones.

use super::PUZZLE;
use crate::kit::testing::run_checker;

#[test]
fn coins_checker() {
    let input = "2\nH T T\nH T T\nT H H\nH H H\nH H H\nH H H\n";
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "2\n0\n",
            "2\nR3 C1\n0\n"
        )
        .is_ok()
    );
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "2\n0\n",
            "2\nC1 R3\n0\n"
        )
        .is_err()
    );
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "2\n0\n",
            "2\nR1 C1\n0\n"
        )
        .is_err()
    );
    assert!(
        run_checker(
            PUZZLE.checker,
            &["--moves"],
            input,
            "2\n0\n",
            "2\nR3 C1\n1\nR1\n"
        )
        .is_err()
    );
}
