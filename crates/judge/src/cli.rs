//! The command-line conventions of the puzzle binaries, on clap, and the one runner that owns their
//! exit path: arguments read as `OsString`s, `--help` and `--version` on stdout with status 0,
//! every refusal one line on stderr (`<binary>: <message>`) with status 2 and nothing on stdout,
//! the output written in one go at the end (a closed pipe ends quietly with status 0).
//!
//! A binary's `main` is its own steps only:
//!
//! ```no_run
//! use judge::cli::{self, Stdout};
//!
//! /// Doubles the number on stdin.
//! #[derive(clap::Parser)]
//! #[command(version)]
//! struct Arguments {}
//!
//! fn main() -> std::process::ExitCode {
//!     cli::run("double", "  echo 21 | double   42", |_: Arguments| {
//!         let input = cli::read_stdin()?;
//!         let n: u64 = input
//!             .trim()
//!             .parse()
//!             .map_err(|_| cli::Failure::new(format!("line 1: expected a number, found {input:?}")))?;
//!         Ok(Stdout::display(format!("{}\n", 2 * n)))
//!     })
//! }
//! ```

use std::fmt::{self, Display};
use std::io::{self, Read, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;

/// The exit codes every binary documents in its `--help`.
pub const EXIT_CODES: &str = "\
Exit status:
  0  success: the judge output is on stdout
  2  refused: bad input, a bad argument, a size beyond the solver or a file that cannot be used;
     one line on stderr names the problem (and the input line), nothing is written on stdout";

/// Why a binary refuses to go on: the one line [`run`] prints after `<binary>: `, with status 2.
///
/// Any error converts into one with `?` (its `Display` is the line); other messages through
/// [`Failure::new`].
#[derive(Debug)]
pub struct Failure {
    message: String,
}

impl Failure {
    /// A refusal saying `message`.
    pub fn new(message: impl Display) -> Self {
        Self {
            message: message.to_string(),
        }
    }

    /// What [`run`] prints.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl<E: std::error::Error> From<E> for Failure {
    fn from(error: E) -> Self {
        Self::new(error)
    }
}

/// Writes a binary's output.
type Writer<'a> = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()> + 'a>;

/// What a binary writes on stdout once its work succeeded: written by [`run`] through a buffer.
pub struct Stdout<'a> {
    write: Writer<'a>,
}

impl<'a> Stdout<'a> {
    /// The text of `value`.
    pub fn display(value: impl Display + 'a) -> Self {
        Self::with(move |out| write!(out, "{value}"))
    }

    /// The text of `value` and a newline after it: a solution, whose `Display` is the judge
    /// output without its final newline.
    pub fn display_line(value: impl Display + 'a) -> Self {
        Self::with(move |out| writeln!(out, "{value}"))
    }

    /// Whatever `write` writes (for output too long to hold in memory).
    pub fn with(write: impl FnOnce(&mut dyn Write) -> io::Result<()> + 'a) -> Self {
        Self {
            write: Box::new(write),
        }
    }

    /// Nothing at all (a process whose report another one prints).
    pub fn nothing() -> Self {
        Self::with(|_| Ok(()))
    }
}

impl fmt::Debug for Stdout<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Stdout(..)")
    }
}

/// Runs a binary: parses the process arguments into `T` (answering `--help`, with `examples`
/// and the exit codes, and `--version` itself), calls `main` with them, and writes what it
/// returns on stdout (status 0), or its [`Failure`] as `<binary>: <message>` on stderr (status
/// 2, nothing on stdout). A write error on stdout is a failure too, except a closed pipe
/// (`solver | head`), which ends quietly with status 0: the reader has all it wants.
pub fn run<T: clap::Parser>(
    binary: &str,
    examples: &str,
    main: impl FnOnce(T) -> Result<Stdout<'static>, Failure>,
) -> ExitCode {
    let arguments = match arguments::<T>(examples) {
        Ok(arguments) => arguments,
        Err(Parsed::Answered) => return ExitCode::SUCCESS,
        Err(Parsed::Refused(failure)) => return fail(binary, failure.message()),
    };
    let stdout = match main(arguments) {
        Ok(stdout) => stdout,
        Err(failure) => return fail(binary, failure.message()),
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match (stdout.write)(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(binary, format!("cannot write stdout: {error}")),
    }
}

/// The command of `T` with the house additions: `examples` and the exit codes after the help.
pub fn command<T: clap::CommandFactory>(examples: &str) -> clap::Command {
    T::command().after_help(format!("Examples:\n{examples}\n\n{EXIT_CODES}"))
}

/// How parsing the arguments ended when it did not give a `T`.
enum Parsed {
    /// `--help` or `--version`, printed.
    Answered,
    /// A bad argument, as one line.
    Refused(Failure),
}

fn arguments<T: clap::Parser>(examples: &str) -> Result<T, Parsed> {
    command::<T>(examples)
        .try_get_matches_from(std::env::args_os())
        .and_then(|mut matches| T::from_arg_matches_mut(&mut matches))
        .map_err(|error| match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                print!("{error}");
                Parsed::Answered
            }
            _ => Parsed::Refused(Failure::new(one_line(&error.to_string()))),
        })
}

