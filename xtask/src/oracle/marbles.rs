//! Marbles oracle: BFS over (red, blue) positions with the checker's cell-by-cell roll.

use std::collections::{HashSet, VecDeque};

use crate::check::marbles::{Tilt, tilt};

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
        for dir in *b"LRUD" {
            let (mut r, mut b) = (Some(red), Some(blue));
            match tilt(&clean, &mut r, &mut b, dir) {
                Tilt::Success => {
                    answer = Some(depth + 1);
                    break 'search;
                }
                Tilt::Failure => {}
                Tilt::Continue => {
                    let next = (r.expect("on board"), b.expect("on board"));
                    if seen.insert(next) {
                        queue.push_back((next, depth + 1));
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
