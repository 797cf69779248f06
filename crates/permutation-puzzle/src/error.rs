//! [`ParseError`]: why a definition, a scramble or a move sequence was refused, with its line.

/// Why a definition file, a scramble or a move sequence was refused. Every message starts with
/// `line N: ` (the 1-based line, counting blank lines and comments; the line after the last one
/// when the input ends too soon; line 1 for a move sequence given on the command line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Something else was expected here.
    #[error("line {line}: expected {expected}, found {found}")]
    Expected {
        /// The line.
        line: usize,
        /// What the format asks for there.
        expected: String,
        /// What stands there instead (quoted), or `end of input`.
        found: String,
    },
    /// A keyword the format does not have, or one out of its place.
    #[error("line {line}: {keyword:?} {why}")]
    Keyword {
        /// The line.
        line: usize,
        /// The first word of the line.
        keyword: String,
        /// Why it cannot stand there.
        why: String,
    },
    /// A name that the definition does not define (a set or a move).
    #[error("line {line}: unknown {what} {name:?}")]
    Unknown {
        /// The line.
        line: usize,
        /// `set`, `move`, ...
        what: &'static str,
        /// The name.
        name: String,
    },
    /// A value out of its range, or a block that breaks a rule of the format.
    #[error("line {line}: {message}")]
    Invalid {
        /// The line.
        line: usize,
        /// What is wrong, in a lowercase sentence without a final period.
        message: String,
    },
}

impl ParseError {
    /// The line the error names.
    pub fn line(&self) -> usize {
        match self {
            ParseError::Expected { line, .. }
            | ParseError::Keyword { line, .. }
            | ParseError::Unknown { line, .. }
            | ParseError::Invalid { line, .. } => *line,
        }
    }

    pub(crate) fn invalid(line: usize, message: impl Into<String>) -> Self {
        ParseError::Invalid {
            line,
            message: message.into(),
        }
    }

    pub(crate) fn expected(line: usize, expected: impl Into<String>, found: Option<&str>) -> Self {
        ParseError::Expected {
            line,
            expected: expected.into(),
            found: found.map_or_else(|| "end of input".to_string(), |t| format!("{t:?}")),
        }
    }
}
