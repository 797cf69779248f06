//! The pages `cargo xtask browser` opens, one function a puzzle: the binary that writes each, its
//! input, and what it must show at its start and after its last move, read here from the input
//! and the judge answers, independently of the solvers.

use std::path::Path;

/// One page to check: the binary that writes it, its input and what it must show.
pub struct Page {
    pub name: &'static str,
    pub binary: &'static str,
    pub args: Vec<String>,
    pub input: String,
    pub expect: Expect,
}

/// What the page must show at its start and after its last move.
pub struct Expect {
    pub start: String,
    pub steps: usize,
    pub goal: Box<dyn Fn(&str) -> bool>,
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
