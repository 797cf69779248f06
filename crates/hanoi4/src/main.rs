//! `hanoi4`: reads an algospot HANOI4 input and prints the fewest moves to peg 4 per case.
//!
//! Usage: `hanoi4 [--moves] [--engine table|oracle|pdb] [--tables DIR] < input`, or
//! `hanoi4 --eccentricity N [--tables DIR]` to reproduce the largest distance from a tower for
//! N <= 19 discs (saving the two-bit table in DIR for later runs).

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use hanoi4::Engine;

struct Options {
    moves: bool,
    engine: Option<Engine>,
    tables: Option<PathBuf>,
    eccentricity: Option<usize>,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        moves: false,
        engine: None,
        tables: None,
        eccentricity: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--moves" => options.moves = true,
            "--engine" => {
                let name = args.next().unwrap_or_default();
                let engine = Engine::from_name(&name)
                    .ok_or(format!("--engine takes table, oracle or pdb, not {name:?}"))?;
                options.engine = Some(engine);
            }
            "--tables" => {
                options.tables = Some(args.next().ok_or("--tables takes a folder")?.into())
            }
            "--eccentricity" => {
                let n = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| (1..=hanoi4::GoalTable::MAX_DISCS).contains(n));
                options.eccentricity =
                    Some(n.ok_or("--eccentricity takes a number of discs from 1 to 19")?);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => return fail(&message),
    };
    if let Some(n) = options.eccentricity {
        return eccentricity(n, options.tables.as_deref());
    }
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        return fail(&format!("cannot read stdin: {e}"));
    }
    let starts = match hanoi4::parse(&input) {
        Ok(starts) => starts,
        Err(e) => return fail(&e.to_string()),
    };
    let solution = match hanoi4::solve_file(&starts, options.engine, options.tables.as_deref()) {
        Ok(solution) => solution,
        Err(message) => return fail(&message),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if options.moves {
        write!(out, "{}", solution.with_moves())
    } else {
        write!(out, "{solution}")
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write stdout: {e}")),
    }
}

/// Builds the two-bit goal table for `n` discs and prints every level, the largest distance and
/// how many configurations reach it, with the time taken. Progress goes to stderr when it is a
/// terminal and the run has lasted more than a second. With `tables`, the table is saved there.
fn eccentricity(n: usize, tables: Option<&std::path::Path>) -> ExitCode {
    let started = Instant::now();
    let terminal = io::stderr().is_terminal();
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let (table, levels) = hanoi4::GoalTable::build(n, threads, |level, count| {
        if terminal && started.elapsed().as_secs_f64() > 1.0 {
            eprint!(
                "\rlevel {level:>4}: {count:>12} configurations, {:>6.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    if terminal {
        eprint!("\r{:60}\r", "");
    }
    let built = started.elapsed();
    if let Some(dir) = tables {
        let file = hanoi4::table_file(dir, n);
        if let Err(e) = table.save(&file) {
            return fail(&format!("{}: {e}", file.display()));
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut report = || -> io::Result<()> {
        for (distance, count) in levels.sizes().iter().enumerate() {
            writeln!(out, "distance {distance:>4}: {count} configurations")?;
        }
        writeln!(
            out,
            "{n} discs: {} configurations, largest distance to a tower {} ({} configurations), {:.2} s on {threads} threads",
            levels.reached(),
            levels.max_distance(),
            levels.sizes().last().copied().unwrap_or(0),
            built.as_secs_f64()
        )?;
        out.flush()
    };
    match report() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write stdout: {e}")),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("hanoi4: {message}");
    ExitCode::from(2)
}
