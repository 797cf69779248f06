//! `cargo xtask lists [--check]`: writes the lists of puzzles in the docs from the registry
//! ([`crate::puzzles::PUZZLES`]): the table of puzzles in README.md, the table of each puzzle's
//! three places in ARCHITECTURE.md's code map, and the index of `testdata/README.md`, which
//! points to each puzzle's own `testdata/NAME/README.md`. Each list is the block between a line
//! `<!-- puzzles:begin ... -->` and a line `<!-- puzzles:end -->`; the rest of each file is
//! written by hand. A tidy test fails when a block is not what this command writes, so after
//! `cargo xtask new-puzzle` (which changes no file but the registry) or a change of a puzzle's
//! `summary` or `judge`, run it and review the diff. `--check` writes nothing and fails, naming
//! the files, when a list is out of date.

use std::path::Path;
use std::process::ExitCode;

/// The first line of a block (what follows `begin` on it is rewritten too).
pub const BEGIN: &str = "<!-- puzzles:begin: `cargo xtask lists` writes this block from the registry, xtask/src/puzzles/ -->";
/// The last line of a block.
pub const END: &str = "<!-- puzzles:end -->";
/// What every first line of a block starts with.
const BEGIN_PREFIX: &str = "<!-- puzzles:begin";

/// A puzzle as the lists show it: its name and the registry's texts.
#[derive(Clone, Copy)]
pub struct Listed {
    pub name: &'static str,
    pub summary: &'static str,
    pub judge: &'static str,
}

/// Every puzzle of the registry, in its order.
pub fn registry() -> Vec<Listed> {
    crate::puzzles::PUZZLES
        .iter()
        .map(|puzzle| Listed {
            name: puzzle.name,
            summary: puzzle.summary,
            judge: puzzle.judge,
        })
        .collect()
}

/// A list's table, from the puzzles.
type Table = fn(&[Listed]) -> String;

/// The files that hold a list, from the root, each with the table its block holds.
pub const DOCS: [(&str, Table); 3] = [
    ("README.md", readme),
    ("ARCHITECTURE.md", architecture),
    ("testdata/README.md", testdata),
];

/// `text` fit for a cell of a Markdown table.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The workspace README's table: a row a puzzle, linking its crate's README.
pub fn readme(puzzles: &[Listed]) -> String {
    let mut table = String::from("| crate | puzzle | judge |\n|---|---|---|\n");
    for p in puzzles {
        table += &format!(
            "| [`{0}`](crates/{0}/README.md) | {1} | {2} |\n",
            p.name,
            cell(p.summary),
            cell(p.judge)
        );
    }
    table
}

/// The code map's table of the puzzles: each one's crate, its folder of xtask and its judge
/// data, linking the crate's README, the folder's registry entry and the data's provenance.
pub fn architecture(puzzles: &[Listed]) -> String {
    let mut table = String::from(
        "| puzzle | crate | oracle, checker, generator | judge data, and where it comes from |\n\
         |---|---|---|---|\n",
    );
    for p in puzzles {
        let module = p.name.replace('-', "_");
        table += &format!(
            "| `{0}` | [`crates/{0}/`](crates/{0}/README.md) | \
             [`xtask/src/puzzles/{1}/`](xtask/src/puzzles/{1}/mod.rs) | \
             [`testdata/{0}/`](testdata/{0}/README.md) |\n",
            p.name, module
        );
    }
    table
}

/// `testdata/README.md`'s index: a row a puzzle, linking the README of its folder.
pub fn testdata(puzzles: &[Listed]) -> String {
    let mut table =
        String::from("| puzzle | judge | its sets, and where each comes from |\n|---|---|---|\n");
    for p in puzzles {
        table += &format!(
            "| `{0}` | {1} | [`{0}/README.md`]({0}/README.md) |\n",
            p.name,
            cell(p.judge)
        );
    }
    table
}

/// The block that holds `table`, from its first line to its last.
pub fn block(table: &str) -> String {
    format!("{BEGIN}\n\n{table}\n{END}")
}

/// `(first, last)` line indices of the one block of `text`, or why there is none.
fn block_lines(text: &str) -> Result<(usize, usize), String> {
    let lines: Vec<&str> = text.lines().collect();
    let begins: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(BEGIN_PREFIX))
        .collect();
    let ends: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == END).collect();
    match (begins.as_slice(), ends.as_slice()) {
        ([first], [last]) if first < last => Ok((*first, *last)),
        ([], _) | (_, []) => Err(format!(
            "no block of puzzles (a line `{BEGIN_PREFIX} ... -->`, then a line `{END}`)"
        )),
        _ => Err("the block of puzzles must be one, its begin line before its end line".into()),
    }
}

/// `text` with its block holding `table` (the rest unchanged), or why it has no block.
pub fn with_block(text: &str, table: &str) -> Result<String, String> {
    let (first, last) = block_lines(text)?;
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    out.push(block(table));
    out.extend(lines[last + 1..].iter().map(|l| l.to_string()));
    Ok(out.join("\n") + "\n")
}

/// What is wrong with the list in the file `path` of `text`: no block, or a block that is not
/// `table` (`None` when it is).
pub fn fault(path: &str, text: &str, table: &str) -> Option<String> {
    match with_block(text, table) {
        Err(why) => Some(format!("{path}: {why}")),
        Ok(written) if written != text => Some(format!(
            "{path}: the list of puzzles is not the registry's; run `cargo xtask lists`"
        )),
        Ok(_) => None,
    }
}

/// What is wrong with the lists of the workspace at `root`, for the registry `puzzles`.
pub fn faults(root: &Path, puzzles: &[Listed]) -> Vec<String> {
    DOCS.iter()
        .filter_map(
            |(path, table)| match std::fs::read_to_string(root.join(path)) {
                Ok(text) => fault(path, &text, &table(puzzles)),
                Err(e) => Some(format!("{path}: {e}")),
            },
        )
        .collect()
}

/// Writes every list of the workspace at `root` from `puzzles`; returns the files it changed.
pub fn write(root: &Path, puzzles: &[Listed]) -> Result<Vec<&'static str>, String> {
    let mut changed = Vec::new();
    for (path, table) in DOCS {
        let file = root.join(path);
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{path}: {e}"))?;
        let written = with_block(&text, &table(puzzles)).map_err(|e| format!("{path}: {e}"))?;
        if written != text {
            std::fs::write(&file, written).map_err(|e| format!("{path}: {e}"))?;
            changed.push(path);
        }
    }
    Ok(changed)
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut args = crate::kit::args::Args::new("lists", args);
    let check = !args.names(&["--check"]).is_empty();
    args.finish(&[])?;
    let root = crate::workspace::root();
    if check {
        let faults = faults(&root, &registry());
        for fault in &faults {
            eprintln!("{fault}");
        }
        return Ok(if faults.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    let changed = write(&root, &registry())?;
    if changed.is_empty() {
        println!("the lists of puzzles are the registry's already");
    }
    for path in changed {
        println!("wrote the list of puzzles in {path}");
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests;
