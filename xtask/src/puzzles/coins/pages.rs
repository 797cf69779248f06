//! The `--render` pages of `coins` that `cargo xtask browser` opens, with what each must show.

use std::path::Path;

use crate::kit::pages::{Expect, Page, read};

/// coins: the judge sample's first case; at the end every coin shows one face.
pub fn pages(root: &Path) -> Result<Vec<Page>, String> {
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
