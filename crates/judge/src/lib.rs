#![doc = include_str!("../README.md")]

mod answers;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "testing")]
pub mod testing;

pub use answers::{Answer, Answers, JudgeMove, LineWriter, MovesLayout};

use std::borrow::Cow;
use std::fmt;
use std::ops::RangeInclusive;

/// Why an input was refused: the line, what was expected there, and what was found instead.
///
/// Its message is `line N: expected <what>, found <token>`, the shape every puzzle uses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct ParseError {
    /// The 1-based line, counting blank lines.
    pub line: usize,
    /// What the format asks for there, e.g. `the number of cases from 1 to 100`.
    pub expected: Cow<'static, str>,
    /// What stands there instead.
    pub found: Found,
}

impl ParseError {
    /// An error on `line`: `expected` there, `found` instead.
    pub fn new(line: usize, expected: impl Into<Cow<'static, str>>, found: Found) -> Self {
        Self {
            line,
            expected: expected.into(),
            found,
        }
    }
}

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The input ended.
    EndOfInput,
    /// The line ended.
    EndOfLine,
    /// A token, or a run of text, shown quoted with escapes so the message stays on one line.
    Text(String),
    /// A description that is not a token, such as `3 a second time`.
    Other(String),
}

impl Found {
    /// The token `text`.
    pub fn text(text: &str) -> Self {
        Found::Text(text.to_string())
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::EndOfInput => f.write_str("end of input"),
            Found::EndOfLine => f.write_str("end of line"),
            Found::Text(text) => write!(f, "{text:?}"),
            Found::Other(text) => f.write_str(text),
        }
    }
}

/// Checks that `bytes` are UTF-8 and returns them as text; the error names the line of the
/// first byte that is not.
///
/// # Errors
/// A [`ParseError`] expecting `UTF-8 text` and naming the offending byte.
pub fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        ParseError::new(
            line,
            "UTF-8 text",
            Found::Other(format!("the byte 0x{:02x}", bytes[at])),
        )
    })
}

/// The spaces and tabs that separate tokens; nothing else is whitespace in a judge input.
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The non-blank lines of an input, numbered, read one at a time by a parser.
///
/// See the crate documentation for the rule it applies: an optional byte-order mark, `\n` or
/// `\r\n`, blank lines skipped, tokens separated by spaces and tabs.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The number of lines read so far, blank ones included.
    read: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `input`, with a leading byte-order mark removed.
    pub fn new(input: &'a str) -> Self {
        let input = input.strip_prefix('\u{feff}').unwrap_or(input);
        Self {
            rest: input.lines().enumerate(),
            read: 0,
        }
    }

    /// The next non-blank line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Option<Line<'a>> {
        for (index, text) in self.rest.by_ref() {
            self.read = index + 1;
            let text = text.trim_matches(is_blank);
            if !text.is_empty() {
                return Some(Line {
                    number: index + 1,
                    rest: text,
                });
            }
        }
        None
    }

    /// The next non-blank line, which must exist: `expected` names what it should hold.
    ///
    /// # Errors
    /// At the end of the input, expecting `expected` and finding `end of input`.
    pub fn line(&mut self, expected: &'static str) -> Result<Line<'a>, ParseError> {
        self.next_line()
            .ok_or_else(|| ParseError::new(self.read + 1, expected, Found::EndOfInput))
    }

    /// Checks that nothing but blank lines is left.
    ///
    /// # Errors
    /// On the first non-blank line, expecting `end of input`.
    pub fn end(mut self) -> Result<(), ParseError> {
        match self.next_line() {
            None => Ok(()),
            Some(line) => Err(ParseError::new(
                line.number,
                "end of input",
                Found::text(line.remainder()),
            )),
        }
    }

    /// The number of the line after the last one read (for errors about a missing line).
    pub fn next_number(&self) -> usize {
        self.read + 1
    }
}

/// One non-blank line, read token by token.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    number: usize,
    /// The text not yet read, starting at a token or empty.
    rest: &'a str,
}

impl<'a> Line<'a> {
    /// The 1-based line number.
    pub fn line_number(&self) -> usize {
        self.number
    }

    /// The next token, or `None` at the end of the line.
    pub fn next_token(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let end = self.rest.find(is_blank).unwrap_or(self.rest.len());
        let (token, rest) = self.rest.split_at(end);
        self.rest = rest.trim_start_matches(is_blank);
        Some(token)
    }

    /// The next token, which must exist.
    ///
    /// # Errors
    /// At the end of the line, expecting `expected`.
    pub fn token(&mut self, expected: &'static str) -> Result<&'a str, ParseError> {
        self.next_token()
            .ok_or_else(|| ParseError::new(self.number, expected, Found::EndOfLine))
    }

    /// The next token as a number in `range` (ASCII digits, leading zeros allowed, no sign).
    ///
    /// # Errors
    /// At the end of the line, or when the token is not digits or not in `range` (however
    /// large), expecting `<what> from <start> to <end>`.
    pub fn number<T>(&mut self, what: &str, range: RangeInclusive<T>) -> Result<T, ParseError>
    where
        T: TryFrom<u64> + Copy + fmt::Display + PartialOrd,
    {
        let expected = || format!("{what} from {} to {}", range.start(), range.end());
        let token = self
            .next_token()
            .ok_or_else(|| ParseError::new(self.number, expected(), Found::EndOfLine))?;
        parse_number(token)
            .and_then(|value| T::try_from(value).ok())
            .filter(|value| range.contains(value))
            .ok_or_else(|| ParseError::new(self.number, expected(), Found::text(token)))
    }

    /// Checks that the line has no token left.
    ///
    /// # Errors
    /// On the first token left, expecting `end of line`.
    pub fn end(mut self) -> Result<(), ParseError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(ParseError::new(
                self.number,
                "end of line",
                Found::text(token),
            )),
        }
    }

    /// The text not yet read (for messages).
    pub fn remainder(&self) -> &'a str {
        self.rest
    }
}

/// ASCII digits as a number; `None` for anything else, including a value past `u64`.
fn parse_number(token: &str) -> Option<u64> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.bytes().try_fold(0u64, |value, digit| {
        value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
    })
}

#[cfg(test)]
mod tests;
