//! The `hanoi` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        env!("CARGO_BIN_EXE_hanoi").as_ref(),
        "hanoi",
        (&[], include_bytes!("../../../testdata/hanoi/sample.in")),
    );
    insta::assert_snapshot!("help", help);
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_hanoi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"20\n").unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "1048575\n");
    // The pipe is closed here, with 4 MB of moves still to write.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let binary = env!("CARGO_BIN_EXE_hanoi").as_ref();
    let html = judge::testing::rendered_page(binary, &[], "3\n");
    insta::assert_snapshot!("render", html);
}
