//! Tests: the samples of every variant, the O(1) tilt against a cell-by-cell roll, the BFS
//! against an exhaustive search, path replay, parse-error and path snapshots.

use rstest::rstest;

use crate::{Board, Limit, Options, Outcome, OutputKind, Tilt, parse, solve};

/// The board as a grid of bytes with the marbles drawn in, for the independent simulation.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Grid {
    cells: Vec<Vec<u8>>,
}

/// What a cell-by-cell roll did.
#[derive(Debug, PartialEq, Eq)]
enum Rolled {
    Still(Grid),
    Escaped,
    Lost,
}

impl Grid {
    fn from_text(text: &str) -> Self {
        Grid {
            cells: text.lines().skip(1).map(|l| l.bytes().collect()).collect(),
        }
    }

    fn find(&self, what: u8) -> Option<(usize, usize)> {
        self.cells
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&c| c == what).map(|c| (r, c)))
    }

    /// Rolls by moving any marble that can advance one cell, until none can: no notion of
    /// which marble is ahead, the blocking falls out of the repetition.
    fn roll(&self, letter: u8) -> Rolled {
        let (dr, dc): (isize, isize) = match letter {
            b'L' => (0, -1),
            b'R' => (0, 1),
            b'U' => (-1, 0),
            _ => (1, 0),
        };
        let mut cells = self.cells.clone();
        let mut marbles = [(b'R', self.find(b'R')), (b'B', self.find(b'B'))];
        loop {
            let mut moved = false;
            for (marble, at) in &mut marbles {
                let Some((r, c)) = *at else { continue };
                let (nr, nc) = ((r as isize + dr) as usize, (c as isize + dc) as usize);
                match cells[nr][nc] {
                    b'.' => {
                        cells[nr][nc] = *marble;
                        cells[r][c] = b'.';
                        *at = Some((nr, nc));
                        moved = true;
                    }
                    b'O' => {
                        cells[r][c] = b'.';
                        *at = None;
                        moved = true;
                    }
                    _ => {}
                }
            }
            if !moved {
                break;
            }
        }
        match (marbles[0].1, marbles[1].1) {
            (_, None) => Rolled::Lost,
            (None, Some(_)) => Rolled::Escaped,
            _ => Rolled::Still(Grid { cells }),
        }
    }

    /// Fewest tilts up to `depth` by trying every sequence (4^depth).
    fn exhaustive(&self, depth: u32) -> Option<u32> {
        if depth == 0 {
            return None;
        }
        let mut best: Option<u32> = None;
        for letter in *b"LRUD" {
            let found = match self.roll(letter) {
                Rolled::Escaped => Some(1),
                Rolled::Lost => None,
                Rolled::Still(next) => next.exhaustive(depth - 1).map(|d| d + 1),
            };
            best = match (best, found) {
                (Some(b), Some(f)) => Some(b.min(f)),
                (b, f) => b.or(f),
            };
        }
        best
    }
}

fn random_board_text(rng: &mut fastrand::Rng) -> String {
    let (rows, cols) = loop {
        let (rows, cols) = (3 + rng.usize(..6), 3 + rng.usize(..8));
        if (rows - 2) * (cols - 2) >= 3 {
            break (rows, cols);
        }
    };
    let wall_percent = rng.usize(..35);
    let mut cells = vec![vec![b'#'; cols]; rows];
    let mut free = Vec::new();
    for r in 1..rows - 1 {
        for c in 1..cols - 1 {
            if rng.usize(..100) >= wall_percent {
                cells[r][c] = b'.';
                free.push((r, c));
            }
        }
    }
    while free.len() < 3 {
        let (r, c) = (1 + rng.usize(..rows - 2), 1 + rng.usize(..cols - 2));
        if cells[r][c] == b'#' {
            cells[r][c] = b'.';
            free.push((r, c));
        }
    }
    for marker in [b'O', b'R', b'B'] {
        let (r, c) = free.swap_remove(rng.usize(..free.len()));
        cells[r][c] = marker;
    }
    let mut text = format!("{rows} {cols}\n");
    for row in cells {
        text.push_str(std::str::from_utf8(&row).unwrap());
        text.push('\n');
    }
    text
}

