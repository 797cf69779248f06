//! `pancakes N [--burnt]`: the definition of a pancake stack on stdout.

use judge::cli::{Failure, Stdout};

/// Writes the definition file of a stack of N pancakes: moves F2..FN flip the top k.
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct PancakesArguments {
    /// The number of pancakes, from 2 to 255.
    #[arg(value_name = "N", value_parser = clap::value_parser!(u16).range(2..=255))]
    n: u16,
    /// Burnt pancakes: each has two sides, a flip turns them over, and F1 flips the top one.
    #[arg(long)]
    burnt: bool,
}

pub(crate) fn exec(args: PancakesArguments) -> Result<Stdout<'static>, Failure> {
    Ok(Stdout::display(permutation_puzzle::pancakes(
        args.n.into(),
        args.burnt,
    )))
}
