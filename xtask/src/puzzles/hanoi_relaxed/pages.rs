//! The `--render` pages of `hanoi-relaxed` that `cargo xtask browser` opens, with what each must show.

use std::path::Path;

use crate::kit::pages::{Expect, Page};

/// hanoi-relaxed: 1314 from the top down; at the end, the same discs on peg 2 alone.
pub fn pages(_root: &Path) -> Result<Vec<Page>, String> {
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
