//! The command-line conventions of the five binaries, on clap: arguments read as `OsString`s,
//! `--help` and `--version` on stdout with status 0, every refusal one line on stderr
//! (`<binary>: <message>`) with status 2 and nothing on stdout.

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;

/// The exit codes every binary documents in its `--help`.
pub const EXIT_CODES: &str = "\
Exit status:
  0  success: the judge output is on stdout
  2  refused: bad input, a bad argument, a size beyond the solver or a file that cannot be used;
     one line on stderr names the problem (and the input line), nothing is written on stdout";

/// The command of `T` with the house additions: `examples` and the exit codes after the help.
pub fn command<T: clap::CommandFactory>(examples: &str) -> clap::Command {
    T::command().after_help(format!("Examples:\n{examples}\n\n{EXIT_CODES}"))
}

/// Parses the process arguments into `T`. `--help` (with `examples` and the exit codes) and
/// `--version` are printed here; the caller returns the exit code it gets as `Err`.
///
/// # Errors
/// The exit code to end with: 0 after `--help` or `--version`, 2 after a refusal, which is
/// printed as one line (arguments that are not UTF-8 included).
pub fn arguments<T: clap::Parser>(binary: &str, examples: &str) -> Result<T, ExitCode> {
    command::<T>(examples)
        .try_get_matches_from(std::env::args_os())
        .and_then(|mut matches| T::from_arg_matches_mut(&mut matches))
        .map_err(|error| match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                print!("{error}");
                ExitCode::SUCCESS
            }
            _ => fail(binary, one_line(&error.to_string())),
        })
}

/// The first line of clap's message, without its `error: ` prefix, with a pointer to `--help`.
fn one_line(message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    format!("{first} (see --help)")
}

/// Reads all of stdin as UTF-8 text.
///
/// # Errors
/// Status 2 after one line naming the problem: a read error, or the line of the first byte that
/// is not UTF-8.
pub fn read_stdin(binary: &str) -> Result<String, ExitCode> {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut bytes) {
        return Err(fail(binary, format!("cannot read stdin: {error}")));
    }
    match crate::decode(&bytes) {
        Ok(_) => Ok(String::from_utf8(bytes).expect("checked by decode")),
        Err(error) => Err(fail(binary, error)),
    }
}

/// Runs `write` on a buffered stdout and flushes it; a write error ends with status 2, except a
/// closed pipe (`hanoi | head`), which ends quietly with status 0: the reader has all it wants.
pub fn write_stdout(
    binary: &str,
    write: impl FnOnce(&mut io::BufWriter<io::StdoutLock<'static>>) -> io::Result<()>,
) -> ExitCode {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(binary, format!("cannot write stdout: {error}")),
    }
}

/// Writes `contents` to `path` (a page, a chart) before anything goes to stdout.
///
/// # Errors
/// Status 2 after one line naming the file.
pub fn write_file(binary: &str, path: &std::path::Path, contents: &str) -> Result<(), ExitCode> {
    std::fs::write(path, contents)
        .map_err(|error| fail(binary, format!("{}: {error}", path.display())))
}

/// The 1-based case `case` of `count` cases, as an index.
///
/// # Errors
/// Status 2 after one line when there is no such case.
pub fn case_index(binary: &str, case: usize, count: usize) -> Result<usize, ExitCode> {
    if (1..=count).contains(&case) {
        Ok(case - 1)
    } else {
        Err(fail(
            binary,
            format!("--case {case}: the input has {count} case(s)"),
        ))
    }
}

/// Prints `<binary>: <message>` on stderr and returns status 2.
pub fn fail(binary: &str, message: impl Display) -> ExitCode {
    eprintln!("{binary}: {message}");
    ExitCode::from(2)
}

/// Whether progress lines belong on stderr: only when it is a terminal.
pub fn progress_wanted() -> bool {
    io::IsTerminal::is_terminal(&io::stderr())
}
