//! [`Solution`]: the answers to a judge input, whatever engine found them, and their judge output.

use std::fmt;

use itertools::Itertools;

use crate::model::{Config, Move};

/// The cases of `starts` grouped by disc count, smallest count first: `(n, case indices)`, the
/// indices ascending. Every engine solves one disc count at a time.
pub(crate) fn cases_by_disc_count(starts: &[Config]) -> Vec<(usize, Vec<usize>)> {
    starts
        .iter()
        .enumerate()
        .sorted_by_key(|&(index, config)| (config.n_discs(), index))
        .chunk_by(|(_, config)| config.n_discs())
        .into_iter()
        .map(|(n, group)| (n, group.map(|(index, _)| index).collect()))
        .collect()
}

/// The answers to a judge input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// One optimal move sequence per case.
    pub moves: Vec<Vec<Move>>,
}

impl Solution {
    /// The `--moves` output: each count followed by its moves.
    pub fn with_moves(&self) -> impl fmt::Display + '_ {
        WithMoves(self)
    }
}

impl fmt::Display for Solution {
    /// The judge output: one count per line (no newline after the last).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = judge::LineWriter::new(f);
        self.moves
            .iter()
            .try_for_each(|m| out.line(format_args!("{}", m.len())))
    }
}

struct WithMoves<'a>(&'a Solution);

impl fmt::Display for WithMoves<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = judge::LineWriter::new(f);
        for moves in &self.0.moves {
            out.line(format_args!("{}", moves.len()))?;
            moves
                .iter()
                .try_for_each(|m| out.line(format_args!("{m}")))?;
        }
        Ok(())
    }
}
