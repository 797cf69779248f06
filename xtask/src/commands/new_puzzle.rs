//! `cargo xtask new-puzzle NAME`: a new puzzle, scaffolded the house's way and passing every
//! check from the start. It writes the crate (`crates/NAME/`: manifest, licence links, README,
//! `parse`, `solve`, the binary, the tests), its judge data (`testdata/NAME/`: a sample, a
//! refusal, a `moves/` folder, and a README saying where each set comes from), its place in
//! xtask (`xtask/src/puzzles/NAME/`: the registry's entry with the puzzle's line for the docs,
//! oracle, checker, generator), and registers it: the one line in the registry's module list and
//! the one in [`crate::puzzles::PUZZLES`]. No other existing file changes: the lists of puzzles
//! in README.md, ARCHITECTURE.md and `testdata/README.md` are written from the registry by
//! `cargo xtask lists` ([`super::lists`]), which the next steps run. The skeleton solves a
//! stand-in puzzle (reach 0 from `n` by `-1` or `/2`); replacing it with the puzzle's own rules,
//! in the crate and in the oracle, is the rest of the recipe (ARCHITECTURE.md, "Adding a
//! puzzle").

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::kit::args::Args;

/// The templates, with `{name}` and `{module}` to fill in.
const FILES: [(&str, &str); 14] = [
    (
        "crates/{name}/Cargo.toml",
        include_str!("new_puzzle/manifest.toml"),
    ),
    (
        "crates/{name}/README.md",
        include_str!("new_puzzle/README.md.in"),
    ),
    (
        "crates/{name}/src/lib.rs",
        include_str!("new_puzzle/lib.rs.in"),
    ),
    (
        "crates/{name}/src/parse.rs",
        include_str!("new_puzzle/parse.rs.in"),
    ),
    (
        "crates/{name}/src/solve.rs",
        include_str!("new_puzzle/solve.rs.in"),
    ),
    (
        "crates/{name}/src/main.rs",
        include_str!("new_puzzle/main.rs.in"),
    ),
    (
        "crates/{name}/src/tests.rs",
        include_str!("new_puzzle/tests.rs.in"),
    ),
    (
        "crates/{name}/src/cli_errors.rs",
        include_str!("new_puzzle/cli_errors.rs.in"),
    ),
    (
        "crates/{name}/tests/cli.rs",
        include_str!("new_puzzle/cli.rs.in"),
    ),
    (
        "xtask/src/puzzles/{module}/mod.rs",
        include_str!("new_puzzle/xtask_mod.rs.in"),
    ),
    (
        "xtask/src/puzzles/{module}/oracle.rs",
        include_str!("new_puzzle/oracle.rs.in"),
    ),
    (
        "xtask/src/puzzles/{module}/check.rs",
        include_str!("new_puzzle/check.rs.in"),
    ),
    (
        "xtask/src/puzzles/{module}/generate.rs",
        include_str!("new_puzzle/generate.rs.in"),
    ),
    (
        "testdata/{name}/README.md",
        include_str!("new_puzzle/testdata_README.md.in"),
    ),
];

/// The hand-written judge data: samples answered by hand, a refusal, the flags of `moves/`.
const DATA: [(&str, &str); 5] = [
    ("testdata/{name}/sample.in", "2\n5\n8\n"),
    ("testdata/{name}/sample.out", "4\n4\n"),
    ("testdata/{name}/bad/letters.in", "1\nfive\n"),
    ("testdata/{name}/bad/zero.in", "1\n0\n"),
    ("testdata/{name}/moves/args", "--moves\n"),
];

/// `template` with the puzzle's names filled in.
fn fill(template: &str, name: &str) -> String {
    template
        .replace("{name}", name)
        .replace("{module}", &name.replace('-', "_"))
}

