//! Tests: brute force over subsets, BFS over every small grid, replay, parse errors, snapshots.

use rstest::rstest;
use statespace::{DenseArena, FnSpace, Search};

use crate::{FlipTable, Grid, Op, Options, Target, fewest_flips, parse, solve};

/// The 3 x 3 masks written out by hand, independent of `Grid::mask`, in the fixed order.
const MASKS_3X3: [u64; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Fewest operations by trying all 256 subsets.
fn brute_force_3x3(tails: u64) -> Option<u32> {
    (0u32..256)
        .filter(|subset| {
            let flipped = (0..8)
                .filter(|i| subset >> i & 1 == 1)
                .fold(tails, |b, i| b ^ MASKS_3X3[i]);
            flipped == 0 || flipped == 0x1ff
        })
        .map(u32::count_ones)
        .min()
}

/// Applies the operations to the grid with masks built by hand ([`mask_by_hand`], not
/// `Grid::flip`) and checks the target from the bits alone.
#[track_caller]
fn replay(grid: &Grid, ops: &[Op], target: Target) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let end = ops.iter().fold(grid.tails(), |board, &op| {
        board ^ mask_by_hand(rows, cols, op)
    });
    let full: u64 = (1 << (rows * cols)) - 1;
    let met = match target {
        Target::AllHeads => end == 0,
        Target::AllTails => end == full,
        Target::Either => end == 0 || end == full,
    };
    assert!(met, "{ops:?} leave {end:#b} off {target:?}");
    assert!(
        ops.windows(2).all(|w| w[0] < w[1]),
        "{ops:?} not in the fixed order"
    );
}

#[test]
fn all_512_boards_table_equals_brute_force_and_elimination() {
    let table = FlipTable::new();
    let mut histogram = [0u32; 5];
    for tails in 0..512u64 {
        let grid = Grid::new(3, 3, tails).unwrap();
        let want = brute_force_3x3(tails);
        let from_table = table.solve(&grid);
        assert_eq!(
            from_table.as_ref().map(|o| o.len() as u32),
            want,
            "board {tails:#b}"
        );
        assert_eq!(table.distance(&grid), want);
        let by_elimination = fewest_flips(&grid, Target::Either);
        assert_eq!(by_elimination.as_ref().map(|o| o.len() as u32), want);
        for ops in [from_table, by_elimination].into_iter().flatten() {
            replay(&grid, &ops, Target::Either);
            // The names printed must be the masks of the judge's numbering.
            let by_name = ops.iter().fold(tails, |b, op| {
                let index = ["R1", "R2", "R3", "C1", "C2", "C3", "D1", "D2"]
                    .iter()
                    .position(|n| *n == op.to_string())
                    .unwrap();
                b ^ MASKS_3X3[index]
            });
            assert!(by_name == 0 || by_name == 0x1ff);
        }
        if let Some(count) = want {
            histogram[count as usize] += 1;
        }
    }
    assert_eq!(histogram, [2, 16, 44, 48, 18]);
    assert_eq!(histogram.iter().sum::<u32>(), 128);
}

/// Every grid of at most 16 cells: elimination equals a BFS over all 2^(rows·cols) boards,
/// for each target, and every answer replays. The BFS's flips are the rules' own (a row, a
/// column, or on a square grid a diagonal, flips those coins: [`masks_by_hand`]), not
/// `Grid::mask`, so a wrong mask in the crate cannot move the reference with it.
#[test]
fn elimination_equals_bfs_on_every_small_grid() {
    let mut arena = DenseArena::new(1 << 16);
    for rows in 1..=8 {
        for cols in 1..=8 {
            if rows * cols > 16 {
                continue;
            }
            let masks = masks_by_hand(rows, cols);
            let full: u64 = (1 << (rows * cols)) - 1;
            let space = FnSpace(|board: u64, visit: &mut dyn FnMut(u64)| {
                for &m in &masks {
                    visit(board ^ m);
                }
            });
            for target in [Target::AllHeads, Target::AllTails, Target::Either] {
                let goals: &[u64] = match target {
                    Target::AllHeads => &[0],
                    Target::AllTails => &[full],
                    Target::Either => &[0, full],
                };
                Search::over(&space).arena(&mut arena).levels(goals);
                for tails in 0..=full {
                    let grid = Grid::new(rows, cols, tails).unwrap();
                    let fast = fewest_flips(&grid, target);
                    assert_eq!(
                        fast.as_ref().map(|o| o.len() as u32),
                        arena.distance(tails),
                        "{rows}x{cols} board {tails:#b} to {target:?}"
                    );
                    if let Some(ops) = fast {
                        replay(&grid, &ops, target);
                    }
                }
            }
        }
    }
}

