//! `hanoi4`: reads an algospot HANOI4 input and prints the fewest moves to peg 4 per case.
//!
//! Usage: `hanoi4 [--moves] < input`.

use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut moves = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--moves" => moves = true,
            other => return fail(&format!("unknown argument {other:?} (expected --moves)")),
        }
    }
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        return fail(&format!("cannot read stdin: {e}"));
    }
    let starts = match hanoi4::parse(&input) {
        Ok(starts) => starts,
        Err(e) => return fail(&e.to_string()),
    };
    let largest = starts
        .iter()
        .map(hanoi4::Config::n_discs)
        .max()
        .expect("at least one case");
    let solution = hanoi4::Solver::new(largest).solve_all(&starts);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if moves {
        write!(out, "{}", solution.with_moves())
    } else {
        write!(out, "{solution}")
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write stdout: {e}")),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("hanoi4: {message}");
    ExitCode::from(2)
}
