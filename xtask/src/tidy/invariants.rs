//! ARCHITECTURE.md's invariants as checks: puzzle crates independent of each other, `statespace`
//! without dependencies, stdin and stdout only in binaries, files written only in the places the
//! document lists, and no module of a crate importing (directly or through others) a module that
//! imports it. Each rule is a function of the texts it reads, so the tests below can show it
//! failing on a deliberate breach.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::{assert_none, declared, files, read};

/// The workspace's puzzle crates.
fn puzzle_names() -> Vec<&'static str> {
    crate::puzzles::names().collect()
}

/// `crate folder: what is wrong` for every puzzle crate that depends on another puzzle crate.
fn puzzle_crossings(manifests: &[(&str, String)], puzzles: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (member, manifest) in manifests {
        if !puzzles.contains(member) {
            continue;
        }
        for (section, name) in declared(manifest) {
            if name != *member && puzzles.contains(&name.as_str()) {
                found.push(format!(
                    "crates/{member}: [{section}] names the puzzle crate `{name}`"
                ));
            }
        }
    }
    found
}

/// What `statespace`'s manifest depends on outside its tests: nothing may be listed.
fn core_dependencies(manifest: &str) -> Vec<String> {
    declared(manifest)
        .into_iter()
        .filter(|(section, _)| section == "dependencies" || section.ends_with(".dependencies"))
        .filter(|(section, _)| !section.contains("dev-dependencies"))
        .map(|(_, name)| format!("crates/statespace: depends on `{name}`"))
        .collect()
}

/// The code of a Rust file: comments dropped, string and character literals emptied (so
/// neither can look like a path or a `use`).
fn code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            i += 2 + hashes;
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while i < chars.len() && !chars[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether the character before `at` continues an identifier.
fn ident_before(chars: &[char], at: usize) -> bool {
    at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_')
}

/// Whether `path` is a binary's source, a test, a benchmark, an example or xtask: code that may
/// use the console.
fn may_use_console(path: &Path) -> bool {
    let text = path.to_string_lossy();
    path.ends_with("main.rs")
        || text.contains("/src/bin/")
        || path.ends_with("tests.rs")
        || path
            .iter()
            .any(|c| ["tests", "benches", "examples", "xtask"].contains(&c.to_str().unwrap_or("")))
}

/// The library files that may touch stdin and stdout: `judge::cli`, the runner the binaries
/// share.
const CONSOLE_LIBRARIES: [&str; 1] = ["crates/judge/src/cli.rs"];

/// `path:line: what` for each use of stdin or stdout in library code.
fn console_uses(path: &Path, text: &str) -> Vec<String> {
    if may_use_console(path) || CONSOLE_LIBRARIES.iter().any(|p| path == Path::new(p)) {
        return Vec::new();
    }
    let patterns = ["stdin()", "stdout()", "print!(", "println!("];
    code_lines(text)
        .filter(|(_, line)| {
            patterns.iter().any(|p| {
                line.match_indices(p)
                    .any(|(at, _)| !line[..at].ends_with('e'))
            })
        })
        .map(|(n, _)| format!("{}:{n}: stdin or stdout in a library", path.display()))
        .collect()
}

/// The numbered lines of code (not comments) of a Rust file.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(index, line)| (index + 1, line))
}

/// The library files ARCHITECTURE.md allows to write: the backquoted `.rs` paths of its item
/// that starts with `- Files are written only by` (up to the next item or blank line).
fn allowed_writers(architecture: &str) -> Vec<PathBuf> {
    let mut item = String::new();
    let mut inside = false;
    for line in architecture.lines() {
        if line.starts_with("- Files are written only by") {
            inside = true;
        } else if inside && (line.starts_with("- ") || line.trim().is_empty()) {
            break;
        }
        if inside {
            item.push_str(line);
            item.push(' ');
        }
    }
    item.split('`')
        .skip(1)
        .step_by(2)
        .filter(|p| p.ends_with(".rs"))
        .map(PathBuf::from)
        .collect()
}

