//! Parser for the BOJ 9079 judge input.

use crate::Grid;

/// A judge input: the boards of every case, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// One 3 x 3 grid per case.
    pub boards: Vec<Grid>,
}

/// Why a judge input was rejected; every message names its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The input has no case count.
    #[error("line 1: expected the number of cases, found end of input")]
    Empty,
    /// The case count is not a whole number.
    #[error("line {line}: expected the number of cases, found {found:?}")]
    BadCount {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
    },
    /// The case count is below 1.
    #[error("line {line}: the number of cases must be at least 1, found {count}")]
    NoCases {
        /// 1-based line number.
        line: usize,
        /// The count given.
        count: i64,
    },
    /// The input ends before the last case's last row.
    #[error("line {line}: expected row {row} of case {case}, found end of input")]
    MissingRow {
        /// 1-based line number.
        line: usize,
        /// 1-based row of the case.
        row: usize,
        /// 1-based case number.
        case: usize,
    },
    /// A row is not three `H`/`T` letters separated by single spaces.
    #[error(
        "line {line}: expected three letters H or T separated by single spaces, found {found:?}"
    )]
    BadRow {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
    },
    /// Text after the last case.
    #[error("line {line}: unexpected text after the last case: {found:?}")]
    Trailing {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
    },
}

/// Parses a judge input: `T`, then three rows per case.
///
/// Lines may end in `\n` or `\r\n`; trailing spaces and blank lines after the last case are
/// accepted; anything else that does not fit is an error naming the line.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = input
        .lines()
        .map(str::trim_end)
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let (line, first) = lines.next().ok_or(ParseError::Empty)?;
    let count: i64 = first
        .trim_start()
        .parse()
        .map_err(|_| ParseError::BadCount {
            line,
            found: first.to_string(),
        })?;
    if count < 1 {
        return Err(ParseError::NoCases { line, count });
    }
    let mut boards = Vec::new();
    let mut last_line = line;
    for case in 1..=count as usize {
        let mut tails = 0u64;
        for row in 0..3 {
            let (line, text) = lines.next().ok_or(ParseError::MissingRow {
                line: last_line + 1,
                row: row + 1,
                case,
            })?;
            last_line = line;
            let bytes = text.as_bytes();
            let well_formed = bytes.len() == 5
                && bytes[1] == b' '
                && bytes[3] == b' '
                && [0, 2, 4]
                    .iter()
                    .all(|&i| bytes[i] == b'H' || bytes[i] == b'T');
            if !well_formed {
                return Err(ParseError::BadRow {
                    line,
                    found: text.to_string(),
                });
            }
            for col in 0..3 {
                if bytes[2 * col] == b'T' {
                    tails |= 1 << (row * 3 + col);
                }
            }
        }
        boards.push(Grid::new(3, 3, tails).expect("a 3 x 3 mask fits"));
    }
    if let Some((line, text)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::Trailing {
            line,
            found: text.to_string(),
        });
    }
    Ok(Instance { boards })
}
