//! Verify's verdicts on runs made up for them: a right answer is accepted, and a wrong one, a
//! missing line, a bad layout, a timeout, a panic, a failed exit and a bad input accepted are
//! each reported as such.

use std::path::PathBuf;
use std::time::Duration;

use super::{Verdict, judge};
use crate::kit::testdata::Case;
use crate::process::RunOutput;

/// A judge case of a puzzle with no checker (outputs compared line by line), its files
/// written under a folder of this process's own.
fn case(name: &str, expected: &str, must_fail: bool) -> Case {
    let dir = std::env::temp_dir().join(format!("xtask-verdicts-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("case.in");
    std::fs::write(&input, "1\n").unwrap();
    let expected_path: PathBuf = dir.join("case.out");
    std::fs::write(&expected_path, expected).unwrap();
    Case {
        crate_name: "no-such-puzzle".to_string(),
        name: name.to_string(),
        input,
        expected: (!must_fail).then_some(expected_path),
        args: Vec::new(),
        time_limit: None,
        must_fail,
    }
}

fn output(status: Option<i32>, stdout: &str, stderr: &str, timed_out: bool) -> RunOutput {
    RunOutput {
        status,
        stdout: stdout.as_bytes().to_vec(),
        stderr: stderr.as_bytes().to_vec(),
        elapsed: Duration::from_millis(1),
        timed_out,
    }
}

/// The verdict's kind and its explanation.
fn verdict(case: &Case, run: &RunOutput) -> (&'static str, String) {
    match judge(case, run).unwrap() {
        Verdict::Accepted => ("AC", String::new()),
        Verdict::WrongAnswer(why) => ("WA", why),
        Verdict::RuntimeError(why) => ("RE", why),
        Verdict::TimeLimit => ("TLE", String::new()),
    }
}

#[test]
fn each_failure_is_reported_as_what_it_is() {
    let good = case("good", "10\n20\n", false);
    let ok = |stdout: &str| output(Some(0), stdout, "", false);
    assert_eq!(verdict(&good, &ok("10\n20\n")).0, "AC");

    let (kind, why) = verdict(&good, &ok("10\n21\n"));
    assert_eq!(kind, "WA");
    assert!(why.contains("line 2: expected \"20\", got \"21\""), "{why}");

    let (kind, why) = verdict(&good, &ok("10\n"));
    assert_eq!(kind, "WA");
    assert!(why.contains("got <end of output>"), "{why}");

    let (kind, why) = verdict(&good, &ok("10\n20"));
    assert_eq!(kind, "WA");
    assert!(why.contains("does not end with a newline"), "{why}");

    assert_eq!(verdict(&good, &output(None, "", "", true)).0, "TLE");

    let panicked = output(
        Some(101),
        "",
        "thread 'main' panicked at src/main.rs:1:1",
        false,
    );
    let (kind, why) = verdict(&good, &panicked);
    assert_eq!(kind, "RE");
    assert!(why.starts_with("panic:"), "{why}");

    let (kind, why) = verdict(&good, &output(Some(1), "", "oops", false));
    assert_eq!(kind, "RE");
    assert!(why.contains("exit status Some(1)"), "{why}");
    remove(&good);
}

/// Removes the case's folder.
fn remove(case: &Case) {
    std::fs::remove_dir_all(case.input.parent().unwrap()).unwrap();
}

#[test]
fn a_bad_input_must_be_refused_in_the_house_shape() {
    let bad = case("bad", "", true);
    let refused = output(Some(2), "", "toy: line 1: expected a number\n", false);
    assert_eq!(verdict(&bad, &refused).0, "AC");

    let (kind, why) = verdict(&bad, &output(Some(0), "5\n", "", false));
    assert_eq!(kind, "WA");
    assert!(why.contains("expected exit status 2"), "{why}");

    let (kind, why) = verdict(&bad, &output(Some(2), "5\n", "toy: line 1: no\n", false));
    assert_eq!(kind, "WA");
    assert!(why.contains("nothing on stdout"), "{why}");

    let two_lines = output(Some(2), "", "toy: line 1: no\nmore\n", false);
    let (kind, why) = verdict(&bad, &two_lines);
    assert_eq!(kind, "WA");
    assert!(why.contains("one-line message"), "{why}");
    remove(&bad);
}
