//! The `--render` pages of `hanoi` that `cargo xtask browser` opens, with what each must show.

use std::path::Path;

use crate::kit::pages::{Expect, Page, pegs_text, tower};

/// hanoi: 5 and 20 discs; at the end, the tower on peg 3.
pub fn pages(_root: &Path) -> Result<Vec<Page>, String> {
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
