//! Checker for `hanoi-relaxed --moves`: replays each instance under the relaxed stacking rule.

use crate::kit::check::{no_extra, replay_moves};

/// Whether every disc of a peg (listed bottom to top) has at most one larger disc above it.
fn peg_is_legal(bottom_up: &[u8]) -> bool {
    (0..bottom_up.len()).all(|i| {
        bottom_up[i + 1..]
            .iter()
            .filter(|&&d| d > bottom_up[i])
            .count()
            <= 1
    })
}

pub fn check(
    input: &str,
    expected: &[&str],
    actual: &[&str],
    _args: &[String],
) -> Result<(), String> {
    let mut at = 0;
    let instances = input.lines().map(str::trim).filter(|l| !l.is_empty());
    for (index, instance) in instances.enumerate() {
        // The input lists peg 1 from the top down; stacks here are bottom to top.
        let mut pegs: Vec<Vec<u8>> = vec![
            instance.bytes().rev().map(|b| b - b'0').collect(),
            vec![],
            vec![],
        ];
        let want = expected
            .get(index)
            .ok_or("expected output has too few lines")?;
        at = replay_moves(actual, at, want, &mut pegs, peg_is_legal)?;
        if !pegs[0].is_empty() || !pegs[2].is_empty() {
            return Err(format!(
                "instance {}: moves end with {pegs:?}, not all on peg 2",
                index + 1
            ));
        }
    }
    no_extra(actual, at)
}
