//! The hanoi-relaxed checker must reject wrong move lists, not only accept right ones.

use crate::kit::testdata::normalise;
use crate::puzzles::checker_for;

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn run_checker(
    crate_name: &str,
    flags: &[&str],
    input: &str,
    expected: &str,
    actual: &str,
) -> Result<(), String> {
    let flags = args(flags);
    let checker = checker_for(crate_name, &flags).expect("a checker for these flags");
    checker(input, &normalise(expected), &normalise(actual), &flags)
}

#[test]
fn hanoi_relaxed_checker() {
    let input = "12\n";
    assert!(run_checker("hanoi-relaxed", &["--moves"], input, "2\n", "2\n1 3\n1 2\n").is_err());
    assert!(
        run_checker(
            "hanoi-relaxed",
            &["--moves"],
            input,
            "3\n",
            "3\n1 3\n1 2\n3 2\n"
        )
        .is_ok()
    );
    // A lone disc moved to peg 3 does not end on peg 2.
    let input = "1\n";
    assert!(run_checker("hanoi-relaxed", &["--moves"], input, "1\n", "1\n1 3\n").is_err());
}
