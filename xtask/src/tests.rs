//! The checkers and the comparison must reject wrong outputs, not only accept right ones.

use crate::kit::testdata::normalise;
use crate::puzzles::checker_for;

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn run_checker(
    crate_name: &str,
    flags: &[&str],
    input: &str,
    expected: &str,
    actual: &str,
) -> Result<(), String> {
    let flags = args(flags);
    let checker = checker_for(crate_name, &flags).expect("a checker for these flags");
    checker(input, &normalise(expected), &normalise(actual), &flags)
}

#[test]
fn normalisation_ignores_line_endings_and_trailing_space_only() {
    assert_eq!(normalise("1 \r\n2\r\n\r\n"), vec!["1", "2"]);
    assert_ne!(normalise("1\n 2\n"), normalise("1\n2\n"));
}

#[test]
fn hanoi4_checker() {
    let input = "1\n2\n2 2 1\n0\n0\n0\n";
    assert!(run_checker("hanoi4", &["--moves"], input, "3\n", "3\n1 2\n1 4\n2 4\n").is_ok());
    // Larger onto smaller, wrong count, not ending on peg 4, extra output.
    assert!(run_checker("hanoi4", &["--moves"], input, "3\n", "3\n1 2\n1 2\n2 4\n").is_err());
    assert!(run_checker("hanoi4", &["--moves"], input, "3\n", "2\n1 4\n1 4\n").is_err());
    assert!(run_checker("hanoi4", &["--moves"], input, "3\n", "3\n1 2\n1 3\n2 3\n").is_err());
    assert!(
        run_checker(
            "hanoi4",
            &["--moves"],
            input,
            "3\n",
            "3\n1 2\n1 4\n2 4\n9\n"
        )
        .is_err()
    );
}

#[test]
fn coins_checker() {
    let input = "2\nH T T\nH T T\nT H H\nH H H\nH H H\nH H H\n";
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR3 C1\n0\n").is_ok());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nC1 R3\n0\n").is_err());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR1 C1\n0\n").is_err());
    assert!(run_checker("coins", &["--moves"], input, "2\n0\n", "2\nR3 C1\n1\nR1\n").is_err());
}

#[test]
fn hanoi_relaxed_checker() {
    let input = "12\n";
    assert!(run_checker("hanoi-relaxed", &["--moves"], input, "2\n", "2\n1 3\n1 2\n").is_err());
    assert!(
        run_checker(
            "hanoi-relaxed",
            &["--moves"],
            input,
            "3\n",
            "3\n1 3\n1 2\n3 2\n"
        )
        .is_ok()
    );
    // A lone disc moved to peg 3 does not end on peg 2.
    let input = "1\n";
    assert!(run_checker("hanoi-relaxed", &["--moves"], input, "1\n", "1\n1 3\n").is_err());
}

#[test]
fn marbles_checker() {
    let input = "5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n";
    let flags = ["--output", "path"];
    assert!(run_checker("marbles", &flags, input, "1\nR\n", "1\nR\n").is_ok());
    assert!(run_checker("marbles", &flags, input, "1\nR\n", "1\nL\n").is_err());
    assert!(run_checker("marbles", &flags, input, "1\nR\n", "2\nUR\n").is_err());
    assert!(run_checker("marbles", &flags, input, "-1\n", "-1\n").is_ok());
    assert!(run_checker("marbles", &flags, input, "-1\n", "1\nR\n").is_err());
}

#[test]
fn exact_outputs_have_no_checker() {
    assert!(checker_for("hanoi", &[]).is_none());
    assert!(checker_for("coins", &[]).is_none());
    assert!(checker_for("marbles", &args(&["--max-tilts", "none"])).is_none());
}

#[test]
fn frame_stewart_numbers_equal_the_plain_bfs_for_towers() {
    use crate::puzzles::hanoi4::oracle::{frame_stewart, solve};
    for n in 1..=10usize {
        let discs: Vec<String> = (1..=n).rev().map(|d| d.to_string()).collect();
        let input = format!("1\n{n}\n{n} {}\n0\n0\n0\n", discs.join(" "));
        assert_eq!(solve(&input).trim(), frame_stewart(n).to_string(), "n={n}");
    }
    // The published values past the table (Frame 1941, Stewart 1941; optimal, Bousch 2014).
    let known = [
        (13, 97),
        (14, 113),
        (15, 129),
        (16, 161),
        (17, 193),
        (20, 289),
    ];
    for (n, moves) in known {
        assert_eq!(frame_stewart(n), moves, "n={n}");
    }
}

