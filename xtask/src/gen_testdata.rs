//! `cargo xtask gen-testdata [PUZZLE]`: runs each puzzle's generator ([`crate::generate`]),
//! which writes its generated judge cases and their oracle answers. Run it after changing an
//! oracle or a generator, and review the diff.

use std::process::ExitCode;

use crate::puzzles::PUZZLES;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let root = crate::workspace::root().join("testdata");
    let only = args.first().map(String::as_str);
    for puzzle in &PUZZLES {
        if only.is_none_or(|o| o == puzzle.name) {
            (puzzle.generate)(&root.join(puzzle.name))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
