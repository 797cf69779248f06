//! Marbles oracle: BFS over (red, blue) positions. A tilt rolls each marble alone, cell by
//! cell, as if the other were not there; when both would stop on one cell, the one that rolled
//! farther steps back one cell. (The checker in `check/marbles.rs` rolls the marble ahead first
//! instead: the two share no code, so each checks the other.)

use std::collections::{HashSet, VecDeque};

pub type Cell = (i64, i64);

/// Where a lone marble from `at` stops rolling by `step`, or `None` when it falls into the
/// hole, with the number of cells it rolled.
fn roll_alone(grid: &[Vec<u8>], mut at: Cell, step: Cell) -> (Option<Cell>, i64) {
    let mut rolled = 0;
    loop {
        let next = (at.0 + step.0, at.1 + step.1);
        match grid[next.0 as usize][next.1 as usize] {
            b'#' => return (Some(at), rolled),
            b'O' => return (None, rolled + 1),
            _ => {
                at = next;
                rolled += 1;
            }
        }
    }
}

/// What one tilt does to both marbles.
pub enum Outcome {
    /// Red fell and blue did not.
    Escaped,
    /// Blue fell (whatever red did).
    Lost,
    /// Both are still on the board.
    Moved(Cell, Cell),
}

/// One tilt of both marbles (`direction` one of `L R U D`) on a grid without marbles.
pub fn tilt(grid: &[Vec<u8>], red: Cell, blue: Cell, direction: u8) -> Outcome {
    let step = match direction {
        b'L' => (0, -1),
        b'R' => (0, 1),
        b'U' => (-1, 0),
        _ => (1, 0),
    };
    let (red_end, red_rolled) = roll_alone(grid, red, step);
    let (blue_end, blue_rolled) = roll_alone(grid, blue, step);
    match (red_end, blue_end) {
        (_, None) => Outcome::Lost,
        (None, Some(_)) => Outcome::Escaped,
        (Some(r), Some(b)) if r == b => {
            let back = (r.0 - step.0, r.1 - step.1);
            if red_rolled > blue_rolled {
                Outcome::Moved(back, b)
            } else {
                Outcome::Moved(r, back)
            }
        }
        (Some(r), Some(b)) => Outcome::Moved(r, b),
    }
}

/// Judge output for one board. With `--output path` only the count line is written (the
/// checker replays the solver's path; any optimal path is accepted).
pub fn solve(args: &[String], input: &str) -> String {
    let mut output = "count";
    let mut limit = Some(10usize);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--output" => output = words.next().expect("value"),
            "--max-tilts" => limit = words.next().expect("value").parse().ok(),
            other => panic!("unknown oracle argument {other}"),
        }
    }
    let grid: Vec<Vec<u8>> = input
        .lines()
        .skip(1)
        .map(|l| l.trim_end().bytes().collect())
        .collect();
    let find = |ch: u8| {
        grid.iter().enumerate().find_map(|(r, row)| {
            row.iter()
                .position(|&c| c == ch)
                .map(|c| (r as i64, c as i64))
        })
    };
    let start = (find(b'R').expect("R"), find(b'B').expect("B"));
    let clean: Vec<Vec<u8>> = grid
        .iter()
        .map(|row| {
            row.iter()
                .map(|&c| if c == b'R' || c == b'B' { b'.' } else { c })
                .collect()
        })
        .collect();
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([(start, 0usize)]);
    let mut answer = None;
    'search: while let Some(((red, blue), depth)) = queue.pop_front() {
        if limit.is_some_and(|l| depth >= l) {
            continue;
        }
        for direction in *b"LRUD" {
            match tilt(&clean, red, blue, direction) {
                Outcome::Escaped => {
                    answer = Some(depth + 1);
                    break 'search;
                }
                Outcome::Lost => {}
                Outcome::Moved(r, b) => {
                    if seen.insert((r, b)) {
                        queue.push_back(((r, b), depth + 1));
                    }
                }
            }
        }
    }
    match (output, answer) {
        ("possible", found) => format!("{}\n", u8::from(found.is_some())),
        (_, Some(d)) => format!("{d}\n"),
        (_, None) => "-1\n".to_string(),
    }
}
