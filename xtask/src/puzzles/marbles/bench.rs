//! The benchmarks of `marbles` (`cargo xtask bench marbles`).

use std::path::PathBuf;
use std::time::Duration;

use crate::kit::bench::{baseline, compare, ms, time_process};

/// marbles: every 10 x 10 board of `testdata/marbles/13460/hard_*` against the seed's C++ DFS
/// (`SEED_MARBLES`), whole process, board by board.
pub fn bench(runs: usize) -> Result<(), String> {
    let folder = crate::workspace::root().join("testdata/marbles/13460");
    let mut boards: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "in") && p.to_string_lossy().contains("hard_")
        })
        .collect();
    boards.sort();
    let seed = baseline("SEED_MARBLES");
    let (mut ours_total, mut seed_total, mut slower) = (Duration::ZERO, Duration::ZERO, 0);
    for board in &boards {
        let mine = time_process(
            &crate::workspace::release_binary("marbles"),
            &[],
            board,
            runs,
        )?;
        ours_total += mine;
        if let Some(seed) = &seed {
            let theirs = time_process(seed, &[], board, runs)?;
            seed_total += theirs;
            slower += usize::from(mine >= theirs);
            compare(
                &format!(
                    "marbles {}",
                    board.file_name().expect("file").to_string_lossy()
                ),
                mine,
                Some(theirs),
                "target: faster",
            );
        }
    }
    println!(
        "marbles: {} boards, ours {} in total, seed {} in total, ours slower on {slower}",
        boards.len(),
        ms(ours_total),
        ms(seed_total)
    );
    Ok(())
}
