//! The fewest flips for a few boards, 3 x 3 and larger: `cargo run -p coins --example boards`.

use coins::{Grid, Op, Target, fewest_flips};

fn main() -> Result<(), coins::GridError> {
    let instance =
        coins::parse("2\nH T T\nH T T\nT H H\nH H H\nH T H\nH H H\n").expect("a valid judge input");
    println!("{}", coins::solve(&instance).with_moves());
    let big = Grid::new(6, 7, 0)?
        .flip(Op::Row(1))
        .flip(Op::Col(3))
        .flip(Op::Row(4));
    let ops = fewest_flips(&big, Target::AllHeads).expect("made by flips");
    let names: Vec<String> = ops.iter().map(Op::to_string).collect();
    println!(
        "6 x 7 board back to heads in {} flips: {}",
        ops.len(),
        names.join(" ")
    );
    Ok(())
}
