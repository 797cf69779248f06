//! Checks that a built binary follows the command-line conventions (feature `testing`), for the
//! puzzle crates' integration tests: each calls [`conventions`] with its binary and snapshots
//! the help text it returns.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
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

/// The recipe of the texts a property test of a parser tries: random sequences of `alphabet`'s
/// pieces, and `sample` altered, the choices drawn from `seed` (the same recipe, the same texts).
/// [`parse_never_panics`], [`parse_matches_reference`] and [`compare_with_reference`] take it.
#[derive(Clone, Copy, Debug)]
pub struct Mutations<'a> {
    /// The seed of the random choices.
    pub seed: u64,
    /// A valid input of the format, which the texts alter.
    pub sample: &'a str,
    /// The pieces the random texts are made of, and that are inserted into `sample` or written
    /// over it: the format's tokens and separators, and a few it does not allow.
    pub alphabet: &'a [&'a str],
}

/// Checks that `parse` answers every text of a property test with `Ok` or a one-line error
/// naming its line, and never panics: 40,000 texts made by `mutations`, half random sequences
/// of its alphabet's pieces, half its sample with one to three random pieces inserted or
/// written over.
///
/// It accepts any `Ok`: a parser that accepts garbage passes. [`parse_matches_reference`] also
/// checks what an accepted text means, and prefers it wherever the format has a reference reader.
///
/// # Panics
/// On the first message that does not start with `line ` or spans several lines (and, of
/// course, when `parse` panics).
#[track_caller]
pub fn parse_never_panics<E: std::fmt::Display>(
    mutations: Mutations<'_>,
    mut parse: impl FnMut(&str) -> Result<(), E>,
) {
    let Mutations {
        seed,
        sample,
        alphabet,
    } = mutations;
    let mut rng = fastrand::Rng::with_seed(seed);
    for round in 0..40_000 {
        let text = if round % 2 == 0 {
            random_text(&mut rng, alphabet)
        } else {
            garbled(&mut rng, sample, alphabet)
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

/// Checks `parse` against `reference`, an independent reader of the same format written from
/// its rules, on 40,000 texts made by `mutations`: a third random sequences of its alphabet's
/// pieces, a third its sample with one to three random pieces inserted or written over, a
/// third the sample with one to three edits that a valid input survives more often than not
/// (a leading zero; a number one more, one less, another nearby value, or a power of ten or
/// two or one off it; spaces or tabs around a token; a blank line; `\r\n` for `\n` or back;
/// a byte-order mark; no final line break; two neighbouring tokens of a line, or two
/// characters, swapped).
///
/// `parse` maps the crate's instance to `T`, what the input means (plain numbers, vectors,
/// tuples), and `reference` reads the text to the same `T`, or `None` for a refusal. Then
/// `parse` must return `Ok(v)` exactly when `reference` returns `Some(w)`, with `v == w`;
/// every refusal is one line starting `line `; the sample itself is accepted; and at least one
/// text in twenty is accepted, so that a parser refusing everything fails. [`reference_lines`]
/// and [`reference_number`] read the shared input rule for `reference`.
///
/// # Panics
/// On the first text where `parse` and `reference` disagree, or whose refusal is not in the
/// house shape, or when too few texts are accepted (and when `parse` or `reference` panics).
#[track_caller]
pub fn parse_matches_reference<T, E>(
    mutations: Mutations<'_>,
    parse: impl FnMut(&str) -> Result<T, E>,
    reference: impl FnMut(&str) -> Option<T>,
) where
    T: PartialEq + std::fmt::Debug,
    E: std::fmt::Display,
{
    match compare_with_reference(mutations, parse, reference) {
        Ok(tally) => eprintln!(
            "parse agrees with the reference on {} texts, {} of them accepted",
            tally.texts, tally.accepted
        ),
        Err(disagreement) => panic!("{disagreement}"),
    }
}

/// How many texts [`compare_with_reference`] tried and how many both readers accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Texts tried, the sample included.
    pub texts: usize,
    /// Texts both `parse` and the reference accepted (with the same meaning).
    pub accepted: usize,
}

/// [`parse_matches_reference`]'s check, returning the first disagreement (the text, and what
/// each side said) instead of panicking, for a test that a planted bug is caught.
///
/// # Errors
/// The first disagreement, a refusal not in the house shape, a refused sample, or too few
/// accepted texts, described on one line.
pub fn compare_with_reference<T, E>(
    mutations: Mutations<'_>,
    mut parse: impl FnMut(&str) -> Result<T, E>,
    mut reference: impl FnMut(&str) -> Option<T>,
) -> Result<Tally, String>
where
    T: PartialEq + std::fmt::Debug,
    E: std::fmt::Display,
{
    const ROUNDS: usize = 40_000;
    let Mutations {
        seed,
        sample,
        alphabet,
    } = mutations;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut tally = Tally {
        texts: 0,
        accepted: 0,
    };
    for round in 0..=ROUNDS {
        let text = match round % 3 {
            _ if round == ROUNDS => sample.to_string(),
            0 => random_text(&mut rng, alphabet),
            1 => garbled(&mut rng, sample, alphabet),
            _ => rewritten(&mut rng, sample),
        };
        tally.texts += 1;
        match (parse(&text), reference(&text)) {
            (Ok(read), Some(meant)) if read == meant => tally.accepted += 1,
            (Ok(read), Some(meant)) => {
                return Err(format!(
                    "{text:?}: parse reads {read:?}, the reference {meant:?}"
                ));
            }
            (Ok(read), None) => {
                return Err(format!(
                    "{text:?}: parse accepts it as {read:?}, the reference refuses it"
                ));
            }
            (Err(error), meant) => {
                let message = error.to_string();
                if let Some(meant) = meant {
                    return Err(format!(
                        "{text:?}: parse refuses it ({message}), the reference reads {meant:?}"
                    ));
                }
                if !message.starts_with("line ") || message.contains('\n') {
                    return Err(format!(
                        "{text:?}: a refusal not in the house shape: {message:?}"
                    ));
                }
                if round == ROUNDS {
                    return Err(format!("the sample {text:?} is refused: {message}"));
                }
            }
        }
    }
    if tally.accepted * 20 < tally.texts {
        return Err(format!(
            "only {} of {} texts accepted: too few to check what an accepted text means",
            tally.accepted, tally.texts
        ));
    }
    Ok(tally)
}

/// The non-blank lines of `text` under the shared input rule (`crates/judge/README.md`), each
/// as its tokens: a byte-order mark at the very start dropped, lines ending in `\n` or `\r\n`,
/// tokens separated by spaces and tabs. Written from the rule, not from [`crate::Lines`], for the
/// reference readers of [`parse_matches_reference`].
pub fn reference_lines(text: &str) -> Vec<Vec<&str>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut pieces: Vec<&str> = text.split('\n').collect();
    let last = pieces.len() - 1;
    pieces
        .iter_mut()
        .enumerate()
        .filter_map(|(index, piece)| {
            // Only a `\r` before a `\n` belongs to the line break.
            let body = if index < last {
                piece.strip_suffix('\r').unwrap_or(piece)
            } else {
                piece
            };
            let tokens: Vec<&str> = body.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
            (!tokens.is_empty()).then_some(tokens)
        })
        .collect()
}

/// `token` as a number of the shared input rule in `range`: ASCII digits only, leading zeros
/// allowed, no sign; `None` for anything else or a value outside `range`, however many digits.
pub fn reference_number(token: &str, range: std::ops::RangeInclusive<u64>) -> Option<u64> {
    if token.is_empty() || !token.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let significant = token.trim_start_matches('0');
    if significant.len() > 20 {
        return None;
    }
    let value: u128 = significant.parse().unwrap_or(0);
    u64::try_from(value).ok().filter(|v| range.contains(v))
}

/// Up to 39 pieces of `alphabet`, at random.
fn random_text(rng: &mut fastrand::Rng, alphabet: &[&str]) -> String {
    (0..rng.usize(0..40))
        .map(|_| alphabet[rng.usize(..alphabet.len())])
        .collect()
}

/// `sample` with one to three pieces of `alphabet` inserted or written over, at random.
fn garbled(rng: &mut fastrand::Rng, sample: &str, alphabet: &[&str]) -> String {
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
}

/// `sample` with one to three edits that keep a valid input valid, or nearly: see
/// [`parse_matches_reference`].
fn rewritten(rng: &mut fastrand::Rng, sample: &str) -> String {
    const BOM: char = '\u{feff}';
    let is_break = |c: char| c == '\n' || c == '\r';
    let is_blank = |c: char| c == ' ' || c == '\t';
    let mut text: Vec<char> = sample.chars().collect();
    for _ in 0..rng.usize(1..4) {
        let len = text.len();
        let digit_starts: Vec<usize> = (0..len)
            .filter(|&i| text[i].is_ascii_digit() && (i == 0 || !text[i - 1].is_ascii_digit()))
            .collect();
        match rng.usize(0..10) {
            0 => {
                if let Some(at) = pick(rng, &digit_starts) {
                    text.insert(at, '0');
                }
            }
            1 | 2 => change_a_number(rng, &mut text, &digit_starts),
            3 => {
                let boundaries: Vec<usize> = (0..=len)
                    .filter(|&i| {
                        let before = i.checked_sub(1).map(|j| text[j]);
                        let after = text.get(i).copied();
                        let inside_crlf = before == Some('\r') && after == Some('\n');
                        let at_edge = before.is_none_or(|c| is_blank(c) || c == '\n')
                            || after.is_none_or(|c| is_blank(c) || is_break(c));
                        at_edge && !inside_crlf
                    })
                    .collect();
                if let Some(at) = pick(rng, &boundaries) {
                    let blanks = [" ", "\t", "  ", "\t "][rng.usize(..4)];
                    text.splice(at..at, blanks.chars());
                }
            }
            4 => {
                let starts: Vec<usize> = (0..=len)
                    .filter(|&i| {
                        (i == 0 && text.first() != Some(&BOM)) || (i > 0 && text[i - 1] == '\n')
                    })
                    .collect();
                if let Some(at) = pick(rng, &starts) {
                    let blank = ["\n", " \n", "\t\r\n", "\r\n"][rng.usize(..4)];
                    text.splice(at..at, blank.chars());
                }
            }
            5 => {
                let breaks: Vec<usize> = (0..len).filter(|&i| text[i] == '\n').collect();
                if let Some(at) = pick(rng, &breaks) {
                    if at > 0 && text[at - 1] == '\r' {
                        text.remove(at - 1);
                    } else {
                        text.insert(at, '\r');
                    }
                }
            }
            6 => {
                if text.first() != Some(&BOM) {
                    text.insert(0, BOM);
                }
            }
            7 => {
                if text.last() == Some(&'\n') {
                    text.pop();
                    if text.last() == Some(&'\r') {
                        text.pop();
                    }
                }
            }
            8 => swap_neighbour_tokens(rng, &mut text),
            _ => {
                let solid: Vec<usize> = (0..len)
                    .filter(|&i| !is_blank(text[i]) && !is_break(text[i]) && text[i] != BOM)
                    .collect();
                if let (Some(a), Some(b)) = (pick(rng, &solid), pick(rng, &solid)) {
                    text.swap(a, b);
                }
            }
        }
    }
    text.into_iter().collect()
}

/// One of `at`, at random, if any.
fn pick(rng: &mut fastrand::Rng, at: &[usize]) -> Option<usize> {
    (!at.is_empty()).then(|| at[rng.usize(..at.len())])
}

/// The number starting at one of `digit_starts` of `text` becomes one more, one less, another
/// nearby value, or a power of ten or two or one off it (where ranges tend to end).
fn change_a_number(rng: &mut fastrand::Rng, text: &mut Vec<char>, digit_starts: &[usize]) {
    let Some(start) = pick(rng, digit_starts) else {
        return;
    };
    let end = (start..text.len())
        .find(|&i| !text[i].is_ascii_digit())
        .unwrap_or(text.len());
    let digits: String = text[start..end].iter().collect();
    let Ok(value) = digits.parse::<u64>() else {
        return;
    };
    let value = match rng.usize(0..4) {
        0 => value.saturating_add(1),
        1 => value.saturating_sub(1),
        2 => rng.u64(0..=value.saturating_mul(2).saturating_add(1)),
        _ => {
            let base: u64 = if rng.bool() { 10 } else { 2 };
            let power = base.pow(rng.u32(0..if base == 10 { 8 } else { 25 }));
            (power + 1).saturating_sub(rng.u64(0..3))
        }
    };
    text.splice(start..end, value.to_string().chars());
}

/// Two neighbouring tokens of one line of `text` trade places.
fn swap_neighbour_tokens(rng: &mut fastrand::Rng, text: &mut Vec<char>) {
    let len = text.len();
    let solid = |c: char| !matches!(c, ' ' | '\t' | '\n' | '\r');
    let starts: Vec<usize> = (0..len)
        .filter(|&i| solid(text[i]) && (i == 0 || !solid(text[i - 1])))
        .collect();
    let pairs: Vec<usize> = (1..starts.len())
        .filter(|&k| !text[starts[k - 1]..starts[k]].contains(&'\n'))
        .collect();
    if let Some(k) = pick(rng, &pairs) {
        let end_of = |start: usize| (start..len).find(|&i| !solid(text[i])).unwrap_or(len);
        let (a, b) = (starts[k - 1], starts[k]);
        let (a_end, b_end) = (end_of(a), end_of(b));
        let swapped: Vec<char> = text[b..b_end]
            .iter()
            .chain(&text[a_end..b])
            .chain(&text[a..a_end])
            .copied()
            .collect();
        text.splice(a..b_end, swapped);
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

/// The files of the judge data folder `folder` (under the workspace's `testdata/`, as
/// [`judge_data_present`] finds it) whose names end in `.{extension}`, sorted by name: each
/// one's path and file name, for a snapshot named after it (`insta`'s `snapshot_suffix`). Empty
/// outside the workspace.
///
/// # Panics
/// When the folder cannot be listed.
pub fn judge_files(manifest_dir: &str, folder: &str, extension: &str) -> Vec<(PathBuf, String)> {
    if !judge_data_present(manifest_dir, folder) {
        return Vec::new();
    }
    let dir = Path::new(manifest_dir).join("../../testdata").join(folder);
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .map(|path| {
            let name = path
                .file_name()
                .expect("a file")
                .to_string_lossy()
                .into_owned();
            (path, name)
        })
        .collect();
    files.sort_by(|a, b| a.1.cmp(&b.1));
    assert!(
        !files.is_empty(),
        "no .{extension} files in {}",
        dir.display()
    );
    files
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
        let mut refusals = Refusals::<T>::new(examples, &path, &command);
        refusals.of_command(&command);
        checked += refusals.checked;
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut path = path.clone();
            path.push(sub.get_name().to_string());
            pending.push((path, sub.clone()));
        }
    }
    checked
}

/// How a refusal names `arg`: its long flag, else its first value name, else its id in capitals.
#[cfg(feature = "cli")]
fn shown(arg: &clap::Arg) -> String {
    match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => arg
            .get_value_names()
            .and_then(|names| names.first())
            .map_or_else(|| arg.get_id().as_str().to_uppercase(), |n| n.to_string()),
    }
}

