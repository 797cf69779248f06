//! House rules that a test can check, in the manner of rust-analyzer's `tidy.rs`: run by
//! `cargo test`, over every source, manifest and Markdown file that git tracks.

mod arguments;
mod invariants;
mod recipe;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The files git tracks (and untracked ones it does not ignore), relative to the root.
fn files(ext: &str) -> Vec<PathBuf> {
    let root = crate::workspace::root();
    let output = std::process::Command::new("git")
        .current_dir(&root)
        .args(["ls-files", "--cached", "--others", "--exclude-standard"])
        .output()
        .expect("git runs");
    String::from_utf8(output.stdout)
        .expect("UTF-8 paths")
        .lines()
        .filter(|path| path.ends_with(ext))
        .map(PathBuf::from)
        .filter(|path| root.join(path).exists())
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(crate::workspace::root().join(path)).expect("a text file")
}

/// Collects `path:line: what` for every line of every Rust file that `bad` flags.
fn rust_lines(bad: impl Fn(&Path, &str) -> Option<String>) -> Vec<String> {
    let mut found = Vec::new();
    for path in files(".rs") {
        for (index, line) in read(&path).lines().enumerate() {
            if let Some(what) = bad(&path, line) {
                found.push(format!("{}:{}: {what}", path.display(), index + 1));
            }
        }
    }
    found
}

#[track_caller]
fn assert_none(found: Vec<String>) {
    assert!(found.is_empty(), "\n{}\n", found.join("\n"));
}

#[test]
fn every_rust_file_says_what_it_is_for() {
    let found: Vec<String> = files(".rs")
        .into_iter()
        .filter(|path| {
            let text = read(path);
            let first = text.lines().next().unwrap_or_default();
            !(first.starts_with("//! ") || first == r#"#![doc = include_str!("../README.md")]"#)
        })
        .map(|path| format!("{}: the first line is not a `//!` comment", path.display()))
        .collect();
    assert_none(found);
}

#[test]
fn no_debugging_leftovers_and_no_unexplained_test_attributes() {
    // Spelled in pieces so that this file does not flag itself.
    let (dbg, todo, should_panic) = (
        ["dbg", "!("].concat(),
        ["todo", "!("].concat(),
        "should_panic",
    );
    assert_none(rust_lines(|_, line| {
        let code = line.trim_start();
        if code.starts_with("//") {
            return None;
        }
        if code.contains(&dbg) || code.contains(&todo) {
            return Some("a debugging leftover".to_string());
        }
        if code.contains(&format!("#[{should_panic}")) {
            return Some("assert on the result or the message instead of should_panic".to_string());
        }
        if code.starts_with("#[ignore]") {
            return Some("an #[ignore] needs its reason: #[ignore = \"...\"]".to_string());
        }
        None
    }));
}

#[test]
fn tests_live_in_their_own_files() {
    let inline = ["mod tests", " {"].concat();
    assert_none(rust_lines(|_, line| {
        line.trim_start()
            .starts_with(&inline)
            .then(|| "an inline test module: use `mod tests;` and a tests.rs".to_string())
    }));
}

/// The dependencies a manifest declares, by section (`dependencies`, `dev-dependencies`, ...).
fn declared(manifest: &str) -> Vec<(String, String)> {
    let mut section = String::new();
    let mut names = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']).to_string();
        } else if section.ends_with("dependencies")
            && let Some((name, _)) = line.split_once(['=', '.'])
            && !name.trim().is_empty()
            && !line.starts_with('#')
        {
            names.push((section.clone(), name.trim().to_string()));
        }
    }
    names
}

