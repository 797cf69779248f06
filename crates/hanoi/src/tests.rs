//! Tests: closed forms against BFS over every configuration, an independent replay, snapshots.

use rstest::rstest;
use statespace::{DenseArena, FnSpace, Search};

use crate::{
    Config, Instance, Move, Peg, TowerMoves, distance_to_tower, kth_move, move_count,
    move_count_decimal, parse, solve_config, write_solution, write_tower_moves,
};

/// Configurations packed in base 3 (digit `d` = peg of disc `d`), with the legal moves of
/// three-peg Hanoi written independently of the crate's model, in a fixed order.
fn packed_space(n: u32) -> FnSpace<impl Fn(u64, &mut dyn FnMut(u64))> {
    FnSpace(move |state: u64, visit: &mut dyn FnMut(u64)| {
        let mut tops = [None; 3];
        let mut rest = state;
        for disc in 0..n {
            let peg = (rest % 3) as usize;
            rest /= 3;
            tops[peg].get_or_insert(disc);
        }
        for from in 0..3 {
            for to in 0..3 {
                if let Some(disc) = tops[from]
                    && from != to
                    && tops[to].is_none_or(|t| t > disc)
                {
                    visit(state - from as u64 * 3u64.pow(disc) + to as u64 * 3u64.pow(disc));
                }
            }
        }
    })
}

fn pack(pegs: &[Peg]) -> u64 {
    pegs.iter()
        .rev()
        .fold(0, |acc, p| acc * 3 + p.index() as u64)
}

fn unpack(state: u64, n: u32) -> Vec<Peg> {
    (0..n)
        .map(|d| Peg::from_index((state / 3u64.pow(d) % 3) as usize).unwrap())
        .collect()
}

/// Replays moves on explicit stacks (bottom to top), with no code from the crate's model.
#[track_caller]
fn replay(start: &[Peg], moves: impl IntoIterator<Item = Move>) -> Vec<Vec<usize>> {
    let mut stacks = vec![Vec::new(); 3];
    for disc in (0..start.len()).rev() {
        stacks[start[disc].index()].push(disc);
    }
    for step in moves {
        let disc = stacks[step.from.index()]
            .pop()
            .expect("move from an empty peg");
        assert!(
            stacks[step.to.index()].last().is_none_or(|&top| top > disc),
            "larger onto smaller"
        );
        stacks[step.to.index()].push(disc);
    }
    stacks
}

#[test]
fn tower_moves_equal_the_unique_bfs_path_and_the_kth_move() {
    let mut arena = DenseArena::new(3u64.pow(10));
    for n in 1..=10u32 {
        for from in Peg::ALL {
            for to in Peg::ALL.into_iter().filter(|&t| t != from) {
                let start = pack(&vec![from; n as usize]);
                let goal = pack(&vec![to; n as usize]);
                let path = Search::over(&packed_space(n))
                    .arena(&mut arena)
                    .bfs(start, &[goal])
                    .unwrap();
                let discs = n as usize;
                let moves: Vec<Move> = TowerMoves::new(discs, from, to).collect();
                assert_eq!(moves.len() as u128, move_count(discs).unwrap());
                assert_eq!(path.len() - 1, moves.len());
                let mut at = vec![from; n as usize];
                for (k, (step, states)) in moves.iter().zip(path.windows(2)).enumerate() {
                    assert_eq!(pack(&at), states[0]);
                    let disc = at.iter().position(|&p| p == step.from).unwrap();
                    at[disc] = step.to;
                    assert_eq!(pack(&at), states[1], "n={n} move {}", k + 1);
                    assert_eq!(kth_move(discs, from, to, k as u128 + 1), Some(*step));
                }
                assert_eq!(kth_move(discs, from, to, 0), None);
                assert_eq!(kth_move(discs, from, to, moves.len() as u128 + 1), None);
            }
        }
    }
}

#[test]
fn any_configuration_equals_bfs_distance() {
    let mut arena = DenseArena::new(3u64.pow(10));
    for n in 1..=10u32 {
        for target in Peg::ALL {
            Search::over(&packed_space(n))
                .arena(&mut arena)
                .levels(&[pack(&vec![target; n as usize])]);
            for state in 0..3u64.pow(n) {
                let pegs = unpack(state, n);
                let config = Config::from_disc_pegs(pegs.clone()).unwrap();
                let want = arena.distance(state).unwrap() as u128;
                assert_eq!(distance_to_tower(&config, target), want, "n={n} {pegs:?}");
                // Replaying every sequence is cheap up to 8 discs; beyond, one state in 7.
                if n <= 8 || state % 7 == 0 {
                    let moves: Vec<Move> = solve_config(&config, target).collect();
                    assert_eq!(moves.len() as u128, want);
                    let stacks = replay(&pegs, moves);
                    assert_eq!(stacks[target.index()].len(), n as usize);
                }
            }
        }
    }
}

