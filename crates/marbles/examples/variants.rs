//! One board under the four judges' variants: `cargo run -p marbles --example variants`.

use marbles::{Limit, OutputKind};

fn main() {
    let board =
        marbles::parse("7 7\n#######\n#...RB#\n#.#####\n#.....#\n#####.#\n#O....#\n#######\n")
            .expect("a valid board");
    for (name, kind, limit) in [
        ("13460", OutputKind::Count, Limit::default()),
        ("13459", OutputKind::Possible, Limit::default()),
        ("15644", OutputKind::Path, Limit::default()),
        ("15653", OutputKind::Path, Limit::None),
    ] {
        let solution = marbles::solve(&board, limit);
        println!("BOJ {name}:\n{}", solution.display(kind));
    }
}
