//! The `permutation-puzzle` binary follows the command-line conventions; its help texts and
//! refusals are reviewed snapshots.

use std::ffi::OsStr;

const BINARY: &str = env!("CARGO_BIN_EXE_permutation-puzzle");

const PANCAKES4: &str = "Name P\nSet S 4 1\nSolved\nS\n1 2 3 4\nEnd\nMove F2\nS\n2 1 3 4\nEnd\nMove F3\nS\n3 2 1 4\nEnd\nMove F4\nS\n4 3 2 1\nEnd\n";

fn run(args: &[&str], stdin: &str) -> judge::testing::Run {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    judge::testing::run(BINARY.as_ref(), &args, stdin.as_bytes())
}

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        BINARY.as_ref(),
        "permutation-puzzle",
        (&[], PANCAKES4.as_bytes()),
    );
    insta::assert_snapshot!("help", help);
    for command in ["god", "solve", "info", "pancakes"] {
        let help = run(&[command, "--help"], "");
        assert_eq!(help.status, Some(0));
        insta::assert_snapshot!(format!("help_{command}"), help.stdout);
    }
}

#[test]
fn clap_refusals_name_what_is_wrong() {
    // The binary's argument types are private: check through the binary's own refusals.
    for args in [
        &["god"][..],
        &["solve", "x.tws"],
        &["pancakes", "1"],
        &["--threads", "zz"],
        &["god", "f", "--format", "zz"],
    ] {
        let refused = run(args, "");
        let message = judge::testing::assert_refusal("permutation-puzzle", &refused);
        insta::assert_snapshot!(
            format!("refusal_args_{}", args.join("_").replace(['-', ' '], "")),
            message
        );
    }
}

#[test]
fn the_judge_mode_answers_the_distribution_and_scrambles() {
    let answer = run(&[], PANCAKES4);
    assert_eq!(answer.stdout, "0 1\n1 3\n2 6\n3 11\n4 3\ntotal 24\n");
    let input = format!("{PANCAKES4}ScrambleAlg a\nF4 F2\nEnd\nScramble b\nS\n1 2 3 4\nEnd\n");
    let answer = run(&["--threads", "1"], &input);
    assert_eq!(answer.stdout, "a 2 F2 F4\nb 0\n");
}

#[test]
fn broken_inputs_are_refused_in_one_line_naming_the_line() {
    for (name, input) in [
        ("unknown_keyword", "Name P\nForbiddenPairs\n"),
        ("bad_move", "Set S 2 1\nSolved\nEnd\nMove F\nS\n2 2\nEnd\n"),
        (
            "scramble_unknown_move",
            &format!("{PANCAKES4}ScrambleAlg a\nF9\nEnd\n"),
        ),
        (
            "move_defined_twice",
            &format!("{PANCAKES4}Move F2\nS\n2 1 3 4\nEnd\n"),
        ),
    ] {
        let refused = run(&[], input);
        let message = judge::testing::assert_refusal("permutation-puzzle", &refused);
        assert!(message.starts_with("line "), "{message}");
        insta::assert_snapshot!(format!("judge_refusal_{name}"), message);
    }
}

/// The refusal messages of `god`, `info` and `solve` (scrambled by `scramble`) for a
/// definition file holding `text`, each with its command, and the file's path as they name it.
fn refusals_of_file(name: &str, text: &str, scramble: &str) -> (String, Vec<(String, String)>) {
    let path = std::env::temp_dir().join(format!(
        "permutation-puzzle-{name}-{}.tws",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap().to_string();
    let commands: [&[&str]; 3] = [
        &["god", &file],
        &["info", &file],
        &["solve", &file, "--scramble", scramble],
    ];
    let runs: Vec<_> = commands
        .iter()
        .map(|args| (args.join(" "), run(args, "")))
        .collect();
    // Removed before anything is asserted, so that a failure leaves nothing behind.
    std::fs::remove_file(&path).unwrap();
    let messages = runs
        .into_iter()
        .map(|(args, refused)| {
            let message = judge::testing::assert_refusal("permutation-puzzle", &refused);
            (args, message)
        })
        .collect();
    (file, messages)
}

#[test]
fn a_definition_file_defining_a_move_twice_is_refused_naming_the_file_and_the_line() {
    let text = format!("{PANCAKES4}# F3 again\nMove F3\nS\n3 2 1 4\nEnd\n");
    let (file, messages) = refusals_of_file("twice", &text, "F2");
    for (args, message) in messages {
        assert_eq!(
            message,
            format!("{file}: line 20: move F3 is defined twice, first on line 11"),
            "{args}"
        );
    }
}

#[test]
fn a_definition_too_large_to_rank_is_refused_naming_the_file_and_the_set_line() {
    // 21 distinct pieces: more than a computed permutation ranks (20), before any table.
    let slots: Vec<String> = (1..=21).map(|i| i.to_string()).collect();
    let mut turned = slots.clone();
    turned.rotate_left(1);
    let text = format!(
        "Name Long\nSet P 21 1\nSolved\nP\n{}\nEnd\nMove R\nP\n{}\nEnd\n",
        slots.join(" "),
        turned.join(" ")
    );
    let (file, messages) = refusals_of_file("long", &text, "R");
    for (args, message) in messages {
        assert_eq!(
            message,
            format!(
                "{file}: line 2: the positions of set P cannot be ranked densely: more than 20 \
                 distinct pieces"
            ),
            "{args}"
        );
    }
}
