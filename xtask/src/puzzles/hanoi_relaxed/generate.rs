//! The generated judge cases of `testdata/hanoi-relaxed/`, written by `cargo xtask gen-testdata hanoi-relaxed`
//! from a fixed-seed generator, each `.out` from the oracle ([`super::oracle`]), never from the
//! solver. Hand-written cases (judge samples, `bad/`) are not touched.

use std::path::Path;

use crate::kit::generate::{Rng, write_case};

/// A random legal starting stack of `n` discs (sizes 1..=max_size), as digits from the top down.
fn random_stack(rng: &mut Rng, n: usize, max_size: u64) -> String {
    loop {
        let sizes: Vec<u8> = (0..n).map(|_| 1 + rng.below(max_size) as u8).collect();
        // Bottom to top is the reverse of the written order.
        let legal =
            (0..n).all(|i| sizes[..i].iter().filter(|&&above| above > sizes[i]).count() <= 1);
        if legal {
            return sizes.iter().map(|s| char::from(b'0' + s)).collect();
        }
    }
}

pub fn generate(root: &Path) -> Result<(), String> {
    let mut rng = Rng::new(58311);
    // Multi-line files of random stacks of 1 to 7 discs, with blank lines here and there.
    for file in 0..6 {
        let mut input = String::new();
        for line in 0..15 {
            let (n, max_size) = (1 + rng.below(7) as usize, 3 + rng.below(7));
            input.push_str(&random_stack(&mut rng, n, max_size));
            input.push('\n');
            if line % 6 == 5 {
                input.push('\n');
            }
        }
        write_case(
            &root.join("random"),
            &format!("small_{file}"),
            &input,
            super::oracle::solve,
        )?;
    }
    // One instance per file from 8 to 12 discs: the hardest stacks found while benchmarking
    // (many distinct sizes, small repeats), and random ones.
    let large = [
        ("d08_12345678", "12345678".to_string()),
        ("d09_123456789", "123456789".to_string()),
        ("d10_1243567899", "1243567899".to_string()),
        ("d10_random", random_stack(&mut rng, 10, 9)),
        ("d11_11234567899", "11234567899".to_string()),
        ("d11_random", random_stack(&mut rng, 11, 9)),
        ("d12_124356778899", "124356778899".to_string()),
        ("d12_122345678899", "122345678899".to_string()),
    ];
    for (name, stack) in &large {
        write_case(
            &root.join("large"),
            name,
            &format!("{stack}\n"),
            super::oracle::solve,
        )?;
    }
    // --moves: small multi-line files and two large stacks.
    let moves = root.join("moves");
    std::fs::create_dir_all(&moves).map_err(|e| e.to_string())?;
    std::fs::write(moves.join("args"), "--moves\n").map_err(|e| e.to_string())?;
    write_case(
        &moves,
        "independent_lines",
        "213\n123\n1314\n1234\n",
        super::oracle::solve,
    )?;
    for file in 0..3 {
        let mut input = String::new();
        for _ in 0..8 {
            let n = 1 + rng.below(8) as usize;
            input.push_str(&random_stack(&mut rng, n, 9));
            input.push('\n');
        }
        write_case(
            &moves,
            &format!("random_{file}"),
            &input,
            super::oracle::solve,
        )?;
    }
    write_case(&moves, "d09_123456789", "123456789\n", super::oracle::solve)?;
    write_case(
        &moves,
        "d12_124356778899",
        "124356778899\n",
        super::oracle::solve,
    )?;
    Ok(())
}
