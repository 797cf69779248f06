//! Checks that a built binary follows the command-line conventions (feature `testing`), for the
//! puzzle crates' integration tests: each calls [`conventions`] with its binary and snapshots
//! the help text it returns.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run printed.
#[derive(Debug)]
pub struct Run {
    /// The exit status (`None` for a signal).
    pub status: Option<i32>,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
}

/// Runs `binary` with `args`, `stdin` as its input.
///
/// # Panics
/// When the binary cannot be started.
pub fn run(binary: &Path, args: &[&OsStr], stdin: &[u8]) -> Run {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("piped");
    // A refusal may come before the input is read: a broken pipe is fine.
    let _ = std::io::Write::write_all(&mut input, stdin);
    drop(input);
    let output = child.wait_with_output().expect("the binary ends");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Asserts that `run` is a refusal in the house shape: status 2, nothing on stdout, one line
/// `<name>: <message>` on stderr, no panic. Returns the message.
///
/// # Panics
/// When it is not.
#[track_caller]
pub fn assert_refusal(name: &str, run: &Run) -> String {
    assert_eq!(run.status, Some(2), "{run:?}");
    assert_eq!(run.stdout, "", "{run:?}");
    assert!(!run.stderr.contains("panicked"), "{run:?}");
    let message = run.stderr.strip_suffix('\n').expect("a whole line");
    assert!(!message.contains('\n'), "one line: {run:?}");
    message
        .strip_prefix(&format!("{name}: "))
        .unwrap_or_else(|| panic!("{name}: ... expected: {run:?}"))
        .to_string()
}

/// Checks the conventions every binary shares and returns its `--help` text:
///
/// * `--help` and `-h` succeed with the usage, an example and the exit codes; `--version` prints
///   `<name> <version>`;
/// * an unknown flag, and an argument that is not UTF-8, are refused in the house shape;
/// * input that is not UTF-8 is refused naming its line; empty input is refused naming line 1.
///
/// # Panics
/// When a convention is broken.
#[track_caller]
pub fn conventions(binary: &Path, name: &str) -> String {
    let help = run(binary, &[OsStr::new("--help")], b"");
    assert_eq!(help.status, Some(0), "{help:?}");
    assert!(help.stdout.contains("Usage:"), "{help:?}");
    assert!(help.stdout.contains("Examples:"), "{help:?}");
    assert!(help.stdout.contains("Exit status:"), "{help:?}");
    let short = run(binary, &[OsStr::new("-h")], b"");
    assert_eq!(short.status, Some(0), "{short:?}");
    let version = run(binary, &[OsStr::new("--version")], b"");
    assert_eq!(version.status, Some(0), "{version:?}");
    assert!(
        version.stdout.starts_with(&format!("{name} ")),
        "{version:?}"
    );

    let unknown = run(binary, &[OsStr::new("--no-such-flag")], b"");
    let message = assert_refusal(name, &unknown);
    assert!(message.contains("--no-such-flag"), "{message}");
    let not_utf8 = run(binary, &[OsStr::from_bytes(b"--\xff")], b"");
    assert_refusal(name, &not_utf8);

    let bad_input = run(binary, &[], b"1\n\n\xff\n");
    let message = assert_refusal(name, &bad_input);
    assert_eq!(message, "line 3: expected UTF-8 text, found the byte 0xff");
    let empty = run(binary, &[], b"");
    let message = assert_refusal(name, &empty);
    assert!(message.starts_with("line 1: expected "), "{message}");
    assert!(message.ends_with(", found end of input"), "{message}");
    help.stdout
}
