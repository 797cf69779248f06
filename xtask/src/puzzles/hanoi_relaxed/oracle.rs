//! Relaxed-Hanoi oracle: one plain forward BFS per line over explicit stacks, each state a byte
//! string `peg1 0 peg2 0 peg3` (bottom to top), stopping at the first level that empties pegs
//! 1 and 3. A fresh visited set per line.

use std::collections::{HashSet, VecDeque};

fn legal(peg: &[u8]) -> bool {
    (0..peg.len()).all(|i| peg[i + 1..].iter().filter(|&&d| d > peg[i]).count() <= 1)
}

fn encode(pegs: &[Vec<u8>; 3]) -> Vec<u8> {
    let mut key = pegs[0].clone();
    key.push(0);
    key.extend_from_slice(&pegs[1]);
    key.push(0);
    key.extend_from_slice(&pegs[2]);
    key
}

fn distance(top_down: &str) -> u32 {
    let start: [Vec<u8>; 3] = [
        top_down.bytes().rev().map(|b| b - b'0').collect(),
        vec![],
        vec![],
    ];
    let mut seen = HashSet::from([encode(&start)]);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((pegs, d)) = queue.pop_front() {
        if pegs[0].is_empty() && pegs[2].is_empty() {
            return d;
        }
        for from in 0..3 {
            for to in 0..3 {
                if from == to || pegs[from].is_empty() {
                    continue;
                }
                let mut next = pegs.clone();
                let disc = next[from].pop().expect("non-empty");
                next[to].push(disc);
                if legal(&next[to]) && seen.insert(encode(&next)) {
                    queue.push_back((next, d + 1));
                }
            }
        }
    }
    panic!("peg 2 unreachable from {top_down}");
}

pub fn solve(input: &str) -> String {
    input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{}\n", distance(l)))
        .collect()
}
