//! Parser for the BOJ 1914 judge input.

/// A judge input: the number of discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// `1..=100`.
    pub n_discs: u32,
}

/// Why a judge input was rejected; every message names its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No number at all.
    #[error("line 1: expected the number of discs, found end of input")]
    Empty,
    /// Not a whole number.
    #[error("line {line}: expected the number of discs, found {found:?}")]
    NotANumber {
        /// 1-based line.
        line: usize,
        /// The offending text.
        found: String,
    },
    /// Outside `1..=100`.
    #[error("line {line}: the number of discs must be between 1 and 100, found {found}")]
    OutOfRange {
        /// 1-based line.
        line: usize,
        /// The number given.
        found: String,
    },
    /// Anything after the number.
    #[error("line {line}: unexpected text after the number of discs: {found:?}")]
    Trailing {
        /// 1-based line.
        line: usize,
        /// The offending text.
        found: String,
    },
}

/// Parses `N` alone (surrounding whitespace and blank lines after it accepted).
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = input.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (line, text) = lines
        .by_ref()
        .find(|(_, l)| !l.is_empty())
        .ok_or(ParseError::Empty)?;
    let mut words = text.split_whitespace();
    let word = words.next().expect("non-empty line");
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::NotANumber {
            line,
            found: word.to_string(),
        });
    }
    let n_discs = word.parse::<u32>().ok().filter(|n| (1..=100).contains(n));
    let n_discs = n_discs.ok_or_else(|| ParseError::OutOfRange {
        line,
        found: word.to_string(),
    })?;
    if let Some(extra) = words.next() {
        return Err(ParseError::Trailing {
            line,
            found: extra.to_string(),
        });
    }
    if let Some((line, text)) = lines.find(|(_, l)| !l.is_empty()) {
        return Err(ParseError::Trailing {
            line,
            found: text.to_string(),
        });
    }
    Ok(Instance { n_discs })
}
