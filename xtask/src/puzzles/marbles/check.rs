//! Checker for `marbles --output path`: rolls the marbles cell by cell on a copy of the grid.

use crate::kit::check::{count_line, line, no_extra};

/// Outcome of one tilt simulated step by step.
pub enum Tilt {
    Continue,
    Success,
    Failure,
}

/// Rolls both marbles; the one ahead in the tilt direction moves first.
pub fn tilt(
    grid: &[Vec<u8>],
    red: &mut Option<(i64, i64)>,
    blue: &mut Option<(i64, i64)>,
    dir: u8,
) -> Tilt {
    let (dr, dc) = match dir {
        b'L' => (0, -1),
        b'R' => (0, 1),
        b'U' => (-1, 0),
        _ => (1, 0),
    };
    let (r, b) = (red.expect("on board"), blue.expect("on board"));
    let red_ahead = (r.0 - b.0) * dr + (r.1 - b.1) * dc > 0;
    let roll = |me: &mut Option<(i64, i64)>, other: Option<(i64, i64)>| {
        let mut at = me.expect("on board");
        loop {
            let next = (at.0 + dr, at.1 + dc);
            let cell = grid[next.0 as usize][next.1 as usize];
            if cell == b'#' || Some(next) == other {
                break;
            }
            at = next;
            if cell == b'O' {
                *me = None;
                return;
            }
        }
        *me = Some(at);
    };
    if red_ahead {
        roll(red, *blue);
        roll(blue, *red);
    } else {
        roll(blue, *red);
        roll(red, *blue);
    }
    match (red.is_none(), blue.is_none()) {
        (_, true) => Tilt::Failure,
        (true, false) => Tilt::Success,
        _ => Tilt::Continue,
    }
}

pub fn check(
    input: &str,
    expected: &[&str],
    actual: &[&str],
    _args: &[String],
) -> Result<(), String> {
    let want = expected.first().ok_or("expected output is empty")?;
    let count = count_line(actual, 0, want)?;
    if count < 0 {
        return no_extra(actual, 1);
    }
    let grid: Vec<Vec<u8>> = input
        .lines()
        .skip(1)
        .map(|l| l.trim_end().bytes().collect())
        .filter(|r: &Vec<u8>| !r.is_empty())
        .collect();
    let find = |ch: u8| {
        grid.iter().enumerate().find_map(|(r, row)| {
            row.iter()
                .position(|&c| c == ch)
                .map(|c| (r as i64, c as i64))
        })
    };
    let mut clean = grid.clone();
    for row in &mut clean {
        for cell in row.iter_mut() {
            if *cell == b'R' || *cell == b'B' {
                *cell = b'.';
            }
        }
    }
    let (mut red, mut blue) = (find(b'R'), find(b'B'));
    let path = if count == 0 { "" } else { line(actual, 1)? };
    if path.len() as i64 != count || !path.bytes().all(|c| b"LRUD".contains(&c)) {
        return Err(format!(
            "line 2: path {path:?} is not {count} letters of LRUD"
        ));
    }
    for (step, dir) in path.bytes().enumerate() {
        let last = step + 1 == path.len();
        match tilt(&clean, &mut red, &mut blue, dir) {
            Tilt::Success if last => {}
            Tilt::Success => return Err(format!("red escapes early, at tilt {}", step + 1)),
            Tilt::Failure => return Err(format!("blue falls at tilt {}", step + 1)),
            Tilt::Continue if last => {
                return Err("red is still on the board after the last tilt".into());
            }
            Tilt::Continue => {}
        }
    }
    no_extra(actual, if count == 0 { 1 } else { 2 })
}
