//! The fewest flips for a few boards, 3 x 3 and larger, each checked against a brute force over
//! every subset of the flips, written here from the rules: `cargo run -p coins --example boards`.

use coins::{Grid, Op, Target, fewest_flips};

/// The coins each flip of a `rows` x `cols` board turns over, from the rules: each row, each
/// column, and on a square board the two diagonals.
fn flips_by_hand(rows: usize, cols: usize) -> Vec<u64> {
    let cell = |r: usize, c: usize| 1u64 << (r * cols + c);
    let mut flips: Vec<u64> = (0..rows)
        .map(|r| (0..cols).map(|c| cell(r, c)).sum())
        .collect();
    flips.extend((0..cols).map(|c| (0..rows).map(|r| cell(r, c)).sum::<u64>()));
    if rows == cols {
        flips.push((0..rows).map(|i| cell(i, i)).sum());
        flips.push((0..rows).map(|i| cell(i, cols - 1 - i)).sum());
    }
    flips
}

/// The fewest flips taking the board whose tails are `tails` to one of `goals`, trying every
/// subset of the flips (a flip made twice undoes itself, so a subset is all that matters).
fn brute_force(rows: usize, cols: usize, tails: u64, goals: &[u64]) -> Option<u32> {
    let flips = flips_by_hand(rows, cols);
    (0u32..1 << flips.len())
        .filter(|&subset| {
            let end = (0..flips.len())
                .filter(|i| subset >> i & 1 == 1)
                .fold(tails, |board, i| board ^ flips[i]);
            goals.contains(&end)
        })
        .map(u32::count_ones)
        .min()
}

fn main() -> Result<(), coins::GridError> {
    let rows = [["H T T", "H T T", "T H H"], ["H H H", "H T H", "H H H"]];
    let instance = coins::parse(&format!("2\n{}\n", rows.map(|r| r.join("\n")).join("\n")))
        .expect("a valid judge input");
    let Ok(solution) = coins::solve(&instance, coins::Options { moves: true });
    let answer = solution.to_string();
    println!("{answer}");
    // The judge's answer: per case, the count (then the flips, unless it is -1); the counts
    // equal the brute force's.
    let counts: Vec<i64> = answer.lines().filter_map(|l| l.parse().ok()).collect();
    assert_eq!(counts.len(), rows.len(), "{answer}");
    for (board, count) in rows.iter().zip(&counts) {
        let tails = board
            .iter()
            .flat_map(|row| row.split(' '))
            .enumerate()
            .map(|(i, coin)| u64::from(coin == "T") << i)
            .sum();
        let fewest = brute_force(3, 3, tails, &[0, 511]);
        assert_eq!(*count, fewest.map_or(-1, i64::from), "{board:?}");
    }

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
    // Rows 2 and 5 and column 4 by hand, undone by the fewest flips the brute force finds.
    let flips = flips_by_hand(6, 7);
    let tails = flips[1] ^ flips[4] ^ flips[6 + 3];
    assert_eq!(big.tails(), tails);
    assert_eq!(Some(ops.len() as u32), brute_force(6, 7, tails, &[0]));
    let replayed = ops.iter().fold(tails, |board, op| {
        board
            ^ match *op {
                Op::Row(r) => flips[usize::from(r)],
                Op::Col(c) => flips[6 + usize::from(c)],
                Op::Diagonal | Op::AntiDiagonal => unreachable!("not square"),
            }
    });
    assert_eq!(replayed, 0, "the flips leave heads");
    Ok(())
}
