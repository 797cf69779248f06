//! The fewest moves for stacks of growing size, with the moves of the last one, each count
//! checked against a breadth-first search over the stacks written here from the rules, and the
//! listed moves replayed: `cargo run --release -p hanoi-relaxed --example stacks`.

use std::collections::{HashMap, VecDeque};

/// Three pegs, each a stack of disc sizes from the bottom up.
type Stacks = [Vec<u8>; 3];

/// The rule: every disc has at most one strictly larger disc anywhere above it on its peg.
fn legal(stacks: &Stacks) -> bool {
    stacks.iter().all(|peg| {
        (0..peg.len()).all(|i| peg[i + 1..].iter().filter(|&&d| d > peg[i]).count() <= 1)
    })
}

/// The stacks after moving the top disc of peg `from` onto peg `to`, if there is one and the
/// rule still holds.
fn moved(stacks: &Stacks, from: usize, to: usize) -> Option<Stacks> {
    let mut next = stacks.clone();
    let disc = next[from].pop()?;
    next[to].push(disc);
    legal(&next).then_some(next)
}

/// The fewest moves from every disc of `line` (sizes from the top down) on peg 1 to every disc
/// on peg 2, by breadth-first search; `None` when no sequence does it.
fn bfs(line: &str) -> Option<usize> {
    let tower: Vec<u8> = line.bytes().rev().map(|b| b - b'0').collect();
    let start: Stacks = [tower, Vec::new(), Vec::new()];
    let mut distance = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(stacks) = queue.pop_front() {
        if stacks[0].is_empty() && stacks[2].is_empty() {
            return Some(distance[&stacks]);
        }
        for (from, to) in [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)] {
            if let Some(next) = moved(&stacks, from, to)
                && !distance.contains_key(&next)
            {
                distance.insert(next.clone(), distance[&stacks] + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

fn main() {
    let input = "12\n123\n1234\n12345\n123456\n1234567\n";
    let instance = hanoi_relaxed::parse(input).expect("valid stacks");
    let Ok(solution) = hanoi_relaxed::solve(&instance, hanoi_relaxed::Options::default());
    for (line, moves) in input.lines().zip(&solution.moves) {
        let count = moves.as_ref().map(Vec::len);
        println!("{line:>8}: {} moves", count.map_or(-1, |c| c as i64));
        assert_eq!(count, bfs(line), "{line}");
    }
    let last = solution
        .moves
        .last()
        .and_then(Option::as_ref)
        .expect("solvable");
    let listed: Vec<String> = last.iter().map(ToString::to_string).collect();
    println!("1234567 -> peg 2: {}", listed.join(", "));
    // The listed moves (`from to`, pegs from 1) replay under the rule to every disc on peg 2.
    let tower: Vec<u8> = (1..=7).rev().collect();
    let end = listed
        .iter()
        .fold([tower, Vec::new(), Vec::new()], |stacks, step| {
            let (from, to) = step.split_once(' ').expect("`from to`");
            let (from, to): (usize, usize) = (from.parse().unwrap(), to.parse().unwrap());
            moved(&stacks, from - 1, to - 1).unwrap_or_else(|| panic!("{step} breaks the rule"))
        });
    assert!(end[0].is_empty() && end[2].is_empty(), "{end:?}");
}
