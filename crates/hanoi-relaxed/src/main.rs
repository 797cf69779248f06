//! `hanoi-relaxed`: one stack per input line, the fewest moves to peg 2 per line.

use std::process::ExitCode;

use clap::Parser;
use std::io::Write;

use judge::cli;

/// "Not the Tower of Hanoi" (CodeIQ): three pegs, disc sizes 1 to 9, and at every moment no
/// disc may have two or more larger discs above it.
///
/// Reads one stack per line on stdin (the sizes on peg 1 from the top down, as digits, e.g.
/// `1314`) and prints per line the fewest moves that bring every disc to peg 2, in any order.
#[derive(Parser)]
#[command(version, override_usage = "hanoi-relaxed [--moves] < INPUT")]
struct Arguments {
    /// After each count, one line `A B` per move of an optimal sequence (pegs 1 to 3).
    #[arg(long)]
    moves: bool,
}

const EXAMPLES: &str = "  printf '1234\\n123\\n1314\\n' | hanoi-relaxed           6, 4 and 5
  echo 213 | hanoi-relaxed --moves                       3, then the three moves";

fn main() -> ExitCode {
    let arguments = match cli::arguments::<Arguments>("hanoi-relaxed", EXAMPLES) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let input = match cli::read_stdin("hanoi-relaxed") {
        Ok(input) => input,
        Err(code) => return code,
    };
    let instance = match hanoi_relaxed::parse(&input) {
        Ok(instance) => instance,
        Err(error) => return cli::fail("hanoi-relaxed", error),
    };
    let solution = hanoi_relaxed::solve(&instance);
    cli::write_stdout("hanoi-relaxed", |out| {
        if arguments.moves {
            write!(out, "{}", solution.with_moves())
        } else {
            write!(out, "{solution}")
        }
    })
}
