//! Checker for `coins --moves`: flips the named lines and checks the board ends all one face.

use crate::kit::check::{count_line, no_extra};

const NAMES: [&str; 8] = ["R1", "R2", "R3", "C1", "C2", "C3", "D1", "D2"];

/// The (row, column) cells of each named line.
fn cells(name: &str) -> [(usize, usize); 3] {
    match name {
        "R1" => [(0, 0), (0, 1), (0, 2)],
        "R2" => [(1, 0), (1, 1), (1, 2)],
        "R3" => [(2, 0), (2, 1), (2, 2)],
        "C1" => [(0, 0), (1, 0), (2, 0)],
        "C2" => [(0, 1), (1, 1), (2, 1)],
        "C3" => [(0, 2), (1, 2), (2, 2)],
        "D1" => [(0, 0), (1, 1), (2, 2)],
        _ => [(0, 2), (1, 1), (2, 0)],
    }
}

pub fn check(
    input: &str,
    expected: &[&str],
    actual: &[&str],
    _args: &[String],
) -> Result<(), String> {
    let mut lines = input.lines().skip(1);
    let mut at = 0;
    for (case, want) in expected.iter().enumerate() {
        let mut grid: Vec<Vec<bool>> = (0..3)
            .map(|_| {
                lines
                    .next()
                    .expect("row")
                    .split_whitespace()
                    .map(|c| c == "H")
                    .collect()
            })
            .collect();
        let count = count_line(actual, at, want)?;
        at += 1;
        if count < 0 {
            continue;
        }
        // A trailing empty line (count 0 in the last case) is removed by normalisation.
        let ops_line = actual.get(at).copied().unwrap_or("");
        at += 1;
        let ops: Vec<&str> = ops_line.split_whitespace().collect();
        if ops.len() as i64 != count {
            return Err(format!(
                "line {at}: {} operations for a count of {count}",
                ops.len()
            ));
        }
        let mut last_index = None;
        for op in &ops {
            let index = NAMES
                .iter()
                .position(|n| n == op)
                .ok_or(format!("line {at}: unknown operation {op:?}"))?;
            if last_index.is_some_and(|last| index <= last) {
                return Err(format!(
                    "line {at}: operations not in the fixed order or repeated"
                ));
            }
            last_index = Some(index);
            for (r, c) in cells(op) {
                grid[r][c] = !grid[r][c];
            }
        }
        let first = grid[0][0];
        if grid.iter().flatten().any(|&coin| coin != first) {
            return Err(format!(
                "case {}: operations {ops:?} leave a mixed board",
                case + 1
            ));
        }
    }
    no_extra(actual, at)
}
