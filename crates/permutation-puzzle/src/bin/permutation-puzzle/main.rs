//! `permutation-puzzle`: God's algorithm and optimal solutions for puzzles given as ksolve/twsearch
//! definition files. Without a subcommand it is the judge: a definition (and scrambles) on stdin.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use judge::cli::{self, Failure};
use permutation_puzzle::Metric;

mod god;
mod info;
mod judge_mode;
mod pancakes;
mod solve;
mod table;

/// God's algorithm and optimal solutions for permutation puzzles (ksolve/twsearch `.tws`
/// definition files).
///
/// Without a subcommand, reads a definition on stdin, optionally followed by scramble blocks
/// (`ScrambleAlg NAME` / `Scramble NAME` / `ScrambleState NAME` ... `End`), and prints either
/// `D COUNT` for each distance then `total N`, or per scramble `NAME D MOVE...` (`NAME -1` when
/// Solved cannot be reached from it).
#[derive(Parser)]
#[command(
    version,
    override_usage = "permutation-puzzle [--qtm] [--threads N] < DEFINITION\n       permutation-puzzle <COMMAND> ..."
)]
struct Arguments {
    /// Only the quarter turns: `X` and `X'` of each move (default: every power, each costing one).
    #[arg(long, global = true)]
    qtm: bool,
    /// Threads of the search (default: every core).
    #[arg(long, value_name = "N", global = true)]
    threads: Option<usize>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    God(god::GodArguments),
    Solve(solve::SolveArguments),
    Info(info::InfoArguments),
    Pancakes(pancakes::PancakesArguments),
}

/// What every command shares: the metric and the threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Common {
    pub(crate) metric: Metric,
    pub(crate) threads: usize,
}

const EXAMPLES: &str = "  permutation-puzzle < 2x2x2.tws                         D COUNT per distance, then total N
  permutation-puzzle god 2x2x2.tws --antipodes 3         levels, God's number, three antipodes
  permutation-puzzle solve 2x2x2.tws --scramble \"R U R' U2\"
  permutation-puzzle info skewb.tws --search             the rank, its coordinates, the reachable count
  permutation-puzzle pancakes 8 --burnt > burnt8.tws";

fn main() -> ExitCode {
    cli::run("permutation-puzzle", EXAMPLES, |arguments: Arguments| {
        let threads = match arguments.threads {
            Some(0) => return Err(Failure::new("--threads 0: at least one thread is needed")),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let common = Common {
            metric: if arguments.qtm {
                Metric::Qtm
            } else {
                Metric::Htm
            },
            threads,
        };
        match arguments.command {
            None => judge_mode::exec(common),
            Some(Command::God(args)) => god::exec(common, args),
            Some(Command::Solve(args)) => solve::exec(common, args),
            Some(Command::Info(args)) => info::exec(common, args),
            Some(Command::Pancakes(args)) => pancakes::exec(args),
        }
    })
}

/// Reads a definition file (or stdin for `-`), refusing it in one line naming the file.
pub(crate) fn read_definition(
    path: &std::path::Path,
) -> Result<permutation_puzzle::Puzzle, Failure> {
    let text = read_text(path)?;
    permutation_puzzle::parse(&text).map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// The rank of the definition read from `path`, a refusal naming the file (a puzzle too
/// large to rank, say).
pub(crate) fn rank_of(
    puzzle: &permutation_puzzle::Puzzle,
    metric: Metric,
    path: &std::path::Path,
) -> Result<permutation_puzzle::Rank, Failure> {
    permutation_puzzle::Rank::new(puzzle, metric)
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

/// A file's text, checked to be UTF-8.
pub(crate) fn read_text(path: &std::path::Path) -> Result<String, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    judge::decode(&bytes).map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    Ok(String::from_utf8(bytes).expect("checked"))
}
