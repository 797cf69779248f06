//! `cargo xtask fuzz [PUZZLE] [--cases N] [--seed S]`: mutation fuzzing of the release binaries.
//!
//! Inputs are made from the judge data under `testdata/` (every `.in` of at most 4 KiB in a
//! folder without a `limit` file, `bad/` folders included, with that folder's `args`) by
//! mutations: byte flips, truncation at a line or a byte, lines duplicated or dropped, numbers
//! replaced by 0, -1, huge values or others, random bytes, bytes that are not UTF-8, very long
//! lines, a byte-order mark, CRLF, tabs. Each input runs under a time and a memory limit, and:
//!
//! * the exit status is 0 or 2, and nothing says `panicked`;
//! * with status 2, nothing is on stdout and stderr is one line `<binary>: ...`, which in the
//!   judge mode (no flags) names the input line: `<binary>: line N: ...`;
//! * with status 0, a second run prints the same bytes, and where xtask has an oracle for the
//!   input's size, the output equals the oracle's (or passes the replaying checker, for outputs
//!   that are not unique).
//!
//! Deterministic for a seed. Prints `N passed, N failed`; every failing input is saved under
//! `target/fuzz/` and the first one per puzzle is named.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::commands::oracle;
use crate::kit::args::Args;
use crate::kit::generate::Rng;
use crate::kit::testdata as verify;
use crate::process::{self, RunOutput};
use crate::puzzles;

/// Seeds larger than this are left out: mutations of big files only cost time.
const MAX_SEED_BYTES: u64 = 4096;
/// Per run: far above what any seed needs (a second at most on one core).
const TIME_LIMIT: Duration = Duration::from_secs(20);
/// Per run, address space: the largest table a seed can ask for is 256 MiB.
const MEMORY_MIB: u64 = 4096;

struct Options {
    crates: Vec<String>,
    cases: usize,
    seed: u64,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut args = Args::new("fuzz", args);
    let cases = args.value("--cases", "a whole number")?.unwrap_or(1000);
    let seed = args.value("--seed", "a whole number")?.unwrap_or(1);
    let names: Vec<&str> = puzzles::names().collect();
    let crates = args.finish_naming(&names)?;
    Ok(Options {
        crates,
        cases,
        seed,
    })
}

/// A judge file to mutate, with the flags of its folder.
struct Seed {
    bytes: Vec<u8>,
    args: Vec<String>,
    /// Whether the binary must answer it (it has a `.out`); the harmless mutations start from
    /// these.
    accepted: bool,
}

fn seeds(testdata: &Path, crate_name: &str) -> Result<Vec<Seed>, String> {
    let mut seeds = Vec::new();
    for case in verify::discover(testdata, crate_name)? {
        let small = std::fs::metadata(&case.input).is_ok_and(|m| m.len() <= MAX_SEED_BYTES);
        if case.time_limit.is_none() && small {
            let bytes = std::fs::read(&case.input).map_err(|e| e.to_string())?;
            seeds.push(Seed {
                bytes,
                args: case.args,
                accepted: !case.must_fail,
            });
        }
    }
    if seeds.is_empty() {
        return Err(format!("no seed files for {crate_name}"));
    }
    Ok(seeds)
}

/// Byte ranges of the lines of `bytes`, line breaks included.
fn line_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        spans.push((start, bytes.len()));
    }
    spans
}

/// Byte ranges of the runs of ASCII digits (with a leading `-`) in `bytes`.
fn number_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = if i > 0 && bytes[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.below(items.len() as u64) as usize])
}

