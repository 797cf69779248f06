//! Project automation, run as `cargo xtask <command>`.
//!
//! * `verify [CRATE] [--filter TEXT] [--time-limit SECS]`: builds the release binaries once and
//!   runs every judge case under `testdata/` through them (see [`commands::verify`]).
//! * `oracle PUZZLE [ARGS]`: the independent oracles that produced `testdata/**/*.out`; reads a
//!   judge input on stdin and writes the judge output (see [`commands::oracle`]).
//! * `bench [NAME]`: whole-process timings against baselines (see [`commands::bench`]).
//! * `gen-testdata [PUZZLE]`: writes the generated cases of `testdata/` and their answers from the oracles.
//! * `fuzz [PUZZLE] [--cases N] [--seed S]`: mutation fuzzing of the release binaries, with
//!   the oracles as judges where the size allows (see [`commands::fuzz`]).
//! * `browser`: every binary's `--render` page checked in headless Chromium (see [`commands::browser`]).
//! * `doc-links`: every relative link of the rendered docs in `target/doc` leads somewhere (see
//!   [`commands::doc_links`]).
//! * `faults [--filter TEXT]`: the spread search under real faults (network namespaces, a TCP
//!   proxy, full disks, a memory cgroup; root), see the puzzles' own commands in [`puzzles`].
//! * `chaos [--faults K] [--discs N] [--seed S]`: a checkpointed spread search killed and
//!   stopped at random moments, resumed each time, its reports compared (the same).
//! * `new-puzzle NAME`: a new puzzle scaffolded the house's way, passing every check from the
//!   start, with no file changed but the registry (see [`commands::new_puzzle`]).
//! * `lists [--check]`: the lists of puzzles in README.md, ARCHITECTURE.md and `testdata/README.md`,
//!   written from the registry (see [`commands::lists`]).
//!
//! The parts: [`commands`] (one module a command), [`puzzles`] (the registry and one folder a
//! puzzle), [`kit`] (what they share), [`process`] and [`workspace`] (the binaries, cargo and
//! the folders).
//!
//! Nothing here shares code with the solvers: the binaries are black boxes, and the checkers
//! and oracles are separate, deliberately plain implementations of the rules.

mod commands;
mod kit;
mod process;
mod puzzles;
mod workspace;

#[cfg(test)]
mod tidy;

use std::process::ExitCode;

/// The commands, in the order of the usage.
const COMMANDS: [&str; 11] = [
    "verify",
    "oracle",
    "gen-testdata",
    "bench",
    "fuzz",
    "browser",
    "doc-links",
    "faults",
    "chaos",
    "new-puzzle",
    "lists",
];

/// What `cargo xtask --help` prints.
const USAGE: &str = "usage: cargo xtask verify [CRATE] [--filter TEXT] [--time-limit SECS]
       cargo xtask oracle PUZZLE [ARGS] < input
       cargo xtask gen-testdata [PUZZLE]
       cargo xtask bench [NAME]
       cargo xtask fuzz [PUZZLE] [--cases N] [--seed S]
       cargo xtask browser
       cargo xtask doc-links
       cargo xtask faults [--filter TEXT]
       cargo xtask chaos [--faults K] [--discs N] [--seed S]
       cargo xtask new-puzzle NAME
       cargo xtask lists [--check]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("verify") => commands::verify::run(&args[1..]),
        Some("oracle") => commands::oracle::run(&args[1..]),
        Some("bench") => commands::bench::run(&args[1..]),
        Some("gen-testdata") => commands::gen_testdata::run(&args[1..]),
        Some("fuzz") => commands::fuzz::run(&args[1..]),
        Some("browser") => commands::browser::run(&args[1..]),
        Some("doc-links") => commands::doc_links::run(&args[1..]),
        Some("new-puzzle") => commands::new_puzzle::run(&args[1..]),
        Some("lists") => commands::lists::run(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(name) if puzzles::command(name).is_some() => {
            puzzles::command(name).expect("just found")(&args[1..])
        }
        Some(unknown) => Err(format!(
            "unknown command '{unknown}'; the commands: {} (see cargo xtask --help)",
            COMMANDS.join(", ")
        )),
        None => Err(format!("a command is needed\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests;
