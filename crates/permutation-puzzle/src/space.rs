//! [`PuzzleSpace`]: a puzzle's ranks as a [`statespace::Space`], successors read from the
//! coordinates' move tables.

use std::sync::Arc;

use statespace::Space;

use crate::rank::Rank;

/// A successor refused by an `Illegal` line (as the rank's tables mark it).
const ILLEGAL: u32 = u32::MAX;

/// A moving coordinate's size, stride and move table.
type MovingTable = (u64, u64, Arc<[u32]>);

/// The positions of a puzzle as the ranks `0..rank.len()`, each search move a successor.
///
/// When every coordinate is a table, a successor is one table read and one multiply-add per
/// coordinate (the values are split from the rank once per state); otherwise the computed
/// coordinates unrank, move and rank again.
pub struct PuzzleSpace<'r> {
    rank: &'r Rank,
    moves: usize,
    /// `(size, stride, table)` of each moving coordinate, when all of them are tables.
    tables: Option<Vec<MovingTable>>,
}

impl<'r> PuzzleSpace<'r> {
    /// The space of `rank`.
    pub fn new(rank: &'r Rank) -> Self {
        Self {
            rank,
            moves: rank.move_names.len(),
            tables: rank.all_tables().then(|| rank.moving_tables()),
        }
    }

    /// The rank it searches.
    pub fn rank(&self) -> &Rank {
        self.rank
    }

    /// The successor of `state` by search move `m`, `None` when it is illegal.
    pub fn successor(&self, state: u64, m: usize) -> Option<u64> {
        let mut values = vec![0u64; self.rank.coordinates.len()];
        self.rank.values(state, &mut values);
        self.rank.step(&values, m)
    }

    /// The first search move from `from` to `to`.
    pub fn move_between(&self, from: u64, to: u64) -> Option<usize> {
        (0..self.moves).find(|&m| self.successor(from, m) == Some(to))
    }
}

impl Space for PuzzleSpace<'_> {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let moves = self.moves;
        match self.tables.as_deref() {
            Some([]) => (0..moves).for_each(|_| visit(state)),
            Some([(_, _, table)]) => {
                let row = &table[state as usize * moves..][..moves];
                for &next in row {
                    if next != ILLEGAL {
                        visit(u64::from(next));
                    }
                }
            }
            Some([(low_size, _, low), (_, high_stride, high)]) => {
                let low_row = &low[(state % low_size) as usize * moves..][..moves];
                let high_row = &high[(state / low_size) as usize * moves..][..moves];
                for (&a, &b) in low_row.iter().zip(high_row) {
                    if a != ILLEGAL && b != ILLEGAL {
                        visit(u64::from(a) + u64::from(b) * high_stride);
                    }
                }
            }
            Some(tables) => {
                let mut rows = [0usize; 64];
                let mut rest = state;
                for (i, (size, _, _)) in tables.iter().enumerate() {
                    rows[i] = (rest % size) as usize * moves;
                    rest /= size;
                }
                'moves: for m in 0..moves {
                    let mut next = 0;
                    for (i, (_, stride, table)) in tables.iter().enumerate() {
                        let value = table[rows[i] + m];
                        if value == ILLEGAL {
                            continue 'moves;
                        }
                        next += u64::from(value) * stride;
                    }
                    visit(next);
                }
            }
            None => {
                let count = self.rank.coordinates.len();
                let mut stack = [0u64; 64];
                let mut heap = Vec::new();
                let values = if count <= 64 {
                    &mut stack[..count]
                } else {
                    heap.resize(count, 0);
                    &mut heap[..]
                };
                self.rank.values(state, values);
                for m in 0..moves {
                    if let Some(next) = self.rank.step(values, m) {
                        visit(next);
                    }
                }
            }
        }
    }
}
