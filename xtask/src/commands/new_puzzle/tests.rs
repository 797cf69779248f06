//! `new-puzzle` writes every file with the names filled in, lists the puzzle in sorted order,
//! and refuses a bad or taken name.

use std::path::Path;

use super::{scaffold, valid_name};

/// A workspace of the four files `new-puzzle` edits, in a folder of its own.
fn workspace(name: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("xtask-new-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let write = |path: &str, text: &str| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "xtask/src/puzzles/mod.rs",
        "//! r\n\npub mod aa;\npub mod zz;\n\npub const PUZZLES: &[Puzzle] = &[\n    aa::PUZZLE,\n    zz::PUZZLE,\n];\n",
    );
    write(
        "README.md",
        "| crate |\n|---|\n| [`aa`](crates/aa/README.md) | a | |\n\nafter\n",
    );
    write("ARCHITECTURE.md", "| `crates/aa` | a |\n\nafter\n");
    write("testdata/README.md", "# Judge data\n");
    root
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn the_scaffold_fills_every_name_and_lists_the_puzzle() {
    let root = workspace("ok");
    let made = scaffold(&root, "mid-way").unwrap();
    assert!(made.len() > 15);
    for path in &made {
        if let Ok(text) = std::fs::read_to_string(path) {
            assert!(
                !text.contains("{name}") && !text.contains("{module}"),
                "{}",
                path.display()
            );
        }
    }
    assert!(read(&root, "crates/mid-way/src/main.rs").contains("mid_way::solve"));
    assert!(read(&root, "crates/mid-way/src/main.rs").contains("Stdout::display_line("));
    assert_eq!(
        std::fs::read_link(root.join("crates/mid-way/LICENSE-MIT")).unwrap(),
        Path::new("../../LICENSE-MIT")
    );
    let registry = read(&root, "xtask/src/puzzles/mod.rs");
    assert!(registry.contains("pub mod aa;\npub mod mid_way;\npub mod zz;\n"));
    assert!(registry.contains("    zz::PUZZLE,\n    mid_way::PUZZLE,\n];"));
    assert!(read(&root, "README.md").contains(
        "| [`aa`](crates/aa/README.md) | a | |\n| [`mid-way`](crates/mid-way/README.md)"
    ));
    assert!(read(&root, "ARCHITECTURE.md").contains("| `crates/mid-way` |"));
    assert!(read(&root, "testdata/README.md").contains("## mid-way"));
    // A second time: the crate exists, nothing is written.
    assert!(
        scaffold(&root, "mid-way")
            .unwrap_err()
            .contains("exists already")
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn names_are_what_a_crate_a_binary_and_a_module_can_be() {
    for good in ["abc", "abc-def", "p2"] {
        assert!(valid_name(good), "{good}");
    }
    for bad in ["", "Abc", "2p", "abc_def", "end-", "a b", "../x"] {
        assert!(!valid_name(bad), "{bad}");
    }
    let root = workspace("bad");
    assert!(scaffold(&root, "../x").is_err());
    assert!(!root.join("crates").exists());
    std::fs::remove_dir_all(&root).unwrap();
}
