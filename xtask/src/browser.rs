//! `cargo xtask browser`: every binary's `--render` page opened in headless Chromium.
//!
//! For one case per puzzle (and the 1,048,575 moves of a 20-disc tower), the page is written by
//! the release binary, opened at its start and at `#step=end` (the page's own control for the
//! last move), and the configuration it shows (`#state`'s `data-config` and `data-step`) is
//! compared with the start and the goal read here from the input, independently of the solvers.
//! Screenshots of the first and last frames go to `target/render/` for a person to look at.
//! Without a browser (`chromium` or `chromium-browser` on the PATH) it says so loudly and fails,
//! unless `BROWSER_OPTIONAL=1`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::verify;

/// What the page must show at its start and after its last move.
pub struct Expect {
    start: String,
    steps: usize,
    goal: Box<dyn Fn(&str) -> bool>,
}

/// One page to check: the binary that writes it, its input and what it must show.
pub struct Page {
    name: &'static str,
    binary: &'static str,
    args: Vec<String>,
    input: String,
    expect: Expect,
}

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

/// Each peg's discs from the bottom up, `|` between pegs.
fn pegs_text(pegs: &[Vec<u32>]) -> String {
    pegs.iter()
        .map(|peg| peg.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("|")
}

/// A file of `testdata/`.
fn read(root: &Path, path: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join("testdata").join(path)).map_err(|e| format!("{path}: {e}"))
}

/// A tower of `n` discs, bottom up.
fn tower(n: u32) -> Vec<u32> {
    (1..=n).rev().collect()
}

/// hanoi: 5 and 20 discs; at the end, the tower on peg 3.
pub fn hanoi_pages(_root: &Path) -> Result<Vec<Page>, String> {
    let mut pages = Vec::new();
    for n in [5u32, 20] {
        let goal = pegs_text(&[vec![], vec![], tower(n)]);
        pages.push(Page {
            name: if n == 5 { "hanoi" } else { "hanoi-20-discs" },
            binary: "hanoi",
            args: vec![],
            input: format!("{n}\n"),
            expect: Expect {
                start: pegs_text(&[tower(n), vec![], vec![]]),
                steps: (1 << n) - 1,
                goal: Box::new(move |shown| shown == goal),
            },
        });
    }
    Ok(pages)
}

/// hanoi4: the judge sample's third case, read from its lines here.
pub fn hanoi4_pages(root: &Path) -> Result<Vec<Page>, String> {
    let sample = read(root, "hanoi4/sample.in")?;
    let lines: Vec<&str> = sample.lines().collect();
    let pegs: Vec<Vec<u32>> = lines[12..16]
        .iter()
        .map(|line| {
            line.split_whitespace()
                .skip(1)
                .map(|d| d.parse().unwrap_or(0))
                .collect()
        })
        .collect();
    let n: u32 = lines[11].trim().parse().map_err(|_| "hanoi4 sample")?;
    let answer: usize = read(root, "hanoi4/sample.out")?
        .lines()
        .nth(2)
        .and_then(|l| l.trim().parse().ok())
        .ok_or("hanoi4 answer")?;
    let goal = pegs_text(&[vec![], vec![], vec![], tower(n)]);
    let page = Page {
        name: "hanoi4",
        binary: "hanoi4",
        args: vec!["--case".into(), "3".into()],
        input: sample,
        expect: Expect {
            start: pegs_text(&pegs),
            steps: answer,
            goal: Box::new(move |shown| shown == goal),
        },
    };
    Ok(vec![page])
}

/// hanoi-relaxed: 1314 from the top down; at the end, the same discs on peg 2 alone.
pub fn hanoi_relaxed_pages(_root: &Path) -> Result<Vec<Page>, String> {
    let mut pages = Vec::new();
    pages.push(Page {
        name: "hanoi-relaxed",
        binary: "hanoi-relaxed",
        args: vec![],
        input: "1314\n".into(),
        expect: Expect {
            start: "4,1,3,1||".into(),
            steps: 5,
            goal: Box::new(|shown| {
                let pegs: Vec<&str> = shown.split('|').collect();
                let mut sizes: Vec<&str> = pegs.get(1).map_or(vec![], |p| p.split(',').collect());
                sizes.sort_unstable();
                pegs.len() == 3
                    && pegs[0].is_empty()
                    && pegs[2].is_empty()
                    && sizes == ["1", "1", "3", "4"]
            }),
        },
    });
    Ok(pages)
}

/// coins: the judge sample's first case; at the end every coin shows one face.
pub fn coins_pages(root: &Path) -> Result<Vec<Page>, String> {
    let mut pages = Vec::new();
    let coins = read(root, "coins/sample.in")?;
    let start: Vec<String> = coins
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.split_whitespace().collect())
        .collect();
    pages.push(Page {
        name: "coins",
        binary: "coins",
        args: vec![],
        input: coins,
        expect: Expect {
            start: start.join("/"),
            steps: 2,
            goal: Box::new(|shown| shown == "HHH/HHH/HHH" || shown == "TTT/TTT/TTT"),
        },
    });
    Ok(pages)
}

/// marbles: BOJ 13460's sixth sample; at the end red is out and blue on the board.
pub fn marbles_pages(root: &Path) -> Result<Vec<Page>, String> {
    let mut pages = Vec::new();
    let board = read(root, "marbles/13460/sample6.in")?;
    let answer: usize = read(root, "marbles/13460/sample6.out")?
        .trim()
        .parse()
        .map_err(|_| "marbles answer")?;
    let cols: usize = board
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or("marbles size")?;
    let cell_of = |marble: char| {
        board
            .lines()
            .skip(1)
            .enumerate()
            .find_map(|(r, row)| row.find(marble).map(|c| r * cols + c))
    };
    let start = format!(
        "R{} B{}",
        cell_of('R').ok_or("R")?,
        cell_of('B').ok_or("B")?
    );
    pages.push(Page {
        name: "marbles",
        binary: "marbles",
        args: vec![],
        input: board,
        expect: Expect {
            start,
            steps: answer,
            goal: Box::new(|shown| shown.starts_with("Rout B") && !shown.ends_with("out")),
        },
    });
    Ok(pages)
}

pub fn run(_args: &[String]) -> Result<ExitCode, String> {
    let root = crate::workspace_root();
    let Some(browser) = browser() else {
        eprintln!(
            "!!!!!!!! xtask browser: no chromium on this machine: the pages were NOT checked in a browser !!!!!!!!"
        );
        let optional = std::env::var_os("BROWSER_OPTIONAL").is_some();
        return Ok(if optional {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    };
    let crates: Vec<String> = crate::puzzles::names().map(String::from).collect();
    verify::build(&crates)?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let out = target.join("render");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let (mut passed, mut failed) = (0, 0);
    let mut pages = Vec::new();
    for puzzle in &crate::puzzles::PUZZLES {
        pages.extend((puzzle.pages)(&root)?);
    }
    for page in pages {
        let file = out.join(format!("{}.html", page.name));
        let mut args = page.args.clone();
        args.extend(["--render".to_string(), file.display().to_string()]);
        let binary = target.join("release").join(page.binary);
        let run = verify::run_binary(
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
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
