//! The `--render` pages of `marbles` that `cargo xtask browser` opens, with what each must show.

use std::path::Path;

use crate::kit::pages::{Expect, Page, read};

/// marbles: BOJ 13460's sixth sample; at the end red is out and blue on the board.
pub fn pages(root: &Path) -> Result<Vec<Page>, String> {
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
