//! The permutation-puzzle oracle: plain breadth-first searches over the literal arrays of a
//! definition ([`super::definition`]), states kept whole in hash maps (their bits written into a
//! `u128` when they fit, so that the larger puzzles' counts fit in memory). Without scrambles it
//! counts the states at each distance from Solved; with scrambles it finds each one's distance
//! and an optimal move sequence by a bidirectional breadth-first search between the scramble and
//! Solved (every move has its inverse among the moves, so the graph is undirected). States an
//! `Illegal` line forbids are never entered.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::definition::{Definition, SearchMove, State, parse};

/// Inputs whose rough bound of states ([`Definition::state_bound`]) stays below this are
/// answered in a second or two.
pub const QUICK_STATES: f64 = 1.5e6;

/// A multiply-and-rotate hasher (the standard library's SipHash costs twice as much here).
#[derive(Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
    }
}

/// Distances of states, by hash of their literal arrays.
pub type Distances = HashMap<State, u32, BuildHasherDefault<WordHasher>>;

/// Whether `flags` ask for the quarter-turn metric.
fn quarter_turns(flags: &[String]) -> bool {
    flags.iter().any(|f| f == "--qtm")
}

/// The judge output for `input` run with `flags` (`--qtm`; `--threads` changes nothing).
///
/// # Panics
/// When the oracle's reader refuses `input` (the binary should have too).
pub fn solve(flags: &[String], input: &str) -> String {
    let definition = parse(input).unwrap_or_else(|why| panic!("oracle: {why}"));
    let moves = definition.moves_of(quarter_turns(flags));
    if definition.scrambles.is_empty() {
        return levels_text(&levels(&definition, &moves));
    }
    let mut out = String::new();
    for scramble in &definition.scrambles {
        out.push_str(&scramble.name);
        match shortest_path(&definition, &moves, &scramble.state) {
            None => out.push_str(" -1"),
            Some(path) => {
                out.push_str(&format!(" {}", path.len()));
                for &m in &path {
                    out.push(' ');
                    out.push_str(&moves[m].name);
                }
            }
        }
        out.push('\n');
    }
    out
}

/// `D COUNT` a line, then `total N`.
pub fn levels_text(levels: &[u64]) -> String {
    let mut out = String::new();
    for (distance, count) in levels.iter().enumerate() {
        out.push_str(&format!("{distance} {count}\n"));
    }
    out.push_str(&format!("total {}\n", levels.iter().sum::<u64>()));
    out
}

/// The number of states at each distance from Solved: [`levels_packed`] where a state's bits
/// fit in 128, [`levels_boxed`] otherwise.
pub fn levels(definition: &Definition, moves: &[SearchMove]) -> Vec<u64> {
    match Packing::of(definition) {
        Some(packing) => levels_packed(definition, moves, &packing),
        None => levels_boxed(definition, moves),
    }
}

/// Breadth-first search from Solved over whole states kept as boxed arrays.
///
/// # Complexity
/// * Time: **O(S · M · n)** for S states, M moves and n slots.
/// * Space: one whole state (2n bytes and a box) per state, in a hash map.
pub fn levels_boxed(definition: &Definition, moves: &[SearchMove]) -> Vec<u64> {
    let mut seen = Distances::default();
    seen.insert(definition.solved.clone(), 0);
    let mut frontier = vec![definition.solved.clone()];
    let mut levels = Vec::new();
    while !frontier.is_empty() {
        levels.push(frontier.len() as u64);
        let depth = levels.len() as u32;
        let mut next = Vec::new();
        for state in &frontier {
            for m in moves {
                let successor = definition.apply(state, &m.motion);
                if !seen.contains_key(&successor) && definition.legal(&successor) {
                    seen.insert(successor.clone(), depth);
                    next.push(successor);
                }
            }
        }
        frontier = next;
    }
    levels
}

/// The same arrays written bit by bit into a `u128` (each label, then each orientation, in
/// as many bits as the largest needs), so that tens of millions of states fit in memory.
pub struct Packing {
    label_bits: u32,
    orientation_bits: u32,
    slots: usize,
}

impl Packing {
    /// The packing of `definition`'s states, if they fit in 128 bits.
    pub fn of(definition: &Definition) -> Option<Packing> {
        let width = |largest: u32| 32 - largest.leading_zeros();
        let labels = definition.solved[..definition.slots]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        let omod = definition.orbits.iter().map(|o| o.omod).max().unwrap_or(1);
        let packing = Packing {
            label_bits: width(u32::from(labels)),
            orientation_bits: width(u32::from(omod) - 1),
            slots: definition.slots,
        };
        let bits = definition.slots as u32 * (packing.label_bits + packing.orientation_bits);
        (bits <= 128).then_some(packing)
    }

    pub fn pack(&self, state: &[u8]) -> u128 {
        let mut word = 0u128;
        for slot in 0..self.slots {
            word = word << self.label_bits | u128::from(state[slot]);
            word = word << self.orientation_bits | u128::from(state[self.slots + slot]);
        }
        word
    }

