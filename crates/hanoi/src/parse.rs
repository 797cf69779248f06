//! Parser for the BOJ 1914 / 11729 judge input, on the shared input rule ([`judge::Lines`]).

pub use judge::ParseError;

/// A judge input: the number of discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// `1..=`[`MAX_JUDGE_DISCS`].
    pub n_discs: usize,
}

/// The most discs the judge input may give.
pub const MAX_JUDGE_DISCS: usize = 100;

/// Parses `N` alone on its line.
///
/// # Errors
/// A [`ParseError`] naming the line: a missing or malformed `N`, `N` outside
/// `1..=`[`MAX_JUDGE_DISCS`], or any text after it.
pub fn parse(input: &str) -> Result<Instance, ParseError> {
    let mut lines = judge::Lines::new(input);
    let mut line = lines.line("the number of discs")?;
    let n_discs = line.number("the number of discs", 1..=MAX_JUDGE_DISCS)?;
    line.end()?;
    lines.end()?;
    Ok(Instance { n_discs })
}
