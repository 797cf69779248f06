//! The generated judge cases of `testdata/coins/`, written by `cargo xtask gen-testdata coins`
//! from a fixed-seed generator, each `.out` from the oracle ([`super::oracle`]), never from the
//! solver. Hand-written cases (judge samples, `bad/`) are not touched.

use std::fmt::Write as _;
use std::path::Path;

use crate::kit::generate::{Rng, write_case};

pub fn generate(root: &Path) -> Result<(), String> {
    let board = |tails: u32| -> String {
        let mut text = String::new();
        for row in 0..3 {
            let faces: Vec<&str> = (0..3)
                .map(|col| {
                    if tails >> (row * 3 + col) & 1 == 1 {
                        "T"
                    } else {
                        "H"
                    }
                })
                .collect();
            writeln!(text, "{}", faces.join(" ")).expect("string");
        }
        text
    };
    // Every one of the 512 boards, ten per file (the judge's limit on T).
    for chunk in 0..52u32 {
        let boards: Vec<u32> = (chunk * 10..(chunk * 10 + 10).min(512)).collect();
        let mut input = format!("{}\n", boards.len());
        for &b in &boards {
            input.push_str(&board(b));
        }
        write_case(
            &root.join("all"),
            &format!("boards_{:03}", chunk * 10),
            &input,
            super::oracle::solve,
        )?;
    }
    // --moves: random files, and one large file beyond the judge's T <= 10.
    let mut rng = Rng::new(9079);
    for file in 0..8 {
        let count = if file == 7 {
            1000
        } else {
            1 + rng.below(10) as u32
        };
        let mut input = format!("{count}\n");
        for _ in 0..count {
            input.push_str(&board(rng.below(512) as u32));
        }
        write_case(
            &root.join("moves"),
            &format!("random_{file}"),
            &input,
            super::oracle::solve,
        )?;
    }
    Ok(())
}
