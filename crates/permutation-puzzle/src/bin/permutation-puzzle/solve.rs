//! `solve FILE`: optimal solutions of scrambles, from a saved table or by bidirectional search.

use std::path::PathBuf;

use judge::cli::{Failure, Stdout};
use permutation_puzzle::{Answer, Scramble, parse_scrambles, parse_sequence, solution_by_search};

use crate::Common;

/// Solves scrambles of a definition file optimally.
#[derive(Clone, Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("input").required(true).args(["scramble", "scrambles"]))]
pub(crate) struct SolveArguments {
    /// The definition file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// A move sequence from Solved, in the file's move names ("R U R' U2").
    #[arg(long, value_name = "ALG")]
    scramble: Option<String>,
    /// A file of scramble blocks (Scramble, ScrambleState, ScrambleAlg NAME ... End).
    #[arg(long, value_name = "FILE")]
    scrambles: Option<PathBuf>,
    /// A table saved by `god --save` for this definition and metric.
    #[arg(long, value_name = "TABLE")]
    table: Option<PathBuf>,
}

pub(crate) fn exec(common: Common, args: SolveArguments) -> Result<Stdout<'static>, Failure> {
    let puzzle = crate::read_definition(&args.file)?;
    let scrambles = match (&args.scramble, &args.scrambles) {
        (Some(alg), _) => vec![Scramble {
            name: "scramble".to_string(),
            position: parse_sequence(&puzzle, alg)
                .map_err(|e| Failure::new(format!("--scramble: {e}")))?,
        }],
        (None, Some(path)) => {
            let text = crate::read_text(path)?;
            parse_scrambles(&puzzle, &text)
                .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?
        }
        (None, None) => unreachable!("clap requires one"),
    };
    let rank = crate::rank_of(&puzzle, common.metric, &args.file)?;
    let table = match &args.table {
        Some(path) => Some(crate::table::load(path, &rank)?),
        None => None,
    };
    let mut out = String::new();
    for scramble in &scrambles {
        let moves = match rank.rank(&scramble.position) {
            None => None,
            Some(state) => match &table {
                Some(table) => permutation_puzzle::solution_from_table(&rank, table, state)?,
                None => solution_by_search(&rank, state)?,
            },
        };
        let answer = Answer {
            name: scramble.name.clone(),
            moves: moves.map(|ms| ms.iter().map(|&m| rank.move_names()[m].clone()).collect()),
        };
        out.push_str(&format!("{answer}\n"));
    }
    Ok(Stdout::display(out))
}
