//! The water-jug puzzle on `statespace`: jugs of 3 and 5 litres, fill, empty or pour one into
//! the other until one holds exactly 4 litres. `cargo run -p statespace --example water_jugs`.
//!
//! Filling and emptying cannot always be undone in one move, so this uses [`bfs`], which needs
//! no reversible moves (bidirectional search would not be correct here).

use statespace::{FnSpace, SparseArena, bfs};

const SMALL: u64 = 3;
const LARGE: u64 = 5;

/// A state packs the two levels as `small * 16 + large`.
fn pack(small: u64, large: u64) -> u64 {
    small * 16 + large
}

fn unpack(state: u64) -> (u64, u64) {
    (state / 16, state % 16)
}

fn main() {
    let jugs = FnSpace(|state: u64, visit: &mut dyn FnMut(u64)| {
        let (small, large) = unpack(state);
        let into_large = small.min(LARGE - large);
        let into_small = large.min(SMALL - small);
        visit(pack(SMALL, large)); // fill the small jug
        visit(pack(small, LARGE)); // fill the large jug
        visit(pack(0, large)); // empty the small jug
        visit(pack(small, 0)); // empty the large jug
        visit(pack(small - into_large, large + into_large)); // pour small into large
        visit(pack(small + into_small, large - into_small)); // pour large into small
    });
    let mut arena = SparseArena::new();
    let path = bfs(&jugs, &mut arena, pack(0, 0), |s| unpack(s).1 == 4, None)
        .expect("4 litres can be measured");
    println!("{} moves:", path.len() - 1);
    for state in path {
        let (small, large) = unpack(state);
        println!("  small {small} l, large {large} l");
    }
}