#[test]
fn every_dependency_is_declared_once_and_used() {
    let root_manifest = read(Path::new("Cargo.toml"));
    let workspace: Vec<String> = declared(&root_manifest)
        .into_iter()
        .filter(|(section, _)| section == "workspace.dependencies")
        .map(|(_, name)| name)
        .collect();
    let mut found = Vec::new();
    let mut used_by_members: BTreeMap<String, usize> = BTreeMap::new();
    for manifest in files("Cargo.toml")
        .into_iter()
        .filter(|m| m.parent() != Some(Path::new("")))
    {
        let member = manifest.parent().expect("a member folder");
        let sources: String = files(".rs")
            .into_iter()
            .filter(|path| path.starts_with(member))
            .map(|path| read(&path))
            .collect();
        for (_, name) in declared(&read(&manifest)) {
            *used_by_members.entry(name.clone()).or_default() += 1;
            let ident = name.replace('-', "_");
            let used = [format!("{ident}::"), format!("use {ident}")]
                .iter()
                .any(|pattern| sources.contains(pattern.as_str()));
            if !used {
                found.push(format!(
                    "{}: `{name}` is declared but never used",
                    manifest.display()
                ));
            }
        }
    }
    for name in workspace {
        if !used_by_members.contains_key(&name) {
            found.push(format!(
                "Cargo.toml: workspace dependency `{name}` is used by no member"
            ));
        }
    }
    assert_none(found);
}

#[test]
fn no_link_leaves_the_repository() {
    let root = crate::workspace::root();
    let mut found = Vec::new();
    let outside = ["..", "/shared"].concat();
    for path in files(".md")
        .into_iter()
        .chain(files(".rs"))
        .chain(files(".toml"))
    {
        let text = read(&path);
        if text.contains(&outside) {
            found.push(format!("{}: points into {outside}", path.display()));
        }
        if path.extension().is_some_and(|e| e == "md") {
            // Relative Markdown links must name a file or folder of the repository.
            for target in text
                .split("](")
                .skip(1)
                .filter_map(|rest| rest.split(')').next())
            {
                let target = target.split('#').next().unwrap_or_default();
                if target.is_empty() || target.contains("://") {
                    continue;
                }
                let resolved = root
                    .join(path.parent().unwrap_or(Path::new("")))
                    .join(target);
                let inside = resolved
                    .canonicalize()
                    .is_ok_and(|r| r.starts_with(root.canonicalize().expect("the root")));
                if !inside {
                    found.push(format!(
                        "{}: the link `{target}` leads nowhere in the repository",
                        path.display()
                    ));
                }
            }
        }
    }
    assert_none(found);
}

/// `(crate folder, value)` of every `pub const MAX_*: usize = N` or `u32` in the crates.
fn limits() -> Vec<(PathBuf, u64)> {
    let mut limits = Vec::new();
    for path in files(".rs").into_iter().filter(|p| p.starts_with("crates")) {
        let member: PathBuf = path.iter().take(2).collect();
        for line in read(&path).lines() {
            let line = line.trim();
            if line.starts_with("pub const MAX_")
                && let Some(value) = line.split('=').nth(1)
                && let Ok(value) = value.trim().trim_end_matches(';').replace('_', "").parse()
            {
                limits.push((member.clone(), value));
            }
        }
    }
    limits
}

/// The numbers a text gives as a limit of discs: `up to N discs`, `at most N discs`,
/// `1 to N discs`.
fn stated_disc_limits(text: &str) -> Vec<u64> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut stated = Vec::new();
    for window in words.windows(4) {
        let limit_words = matches!(
            (window[0], window[1]),
            ("up", "to") | ("at", "most") | ("1", "to")
        );
        if limit_words
            && window[3].trim_matches(|c: char| !c.is_alphanumeric()) == "discs"
            && let Ok(value) = window[2].trim_matches('`').parse()
        {
            stated.push(value);
        }
    }
    stated
}

