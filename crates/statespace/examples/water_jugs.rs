//! The water-jug puzzle on the typed layer: jugs of 3 and 5 litres; fill one, empty one, or pour
//! one into the other until one holds exactly 4 litres.
//! `cargo run -p statespace --example water_jugs`.
//!
//! Filling and emptying cannot be undone in one move, so this uses [`Search::bfs`], which needs
//! no reversible moves (`Search::bidirectional` refuses these moves in debug builds).

use statespace::{Puzzle, Search, SparseArena};

/// Litres in the small (3) and the large (5) jug.
type Jugs = (u64, u64);

struct WaterJugs;

impl Puzzle for WaterJugs {
    type State = Jugs;

    fn pack(&self, &(small, large): &Jugs) -> u64 {
        small * 16 + large
    }

    fn unpack(&self, packed: u64) -> Jugs {
        (packed / 16, packed % 16)
    }

    fn successors(&self, &(small, large): &Jugs, mut visit: impl FnMut(Jugs)) {
        let into_large = small.min(5 - large);
        let into_small = large.min(3 - small);
        visit((3, large)); // fill the small jug
        visit((small, 5)); // fill the large jug
        visit((0, large)); // empty the small jug
        visit((small, 0)); // empty the large jug
        visit((small - into_large, large + into_large)); // pour small into large
        visit((small + into_small, large - into_small)); // pour large into small
    }
}

fn main() {
    let mut search = Search::new(&WaterJugs, SparseArena::new());
    let goals: Vec<Jugs> = (0..=3).map(|small| (small, 4)).collect();
    let path = search
        .bfs(&(0, 0), &goals, None)
        .expect("4 litres can be measured");
    println!("{} moves:", path.len() - 1);
    for (small, large) in path {
        println!("  small {small} l, large {large} l");
    }
}
