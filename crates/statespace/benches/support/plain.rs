//! The plain searches the two-bit benchmarks measure against, written as textbooks write them,
//! nothing clever: included by each bench target with `#[path]`, like `timing.rs`.

// Each bench target uses the searches it measures against, not all of them.
#![allow(dead_code)]

use statespace::Space;

/// The plain two-bit BFS: one thread, a full pass over the table per level (skipping words of
/// 32 codes with none of the level), codes "old", "this level", "next level" and "unseen", the
/// two middle ones trading places each level; successors one state at a time. Returns the
/// weighted level sizes.
pub fn two_bit(space: &impl Space, len: u64, source: u64, weight: impl Fn(u64) -> u64) -> Vec<u64> {
    const OLD: u64 = 0;
    const UNSEEN: u64 = 3;
    let mut table = vec![u64::MAX; len.div_ceil(32) as usize];
    let code = |table: &[u64], s: u64| table[(s / 32) as usize] >> (2 * (s % 32)) & 3;
    let set = |table: &mut [u64], s: u64, c: u64| {
        let word = &mut table[(s / 32) as usize];
        *word = *word & !(3 << (2 * (s % 32))) | c << (2 * (s % 32));
    };
    set(&mut table, source, 1);
    let mut sizes = vec![weight(source)];
    let (mut current, mut next) = (1, 2);
    loop {
        let mut size = 0;
        for w in 0..table.len() {
            // Skip a word of 32 codes that holds none of this level.
            let x = table[w] ^ (0x5555_5555_5555_5555 * current);
            if !(x | x >> 1) & 0x5555_5555_5555_5555 == 0 {
                continue;
            }
            for s in 32 * w as u64..(32 * w as u64 + 32).min(len) {
                if code(&table, s) != current {
                    continue;
                }
                set(&mut table, s, OLD);
                space.for_each_successor(s, |t| {
                    if code(&table, t) == UNSEEN {
                        set(&mut table, t, next);
                        size += weight(t);
                    }
                });
            }
        }
        if size == 0 {
            return sizes;
        }
        sizes.push(size);
        std::mem::swap(&mut current, &mut next);
    }
}

/// The plain queue BFS: a visited bit a state, the frontier in a `Vec`.
pub fn queue(space: &impl Space, len: u64, source: u64) -> Vec<u64> {
    let mut seen = vec![0u64; len.div_ceil(64) as usize];
    seen[(source / 64) as usize] |= 1 << (source % 64);
    let mut frontier = vec![source];
    let mut sizes = Vec::new();
    while !frontier.is_empty() {
        sizes.push(frontier.len() as u64);
        let mut next = Vec::new();
        for &s in &frontier {
            space.for_each_successor(s, |t| {
                let (word, bit) = ((t / 64) as usize, 1 << (t % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    next.push(t);
                }
            });
        }
        frontier = next;
    }
    sizes
}
