//! One board under the four judges' variants, each answer checked against a breadth-first
//! search over the marbles' positions written here from the rules (and the printed paths
//! replayed): `cargo run -p marbles --example variants`.

use std::collections::{HashMap, VecDeque};

use marbles::{Limit, Options, OutputKind};

const BOARD: [&str; 7] = [
    "#######", "#...RB#", "#.#####", "#.....#", "#####.#", "#O....#", "#######",
];

/// A cell, `(row, column)`.
type Cell = (i32, i32);

/// Where a marble at `from` stops tilting by `(dr, dc)` (ignoring the other marble), how many
/// cells it rolled, and whether it fell into the hole.
fn roll(from: Cell, (dr, dc): Cell) -> (Cell, i32, bool) {
    let at = |(r, c): Cell| BOARD[r as usize].as_bytes()[c as usize];
    let (mut cell, mut rolled) = (from, 0);
    loop {
        if at(cell) == b'O' {
            return (cell, rolled, true);
        }
        let next = (cell.0 + dr, cell.1 + dc);
        if at(next) == b'#' {
            return (cell, rolled, false);
        }
        (cell, rolled) = (next, rolled + 1);
    }
}

/// One tilt by the letter `tilt`: `Some(Ok(red, blue))` when both stay on the board,
/// `Some(Err(()))` when the red marble alone falls in, `None` when the blue one falls in.
fn tilt(red: Cell, blue: Cell, tilt: char) -> Option<Result<(Cell, Cell), ()>> {
    let direction = match tilt {
        'L' => (0, -1),
        'R' => (0, 1),
        'U' => (-1, 0),
        _ => (1, 0),
    };
    let (mut red_to, red_rolled, red_in) = roll(red, direction);
    let (mut blue_to, blue_rolled, blue_in) = roll(blue, direction);
    if blue_in {
        return None;
    }
    if red_in {
        return Some(Err(()));
    }
    if red_to == blue_to {
        // The one that rolled further came from behind: it stops a cell short.
        let back = |(r, c): Cell| (r - direction.0, c - direction.1);
        if red_rolled > blue_rolled {
            red_to = back(red_to);
        } else {
            blue_to = back(blue_to);
        }
    }
    Some(Ok((red_to, blue_to)))
}

/// Where the red and the blue marble start.
fn start() -> (Cell, Cell) {
    let find = |ch: u8| {
        (0..BOARD.len()).find_map(|r| {
            let c = BOARD[r].bytes().position(|b| b == ch)?;
            Some((r as i32, c as i32))
        })
    };
    (
        find(b'R').expect("a red marble"),
        find(b'B').expect("a blue marble"),
    )
}

/// The fewest tilts that drop the red marble alone, by breadth-first search (`limit` tilts at
/// most, if given).
fn bfs(limit: Option<usize>) -> Option<usize> {
    let start = start();
    let mut depth = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some((red, blue)) = queue.pop_front() {
        let d = depth[&(red, blue)];
        if limit.is_some_and(|l| d >= l) {
            continue;
        }
        for letter in ['L', 'R', 'U', 'D'] {
            match tilt(red, blue, letter) {
                Some(Err(())) => return Some(d + 1),
                Some(Ok(next)) if !depth.contains_key(&next) => {
                    depth.insert(next, d + 1);
                    queue.push_back(next);
                }
                _ => {}
            }
        }
    }
    None
}

/// Whether `path` (letters `LRUD`) drops the red marble alone at its last tilt.
fn replays(path: &str) -> bool {
    let mut marbles = start();
    for (i, letter) in path.chars().enumerate() {
        match tilt(marbles.0, marbles.1, letter) {
            Some(Ok(next)) => marbles = next,
            Some(Err(())) => return i + 1 == path.len(),
            None => return false,
        }
    }
    false
}

fn main() {
    let input = format!("7 7\n{}\n", BOARD.join("\n"));
    let board = marbles::parse(&input).expect("a valid board");
    for (name, output, max_tilts, bound) in [
        ("13460", OutputKind::Count, Limit::default(), Some(10)),
        ("13459", OutputKind::Possible, Limit::default(), Some(10)),
        ("15644", OutputKind::Path, Limit::default(), Some(10)),
        ("15653", OutputKind::Path, Limit::None, None),
    ] {
        let Ok(solution) = marbles::solve(&board, Options { max_tilts, output });
        let shown = solution.to_string();
        println!("BOJ {name}:\n{shown}");
        let fewest = bfs(bound);
        let mut lines = shown.lines();
        let first = lines.next().expect("a first line");
        match output {
            OutputKind::Possible => assert_eq!(first, if fewest.is_some() { "1" } else { "0" }),
            _ => assert_eq!(first, fewest.map_or("-1".to_string(), |f| f.to_string())),
        }
        if output == OutputKind::Path
            && let Some(fewest) = fewest
        {
            let path = lines.next().expect("a path");
            assert_eq!(path.len(), fewest, "{path}");
            assert!(replays(path), "{path} does not drop the red marble alone");
        }
    }
}