/// One mutation of `bytes`, chosen by `rng`.
pub fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    let at = |rng: &mut Rng| rng.below(len as u64 + 1) as usize;
    match rng.below(14) {
        0 if len > 0 => {
            let i = rng.below(len as u64) as usize;
            bytes[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len as u64) as usize;
            bytes[i] = rng.next() as u8;
        }
        2 => {
            // Truncation at a line boundary (all of them, over many cases) or anywhere.
            let cut = match pick(rng, &line_spans(bytes)) {
                Some((start, _)) if rng.below(2) == 0 => start,
                _ => at(rng),
            };
            bytes.truncate(cut);
        }
        3 => {
            if let Some((start, end)) = pick(rng, &line_spans(bytes)) {
                let line = bytes[start..end].to_vec();
                bytes.splice(end..end, line);
            }
        }
        4 => {
            if let Some((start, end)) = pick(rng, &line_spans(bytes)) {
                bytes.drain(start..end);
            }
        }
        5 => {
            if let Some((start, end)) = pick(rng, &number_spans(bytes)) {
                let replacements: [&[u8]; 9] = [
                    b"0",
                    b"-1",
                    b"99999999999999999999999",
                    b"4294967296",
                    b"18446744073709551616",
                    b"+1",
                    b"007",
                    b"1",
                    b"2",
                ];
                let replacement = pick(rng, &replacements).expect("non-empty");
                bytes.splice(start..end, replacement.iter().copied());
            }
        }
        6 => {
            let i = at(rng);
            let random: Vec<u8> = (0..1 + rng.below(16)).map(|_| rng.next() as u8).collect();
            bytes.splice(i..i, random);
        }
        7 => {
            let i = at(rng);
            let invalid: [&[u8]; 4] = [b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80"];
            let invalid = pick(rng, &invalid).expect("non-empty");
            bytes.splice(i..i, invalid.iter().copied());
        }
        8 => {
            let i = at(rng);
            let unit: [&[u8]; 4] = [b"7", b"H ", b"#", b"1 "];
            let unit = pick(rng, &unit).expect("non-empty");
            let long: Vec<u8> = unit.iter().copied().cycle().take(200_000).collect();
            bytes.splice(i..i, long.into_iter().chain([b'\n']));
        }
        9 => {
            bytes.splice(0..0, "\u{feff}".bytes());
        }
        10 => {
            to_crlf(bytes);
        }
        11 => {
            // A space turned into a tab, or blanks added around a line.
            if let Some(i) = bytes.iter().position(|&b| b == b' ') {
                bytes[i] = b'\t';
            } else if let Some((start, _)) = pick(rng, &line_spans(bytes)) {
                bytes.splice(start..start, *b" \t");
            }
        }
        12 => {
            if let Some((start, _)) = pick(rng, &line_spans(bytes)) {
                bytes.splice(start..start, *b"\n \n");
            }
        }
        _ => {
            let i = at(rng);
            let pieces: [&[u8]; 5] = [b"\r", b"\0", b"\xc2\xa0", b"\t\t", b"\n\n\n"];
            let piece = pick(rng, &pieces).expect("non-empty");
            bytes.splice(i..i, piece.iter().copied());
        }
    }
}

/// One change of `bytes` that the shared input rule says changes nothing (a byte-order mark,
/// CRLF line ends, a tab for a space, blanks around a line, a blank line, no final newline):
/// the binary must answer the result as it answers `bytes`. Returns what was done.
pub fn mutate_harmless(rng: &mut Rng, bytes: &mut Vec<u8>) -> &'static str {
    match rng.below(7) {
        6 => match pick(rng, &whole_numbers(bytes)) {
            Some(start) => {
                bytes.insert(start, b'0');
                LEADING_ZERO
            }
            None => {
                to_crlf(bytes);
                "CRLF line ends"
            }
        },
        0 => {
            bytes.splice(0..0, "\u{feff}".bytes());
            "a byte-order mark"
        }
        1 => {
            to_crlf(bytes);
            "CRLF line ends"
        }
        2 => match pick(rng, &space_positions(bytes)) {
            Some(i) => {
                bytes.splice(i..=i, *b"\t ");
                "a tab and a space for a space"
            }
            None => {
                bytes.splice(0..0, *b" ");
                "a space before the first line"
            }
        },
        3 => {
            let spans = line_spans(bytes);
            if let Some((start, end)) = pick(rng, &spans) {
                let text_end = end - usize::from(bytes[end - 1] == b'\n');
                bytes.splice(text_end..text_end, *b" \t");
                bytes.splice(start..start, *b"\t ");
            }
            "blanks around a line"
        }
        4 => {
            let at = pick(rng, &line_spans(bytes)).map_or(bytes.len(), |(start, _)| start);
            bytes.splice(at..at, *b" \t \n");
            "a blank line"
        }
        _ => {
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
            "no final newline"
        }
    }
}

/// The harmless change that puts a zero before a number: harmless by the input rule where the
/// token is a number, but a token of digits may be something else in a format (a stack of
/// discs written as digits), so the oracle says whether it changed the input's meaning.
pub const LEADING_ZERO: &str = "a leading zero on a number";