#[test]
fn disc_limits_in_the_docs_are_the_constants() {
    let limits = limits();
    let mut found = Vec::new();
    // Tests, examples and benchmarks choose sizes; the libraries and READMEs state limits.
    let chooses_sizes = |p: &PathBuf| {
        p.ends_with("tests.rs")
            || p.iter()
                .any(|c| ["tests", "examples", "benches"].contains(&c.to_str().unwrap_or_default()))
    };
    let docs = files(".md")
        .into_iter()
        .chain(files(".rs"))
        .filter(|p| p.starts_with("crates") && !chooses_sizes(p));
    for path in docs {
        let member: PathBuf = path.iter().take(2).collect();
        let text = read(&path);
        let prose: String = if path.extension().is_some_and(|e| e == "rs") {
            text.lines()
                .map(str::trim_start)
                .filter(|l| l.starts_with("///") || l.starts_with("//!"))
                .map(|l| format!("{} ", l.trim_start_matches('/').trim_start_matches('!')))
                .collect()
        } else {
            text
        };
        for value in stated_disc_limits(&prose) {
            if !limits.iter().any(|(m, v)| *m == member && *v == value) {
                found.push(format!(
                    "{}: states a limit of {value} discs that no MAX_ constant of {} has",
                    path.display(),
                    member.display()
                ));
            }
        }
    }
    assert_none(found);
}

#[test]
fn the_disc_limit_rule_reads_limits() {
    assert_eq!(
        stated_disc_limits("up to 20 discs, at most `13` discs; 1 to 12 discs."),
        [20, 13, 12]
    );
    assert!(stated_disc_limits("up to 20 cells").is_empty());
}

/// `(first line, lines)` of every function in `text` whose body closes at its own indentation
/// (rustfmt's layout), longer than `limit` lines.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let signature = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .any(|p| code.starts_with(p));
        if !signature || code.ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[start + 1..].iter().position(|l| *l == close) {
            let length = end + 2;
            if length > limit {
                found.push((start + 1, length));
            }
        }
    }
    found
}

/// Whether `path` is a test (`tests.rs`, or below a `tests` folder), a benchmark or an example:
/// code that chooses its own length and its own figures.
fn is_test_bench_or_example(path: &Path) -> bool {
    path.ends_with("tests.rs")
        || path
            .iter()
            .any(|c| ["tests", "benches", "examples"].contains(&c.to_str().unwrap_or_default()))
}

#[test]
fn no_function_is_longer_than_80_lines_in_the_crates_or_120_in_xtask() {
    let mut found = Vec::new();
    for path in files(".rs")
        .into_iter()
        .filter(|p| !is_test_bench_or_example(p))
    {
        let limit = if path.starts_with("xtask") { 120 } else { 80 };
        for (line, length) in long_functions(&read(&path), limit) {
            found.push(format!(
                "{}:{line}: a function of {length} lines (at most {limit}); split it into named steps",
                path.display()
            ));
        }
    }
    assert_none(found);
}

/// The library files of `files` (tests, benches, examples and xtask aside) of more than
/// `limit` lines, with their lengths.
fn long_library_files(files: &[(PathBuf, String)], limit: usize) -> Vec<(PathBuf, usize)> {
    files
        .iter()
        .filter(|(path, _)| !path.starts_with("xtask") && !is_test_bench_or_example(path))
        .map(|(path, text)| (path.clone(), text.lines().count()))
        .filter(|&(_, lines)| lines > limit)
        .collect()
}

#[test]
fn no_library_file_is_longer_than_800_lines() {
    let sources: Vec<(PathBuf, String)> = files(".rs")
        .into_iter()
        .map(|p| (p.clone(), read(&p)))
        .collect();
    let found = long_library_files(&sources, 800)
        .into_iter()
        .map(|(path, lines)| {
            format!(
                "{}: {lines} lines (at most 800); split it into rooms",
                path.display()
            )
        })
        .collect();
    assert_none(found);
    // The rule fails on a breach, and leaves tests and xtask alone.
    let long = "x\n".repeat(801);
    let breach = [
        (PathBuf::from("crates/a/src/big.rs"), long.clone()),
        (PathBuf::from("crates/a/src/tests.rs"), long.clone()),
        (PathBuf::from("xtask/src/big.rs"), long),
    ];
    assert_eq!(
        long_library_files(&breach, 800),
        [(PathBuf::from("crates/a/src/big.rs"), 801)]
    );
}

