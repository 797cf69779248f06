//! `marbles`: reads one board on stdin and prints the judge output of the chosen variant.
//!
//! Usage: `marbles [--output count|possible|path] [--max-tilts K|none] < board`.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use marbles::{Limit, OutputKind};

fn parse_args() -> Result<(OutputKind, Limit), String> {
    let mut kind = OutputKind::default();
    let mut limit = Limit::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--output" => {
                kind = match args.next().as_deref() {
                    Some("count") => OutputKind::Count,
                    Some("possible") => OutputKind::Possible,
                    Some("path") => OutputKind::Path,
                    other => {
                        return Err(format!(
                            "--output takes count, possible or path, not {other:?}"
                        ));
                    }
                }
            }
            "--max-tilts" => {
                limit =
                    match args.next().as_deref() {
                        Some("none") => Limit::None,
                        Some(k) => Limit::AtMost(k.parse().map_err(|_| {
                            format!("--max-tilts takes a number or none, not {k:?}")
                        })?),
                        None => return Err("--max-tilts takes a number or none".to_string()),
                    }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok((kind, limit))
}

fn main() -> ExitCode {
    let (kind, limit) = match parse_args() {
        Ok(options) => options,
        Err(message) => return fail(&message),
    };
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        return fail(&format!("cannot read stdin: {e}"));
    }
    let board = match marbles::parse(&input) {
        Ok(board) => board,
        Err(e) => return fail(&e.to_string()),
    };
    let solution = marbles::solve(&board, limit);
    let mut out = io::BufWriter::new(io::stdout().lock());
    match write!(out, "{}", solution.display(kind)).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write stdout: {e}")),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("marbles: {message}");
    ExitCode::from(2)
}