/// Where the tokens of `bytes` that are whole non-negative numbers start.
fn whole_numbers(bytes: &[u8]) -> Vec<usize> {
    number_spans(bytes)
        .into_iter()
        .filter(|&(start, end)| {
            let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
            bytes[start] != b'-'
                && (start == 0 || blank(bytes[start - 1]))
                && (end == bytes.len() || blank(bytes[end]))
        })
        .map(|(start, _)| start)
        .collect()
}

/// `bytes` with every line ending in CRLF.
fn to_crlf(bytes: &mut Vec<u8>) {
    *bytes = bytes
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
}

/// The positions of the spaces of `bytes`.
fn space_positions(bytes: &[u8]) -> Vec<usize> {
    (0..bytes.len()).filter(|&i| bytes[i] == b' ').collect()
}

/// What a binary must do with mutated flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagsMust {
    /// Refuse (an unknown flag, a value no flag takes).
    Refuse,
    /// Answer or refuse, as for any input.
    AnswerOrRefuse,
}

/// One change of a seed's flags: an unknown flag, a value that cannot be one, a flag given
/// twice, or the flags dropped (the judge mode). Returns the flags, what the binary must do, and
/// what was done.
pub fn mutate_flags(rng: &mut Rng, args: &[String]) -> (Vec<String>, FlagsMust, &'static str) {
    let mut mutated = args.to_vec();
    let with_value: Vec<usize> = (0..args.len().saturating_sub(1))
        .filter(|&i| args[i].starts_with("--") && !args[i + 1].starts_with("--"))
        .collect();
    match rng.below(4) {
        0 => {
            let at = rng.below(mutated.len() as u64 + 1) as usize;
            mutated.insert(at, "--zz-fuzz".to_string());
            (mutated, FlagsMust::Refuse, "an unknown flag")
        }
        1 if !with_value.is_empty() => {
            let i = pick(rng, &with_value).expect("non-empty") + 1;
            mutated[i] = "zz-fuzz".to_string();
            (mutated, FlagsMust::Refuse, "a value that no flag takes")
        }
        2 if !args.is_empty() => {
            let i = rng.below(args.len() as u64) as usize;
            mutated.insert(i, args[i].clone());
            (
                mutated,
                FlagsMust::AnswerOrRefuse,
                "a word of the flags twice",
            )
        }
        _ => (Vec::new(), FlagsMust::AnswerOrRefuse, "no flags"),
    }
}

/// What is wrong with `binary` answering `mutated`, a harmless change (`what`) of `seed`, which
/// it must answer as it answers `seed`.
pub fn examine_harmless(
    crate_name: &str,
    binary: &Path,
    args: &[String],
    seed: &[u8],
    mutated: &[u8],
    what: &str,
) -> Result<Option<String>, String> {
    if what == LEADING_ZERO && !oracle_reads_alike(crate_name, args, seed, mutated) {
        // The oracle reads the token otherwise (or cannot say quickly): not a number here.
        return Ok(None);
    }
    let plain = process::run_binary(binary, args, seed, TIME_LIMIT, Some(MEMORY_MIB))?;
    let run = process::run_binary(binary, args, mutated, TIME_LIMIT, Some(MEMORY_MIB))?;
    if run.status != Some(0) && what == LEADING_ZERO {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Ok(Some(format!(
            "refused an input the oracle answers as the plain one ({what}): {}",
            stderr.trim()
        )));
    }
    if run.status != Some(0) {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Ok(Some(format!(
            "refused an input the input rule accepts ({what}): {}",
            stderr.trim()
        )));
    }
    if plain.status == Some(0) && run.stdout != plain.stdout {
        return Ok(Some(format!(
            "answered otherwise than for the same input written plainly ({what})"
        )));
    }
    examine(crate_name, binary, args, mutated, &run)
}

/// What is wrong with `binary` run with flags changed as `must` says (`what`).
pub fn examine_flags(
    crate_name: &str,
    binary: &Path,
    args: &[String],
    input: &[u8],
    must: FlagsMust,
    what: &str,
) -> Result<Option<String>, String> {
    let run = process::run_binary(binary, args, input, TIME_LIMIT, Some(MEMORY_MIB))?;
    if must == FlagsMust::Refuse && run.status == Some(0) {
        return Ok(Some(format!("accepted {what}: {}", args.join(" "))));
    }
    if run.status == Some(0) && args.iter().any(|a| a.contains("zz-fuzz")) {
        return Ok(Some(format!("accepted {what}: {}", args.join(" "))));
    }
    if run.status == Some(0) && args.windows(2).any(|w| w[0] == w[1]) {
        // A flag given twice and accepted: the answer is the binary's, with no oracle to ask.
        return Ok(None);
    }
    examine(crate_name, binary, args, input, &run)
}

