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
/// * input that is not UTF-8 is refused naming its line; empty input is refused naming line 1;
/// * the answer to `sample` (arguments and a judge input) ends with one newline, as every line
///   does (`writeln!`), and has no carriage return or empty last line.
///
/// # Panics
/// When a convention is broken.
#[track_caller]
pub fn conventions(binary: &Path, name: &str, sample: (&[&str], &[u8])) -> String {
    let (args, input) = sample;
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let answer = run(binary, &args, input);
    assert_eq!(answer.status, Some(0), "{answer:?}");
    assert!(
        answer.stdout.ends_with('\n')
            && !answer.stdout.ends_with("\n\n")
            && !answer.stdout.contains('\r'),
        "the answer ends with one newline, and has no carriage return: {answer:?}"
    );
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

/// Checks that `parse` answers every text of a property test with `Ok` or a one-line error
/// naming its line, and never panics: 40,000 texts, half random sequences of `alphabet`'s
/// pieces, half `sample` with one to three random pieces inserted or written over.
///
/// # Panics
/// On the first message that does not start with `line ` or spans several lines (and, of
/// course, when `parse` panics).
#[track_caller]
pub fn parse_never_panics<E: std::fmt::Display>(
    seed: u64,
    sample: &str,
    alphabet: &[&str],
    mut parse: impl FnMut(&str) -> Result<(), E>,
) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for round in 0..40_000 {
        let text: String = if round % 2 == 0 {
            (0..rng.usize(0..40))
                .map(|_| alphabet[rng.usize(..alphabet.len())])
                .collect()
        } else {
            let mut text = sample.to_string();
            for _ in 0..rng.usize(1..4) {
                let at = rng.usize(..=text.len());
                let at = (0..=at)
                    .rev()
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(0);
                let piece = alphabet[rng.usize(..alphabet.len())];
                if rng.bool() {
                    text.insert_str(at, piece);
                } else {
                    let end = (at + rng.usize(0..4)).min(text.len());
                    let end = (end..=text.len())
                        .find(|&i| text.is_char_boundary(i))
                        .unwrap_or(text.len());
                    text.replace_range(at..end, piece);
                }
            }
            text
        };
        if let Err(error) = parse(&text) {
            let message = error.to_string();
            assert!(
                message.starts_with("line ") && !message.contains('\n'),
                "{text:?}: {message}"
            );
        }
    }
}

/// The page that `binary` writes with `--render` for `input`, after `args`.
///
/// # Panics
/// When the binary does not succeed or writes no page.
#[track_caller]
pub fn rendered_page(binary: &Path, args: &[&str], input: &str) -> String {
    let page = std::env::temp_dir().join(format!(
        "render-{}-{}.html",
        binary
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("page"),
        std::process::id()
    ));
    let mut all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    all.extend([OsStr::new("--render"), page.as_os_str()]);
    let run = run(binary, &all, input.as_bytes());
    assert_eq!(run.status, Some(0), "{run:?}");
    let html = std::fs::read_to_string(&page).expect("a page was written");
    std::fs::remove_file(&page).expect("the page can be removed");
    html
}

/// The message with which `parse` (after [`crate::decode`]) refuses the file at `path`, for the
/// puzzle crates' snapshots of their judge data's `bad/` inputs.
///
/// # Panics
/// When the file cannot be read or `parse` accepts it.
#[track_caller]
pub fn refusal<T: std::fmt::Debug, E: std::fmt::Display>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> String {
    let bytes = std::fs::read(path).expect("a judge file");
    match crate::decode(&bytes) {
        Ok(input) => match parse(input) {
            Ok(accepted) => panic!("{} is accepted: {accepted:?}", path.display()),
            Err(error) => error.to_string(),
        },
        Err(not_utf8) => not_utf8.to_string(),
    }
}

