//! The judge mode: a definition and its scrambles on stdin, the distribution or the solutions
//! on stdout.

use judge::cli::{self, Failure, Stdout};

use crate::Common;

/// Reads stdin, answers it.
pub(crate) fn exec(common: Common) -> Result<Stdout<'static>, Failure> {
    let input = cli::read_stdin()?;
    let (puzzle, scrambles) = permutation_puzzle::parse_with_scrambles(&input)?;
    let judged = permutation_puzzle::judge(&puzzle, &scrambles, common.metric, common.threads)?;
    Ok(Stdout::display(format!("{judged}\n")))
}
