//! Perfect towers of 1 to 12 discs on peg 1, moved to peg 4 by the table engine, each move
//! sequence replayed on the configuration: `cargo run --release -p hanoi4 --example towers`.

use hanoi4::{Config, Peg, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut solver = Solver::new(12)?;
    let first = Peg::FIRST;
    for n in 1..=12 {
        let tower = Config::tower(n, first)?;
        let moves = &solver.solve_all(std::slice::from_ref(&tower)).moves[0];
        let mut config = tower.clone();
        for &step in moves {
            config.apply(step)?;
        }
        assert_eq!(config, Config::tower(n, Peg::LAST)?);
        println!("{n:>2} discs: {:>3} moves", moves.len());
    }
    Ok(())
}
