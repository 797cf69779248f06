//! The `coins` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        env!("CARGO_BIN_EXE_coins").as_ref(),
        "coins",
        (&[], include_bytes!("../../../testdata/coins/sample.in")),
    );
    insta::assert_snapshot!("help", help);
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let binary = env!("CARGO_BIN_EXE_coins").as_ref();
    let html = judge::testing::rendered_page(binary, &[], "1\nH T T\nH T T\nT H H\n");
    insta::assert_snapshot!("render", html);
}