#[test]
fn exact_counts_beyond_64_bits() {
    assert_eq!(move_count_decimal(64), "18446744073709551615");
    assert_eq!(move_count_decimal(100), "1267650600228229401496703205375");
    assert_eq!(move_count_decimal(128), u128::MAX.to_string());
    // 2^200 - 1, written out.
    assert_eq!(
        move_count_decimal(200),
        "1606938044258990275541962092341162602522202993782792835301375"
    );
    assert_eq!(move_count(129), None);
    // Every n up to 300 against doubling a string of decimal digits, one digit at a time.
    let mut digits = vec![1u8]; // 2^0, least significant digit first
    for n in 1..=300usize {
        let mut carry = 0;
        for digit in &mut digits {
            let doubled = *digit * 2 + carry;
            *digit = doubled % 10;
            carry = doubled / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
        // 2^n ends in 2, 4, 6 or 8: subtracting one never borrows.
        let text: String = digits
            .iter()
            .enumerate()
            .rev()
            .map(|(i, &d)| char::from(b'0' + if i == 0 { d - 1 } else { d }))
            .collect();
        assert_eq!(move_count_decimal(n), text, "n = {n}");
    }
}

#[test]
fn lazy_iterator_reaches_the_end_of_large_towers_without_storing_moves() {
    // The last move of any transfer moves the smallest disc onto the target, in O(1).
    let last = kth_move(100, Peg::FIRST, Peg::LAST, move_count(100).unwrap()).unwrap();
    assert_eq!(last.to, Peg::LAST);
    // The middle move moves the largest disc from the source to the target.
    let middle = kth_move(100, Peg::FIRST, Peg::LAST, 1u128 << 99).unwrap();
    assert_eq!(
        middle,
        Move {
            from: Peg::FIRST,
            to: Peg::LAST
        }
    );
    let mut moves = TowerMoves::new(30, Peg::FIRST, Peg::LAST);
    assert_eq!(moves.size_hint().0, (1 << 30) - 1);
    assert_eq!(
        moves.nth(1 << 29),
        kth_move(30, Peg::FIRST, Peg::LAST, (1 << 29) + 1)
    );
}

#[test]
fn illegal_moves_are_refused_by_the_model() {
    let mut config = Config::tower(3, Peg::FIRST).unwrap();
    assert!(
        config
            .apply(Move {
                from: Peg::MIDDLE,
                to: Peg::LAST
            })
            .is_err()
    );
    config
        .apply(Move {
            from: Peg::FIRST,
            to: Peg::LAST,
        })
        .unwrap();
    assert!(
        config
            .apply(Move {
                from: Peg::FIRST,
                to: Peg::LAST
            })
            .is_err()
    );
    assert!(Config::from_disc_pegs(vec![Peg::FIRST; 128]).is_err());
}

fn judge_output(n: usize) -> String {
    let mut out = Vec::new();
    write_solution(&Instance { n_discs: n }, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[rstest]
#[case::n1(1)]
#[case::n2(2)]
#[case::n3(3)]
#[case::n4(4)]
fn move_list_snapshots(#[case] n: usize) {
    insta::assert_snapshot!(format!("moves_n{n}"), judge_output(n));
}

#[test]
fn any_configuration_snapshot() {
    // Discs 0..6 on pegs 2 1 3 3 1 2 (1-based), to peg 3.
    let pegs: Vec<Peg> = [1, 0, 2, 2, 0, 1]
        .iter()
        .map(|&i| Peg::from_index(i).unwrap())
        .collect();
    let config = Config::from_disc_pegs(pegs).unwrap();
    let moves: Vec<String> = solve_config(&config, Peg::LAST)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves.len() as u128, distance_to_tower(&config, Peg::LAST));
    insta::assert_snapshot!("any_configuration_6_discs", moves.join("\n"));
}

#[rstest]
#[case::judge_sample("3\n", "7\n1 3\n1 2\n3 2\n1 3\n2 1\n2 3\n1 3\n")]
#[case::n21_has_no_moves("21\n", "2097151\n")]
#[case::crlf_and_spaces("  2 \r\n", "3\n1 2\n1 3\n2 3\n")]
fn judge_outputs(#[case] input: &str, #[case] expected: &str) {
    assert_eq!(judge_output(parse(input).unwrap().n_discs), expected);
}

#[rstest]
#[case::empty("empty", "")]
#[case::blank("blank", "\n \n")]
#[case::not_a_number("not_a_number", "three\n")]
#[case::negative("negative", "-3\n")]
#[case::zero("zero", "0\n")]
#[case::too_large("too_large", "101\n")]
#[case::huge("huge", "99999999999999999999\n")]
#[case::trailing_token("trailing_token", "3 4\n")]
#[case::trailing_line("trailing_line", "3\n\n4\n")]
fn parse_errors(#[case] name: &str, #[case] input: &str) {
    let error = parse(input).unwrap_err().to_string();
    assert!(error.starts_with("line "), "{error}");
    insta::assert_snapshot!(format!("parse_error_{name}"), error);
}

#[test]
fn block_writer_equals_the_iterator() {
    for n in 0..=15usize {
        for from in Peg::ALL {
            for to in Peg::ALL {
                let mut written = Vec::new();
                write_tower_moves(n, from, to, &mut written).unwrap();
                let expected: Vec<u8> = TowerMoves::new(n, from, to)
                    .flat_map(Move::judge_line)
                    .collect();
                assert!(written == expected, "n={n} {from}->{to}");
            }
        }
    }
}

/// Move `k` of the transfer by the recursive decomposition, an independent method: the middle
/// move `2^(n-1)` moves the largest disc from `from` to `to`; before it the `n - 1` smaller discs
/// go from `from` to the spare peg, after it from the spare peg to `to`.
fn kth_move_by_halves(n_discs: usize, from: Peg, to: Peg, k: u128) -> (usize, usize) {
    let (mut n, mut from, mut to, mut k) = (n_discs, from.index(), to.index(), k);
    loop {
        let middle = 1u128 << (n - 1);
        let spare = 3 - from - to;
        match k.cmp(&middle) {
            std::cmp::Ordering::Equal => return (from, to),
            std::cmp::Ordering::Less => to = spare,
            std::cmp::Ordering::Greater => {
                k -= middle;
                from = spare;
            }
        }
        n -= 1;
    }
}

#[test]
fn kth_move_equals_the_recursive_decomposition_at_the_arithmetic_edges() {
    let mut rng = fastrand::Rng::with_seed(1914);
    for n in 1..=127usize {
        let last = move_count(n).unwrap();
        let mut ks: Vec<u128> = vec![1, last, last - 1, last / 2, last / 2 + 1];
        for j in 0..128 {
            let power = 1u128 << j;
            ks.extend([power - 1, power, power + 1]);
            // 2^64 - 2^j and 2^128 - 2^j (wrapping) stress the `m | (m - 1)` step.
            ks.push((1u128 << 64) - (power & u128::from(u64::MAX)).max(1));
            ks.push(power.wrapping_neg());
        }
        ks.extend((0..200).map(|_| rng.u128(1..=last)));
        for k in ks.into_iter().filter(|k| (1..=last).contains(k)) {
            for from in Peg::ALL {
                for to in Peg::ALL.into_iter().filter(|&t| t != from) {
                    let step = kth_move(n, from, to, k).unwrap();
                    assert_eq!(
                        (step.from.index(), step.to.index()),
                        kth_move_by_halves(n, from, to, k),
                        "n={n} k={k} from {from} to {to}"
                    );
                }
            }
        }
    }
}

/// The README's format read from its words, sharing nothing with `parse`: one number from 1
/// to 100 alone on its line, and nothing else.
fn reference(text: &str) -> Option<usize> {
    let lines = judge::testing::reference_lines(text);
    let [line] = &lines[..] else { return None };
    let [n] = line[..] else { return None };
    judge::testing::reference_number(n, 1..=100).map(|n| n as usize)
}

/// Random text over the format's own characters and some others, random edits of a valid
/// input, and edits that keep it valid more often than not: `parse` accepts exactly what the
/// reference reader accepts and reads the same number of discs, refuses with an error naming a line, and
/// never panics.
#[test]
fn parse_matches_the_reference_on_arbitrary_text() {
    judge::testing::parse_matches_reference(
        judge::testing::Mutations {
            seed: 1914,
            sample: "10\n",
            alphabet: &[
                "0",
                "1",
                "9",
                "-",
                "+",
                " ",
                "\t",
                "\n",
                "\r\n",
                "x",
                "\u{feff}",
                "99999999999999999999",
            ],
        },
        |text| parse(text).map(|instance| instance.n_discs),
        reference,
    );
}

#[test]
fn pegs_show_the_numbers_users_see() {
    let step = Move {
        from: Peg::FIRST,
        to: Peg::LAST,
    };
    assert_eq!(
        format!("{step} {step:?}"),
        "1 3 Move { from: Peg(1), to: Peg(3) }"
    );
}

/// Every refusal in the judge data (`testdata/hanoi/bad`), its message reviewed as a snapshot.
#[test]
fn judge_data_refusals() {
    for (path, name) in judge::testing::judge_files(env!("CARGO_MANIFEST_DIR"), "hanoi/bad", "in") {
        let message = judge::testing::refusal(&path, parse);
        insta::with_settings!({ snapshot_suffix => name, input_file => &path }, {
            insta::assert_snapshot!(message);
        });
    }
}

#[test]
fn solution_display_is_the_written_output_without_its_final_newline() {
    for n in [1, 2, 5, 12, 20, 21, 64, 100] {
        let Ok(solution) = crate::solve(&Instance { n_discs: n }, crate::Options::default());
        let mut written = Vec::new();
        solution.write_to(&mut written).unwrap();
        let written = String::from_utf8(written).unwrap();
        assert_eq!(
            written.strip_suffix('\n'),
            Some(solution.to_string().as_str()),
            "{n} discs"
        );
        assert_eq!(solution.moves().is_some(), n <= crate::MAX_LISTED_DISCS);
    }
}
