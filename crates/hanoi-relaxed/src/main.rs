//! `hanoi-relaxed`: one stack per input line, the fewest moves to peg 2 per line.
//!
//! Usage: `hanoi-relaxed [--moves] < input`.

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
    let instance = match hanoi_relaxed::parse(&input) {
        Ok(instance) => instance,
        Err(e) => return fail(&e.to_string()),
    };
    let solution = hanoi_relaxed::solve(&instance);
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
    eprintln!("hanoi-relaxed: {message}");
    ExitCode::from(2)
}
