//! The `hanoi4` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(env!("CARGO_BIN_EXE_hanoi4").as_ref(), "hanoi4");
    insta::assert_snapshot!("help", help);
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let binary = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let html = judge::testing::rendered_page(
        binary,
        &["--case", "1"],
        "2\n2\n1 2\n0\n1 1\n0\n1\n1 1\n0\n0\n0\n",
    );
    insta::assert_snapshot!("render", html);
}

#[test]
fn the_eccentricity_plot_is_a_reviewed_snapshot() {
    let plot = std::env::temp_dir().join(format!("hanoi4-plot-{}.svg", std::process::id()));
    let args = [
        std::ffi::OsStr::new("eccentricity"),
        std::ffi::OsStr::new("6"),
        std::ffi::OsStr::new("--plot"),
        plot.as_os_str(),
    ];
    let run = judge::testing::run(env!("CARGO_BIN_EXE_hanoi4").as_ref(), &args, b"");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert!(
        run.stdout.contains("largest distance to a tower 17"),
        "{}",
        run.stdout
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    std::fs::remove_file(&plot).unwrap();
    assert!(svg.contains("largest: 17"));
    insta::assert_snapshot!("eccentricity_plot", svg);
}