/// A stand-in binary: a shell script named `crate_name` that runs `body`.
fn fake_binary(dir: &std::path::Path, crate_name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(crate_name);
    std::fs::write(&path, format!("#!/bin/sh\ncat > /dev/null\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_fuzzer_rejects_every_kind_of_misbehaviour() {
    let dir = std::env::temp_dir().join(format!("xtask-fuzz-test-{}", std::process::id()));
    let input = b"3\n";
    let verdict = |body: &str| {
        let binary = fake_binary(&dir, "hanoi", body);
        crate::commands::fuzz::examine_input("hanoi", &binary, &[], input).unwrap()
    };
    // The right answer for N = 3, from the oracle, passes; so does a clean refusal.
    let right = crate::commands::oracle::solve(&args(&["hanoi"]), "3\n").unwrap();
    assert_eq!(
        verdict(&format!("printf '{}'", right.replace('\n', "\\n"))),
        None
    );
    assert_eq!(verdict("echo 'hanoi: line 1: no' >&2; exit 2"), None);
    for (body, why) in [
        ("echo 8; exit 0", "differs from the oracle"),
        ("echo 'hanoi: line 1: no' >&2; exit 1", "exit status"),
        (
            "echo x; echo 'hanoi: line 1: no' >&2; exit 2",
            "output on stdout",
        ),
        ("printf 'hanoi: a\\nb\\n' >&2; exit 2", "one-line"),
        ("echo 'line 1: no' >&2; exit 2", "house shape"),
        ("echo 'hanoi: no' >&2; exit 2", "names no line"),
        ("echo \"thread 'main' panicked\" >&2; exit 2", "panic"),
        ("kill -9 $$", "exit status None"),
        ("date +%N", "second run"),
    ] {
        let found = verdict(body).unwrap_or_default();
        assert!(found.contains(why), "{body:?} gave {found:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mutations_are_deterministic_for_a_seed_and_varied() {
    let seed = b"1\n3\n1 3\n1 2\n1 1\n0\n".to_vec();
    let run = |s: u64| {
        let mut rng = crate::kit::generate::Rng::new(s);
        (0..200)
            .map(|_| {
                let mut bytes = seed.clone();
                crate::commands::fuzz::mutate(&mut rng, &mut bytes);
                bytes
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(7), run(7));
    let distinct: std::collections::HashSet<_> = run(7).into_iter().collect();
    assert!(
        distinct.len() > 100,
        "only {} distinct mutants",
        distinct.len()
    );
    assert!(distinct.iter().any(|m| std::str::from_utf8(m).is_err()));
}

#[test]
fn the_canonical_form_is_the_input_rule() {
    assert_eq!(
        crate::commands::fuzz::canonical("\u{feff} 1\t 2 \r\n\n \t\n3\n"),
        "1 2\n3\n"
    );
}

/// The marbles oracle (each marble rolled alone, then a step back on a collision) and the
/// checker (the marble ahead rolls first) are written apart; they must agree on every tilt of
/// every pair of positions of random boards.
#[test]
fn the_marbles_oracle_and_checker_agree_on_every_tilt() {
    use crate::puzzles::marbles::check::{Tilt, tilt as checker_tilt};
    use crate::puzzles::marbles::oracle::{Cell, Outcome, tilt as oracle_tilt};
    let mut rng = crate::kit::generate::Rng::new(13460);
    for _ in 0..300 {
        let wall_percent = 20 + rng.below(30);
        let board = crate::puzzles::marbles::generate::random_board(&mut rng, 10, 10, wall_percent);
        let grid: Vec<Vec<u8>> = board
            .lines()
            .skip(1)
            .map(|l| {
                l.bytes()
                    .map(|c| if b"RB".contains(&c) { b'.' } else { c })
                    .collect()
            })
            .collect();
        let open: Vec<Cell> = (0..10)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r as usize][c as usize] == b'.')
            .collect();
        for &red in &open {
            for &blue in open.iter().filter(|&&b| b != red) {
                for direction in *b"LRUD" {
                    let (mut r, mut b) = (Some(red), Some(blue));
                    let agree = match (
                        checker_tilt(&grid, &mut r, &mut b, direction),
                        oracle_tilt(&grid, red, blue, direction),
                    ) {
                        (Tilt::Success, Outcome::Escaped) | (Tilt::Failure, Outcome::Lost) => true,
                        (Tilt::Continue, Outcome::Moved(x, y)) => (Some(x), Some(y)) == (r, b),
                        _ => false,
                    };
                    assert!(
                        agree,
                        "{board}red {red:?}, blue {blue:?}, tilt {}",
                        direction as char
                    );
                }
            }
        }
    }
}

#[test]
fn the_usage_shows_every_command() {
    for command in crate::COMMANDS {
        assert!(
            crate::USAGE.contains(&format!("cargo xtask {command}")),
            "{command}"
        );
    }
}

#[test]
fn verify_refuses_an_output_laid_out_otherwise_than_line_by_line() {
    use crate::kit::testdata::layout_fault;
    assert_eq!(layout_fault(""), None);
    assert_eq!(layout_fault("1\n2\n"), None);
    assert!(
        layout_fault("1\n2")
            .unwrap()
            .contains("does not end with a newline")
    );
    assert!(
        layout_fault("1\n\n")
            .unwrap()
            .contains("ends with an empty line")
    );
    assert!(
        layout_fault("1\r\n")
            .unwrap()
            .contains("line 1 ends with a carriage return")
    );
    assert!(
        layout_fault("1\n2 \n")
            .unwrap()
            .contains("line 2 ends with whitespace")
    );
}