#[test]
fn the_length_rule_measures_functions() {
    let body = "    let x = 1;\n".repeat(130);
    let text = format!("fn short() {{\n}}\n\nimpl A {{\n    pub fn long() {{\n{body}    }}\n}}\n");
    assert_eq!(long_functions(&text, 120), [(5, 132)]);
    assert!(long_functions(&text, 140).is_empty());
}

/// The ```rust blocks of a Markdown text, each as its lines.
fn rust_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match (&mut current, line.trim_start()) {
            (None, fence) if fence.starts_with("```rust") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// The workspace README is no crate's page, so its Rust examples run as doctests only where
/// they also stand in a crate's README (each crate's page, doctested in its own package).
#[test]
fn the_workspace_readme_examples_are_doctested_in_a_crate() {
    let crates: Vec<String> = files("README.md")
        .into_iter()
        .filter(|p| p.starts_with("crates"))
        .flat_map(|p| rust_blocks(&read(&p)))
        .collect();
    let found: Vec<String> = rust_blocks(&read(Path::new("README.md")))
        .into_iter()
        .filter(|block| !crates.contains(block))
        .map(|block| {
            format!(
                "README.md: this example is in no crate's README (where it would be doctested):\n{block}"
            )
        })
        .collect();
    assert_none(found);
}

/// Whether `text` names `name` as a word of its own (not inside `jugs2` or `jugs-extra` for
/// `jugs`).
fn names_word(text: &str, name: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

/// The xtask files outside `puzzle`'s own folder that name it: at most one may (the registry).
fn files_naming_outside(puzzle: &str, sources: &[(PathBuf, String)]) -> Vec<PathBuf> {
    let own = format!("xtask/src/puzzles/{}/", puzzle.replace('-', "_"));
    sources
        .iter()
        .filter(|(path, text)| {
            !path.to_string_lossy().starts_with(&own)
                && (names_word(text, puzzle) || names_word(text, &puzzle.replace('-', "_")))
        })
        .map(|(path, _)| path.clone())
        .collect()
}

#[test]
fn each_puzzle_is_named_in_xtask_only_by_its_folder_and_the_registry() {
    let sources: Vec<(PathBuf, String)> = files(".rs")
        .into_iter()
        .filter(|path| path.starts_with("xtask/src"))
        .map(|path| {
            let text = read(&path);
            (path, text)
        })
        .collect();
    let mut found = Vec::new();
    for puzzle in crate::puzzles::PUZZLES {
        let outside = files_naming_outside(puzzle.name, &sources);
        if outside.len() > 1 {
            found.push(format!("{}: named in {outside:?}", puzzle.name));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The rule fails on a breach: a command that names a puzzle beside the registry.
    let breach = [
        (
            PathBuf::from("xtask/src/puzzles/mod.rs"),
            "pub mod jugs;".to_string(),
        ),
        (
            PathBuf::from("xtask/src/commands/x.rs"),
            "run(\"jugs\")".to_string(),
        ),
        (
            PathBuf::from("xtask/src/puzzles/jugs/mod.rs"),
            "\"jugs\"".to_string(),
        ),
        (
            PathBuf::from("xtask/src/commands/y.rs"),
            "jugs-extra jugs2".to_string(),
        ),
    ];
    assert_eq!(files_naming_outside("jugs", &breach).len(), 2);
}

/// `(line, characters)` of every line of the code map of `architecture` (its section `## Code
/// map`) longer than `limit` characters: a row says what a module is for, in a line or two.
fn long_code_map_rows(architecture: &str, limit: usize) -> Vec<(usize, usize)> {
    architecture
        .lines()
        .enumerate()
        .skip_while(|(_, line)| *line != "## Code map")
        .skip(1)
        .take_while(|(_, line)| !line.starts_with("## "))
        .map(|(index, line)| (index + 1, line.chars().count()))
        .filter(|&(_, length)| length > limit)
        .collect()
}

#[test]
fn every_code_map_row_is_at_most_300_characters() {
    let architecture = read(Path::new("ARCHITECTURE.md"));
    assert!(
        architecture.contains("\n## Code map\n"),
        "ARCHITECTURE.md has no code map"
    );
    let found = long_code_map_rows(&architecture, 300)
        .into_iter()
        .map(|(line, length)| {
            format!("ARCHITECTURE.md:{line}: a code map row of {length} characters, over 300")
        })
        .collect();
    assert_none(found);
    // The rule fails on a breach: one long row, and a longer line after the code map it ignores.
    let breach = format!(
        "## Code map\n\n| `a` | short |\n| `b` | {} |\n\n## Next\n\n{}\n",
        "x".repeat(300),
        "y".repeat(400)
    );
    assert_eq!(long_code_map_rows(&breach, 300), [(4, 310)]);
}

/// What a comment in `line` quotes that belongs in docs/performance.md or a bench's output: a
/// date (`YYYY-MM-DD`), a time (a number, then `s`, `ms`, `us`, `µs`, `ns`, `min`, `h`,
/// `seconds`, `minutes` or `hours`), a percentage (`5%`) or a ratio (`1.86x`, `4.6 times
/// fewer`); `None` for a line of code and for a comment with none.
fn measured_figure(line: &str) -> Option<&'static str> {
    let code = line.trim_start();
    let comment = if code.starts_with("//") {
        code
    } else {
        code.split_once(" // ")?.1
    };
    let chars: Vec<char> = comment.chars().collect();
    let word = |i: usize| {
        chars
            .get(i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
    };
    let digits = |from: usize| {
        let rest = chars.get(from..).unwrap_or_default();
        rest.iter().take_while(|c| c.is_ascii_digit()).count()
    };
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() || (i > 0 && (word(i - 1) || chars[i - 1] == '.')) {
            i += 1;
            continue;
        }
        let mut end = i + digits(i);
        let dash = |at: usize| chars.get(at) == Some(&'-');
        if end - i == 4
            && dash(end)
            && digits(end + 1) == 2
            && dash(end + 3)
            && digits(end + 4) == 2
        {
            return Some("a date");
        }
        if chars.get(end) == Some(&'.') && digits(end + 1) > 0 {
            end += 1 + digits(end + 1);
        }
        if chars.get(end) == Some(&'x') && !word(end + 1) {
            return Some("a ratio");
        }
        if chars.get(end) == Some(&'%') {
            return Some("a percentage");
        }
        let unit_at = end + usize::from(chars.get(end) == Some(&' '));
        let spelled = |unit: &str| {
            let after = unit_at + unit.chars().count();
            let written = chars.get(unit_at..after).unwrap_or_default();
            written.iter().copied().eq(unit.chars()) && !word(after)
        };
        let times = [
            "s", "ms", "us", "µs", "ns", "min", "h", "seconds", "minutes", "hours",
        ];
        if times.iter().any(|unit| spelled(unit)) {
            return Some("a time");
        }
        let compared = [
            "faster", "slower", "fewer", "more", "less", "as fast", "as long",
        ];
        if spelled("times")
            && compared.iter().any(|c| {
                let rest: String = chars
                    .get(unit_at + 6..)
                    .unwrap_or_default()
                    .iter()
                    .collect();
                rest.starts_with(c)
            })
        {
            return Some("a ratio");
        }
        i = end;
    }
    None
}

#[test]
fn no_date_or_measured_figure_in_a_source_comment() {
    // Limits the code sets, not measurements, each with the words that state it.
    let cluster = "crates/statespace-timely/src/cluster.rs";
    let limits = [
        // The floor of `Cluster::with_peer_timeout`, `Duration::from_millis(40)` in its code.
        (cluster, "(at least 40 ms)"),
        // `connect_until`'s pause between attempts, `Duration::from_millis(50)`.
        (cluster, "retrying every 50 ms"),
    ];
    let library_or_binary = |path: &Path| {
        path.starts_with("crates")
            && path.iter().nth(2) == Some(std::ffi::OsStr::new("src"))
            && !is_test_bench_or_example(path)
    };
    assert_none(rust_lines(|path, line| {
        if !library_or_binary(path)
            || limits
                .iter()
                .any(|(file, words)| path == Path::new(file) && line.contains(words))
        {
            return None;
        }
        measured_figure(line).map(|what| {
            format!("{what} in a comment: the dated log (docs/performance.md) or a bench holds it")
        })
    }));
    // The rule fails on a breach...
    let breach = [
        "/// a median of 0.57 s with 200 us, alternating runs",
        "    // where the batch sets bits (the figures are in docs/performance.md, 2026-12-05).",
        "//! two threads run 1.86x as fast as one",
        "let spin = 2; // 3.5 ns a successor",
        "/// waking a thread costs 80µs",
        "/// saved 5% of the level's time",
        "// the build took 6.4 min, the search 3 minutes",
        "/// 4.6 times fewer states expanded",
    ];
    let found: Vec<_> = breach.iter().map(|line| measured_figure(line)).collect();
    let (time, date, ratio) = (Some("a time"), Some("a date"), Some("a ratio"));
    let percentage = Some("a percentage");
    assert_eq!(
        found,
        [time, date, ratio, time, time, percentage, time, ratio]
    );
    // ...and lets design facts, puzzle names and code pass.
    let facts = [
        "/// a table of 2^26 entries, 8 bytes a state, 2^20 states a segment, (4 KiB, 2^14 states)",
        "//! the 2x2x2, a 3 x 3 grid, seed 0x202612, u64s, 13 discs",
        "let timeout = Duration::from_millis(40); // at least this, 2^20 ranks",
        "let text = \"20 ms\";",
        "/// assert_eq!(table.code(30), Some(20 % 3)); // 20 moves from 50",
        "/// 3 times a level, the 2 hops",
    ];
    assert!(facts.iter().all(|line| measured_figure(line).is_none()));
}

/// The name of every package of the workspace: each `Cargo.toml`'s `[package]` name.
fn package_names() -> Vec<String> {
    files("Cargo.toml")
        .iter()
        .filter_map(|path| {
            let text = read(path);
            let package = text.split("[package]").nth(1)?;
            let line = package
                .lines()
                .find(|l| l.trim_start().starts_with("name"))?;
            Some(line.split('"').nth(1)?.to_string())
        })
        .collect()
}

/// `(line, name)` of each package a `cargo` command of `text` names (`-p NAME`, `--package
/// NAME`) that is not one of `packages`.
fn unknown_packages(text: &str, packages: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if !line.contains("cargo ") {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            if pair[0] == "-p" || pair[0] == "--package" {
                let name = pair[1].trim_matches(|c: char| "`)(,.:;\"'".contains(c));
                // A name made at run time (`{name}`), or the example puzzle that "Adding a
                // puzzle" walks through before it exists.
                let example = name.contains('{') || name == "knights";
                if !example && !packages.iter().any(|p| p == name) {
                    found.push((n + 1, name.to_string()));
                }
            }
        }
    }
    found
}

#[test]
fn cargo_commands_in_the_docs_name_packages_that_exist() {
    // A folder or library name (`statespace`) where the package's name differs
    // (`statespace-search`) makes `cargo run -p` fail for whoever copies it.
    let packages = package_names();
    assert!(packages.iter().any(|p| p == "statespace-search"));
    let mut found = Vec::new();
    for path in files(".md").into_iter().chain(files(".rs")) {
        for (line, name) in unknown_packages(&read(&path), &packages) {
            found.push(format!(
                "{}:{line}: `-p {name}` names no package of the workspace",
                path.display()
            ));
        }
    }
    assert_none(found);
    // The rule fails on a breach.
    // (Made of pieces, so that this file does not hold the breach itself.)
    let text = [
        "cargo doc -",
        "p statespace\ncargo test -q -",
        "p statespace-disk\n",
    ]
    .concat();
    assert_eq!(
        unknown_packages(&text, &packages),
        [(1, "statespace".to_string())]
    );
}

/// The name of the item that `declaration` (a line without its visibility) declares, if it
/// declares one of `kinds` (`fn`, `struct`, ...) or a `const` (a `const`, `unsafe` or `async`
/// function is a function).
fn declared_item<'a>(declaration: &'a str, kinds: &[&str]) -> Option<&'a str> {
    let words: Vec<&str> = declaration.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| !["const", "unsafe", "async"].contains(w))?;
    let name = if kinds.contains(&words[at]) {
        words.get(at + 1)?
    } else if at > 0 && words[at - 1] == "const" {
        // `pub const N: u32`: a constant, the word after `const` its name.
        words[at]
    } else {
        return None;
    };
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    Some(&name[..end]).filter(|name| !name.is_empty())
}

