//! The generated judge cases of `testdata/hanoi4/`, written by `cargo xtask gen-testdata hanoi4`
//! from a fixed-seed generator, each `.out` from the oracle ([`super::oracle`]), never from the
//! solver. Hand-written cases (judge samples, `bad/`) are not touched.

use std::path::Path;

use crate::kit::generate::{Rng, write_case};

/// One HANOI4 case: `n`, then each peg's discs from the bottom up.
fn hanoi4_case(pegs: &[u8]) -> String {
    let mut text = format!("{}\n", pegs.len());
    for peg in 0..4 {
        let discs: Vec<String> = (1..=pegs.len())
            .rev()
            .filter(|&d| pegs[d - 1] == peg)
            .map(|d| d.to_string())
            .collect();
        text.push_str(&format!("{}", discs.len()));
        for d in discs {
            text.push(' ');
            text.push_str(&d);
        }
        text.push('\n');
    }
    text
}

fn hanoi4_file(cases: &[Vec<u8>]) -> String {
    let mut text = format!("{}\n", cases.len());
    for case in cases {
        text.push_str(&hanoi4_case(case));
    }
    text
}

/// The level sizes of the whole space of `n` discs from the oracle's table, one `distance
/// count` line each: what `hanoi4 eccentricity N` and `cargo xtask chaos --disk` compare with.
fn levels(n: usize) -> String {
    let table = super::oracle::table(n);
    let mut sizes: Vec<u64> = Vec::new();
    for &d in table.iter() {
        assert!(d != u8::MAX, "every configuration reaches the goal");
        if sizes.len() <= usize::from(d) {
            sizes.resize(usize::from(d) + 1, 0);
        }
        sizes[usize::from(d)] += 1;
    }
    sizes
        .iter()
        .enumerate()
        .map(|(d, count)| format!("{d} {count}\n"))
        .collect()
}

pub fn generate(root: &Path) -> Result<(), String> {
    let folder = root.join("eccentricity");
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for n in 8..=15 {
        let path = folder.join(format!("n{n:02}.levels"));
        std::fs::write(&path, levels(n)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let mut rng = Rng::new(4);
    let mut random = |n: usize| -> Vec<u8> { (0..n).map(|_| rng.below(4) as u8).collect() };
    for n in 1..=13usize {
        // Random configurations, and the perfect towers on each peg.
        let cases: Vec<Vec<u8>> = (0..10).map(|_| random(n)).collect();
        write_case(
            &root.join("random"),
            &format!("n{n:02}"),
            &hanoi4_file(&cases),
            super::oracle::solve,
        )?;
        let towers: Vec<Vec<u8>> = (0..4).map(|peg| vec![peg; n]).collect();
        write_case(
            &root.join("towers"),
            &format!("n{n:02}"),
            &hanoi4_file(&towers),
            super::oracle::solve,
        )?;
    }
    // Hard cases: configurations at the largest distance from the goal (the benchmark's files).
    for (n, count) in [(10, 10), (11, 10), (12, 10), (13, 5)] {
        // All the farthest first, then the next farthest, spread over the candidates.
        let far = super::oracle::farthest(n, 2);
        let exact = super::oracle::farthest(n, 0);
        let mut picked: Vec<Vec<u8>> = exact.iter().take(count).cloned().collect();
        let rest = &far[exact.len()..];
        let step = (rest.len() / count).max(1);
        picked.extend(
            rest.iter()
                .step_by(step)
                .take(count - picked.len())
                .cloned(),
        );
        write_case(
            &root.join("hard"),
            &format!("n{n:02}_farthest"),
            &hanoi4_file(&picked),
            super::oracle::solve,
        )?;
    }
    // Many cases of one size (the full-BFS strategy), and mixed sizes in one file.
    let many: Vec<Vec<u8>> = (0..40).map(|_| random(11)).collect();
    write_case(
        &root.join("files"),
        "n11_forty_cases",
        &hanoi4_file(&many),
        super::oracle::solve,
    )?;
    let mixed: Vec<Vec<u8>> = (0..30).map(|i| random(1 + i % 13)).collect();
    write_case(
        &root.join("files"),
        "mixed_sizes",
        &hanoi4_file(&mixed),
        super::oracle::solve,
    )?;
    hanoi4_moves_and_engines(root, &mut rng)
}

/// hanoi4's `--moves` files and the files every engine is run on, from the same generator.
fn hanoi4_moves_and_engines(root: &Path, rng: &mut Rng) -> Result<(), String> {
    let mut random = |n: usize| -> Vec<u8> { (0..n).map(|_| rng.below(4) as u8).collect() };
    // --moves: small files, one hard n = 12 case and the farthest n = 13 file.
    let moves = root.join("moves");
    std::fs::create_dir_all(&moves).map_err(|e| e.to_string())?;
    std::fs::write(moves.join("args"), "--moves\n").map_err(|e| e.to_string())?;
    for file in 0..4 {
        let cases: Vec<Vec<u8>> = (0..5).map(|i| random(1 + (file * 5 + i) % 13)).collect();
        write_case(
            &moves,
            &format!("random_{file}"),
            &hanoi4_file(&cases),
            super::oracle::solve,
        )?;
    }
    let many: Vec<Vec<u8>> = (0..30).map(|_| random(9)).collect();
    write_case(
        &moves,
        "n09_thirty_cases",
        &hanoi4_file(&many),
        super::oracle::solve,
    )?;
    let far13 = super::oracle::farthest(13, 0);
    write_case(
        &moves,
        "n13_farthest",
        &hanoi4_file(&far13[..2]),
        super::oracle::solve,
    )?;
    // Every engine on the same cases (`args` forces it), including 14 discs, past the table.
    let mut mixed: Vec<Vec<u8>> = (0..12).map(|i| random(2 + i % 12)).collect();
    mixed.extend((0..4).map(|_| random(14)));
    let small: Vec<Vec<u8>> = mixed.iter().filter(|c| c.len() <= 13).cloned().collect();
    for (engine, cases) in [("table", &small), ("goal-table", &mixed), ("pdb", &mixed)] {
        let folder = root.join("engines").join(engine);
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        std::fs::write(folder.join("args"), format!("--engine {engine} --moves\n"))
            .map_err(|e| e.to_string())?;
        write_case(&folder, "mixed", &hanoi4_file(cases), super::oracle::solve)?;
    }
    let fourteen: Vec<Vec<u8>> = (0..10)
        .map(|_| random(14))
        .chain(std::iter::once(vec![0; 14]))
        .collect();
    write_case(
        &root.join("beyond"),
        "n14",
        &hanoi4_file(&fourteen),
        super::oracle::solve,
    )?;
    // Pattern-database A* past the plain oracle: perfect towers of 15 and 16 discs, whose
    // answers are the Frame-Stewart numbers.
    let towers: Vec<Vec<u8>> = [(15, 0), (15, 1), (15, 2), (16, 1)]
        .iter()
        .map(|&(n, peg)| vec![peg; n])
        .collect();
    write_case(
        &root.join("engines").join("pdb"),
        "towers_n15_n16",
        &hanoi4_file(&towers),
        super::oracle::solve,
    )?;
    Ok(())
}
