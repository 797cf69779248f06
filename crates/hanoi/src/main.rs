//! `hanoi`: reads N on stdin, prints 2^N - 1 and, for N <= 20, the moves.

use std::process::ExitCode;

use clap::Parser;
use judge::cli;

/// Classic three-peg Tower of Hanoi (BOJ 1914, 11729).
///
/// Reads N (1 to 100) on stdin and prints the fewest moves, 2^N - 1, exactly; then, when
/// N <= 20, one line `A B` per move of the unique optimal sequence from peg 1 to peg 3.
#[derive(Parser)]
#[command(version, override_usage = "hanoi < INPUT")]
struct Arguments {}

const EXAMPLES: &str = "  echo 3 | hanoi          7, then the seven moves
  echo 100 | hanoi        1267650600228229401496703205375";

fn main() -> ExitCode {
    if let Err(code) = cli::arguments::<Arguments>("hanoi", EXAMPLES) {
        return code;
    }
    let input = match cli::read_stdin("hanoi") {
        Ok(input) => input,
        Err(code) => return code,
    };
    match hanoi::parse(&input) {
        Ok(instance) => cli::write_stdout("hanoi", |out| hanoi::write_solution(&instance, out)),
        Err(error) => cli::fail("hanoi", error),
    }
}