/// `path:line: what` for each file system write in library code outside `allowed`.
fn file_writes(path: &Path, text: &str, allowed: &[PathBuf]) -> Vec<String> {
    if may_use_console(path) || allowed.iter().any(|p| p == path) {
        return Vec::new();
    }
    let patterns = [
        "fs::write",
        "File::create",
        "File::options",
        "OpenOptions",
        "fs::rename",
        "remove_file",
        "remove_dir",
        "create_dir",
        "fs::copy",
        "AtomicFile::create",
    ];
    code_lines(text)
        .filter(|(_, line)| patterns.iter().any(|p| line.contains(p)))
        .map(|(n, _)| {
            format!(
                "{}:{n}: writes a file, but ARCHITECTURE.md does not list it among the writers",
                path.display()
            )
        })
        .collect()
}

/// A module of a crate, as the path of names from the crate root (`[]` is the root).
type Module = Vec<String>;

/// The module a source file is, from its path below `src/`.
fn module_of(relative: &Path) -> Module {
    let mut names: Module = relative
        .with_extension("")
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    if names
        .last()
        .is_some_and(|n| ["lib", "main", "mod"].contains(&n.as_str()))
    {
        names.pop();
    }
    names
}

/// The longest module of `modules` that `base` followed by `names` starts with, if any of them
/// is one.
fn longest(modules: &BTreeSet<Module>, base: &[String], names: &[&str]) -> Option<Module> {
    let mut path = base.to_vec();
    let mut found = modules.contains(&path).then(|| path.clone());
    for name in names {
        path.push((*name).to_string());
        if modules.contains(&path) {
            found = Some(path.clone());
        } else {
            break;
        }
    }
    found
}

/// The paths a `use` tree names, flattened: `a::{b, c::{d}}` gives `a::b`, `a::c::d`, with the
/// name each brings into scope.
fn flatten_use(prefix: &str, tree: &str, out: &mut Vec<(String, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim().trim_end_matches("::");
        let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let prefix = match (prefix.is_empty(), head.is_empty()) {
            (true, _) => head.to_string(),
            (false, true) => prefix.to_string(),
            (false, false) => format!("{prefix}::{head}"),
        };
        let mut depth = 0;
        let mut start = 0;
        for (at, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    flatten_use(&prefix, &inner[start..at], out);
                    start = at + 1;
                }
                _ => {}
            }
        }
        flatten_use(&prefix, &inner[start..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path.trim(), Some(alias.trim())),
        None => (tree, None),
    };
    let full = if prefix.is_empty() {
        path.to_string()
    } else if path == "self" {
        prefix.to_string()
    } else {
        format!("{prefix}::{path}")
    };
    let name = alias
        .map(str::to_string)
        .unwrap_or_else(|| full.rsplit("::").next().unwrap_or_default().to_string());
    out.push((full, name));
}

/// The modules `module` imports from, read from its `use` items and the paths in its code
/// that start with `crate::`, `super::`, `self::`, a child module's name or a module brought in
/// by a `use`.
fn imports(modules: &BTreeSet<Module>, module: &[String], text: &str) -> BTreeSet<Module> {
    let code = code(text);
    let mut scope: BTreeMap<String, Module> = BTreeMap::new();
    for line in code.lines() {
        let line = line.trim();
        let declared = line
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ");
        if let Some(child) = declared
            .strip_prefix("mod ")
            .and_then(|rest| rest.strip_suffix(';'))
        {
            let mut path = module.to_vec();
            path.push(child.trim().to_string());
            scope.insert(child.trim().to_string(), path);
        }
    }
    let resolve = |path: &str, scope: &BTreeMap<String, Module>| -> Option<Module> {
        let names: Vec<&str> = path.split("::").map(str::trim).collect();
        match names[0] {
            "crate" => longest(modules, &[], &names[1..]),
            "super" => longest(
                modules,
                &module[..module.len().saturating_sub(1)],
                &names[1..],
            ),
            "self" => longest(modules, module, &names[1..]),
            first => scope
                .get(first)
                .and_then(|base| longest(modules, base, &names[1..])),
        }
    };
    let mut found = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| !(c.is_whitespace() || c == ';' || c == '{' || c == '}')) {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let mut paths = Vec::new();
        flatten_use("", &rest[..end].replace('\n', " "), &mut paths);
        for (path, name) in paths {
            if let Some(target) = resolve(&path, &scope) {
                if target.last() == path.rsplit("::").next().map(str::to_string).as_ref()
                    || path.ends_with("::self")
                {
                    scope.insert(name, target.clone());
                }
                found.insert(target);
            }
        }
    }
    for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        if word.contains("::") && !word.starts_with("::") && !word.ends_with("::") {
            let first = word.split("::").next().unwrap_or_default();
            if (["crate", "super", "self"].contains(&first) || scope.contains_key(first))
                && let Some(target) = resolve(word.trim_end_matches(':'), &scope)
            {
                found.insert(target);
            }
        }
    }
    found.remove(module);
    found
}

