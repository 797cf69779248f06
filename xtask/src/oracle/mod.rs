//! Independent oracles: plain, slow-but-obvious solvers that produced `testdata/**/*.out`.
//!
//! Each reads a judge input on stdin and writes the judge output to stdout, like the puzzle's
//! binary, but shares no code with it: different state representations, no `statespace`.

mod coins;
mod hanoi;
pub mod hanoi4;
mod hanoi_relaxed;
pub mod marbles;

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
    let puzzle = args.first().ok_or("oracle needs a puzzle name")?;
    match puzzle.as_str() {
        "coins" => Ok(coins::solve(input)),
        "hanoi" => Ok(hanoi::solve(input)),
        "marbles" => Ok(marbles::solve(&args[1..], input)),
        "hanoi-relaxed" => Ok(hanoi_relaxed::solve(input)),
        "hanoi4" => Ok(hanoi4::solve(input)),
        _ => Err(format!("no oracle for `{puzzle}`")),
    }
}
