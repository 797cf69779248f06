//! xtask's own rules: the comparison's normalisation, the usage, the output layout, and the
//! registry's puzzles without a checker for exact outputs.

use crate::kit::testdata::normalise;

#[test]
fn normalisation_ignores_line_endings_and_trailing_space_only() {
    assert_eq!(normalise("1 \r\n2\r\n\r\n"), vec!["1", "2"]);
    assert_ne!(normalise("1\n 2\n"), normalise("1\n2\n"));
}

/// The judge puzzles' outputs without flags hold no moves, and are compared exactly; only the
/// permutation puzzle's judge mode answers scrambles with moves, so its checker replays them
/// (its own tests show it compares distributions line by line).
#[test]
fn outputs_without_moves_are_compared_exactly() {
    let replayed: Vec<&str> = crate::puzzles::PUZZLES
        .iter()
        .filter(|puzzle| (puzzle.checker)(&[]).is_some())
        .map(|puzzle| puzzle.name)
        .collect();
    assert_eq!(replayed.len(), 1, "{replayed:?}");
}

#[test]
fn mutations_are_deterministic_for_a_seed_and_varied() {
    let seed = b"1\n3\n1 3\n1 2\n1 1\n0\n".to_vec();
    let run = |s: u64| {
        let mut rng = crate::kit::generate::Rng::new(s);
        (0..200)
            .map(|_| {
                let mut bytes = seed.clone();
                crate::commands::fuzz::mutate(&mut rng, &mut bytes);
                bytes
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(7), run(7));
    let distinct: std::collections::HashSet<_> = run(7).into_iter().collect();
    assert!(
        distinct.len() > 100,
        "only {} distinct mutants",
        distinct.len()
    );
    assert!(distinct.iter().any(|m| std::str::from_utf8(m).is_err()));
}

#[test]
fn the_canonical_form_is_the_input_rule() {
    assert_eq!(
        crate::commands::fuzz::canonical("\u{feff} 1\t 2 \r\n\n \t\n3\n"),
        "1 2\n3\n"
    );
}

#[test]
fn the_usage_shows_every_command() {
    for command in crate::COMMANDS {
        assert!(
            crate::USAGE.contains(&format!("cargo xtask {command}")),
            "{command}"
        );
    }
}

#[test]
fn verify_refuses_an_output_laid_out_otherwise_than_line_by_line() {
    use crate::kit::testdata::layout_fault;
    assert_eq!(layout_fault(""), None);
    assert_eq!(layout_fault("1\n2\n"), None);
    assert!(
        layout_fault("1\n2")
            .unwrap()
            .contains("does not end with a newline")
    );
    assert!(
        layout_fault("1\n\n")
            .unwrap()
            .contains("ends with an empty line")
    );
    assert!(
        layout_fault("1\r\n")
            .unwrap()
            .contains("line 1 ends with a carriage return")
    );
    assert!(
        layout_fault("1\n2 \n")
            .unwrap()
            .contains("line 2 ends with whitespace")
    );
}

#[test]
fn doc_links_keep_files_and_skip_schemes_anchors_and_rust_paths() {
    let html = r##"<a href="../judge/index.html#x">a</a> <a href="#m">b</a>
        <a href="https://x.org/">c</a> <a href="ProgressIterator::progress_count">d</a>
        <a href="struct.Lines.html?search=1">e</a>"##;
    assert_eq!(
        crate::commands::doc_links::relative_links(html),
        ["../judge/index.html", "struct.Lines.html"]
    );
}
