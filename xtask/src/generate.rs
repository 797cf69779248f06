//! The generated judge cases of `testdata/`, one generator a puzzle (`cargo xtask
//! gen-testdata` runs them). Every generated input is deterministic (a fixed-seed generator),
//! and every `.out` comes from the puzzle's oracle in [`crate::oracle`], never from the solvers.
//! Hand-written cases (judge samples, `bad/`) are not touched.

use std::fmt::Write as _;
use std::path::Path;

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

/// Writes `name.in` with `input` and `name.out` with `oracle`'s answer to it in `folder`.
fn write_case(
    folder: &Path,
    name: &str,
    input: &str,
    oracle: impl Fn(&str) -> String,
) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    let output = oracle(input);
    std::fs::write(folder.join(format!("{name}.in")), input).map_err(|e| e.to_string())?;
    std::fs::write(folder.join(format!("{name}.out")), output).map_err(|e| e.to_string())?;
    Ok(())
}

/// The marbles oracle with the binary's `flags`.
fn marbles_oracle(flags: &[&str]) -> impl Fn(&str) -> String {
    let flags: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
    move |input| crate::oracle::marbles::solve(&flags, input)
}

/// hanoi: the counts (and moves) of a few disc counts, small to 100.
pub fn hanoi(root: &Path) -> Result<(), String> {
    for n in [1, 2, 3, 4, 10, 20, 21, 64, 100] {
        write_case(
            root,
            &format!("n{n:03}"),
            &format!("{n}\n"),
            crate::oracle::hanoi::solve,
        )?;
    }
    Ok(())
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

pub fn marbles(root: &Path) -> Result<(), String> {
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

/// A random legal starting stack of `n` discs (sizes 1..=max_size), as digits from the top down.
fn random_stack(rng: &mut Rng, n: usize, max_size: u64) -> String {
    loop {
        let sizes: Vec<u8> = (0..n).map(|_| 1 + rng.below(max_size) as u8).collect();
        // Bottom to top is the reverse of the written order.
        let legal =
            (0..n).all(|i| sizes[..i].iter().filter(|&&above| above > sizes[i]).count() <= 1);
        if legal {
            return sizes.iter().map(|s| char::from(b'0' + s)).collect();
        }
    }
}

pub fn hanoi_relaxed(root: &Path) -> Result<(), String> {
    let mut rng = Rng::new(58311);
    // Multi-line files of random stacks of 1 to 7 discs, with blank lines here and there.
    for file in 0..6 {
        let mut input = String::new();
        for line in 0..15 {
            let (n, max_size) = (1 + rng.below(7) as usize, 3 + rng.below(7));
            input.push_str(&random_stack(&mut rng, n, max_size));
            input.push('\n');
            if line % 6 == 5 {
                input.push('\n');
            }
        }
        write_case(
            &root.join("random"),
            &format!("small_{file}"),
            &input,
            crate::oracle::hanoi_relaxed::solve,
        )?;
    }
    // One instance per file from 8 to 12 discs: the hardest stacks found while benchmarking
    // (many distinct sizes, small repeats), and random ones.
    let large = [
        ("d08_12345678", "12345678".to_string()),
        ("d09_123456789", "123456789".to_string()),
        ("d10_1243567899", "1243567899".to_string()),
        ("d10_random", random_stack(&mut rng, 10, 9)),
        ("d11_11234567899", "11234567899".to_string()),
        ("d11_random", random_stack(&mut rng, 11, 9)),
        ("d12_124356778899", "124356778899".to_string()),
        ("d12_122345678899", "122345678899".to_string()),
    ];
    for (name, stack) in &large {
        write_case(
            &root.join("large"),
            name,
            &format!("{stack}\n"),
            crate::oracle::hanoi_relaxed::solve,
        )?;
    }
    // --moves: small multi-line files and two large stacks.
    let moves = root.join("moves");
    std::fs::create_dir_all(&moves).map_err(|e| e.to_string())?;
    std::fs::write(moves.join("args"), "--moves\n").map_err(|e| e.to_string())?;
    write_case(
        &moves,
        "independent_lines",
        "213\n123\n1314\n1234\n",
        crate::oracle::hanoi_relaxed::solve,
    )?;
    for file in 0..3 {
        let mut input = String::new();
        for _ in 0..8 {
            let n = 1 + rng.below(8) as usize;
            input.push_str(&random_stack(&mut rng, n, 9));
            input.push('\n');
        }
        write_case(
            &moves,
            &format!("random_{file}"),
            &input,
            crate::oracle::hanoi_relaxed::solve,
        )?;
    }
    write_case(
        &moves,
        "d09_123456789",
        "123456789\n",
        crate::oracle::hanoi_relaxed::solve,
    )?;
    write_case(
        &moves,
        "d12_124356778899",
        "124356778899\n",
        crate::oracle::hanoi_relaxed::solve,
    )?;
    Ok(())
}

/// One HANOI4 case: `n`, then each peg's discs from the bottom up.
fn hanoi4_case(pegs: &[u8]) -> String {
    let mut text = format!("{}\n", pegs.len());
    for peg in 0..4 {
        let discs: Vec<String> = (1..=pegs.len())
            .rev()
            .filter(|&d| pegs[d - 1] == peg)
            .map(|d| d.to_string())
            .collect();
        text.push_str(&format!("{}", discs.len()));
        for d in discs {
            text.push(' ');
            text.push_str(&d);
        }
        text.push('\n');
    }
    text
}

fn hanoi4_file(cases: &[Vec<u8>]) -> String {
    let mut text = format!("{}\n", cases.len());
    for case in cases {
        text.push_str(&hanoi4_case(case));
    }
    text
}

pub fn hanoi4(root: &Path) -> Result<(), String> {
    let mut rng = Rng::new(4);
    let mut random = |n: usize| -> Vec<u8> { (0..n).map(|_| rng.below(4) as u8).collect() };
    for n in 1..=13usize {
        // Random configurations, and the perfect towers on each peg.
        let cases: Vec<Vec<u8>> = (0..10).map(|_| random(n)).collect();
        write_case(
            &root.join("random"),
            &format!("n{n:02}"),
            &hanoi4_file(&cases),
            crate::oracle::hanoi4::solve,
        )?;
        let towers: Vec<Vec<u8>> = (0..4).map(|peg| vec![peg; n]).collect();
        write_case(
            &root.join("towers"),
            &format!("n{n:02}"),
            &hanoi4_file(&towers),
            crate::oracle::hanoi4::solve,
        )?;
    }
    // Hard cases: configurations at the largest distance from the goal (the benchmark's files).
    for (n, count) in [(10, 10), (11, 10), (12, 10), (13, 5)] {
        // All the farthest first, then the next farthest, spread over the candidates.
        let far = crate::oracle::hanoi4::farthest(n, 2);
        let exact = crate::oracle::hanoi4::farthest(n, 0);
        let mut picked: Vec<Vec<u8>> = exact.iter().take(count).cloned().collect();
        let rest = &far[exact.len()..];
        let step = (rest.len() / count).max(1);
        picked.extend(
            rest.iter()
                .step_by(step)
                .take(count - picked.len())
                .cloned(),
        );
        write_case(
            &root.join("hard"),
            &format!("n{n:02}_farthest"),
            &hanoi4_file(&picked),
            crate::oracle::hanoi4::solve,
        )?;
    }
    // Many cases of one size (the full-BFS strategy), and mixed sizes in one file.
    let many: Vec<Vec<u8>> = (0..40).map(|_| random(11)).collect();
    write_case(
        &root.join("files"),
        "n11_forty_cases",
        &hanoi4_file(&many),
        crate::oracle::hanoi4::solve,
    )?;
    let mixed: Vec<Vec<u8>> = (0..30).map(|i| random(1 + i % 13)).collect();
    write_case(
        &root.join("files"),
        "mixed_sizes",
        &hanoi4_file(&mixed),
        crate::oracle::hanoi4::solve,
    )?;
    hanoi4_moves_and_engines(root, &mut rng)
}

/// hanoi4's `--moves` files and the files every engine is run on, from the same generator.
fn hanoi4_moves_and_engines(root: &Path, rng: &mut Rng) -> Result<(), String> {
    let mut random = |n: usize| -> Vec<u8> { (0..n).map(|_| rng.below(4) as u8).collect() };
    // --moves: small files, one hard n = 12 case and the farthest n = 13 file.
    let moves = root.join("moves");
    std::fs::create_dir_all(&moves).map_err(|e| e.to_string())?;
    std::fs::write(moves.join("args"), "--moves\n").map_err(|e| e.to_string())?;
    for file in 0..4 {
        let cases: Vec<Vec<u8>> = (0..5).map(|i| random(1 + (file * 5 + i) % 13)).collect();
        write_case(
            &moves,
            &format!("random_{file}"),
            &hanoi4_file(&cases),
            crate::oracle::hanoi4::solve,
        )?;
    }
    let many: Vec<Vec<u8>> = (0..30).map(|_| random(9)).collect();
    write_case(
        &moves,
        "n09_thirty_cases",
        &hanoi4_file(&many),
        crate::oracle::hanoi4::solve,
    )?;
    let far13 = crate::oracle::hanoi4::farthest(13, 0);
    write_case(
        &moves,
        "n13_farthest",
        &hanoi4_file(&far13[..2]),
        crate::oracle::hanoi4::solve,
    )?;
    // Every engine on the same cases (`args` forces it), including 14 discs, past the table.
    let mut mixed: Vec<Vec<u8>> = (0..12).map(|i| random(2 + i % 12)).collect();
    mixed.extend((0..4).map(|_| random(14)));
    let small: Vec<Vec<u8>> = mixed.iter().filter(|c| c.len() <= 13).cloned().collect();
    for (engine, cases) in [("table", &small), ("goal-table", &mixed), ("pdb", &mixed)] {
        let folder = root.join("engines").join(engine);
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        std::fs::write(folder.join("args"), format!("--engine {engine} --moves\n"))
            .map_err(|e| e.to_string())?;
        write_case(
            &folder,
            "mixed",
            &hanoi4_file(cases),
            crate::oracle::hanoi4::solve,
        )?;
    }
    let fourteen: Vec<Vec<u8>> = (0..10)
        .map(|_| random(14))
        .chain(std::iter::once(vec![0; 14]))
        .collect();
    write_case(
        &root.join("beyond"),
        "n14",
        &hanoi4_file(&fourteen),
        crate::oracle::hanoi4::solve,
    )?;
    // Pattern-database A* past the plain oracle: perfect towers of 15 and 16 discs, whose
    // answers are the Frame-Stewart numbers.
    let towers: Vec<Vec<u8>> = [(15, 0), (15, 1), (15, 2), (16, 1)]
        .iter()
        .map(|&(n, peg)| vec![peg; n])
        .collect();
    write_case(
        &root.join("engines").join("pdb"),
        "towers_n15_n16",
        &hanoi4_file(&towers),
        crate::oracle::hanoi4::solve,
    )?;
    Ok(())
}

pub fn coins(root: &Path) -> Result<(), String> {
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
            crate::oracle::coins::solve,
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
            crate::oracle::coins::solve,
        )?;
    }
    Ok(())
}
