//! [`Solution`]: the answers to a judge input, whatever engine found them, and their judge output.

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

/// The answers to a judge input: one optimal move sequence per case (every configuration
/// reaches the tower), written as the judge wants by `Display`: the counts, each followed by
/// its moves with [`Options::moves`](crate::Options::moves).
pub type Solution = judge::Answers<Vec<Move>>;
