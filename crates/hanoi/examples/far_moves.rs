//! Moves deep inside a 100-disc transfer, computed directly, and a scattered configuration
//! solved to a tower: `cargo run -p hanoi-classic --example far_moves`.

use hanoi::{Config, Peg, distance_to_tower, kth_move, move_count_decimal, solve_config};

fn main() -> Result<(), hanoi::ConfigError> {
    println!("100 discs need {} moves", move_count_decimal(100));
    for k in [1u128, 2, 3, 1 << 99, (1 << 100) - 1] {
        let step = kth_move(100, Peg::FIRST, Peg::LAST, k).expect("k in range");
        println!("move {k:>31}: {step}");
    }
    // Disc 1 (the smallest) on peg 3, disc 2 on peg 1, disc 3 on peg 2, disc 4 on peg 1.
    let scattered = Config::from_disc_pegs(vec![Peg::LAST, Peg::FIRST, Peg::MIDDLE, Peg::FIRST])?;
    let moves: Vec<String> = solve_config(&scattered, Peg::LAST)
        .map(|m| m.to_string())
        .collect();
    println!(
        "{} moves to a tower on peg 3: {}",
        distance_to_tower(&scattered, Peg::LAST),
        moves.join(", ")
    );
    Ok(())
}
