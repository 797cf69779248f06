//! The judge data's layout under `testdata/`, as `verify` and `fuzz` read it: the cases of a
//! puzzle's folder, and the rules an output's text follows before it is compared.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// One judge case.
pub struct Case {
    pub crate_name: String,
    /// Path below `testdata/`, without `.in`, for display and filtering.
    pub name: String,
    pub input: PathBuf,
    pub expected: Option<PathBuf>,
    pub args: Vec<String>,
    /// The folder's `limit`, when it has one.
    pub time_limit: Option<Duration>,
    pub must_fail: bool,
}

pub fn discover(root: &Path, crate_name: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut folders = vec![root.join(crate_name)];
    while let Some(folder) = folders.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        entries.sort();
        let args = match std::fs::read_to_string(folder.join("args")) {
            Ok(text) => text.split_whitespace().map(str::to_string).collect(),
            Err(_) => Vec::new(),
        };
        let time_limit = match std::fs::read_to_string(folder.join("limit")) {
            Ok(text) => Some(
                text.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|s| *s > 0.0)
                    .map(Duration::from_secs_f64)
                    .ok_or_else(|| {
                        format!("{}: expected seconds", folder.join("limit").display())
                    })?,
            ),
            Err(_) => None,
        };
        let must_fail = folder.file_name().is_some_and(|n| n == "bad");
        for path in entries {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "in") {
                let out = path.with_extension("out");
                if !must_fail && !out.exists() {
                    return Err(format!("{} has no .out beside it", path.display()));
                }
                let name = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .with_extension("")
                    .to_string_lossy()
                    .replace('\\', "/");
                cases.push(Case {
                    crate_name: crate_name.to_string(),
                    name,
                    input: path,
                    expected: (!must_fail).then_some(out),
                    args: args.clone(),
                    time_limit,
                    must_fail,
                });
            }
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// Lines with `\r\n` folded to `\n`, trailing whitespace removed, trailing empty lines dropped.
pub fn normalise(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// What is wrong with the layout of an output, byte for byte, before its lines are compared:
/// every line, the last too, ends with one `\n`, with no `\r`, no trailing whitespace and no
/// empty line at the end (the house's binaries write each line with `writeln!`).
pub fn layout_fault(output: &str) -> Option<String> {
    if output.is_empty() {
        return None;
    }
    if !output.ends_with('\n') {
        return Some("the output does not end with a newline".to_string());
    }
    if output.ends_with("\n\n") {
        return Some("the output ends with an empty line".to_string());
    }
    // Split on `\n` alone: `str::lines` would take a `\r\n` for a line ending.
    let body = &output[..output.len() - 1];
    body.split('\n').enumerate().find_map(|(i, line)| {
        let line_number = i + 1;
        if line.ends_with('\r') {
            Some(format!("line {line_number} ends with a carriage return"))
        } else if line.ends_with(char::is_whitespace) {
            Some(format!("line {line_number} ends with whitespace"))
        } else {
            None
        }
    })
}
