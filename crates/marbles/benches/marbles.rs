//! Marbles timings (`cargo bench -p marbles`): library solve time per board for the 10 x 10
//! judge-sized boards of `testdata/marbles/13460` (median over boards of each board's median),
//! and for the 100 x 100 boards of `testdata/marbles/large` without a tilt limit.

use std::path::Path;

use marbles::{Limit, Options, Solver, parse};
#[path = "../../statespace/benches/support/timing.rs"]
mod timing;

use timing::median_time;

fn boards(folder: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    found.sort();
    found
}

/// The judge's options with the tilt limit `max_tilts`.
fn within(max_tilts: Limit) -> Options {
    Options {
        max_tilts,
        ..Options::default()
    }
}

fn main() {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/marbles");
    let mut solver = Solver::new();
    let mut per_board = Vec::new();
    for (name, text) in boards(&testdata.join("13460")) {
        let board = parse(&text).unwrap();
        if board.rows() != 10 || board.cols() != 10 {
            continue;
        }
        let (time, solution) = median_time(201, || solver.solve(&board, within(Limit::AtMost(10))));
        per_board.push(time);
        let answer = solution.tilts.map_or(-1, |t| t.len() as i64);
        println!(
            "10x10 {name:<24} answer {answer:>3}: median {:>8.2} us",
            time.as_secs_f64() * 1e6
        );
    }
    per_board.sort();
    println!(
        "10x10 boards: median of medians {:.2} us over {} boards (target < 20 us), slowest {:.2} us",
        per_board[per_board.len() / 2].as_secs_f64() * 1e6,
        per_board.len(),
        per_board.last().unwrap().as_secs_f64() * 1e6
    );
    for (name, text) in boards(&testdata.join("large")) {
        let board = parse(&text).unwrap();
        let (time, solution) = median_time(11, || solver.solve(&board, within(Limit::None)));
        let answer = solution.tilts.map_or(-1, |t| t.len() as i64);
        println!(
            "{}x{} {name:<20} answer {answer:>3}: median {:>8.3} ms, {} states",
            board.rows(),
            board.cols(),
            time.as_secs_f64() * 1e3,
            solver.states_reached(&board)
        );
    }
}
