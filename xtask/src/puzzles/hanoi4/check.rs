//! Checker for `hanoi4 --moves`: replays each case's moves on four explicit stacks.

use crate::kit::check::{no_extra, replay_moves};

pub fn check(
    input: &str,
    expected: &[&str],
    actual: &[&str],
    _args: &[String],
) -> Result<(), String> {
    let mut tokens = input
        .split_whitespace()
        .map(|t| t.parse::<usize>().expect("valid judge input"));
    let n_cases = tokens.next().expect("case count");
    let mut at = 0;
    for case in 0..n_cases {
        let n_discs = tokens.next().expect("disc count");
        let mut pegs: Vec<Vec<usize>> = (0..4)
            .map(|_| {
                let k = tokens.next().expect("peg size");
                (0..k).map(|_| tokens.next().expect("disc")).collect()
            })
            .collect();
        let want = expected
            .get(case)
            .ok_or("expected output has too few lines")?;
        at = replay_moves(actual, at, want, &mut pegs, |peg| {
            peg.windows(2).all(|w| w[0] > w[1])
        })?;
        if pegs[3].len() != n_discs {
            return Err(format!(
                "case {}: moves end with {:?}, not all on peg 4",
                case + 1,
                pegs
            ));
        }
    }
    no_extra(actual, at)
}
