//! `new-puzzle` writes every file with the names filled in, registers the puzzle in sorted
//! order, changes no existing file but the registry (the lists of the docs are `cargo xtask
//! lists`'s), and refuses a bad or taken name.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{insert_sorted, scaffold, valid_name};
use crate::commands::lists::{self, Listed};

/// The files of the workspace that `new-puzzle` reads or might touch, copied from this one into
/// a folder of its own: the registry, the docs that list the puzzles, the manifest, the lock.
fn workspace(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("xtask-new-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let real = crate::workspace::root();
    for path in [
        "xtask/src/puzzles/mod.rs",
        "README.md",
        "ARCHITECTURE.md",
        "testdata/README.md",
        "Cargo.toml",
        "Cargo.lock",
    ] {
        std::fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
        std::fs::copy(real.join(path), root.join(path)).unwrap();
    }
    root
}

/// Every file below `dir` (symbolic links as their targets' paths), with its bytes.
fn snapshot(dir: &Path, into: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
        if kind.is_symlink() {
            let target = std::fs::read_link(&path).unwrap();
            into.insert(path, target.into_os_string().into_encoded_bytes());
        } else if kind.is_dir() {
            snapshot(&path, into);
        } else {
            into.insert(path.clone(), std::fs::read(&path).unwrap());
        }
    }
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn the_scaffold_fills_every_name_and_registers_the_puzzle() {
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
    assert!(
        read(&root, "testdata/mid-way/README.md")
            .contains("| set | source of the input | source of the answers |")
    );
    assert!(read(&root, "xtask/src/puzzles/mid_way/mod.rs").contains("summary: \"TODO"));
    assert_eq!(
        std::fs::read_link(root.join("crates/mid-way/LICENSE-MIT")).unwrap(),
        Path::new("../../LICENSE-MIT")
    );
    let registry = read(&root, "xtask/src/puzzles/mod.rs");
    let modules: Vec<&str> = registry
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
        .collect();
    assert!(modules.contains(&"mid_way"));
    assert!(modules.is_sorted(), "{modules:?}");
    assert!(registry.contains("    mid_way::PUZZLE,\n];"));
    // A second time: the crate exists, nothing is written.
    assert!(
        scaffold(&root, "mid-way")
            .unwrap_err()
            .contains("exists already")
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_scaffold_changes_no_existing_file_but_the_registry() {
    let root = workspace("one-file");
    let mut before = BTreeMap::new();
    snapshot(&root, &mut before);
    let made = scaffold(&root, "zz-scaffold").unwrap();
    let mut after = BTreeMap::new();
    snapshot(&root, &mut after);
    let changed: Vec<&PathBuf> = before
        .iter()
        .filter(|(path, bytes)| after.get(*path) != Some(bytes))
        .map(|(path, _)| path)
        .collect();
    assert_eq!(changed, [&root.join("xtask/src/puzzles/mod.rs")]);
    // Everything else that is there now is what it reports it made.
    let new: Vec<&PathBuf> = after.keys().filter(|p| !before.contains_key(*p)).collect();
    assert_eq!(new.len(), made.len());
    assert!(new.iter().all(|path| made.contains(path)));
    // The lists of the docs are stale until `cargo xtask lists` writes them, and then whole.
    let mut registry = lists::registry();
    registry.push(Listed {
        name: "zz-scaffold",
        summary: "TODO: the puzzle in a line",
        judge: "TODO: the judge",
    });
    assert!(lists::faults(&root, &lists::registry()).is_empty());
    assert_eq!(lists::faults(&root, &registry).len(), 3);
    lists::write(&root, &registry).unwrap();
    assert!(lists::faults(&root, &registry).is_empty());
    assert!(read(&root, "README.md").contains("[`zz-scaffold`](crates/zz-scaffold/README.md)"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_module_line_goes_where_rustfmt_orders_it() {
    let registry = "//! r\n\npub mod aa;\npub mod aa4;\npub mod aa_b;\n\nconst X: u8 = 1;\n";
    let order = |module: &str| {
        let text = insert_sorted(registry, "pub mod ", &format!("pub mod {module};")).unwrap();
        assert!(text.ends_with(";\n\nconst X: u8 = 1;\n"), "{text}");
        text.lines()
            .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(order("aa5"), ["aa", "aa4", "aa5", "aa_b"]);
    assert_eq!(order("aa10"), ["aa", "aa10", "aa4", "aa_b"]);
    assert_eq!(order("a"), ["a", "aa", "aa4", "aa_b"]);
    assert_eq!(order("zz"), ["aa", "aa4", "aa_b", "zz"]);
    assert_eq!(
        insert_sorted("no modules\n", "pub mod ", "pub mod x;"),
        None
    );
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
