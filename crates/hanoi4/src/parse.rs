//! Parser for the algospot HANOI4 judge input.

use crate::{Config, ConfigError};

/// Why a judge input was rejected; every message names its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The input ends where a line was expected.
    #[error("line {line}: expected {what}, found end of input")]
    Missing {
        /// 1-based line.
        line: usize,
        /// What was expected.
        what: &'static str,
    },
    /// An empty line where a line was expected.
    #[error("line {line}: expected {what}, found an empty line")]
    Blank {
        /// 1-based line.
        line: usize,
        /// What was expected.
        what: &'static str,
    },
    /// A token that is not a whole number.
    #[error("line {line}: expected {what}, found {found:?}")]
    NotANumber {
        /// 1-based line.
        line: usize,
        /// What was expected.
        what: &'static str,
        /// The token.
        found: String,
    },
    /// `C < 1`.
    #[error("line {line}: the number of cases must be at least 1, found {found}")]
    NoCases {
        /// 1-based line.
        line: usize,
        /// The count.
        found: String,
    },
    /// `n` outside `1..=13`.
    #[error(
        "line {line}: the number of discs must be between 1 and {max}, found {found}",
        max = Config::MAX_DISCS
    )]
    DiscCount {
        /// 1-based line.
        line: usize,
        /// The count.
        found: String,
    },
    /// A peg line whose count does not match its list.
    #[error("line {line}: peg {peg} announces {announced} discs but lists {listed}")]
    PegCount {
        /// 1-based line.
        line: usize,
        /// The peg (1-based).
        peg: usize,
        /// The count given first.
        announced: usize,
        /// The discs that follow.
        listed: usize,
    },
    /// The discs do not form a legal configuration.
    #[error("line {line}: {source}")]
    Config {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        source: ConfigError,
    },
    /// Extra tokens on a line, or text after the last case.
    #[error("line {line}: unexpected {found:?}")]
    Trailing {
        /// 1-based line.
        line: usize,
        /// The text.
        found: String,
    },
}

/// Numbered lines with blank lines kept (the format is line-based).
struct Lines<'a> {
    inner: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self, what: &'static str) -> Result<(usize, Vec<&'a str>), ParseError> {
        match self.inner.next() {
            Some((i, text)) => {
                self.last = i + 1;
                Ok((i + 1, text.split_whitespace().collect()))
            }
            None => Err(ParseError::Missing {
                line: self.last + 1,
                what,
            }),
        }
    }
}

fn number(line: usize, word: &str, what: &'static str) -> Result<usize, ParseError> {
    if word.bytes().all(|b| b.is_ascii_digit())
        && let Ok(value) = word.parse()
    {
        return Ok(value);
    }
    if word
        .strip_prefix('-')
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    {
        // A negative number is a number out of range, reported by the caller's check.
        return Ok(0);
    }
    Err(ParseError::NotANumber {
        line,
        what,
        found: word.to_string(),
    })
}

/// Reads one line that must hold exactly one number.
fn single(lines: &mut Lines<'_>, what: &'static str) -> Result<(usize, usize, String), ParseError> {
    let (line, words) = lines.next(what)?;
    let first = *words.first().ok_or(ParseError::Blank { line, what })?;
    let value = number(line, first, what)?;
    if let Some(extra) = words.get(1) {
        return Err(ParseError::Trailing {
            line,
            found: extra.to_string(),
        });
    }
    Ok((line, value, first.to_string()))
}

/// Parses a judge input into the starting configuration of every case.
pub fn parse(input: &str) -> Result<Vec<Config>, ParseError> {
    let mut lines = Lines {
        inner: input.lines().enumerate(),
        last: 0,
    };
    let (line, cases, text) = single(&mut lines, "the number of cases")?;
    if cases < 1 {
        return Err(ParseError::NoCases { line, found: text });
    }
    let mut configs = Vec::new();
    for _ in 0..cases {
        let (line, n, text) = single(&mut lines, "the number of discs")?;
        if !(1..=Config::MAX_DISCS).contains(&n) {
            return Err(ParseError::DiscCount { line, found: text });
        }
        let mut pegs: [Vec<usize>; 4] = Default::default();
        let mut seen = vec![false; n];
        let mut last_line = line;
        for (peg, discs) in pegs.iter_mut().enumerate() {
            let (line, words) = lines.next("a peg line `k d1 .. dk`")?;
            last_line = line;
            let first = *words.first().ok_or(ParseError::Blank {
                line,
                what: "a peg line `k d1 .. dk`",
            })?;
            let announced = number(line, first, "the number of discs on the peg")?;
            for word in &words[1..] {
                discs.push(number(line, word, "a disc number")?);
            }
            if discs.len() != announced {
                return Err(ParseError::PegCount {
                    line,
                    peg: peg + 1,
                    announced,
                    listed: discs.len(),
                });
            }
            // Range, repeats (on this peg or an earlier one) and order, named on this line.
            let config_error = |source| ParseError::Config { line, source };
            for (k, &disc) in discs.iter().enumerate() {
                if disc == 0 || disc > n {
                    return Err(config_error(ConfigError::DiscRange { disc, n }));
                }
                if std::mem::replace(&mut seen[disc - 1], true) {
                    return Err(config_error(ConfigError::Duplicate(disc)));
                }
                if k > 0 && discs[k - 1] < disc {
                    return Err(config_error(ConfigError::Order {
                        peg: peg + 1,
                        above: disc,
                        below: discs[k - 1],
                    }));
                }
            }
        }
        let refs = [&pegs[0][..], &pegs[1][..], &pegs[2][..], &pegs[3][..]];
        // Missing discs are known once the four lines are read.
        let config = Config::from_pegs(n, refs).map_err(|source| ParseError::Config {
            line: last_line,
            source,
        })?;
        configs.push(config);
    }
    for (line, text) in lines.inner.by_ref() {
        if !text.trim().is_empty() {
            return Err(ParseError::Trailing {
                line: line + 1,
                found: text.trim().to_string(),
            });
        }
    }
    Ok(configs)
}
