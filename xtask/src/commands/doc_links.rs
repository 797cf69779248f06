//! `cargo xtask doc-links`: every relative link of the rendered documentation under
//! `target/doc` (after `cargo doc --workspace --exclude xtask --no-deps`) leads to a file that
//! is there. A README included as a crate's page keeps its links relative to the repository,
//! which break on the rendered page; this finds them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The relative links of an HTML page: `href` values that are not a scheme, an anchor alone,
/// `javascript:`, `mailto:` or a Rust path, without their fragment or query.
pub fn relative_links(html: &str) -> Vec<String> {
    let mut links = Vec::new();
    for part in html.split("href=\"").skip(1) {
        let Some(end) = part.find('"') else { continue };
        let link = &part[..end];
        let skipped = link.is_empty()
            || link.starts_with('#')
            || link.contains("://")
            || link.contains("${")
            // An intra-doc link another crate's docs left unresolved (indicatif's blanket
            // `ProgressIterator` impl shows on every iterator of a crate that depends on it);
            // the workspace's own are refused by `cargo doc` with `-D warnings`.
            || link.contains("::")
            || ["javascript:", "mailto:", "data:"]
                .iter()
                .any(|scheme| link.starts_with(scheme));
        if skipped {
            continue;
        }
        let link = link.split(['#', '?']).next().unwrap_or_default();
        if !link.is_empty() {
            links.push(link.to_string());
        }
    }
    links
}

/// The HTML files below `dir`.
fn pages(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            pages(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
    Ok(())
}

/// `page: link` for every relative link of the pages below `doc`'s crate folders that leads
/// nowhere (a file, or a folder with an `index.html`).
pub fn broken(doc: &Path, crates: &[String]) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for name in crates {
        let mut files = Vec::new();
        pages(&doc.join(name), &mut files)?;
        for page in files {
            let html =
                std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
            let dir = page.parent().expect("a page is in a folder");
            for link in relative_links(&html) {
                let target = dir.join(&link);
                if !(target.is_file() || target.join("index.html").is_file()) {
                    found.push(format!(
                        "{}: {link}",
                        page.strip_prefix(doc).unwrap_or(&page).display()
                    ));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    Ok(found)
}

/// The library names of the workspace's publishable crates (`[lib] name`, else the package name
/// with `_` for `-`), which are rustdoc's folder names.
fn library_names(root: &Path) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).map_err(|e| e.to_string())? {
        let manifest = entry.map_err(|e| e.to_string())?.path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        if text.lines().any(|l| l.trim() == "publish = false") {
            continue;
        }
        let mut section = "";
        let (mut package, mut library) = (None, None);
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if let Some(value) = line.strip_prefix("name = ") {
                let value = value.trim_matches('"').replace('-', "_");
                match section {
                    "[package]" => package = Some(value),
                    "[lib]" => library = Some(value),
                    _ => {}
                }
            }
        }
        names.extend(library.or(package));
    }
    names.sort();
    Ok(names)
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    crate::kit::args::Args::new("doc-links", args).finish(&[])?;
    let root = crate::workspace::root();
    let doc = crate::workspace::target_dir().join("doc");
    let crates = library_names(&root)?;
    let found = broken(&doc, &crates)?;
    for line in &found {
        println!("broken link: {line}");
    }
    println!("doc links: {} crates, {} broken", crates.len(), found.len());
    Ok(if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
