//! The argument rule: no public function of a library crate takes more than four arguments
//! (`self` counts). Past four, a call reads as a row of unnamed values; a builder or a struct
//! of options names them. Tests, benches, examples, binaries and xtask choose their own.

use std::path::Path;

use super::{assert_none, files, is_test_bench_or_example, read};

/// The most arguments a public function may take.
const MOST: usize = 4;

/// Whether `path` is library code: under `crates/*/src`, outside tests, benches, examples and
/// binaries.
fn is_library(path: &Path) -> bool {
    path.starts_with("crates")
        && path.iter().any(|c| c == "src")
        && !path.iter().any(|c| c == "bin")
        && !path.ends_with("main.rs")
        && !is_test_bench_or_example(path)
}

/// The arguments of a parameter list (the text between its parentheses): commas at depth 0,
/// a trailing comma ignored.
fn count_arguments(params: &str) -> usize {
    let mut depth = 0i32;
    let mut count = 0;
    let mut pending = false;
    for c in params.chars() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            // `->` in a closure type is not a closing bracket.
            '>' if depth > 0 => depth -= 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                count += usize::from(pending);
                pending = false;
                continue;
            }
            _ => {}
        }
        if !c.is_whitespace() {
            pending = true;
        }
    }
    count + usize::from(pending)
}

/// `(line, name, arguments)` of every `pub fn` of `text` with more than `most` arguments
/// (`pub(crate)` and `pub(super)` are not public).
fn wide_functions(text: &str, most: usize) -> Vec<(usize, String, usize)> {
    let mut found = Vec::new();
    for (start, _) in text.match_indices("pub fn ") {
        let line = text[..start].lines().count() + 1;
        let rest = &text[start + "pub fn ".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The parameter list opens at the first `(` after the name and its generics.
        let Some(open) = rest.find('(') else { continue };
        let mut depth = 0i32;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        let arguments = count_arguments(&rest[open + 1..close].replace("->", "  "));
        if arguments > most {
            found.push((line, name, arguments));
        }
    }
    found
}

#[test]
fn no_public_function_takes_more_than_four_arguments() {
    let mut found = Vec::new();
    for path in files(".rs").into_iter().filter(|p| is_library(p)) {
        for (line, name, arguments) in wide_functions(&read(&path), MOST) {
            found.push(format!(
                "{}:{line}: `{name}` takes {arguments} arguments (at most {MOST}, `self` counted): \
                 a builder or a struct of options names them",
                path.display()
            ));
        }
    }
    assert_none(found);
}

#[test]
fn the_argument_rule_counts_arguments() {
    let text = "\
pub fn four(&self, a: u64, f: impl Fn(u64, u32) -> bool, m: HashMap<u8, (u8, u8)>) {}
pub fn five<S: Space>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &[u64],
    limit: Option<u32>,
) -> Option<Vec<u64>> {}
pub(crate) fn inner(a: u8, b: u8, c: u8, d: u8, e: u8) {}
pub fn none() {}
";
    assert_eq!(wide_functions(text, MOST), [(2, "five".to_owned(), 5)]);
    assert_eq!(count_arguments("a: u8,"), 1);
    assert_eq!(count_arguments(""), 0);
    assert!(is_library(Path::new("crates/statespace/src/search.rs")));
    assert!(!is_library(Path::new("crates/x/src/bin/x/table.rs")));
    assert!(!is_library(Path::new(
        "crates/statespace/tests/any_graph.rs"
    )));
}
