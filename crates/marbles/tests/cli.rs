//! The `marbles` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(env!("CARGO_BIN_EXE_marbles").as_ref(), "marbles");
    insta::assert_snapshot!("help", help);
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let page = std::env::temp_dir().join(format!("marbles-render-{}.html", std::process::id()));
    let mut args: Vec<&std::ffi::OsStr> = ["--output", "path"]
        .iter()
        .map(std::ffi::OsStr::new)
        .collect();
    args.extend([std::ffi::OsStr::new("--render"), page.as_os_str()]);
    let run = judge::testing::run(
        env!("CARGO_BIN_EXE_marbles").as_ref(),
        &args,
        "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n".as_bytes(),
    );
    assert_eq!(run.status, Some(0), "{run:?}");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_file(&page).unwrap();
    insta::assert_snapshot!("render", html);
}
