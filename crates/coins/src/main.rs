//! `coins`: reads a BOJ 9079 input on stdin and prints the fewest flips per case.

use std::process::ExitCode;

use clap::Parser;
use std::io::Write;

use judge::cli;

/// 3x3 coin flipping (BOJ 9079).
///
/// Reads T, then three rows of `H`/`T` per case, on stdin; prints per case the fewest flips of
/// a row, a column or a diagonal that make all nine coins alike, or -1 when none do.
#[derive(Parser)]
#[command(version, override_usage = "coins [--moves] < INPUT")]
struct Arguments {
    /// After each count, the flips used, in the order R1 R2 R3 C1 C2 C3 D1 D2 (rows from the
    /// top, columns from the left, D1 from the top left, D2 from the top right).
    #[arg(long)]
    moves: bool,
}

const EXAMPLES: &str = "  printf '1\\nH T T\\nH T T\\nT H H\\n' | coins           2
  printf '1\\nH T T\\nH T T\\nT H H\\n' | coins --moves   2, then R3 C1";

fn main() -> ExitCode {
    let arguments = match cli::arguments::<Arguments>("coins", EXAMPLES) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let input = match cli::read_stdin("coins") {
        Ok(input) => input,
        Err(code) => return code,
    };
    let instance = match coins::parse(&input) {
        Ok(instance) => instance,
        Err(error) => return cli::fail("coins", error),
    };
    let solution = coins::solve(&instance);
    cli::write_stdout("coins", |out| {
        if arguments.moves {
            write!(out, "{}", solution.with_moves())
        } else {
            write!(out, "{solution}")
        }
    })
}