/// The coins `op` flips on a `rows` x `cols` grid, from the rules (row `i` is the `i`-th from
/// the top, `D1` runs from the top left, `D2` from the top right), independent of `Grid::mask`.
fn mask_by_hand(rows: usize, cols: usize, op: Op) -> u64 {
    let cell = |r: usize, c: usize| 1u64 << (r * cols + c);
    match op {
        Op::Row(r) => (0..cols).map(|c| cell(r.into(), c)).sum(),
        Op::Col(c) => (0..rows).map(|r| cell(r, c.into())).sum(),
        Op::Diagonal => (0..rows).map(|i| cell(i, i)).sum(),
        Op::AntiDiagonal => (0..rows).map(|i| cell(i, cols - 1 - i)).sum(),
    }
}

/// The masks of a grid's operations built by hand (rows, columns, then the diagonals of a
/// square grid), independent of `Grid::mask`.
fn masks_by_hand(rows: usize, cols: usize) -> Vec<u64> {
    let cell = |r: usize, c: usize| 1u64 << (r * cols + c);
    let mut masks: Vec<u64> = (0..rows)
        .map(|r| (0..cols).map(|c| cell(r, c)).sum())
        .collect();
    masks.extend((0..cols).map(|c| (0..rows).map(|r| cell(r, c)).sum::<u64>()));
    if rows == cols {
        masks.push((0..rows).map(|i| cell(i, i)).sum());
        masks.push((0..rows).map(|i| cell(i, cols - 1 - i)).sum());
    }
    masks
}

/// The fewest operations over all subsets, towards either uniform board, or `None`.
fn brute_force(rows: usize, cols: usize, tails: u64) -> Option<usize> {
    let masks = masks_by_hand(rows, cols);
    let full = if rows * cols == 64 {
        u64::MAX
    } else {
        (1 << (rows * cols)) - 1
    };
    (0u32..1 << masks.len())
        .filter(|subset| {
            let end = (0..masks.len())
                .filter(|i| subset >> i & 1 == 1)
                .fold(tails, |board, i| board ^ masks[i]);
            end == 0 || end == full
        })
        .map(|subset| subset.count_ones() as usize)
        .min()
}

#[test]
fn large_grids_equal_brute_force_over_every_subset() {
    // Rows and columns alone reach only the boards whose row and column parities agree, so
    // many random boards are unsolvable: `None` must match too.
    let mut rng = fastrand::Rng::with_seed(9079);
    for (rows, cols, boards) in [(5, 7, 200), (8, 3, 200), (6, 6, 100), (8, 8, 8)] {
        let full = Grid::new(rows, cols, 0).unwrap().full_mask();
        let (mut solvable, mut unsolvable) = (0, 0);
        for round in 0..boards {
            // Half the boards made by flips, so that solvable ones are common.
            let tails = if round % 2 == 0 {
                rng.u64(..) & full
            } else {
                masks_by_hand(rows, cols)
                    .into_iter()
                    .filter(|_| rng.bool())
                    .fold(0, |board, mask| board ^ mask)
            };
            let grid = Grid::new(rows, cols, tails).unwrap();
            let ops = fewest_flips(&grid, Target::Either);
            assert_eq!(
                ops.as_ref().map(Vec::len),
                brute_force(rows, cols, tails),
                "{grid:?}"
            );
            match ops {
                Some(ops) => {
                    solvable += 1;
                    let masks = masks_by_hand(rows, cols);
                    let all_ops = grid.ops();
                    let end = ops.iter().fold(tails, |board, op| {
                        board ^ masks[all_ops.iter().position(|o| o == op).unwrap()]
                    });
                    assert!(end == 0 || end == full, "{ops:?} leave {end:#x}");
                }
                None => unsolvable += 1,
            }
        }
        assert!(
            solvable > 0 && unsolvable > 0,
            "{rows} x {cols}: {solvable} / {unsolvable}"
        );
    }
}

#[track_caller]
fn check(input: &str, expected: &str) {
    // The binary's output: the judge output and its final newline.
    let instance = parse(input).unwrap();
    let solution = solve(&instance, Options::default()).unwrap();
    assert_eq!(format!("{solution}\n"), expected);
}

#[rstest]
#[case::judge_sample(
    "3\nH T T\nH T T\nT H H\nT H H\nH H H\nH H H\nH H H\nH T H\nH H H\n",
    "2\n-1\n4\n"
)]
#[case::crlf_and_trailing_spaces("1\r\nH H H  \r\nH H H\r\nH H H\r\n", "0\n")]
#[case::no_final_newline("1\nT T T\nH H H\nH H H", "1\n")]
#[case::tabs_runs_of_spaces_and_blank_lines("\u{feff}1\n\nT\t T  T\n H H H\n\nH H H\n\n", "1\n")]
fn judge_outputs(#[case] input: &str, #[case] expected: &str) {
    check(input, expected);
}

