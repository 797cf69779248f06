//! Clap's refusals as the house's one line: what is wrong, named.

use clap::{Arg, Command, builder::PossibleValuesParser};

use super::one_line;

/// The one line for `args` given to a small command with a required option, a value list and a
/// subcommand of its own.
fn refusal(args: &[&str]) -> String {
    let command = Command::new("toy")
        .arg(Arg::new("case").long("case").required(true))
        .arg(
            Arg::new("output")
                .long("output")
                .value_parser(PossibleValuesParser::new(["moves", "count", "path"])),
        )
        .subcommand(
            Command::new("table")
                .about("Tables")
                .subcommand_required(true)
                .arg_required_else_help(true)
                .subcommand(Command::new("build").about("Builds a table"))
                .subcommand(Command::new("check").about("Checks a table")),
        )
        .args_conflicts_with_subcommands(true);
    let error = command
        .try_get_matches_from(std::iter::once("toy").chain(args.iter().copied()))
        .expect_err("refused");
    one_line(&error.to_string())
}

#[test]
fn a_missing_argument_is_named() {
    assert_eq!(
        refusal(&[]),
        "the following required arguments were not provided: --case <case> (see --help)"
    );
}

#[test]
fn an_invalid_value_comes_with_the_values_allowed_and_the_tip() {
    let line = refusal(&["--case", "1", "--output", "paths"]);
    assert!(!line.contains('\n'), "{line}");
    assert!(
        line.starts_with("invalid value 'paths' for '--output <output>'"),
        "{line}"
    );
    assert!(
        line.contains("[possible values: moves, count, path]"),
        "{line}"
    );
    assert!(line.contains("a similar value exists: 'path'"), "{line}");
    assert!(line.ends_with(" (see --help)"), "{line}");
}

#[test]
fn a_missing_subcommand_names_the_subcommands() {
    assert_eq!(
        refusal(&["table"]),
        "a subcommand is needed: build, check (see --help)"
    );
}

#[test]
fn an_unknown_argument_is_named_on_one_line() {
    let line = refusal(&["--case", "1", "--cases"]);
    assert!(!line.contains('\n'), "{line}");
    assert!(line.contains("'--cases'"), "{line}");
}

#[test]
fn a_case_past_the_input_names_the_range_in_words() {
    let page = super::PageArguments {
        render: Some("page.html".into()),
        case: 5,
    };
    let refused = page.shown(3).unwrap_err();
    assert_eq!(
        refused.message(),
        "--case 5: cases count from 1, and the input has 3 (1 to 3)"
    );
    assert_eq!(page.shown(5).unwrap(), Some(("page.html".into(), 4)));
}
