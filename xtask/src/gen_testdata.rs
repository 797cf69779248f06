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
    if only.is_none_or(|o| o == "marbles") {
        marbles(&root.join("marbles"))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A random board: walls all round, each inner cell a wall with probability `wall_percent`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, wall_percent: u64) -> String {
    let mut cells = vec![vec![b'#'; cols]; rows];
    let mut free = Vec::new();
    for (r, row) in cells.iter_mut().enumerate().take(rows - 1).skip(1) {
        for (c, cell) in row.iter_mut().enumerate().take(cols - 1).skip(1) {
            if rng.below(100) >= wall_percent {
                *cell = b'.';
                free.push((r, c));
            }
        }
    }
    while free.len() < 3 {
        let (r, c) = (1 + rng.below(rows as u64 - 2) as usize, 1 + rng.below(cols as u64 - 2) as usize);
        if cells[r][c] == b'#' {
            cells[r][c] = b'.';
            free.push((r, c));
        }
    }
    for marker in [b'O', b'R', b'B'] {
        let (r, c) = free.swap_remove(rng.below(free.len() as u64) as usize);
        cells[r][c] = marker;
    }
    let mut text = format!("{rows} {cols}\n");
    for row in cells {
        text.push_str(&String::from_utf8(row).expect("ascii"));
        text.push('\n');
    }
    text
}

/// A maze-like board: a grid of corridors on odd rows and columns with random doors, so that
/// answers are long.
fn corridor_board(rng: &mut Rng, n: usize) -> String {
    let mut cells = vec![vec![b'#'; n]; n];
    let mut free = Vec::new();
    for r in 1..n - 1 {
        for c in 1..n - 1 {
            let open = r % 2 == 1 || c % 2 == 1 && rng.below(100) < 12;
            if open {
                cells[r][c] = b'.';
                free.push((r, c));
            }
        }
    }
    for marker in [b'O', b'R', b'B'] {
        let (r, c) = free.swap_remove(rng.below(free.len() as u64) as usize);
        cells[r][c] = marker;
    }
    let mut text = format!("{n} {n}\n");
    for row in cells {
        text.push_str(&String::from_utf8(row).expect("ascii"));
        text.push('\n');
    }
    text
}

/// Corridors on the odd rows joined at alternating ends; red enters at the top left, the hole
/// ends the last corridor, and blue sits walled in alone in the top-right corner.
fn serpentine_board(n: usize) -> String {
    let mut cells = vec![vec![b'#'; n]; n];
    let right_end = n - 4;
    let mut end = (1, 1);
    for row in (1..n - 1).step_by(2) {
        for cell in &mut cells[row][1..=right_end] {
            *cell = b'.';
        }
        end = (row, if (row / 2) % 2 == 0 { right_end } else { 1 });
        if row + 2 < n - 1 {
            cells[row + 1][end.1] = b'.';
        }
    }
    cells[end.0][end.1] = b'O';
    cells[1][1] = b'R';
    cells[1][n - 2] = b'B';
    let mut text = format!("{n} {n}\n");
    for row in cells {
        text.push_str(&String::from_utf8(row).expect("ascii"));
        text.push('\n');
    }
    text
}

fn marbles(root: &Path) -> Result<(), String> {
    let variants: [(&str, &[&str]); 5] = [
        ("13460", &[]),
        ("13459", &["--output", "possible"]),
        ("15644", &["--output", "path"]),
        ("15653", &["--max-tilts", "none"]),
        ("none-path", &["--max-tilts", "none", "--output", "path"]),
    ];
    let unlimited = |board: &str| -> Result<i64, String> {
        let args: Vec<String> = ["marbles", "--max-tilts", "none"].iter().map(|a| a.to_string()).collect();
        oracle::solve(&args, board)?.trim().parse().map_err(|_| "oracle output".to_string())
    };
    // Random 10 x 10 boards, then hard ones: answers of exactly 10, of 11 and more, and -1.
    let mut rng = Rng::new(13460);
    let mut boards: Vec<(String, String)> = Vec::new();
    for i in 0..20 {
        let (rows, cols) = (4 + rng.below(7) as usize, 3 + rng.below(8) as usize);
        boards.push((format!("random_{i:02}"), random_board(&mut rng, rows, cols, 25)));
    }
    let (mut ten, mut beyond, mut never) = (0, 0, 0);
    for _ in 0..200_000 {
        if ten >= 6 && beyond >= 8 && never >= 4 {
            break;
        }
        let wall_percent = 20 + rng.below(30);
        let board = random_board(&mut rng, 10, 10, wall_percent);
        let answer = unlimited(&board)?;
        let slot = match answer {
            10 if ten < 6 => &mut ten,
            11.. if beyond < 8 => &mut beyond,
            -1 if never < 4 => &mut never,
            _ => continue,
        };
        *slot += 1;
        let label = if answer < 0 { "never".to_string() } else { format!("answer{answer}") };
        boards.push((format!("hard_{label}_{:02}", ten + beyond + never), board));
    }
    for (folder, args) in variants {
        let mut oracle_args = vec!["marbles"];
        oracle_args.extend_from_slice(args);
        std::fs::create_dir_all(root.join(folder)).map_err(|e| e.to_string())?;
        std::fs::write(root.join(folder).join("args"), format!("{}\n", args.join(" ")))
            .map_err(|e| e.to_string())?;
        for (name, board) in &boards {
            write_case(&root.join(folder), name, board, &oracle_args)?;
        }
    }
    // Large boards, up to 100 x 100, without a tilt limit, with paths.
    let large = root.join("large");
    std::fs::create_dir_all(&large).map_err(|e| e.to_string())?;
    std::fs::write(large.join("args"), "--max-tilts none --output path\n").map_err(|e| e.to_string())?;
    let path_args = ["marbles", "--max-tilts", "none", "--output", "path"];
    for i in 0..8 {
        let n = [100, 100, 100, 64, 37, 100, 100, 51][i];
        let board = match i {
            0 | 2 | 3 => corridor_board(&mut rng, n),
            6 | 7 => serpentine_board(n),
            _ => random_board(&mut rng, n, n, 12),
        };
        write_case(&large, &format!("board_{i}_{n}x{n}"), &board, &path_args)?;
    }
    Ok(())
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
