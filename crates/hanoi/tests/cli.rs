//! The `hanoi` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(env!("CARGO_BIN_EXE_hanoi").as_ref(), "hanoi");
    insta::assert_snapshot!("help", help);
}
