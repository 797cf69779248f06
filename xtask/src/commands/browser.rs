//! `cargo xtask browser`: every binary's `--render` page opened in headless Chromium.
//!
//! For one case per puzzle (and the 1,048,575 moves of a 20-disc tower), the page is written by
//! the release binary, opened at its start and at `#step=end` (the page's own control for the
//! last move), and the configuration it shows (`#state`'s `data-config` and `data-step`) is
//! compared with the start and the goal read here from the input, independently of the solvers.
//! Screenshots of the first and last frames go to `target/render/` for a person to look at.
//! Without a browser (`chromium` or `chromium-browser` on the PATH) it says so loudly and fails,
//! unless `BROWSER_OPTIONAL=1` exactly (any other value, `0` included, waives nothing). With a
//! browser, a run that checked no page fails: a check of nothing is not a pass.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::{process, puzzles};

fn browser() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let found = Command::new("which").arg(name).output().ok()?;
            found
                .status
                .success()
                .then(|| PathBuf::from(String::from_utf8_lossy(&found.stdout).trim()))
        })
}

fn chromium(browser: &Path, extra: &[String], url: &str) -> Result<String, String> {
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", browser.display()))?;
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// `(data-step, data-config)` of `#state` in a dumped DOM.
fn shown(dom: &str) -> Option<(usize, String)> {
    let element = dom.split("<div id=\"state\"").nth(1)?.split('>').next()?;
    let attribute = |name: &str| {
        let rest = element.split(&format!("{name}=\"")).nth(1)?;
        Some(rest.split('"').next()?.to_string())
    };
    Some((
        attribute("data-step")?.parse().ok()?,
        attribute("data-config")?,
    ))
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    crate::kit::args::Args::new("browser", args).finish(&[])?;
    let root = crate::workspace::root();
    let Some(browser) = browser() else {
        eprintln!(
            "!!!!!!!! xtask browser: no chromium on this machine: the pages were NOT checked in a browser !!!!!!!!"
        );
        return Ok(if waived(std::env::var_os("BROWSER_OPTIONAL").as_deref()) {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    };
    let crates: Vec<String> = puzzles::names().map(String::from).collect();
    process::build(&crates)?;
    let out = crate::workspace::target_dir().join("render");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let (mut passed, mut failed) = (0, 0);
    let mut pages = Vec::new();
    for puzzle in puzzles::PUZZLES {
        pages.extend((puzzle.pages)(&root)?);
    }
    for page in pages {
        let file = out.join(format!("{}.html", page.name));
        let mut args = page.args.clone();
        args.extend(["--render".to_string(), file.display().to_string()]);
        let binary = crate::workspace::release_binary(page.binary);
        let run = process::run_binary(
            &binary,
            &args,
            page.input.as_bytes(),
            std::time::Duration::from_secs(60),
            None,
        )?;
        if run.status != Some(0) {
            println!(
                "FAIL {}: exit {:?}: {}",
                page.name,
                run.status,
                String::from_utf8_lossy(&run.stderr)
            );
            failed += 1;
            continue;
        }
        let url = format!("file://{}", file.display());
        let at_start = shown(&chromium(&browser, &["--dump-dom".into()], &url)?);
        let at_end = shown(&chromium(
            &browser,
            &["--dump-dom".into()],
            &format!("{url}#step=end"),
        )?);
        for (frame, fragment) in [("first", ""), ("last", "#step=end")] {
            let shot = out.join(format!("{}-{frame}.png", page.name));
            chromium(
                &browser,
                &[
                    format!("--screenshot={}", shot.display()),
                    "--window-size=960,720".into(),
                ],
                &format!("{url}{fragment}"),
            )?;
        }
        let verdict = match (&at_start, &at_end) {
            (Some((0, start)), Some((steps, end)))
                if *start == page.expect.start
                    && *steps == page.expect.steps
                    && (page.expect.goal)(end) =>
            {
                None
            }
            _ => Some(format!(
                "start {at_start:?} (expected 0, {:?}), end {at_end:?} (expected {} moves to the goal)",
                page.expect.start, page.expect.steps
            )),
        };
        match verdict {
            None => {
                passed += 1;
                println!(
                    "ok   {}: start {:?}, {} moves, end {:?}; screenshots {}",
                    page.name,
                    page.expect.start,
                    page.expect.steps,
                    at_end.map(|e| e.1).unwrap_or_default(),
                    out.join(format!("{}-{{first,last}}.png", page.name))
                        .display()
                );
            }
            Some(why) => {
                failed += 1;
                println!("FAIL {}: {why}", page.name);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if passed == 0 {
        println!("FAIL no page was checked in the browser");
    }
    Ok(if succeeded(passed, failed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Whether `BROWSER_OPTIONAL`'s value waives the browser: only an explicit `1`.
fn waived(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| v == "1")
}

/// Whether a run with these counts passes: some page checked, none failed.
fn succeeded(passed: usize, failed: usize) -> bool {
    passed > 0 && failed == 0
}

#[cfg(test)]
mod tests;
