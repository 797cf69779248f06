//! Checker for `hanoi4 --moves`: replays each case's moves on four explicit stacks.

use super::{count_line, line, no_extra, peg_move};

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
        let count = count_line(actual, at, want)?;
        at += 1;
        for _ in 0..count {
            let (from, to) = peg_move(line(actual, at)?, 4, at + 1)?;
            let disc =
                pegs[from]
                    .pop()
                    .ok_or(format!("line {}: peg {} is empty", at + 1, from + 1))?;
            if pegs[to].last().is_some_and(|&top| top < disc) {
                return Err(format!("line {}: disc {disc} onto smaller disc", at + 1));
            }
            pegs[to].push(disc);
            at += 1;
        }
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
