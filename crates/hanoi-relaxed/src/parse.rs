//! Parser for the CodeIQ input: one stack of digits per line.

use crate::{Peg, Pegs, PegsError};

/// A judge input: one starting stack per non-blank line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// All discs on peg 1, one position per instance.
    pub stacks: Vec<Pegs>,
}

/// Why a judge input was rejected; every message names its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// No instance at all.
    #[error("line {line}: expected at least one stack of digits 1-9, found end of input")]
    Empty {
        /// The line after the last one read.
        line: usize,
    },
    /// A character other than `1`-`9`.
    #[error("line {line}, column {column}: expected a disc size 1-9, found {found:?}")]
    Character {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// More than 12 discs.
    #[error("line {line}: at most {max} discs are supported, found {found}", max = Pegs::MAX_DISCS)]
    TooManyDiscs {
        /// 1-based line.
        line: usize,
        /// Discs given.
        found: usize,
    },
    /// The starting stack already breaks the rule.
    #[error("line {line}: the starting stack breaks the rule: {source}")]
    Rule {
        /// 1-based line.
        line: usize,
        /// Which disc.
        source: PegsError,
    },
}

/// Parses one stack per line (sizes from the top down, no separators); blank lines are skipped.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut stacks = Vec::new();
    let mut n_lines = 0;
    for (index, raw) in input.lines().enumerate() {
        let line = index + 1;
        n_lines = line;
        let text = raw.trim_end();
        if text.trim_start().is_empty() {
            continue;
        }
        if let Some((column, found)) = text
            .chars()
            .enumerate()
            .find(|(_, c)| !('1'..='9').contains(c))
        {
            return Err(ParseError::Character {
                line,
                column: column + 1,
                found,
            });
        }
        if text.len() > Pegs::MAX_DISCS {
            return Err(ParseError::TooManyDiscs {
                line,
                found: text.len(),
            });
        }
        let sizes: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
        let start =
            Pegs::tower(Peg::START, &sizes).map_err(|source| ParseError::Rule { line, source })?;
        stacks.push(start);
    }
    if stacks.is_empty() {
        return Err(ParseError::Empty { line: n_lines + 1 });
    }
    Ok(Instance { stacks })
}
