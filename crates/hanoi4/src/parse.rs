//! Parser for the algospot HANOI4 judge input, on the shared input rule ([`judge::Lines`]).

use judge::{Found, Lines, ParseError};

use crate::model::Config;

/// The most cases one input may hold; far more than any judge file, and small enough that
/// a count typed by mistake is refused at once instead of read as a promise of billions.
pub const MAX_CASES: usize = 1_000_000;

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
pub fn parse(input: &str) -> Result<Vec<Config>, ParseError> {
    let mut lines = Lines::new(input);
    let mut line = lines.line("the number of cases")?;
    let cases = line.number("the number of cases", 1..=MAX_CASES)?;
    line.end()?;
    let mut configs = Vec::new();
    for _ in 0..cases {
        let mut line = lines.line("the number of discs")?;
        let n = line.number("the number of discs", 1..=Config::MAX_DISCS)?;
        let mut last_line = line.line_number();
        line.end()?;
        let mut pegs: [Vec<usize>; 4] = Default::default();
        let mut seen = vec![false; n];
        for (peg, discs) in pegs.iter_mut().enumerate() {
            let mut line = lines.line("a peg line `k d1 .. dk`")?;
            last_line = line.line_number();
            let what = format!("the number of discs on peg {}", peg + 1);
            let count = line.number(&what, 0..=n)?;
            for _ in 0..count {
                let disc = line.number("a disc", 1..=n)?;
                let error = |expected: &'static str, found: String| {
                    ParseError::new(last_line, expected, Found::Other(found))
                };
                if std::mem::replace(&mut seen[disc - 1], true) {
                    return Err(error(
                        "each disc once",
                        format!("disc {disc} a second time"),
                    ));
                }
                if let Some(&below) = discs.last().filter(|&&below| below < disc) {
                    return Err(error(
                        "the discs of a peg from the largest up",
                        format!("disc {disc} above disc {below}"),
                    ));
                }
                discs.push(disc);
            }
            line.end()?;
        }
        if let Some(missing) = seen.iter().position(|&s| !s) {
            return Err(ParseError::new(
                last_line,
                format!("every disc from 1 to {n} on a peg"),
                Found::Other(format!("no disc {}", missing + 1)),
            ));
        }
        let refs = [&pegs[0][..], &pegs[1][..], &pegs[2][..], &pegs[3][..]];
        configs.push(Config::from_pegs(n, refs).expect("checked line by line"));
    }
    lines.end()?;
    Ok(configs)
}