#[rstest]
#[case::empty("empty", "")]
#[case::count_not_a_number("count_not_a_number", "x\n")]
#[case::zero_cases("zero_cases", "0\n")]
#[case::negative_cases("negative_cases", "-3\n")]
#[case::lower_case("lower_case", "1\nh t t\nH T T\nH H H\n")]
#[case::wrong_letter("wrong_letter", "1\nH X T\nH T T\nH H H\n")]
#[case::row_too_short("row_too_short", "1\nH T\nH T T\nH H H\n")]
#[case::row_too_long("row_too_long", "1\nH T T H\nH T T\nH H H\n")]
#[case::no_spaces("no_spaces", "1\nHTT\nH T T\nH H H\n")]
#[case::missing_row("missing_row", "2\nH T T\nH T T\nH H H\nH H H\n")]
#[case::trailing_text("trailing_text", "1\nH T T\nH T T\nH H H\nH H H\n")]
fn parse_errors(#[case] name: &str, #[case] input: &str) {
    let name = format!("parse_error_{name}");
    let error = parse(input).unwrap_err().to_string();
    assert!(error.starts_with("line "), "{error}");
    insta::assert_snapshot!(name, error);
}

#[test]
fn moves_snapshots() {
    let input = "5\nH T T\nH T T\nT H H\nT H H\nH H H\nH H H\nH H H\nH T H\nH H H\nT T T\nT T T\nT T T\nT H T\nH T H\nT H T\n";
    let solution = solve(&parse(input).unwrap(), Options { moves: true }).unwrap();
    insta::assert_snapshot!("moves_judge_sample_and_more", solution.to_string());
    let grid = Grid::new(4, 5, 0)
        .unwrap()
        .flip(Op::Row(0))
        .flip(Op::Col(2))
        .flip(Op::Row(3))
        .flip(Op::Col(4));
    let ops = fewest_flips(&grid, Target::Either).unwrap();
    insta::assert_snapshot!(
        "moves_4x5",
        format!(
            "{grid}\n-> {}",
            ops.iter().map(Op::to_string).collect::<Vec<_>>().join(" ")
        )
    );
}

/// What a judge input means: each case's three rows of letters `H` or `T`.
type Cases = Vec<[[char; 3]; 3]>;

/// The README's format read from its words, sharing nothing with `parse`: `T` (1 to
/// 1,000,000), then three lines of three letters `H` or `T` per case, and nothing after.
fn reference(text: &str) -> Option<Cases> {
    let lines = judge::testing::reference_lines(text);
    let (first, rows) = lines.split_first()?;
    let [count] = first[..] else { return None };
    let count = judge::testing::reference_number(count, 1..=1_000_000)? as usize;
    if rows.len() != 3 * count {
        return None;
    }
    let letter = |token: &str| match token {
        "H" | "T" => token.chars().next(),
        _ => None,
    };
    rows.chunks(3)
        .map(|case| {
            let mut board = [['?'; 3]; 3];
            for (row, tokens) in board.iter_mut().zip(case) {
                let [a, b, c] = tokens[..] else { return None };
                *row = [letter(a)?, letter(b)?, letter(c)?];
            }
            Some(board)
        })
        .collect()
}

/// The boards `parse` read, as letters.
fn meaning(boards: &[Grid]) -> Cases {
    boards
        .iter()
        .map(|grid| {
            std::array::from_fn(|row| {
                std::array::from_fn(|col| match grid.tails() >> (row * 3 + col) & 1 {
                    0 => 'H',
                    _ => 'T',
                })
            })
        })
        .collect()
}

/// Random text over the format's own characters and some others, random edits of a valid
/// input, and edits that keep it valid more often than not: `parse` accepts exactly what the
/// reference reader accepts and reads the same boards, refuses with an error naming a line, and
/// never panics.
#[test]
fn parse_matches_the_reference_on_arbitrary_text() {
    judge::testing::parse_matches_reference(
        judge::testing::Mutations {
            seed: 9079,
            sample: "2\nH T T\nH T T\nT H H\nH H H\nH H H\nH H H\n",
            alphabet: &[
                "H",
                "T",
                "h",
                "t",
                " ",
                "\t",
                "\n",
                "\r\n",
                "1",
                "0",
                "-1",
                "\u{feff}",
                "HT",
                "99999999999999999999",
            ],
        },
        |text| parse(text).map(|instance| meaning(&instance.boards)),
        reference,
    );
}

/// Every refusal in the judge data (`testdata/coins/bad`), its message reviewed as a snapshot.
#[test]
fn judge_data_refusals() {
    for (path, name) in judge::testing::judge_files(env!("CARGO_MANIFEST_DIR"), "coins/bad", "in") {
        let message = judge::testing::refusal(&path, parse);
        insta::with_settings!({ snapshot_suffix => name, input_file => &path }, {
            insta::assert_snapshot!(message);
        });
    }
}