/// `crate: a -> b` for every import of a module that (directly or through others) imports the
/// importing one. `sources` are a crate's files below `src/`, tests and binaries left out.
fn module_cycles(name: &str, sources: &[(PathBuf, String)]) -> Vec<String> {
    let modules: BTreeSet<Module> = sources.iter().map(|(path, _)| module_of(path)).collect();
    let graph: BTreeMap<Module, BTreeSet<Module>> = sources
        .iter()
        .map(|(path, text)| {
            let module = module_of(path);
            let edges = imports(&modules, &module, text);
            (module, edges)
        })
        .collect();
    let reaches = |from: &Module, to: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(next) = stack.pop() {
            if &next == to {
                return true;
            }
            if seen.insert(next.clone()) {
                stack.extend(graph.get(&next).into_iter().flatten().cloned());
            }
        }
        false
    };
    let show = |m: &Module| {
        if m.is_empty() {
            "the crate root".to_string()
        } else {
            m.join("::")
        }
    };
    let mut found = Vec::new();
    for (module, edges) in &graph {
        for target in edges {
            if reaches(target, module) {
                found.push(format!(
                    "{name}: {} imports {}, which imports it back",
                    show(module),
                    show(target)
                ));
            }
        }
    }
    found
}

/// Every member's source folder (`crates/*/src`, `xtask/src`) with its files, tests and
/// binaries left out, paths relative to the folder.
fn crate_sources() -> BTreeMap<PathBuf, Vec<(PathBuf, String)>> {
    let mut crates: BTreeMap<PathBuf, Vec<(PathBuf, String)>> = BTreeMap::new();
    for path in files(".rs") {
        let Some(src) = path
            .ancestors()
            .find(|a| a.file_name().is_some_and(|n| n == "src"))
        else {
            continue;
        };
        let relative = path.strip_prefix(src).expect("below src").to_path_buf();
        // A binary beside a library is a crate of its own, above it.
        let has_library = crate::workspace::root().join(src).join("lib.rs").exists();
        let binary =
            relative.starts_with("bin") || (has_library && relative == Path::new("main.rs"));
        if binary || path.ends_with("tests.rs") {
            continue;
        }
        let text = read(&path);
        crates
            .entry(src.to_path_buf())
            .or_default()
            .push((relative, text));
    }
    crates
}

#[test]
fn puzzle_crates_do_not_depend_on_each_other() {
    let puzzles = puzzle_names();
    let manifests: Vec<(&str, String)> = puzzles
        .iter()
        .map(|p| (*p, read(&Path::new("crates").join(p).join("Cargo.toml"))))
        .collect();
    assert_none(puzzle_crossings(&manifests, &puzzles));
}

#[test]
fn statespace_has_no_dependencies() {
    assert_none(core_dependencies(&read(Path::new(
        "crates/statespace/Cargo.toml",
    ))));
}

#[test]
fn only_binaries_touch_stdin_and_stdout() {
    let mut found = Vec::new();
    for path in files(".rs") {
        found.extend(console_uses(&path, &read(&path)));
    }
    assert_none(found);
}

