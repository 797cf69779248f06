//! The `hanoi-relaxed` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        env!("CARGO_BIN_EXE_hanoi-relaxed").as_ref(),
        "hanoi-relaxed",
    );
    insta::assert_snapshot!("help", help);
}