/// Whether `name` can name a crate, a binary, a folder and (with `_`) a module.
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.ends_with('-')
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let mut args = Args::new("new-puzzle", args);
    let name = args
        .positional()
        .ok_or("new-puzzle needs a NAME: lower-case letters, digits and `-`")?;
    args.finish(&[])?;
    let root = crate::workspace::root();
    let made = scaffold(&root, &name)?;
    format(&root, &made)?;
    for path in &made {
        println!("new: {}", path.display());
    }
    println!(
        "registered {name} in xtask/src/puzzles/mod.rs, the one existing file changed\n\
         next: cargo xtask lists (lists {name} in README.md, ARCHITECTURE.md and testdata/README.md),\n\
         INSTA_UPDATE=always cargo test -p {name} (review crates/{name}/tests/snapshots/cli__help.snap),\n\
         cargo xtask gen-testdata {name}, cargo xtask verify {name}, cargo xtask fuzz {name};\n\
         then replace the stand-in puzzle with yours (ARCHITECTURE.md, \"Adding a puzzle\")"
    );
    Ok(ExitCode::SUCCESS)
}

/// Formats the new Rust files `made` (the templates are formatted for one length of name;
/// rustfmt settles the others). Only they: `cargo fmt --all` would also rewrite any existing
/// file that is not formatted, and the registry's two new lines need no formatting.
fn format(root: &Path, made: &[PathBuf]) -> Result<(), String> {
    let sources: Vec<&PathBuf> = made
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    let formatted = std::process::Command::new("rustfmt")
        .current_dir(root)
        .args(["--edition", "2024"])
        .args(sources)
        .status()
        .map_err(|e| format!("rustfmt: {e}"))?;
    if !formatted.success() {
        return Err("new-puzzle: rustfmt failed on the new files".into());
    }
    Ok(())
}

/// Writes the puzzle `name` into the workspace at `root` and registers it; returns the files
/// made. The registry is the one existing file it changes.
pub fn scaffold(root: &Path, name: &str) -> Result<Vec<PathBuf>, String> {
    if !valid_name(name) {
        return Err(format!(
            "new-puzzle: `{name}` is not a NAME: lower-case letters, digits and `-`, from a letter"
        ));
    }
    let module = name.replace('-', "_");
    for taken in [
        root.join("crates").join(name),
        root.join("testdata").join(name),
        root.join("xtask/src/puzzles").join(&module),
    ] {
        if taken.exists() {
            return Err(format!("new-puzzle: {} exists already", taken.display()));
        }
    }
    let mut made = Vec::new();
    for (path, text) in FILES.iter().chain(&DATA) {
        let path = root.join(fill(path, name));
        std::fs::create_dir_all(path.parent().expect("a folder"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        std::fs::write(&path, fill(text, name)).map_err(|e| format!("{}: {e}", path.display()))?;
        made.push(path);
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let link = root.join("crates").join(name).join(licence);
        std::os::unix::fs::symlink(Path::new("../..").join(licence), &link)
            .map_err(|e| format!("{}: {e}", link.display()))?;
        made.push(link);
    }
    register(root, &module)?;
    Ok(made)
}

/// Adds the puzzle's two lines to the registry: its module, and its entry in `PUZZLES`.
fn register(root: &Path, module: &str) -> Result<(), String> {
    edit(&root.join("xtask/src/puzzles/mod.rs"), |text| {
        let text = insert_sorted(text, "pub mod ", &format!("pub mod {module};"))?;
        let end = text.find("\n];")?;
        Some(format!(
            "{}\n    {module}::PUZZLE,{}",
            &text[..end],
            &text[end..]
        ))
    })
}

/// `text` with `line` inserted among its lines that start with `prefix`, in the order of what
/// follows the prefix up to a `;` (rustfmt's order of `mod` lines: `aa`, `aa10`, `aa4`,
/// `aa_b`), or `None` when no line starts so.
fn insert_sorted(text: &str, prefix: &str, line: &str) -> Option<String> {
    let mut lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.starts_with(prefix))?;
    let end = lines[first..]
        .iter()
        .position(|l| !l.starts_with(prefix))
        .map_or(lines.len(), |k| first + k);
    let key = |l: &str| l[prefix.len()..].trim_end_matches(';').to_string();
    let at = (first..end)
        .find(|&k| key(lines[k]) > key(line))
        .unwrap_or(end);
    lines.insert(at, line);
    Some(lines.join("\n") + "\n")
}

/// Rewrites the file at `path` by `change`, refusing when it finds nothing to change.
fn edit(path: &Path, change: impl FnOnce(&str) -> Option<String>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let changed =
        change(&text).ok_or_else(|| format!("{}: no place to list the puzzle", path.display()))?;
    std::fs::write(path, changed).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests;
