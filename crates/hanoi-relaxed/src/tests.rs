//! Tests: the examples, every start stack of up to 6 discs against an independent BFS over
//! explicit stacks, replay of every move sequence, state counts, snapshots.

use std::collections::{HashMap, VecDeque};

use rstest::rstest;
use statespace::SparseArena;

use crate::{Move, Options, Peg, Pegs, count_states, goal_states, parse, solve, solve_stack};

/// Three pegs as explicit stacks, bottom to top.
type Stacks = [Vec<u8>; 3];

/// The rule, checked the slow way: every disc has at most one larger disc above it.
fn legal(peg: &[u8]) -> bool {
    (0..peg.len()).all(|i| peg[i + 1..].iter().filter(|&&d| d > peg[i]).count() <= 1)
}

/// Distances to "all on peg 2" of every position with these discs, by a BFS from all goal
/// stacks over explicit stacks (moves are reversible). Shares nothing with the crate.
fn reference_distances(sizes: &[u8]) -> HashMap<Stacks, u32> {
    // Every legal order on peg 2: all permutations, filtered.
    let mut orders: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..sizes.len() {
        let mut longer = Vec::new();
        for order in &orders {
            for &s in sizes {
                let used = order.iter().filter(|&&d| d == s).count();
                let have = sizes.iter().filter(|&&d| d == s).count();
                if used < have && !longer.contains(&[order.clone(), vec![s]].concat()) {
                    longer.push([order.clone(), vec![s]].concat());
                }
            }
        }
        orders = longer;
    }
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    for order in orders.into_iter().filter(|o| legal(o)) {
        let goal: Stacks = [vec![], order, vec![]];
        distance.insert(goal.clone(), 0);
        queue.push_back(goal);
    }
    while let Some(stacks) = queue.pop_front() {
        let d = distance[&stacks];
        for from in 0..3 {
            for to in 0..3 {
                if from == to || stacks[from].is_empty() {
                    continue;
                }
                let mut next = stacks.clone();
                let disc = next[from].pop().unwrap();
                next[to].push(disc);
                if legal(&next[to]) && !distance.contains_key(&next) {
                    distance.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// Replays moves on explicit stacks with the slow rule; returns the final stacks.
#[track_caller]
fn replay(top_down: &[u8], moves: &[Move]) -> Stacks {
    let mut stacks: Stacks = [top_down.iter().rev().copied().collect(), vec![], vec![]];
    for step in moves {
        let disc = stacks[step.from.index()]
            .pop()
            .expect("move from an empty peg");
        stacks[step.to.index()].push(disc);
        assert!(
            legal(&stacks[step.to.index()]),
            "{step} breaks the rule: {stacks:?}"
        );
    }
    stacks
}

/// Every multiset of sizes 1..=max_size with at most `max_len` discs.
fn multisets(max_len: usize, max_size: u8) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for set in &frontier {
            let from = set.last().copied().unwrap_or(1);
            for s in from..=max_size {
                next.push([set.clone(), vec![s]].concat());
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all.into_iter().filter(|s| !s.is_empty()).collect()
}

#[test]
fn every_start_stack_up_to_6_discs_equals_plain_bfs() {
    let mut arena = SparseArena::new();
    let mut checked = 0;
    for sizes in multisets(6, 6) {
        let reference = reference_distances(&sizes);
        // Every legal start: the goal stacks' orders moved to peg 1.
        let starts: Vec<Vec<u8>> = reference
            .keys()
            .filter(|s| s[1].is_empty() && s[2].is_empty())
            .map(|s| s[0].iter().rev().copied().collect())
            .collect();
        for top_down in starts {
            let bottom_up: Vec<u8> = top_down.iter().rev().copied().collect();
            let start = Pegs::tower(&bottom_up, crate::START).unwrap();
            let moves = solve_stack(&start, &mut arena).expect("a tower always reaches peg 2");
            let want = reference[&[bottom_up, vec![], vec![]]];
            assert_eq!(moves.len() as u32, want, "stack {top_down:?}");
            let end = replay(&top_down, &moves);
            assert!(
                end[0].is_empty() && end[2].is_empty(),
                "{top_down:?} ends at {end:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn goal_stacks_number_two_to_the_n_minus_one_for_distinct_sizes() {
    for n in 1..=9u8 {
        let sizes: Vec<u8> = (1..=n).collect();
        assert_eq!(goal_states(&sizes).len(), 1 << (n - 1));
    }
}

#[test]
fn state_counts_match_the_formula() {
    // Sum over splits of the discs among the pegs of the product of 2^(k-1), for distinct sizes.
    fn formula(n: u32) -> u64 {
        let mut total = 0;
        for mask in 0..3u64.pow(n) {
            let mut counts = [0u32; 3];
            let mut rest = mask;
            for _ in 0..n {
                counts[(rest % 3) as usize] += 1;
                rest /= 3;
            }
            total += counts
                .iter()
                .filter(|&&k| k > 0)
                .map(|&k| 1u64 << (k - 1))
                .product::<u64>();
        }
        total
    }
    assert_eq!(formula(7), 41_184);
    assert_eq!(formula(9), 1_358_208);
    // The formula counts legal positions; from 6 discs on, a few cannot be reached from a
    // tower (36 of 7,392 for 6 discs). The BFS counts the reachable ones: compare it with the
    // independent BFS, which reaches the same component from the goal stacks.
    for n in 1..=7u8 {
        let sizes: Vec<u8> = (1..=n).collect();
        let bottom_up: Vec<u8> = sizes.iter().rev().copied().collect();
        let reachable = count_states(&Pegs::tower(&bottom_up, crate::START).unwrap());
        assert_eq!(reachable, reference_distances(&sizes).len() as u64);
        if n <= 5 {
            assert_eq!(reachable, formula(u32::from(n)));
        }
        if n == 6 {
            assert_eq!(reachable, formula(6) - 36);
        }
    }
}

#[test]
fn packing_round_trips() {
    let position = Pegs::from_pegs([&[3, 1], &[9, 2, 9], &[5, 4, 4, 1]]).unwrap();
    assert_eq!(Pegs::unpack(position.pack(), 9), position);
    assert_eq!(position.stack(crate::GOAL), vec![9, 2, 9]);
    assert_eq!(position.stack(Peg::LAST), vec![5, 4, 4, 1]);
    assert_eq!(position.top(Peg::LAST), Some(1));
    assert!(Pegs::from_pegs([&[1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6], &[], &[]]).is_err());
}

#[track_caller]
fn check(input: &str, expected: &str) {
    // The binary's output: the judge output and its final newline.
    let solution = solve(&parse(input).unwrap(), Options::default()).unwrap();
    assert_eq!(format!("{solution}\n"), expected);
}

#[rstest]
#[case::example_1("1234\n", "6\n")]
#[case::example_2("123\n", "4\n")]
#[case::example_3("1314\n", "5\n")]
#[case::lines_are_independent("213\n123\n", "3\n4\n")]
#[case::blank_lines_and_crlf("\r\n7777\r\n\r\n1\r\n", "4\n1\n")]
fn judge_outputs(#[case] input: &str, #[case] expected: &str) {
    check(input, expected);
}

#[rstest]
#[case::n1234("1234")]
#[case::n1314("1314")]
#[case::n2143("2143")]
fn moves_snapshots(#[case] stack: &str) {
    let solution = solve(&parse(stack).unwrap(), Options { moves: true }).unwrap();
    let sizes: Vec<u8> = stack.bytes().map(|b| b - b'0').collect();
    let end = replay(&sizes, solution.moves[0].as_ref().unwrap());
    assert!(end[0].is_empty() && end[2].is_empty());
    insta::assert_snapshot!(format!("moves_{stack}"), solution.to_string());
}

#[rstest]
#[case::empty("empty", "")]
#[case::only_blank_lines("only_blank_lines", "\n\n")]
#[case::zero("zero", "1204\n")]
#[case::letter("letter", "12a4\n")]
#[case::inner_space("inner_space", "12 34\n")]
#[case::too_many("too_many", "1234567891234\n")]
#[case::breaks_rule("breaks_rule", "123\n321\n")]
fn parse_errors(#[case] name: &str, #[case] input: &str) {
    let error = parse(input).unwrap_err().to_string();
    assert!(error.starts_with("line "), "{error}");
    insta::assert_snapshot!(format!("parse_error_{name}"), error);
}

/// The README's format read from its words, sharing nothing with `parse`: one stack per
/// non-blank line (at least one), a single token of 1 to 12 digits `1`-`9` listing the sizes
/// from the top down, that no disc has two larger discs above it; each stack as the three pegs
/// it starts, bottom up.
fn reference(text: &str) -> Option<Vec<Stacks>> {
    let lines = judge::testing::reference_lines(text);
    if lines.is_empty() {
        return None;
    }
    lines
        .iter()
        .map(|tokens| {
            let [stack] = tokens[..] else { return None };
            if !(1..=12).contains(&stack.len()) || !stack.chars().all(|c| ('1'..='9').contains(&c))
            {
                return None;
            }
            let bottom_up: Vec<u8> = stack.bytes().rev().map(|b| b - b'0').collect();
            legal(&bottom_up).then(|| [bottom_up, vec![], vec![]])
        })
        .collect()
}

/// Random text over the format's own characters and some others, random edits of a valid
/// input, and edits that keep it valid more often than not: `parse` accepts exactly what the
/// reference reader accepts and reads the same stacks, refuses with an error naming a line, and
/// never panics.
#[test]
fn parse_matches_the_reference_on_arbitrary_text() {
    judge::testing::parse_matches_reference(
        judge::testing::Mutations {
            seed: 3,
            sample: "1234\n\n1314\n",
            alphabet: &[
                "1",
                "2",
                "3",
                "9",
                "0",
                " ",
                "\t",
                "\n",
                "\r\n",
                "a",
                "\u{feff}",
                "1111",
                "9999999999999",
            ],
        },
        |text| parse(text).map(|instance| instance.stacks.iter().map(Pegs::stacks).collect()),
        reference,
    );
}

/// Every refusal in the judge data (`testdata/hanoi-relaxed/bad`), its message reviewed as a snapshot.
#[test]
fn judge_data_refusals() {
    for (path, name) in
        judge::testing::judge_files(env!("CARGO_MANIFEST_DIR"), "hanoi-relaxed/bad", "in")
    {
        let message = judge::testing::refusal(&path, parse);
        insta::with_settings!({ snapshot_suffix => name, input_file => &path }, {
            insta::assert_snapshot!(message);
        });
    }
}

/// The same configuration the shared model's tests build: disc 3 and disc 1 on peg 1, disc 2 on
/// peg 2; `Pegs` must number, order and write it as `hanoi_model::Config` does.
#[test]
fn pegs_follow_the_shared_hanoi_convention() {
    use crate::{Move, Peg, Pegs};
    let pegs = Pegs::from_pegs([&[3, 1], &[2], &[]]).unwrap();
    assert_eq!(pegs.n_discs(), 3);
    assert_eq!(pegs.stacks(), [vec![3, 1], vec![2], vec![]]);
    assert_eq!(pegs.top(Peg::FIRST), Some(1));
    assert_eq!(pegs.top(Peg::from_number(2).unwrap()), Some(2));
    assert_eq!(pegs.to_string(), "3\n2 3 1\n1 2\n0");
    assert_eq!("3\n2 3 1\n1 2\n0".parse::<Pegs>().unwrap(), pegs);
    assert_eq!(
        (
            Peg::FIRST.number(),
            Peg::LAST.number(),
            Peg::LAST.to_string()
        ),
        (1, 3, "3".to_string())
    );
    assert_eq!(Peg::from_index(0), Some(Peg::FIRST));
    let moved = pegs
        .apply(Move {
            from: Peg::FIRST,
            to: Peg::LAST,
        })
        .unwrap();
    assert_eq!(moved.stacks(), [vec![3], vec![2], vec![1]]);
    assert_eq!(
        Pegs::tower(&[2, 1], Peg::MIDDLE).unwrap().stacks(),
        [vec![], vec![2, 1], vec![]]
    );
    // The relaxed rule lets one larger disc stand above a smaller one, not two.
    assert!(Pegs::from_pegs([&[1, 3], &[2], &[]]).is_ok());
    assert!(Pegs::from_pegs([&[1, 3, 2], &[], &[]]).is_err());
}
