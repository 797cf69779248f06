//! Parser for the BOJ 9079 judge input, on the shared input rule ([`judge::Lines`]).

pub use judge::ParseError;
use judge::{Found, Lines};

use crate::grid::Grid;

/// A judge input: the boards of every case, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// One 3 x 3 grid per case.
    pub boards: Vec<Grid>,
}

/// The most cases one input may hold (the judge has at most 10).
pub const MAX_CASES: usize = 1_000_000;

/// Parses a judge input: `T` (`1..=`[`MAX_CASES`]), then three rows of three letters `H` or `T`
/// per case.
///
/// # Errors
/// A [`ParseError`] naming the first line that does not fit: a missing or malformed count, a row
/// that is not three letters `H` or `T`, a missing row, or any text after the last case.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = Lines::new(input);
    let mut line = lines.line("the number of cases")?;
    let count = line.number("the number of cases", 1..=MAX_CASES)?;
    line.end()?;
    let mut boards = Vec::new();
    for _ in 0..count {
        let mut tails = 0u64;
        for row in 0..3 {
            let mut line = lines.line("a row of three letters H or T")?;
            for col in 0..3 {
                let letter = line.token("a letter H or T")?;
                match letter {
                    "H" => {}
                    "T" => tails |= 1 << (row * 3 + col),
                    _ => {
                        let expected = "a letter H or T";
                        return Err(ParseError::new(
                            line.line_number(),
                            expected,
                            Found::text(letter),
                        ));
                    }
                }
            }
            line.end()?;
        }
        boards.push(Grid::new(3, 3, tails).expect("a 3 x 3 mask fits"));
    }
    lines.end()?;
    Ok(Instance { boards })
}