#[test]
fn precomputed_tilt_equals_the_cell_by_cell_roll() {
    let mut rng = fastrand::Rng::with_seed(13460);
    let mut in_line = 0;
    for _ in 0..1500 {
        let text = random_board_text(&mut rng);
        let board = parse(&text).unwrap();
        let grid = Grid::from_text(&text);
        // Every placement of the two marbles on free cells, every tilt.
        let free: Vec<u32> = (0..board.cells() as u32)
            .filter(|&c| !board.is_wall(c) && c != board.hole())
            .collect();
        for &red in &free {
            for &blue in free.iter().filter(|&&b| b != red).take(6) {
                let mut placed = grid.clone();
                for row in &mut placed.cells {
                    for cell in row.iter_mut().filter(|c| **c == b'R' || **c == b'B') {
                        *cell = b'.';
                    }
                }
                let at = |cell: u32| (cell as usize / board.cols(), cell as usize % board.cols());
                let (rr, rc) = at(red);
                let (br, bc) = at(blue);
                placed.cells[rr][rc] = b'R';
                placed.cells[br][bc] = b'B';
                in_line += usize::from(rr == br || rc == bc);
                for tilt in Tilt::ALL {
                    let fast = board.tilt(red, blue, tilt);
                    let slow = placed.roll(tilt.letter() as u8);
                    match (fast, slow) {
                        (Outcome::Escaped, Rolled::Escaped) | (Outcome::Lost, Rolled::Lost) => {}
                        (Outcome::Rolled(r, b), Rolled::Still(grid)) => {
                            assert_eq!(grid.find(b'R'), Some(at(r)));
                            assert_eq!(grid.find(b'B'), Some(at(b)));
                        }
                        (fast, slow) => panic!("{tilt:?} on\n{placed:?}: {fast:?} vs {slow:?}"),
                    }
                }
            }
        }
    }
    assert!(
        in_line > 10_000,
        "marbles in line with each other: {in_line}"
    );
}

/// The tilts [`solve`] finds for `board` within `limit`.
fn fewest(board: &Board, limit: Limit) -> Option<Vec<Tilt>> {
    let options = Options {
        max_tilts: limit,
        ..Options::default()
    };
    let Ok(solution) = solve(board, options);
    solution.tilts
}

#[test]
fn bfs_equals_exhaustive_search_to_depth_6() {
    let mut rng = fastrand::Rng::with_seed(15653);
    let mut solved = 0;
    for _ in 0..400 {
        let text = random_board_text(&mut rng);
        let board = parse(&text).unwrap();
        let grid = Grid::from_text(&text);
        let fast = fewest(&board, Limit::AtMost(6));
        assert_eq!(
            fast.as_ref().map(|t| t.len() as u32),
            grid.exhaustive(6),
            "{text}"
        );
        if let Some(tilts) = fast {
            solved += 1;
            replay(&grid, &tilts);
        }
    }
    assert!(solved > 100, "only {solved} boards solvable");
}

impl Grid {
    /// The fewest tilts by a plain BFS over whole grids with the cell-by-cell roll, no limit.
    fn fewest_tilts(&self) -> Option<usize> {
        let mut seen = std::collections::HashSet::from([self.clone()]);
        let mut queue = std::collections::VecDeque::from([(self.clone(), 0)]);
        while let Some((grid, depth)) = queue.pop_front() {
            for letter in *b"LRUD" {
                match grid.roll(letter) {
                    Rolled::Escaped => return Some(depth + 1),
                    Rolled::Lost => {}
                    Rolled::Still(next) => {
                        if seen.insert(next.clone()) {
                            queue.push_back((next, depth + 1));
                        }
                    }
                }
            }
        }
        None
    }
}

