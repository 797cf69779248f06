//! `marbles`: reads one board on stdin and prints the judge output of the chosen variant.

use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use judge::cli::{self, Stdout};
use marbles::{Limit, Options, OutputKind};

/// Marble escape (BOJ 13460, 13459, 15644, 15653).
///
/// Reads `N M` and N rows of M characters (`.` empty, `#` wall, `O` hole, `R` red, `B` blue) on
/// stdin. A tilt left, right, up or down rolls both marbles until they stop; red must fall into
/// the hole while blue does not. Prints the fewest tilts (BOJ 13460), or what `--output` asks.
#[derive(Parser)]
#[command(
    version,
    override_usage = "marbles [--output count|possible|path] [--max-tilts K|none] [--render FILE.html] < INPUT"
)]
struct Arguments {
    /// What to print: the fewest tilts or -1 (13460); 1 or 0 (13459); the fewest tilts and one
    /// optimal sequence of L R U D (15644).
    #[arg(long, value_enum, default_value_t = Output::Count)]
    output: Output,
    /// The most tilts allowed (the judges' 10), or `none` for no limit (15653).
    #[arg(long, value_name = "K|none", default_value = "10", value_parser = str::parse::<Limit>)]
    max_tilts: Limit,
    /// Also write a page that plays the solution to this HTML file (self-contained: open it in
    /// any browser).
    #[arg(long, value_name = "FILE.html")]
    render: Option<std::path::PathBuf>,
}

/// The judge output variants.
#[derive(Clone, Copy, ValueEnum)]
enum Output {
    /// The fewest tilts within the limit, or -1.
    Count,
    /// 1 if red can escape within the limit, else 0.
    Possible,
    /// The fewest tilts and on the next line one optimal tilt sequence, or -1 alone.
    Path,
}

/// The page of `solution`: the marbles' cells after every tilt.
fn marbles_page(board: &marbles::Board, solution: &marbles::Solution) -> String {
    let cells: Vec<u8> = (0..board.cells() as u32)
        .map(|cell| match cell {
            _ if board.is_wall(cell) => b'#',
            _ if cell == board.hole() => b'O',
            _ => b'.',
        })
        .collect();
    let tilts = solution.tilts.as_ref().map(|tilts| {
        board
            .replay(tilts)
            .into_iter()
            .map(|step| render::Tilted {
                direction: step.tilt.letter(),
                red: step.red.map(|r| r as usize),
                blue: step.blue.map(|b| b as usize),
            })
            .collect()
    });
    render::marbles_page(&render::MarblesScene {
        title: format!("Marble escape, {} x {}", board.rows(), board.cols()),
        rows: board.rows(),
        cols: board.cols(),
        cells,
        red: board.red() as usize,
        blue: board.blue() as usize,
        tilts,
    })
}

const EXAMPLES: &str =
    "  printf '5 5\\n#####\\n#..B#\\n#.#.#\\n#RO.#\\n#####\\n' | marbles                 1
  printf '5 5\\n#####\\n#..B#\\n#.#.#\\n#RO.#\\n#####\\n' | marbles --output path   1, then R
  marbles --max-tilts none --output path < board.txt";

fn main() -> ExitCode {
    cli::run("marbles", EXAMPLES, |arguments: Arguments| {
        let board = marbles::parse(&cli::read_stdin()?)?;
        let output = match arguments.output {
            Output::Count => OutputKind::Count,
            Output::Possible => OutputKind::Possible,
            Output::Path => OutputKind::Path,
        };
        let options = Options {
            max_tilts: arguments.max_tilts,
            output,
        };
        let solution = marbles::solve(&board, options)?;
        if let Some(path) = &arguments.render {
            cli::write_file(path, &marbles_page(&board, &solution))?;
        }
        Ok(Stdout::display_line(solution))
    })
}

#[cfg(test)]
mod cli_errors;
