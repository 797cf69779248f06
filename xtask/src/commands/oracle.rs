//! Independent oracles: plain, slow-but-obvious solvers that produced `testdata/**/*.out`.
//!
//! Each reads a judge input on stdin and writes the judge output to stdout, like the puzzle's
//! binary, but shares no code with it: different state representations, no `statespace`.

use std::io::Read;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| e.to_string())?;
    let output = solve(args, &input)?;
    print!("{output}");
    Ok(ExitCode::SUCCESS)
}

/// The oracle's judge output for `input` (valid input only).
pub fn solve(args: &[String], input: &str) -> Result<String, String> {
    let mut args = crate::kit::args::Args::new("oracle", args);
    let names: Vec<&str> = crate::puzzles::names().collect();
    let name = args
        .positional()
        .ok_or_else(|| format!("oracle needs a puzzle name: {}", names.join(", ")))?;
    let puzzle = crate::puzzles::find(&name).ok_or_else(|| {
        format!(
            "oracle: unknown name `{name}`; the names: {}",
            names.join(", ")
        )
    })?;
    // The rest are the binary's flags, which the oracle reads as the binary would.
    Ok((puzzle.oracle)(&args.rest(), input))
}
