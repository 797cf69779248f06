//! `cargo xtask gen-testdata`: writes generated judge cases and their oracle answers.
//!
//! Every generated input is deterministic (a fixed-seed generator), and every `.out` comes from
//! [`crate::oracle`], never from the solvers. Hand-written cases (judge samples, `bad/`) are
//! not touched. Run it after changing an oracle or a generator, and review the diff.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use crate::oracle;

/// A small deterministic generator (xorshift64).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

fn write_case(folder: &Path, name: &str, input: &str, oracle_args: &[&str]) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    let args: Vec<String> = oracle_args.iter().map(|a| a.to_string()).collect();
    let output = oracle::solve(&args, input)?;
    std::fs::write(folder.join(format!("{name}.in")), input).map_err(|e| e.to_string())?;
    std::fs::write(folder.join(format!("{name}.out")), output).map_err(|e| e.to_string())?;
    Ok(())
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let root = crate::workspace_root().join("testdata");
    let only = args.first().map(String::as_str);
    if only.is_none_or(|o| o == "coins") {
        coins(&root.join("coins"))?;
    }
    if only.is_none_or(|o| o == "hanoi") {
        for n in [1, 2, 3, 4, 10, 20, 21, 64, 100] {
            write_case(
                &root.join("hanoi"),
                &format!("n{n:03}"),
                &format!("{n}\n"),
                &["hanoi"],
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn coins(root: &Path) -> Result<(), String> {
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
            &["coins"],
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
            &["coins"],
        )?;
    }
    Ok(())
}
