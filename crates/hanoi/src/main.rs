//! `hanoi`: reads N on stdin, prints 2^N - 1 and, for N <= 20, the moves.

use std::process::ExitCode;

use clap::Parser;
use judge::cli::{self, Failure, Stdout};

/// Classic three-peg Tower of Hanoi (BOJ 1914, 11729).
///
/// Reads N (1 to 100) on stdin and prints the fewest moves, 2^N - 1, exactly; then, when
/// N <= 20, one line `A B` per move of the unique optimal sequence from peg 1 to peg 3.
#[derive(Parser)]
#[command(
    name = "hanoi",
    version,
    override_usage = "hanoi [--render FILE.html] < INPUT"
)]
struct Arguments {
    /// Also write a page that plays the solution to this HTML file (self-contained: open it in
    /// any browser).
    #[arg(long, value_name = "FILE.html")]
    render: Option<std::path::PathBuf>,
}

const EXAMPLES: &str = "  echo 3 | hanoi          7, then the seven moves
  echo 100 | hanoi        1267650600228229401496703205375
  echo 20 | hanoi --render hanoi.html > /dev/null   a page that plays the 1,048,575 moves";

fn main() -> ExitCode {
    cli::run("hanoi", EXAMPLES, |arguments: Arguments| {
        let instance = hanoi::parse(&cli::read_stdin()?)?;
        if let Some(path) = &arguments.render {
            let n = instance.n_discs;
            if n > 40 {
                return Err(Failure::new("--render shows at most 40 discs"));
            }
            let n = n as u32;
            let scene = render::PegsScene {
                title: format!("Tower of Hanoi: {n} discs from peg 1 to peg 3"),
                pegs: 3,
                start: vec![(1..=n).rev().collect(), Vec::new(), Vec::new()],
                moves: render::PegMoves::Tower {
                    discs: n,
                    from: 0,
                    to: 2,
                },
            };
            cli::write_file(path, &render::pegs_page(&scene))?;
        }
        let solution = hanoi::solve(&instance, hanoi::Options::default())?;
        Ok(Stdout::with(move |mut out| solution.write_to(&mut out)))
    })
}

#[cfg(test)]
mod cli_errors;
