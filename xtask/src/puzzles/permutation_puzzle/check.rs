//! Checker for `permutation-puzzle`: the distribution of distances is compared line by line;
//! each scramble's line must name the scramble, give the oracle's distance, and list that many
//! search moves of the metric which, replayed on the literal arrays from the scramble, enter no
//! illegal state and end on Solved (labels compared, so identical pieces may trade places;
//! ignored orientations are 0 on both sides).

use super::definition::parse;
use crate::kit::check::{line, no_extra};

pub fn check(
    input: &str,
    expected: &[&str],
    actual: &[&str],
    args: &[String],
) -> Result<(), String> {
    let definition =
        parse(input).map_err(|why| format!("the checker cannot read the input: {why}"))?;
    if definition.scrambles.is_empty() {
        return match expected.iter().zip(actual).position(|(e, a)| e != a) {
            Some(at) => Err(format!(
                "line {}: {:?}, expected {:?}",
                at + 1,
                actual[at],
                expected[at]
            )),
            None if actual.len() < expected.len() => {
                Err(format!("output ends before line {}", actual.len() + 1))
            }
            None => no_extra(actual, expected.len()),
        };
    }
    let moves = definition.moves_of(args.iter().any(|a| a == "--qtm"));
    for (index, scramble) in definition.scrambles.iter().enumerate() {
        let want: Vec<&str> = line(expected, index)?.split(' ').collect();
        let got: Vec<&str> = line(actual, index)?.split(' ').collect();
        let number = index + 1;
        if got.len() < 2 || got[0] != scramble.name {
            return Err(format!(
                "line {number}: expected the scramble {} and its distance, found {:?}",
                scramble.name, actual[index]
            ));
        }
        if got[1] != want[1] {
            return Err(format!(
                "line {number}: distance {}, expected {}",
                got[1], want[1]
            ));
        }
        let count: i64 = want[1]
            .parse()
            .map_err(|_| format!("expected distance {:?} is not a number", want[1]))?;
        let replayed = &got[2..];
        if count < 0 && !replayed.is_empty() || count >= 0 && replayed.len() as i64 != count {
            return Err(format!(
                "line {number}: {} moves for a distance of {count}",
                replayed.len()
            ));
        }
        let mut state = scramble.state.clone();
        for name in replayed {
            let m = moves.iter().find(|m| m.name == *name).ok_or(format!(
                "line {number}: {name:?} is not a move of this metric"
            ))?;
            state = definition.apply(&state, &m.motion);
            if !definition.legal(&state) {
                return Err(format!("line {number}: {name} enters an illegal state"));
            }
        }
        if count >= 0 && state != definition.solved {
            return Err(format!("line {number}: the moves do not end on Solved"));
        }
    }
    no_extra(actual, definition.scrambles.len())
}
