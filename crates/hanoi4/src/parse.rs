//! Parser for the algospot HANOI4 judge input, on the shared input rule ([`judge::Lines`]).

use judge::{Lines, ParseError};

use crate::model::Config;

/// The most cases one input may hold; far more than any judge file, and small enough that
/// a count typed by mistake is refused at once instead of read as a promise of billions.
pub const MAX_CASES: usize = 1_000_000;

/// A judge input: the starting configuration of every case, in order.
pub type Instance = Vec<Config>;

/// Parses a judge input into the starting configuration of every case.
///
/// The input is `C` (`1..=`[`MAX_CASES`]), then per case a line with `n`
/// (`1..=`[`Config::MAX_DISCS`]) and four lines `k d1 .. dk`, one per peg 1 to 4, listing the
/// peg's discs from the bottom up.
///
/// # Errors
/// A [`ParseError`] naming the first line that does not fit: a missing line, a token that is not
/// a number in range, a disc listed twice, above a smaller one, or missing, or any text after the
/// last case.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = Lines::new(input);
    let mut line = lines.line("the number of cases")?;
    let cases = line.number("the number of cases", 1..=MAX_CASES)?;
    line.end()?;
    let mut configs = Vec::new();
    for _ in 0..cases {
        let pegs = hanoi_model::notation::read_case(&mut lines, 4, Config::MAX_DISCS)?;
        let refs = [&pegs[0][..], &pegs[1][..], &pegs[2][..], &pegs[3][..]];
        configs.push(Config::from_pegs(refs).expect("checked line by line"));
    }
    lines.end()?;
    Ok(configs)
}
