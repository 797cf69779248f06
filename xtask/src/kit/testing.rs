//! Helpers of xtask's own tests: flags from words, and a checker's verdict on raw outputs.

use crate::kit::check::Checker;
use crate::kit::testdata::normalise;

/// `words` as owned arguments.
pub fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// The verdict of the checker that `select` (a puzzle's `checker`) picks for `flags` on the raw
/// outputs `expected` and `actual` of `input`.
///
/// # Panics
/// When `select` picks no checker for `flags`.
pub fn run_checker(
    select: fn(&[String]) -> Option<Checker>,
    flags: &[&str],
    input: &str,
    expected: &str,
    actual: &str,
) -> Result<(), String> {
    let flags = args(flags);
    let checker = select(&flags).expect("a checker for these flags");
    checker(input, &normalise(expected), &normalise(actual), &flags)
}
