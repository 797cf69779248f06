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
    let name = args.first().ok_or("oracle needs a puzzle name")?;
    let puzzle = crate::puzzles::find(name).ok_or_else(|| format!("no oracle for `{name}`"))?;
    Ok((puzzle.oracle)(&args[1..], input))
}
