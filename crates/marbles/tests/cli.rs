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
