//! The checkers and the comparison must reject wrong outputs, not only accept right ones.

use crate::check::checker_for;
use crate::verify::normalise;

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
    use crate::oracle::hanoi4::{frame_stewart, solve};
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