#[test]
fn only_the_documented_places_write_files() {
    let allowed = allowed_writers(&read(Path::new("ARCHITECTURE.md")));
    assert!(!allowed.is_empty(), "ARCHITECTURE.md lists no writers");
    let mut found = Vec::new();
    for path in &allowed {
        if !crate::workspace::root().join(path).is_file() {
            found.push(format!(
                "ARCHITECTURE.md lists {}, which is not a file",
                path.display()
            ));
        }
    }
    for path in files(".rs") {
        found.extend(file_writes(&path, &read(&path), &allowed));
    }
    assert_none(found);
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let mut found = Vec::new();
    for (src, sources) in crate_sources() {
        found.extend(module_cycles(&src.display().to_string(), &sources));
    }
    assert_none(found);
}

#[test]
fn the_invariant_rules_fail_on_a_breach() {
    // A puzzle crate that depends on another.
    let manifest = "[dependencies]\nstatespace.workspace = true\nzz-two.workspace = true\n";
    let crossings = puzzle_crossings(&[("zz-one", manifest.to_string())], &["zz-one", "zz-two"]);
    assert_eq!(
        crossings,
        ["crates/zz-one: [dependencies] names the puzzle crate `zz-two`"]
    );
    assert!(
        puzzle_crossings(&[("zz-two", manifest.to_string())], &["zz-one", "zz-two"]).is_empty()
    );
    // The core with a dependency (dev-dependencies are its tests' business).
    assert_eq!(
        core_dependencies(
            "[dependencies]\nthiserror = \"2\"\n[dev-dependencies]\nfastrand = \"2\"\n"
        ),
        ["crates/statespace: depends on `thiserror`"]
    );
    // A library printing.
    let library = Path::new("crates/zz-one/src/solve.rs");
    assert_eq!(
        console_uses(library, "fn f() {\n    println!(\"x\");\n}\n").len(),
        1
    );
    assert!(console_uses(library, "fn f() {\n    eprintln!(\"x\");\n}\n").is_empty());
    assert!(console_uses(Path::new("crates/zz-one/src/main.rs"), "println!(\"x\");").is_empty());
    // A library writing a file it is not listed for.
    let writers = allowed_writers("- Files are written only by `crates/a/src/store.rs` (tables).");
    assert_eq!(writers, [PathBuf::from("crates/a/src/store.rs")]);
    assert_eq!(
        file_writes(library, "std::fs::write(p, b\"\")?;", &writers).len(),
        1
    );
    assert!(
        file_writes(
            Path::new("crates/a/src/store.rs"),
            "std::fs::write(p, b\"\")?;",
            &writers
        )
        .is_empty()
    );
    // Two modules importing each other, directly or through the crate root.
    let sources = |files: &[(&str, &str)]| -> Vec<(PathBuf, String)> {
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), (*t).to_string()))
            .collect()
    };
    let direct = sources(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b.rs", "use crate::a::A;\npub struct B;\n"),
    ]);
    assert_eq!(module_cycles("x", &direct).len(), 2);
    let through_root = sources(&[
        ("lib.rs", "mod a;\nmod b;\npub use a::A;\npub use b::B;\n"),
        ("a.rs", "use crate::B;\npub struct A;\n"),
        ("b.rs", "pub struct B;\n"),
    ]);
    assert_eq!(
        module_cycles("x", &through_root),
        [
            "x: the crate root imports a, which imports it back",
            "x: a imports the crate root, which imports it back"
        ]
    );
    let by_name = sources(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b;\nfn f() { b::g(); }\n"),
        ("b.rs", "pub fn g() { super::a::h(); }\n"),
    ]);
    assert_eq!(module_cycles("x", &by_name).len(), 2);
    let layered = sources(&[
        ("lib.rs", "mod a;\nmod b;\npub use a::A;\n"),
        ("a.rs", "use crate::b::B;\npub struct A(B);\n"),
        ("b.rs", "pub struct B;\n"),
    ]);
    assert!(module_cycles("x", &layered).is_empty());
}