/// The name of the public item that `line` declares, if it declares one: `pub fn`, `struct`,
/// `enum`, `trait`, `type` or `const` (a `const`, `unsafe` or `async` function is a function).
fn public_item(line: &str) -> Option<&str> {
    let declaration = line.trim_start().strip_prefix("pub ")?;
    declared_item(declaration, &["fn", "struct", "enum", "trait", "type"])
}

/// The name of the item that `line`, a line of a trait's body at the indentation of its items,
/// declares, if it declares one: a method, an associated `type` or an associated `const`.
fn trait_item(line: &str) -> Option<&str> {
    declared_item(line.trim_start(), &["fn", "type"])
}

/// Whether `line` opens the body of a public trait that goes on below it (`pub trait T {`, not
/// `pub trait T {}`).
fn opens_public_trait(line: &str) -> bool {
    let rest = line.trim_start().strip_prefix("pub ").unwrap_or_default();
    rest.trim_start_matches("unsafe ").starts_with("trait ") && !line.trim_end().ends_with('}')
}

/// Whether the doc comment `docs` (its lines' text after `///`) holds an example: a block
/// opened by a fence of ```` ``` ```` or ```` ```rust ````, which rustdoc compiles and runs (a
/// ```` ```text ```` or `ignore` block does not count).
fn has_example(docs: &[&str]) -> bool {
    let mut in_block = false;
    for line in docs {
        if let Some(info) = line.trim().strip_prefix("```") {
            if !in_block && matches!(info.trim(), "" | "rust") {
                return true;
            }
            in_block = !in_block;
        }
    }
    false
}