/// Replays a path with the cell-by-cell roll: red escapes on the last tilt and not before.
#[track_caller]
fn replay(grid: &Grid, tilts: &[Tilt]) {
    let mut at = grid.clone();
    for (i, tilt) in tilts.iter().enumerate() {
        match at.roll(tilt.letter() as u8) {
            Rolled::Escaped => {
                assert_eq!(i + 1, tilts.len(), "escaped early");
                return;
            }
            Rolled::Lost => panic!("blue fell at tilt {}", i + 1),
            Rolled::Still(next) => at = next,
        }
    }
    panic!("red did not escape");
}

fn sample(variant: &str, index: usize) -> (String, String) {
    // The judges' samples, copied unchanged into the repo's judge data.
    let folder = format!(
        "{}/../../testdata/marbles/{variant}",
        env!("CARGO_MANIFEST_DIR")
    );
    let read =
        |ext: &str| std::fs::read_to_string(format!("{folder}/sample{index}.{ext}")).unwrap();
    (read("in"), read("out"))
}

#[rstest]
fn judge_samples(
    #[values("13460", "13459", "15644", "15653")] variant: &str,
    #[values(1, 2, 3, 4, 5, 6, 7)] index: usize,
) {
    if !judge::testing::judge_data_present(env!("CARGO_MANIFEST_DIR"), "marbles") {
        return;
    }
    let (input, expected) = sample(variant, index);
    let (output, max_tilts) = match variant {
        "13459" => (OutputKind::Possible, Limit::AtMost(10)),
        "15644" => (OutputKind::Path, Limit::AtMost(10)),
        "15653" => (OutputKind::Count, Limit::None),
        _ => (OutputKind::Count, Limit::AtMost(10)),
    };
    let board = parse(&input).unwrap();
    let Ok(solution) = solve(&board, Options { max_tilts, output });
    let printed = solution.to_string();
    let first_line = |s: &str| s.lines().next().unwrap_or("").trim().to_string();
    assert_eq!(first_line(&printed), first_line(&expected));
    if let Some(tilts) = &solution.tilts {
        replay(&Grid::from_text(&input), tilts);
    }
    if variant == "15644" {
        insta::assert_snapshot!(format!("path_15644_sample{index}"), printed);
    }
}

#[test]
fn large_serpentine_board_without_limit() {
    let text = serpentine(100);
    let board = parse(&text).unwrap();
    let tilts = fewest(&board, Limit::None).expect("the serpentine is solvable");
    let grid = Grid::from_text(&text);
    assert_eq!(Some(tilts.len()), grid.fewest_tilts(), "{text}");
    replay(&grid, &tilts);
    assert_eq!(fewest(&board, Limit::AtMost(10)), None);
}

/// A square board of side `n`: horizontal corridors on the odd rows, joined at alternate ends,
/// red at the start of the first and the hole at the end of the last; blue sits walled in a
/// one-cell pocket in the top-right corner, so it never moves.
pub fn serpentine(n: usize) -> String {
    let mut cells = vec![vec![b'#'; n]; n];
    let last_col = n - 4;
    let mut row = 1;
    let mut end = (1, 1);
    while row <= n - 2 {
        for cell in &mut cells[row][1..=last_col] {
            *cell = b'.';
        }
        let rightwards = (row / 2) % 2 == 0;
        end = (row, if rightwards { last_col } else { 1 });
        if row + 2 <= n - 2 {
            cells[row + 1][end.1] = b'.';
        }
        row += 2;
    }
    cells[end.0][end.1] = b'O';
    cells[1][1] = b'R';
    cells[1][n - 2] = b'B';
    let mut text = format!("{n} {n}\n");
    for row in cells {
        text.push_str(std::str::from_utf8(&row).unwrap());
        text.push('\n');
    }
    text
}

