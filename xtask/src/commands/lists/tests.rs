//! `lists` writes a block from the registry, leaves the rest of a file alone, finds a stale or
//! missing block, and is a fixed point.

use super::{BEGIN, END, Listed, block, fault, with_block, write};

/// Made-up puzzles (names no puzzle will take).
const ONE: Listed = Listed {
    name: "zz-one",
    summary: "the first | with a bar",
    judge: "judge A",
};
const TWO: Listed = Listed {
    name: "zz-two",
    summary: "the second",
    judge: "judge B",
};

#[test]
fn a_block_is_rewritten_and_the_text_around_it_kept() {
    let text = format!("# Title\n\nbefore\n\n{BEGIN}\n\nold table\n\n{END}\n\nafter\n");
    let table = super::readme(&[ONE]);
    let written = with_block(&text, &table).unwrap();
    assert_eq!(
        written,
        format!(
            "# Title\n\nbefore\n\n{BEGIN}\n\n| crate | puzzle | judge |\n|---|---|---|\n\
             | [`zz-one`](crates/zz-one/README.md) | the first \\| with a bar | judge A |\n\n{END}\n\nafter\n"
        )
    );
    // Written again, nothing changes; an old first line is brought up to date.
    assert_eq!(with_block(&written, &table).unwrap(), written);
    let old_begin = written.replace(BEGIN, "<!-- puzzles:begin -->");
    assert_eq!(with_block(&old_begin, &table).unwrap(), written);
}

#[test]
fn a_stale_or_missing_block_is_a_fault() {
    let both = super::testdata(&[ONE, TWO]);
    let text = format!("intro\n\n{}\n", block(&super::testdata(&[ONE])));
    // A puzzle added to the registry and not to the list.
    let stale = fault("testdata/README.md", &text, &both).unwrap();
    assert!(stale.contains("run `cargo xtask lists`"), "{stale}");
    assert_eq!(
        fault("testdata/README.md", &text, &super::testdata(&[ONE])),
        None
    );
    // A row edited by hand.
    let edited = text.replace("judge A", "judge C");
    assert!(fault("x.md", &edited, &super::testdata(&[ONE])).is_some());
    // No block, two blocks, an end before the begin.
    for broken in [
        "intro\n".to_string(),
        format!("{text}{text}"),
        format!("{END}\n{BEGIN}\n"),
    ] {
        let why = fault("x.md", &broken, &both).unwrap();
        assert!(why.contains("block of puzzles"), "{why}");
    }
}

#[test]
fn the_code_map_links_each_puzzles_three_places() {
    let table = super::architecture(&[TWO]);
    for place in [
        "(crates/zz-two/README.md)",
        "(xtask/src/puzzles/zz_two/mod.rs)",
        "(testdata/zz-two/README.md)",
    ] {
        assert!(table.contains(place), "{place} in\n{table}");
    }
}

#[test]
fn write_changes_only_the_files_whose_block_is_stale() {
    let root = std::env::temp_dir().join(format!("xtask-lists-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("testdata")).unwrap();
    let current = |table: fn(&[Listed]) -> String| format!("# Doc\n\n{}\n", block(&table(&[ONE])));
    std::fs::write(root.join("README.md"), current(super::readme)).unwrap();
    std::fs::write(root.join("ARCHITECTURE.md"), current(super::architecture)).unwrap();
    std::fs::write(root.join("testdata/README.md"), current(super::testdata)).unwrap();
    assert!(write(&root, &[ONE]).unwrap().is_empty());
    assert_eq!(
        write(&root, &[ONE, TWO]).unwrap(),
        ["README.md", "ARCHITECTURE.md", "testdata/README.md"]
    );
    assert!(super::faults(&root, &[ONE, TWO]).is_empty());
    assert_eq!(super::faults(&root, &[ONE]).len(), 3);
    std::fs::remove_dir_all(&root).unwrap();
}
