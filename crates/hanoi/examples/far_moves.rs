//! Moves deep inside a 100-disc transfer, computed directly, and a scattered configuration
//! solved to a tower, each checked against values worked out here (2^n - 1, the well-known bit
//! formula of the k-th move, a breadth-first search over the 81 configurations):
//! `cargo run -p hanoi-classic --example far_moves`.

use std::collections::{HashMap, VecDeque};

use hanoi::{Config, Peg, distance_to_tower, kth_move, move_count_decimal, solve_config};

/// The `k`-th move of the transfer of an even number of discs from peg 1 to peg 3, by the bit
/// formula: from `(k & (k - 1)) mod 3` to `((k | (k - 1)) + 1) mod 3`, which moves an even
/// tower from peg 0 to peg 1, so pegs 1 and 2 are swapped. Pegs numbered from 1, as printed.
fn kth_move_by_bits(k: u128) -> String {
    let label = |peg: u128| [1, 3, 2][(peg % 3) as usize];
    format!("{} {}", label(k & (k - 1)), label((k | (k - 1)) + 1))
}

/// The legal moves of a configuration (`pegs[d]` the peg, 0 to 2, of disc `d`, the smallest
/// first): the top disc of a peg onto an empty peg or a larger top disc.
fn moves(pegs: &[u8]) -> Vec<(u8, u8)> {
    let top = |peg: u8| pegs.iter().position(|&p| p == peg);
    let mut legal = Vec::new();
    for from in 0..3 {
        let Some(disc) = top(from) else { continue };
        for to in (0..3).filter(|&to| to != from) {
            if top(to).is_none_or(|t| t > disc) {
                legal.push((from, to));
            }
        }
    }
    legal
}

/// Applies the move `from -> to` to `pegs`.
fn apply(pegs: &[u8], (from, to): (u8, u8)) -> Vec<u8> {
    let disc = pegs
        .iter()
        .position(|&p| p == from)
        .expect("a disc to move");
    let mut next = pegs.to_vec();
    next[disc] = to;
    next
}

/// The fewest moves from `start` to every disc on `goal`, by breadth-first search.
fn bfs_distance(start: &[u8], goal: u8) -> usize {
    let mut distance = HashMap::from([(start.to_vec(), 0)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(pegs) = queue.pop_front() {
        if pegs.iter().all(|&p| p == goal) {
            return distance[&pegs];
        }
        for step in moves(&pegs) {
            let next = apply(&pegs, step);
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), distance[&pegs] + 1);
                queue.push_back(next);
            }
        }
    }
    unreachable!("every configuration reaches every tower")
}

fn main() -> Result<(), hanoi::ConfigError> {
    let count = move_count_decimal(100);
    println!("100 discs need {count} moves");
    assert_eq!(count, ((1u128 << 100) - 1).to_string());
    for k in [1u128, 2, 3, 1 << 99, (1 << 100) - 1] {
        let step = kth_move(100, Peg::FIRST, Peg::LAST, k).expect("k in range");
        println!("move {k:>31}: {step}");
        assert_eq!(step.to_string(), kth_move_by_bits(k), "move {k}");
    }
    // Disc 1 (the smallest) on peg 3, disc 2 on peg 1, disc 3 on peg 2, disc 4 on peg 1.
    let scattered = Config::from_disc_pegs(vec![Peg::LAST, Peg::FIRST, Peg::MIDDLE, Peg::FIRST])?;
    let moves_made: Vec<String> = solve_config(&scattered, Peg::LAST)
        .map(|m| m.to_string())
        .collect();
    let distance = distance_to_tower(&scattered, Peg::LAST);
    println!(
        "{distance} moves to a tower on peg 3: {}",
        moves_made.join(", ")
    );
    let start = [2, 0, 1, 0];
    let fewest = bfs_distance(&start, 2);
    assert_eq!(usize::try_from(distance).unwrap(), fewest);
    assert_eq!(moves_made.len(), fewest);
    // The moves replay, each legal, to the tower on peg 3.
    let end = moves_made.iter().fold(start.to_vec(), |pegs, step| {
        let (from, to) = step.split_once(' ').expect("`from to`");
        let step = (
            from.parse::<u8>().unwrap() - 1,
            to.parse::<u8>().unwrap() - 1,
        );
        assert!(
            moves(&pegs).contains(&step),
            "{step:?} is illegal in {pegs:?}"
        );
        apply(&pegs, step)
    });
    assert_eq!(end, [2; 4]);
    Ok(())
}
