//! Parser for the CodeIQ input (one stack of digits per line), on the shared input rule
//! ([`judge::Lines`]).

pub use judge::ParseError;
use judge::{Found, Lines};

use crate::pegs::{Pegs, PegsError};

/// A judge input: one starting stack per non-blank line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// All discs on peg 1, one position per instance.
    pub stacks: Vec<Pegs>,
}

/// Parses one stack per non-blank line: disc sizes `1`-`9` from the top down, as one token of
/// 1 to [`Pegs::MAX_DISCS`] digits.
///
/// # Errors
/// A [`ParseError`] naming the line: no stack at all, a token that is not such digits, a second
/// token on a line, or a stack that already breaks the stacking rule.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let expected = || format!("a stack of 1 to {} disc sizes 1-9", Pegs::MAX_DISCS);
    let mut stacks = Vec::new();
    let mut lines = Lines::new(input);
    while let Some(mut line) = lines.next_line() {
        let number = line.line_number();
        let token = line.token("a stack of disc sizes")?;
        let digits_only = token.bytes().all(|b| (b'1'..=b'9').contains(&b));
        if !digits_only || token.len() > Pegs::MAX_DISCS {
            return Err(ParseError::new(number, expected(), Found::text(token)));
        }
        line.end()?;
        // The line lists the stack from the top down.
        let sizes: Vec<u8> = token.bytes().rev().map(|b| b - b'0').collect();
        let start = Pegs::tower(&sizes, crate::pegs::START).map_err(|error| {
            let found = match error {
                PegsError::Rule { depth, size, .. } => {
                    format!("disc {size} at depth {depth} below two or more larger discs")
                }
                other => other.to_string(),
            };
            ParseError::new(
                number,
                "a stack where no disc has two larger discs above it",
                Found::Other(found),
            )
        })?;
        stacks.push(start);
    }
    if stacks.is_empty() {
        return Err(ParseError::new(
            lines.next_number(),
            expected(),
            Found::EndOfInput,
        ));
    }
    Ok(Instance { stacks })
}
