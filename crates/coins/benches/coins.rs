//! Coins timings (`cargo bench -p coins`): building the 3 x 3 table, answering from it, and
//! GF(2) elimination on 3 x 3 and 8 x 8 boards.

use coins::{FlipTable, Grid, Target, fewest_flips};
#[path = "../../statespace/benches/support/timing.rs"]
mod timing;

use timing::median_time;

fn main() {
    let runs = 21;
    let (build, table) = median_time(runs, FlipTable::new);
    let boards: Vec<Grid> = (0..512).map(|t| Grid::new(3, 3, t).unwrap()).collect();
    let (lookup, _) = median_time(runs, || {
        boards.iter().filter_map(|b| table.solve(b)).count()
    });
    let (eliminate, _) = median_time(runs, || {
        boards
            .iter()
            .filter_map(|b| fewest_flips(b, Target::Either))
            .count()
    });
    let large: Vec<Grid> = (0..512u64)
        .map(|i| Grid::new(8, 8, i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).unwrap())
        .collect();
    let (eliminate_8x8, _) = median_time(runs, || {
        large
            .iter()
            .filter_map(|b| fewest_flips(b, Target::Either))
            .count()
    });
    println!(
        "3x3 table build (BFS over 512 boards): median {:.1} us",
        build.as_secs_f64() * 1e6
    );
    println!(
        "3x3 all 512 boards from the table:     median {:.1} us",
        lookup.as_secs_f64() * 1e6
    );
    println!(
        "3x3 all 512 boards by elimination:     median {:.1} us",
        eliminate.as_secs_f64() * 1e6
    );
    println!(
        "8x8 512 boards by elimination:         median {:.1} us",
        eliminate_8x8.as_secs_f64() * 1e6
    );
}
