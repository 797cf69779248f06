//! The chaos run's verdicts fail on what they are there to catch.

use super::{Figures, survived, verdict};
use crate::puzzles::hanoi4::spread::processes::Ended;

fn ended(code: i32, stdout: &str, stderr: &str) -> Ended {
    Ended {
        code: Some(code),
        stdout: stdout.into(),
        stderr: stderr.into(),
    }
}

/// Three faults, all survived, two searches completed and compared, one of them resumed.
fn good() -> Figures {
    Figures {
        injected: 3,
        survived: 3,
        searches: 2,
        resumed_searches: 1,
        ..Figures::default()
    }
}

#[test]
fn a_chaos_run_fails_on_a_changed_answer_a_lost_checkpoint_a_fault_not_survived_or_no_comparison() {
    assert_eq!(verdict(&good()), Ok(()));
    let broken = [
        Figures {
            answers_changed: 1,
            ..good()
        },
        Figures {
            checkpoints_lost: 1,
            ..good()
        },
        Figures {
            survived: 2,
            ..good()
        },
        Figures {
            searches: 0,
            resumed_searches: 0,
            ..good()
        },
        // Fresh searches compared, but no resume among them.
        Figures {
            resumed_searches: 0,
            ..good()
        },
        // No fault asked for: nothing compared either.
        Figures::default(),
    ];
    for figures in broken {
        assert!(verdict(&figures).is_err());
    }
}

#[test]
fn a_survivor_must_name_the_fault_in_one_line() {
    let named = ended(2, "", "process 1 at 127.0.0.1:2102 sent nothing for 2 s\n");
    assert!(survived(Some(&named)));
    // Not survived: no ending, exit 0 (a search that finished is a fault that came late, not
    // one survived), exit 0 with a report, two lines, a panic's exit, output on stdout with
    // the refusal.
    assert!(!survived(None));
    assert!(!survived(Some(&ended(0, "", ""))));
    assert!(!survived(Some(&ended(0, "largest distance 3\n", ""))));
    assert!(!survived(Some(&ended(2, "", "one\ntwo\n"))));
    assert!(!survived(Some(&ended(101, "", "panicked\n"))));
    assert!(!survived(Some(&named_with_stdout())));
}

fn named_with_stdout() -> Ended {
    ended(
        2,
        "distance 0: 1 configurations\n",
        "process 1 sent nothing\n",
    )
}