#[rstest]
#[case::empty("empty", "")]
#[case::bad_size("bad_size", "five 5\n")]
#[case::one_number("one_number", "5\n")]
#[case::size_too_small("size_too_small", "2 5\n#####\n#####\n")]
#[case::size_too_large("size_too_large", "101 5\n")]
#[case::short_row("short_row", "3 4\n####\n#RB\n####\n")]
#[case::missing_row("missing_row", "4 5\n#####\n#RBO#\n")]
#[case::bad_character("bad_character", "3 5\n#####\n#RxO#\n#####\n")]
#[case::open_border("open_border", "3 5\n#####\n.RBO#\n#####\n")]
#[case::no_hole("no_hole", "3 5\n#####\n#RB.#\n#####\n")]
#[case::two_red("two_red", "4 5\n#####\n#RBO#\n#R..#\n#####\n")]
#[case::no_blue("no_blue", "3 5\n#####\n#R.O#\n#####\n")]
#[case::trailing("trailing", "3 5\n#####\n#RBO#\n#####\n#####\n")]
fn parse_errors(#[case] name: &str, #[case] input: &str) {
    let error = parse(input).unwrap_err().to_string();
    assert!(error.starts_with("line "), "{error}");
    insta::assert_snapshot!(format!("parse_error_{name}"), error);
}

#[test]
fn board_rules_outside_the_parser() {
    assert!(Board::new(3, 3, b"#########").is_err());
    assert!(Board::new(3, 5, b"#####").is_err());
}

/// What a judge input means: the rows of the board.
type Rows = Vec<String>;

/// The README's format read from its words, sharing nothing with `parse`: `N M`, each from 3
/// to 100, then `N` lines of one token of exactly `M` characters of `.#ORB`, the border all
/// walls, exactly one `O`, one `R` and one `B`, and nothing after.
fn reference(text: &str) -> Option<Rows> {
    let lines = judge::testing::reference_lines(text);
    let (header, rows) = lines.split_first()?;
    let [n, m] = header[..] else { return None };
    let n = judge::testing::reference_number(n, 3..=100)? as usize;
    let m = judge::testing::reference_number(m, 3..=100)? as usize;
    if rows.len() != n {
        return None;
    }
    let mut board = Vec::new();
    for (r, tokens) in rows.iter().enumerate() {
        let [row] = tokens[..] else { return None };
        let row: Vec<char> = row.chars().collect();
        if row.len() != m || !row.iter().all(|c| ".#ORB".contains(*c)) {
            return None;
        }
        let border = |c: usize| r == 0 || r == n - 1 || c == 0 || c == m - 1;
        if (0..m).any(|c| border(c) && row[c] != '#') {
            return None;
        }
        board.push(row.into_iter().collect::<String>());
    }
    let count = |what: char| {
        board
            .iter()
            .flat_map(|row| row.chars())
            .filter(|&c| c == what)
            .count()
    };
    (count('O') == 1 && count('R') == 1 && count('B') == 1).then_some(board)
}

/// The board `parse` read, drawn back as rows.
fn meaning(board: &Board) -> Rows {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| {
                    let cell = (r * board.cols() + c) as u32;
                    match cell {
                        _ if board.is_wall(cell) => '#',
                        _ if cell == board.hole() => 'O',
                        _ if cell == board.red() => 'R',
                        _ if cell == board.blue() => 'B',
                        _ => '.',
                    }
                })
                .collect()
        })
        .collect()
}

/// Random text over the format's own characters and some others, random edits of a valid
/// input, and edits that keep it valid more often than not: `parse` accepts exactly what the
/// reference reader accepts and reads the same board, refuses with an error naming a line, and
/// never panics.
#[test]
fn parse_matches_the_reference_on_arbitrary_text() {
    judge::testing::parse_matches_reference(
        judge::testing::Mutations {
            seed: 13460,
            sample: "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n",
            alphabet: &[
                "#", ".", "O", "R", "B", " ", "\t", "\n", "\r\n", "3", "5", "100", "-1",
                "\u{feff}", "x",
            ],
        },
        |text| parse(text).map(|board| meaning(&board)),
        reference,
    );
}

/// Every refusal in the judge data (`testdata/marbles/bad`), its message reviewed as a snapshot.
#[test]
fn judge_data_refusals() {
    for (path, name) in judge::testing::judge_files(env!("CARGO_MANIFEST_DIR"), "marbles/bad", "in")
    {
        let message = judge::testing::refusal(&path, parse);
        insta::with_settings!({ snapshot_suffix => name, input_file => &path }, {
            insta::assert_snapshot!(message);
        });
    }
}
