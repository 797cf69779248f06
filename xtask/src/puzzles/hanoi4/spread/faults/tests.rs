//! The fault harness refuses to check nothing, and its verdicts fail on what they catch.

use super::{chosen, refused, whole};
use crate::puzzles::hanoi4::spread::processes::Ended;

fn ended(code: i32, stdout: &str, stderr: &str) -> Option<Ended> {
    Some(Ended {
        code: Some(code),
        stdout: stdout.into(),
        stderr: stderr.into(),
    })
}

#[test]
fn a_filter_that_matches_no_scenario_is_an_error_before_anything_runs() {
    let error = chosen(Some("zz-matches-nothing")).expect_err("an error");
    assert!(error.contains("nothing was checked"), "{error}");
    assert_eq!(chosen(Some("proxy")).unwrap().len(), 3);
    assert_eq!(chosen(None).unwrap().len(), 10);
}

#[test]
fn a_run_is_whole_only_when_every_process_exits_0_and_process_0_reports_the_levels() {
    let report = "distance 0: 1 configurations\ndistance 1: 3 configurations\n";
    let expected = [1, 3];
    assert_eq!(
        whole(&[ended(0, report, ""), ended(0, "", "")], &expected),
        Ok(())
    );
    let other = "distance 0: 1 configurations\ndistance 1: 4 configurations\n";
    for broken in [
        [ended(0, other, ""), ended(0, "", "")],
        [ended(0, report, ""), ended(2, "", "lost\n")],
        [ended(0, report, ""), None],
        // Both print no levels at all: nothing compared is a failure, not a match.
        [ended(0, "", ""), ended(0, "", "")],
    ] {
        assert!(whole(&broken, &expected).is_err(), "{broken:?}");
    }
}

#[test]
fn a_refusal_is_exit_2_one_line_naming_the_fault_and_nothing_on_stdout() {
    let line = "process 1 at 10.77.0.2:2102 sent nothing for 3 s\n";
    assert_eq!(
        refused(ended(2, "", line), 0, "sent nothing"),
        Ok(line.trim_end().to_string())
    );
    for broken in [
        None,
        ended(0, "", line),
        ended(2, "distance 0: 1\n", line),
        ended(2, "", "process 1 hung up\n"),
        ended(2, "", &format!("{line}{line}")),
    ] {
        assert!(
            refused(broken.clone(), 0, "sent nothing").is_err(),
            "{broken:?}"
        );
    }
}
