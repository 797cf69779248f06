//! The `marbles` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        env!("CARGO_BIN_EXE_marbles").as_ref(),
        "marbles",
        (
            &["--output", "possible"],
            include_bytes!("../../../testdata/marbles/13459/hard_answer10_05.in"),
        ),
    );
    insta::assert_snapshot!("help", help);
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let binary = env!("CARGO_BIN_EXE_marbles").as_ref();
    let html = judge::testing::rendered_page(
        binary,
        &["--output", "path"],
        "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n",
    );
    insta::assert_snapshot!("render", html);
}

/// A tilt limit past the largest is refused naming the bound.
#[test]
fn a_tilt_limit_past_the_largest_names_the_bound() {
    let binary: &std::path::Path = env!("CARGO_BIN_EXE_marbles").as_ref();
    let run = judge::testing::run(
        binary,
        &["--max-tilts".as_ref(), "4294967296".as_ref()],
        b"3 3\n###\n#R#\n###\n",
    );
    assert_eq!(run.status, Some(2), "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
    assert!(
        run.stderr
            .contains("expected a number of tilts from 0 to 4294967295 or none"),
        "{run:?}"
    );
}