/// Whether the workspace's judge data folder `testdata/<folder>` is beside the crate whose
/// manifest folder is `manifest_dir` (`env!("CARGO_MANIFEST_DIR")`). A crate built from its
/// package has no judge data: its tests of the judge data say so on stderr and pass, since what
/// they check is the repository's data, which the workspace's own run checks.
pub fn judge_data_present(manifest_dir: &str, folder: &str) -> bool {
    let path = Path::new(manifest_dir).join("../../testdata").join(folder);
    let present = path.is_dir();
    if !present {
        eprintln!(
            "skipped: no judge data at {} (outside the workspace)",
            path.display()
        );
    }
    present
}

/// Checks, for every subcommand of the binary whose arguments are `T`, the messages of the
/// refusals its definition allows, generated from the definition (nothing listed by hand):
/// each is one line and names what is wrong. A missing required argument is named; a value
/// outside the allowed ones names the argument and every allowed value; a value that does not
/// parse names its argument; an option given without its value is named; an unknown flag is
/// named; a missing subcommand names the subcommands. Returns the number of refusals checked.
///
/// # Panics
/// On the first message that does not name what is wrong, with the arguments that caused it.
#[cfg(feature = "cli")]
pub fn clap_errors_name_what_is_wrong<T: clap::Parser>(examples: &str) -> usize {
    let mut command = crate::cli::command::<T>(examples);
    command.build();
    let mut checked = 0;
    let mut pending = vec![(vec![command.get_name().to_string()], command)];
    while let Some((path, command)) = pending.pop() {
        let argv = |extra: &[&str]| -> Vec<String> {
            path.iter()
                .cloned()
                .chain(extra.iter().map(|s| s.to_string()))
                .collect()
        };
        let shown = |arg: &clap::Arg| match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => arg
                .get_value_names()
                .and_then(|names| names.first())
                .map_or_else(|| arg.get_id().as_str().to_uppercase(), |n| n.to_string()),
        };
        let required: Vec<String> = command
            .get_arguments()
            .filter(|a| a.is_required_set())
            .map(shown)
            .collect();
        // A refusal names what `names` says, or, refused first for a missing argument, names
        // every required one.
        let mut expect = |extra: &[&str], names: &[String]| {
            let words = argv(extra);
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let Some(message) = crate::cli::refusal::<T>(examples, &words) else {
                return;
            };
            assert!(
                !message.contains('\n'),
                "{words:?}: not one line: {message}"
            );
            let names_all = |names: &[String]| names.iter().all(|n| message.contains(n.as_str()));
            let absent: Vec<String> = required
                .iter()
                .filter(|n| !words.contains(&n.as_str()))
                .cloned()
                .collect();
            let missing = message.contains("were not provided") && names_all(&absent);
            assert!(
                names_all(names) || missing,
                "{words:?}: `{message}` does not name all of {names:?}"
            );
            checked += 1;
        };
        let subcommands: Vec<String> = command
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .map(|s| s.get_name().to_string())
            .collect();
        if command.is_subcommand_required_set() {
            expect(&[], &subcommands);
        }
        expect(&["--zz-unknown"], &["--zz-unknown".to_string()]);
        let arguments: Vec<&clap::Arg> = command
            .get_arguments()
            .filter(|a| !a.is_hide_set() && !["help", "version"].contains(&a.get_id().as_str()))
            .collect();
        if !required.is_empty() {
            expect(&[], &required);
        }
        for arg in &arguments {
            let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
            if !takes_value {
                continue;
            }
            let name = shown(arg);
            let given = |value: &str| -> Vec<String> {
                match arg.get_long() {
                    Some(_) => vec![name.clone(), value.to_string()],
                    None => vec![value.to_string()],
                }
            };
            let allowed: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            let bad = given("zz-not-a-value");
            let bad: Vec<&str> = bad.iter().map(String::as_str).collect();
            let mut names = vec![name.clone()];
            names.extend(allowed);
            expect(&bad, &names);
            if arg.get_long().is_some() {
                expect(&[name.as_str()], std::slice::from_ref(&name));
            }
        }
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut path = path.clone();
            path.push(sub.get_name().to_string());
            pending.push((path, sub.clone()));
        }
    }
    checked
}