/// The refusals of one subcommand of the binary whose arguments are `T`, counted as checked.
#[cfg(feature = "cli")]
struct Refusals<'a, T> {
    /// The examples the binary's command is built with.
    examples: &'a str,
    /// The words that reach the subcommand, the binary's name first.
    path: &'a [String],
    /// The names of the subcommand's required arguments.
    required: Vec<String>,
    /// The refusals checked so far.
    checked: usize,
    /// The arguments' type, which parses the words.
    parser: std::marker::PhantomData<fn() -> T>,
}

#[cfg(feature = "cli")]
impl<'a, T: clap::Parser> Refusals<'a, T> {
    /// No refusal checked yet for `command`, reached by the words `path`.
    fn new(examples: &'a str, path: &'a [String], command: &clap::Command) -> Self {
        let required = command
            .get_arguments()
            .filter(|a| a.is_required_set())
            .map(shown)
            .collect();
        Self {
            examples,
            path,
            required,
            checked: 0,
            parser: std::marker::PhantomData,
        }
    }

    /// Checks that the refusal of the path and `extra`, if any, is one line naming `names`.
    fn expect(&mut self, extra: &[&str], names: &[String]) {
        let words: Vec<String> = self
            .path
            .iter()
            .cloned()
            .chain(extra.iter().map(|s| s.to_string()))
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let Some(message) = crate::cli::refusal::<T>(self.examples, &words) else {
            return;
        };
        assert!(
            !message.contains('\n'),
            "{words:?}: not one line: {message}"
        );
        // A refusal names what `names` says, or, refused first for a missing argument, names
        // every required one.
        let names_all = |names: &[String]| names.iter().all(|n| message.contains(n.as_str()));
        let absent: Vec<String> = self
            .required
            .iter()
            .filter(|n| !words.contains(&n.as_str()))
            .cloned()
            .collect();
        let missing = message.contains("were not provided") && names_all(&absent);
        assert!(
            names_all(names) || missing,
            "{words:?}: `{message}` does not name all of {names:?}"
        );
        self.checked += 1;
    }

    /// Checks a missing subcommand, an unknown flag, missing arguments, then each value taken.
    fn of_command(&mut self, command: &clap::Command) {
        let subcommands: Vec<String> = command
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .map(|s| s.get_name().to_string())
            .collect();
        if command.is_subcommand_required_set() {
            self.expect(&[], &subcommands);
        }
        self.expect(&["--zz-unknown"], &["--zz-unknown".to_string()]);
        let arguments: Vec<&clap::Arg> = command
            .get_arguments()
            .filter(|a| !a.is_hide_set() && !["help", "version"].contains(&a.get_id().as_str()))
            .collect();
        if !self.required.is_empty() {
            let required = self.required.clone();
            self.expect(&[], &required);
        }
        for arg in &arguments {
            let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
            if takes_value {
                self.of_argument(arg);
            }
        }
    }

    /// Checks that a bad value of `arg` names it and its allowed values, a missing one its flag.
    fn of_argument(&mut self, arg: &clap::Arg) {
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
        self.expect(&bad, &names);
        if arg.get_long().is_some() {
            self.expect(&[name.as_str()], std::slice::from_ref(&name));
        }
    }
}
