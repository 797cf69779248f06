//! The fewest moves for stacks of growing size, with the moves of the last one:
//! `cargo run --release -p hanoi-relaxed --example stacks`.

fn main() {
    let input = "12\n123\n1234\n12345\n123456\n1234567\n";
    let instance = hanoi_relaxed::parse(input).expect("valid stacks");
    let solution = hanoi_relaxed::solve(&instance);
    for (line, moves) in input.lines().zip(&solution.moves) {
        let count = moves.as_ref().map_or(-1, |m| m.len() as i64);
        println!("{line:>8}: {count} moves");
    }
    let last = solution
        .moves
        .last()
        .and_then(Option::as_ref)
        .expect("solvable");
    let listed: Vec<String> = last.iter().map(ToString::to_string).collect();
    println!("1234567 -> peg 2: {}", listed.join(", "));
}