/// `(line, name)` of every public item of `text` whose doc comment, the `///` lines directly
/// above it (attributes of one line each may stand among them), holds no example. The items
/// of a public trait's body (methods, associated types and constants, which take no `pub`)
/// count as public: they are read at the indentation rustfmt gives them, four spaces in from
/// the trait, up to the trait's closing brace.
fn items_without_example(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    // The indentation of the public trait whose body is being read, if one is.
    let mut trait_indent = None;
    for (index, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let name = match trait_indent {
            Some(outer) if indent == outer && line.trim() == "}" => {
                trait_indent = None;
                continue;
            }
            Some(outer) if indent == outer + 4 => trait_item(line),
            Some(_) => None,
            None => {
                if opens_public_trait(line) {
                    trait_indent = Some(indent);
                }
                public_item(line)
            }
        };
        let Some(name) = name else {
            continue;
        };
        let mut docs = Vec::new();
        for above in lines[..index].iter().rev().map(|l| l.trim_start()) {
            if let Some(doc) = above.strip_prefix("///") {
                docs.push(doc);
            } else if !above.starts_with("#[") {
                break;
            }
        }
        docs.reverse();
        if !has_example(&docs) {
            found.push((index + 1, name.to_string()));
        }
    }
    found
}

/// The public items of `crates/statespace/src` that no one outside the crate can name, so that
/// they need no example: `(file, item, why)`.
const UNREACHABLE_ITEMS: [(&str, &str, &str); 1] = [(
    "crates/statespace/src/arena.rs",
    "prefetch_write",
    "the `arena` module is private and `block` re-exports only `prefetch_read`: the write hint \
     is for the two-bit engine's sink",
)];