/// The one line `run` prints when it refuses `argv` (its first word the binary), or `None` when
/// the arguments are accepted or answered (`--help`, `--version`): for tests of a binary's
/// messages (`judge::testing::clap_errors_name_what_is_wrong`, feature `testing`).
pub fn refusal<T: clap::Parser>(examples: &str, argv: &[&str]) -> Option<String> {
    let error = command::<T>(examples)
        .try_get_matches_from(argv)
        .and_then(|mut matches| T::from_arg_matches_mut(&mut matches))
        .err()?;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => None,
        _ => Some(one_line(&error.to_string())),
    }
}

/// Clap's message as one line, with a pointer to `--help`: its lines up to the usage joined
/// (so that a missing argument is named, and an invalid value comes with the values allowed and
/// clap's tip), without the `error: ` prefix. A missing subcommand, for which clap shows the
/// help, names the subcommands instead.
fn one_line(message: &str) -> String {
    let lines: Vec<&str> = message.lines().map(str::trim).collect();
    if let Some(start) = lines.iter().position(|line| *line == "Commands:") {
        let names: Vec<&str> = lines[start + 1..]
            .iter()
            .take_while(|line| !line.is_empty())
            .filter_map(|line| line.split_whitespace().next())
            .filter(|name| *name != "help")
            .collect();
        return format!("a subcommand is needed: {} (see --help)", names.join(", "));
    }
    let mut words = Vec::new();
    for line in lines {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            words.push(line.strip_prefix("error: ").unwrap_or(line));
        }
    }
    format!("{} (see --help)", words.join(" "))
}

mod bar;
#[cfg(test)]
mod tests;

pub use bar::LevelBar;

/// Reads all of stdin as UTF-8 text.
///
/// # Errors
/// A read error, or the line of the first byte that is not UTF-8.
pub fn read_stdin() -> Result<String, Failure> {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut bytes) {
        return Err(Failure::new(format!("cannot read stdin: {error}")));
    }
    crate::decode(&bytes)?;
    Ok(String::from_utf8(bytes).expect("checked by decode"))
}

/// Writes `contents` to `path` (a page, a chart) before anything goes to stdout.
///
/// # Errors
/// The file and why it could not be written.
pub fn write_file(path: &std::path::Path, contents: &str) -> Result<(), Failure> {
    std::fs::write(path, contents)
        .map_err(|error| Failure::new(format!("{}: {error}", path.display())))
}

/// `--render FILE.html [--case K]`: the page of one case, for a binary whose input holds
/// several (flatten it into the binary's arguments with `#[command(flatten)]`).
#[derive(Clone, Debug, clap::Args)]
pub struct PageArguments {
    /// Also write a page that plays the solution to this HTML file (self-contained: open it in
    /// any browser).
    #[arg(long, value_name = "FILE.html")]
    pub render: Option<std::path::PathBuf>,
    /// The case that --render shows (1 for the first).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "render")]
    pub case: usize,
}

impl PageArguments {
    /// The page to write and the index of its case among `count` cases; `None` without
    /// `--render`. Checked before any work, so a bad `--case` costs nothing.
    ///
    /// # Errors
    /// When the input has no case `--case`.
    pub fn shown(&self, count: usize) -> Result<Option<(std::path::PathBuf, usize)>, Failure> {
        let Some(path) = &self.render else {
            return Ok(None);
        };
        if (1..=count).contains(&self.case) {
            Ok(Some((path.clone(), self.case - 1)))
        } else {
            Err(Failure::new(format!(
                "--case {}: cases count from 1, and the input has {count} (1 to {count})",
                self.case
            )))
        }
    }
}

/// Prints `<binary>: <message>` on stderr and returns status 2.
fn fail(binary: &str, message: impl Display) -> ExitCode {
    eprintln!("{binary}: {message}");
    ExitCode::from(2)
}

/// Whether progress lines belong on stderr: only when it is a terminal.
pub fn progress_wanted() -> bool {
    io::IsTerminal::is_terminal(&io::stderr())
}
