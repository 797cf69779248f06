//! Parser for the marble escape judge input.

use crate::{Board, BoardError};

/// Why a judge input was rejected; every message names its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No size line.
    #[error("line 1: expected the board size `N M`, found end of input")]
    Empty,
    /// The size line is not two whole numbers.
    #[error("line 1: expected the board size `N M`, found {found:?}")]
    BadSize {
        /// The offending text.
        found: String,
    },
    /// Size outside `3..=100`.
    #[error("line 1: the board must be 3 to 100 cells each way, not {rows} x {cols}")]
    SizeRange {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// Fewer rows than announced.
    #[error("line {line}: expected row {row} of {rows}, found end of input")]
    MissingRow {
        /// 1-based line.
        line: usize,
        /// 1-based row.
        row: usize,
        /// Rows announced.
        rows: usize,
    },
    /// A row of the wrong length.
    #[error("line {line}: expected {cols} characters, found {found}")]
    RowLength {
        /// 1-based line.
        line: usize,
        /// Columns announced.
        cols: usize,
        /// Characters found.
        found: usize,
    },
    /// A rule of the board is broken.
    #[error("line {line}: {source}")]
    Board {
        /// 1-based line.
        line: usize,
        /// The broken rule.
        source: BoardError,
    },
    /// Text after the last row.
    #[error("line {line}: unexpected text after the board: {found:?}")]
    Trailing {
        /// 1-based line.
        line: usize,
        /// The offending text.
        found: String,
    },
}

/// Parses `N M` and `N` rows of `M` characters of `.#ORB`.
pub fn parse(input: &str) -> Result<Board, ParseError> {
    let mut lines = input
        .lines()
        .map(str::trim_end)
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let (_, header) = lines.next().ok_or(ParseError::Empty)?;
    let numbers: Vec<usize> = header
        .split_whitespace()
        .map_while(|w| w.parse().ok())
        .collect();
    let [rows, cols] = numbers[..] else {
        return Err(ParseError::BadSize {
            found: header.to_string(),
        });
    };
    if header.split_whitespace().count() != 2 {
        return Err(ParseError::BadSize {
            found: header.to_string(),
        });
    }
    if !(3..=100).contains(&rows) || !(3..=100).contains(&cols) {
        return Err(ParseError::SizeRange { rows, cols });
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for row in 1..=rows {
        let (line, text) = lines.next().ok_or(ParseError::MissingRow {
            line: row + 1,
            row,
            rows,
        })?;
        if text.len() != cols || !text.is_ascii() {
            return Err(ParseError::RowLength {
                line,
                cols,
                found: text.chars().count(),
            });
        }
        cells.extend_from_slice(text.as_bytes());
    }
    if let Some((line, text)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::Trailing {
            line,
            found: text.to_string(),
        });
    }
    Board::new(rows, cols, &cells).map_err(|source| {
        let line = match &source {
            BoardError::Character { row, .. } | BoardError::Border { row, .. } => row + 1,
            BoardError::Count { what, count } => {
                // The second occurrence when there are several, else the board's last line.
                let positions = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| char::from(c) == *what);
                match (*count, positions.map(|(i, _)| i / cols + 2).nth(1)) {
                    (2.., Some(line)) => line,
                    _ => rows + 1,
                }
            }
            BoardError::Size { .. } | BoardError::CellCount { .. } => 1,
        };
        ParseError::Board { line, source }
    })
}