/// The input as the input rule reads it: no byte-order mark, lines trimmed of spaces and tabs,
/// blank lines dropped, tokens separated by single spaces. The oracles read this form.
pub fn canonical(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = String::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
        if !tokens.is_empty() {
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
    }
    out
}

/// Whether the oracle answers `input` (already accepted by the binary) quickly.
fn oracle_size_ok(crate_name: &str, input: &str) -> bool {
    puzzles::find(crate_name).is_some_and(|puzzle| (puzzle.oracle_is_quick)(input))
}

/// Runs `binary` on `input` and says what is wrong, if anything.
pub fn examine_input(
    crate_name: &str,
    binary: &Path,
    args: &[String],
    input: &[u8],
) -> Result<Option<String>, String> {
    let run = process::run_binary(binary, args, input, TIME_LIMIT, Some(MEMORY_MIB))?;
    examine(crate_name, binary, args, input, &run)
}

/// What is wrong with one run, if anything.
fn examine(
    crate_name: &str,
    binary: &Path,
    args: &[String],
    input: &[u8],
    first: &RunOutput,
) -> Result<Option<String>, String> {
    let stderr = String::from_utf8_lossy(&first.stderr);
    if first.timed_out {
        return Ok(Some(format!("no answer within {TIME_LIMIT:?}")));
    }
    if stderr.contains("panicked") {
        return Ok(Some(format!("panic: {}", stderr.trim())));
    }
    match first.status {
        Some(2) => {
            let prefix = format!("{crate_name}: ");
            if !first.stdout.is_empty() {
                return Ok(Some("exit status 2 with output on stdout".to_string()));
            }
            if !stderr.ends_with('\n') || stderr.trim_end().contains('\n') {
                return Ok(Some(format!("not a one-line message: {stderr:?}")));
            }
            if !stderr.starts_with(&prefix) {
                return Ok(Some(format!("message not in the house shape: {stderr:?}")));
            }
            // In the judge mode (no flags) only the input can be wrong: the message names its line.
            let names_line = stderr[prefix.len()..].starts_with("line ");
            if args.is_empty() && !names_line {
                return Ok(Some(format!("a refusal that names no line: {stderr:?}")));
            }
            Ok(None)
        }
        Some(0) => {
            let second = process::run_binary(binary, args, input, TIME_LIMIT, Some(MEMORY_MIB))?;
            if second.stdout != first.stdout || second.status != first.status {
                return Ok(Some("a second run printed something else".to_string()));
            }
            let Ok(text) = std::str::from_utf8(input) else {
                return Ok(Some("accepted an input that is not UTF-8".to_string()));
            };
            let Ok(actual) = std::str::from_utf8(&first.stdout) else {
                return Ok(Some("stdout is not UTF-8".to_string()));
            };
            let canonical = canonical(text);
            if !oracle_size_ok(crate_name, &canonical) {
                return Ok(None);
            }
            compare_with_oracle(crate_name, args, &canonical, actual)
        }
        other => Ok(Some(format!("exit status {other:?}: {}", stderr.trim()))),
    }
}

/// The oracle's answer to `input` (in canonical form) for the binary's `args`, `None` when it
/// cannot read it (it panics) or is not quick on it.
fn oracle_answer(crate_name: &str, args: &[String], input: &str) -> Option<String> {
    if !oracle_size_ok(crate_name, input) {
        return None;
    }
    let mut oracle_args = vec![crate_name.to_string()];
    oracle_args.extend(args.iter().cloned());
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let answer = std::panic::catch_unwind(|| oracle::solve(&oracle_args, input));
    std::panic::set_hook(hook);
    answer.ok()?.ok()
}

