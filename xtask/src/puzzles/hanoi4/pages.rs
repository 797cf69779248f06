//! The `--render` pages of `hanoi4` that `cargo xtask browser` opens, with what each must show.

use std::path::Path;

use crate::kit::pages::{Expect, Page, pegs_text, read, tower};

/// hanoi4: the judge sample's third case, read from its lines here.
pub fn pages(root: &Path) -> Result<Vec<Page>, String> {
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
