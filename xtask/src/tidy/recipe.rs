//! What "Adding a puzzle" (ARCHITECTURE.md) asks, as checks: the lists of puzzles in the docs
//! are what `cargo xtask lists` writes from the registry; each puzzle has the files they point
//! to (its crate's README, its judge data's README with the provenance of each set, the licence
//! links); and every crate has a row in the code map. Each rule is shown failing on a breach.

use std::path::Path;

use super::{assert_none, files, read};
use crate::commands::lists::{self, Listed};

/// The header of the table of sets every `testdata/NAME/README.md` holds.
const PROVENANCE: &str = "| set | source of the input | source of the answers |";

/// What the recipe asks of `puzzle` and the scaffold writes, missing under `root`: its line for
/// the docs, its crate's README, its judge data's README with the provenance of its sets, the
/// licence links.
fn recipe_gaps(root: &Path, puzzle: &Listed) -> Vec<String> {
    let name = puzzle.name;
    let mut gaps = Vec::new();
    if puzzle.summary.trim().is_empty() || puzzle.judge.trim().is_empty() {
        gaps.push(format!(
            "{name}: its `summary` and `judge` in the registry are what the docs list"
        ));
    }
    if !root.join("crates").join(name).join("README.md").is_file() {
        gaps.push(format!("{name}: no crates/{name}/README.md"));
    }
    let provenance = std::fs::read_to_string(root.join("testdata").join(name).join("README.md"));
    if !provenance.is_ok_and(|text| text.contains(PROVENANCE)) {
        gaps.push(format!(
            "{name}: no testdata/{name}/README.md with a table `{PROVENANCE}` saying where each \
             set of its judge data came from"
        ));
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        if !root.join("crates").join(name).join(licence).exists() {
            gaps.push(format!("{name}: no crates/{name}/{licence}"));
        }
    }
    gaps
}

#[test]
fn every_puzzle_has_what_the_recipe_asks_for() {
    let root = crate::workspace::root();
    let mut gaps = Vec::new();
    for puzzle in lists::registry() {
        gaps.extend(recipe_gaps(&root, &puzzle));
    }
    assert_none(gaps);
    // The rule fails on a breach: a puzzle with nothing.
    let none = Listed {
        name: "zz-none",
        summary: "",
        judge: "a judge",
    };
    assert_eq!(recipe_gaps(&root, &none).len(), 5);
}

#[test]
fn the_lists_of_puzzles_in_the_docs_are_the_registrys() {
    let root = crate::workspace::root();
    assert_none(lists::faults(&root, &lists::registry()));
    // The rule fails on a breach: a puzzle registered and not listed.
    let mut more = lists::registry();
    more.push(Listed {
        name: "zz-unlisted",
        summary: "a puzzle",
        judge: "a judge",
    });
    for (path, table) in lists::DOCS {
        let text = read(Path::new(path));
        let fault = lists::fault(path, &text, &table(&more));
        assert!(
            fault.is_some_and(|f| f.contains("cargo xtask lists")),
            "{path}"
        );
    }
}

/// The crates of `crates` that the code map of `architecture` (its section `## Code map`) does
/// not name as `` `crates/NAME` `` or `` `crates/NAME/...` ``.
fn crates_without_a_row<'a>(crates: &[&'a str], architecture: &str) -> Vec<&'a str> {
    let code_map: String = architecture
        .lines()
        .skip_while(|line| *line != "## Code map")
        .skip(1)
        .take_while(|line| !line.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n");
    crates
        .iter()
        .copied()
        .filter(|name| {
            !code_map.contains(&format!("`crates/{name}`"))
                && !code_map.contains(&format!("`crates/{name}/"))
        })
        .collect()
}

#[test]
fn every_crate_has_a_row_in_the_code_map() {
    let manifests = files("Cargo.toml");
    let crates: Vec<&str> = manifests
        .iter()
        .filter(|path| path.starts_with("crates") && path.components().count() == 3)
        .filter_map(|path| path.parent()?.file_name()?.to_str())
        .collect();
    assert!(crates.len() > 5, "{crates:?}");
    let missing = crates_without_a_row(&crates, &read(Path::new("ARCHITECTURE.md")));
    assert_none(
        missing
            .into_iter()
            .map(|name| format!("ARCHITECTURE.md: no row in the code map for crates/{name}"))
            .collect(),
    );
    // The rule fails on a breach: a crate named only outside the code map, or only as the
    // beginning of another crate's name.
    let architecture = "## Code map\n\n| `crates/aa` | a |\n| `crates/bb-cc/` | b |\n\n\
                        ## Next\n\n`crates/dd`\n";
    assert_eq!(
        crates_without_a_row(&["aa", "bb", "bb-cc", "dd"], architecture),
        ["bb", "dd"]
    );
}
