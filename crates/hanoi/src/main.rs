//! `hanoi`: reads N on stdin, prints 2^N - 1 and, for N <= 20, the moves.

use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    if let Some(arg) = std::env::args().nth(1) {
        return fail(&format!("unknown argument {arg:?} (hanoi takes no flags)"));
    }
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        return fail(&format!("cannot read stdin: {e}"));
    }
    let instance = match hanoi::parse(&input) {
        Ok(instance) => instance,
        Err(e) => return fail(&e.to_string()),
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match hanoi::write_solution(&instance, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write stdout: {e}")),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("hanoi: {message}");
    ExitCode::from(2)
}