/// Whether the oracle answers `mutated` as it answers `seed` (both UTF-8 and quick for it):
/// then a binary that refuses `mutated` refuses what it must answer.
fn oracle_reads_alike(crate_name: &str, args: &[String], seed: &[u8], mutated: &[u8]) -> bool {
    let (Ok(seed), Ok(mutated)) = (std::str::from_utf8(seed), std::str::from_utf8(mutated)) else {
        return false;
    };
    match (
        oracle_answer(crate_name, args, &canonical(seed)),
        oracle_answer(crate_name, args, &canonical(mutated)),
    ) {
        (Some(plain), Some(changed)) => plain == changed,
        _ => false,
    }
}

fn compare_with_oracle(
    crate_name: &str,
    args: &[String],
    canonical: &str,
    actual: &str,
) -> Result<Option<String>, String> {
    let mut oracle_args = vec![crate_name.to_string()];
    oracle_args.extend(args.iter().cloned());
    let input = canonical.to_string();
    // An oracle panic is a finding, reported below; keep its message off the screen.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let answer = std::panic::catch_unwind(|| oracle::solve(&oracle_args, &input));
    std::panic::set_hook(hook);
    let expected = match answer {
        Ok(Ok(expected)) => expected,
        Ok(Err(why)) => return Err(why),
        Err(_) => {
            return Ok(Some(
                "the oracle could not read an input the binary accepted".to_string(),
            ));
        }
    };
    if let Some(fault) = verify::layout_fault(actual) {
        return Ok(Some(fault));
    }
    let expected_lines = verify::normalise(&expected);
    let actual_lines = verify::normalise(actual);
    let verdict = match puzzles::checker_for(crate_name, args) {
        Some(checker) => checker(canonical, &expected_lines, &actual_lines, args).err(),
        None => (expected_lines != actual_lines).then(|| {
            let at = expected_lines
                .iter()
                .zip(&actual_lines)
                .position(|(e, a)| e != a)
                .unwrap_or(expected_lines.len().min(actual_lines.len()));
            format!("differs from the oracle at output line {}", at + 1)
        }),
    };
    Ok(verdict)
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let options = parse_options(args)?;
    let root = crate::workspace::root();
    process::build(&options.crates)?;
    let saved = crate::workspace::target_dir().join("fuzz");
    let (mut passed, mut failed) = (0usize, 0usize);
    for crate_name in &options.crates {
        let binary = crate::workspace::release_binary(crate_name);
        let seeds = seeds(&root.join("testdata"), crate_name)?;
        let mut rng =
            Rng::new(options.seed ^ (crate_name.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let started = std::time::Instant::now();
        let (mut crate_passed, mut crate_failed) = (0usize, 0usize);
        let mut first_failure: Option<PathBuf> = None;
        for case in 0..options.cases {
            let seed = &seeds[rng.below(seeds.len() as u64) as usize];
            let mut input = seed.bytes.clone();
            let mut args = seed.args.clone();
            // One case in six changes the input harmlessly, one in six the flags; the rest
            // mutate the input anyhow.
            let verdict = match rng.below(6) {
                0 if seed.accepted => {
                    let what = mutate_harmless(&mut rng, &mut input);
                    examine_harmless(crate_name, &binary, &args, &seed.bytes, &input, what)?
                }
                1 => {
                    let (mutated, must, what) = mutate_flags(&mut rng, &seed.args);
                    args = mutated;
                    examine_flags(crate_name, &binary, &args, &input, must, what)?
                }
                _ => {
                    for _ in 0..1 + rng.below(3) {
                        mutate(&mut rng, &mut input);
                    }
                    examine_input(crate_name, &binary, &args, &input)?
                }
            };
            match verdict {
                None => crate_passed += 1,
                Some(why) => {
                    crate_failed += 1;
                    std::fs::create_dir_all(&saved).map_err(|e| e.to_string())?;
                    let file = saved.join(format!("{crate_name}-{}-{case}.in", options.seed));
                    std::fs::write(&file, &input).map_err(|e| e.to_string())?;
                    if crate_failed <= 10 {
                        println!(
                            "FAIL {crate_name} case {case} ({} {}): {why}",
                            args.join(" "),
                            file.display()
                        );
                    }
                    first_failure.get_or_insert(file);
                }
            }
        }
        let first = first_failure.map_or(String::new(), |f| {
            format!(", first failing input {}", f.display())
        });
        println!(
            "== {crate_name}: {crate_passed} passed, {crate_failed} failed in {:.1} s{first}",
            started.elapsed().as_secs_f64()
        );
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
