//! `coins`: reads a BOJ 9079 input on stdin and prints the fewest flips per case.

use std::process::ExitCode;

use clap::Parser;

use judge::cli::{self, Stdout};

/// 3x3 coin flipping (BOJ 9079).
///
/// Reads T, then per case three rows of three letters `H` or `T` separated by spaces (`H T T`),
/// on stdin; prints per case the fewest flips of a row, a column or a diagonal that make all
/// nine coins alike, or -1 when none do.
#[derive(Parser)]
#[command(
    version,
    override_usage = "coins [--moves] [--render FILE.html [--case K]] < INPUT"
)]
struct Arguments {
    /// After each count, the flips used, in the order R1 R2 R3 C1 C2 C3 D1 D2 (rows from the
    /// top, columns from the left, D1 from the top left, D2 from the top right).
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    page: cli::PageArguments,
}

const EXAMPLES: &str = "  printf '1\\nH T T\\nH T T\\nT H H\\n' | coins           2
  printf '1\\nH T T\\nH T T\\nT H H\\n' | coins --moves   2, then R3 C1";

fn main() -> ExitCode {
    cli::run("coins", EXAMPLES, |arguments: Arguments| {
        let instance = coins::parse(&cli::read_stdin()?)?;
        let shown = arguments.page.shown(instance.boards.len())?;
        let options = coins::Options {
            moves: arguments.moves,
        };
        let solution = coins::solve(&instance, options)?;
        if let Some((path, index)) = shown {
            let grid = &instance.boards[index];
            let cells = grid.rows() * grid.cols();
            let flips = solution.moves[index].as_ref().map(|ops| {
                ops.iter()
                    .map(|&op| render::Flip {
                        label: op.to_string(),
                        cells: (0..cells).filter(|c| grid.mask(op) >> c & 1 == 1).collect(),
                    })
                    .collect()
            });
            let scene = render::CoinsScene {
                title: format!("Coins, case {}", index + 1),
                rows: grid.rows(),
                cols: grid.cols(),
                tails: (0..cells).map(|c| grid.tails() >> c & 1 == 1).collect(),
                flips,
            };
            cli::write_file(&path, &render::coins_page(&scene))?;
        }
        Ok(Stdout::display_line(solution))
    })
}

#[cfg(test)]
mod cli_errors;
