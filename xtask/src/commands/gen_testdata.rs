//! `cargo xtask gen-testdata [PUZZLE]`: runs each puzzle's generator (`generate.rs` in its
//! folder of [`crate::puzzles`]), which writes its generated judge cases and their oracle
//! answers. Run it after changing an oracle or a generator, and review the diff.

use std::process::ExitCode;

use crate::puzzles::PUZZLES;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let root = crate::workspace::root().join("testdata");
    let args = crate::kit::args::Args::new("gen-testdata", args);
    let names: Vec<&str> = PUZZLES.iter().map(|puzzle| puzzle.name).collect();
    let chosen = args.finish_naming(&names)?;
    for puzzle in PUZZLES {
        if chosen.iter().any(|name| name == puzzle.name) {
            let dir = root.join(puzzle.name);
            (puzzle.generate)(&dir)?;
            println!(
                "{}: {} files under testdata/{}",
                puzzle.name,
                files_under(&dir),
                puzzle.name
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The files under `dir`, at any depth (0 when it cannot be read).
fn files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .map(|entry| {
                let path = entry.path();
                if path.is_dir() { files_under(&path) } else { 1 }
            })
            .sum()
    })
}
