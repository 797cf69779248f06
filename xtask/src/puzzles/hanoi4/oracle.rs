//! Four-peg Hanoi oracle: a plain BFS from the goal over all `4^n` configurations, one byte of
//! distance each, with its own encoding (disc `n`, the largest, in the lowest base-4 digit) and
//! its own move generation. Tables are cached per disc count for the run.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

thread_local! {
    static TABLES: RefCell<HashMap<usize, std::rc::Rc<Vec<u8>>>> = RefCell::new(HashMap::new());
}

/// The pegs of discs `1..=n` (index 0 is disc 1) from a state.
fn decode(state: u32, n: usize) -> Vec<u8> {
    (0..n)
        .map(|d| (state >> (2 * (n - 1 - d)) & 3) as u8)
        .collect()
}

fn encode(pegs: &[u8]) -> u32 {
    let n = pegs.len();
    pegs.iter()
        .enumerate()
        .map(|(d, &p)| u32::from(p) << (2 * (n - 1 - d)))
        .sum()
}

/// Distance to all discs on peg 4 (index 3) for every state; 255 means unreached.
pub fn table(n: usize) -> std::rc::Rc<Vec<u8>> {
    if let Some(t) = TABLES.with(|t| t.borrow().get(&n).cloned()) {
        return t;
    }
    let mut distance = vec![u8::MAX; 1 << (2 * n)];
    let goal = encode(&vec![3; n]);
    distance[goal as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(state) = queue.pop_front() {
        let pegs = decode(state, n);
        // The smallest disc on each peg is its top.
        let mut top = [usize::MAX; 4];
        for d in (0..n).rev() {
            top[pegs[d] as usize] = d;
        }
        for from in 0..4 {
            for to in 0..4 {
                if from != to && top[from] != usize::MAX && top[from] < top[to] {
                    let mut next = pegs.clone();
                    next[top[from]] = to as u8;
                    let code = encode(&next) as usize;
                    if distance[code] == u8::MAX {
                        distance[code] = distance[state as usize] + 1;
                        queue.push_back(code as u32);
                    }
                }
            }
        }
    }
    let table = std::rc::Rc::new(distance);
    TABLES.with(|t| t.borrow_mut().insert(n, table.clone()));
    table
}

/// The configurations of `n` discs within `slack` moves of the largest distance from the goal,
/// farthest first, as peg lists.
pub fn farthest(n: usize, slack: u8) -> Vec<Vec<u8>> {
    let table = table(n);
    let max = *table.iter().max().expect("non-empty");
    let mut far: Vec<u32> = (0..table.len() as u32)
        .filter(|&s| table[s as usize] + slack >= max)
        .collect();
    far.sort_by_key(|&s| (std::cmp::Reverse(table[s as usize]), s));
    far.into_iter().map(|s| decode(s, n)).collect()
}

/// Judge output (counts only) for a HANOI4 input.
pub fn solve(input: &str) -> String {
    let mut tokens = input
        .split_whitespace()
        .map(|t| t.parse::<usize>().expect("number"));
    let cases = tokens.next().expect("C");
    let mut out = String::new();
    for _ in 0..cases {
        let n = tokens.next().expect("n");
        let mut pegs = vec![0u8; n];
        for (peg, _) in (0..4).zip(0..) {
            let k = tokens.next().expect("k");
            for _ in 0..k {
                pegs[tokens.next().expect("disc") - 1] = peg as u8;
            }
        }
        let answer = if n <= 14 {
            u64::from(table(n)[encode(&pegs) as usize])
        } else {
            // Past the plain BFS: perfect towers only, by the Frame-Stewart numbers.
            assert!(
                pegs.iter().all(|&p| p == pegs[0]),
                "the oracle answers only perfect towers past 14 discs"
            );
            if pegs[0] == 3 { 0 } else { frame_stewart(n) }
        };
        out.push_str(&format!("{answer}\n"));
    }
    out
}

/// The fewest moves between two perfect towers of `n` discs on four pegs: the Frame-Stewart
/// recurrence `FS(n) = min over k of 2 FS(k) + 2^(n - k) - 1`, optimal by Bousch (2014).
pub fn frame_stewart(n: usize) -> u64 {
    let mut fs = vec![0u64; n + 1];
    for m in 1..=n {
        fs[m] = (0..m)
            .map(|k| 2 * fs[k] + (1u64 << (m - k)) - 1)
            .min()
            .expect("k = 0 at least");
    }
    fs[n]
}
