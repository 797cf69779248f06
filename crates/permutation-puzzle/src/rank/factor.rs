//! [`Coordinate`]: one factor of the rank (a part no move changes, a table of its reachable
//! values and their moves, or computed), the breadth-first search that makes a table, and the
//! merging of tables whose values constrain each other.

use crate::definition::Puzzle;
use crate::position::Position;
use std::sync::Arc;

use super::part::Part;

/// The most raw values a coordinate may have to be searched alone and kept as a table.
pub const MAX_TABLE_VALUES: u64 = 1 << 22;
/// The most entries (values times moves, 4 bytes each) of a coordinate's move table.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 24;

/// A successor refused: an `Illegal` label in a slot.
pub(super) const ILLEGAL: u32 = u32::MAX;

/// Where a table coordinate's raw values come from.
#[derive(Clone, Debug)]
pub(super) enum Source {
    Part(Part),
    /// `a * b.size + b`, both tables.
    Pair(Box<Coordinate>, Box<Coordinate>),
}

#[derive(Clone, Debug)]
pub(super) enum Kind {
    /// A part no move changes: one value, Solved's.
    Fixed { part: Part, value: u64 },
    /// The reachable raw values (sorted) and the move table (`value * moves + move`).
    Table {
        source: Source,
        values: Vec<u64>,
        next: Arc<[u32]>,
    },
    /// Computed move by move from the closed-form rank.
    Direct { part: Part },
}

/// One factor of the rank.
#[derive(Clone, Debug)]
pub(crate) struct Coordinate {
    pub(super) size: u64,
    /// Solved's value.
    pub(super) solved: u64,
    pub(super) kind: Kind,
}

impl Coordinate {
    /// The value of a position, `None` when it is not among the reachable ones.
    pub(super) fn value(&self, puzzle: &Puzzle, position: &Position) -> Option<u64> {
        match &self.kind {
            Kind::Fixed { part, value } => (part.value(puzzle, position)? == *value).then_some(0),
            Kind::Direct { part } => part.value(puzzle, position),
            Kind::Table { source, values, .. } => {
                let raw = match source {
                    Source::Part(part) => part.value(puzzle, position)?,
                    Source::Pair(a, b) => {
                        a.value(puzzle, position)? * b.size + b.value(puzzle, position)?
                    }
                };
                values.binary_search(&raw).ok().map(|i| i as u64)
            }
        }
    }

    pub(super) fn describe(&self, puzzle: &Puzzle) -> String {
        match &self.kind {
            Kind::Fixed { part, .. } => format!("{}: never moves", part.describe(puzzle)),
            Kind::Direct { part } => format!("{}: computed", part.describe(puzzle)),
            Kind::Table {
                source: Source::Part(part),
                ..
            } => format!("{}: table", part.describe(puzzle)),
            Kind::Table {
                source: Source::Pair(a, b),
                ..
            } => {
                format!("({}) with ({})", a.describe(puzzle), b.describe(puzzle))
            }
        }
    }

    /// The slot order of a computed permutation of distinct pieces, when not the slots' own.
    pub(super) fn slot_order(&self) -> Option<&[u8]> {
        match &self.kind {
            Kind::Direct { part } => part.slot_order(),
            _ => None,
        }
    }

    pub(super) fn table_bytes(&self) -> u64 {
        match &self.kind {
            Kind::Table { values, next, .. } => (values.len() * 8 + next.len() * 4) as u64,
            _ => 0,
        }
    }
}

/// A breadth-first search over one coordinate's raw values from `start`: the reachable values,
/// sorted, and their move table. `step(value, move)` gives a successor or `None` (illegal).
pub(super) fn search_values(
    raw_size: u64,
    start: u64,
    moves: usize,
    mut step: impl FnMut(u64, usize) -> Option<u64>,
) -> (Vec<u64>, Vec<u32>) {
    let mut index = vec![u32::MAX; raw_size as usize];
    let mut order = vec![start];
    index[start as usize] = 0;
    let mut edges = Vec::new();
    let mut head = 0;
    while head < order.len() {
        let value = order[head];
        head += 1;
        for m in 0..moves {
            let Some(next) = step(value, m) else {
                edges.push(ILLEGAL);
                continue;
            };
            if index[next as usize] == u32::MAX {
                index[next as usize] = order.len() as u32;
                order.push(next);
            }
            edges.push(index[next as usize]);
        }
    }
    let mut sorted = order.clone();
    sorted.sort_unstable();
    // The index of each value in sorted order, by its search order.
    let renumber: Vec<u32> = order
        .iter()
        .map(|v| sorted.binary_search(v).expect("present") as u32)
        .collect();
    let mut next = vec![ILLEGAL; edges.len()];
    for i in 0..order.len() {
        let row = renumber[i] as usize * moves;
        for m in 0..moves {
            let e = edges[i * moves + m];
            next[row + m] = if e == ILLEGAL {
                ILLEGAL
            } else {
                renumber[e as usize]
            };
        }
    }
    (sorted, next)
}

/// Merges pairs of table coordinates whose reachable pairs are fewer than their product, until
/// no pair gains.
pub(super) fn merge_coordinates(coordinates: &mut Vec<Coordinate>, moves: usize) {
    loop {
        let tables: Vec<usize> = (0..coordinates.len())
            .filter(|&i| {
                matches!(coordinates[i].kind, Kind::Table { .. }) && coordinates[i].size > 1
            })
            .collect();
        let mut merged = None;
        'pairs: for (x, &i) in tables.iter().enumerate() {
            for &j in &tables[x + 1..] {
                let product = coordinates[i].size * coordinates[j].size;
                if product > MAX_TABLE_VALUES || product * moves as u64 > MAX_TABLE_ENTRIES {
                    continue;
                }
                let (a, b) = (&coordinates[i], &coordinates[j]);
                let (Kind::Table { next: na, .. }, Kind::Table { next: nb, .. }) =
                    (&a.kind, &b.kind)
                else {
                    continue;
                };
                let start = a.solved * b.size + b.solved;
                let (values, next) = search_values(product, start, moves, |v, m| {
                    let (va, vb) = (v / b.size, v % b.size);
                    let (sa, sb) = (na[va as usize * moves + m], nb[vb as usize * moves + m]);
                    (sa != ILLEGAL && sb != ILLEGAL).then(|| u64::from(sa) * b.size + u64::from(sb))
                });
                if (values.len() as u64) < product {
                    let solved = values.binary_search(&start).expect("the start") as u64;
                    merged = Some((i, j, values, next, solved));
                    break 'pairs;
                }
            }
        }
        let Some((i, j, values, next, solved)) = merged else {
            return;
        };
        let b = coordinates.remove(j);
        let a = coordinates.remove(i);
        coordinates.push(Coordinate {
            size: values.len() as u64,
            solved,
            kind: Kind::Table {
                source: Source::Pair(Box::new(a), Box::new(b)),
                values,
                next: next.into(),
            },
        });
    }
}
