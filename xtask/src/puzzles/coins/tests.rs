//! The coins checker must reject wrong operation lists, not only accept right ones.

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
fn coins_checker() {
    let input = "2\nH T T\nH T T\nT H H\nH H H\nH H H\nH H H\n";
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR3 C1\n0\n").is_ok());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nC1 R3\n0\n").is_err());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR1 C1\n0\n").is_err());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR3 C1\n1\nR1\n").is_err());
}
