//! The generated judge cases of `testdata/marbles/`, written by `cargo xtask gen-testdata marbles`
//! from a fixed-seed generator, each `.out` from the oracle ([`super::oracle`]), never from the
//! solver. Hand-written cases (judge samples, `bad/`) are not touched.

use std::path::Path;

use crate::kit::generate::{Rng, write_case};

/// The marbles oracle with the binary's `flags`.
fn marbles_oracle(flags: &[&str]) -> impl Fn(&str) -> String {
    let flags: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
    move |input| super::oracle::solve(&flags, input)
}

/// A board in the judge's format: `N M`, then the rows.
fn board_text(cells: &[Vec<u8>]) -> String {
    let mut text = format!("{} {}\n", cells.len(), cells[0].len());
    for row in cells {
        text.push_str(std::str::from_utf8(row).expect("ascii"));
        text.push('\n');
    }
    text
}

/// A random board: walls all round, each inner cell a wall with probability `wall_percent`.
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize, wall_percent: u64) -> String {
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
        let (r, c) = (
            1 + rng.below(rows as u64 - 2) as usize,
            1 + rng.below(cols as u64 - 2) as usize,
        );
        if cells[r][c] == b'#' {
            cells[r][c] = b'.';
            free.push((r, c));
        }
    }
    place_markers(rng, &mut cells, free);
    board_text(&cells)
}

/// Puts the hole, the red and the blue marble on three random cells of `free`.
fn place_markers(rng: &mut Rng, cells: &mut [Vec<u8>], mut free: Vec<(usize, usize)>) {
    for marker in [b'O', b'R', b'B'] {
        let (r, c) = free.swap_remove(rng.below(free.len() as u64) as usize);
        cells[r][c] = marker;
    }
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
    place_markers(rng, &mut cells, free);
    board_text(&cells)
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
    board_text(&cells)
}

pub fn generate(root: &Path) -> Result<(), String> {
    let variants: [(&str, &[&str]); 5] = [
        ("13460", &[]),
        ("13459", &["--output", "possible"]),
        ("15644", &["--output", "path"]),
        ("15653", &["--max-tilts", "none"]),
        ("none-path", &["--max-tilts", "none", "--output", "path"]),
    ];
    let unlimited = |board: &str| -> Result<i64, String> {
        marbles_oracle(&["--max-tilts", "none"])(board)
            .trim()
            .parse()
            .map_err(|_| "oracle output".to_string())
    };
    // Random 10 x 10 boards, then hard ones: answers of exactly 10, of 11 and more, and -1.
    let mut rng = Rng::new(13460);
    let mut boards: Vec<(String, String)> = Vec::new();
    for i in 0..20 {
        let (rows, cols) = (4 + rng.below(7) as usize, 3 + rng.below(8) as usize);
        boards.push((
            format!("random_{i:02}"),
            random_board(&mut rng, rows, cols, 25),
        ));
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
        let label = if answer < 0 {
            "never".to_string()
        } else {
            format!("answer{answer}")
        };
        boards.push((format!("hard_{label}_{:02}", ten + beyond + never), board));
    }
    for (folder, args) in variants {
        std::fs::create_dir_all(root.join(folder)).map_err(|e| e.to_string())?;
        std::fs::write(
            root.join(folder).join("args"),
            format!("{}\n", args.join(" ")),
        )
        .map_err(|e| e.to_string())?;
        for (name, board) in &boards {
            write_case(&root.join(folder), name, board, marbles_oracle(args))?;
        }
    }
    // Large boards, up to 100 x 100, without a tilt limit, with paths.
    let large = root.join("large");
    std::fs::create_dir_all(&large).map_err(|e| e.to_string())?;
    std::fs::write(large.join("args"), "--max-tilts none --output path\n")
        .map_err(|e| e.to_string())?;
    for i in 0..8 {
        let n = [100, 100, 100, 64, 37, 100, 100, 51][i];
        let board = match i {
            0 | 2 | 3 => corridor_board(&mut rng, n),
            6 | 7 => serpentine_board(n),
            _ => random_board(&mut rng, n, n, 12),
        };
        write_case(
            &large,
            &format!("board_{i}_{n}x{n}"),
            &board,
            marbles_oracle(&["--max-tilts", "none", "--output", "path"]),
        )?;
    }
    Ok(())
}
