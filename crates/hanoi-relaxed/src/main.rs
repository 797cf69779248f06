//! `hanoi-relaxed`: one stack per input line, the fewest moves to peg 2 per line.

use std::process::ExitCode;

use clap::Parser;

use judge::cli::{self, Stdout};

/// "Not the Tower of Hanoi" (CodeIQ): three pegs, disc sizes 1 to 9, and at every moment no
/// disc may have two or more larger discs above it.
///
/// Reads one stack per line on stdin (the sizes on peg 1 from the top down, as digits, e.g.
/// `1314`) and prints per line the fewest moves that bring every disc to peg 2, in any order.
#[derive(Parser)]
#[command(
    version,
    override_usage = "hanoi-relaxed [--moves] [--render FILE.html [--case K]] < INPUT"
)]
struct Arguments {
    /// After each count, one line `A B` per move of an optimal sequence (pegs 1 to 3).
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    page: cli::PageArguments,
}

const EXAMPLES: &str = "  printf '1234\\n123\\n1314\\n' | hanoi-relaxed           6, 4 and 5
  echo 213 | hanoi-relaxed --moves                       3, then the three moves";

fn main() -> ExitCode {
    cli::run("hanoi-relaxed", EXAMPLES, |arguments: Arguments| {
        let instance = hanoi_relaxed::parse(&cli::read_stdin()?)?;
        let shown = arguments.page.shown(instance.stacks.len())?;
        let options = hanoi_relaxed::Options {
            moves: arguments.moves,
        };
        let solution = hanoi_relaxed::solve(&instance, options)?;
        if let Some((path, index)) = shown {
            let start = &instance.stacks[index];
            let moves = solution.moves[index].clone().unwrap_or_default();
            let scene = render::PegsScene {
                title: format!(
                    "Not the Tower of Hanoi, line {}: to peg 2 in {} moves",
                    index + 1,
                    moves.len()
                ),
                pegs: 3,
                start: start
                    .stacks()
                    .iter()
                    .map(|stack| stack.iter().map(|&s| u32::from(s)).collect())
                    .collect(),
                moves: render::PegMoves::list(moves.iter().map(|m| (m.from.index(), m.to.index()))),
            };
            cli::write_file(&path, &render::pegs_page(&scene))?;
        }
        Ok(Stdout::display_line(solution))
    })
}

#[cfg(test)]
mod cli_errors;
