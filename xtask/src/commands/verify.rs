//! `cargo xtask verify`: judge-data regressions over `testdata/`, in the manner of `oj test`.
//!
//! Layout: `testdata/<crate>/**/NAME.in` with `NAME.out` beside it. A folder may hold an
//! `args` file whose whitespace-separated words are passed to the binary for the cases in that
//! folder, and a `limit` file with the time limit in seconds for them (heavy cases get their own
//! budget; the default is `--time-limit`, 20 s). Every case should need at most a quarter of its
//! limit on one core, so that a loaded machine does not fail it; a case past a quarter is
//! flagged `SLOW` (it still passes). A folder named `bad` holds inputs that must be rejected: exit status 2, nothing on
//! stdout, a message on stderr, no panic (and no `.out` file is needed).
//!
//! Outputs are compared exactly after normalising line endings and trailing whitespace, except
//! where answers are not unique (`--moves`, `--output path`): there the puzzle's checker
//! (`check.rs` in its folder of [`crate::puzzles`]) replays the emitted moves on the input and
//! checks legality, goal and length against the counts in `.out`.

use std::process::ExitCode;
use std::time::Duration;

use crate::kit::args::Args;
use crate::kit::testdata::{Case, discover, layout_fault, normalise};
use crate::process::{self, RunOutput};
use crate::puzzles;

struct Options {
    crates: Vec<String>,
    filter: Option<String>,
    time_limit: Duration,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut args = Args::new("verify", args);
    let filter = args.value("--filter", "a text")?;
    let time_limit = args
        .value("--time-limit", "a number of seconds")?
        .map_or(Duration::from_secs(20), Duration::from_secs_f64);
    let names: Vec<&str> = puzzles::names().collect();
    let crates = args.finish_naming(&names)?;
    Ok(Options {
        crates,
        filter,
        time_limit,
    })
}

/// The verdict on one case, with a short explanation on failure.
enum Verdict {
    Accepted,
    WrongAnswer(String),
    RuntimeError(String),
    TimeLimit,
}

fn first_difference(expected: &[&str], actual: &[&str]) -> String {
    let line = expected
        .iter()
        .zip(actual)
        .position(|(e, a)| e != a)
        .unwrap_or(expected.len().min(actual.len()));
    let show = |lines: &[&str]| {
        lines
            .get(line)
            .map_or("<end of output>".to_string(), |l| format!("{l:?}"))
    };
    let mut diff = format!(
        "first difference at line {}: expected {}, got {} ({} lines expected, {} produced)",
        line + 1,
        show(expected),
        show(actual),
        expected.len(),
        actual.len()
    );
    for offset in line.saturating_sub(1)..(line + 3).min(expected.len().max(actual.len())) {
        let e = expected.get(offset).copied().unwrap_or("");
        let a = actual.get(offset).copied().unwrap_or("");
        if e == a {
            diff.push_str(&format!("\n      {:>5}   {e}", offset + 1));
        } else {
            diff.push_str(&format!(
                "\n      {:>5} - {e}\n      {:>5} + {a}",
                offset + 1,
                offset + 1
            ));
        }
    }
    diff
}

fn judge(case: &Case, run: &RunOutput) -> Result<Verdict, String> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    if run.timed_out {
        return Ok(Verdict::TimeLimit);
    }
    if stderr.contains("panicked") {
        return Ok(Verdict::RuntimeError(format!("panic: {}", stderr.trim())));
    }
    if case.must_fail {
        return Ok(if run.status != Some(2) {
            Verdict::WrongAnswer(format!("expected exit status 2, got {:?}", run.status))
        } else if !run.stdout.is_empty() {
            Verdict::WrongAnswer("expected nothing on stdout".to_string())
        } else if stderr.trim().is_empty() || stderr.trim().lines().count() != 1 {
            Verdict::WrongAnswer(format!(
                "expected a one-line message on stderr, got {stderr:?}"
            ))
        } else {
            Verdict::Accepted
        });
    }
    if run.status != Some(0) {
        return Ok(Verdict::RuntimeError(format!(
            "exit status {:?}: {}",
            run.status,
            stderr.trim()
        )));
    }
    let Ok(actual) = String::from_utf8(run.stdout.clone()) else {
        return Ok(Verdict::WrongAnswer("stdout is not UTF-8".to_string()));
    };
    let expected_path = case.expected.as_ref().expect("good cases have an .out");
    let expected = std::fs::read_to_string(expected_path)
        .map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let input = std::fs::read_to_string(&case.input)
        .map_err(|e| format!("{}: {e}", case.input.display()))?;
    if let Some(fault) = layout_fault(&actual) {
        return Ok(Verdict::WrongAnswer(fault));
    }
    let actual_lines = normalise(&actual);
    let expected_lines = normalise(&expected);
    if let Some(checker) = puzzles::checker_for(&case.crate_name, &case.args) {
        return Ok(
            match checker(&input, &expected_lines, &actual_lines, &case.args) {
                Ok(()) => Verdict::Accepted,
                Err(why) => Verdict::WrongAnswer(why),
            },
        );
    }
    Ok(if expected_lines == actual_lines {
        Verdict::Accepted
    } else {
        Verdict::WrongAnswer(first_difference(&expected_lines, &actual_lines))
    })
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let options = parse_options(args)?;
    let root = crate::workspace::root();
    let testdata = root.join("testdata");
    process::build(&options.crates)?;
    let (mut passed, mut failed) = (0usize, 0usize);
    for crate_name in &options.crates {
        let binary = crate::workspace::release_binary(crate_name);
        let cases: Vec<Case> = discover(&testdata, crate_name)?
            .into_iter()
            .filter(|c| {
                options
                    .filter
                    .as_ref()
                    .is_none_or(|f| c.name.contains(f.as_str()))
            })
            .collect();
        let (mut crate_passed, mut crate_failed) = (0usize, 0usize);
        let mut slowest: Option<(Duration, String)> = None;
        for case in &cases {
            let limit = case.time_limit.unwrap_or(options.time_limit);
            let input =
                std::fs::read(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
            let output = process::run_binary(&binary, &case.args, &input, limit, None)?;
            let verdict = judge(case, &output)?;
            let (label, detail) = match verdict {
                Verdict::Accepted => ("AC ", None),
                Verdict::WrongAnswer(why) => ("WA ", Some(why)),
                Verdict::RuntimeError(why) => ("RE ", Some(why)),
                Verdict::TimeLimit => ("TLE", Some(format!("killed after {limit:?}"))),
            };
            let slow = if output.elapsed > limit / 4 {
                format!(
                    "  SLOW: over a quarter of its {:.0} s limit",
                    limit.as_secs_f64()
                )
            } else {
                String::new()
            };
            println!(
                "{label} {:>8.3}s  {}{slow}",
                output.elapsed.as_secs_f64(),
                case.name
            );
            if let Some(detail) = detail {
                crate_failed += 1;
                for line in detail.lines().take(12) {
                    println!("      {line}");
                }
            } else {
                crate_passed += 1;
            }
            if slowest.as_ref().is_none_or(|(t, _)| output.elapsed > *t) {
                slowest = Some((output.elapsed, case.name.clone()));
            }
        }
        let slowest = slowest.map_or(String::new(), |(t, name)| {
            format!(", slowest {name} {:.3}s", t.as_secs_f64())
        });
        println!("== {crate_name}: {crate_passed} passed, {crate_failed} failed{slowest}");
        passed += crate_passed;
        failed += crate_failed;
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests;