#[test]
fn every_public_item_of_statespace_has_an_example() {
    // The two-bit engine (`two_bit/engine.rs` and `two_bit/engine/`) is a `pub(crate)` module
    // whose items are `pub(crate)` or `pub(super)`, which the rule does not count; its one
    // `pub fn`, `compress_fields`, is re-exported as `block::compress_fields`, so it is checked.
    let mut found = Vec::new();
    let mut unused: Vec<_> = UNREACHABLE_ITEMS.to_vec();
    for path in files(".rs")
        .into_iter()
        .filter(|p| p.starts_with("crates/statespace/src") && !is_test_bench_or_example(p))
    {
        for (line, name) in items_without_example(&read(&path)) {
            let excepted =
                |(file, item, _): &(&str, &str, &str)| path == Path::new(file) && name == *item;
            if UNREACHABLE_ITEMS.iter().any(excepted) {
                unused.retain(|exception| !excepted(exception));
            } else {
                found.push(format!(
                    "{}:{line}: `{name}` is public and its doc comment has no ``` example",
                    path.display()
                ));
            }
        }
    }
    for (file, item, why) in unused {
        found.push(format!(
            "{file}: `{item}` is listed as needing no example ({why}), but no such item lacks one"
        ));
    }
    assert_none(found);
    // The rule fails on a breach: a text block, no docs, a blank line between, an item of an
    // impl, items of a public trait's body; and it lets an example pass, attributes between,
    // a function inside a method's body, and what is not public.
    let breach = [
        "/// With an example.",
        "///",
        "/// ```",
        "/// assert_eq!(1 + 1, 2);",
        "/// ```",
        "#[inline]",
        "#[must_use]",
        "pub const fn shown() -> u32 {",
        "    1",
        "}",
        "/// A drawing, not an example.",
        "///",
        "/// ```text",
        "/// a -> b",
        "/// ```",
        "pub struct Drawn<'a>(&'a str);",
        "pub const BARE: u32 = 1;",
        "/// ```",
        "/// let x = 1;",
        "/// ```",
        "",
        "pub trait Apart {}",
        "impl Drawn<'_> {",
        "    /// No example.",
        "    pub fn len(&self) -> usize {",
        "        self.0.len()",
        "    }",
        "    pub(crate) fn inner() {}",
        "}",
        "pub use std::fmt;",
        "/// ```",
        "/// assert!(true);",
        "/// ```",
        "pub trait Shown {",
        "    /// What it holds.",
        "    type Kind;",
        "    /// ```",
        "    /// assert_eq!(2 * 2, 4);",
        "    /// ```",
        "    #[inline]",
        "    fn shown(&self) -> u32 {",
        "        fn inner() {}",
        "        1",
        "    }",
        "    /// No example.",
        "    fn bare(&self);",
        "    const LIMIT: u32;",
        "}",
        "trait Private {",
        "    fn hidden();",
        "}",
    ]
    .join("\n");
    let found = items_without_example(&breach);
    let found: Vec<(usize, &str)> = found.iter().map(|(l, n)| (*l, n.as_str())).collect();
    assert_eq!(
        found,
        [
            (16, "Drawn"),
            (17, "BARE"),
            (22, "Apart"),
            (25, "len"),
            (36, "Kind"),
            (46, "bare"),
            (47, "LIMIT")
        ]
    );
}