    pub fn unpack(&self, mut word: u128) -> State {
        let mut state = vec![0u8; 2 * self.slots];
        for slot in (0..self.slots).rev() {
            state[self.slots + slot] = (word & ((1 << self.orientation_bits) - 1)) as u8;
            word >>= self.orientation_bits;
            state[slot] = (word & ((1 << self.label_bits) - 1)) as u8;
            word >>= self.label_bits;
        }
        state.into_boxed_slice()
    }
}

/// Breadth-first search from Solved, states packed by `packing` in a hash set.
///
/// # Complexity
/// * Time: **O(S · M · n)** for S states, M moves and n slots.
/// * Space: 16 bytes and a control byte per state in the set, 16 bytes per frontier state.
pub fn levels_packed(definition: &Definition, moves: &[SearchMove], packing: &Packing) -> Vec<u64> {
    let mut seen: HashSet<u128, BuildHasherDefault<WordHasher>> = HashSet::default();
    let solved = packing.pack(&definition.solved);
    seen.insert(solved);
    let mut frontier = vec![solved];
    let mut levels = Vec::new();
    while !frontier.is_empty() {
        levels.push(frontier.len() as u64);
        let mut next = Vec::new();
        for &word in &frontier {
            let state = packing.unpack(word);
            for m in moves {
                let successor = definition.apply(&state, &m.motion);
                let packed = packing.pack(&successor);
                if !seen.contains(&packed) && definition.legal(&successor) {
                    seen.insert(packed);
                    next.push(packed);
                }
            }
        }
        frontier = next;
    }
    levels
}

/// One side of the bidirectional search: distances from its start, its last full level.
struct Side {
    distances: Distances,
    frontier: Vec<State>,
    depth: u32,
}

impl Side {
    fn new(start: &State) -> Self {
        let mut distances = Distances::default();
        distances.insert(start.clone(), 0);
        Side {
            distances,
            frontier: vec![start.clone()],
            depth: 0,
        }
    }

    /// Expands one whole level; returns the best meeting state with the other side, if any.
    fn expand(
        &mut self,
        definition: &Definition,
        moves: &[SearchMove],
        other: &Distances,
    ) -> Option<(u32, State)> {
        let mut next = Vec::new();
        let mut best: Option<(u32, State)> = None;
        self.depth += 1;
        for state in &self.frontier {
            for m in moves {
                let successor = definition.apply(state, &m.motion);
                if self.distances.contains_key(&successor) || !definition.legal(&successor) {
                    continue;
                }
                if let Some(&there) = other.get(&successor)
                    && best.as_ref().is_none_or(|(b, _)| self.depth + there < *b)
                {
                    best = Some((self.depth + there, successor.clone()));
                }
                self.distances.insert(successor.clone(), self.depth);
                next.push(successor);
            }
        }
        self.frontier = next;
        best
    }
}

/// An optimal move sequence (indices into `moves`) from `start` to Solved, or `None` when Solved
/// cannot be reached (or `start` itself is a position an `Illegal` line forbids: a position
/// never entered is not reached from Solved).
///
/// # Complexity
/// * Time and space: **O(b^(d/2))** states for branching factor b and distance d, until one
///   side is exhausted when Solved is unreachable.
pub fn shortest_path(
    definition: &Definition,
    moves: &[SearchMove],
    start: &State,
) -> Option<Vec<usize>> {
    if !definition.legal(start) {
        // A position an `Illegal` line forbids is never entered: Solved does not reach it.
        return None;
    }
    if *start == definition.solved {
        return Some(Vec::new());
    }
    let mut forward = Side::new(start);
    let mut backward = Side::new(&definition.solved);
    let meeting = loop {
        if forward.frontier.is_empty() || backward.frontier.is_empty() {
            return None;
        }
        let found = if forward.frontier.len() <= backward.frontier.len() {
            forward.expand(definition, moves, &backward.distances)
        } else {
            backward.expand(definition, moves, &forward.distances)
        };
        if let Some((_, state)) = found {
            break state;
        }
    };
    let mut path = descend(definition, moves, &forward.distances, &meeting);
    path.reverse();
    for step in &mut path {
        *step = moves[*step].inverse;
    }
    path.extend(descend(definition, moves, &backward.distances, &meeting));
    Some(path)
}

/// Moves from `state` down to distance 0 in `distances`, each to a state one nearer.
fn descend(
    definition: &Definition,
    moves: &[SearchMove],
    distances: &Distances,
    state: &State,
) -> Vec<usize> {
    let mut path = Vec::new();
    let mut state = state.clone();
    let mut distance = distances[&state];
    while distance > 0 {
        let (m, nearer) = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (i, definition.apply(&state, &m.motion)))
            .find(|(_, s)| distances.get(s) == Some(&(distance - 1)))
            .expect("a state one nearer");
        path.push(m);
        state = nearer;
        distance -= 1;
    }
    path
}

/// Whether the oracle answers `input` quickly: its rough bound of states is small. An input its
/// reader refuses counts as quick, so that the fuzzer reports a binary accepting it.
pub fn is_quick(input: &str) -> bool {
    parse(input).map_or(true, |d| d.state_bound() <= QUICK_STATES)
}
