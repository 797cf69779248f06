//! Parser for the marble escape judge input, on the shared input rule ([`judge::Lines`]).

pub use judge::ParseError;
use judge::{Found, Lines};

use crate::board::{Board, BoardError};

/// A judge input: one board.
pub type Instance = Board;

/// Parses `N M` (each `3..=`[`Board::MAX_SIDE`]) and `N` rows of `M` characters of `.#ORB`.
///
/// # Errors
/// A [`ParseError`] naming the line: a malformed size, a row of the wrong length or with another
/// character, a border cell that is not a wall, not exactly one `O`, `R` and `B`, or any text
/// after the last row.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = Lines::new(input);
    let mut header = lines.line("the board size `N M`")?;
    let rows = header.number("the number of rows", 3..=Board::MAX_SIDE)?;
    let cols = header.number("the number of columns", 3..=Board::MAX_SIDE)?;
    header.end()?;
    let expected = || format!("a row of {cols} characters of .#ORB");
    let mut cells = Vec::with_capacity(rows * cols);
    let mut row_lines = Vec::with_capacity(rows);
    for _ in 0..rows {
        let mut line = lines.line("a row of the board")?;
        let number = line.line_number();
        let row = line.token("a row of the board")?;
        if row.len() != cols || !row.is_ascii() {
            return Err(ParseError::new(number, expected(), Found::text(row)));
        }
        line.end()?;
        cells.extend_from_slice(row.as_bytes());
        row_lines.push(number);
    }
    lines.end()?;
    Board::new(rows, cols, &cells).map_err(|error| match error {
        BoardError::Character { row, found, .. } => {
            let found = Found::Other(format!("{found:?}"));
            ParseError::new(row_lines[row - 1], "a cell of .#ORB", found)
        }
        BoardError::Border { row, found, .. } => {
            let found = Found::Other(format!("{found:?}"));
            ParseError::new(row_lines[row - 1], "a wall # on the border", found)
        }
        BoardError::Count { what, count } => {
            // The second occurrence when there are several, else the board's last line.
            let second = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| char::from(c) == what)
                .nth(1)
                .map(|(index, _)| row_lines[index / cols]);
            ParseError::new(
                second.unwrap_or(row_lines[rows - 1]),
                format!("exactly one {what:?} on the board"),
                Found::Other(format!("{count}")),
            )
        }
        BoardError::Size { .. } | BoardError::CellCount { .. } => {
            unreachable!("sizes checked above: {error}")
        }
    })
}
