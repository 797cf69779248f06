//! [`PuzzleSpace`]: a puzzle's ranks as a [`statespace::Space`], successors read from the
//! coordinates' move tables or computed from the coordinates' arrays.
//!
//! The per-successor work is what the whole search costs, so each shape of rank gets its own
//! loop: one or two moving tables (narrowed to `u16` entries when their values fit, the
//! `Illegal` checks left out when no entry is refused, the split of a rank by a reciprocal
//! instead of a division), more tables, and computed coordinates, unranked once a state and
//! ranked again a move at a time in place ([`crate::computed`]).

use statespace::Space;

use crate::computed::{Computed, Divisor};
use crate::rank::{Rank, Step};

/// A successor refused by an `Illegal` line (as the rank's tables mark it).
const ILLEGAL: u32 = u32::MAX;

/// A move table's entries, `u16` when every value (and the refusal mark) fits.
#[derive(Clone)]
enum Entries {
    Narrow(Box<[u16]>),
    Wide(Box<[u32]>),
}

/// An entry of a move table: a value, or the type's largest for a refused move.
trait Entry: Copy {
    fn refused(self) -> bool;
    fn get(self) -> u64;
}

impl Entry for u16 {
    #[inline(always)]
    fn refused(self) -> bool {
        self == u16::MAX
    }
    #[inline(always)]
    fn get(self) -> u64 {
        u64::from(self)
    }
}

impl Entry for u32 {
    #[inline(always)]
    fn refused(self) -> bool {
        self == ILLEGAL
    }
    #[inline(always)]
    fn get(self) -> u64 {
        u64::from(self)
    }
}

/// A moving table coordinate: its size, stride, entries, and whether any move is refused.
#[derive(Clone)]
struct Table {
    size: u64,
    stride: u64,
    entries: Entries,
    refuses: bool,
}

impl Table {
    fn new(size: u64, stride: u64, next: &[u32]) -> Self {
        let refuses = next.contains(&ILLEGAL);
        let entries = if size < u64::from(u16::MAX) {
            Entries::Narrow(
                next.iter()
                    .map(|&v| if v == ILLEGAL { u16::MAX } else { v as u16 })
                    .collect(),
            )
        } else {
            Entries::Wide(next.into())
        };
        Table {
            size,
            stride,
            entries,
            refuses,
        }
    }

    /// The entry of `value` and move `m`, as a `u32` ([`ILLEGAL`] when refused).
    #[inline]
    fn at(&self, moves: usize, value: u64, m: usize) -> u32 {
        let i = value as usize * moves + m;
        match &self.entries {
            Entries::Narrow(e) if e[i] == u16::MAX => ILLEGAL,
            Entries::Narrow(e) => u32::from(e[i]),
            Entries::Wide(e) => e[i],
        }
    }
}

/// How successors are found.
enum Shape<'r> {
    /// Nothing moves: every move leads back.
    Still,
    /// One moving table: the rank is its value times its stride.
    One(Table),
    /// Two moving tables, `low` below `high` (stride `low.size`).
    Two {
        low: Table,
        high: Table,
        split: Divisor,
    },
    /// More tables.
    Tables(Vec<Table>),
    /// Some coordinate is computed.
    Computed(Computed<'r>),
}

/// The positions of a puzzle as the ranks `0..rank.len()`, each search move a successor.
pub struct PuzzleSpace<'r> {
    rank: &'r Rank,
    moves: usize,
    shape: Shape<'r>,
    /// Whether every search move's inverse is a search move and no position is illegal, so
    /// that a move can be undone in one move from every rank (see [`Space::reversible`]).
    reversible: bool,
}

impl<'r> PuzzleSpace<'r> {
    /// The space of `rank`.
    pub fn new(rank: &'r Rank) -> Self {
        let moves = rank.move_names.len();
        let steps = rank.steps();
        let shape = if steps.iter().any(|(_, _, s)| matches!(s, Step::Direct(_))) {
            Shape::Computed(Computed::new(rank, &steps))
        } else {
            let mut tables: Vec<Table> = steps
                .iter()
                .filter_map(|(size, stride, step)| match step {
                    Step::Table(next) if *size > 1 => Some(Table::new(*size, *stride, next)),
                    _ => None,
                })
                .collect();
            match tables.len() {
                0 => Shape::Still,
                // Too many moves to gather on the stack: the general loop.
                _ if moves > BATCH => Shape::Tables(tables),
                1 => Shape::One(tables.remove(0)),
                2 if tables[0].stride == 1 && tables[1].stride == tables[0].size => {
                    let high = tables.remove(1);
                    let low = tables.remove(0);
                    let split = Divisor::new(low.size, rank.len());
                    Shape::Two { low, high, split }
                }
                _ => Shape::Tables(tables),
            }
        };
        Self {
            rank,
            moves,
            shape,
            reversible: undoable(rank),
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

/// Whether each search move of `rank` is undone by one of its search moves, with no `Illegal`
/// line: then a successor's successors hold the state again, from every rank, reachable or
/// not (a move is a permutation of the ranks). With an `Illegal` line, a refused rank has
/// successors that cannot reach it back.
fn undoable(rank: &Rank) -> bool {
    let puzzle = &rank.puzzle;
    !puzzle.has_illegal()
        && rank.move_positions.iter().all(|mv| {
            let inverse = mv.inverse(&puzzle.omods);
            rank.move_positions.contains(&inverse)
        })
}

/// The most moves whose table successors are gathered before they are visited.
const BATCH: usize = 32;

/// The successors by two tables' rows, `a + b * stride` for each move both allow, into `out`;
/// how many.
#[inline(always)]
fn two_rows<A: Entry, B: Entry, const CHECK: bool>(
    low: &[A],
    high: &[B],
    stride: u64,
    out: &mut [u64; BATCH],
) -> usize {
    let mut count = 0;
    for (&a, &b) in low.iter().zip(high) {
        if CHECK && (a.refused() || b.refused()) {
            continue;
        }
        out[count] = a.get() + b.get() * stride;
        count += 1;
    }
    count
}

/// [`two_rows`] with the `Illegal` checks made only when some entry is refused.
#[inline(always)]
fn two<A: Entry, B: Entry>(
    low: &[A],
    high: &[B],
    refuses: bool,
    stride: u64,
    out: &mut [u64; BATCH],
) -> usize {
    if refuses {
        two_rows::<A, B, true>(low, high, stride, out)
    } else {
        two_rows::<A, B, false>(low, high, stride, out)
    }
}

/// The successors by one table's row, into `out`; how many.
#[inline(always)]
fn one_row<A: Entry>(row: &[A], stride: u64, out: &mut [u64; BATCH]) -> usize {
    let mut count = 0;
    for &a in row {
        if !a.refused() {
            out[count] = a.get() * stride;
            count += 1;
        }
    }
    count
}

impl PuzzleSpace<'_> {
    /// The successors of `state` by one or two tables into `out` (when the moves fit it), so
    /// that the search's own step is inlined once, in the one loop that visits them; how
    /// many, `None` for the other shapes.
    #[inline(always)]
    fn gather(&self, state: u64, out: &mut [u64; BATCH]) -> Option<usize> {
        let moves = self.moves;
        if moves > BATCH {
            return None;
        }
        match &self.shape {
            Shape::One(t) => {
                let at = (state / t.stride) as usize * moves;
                Some(match &t.entries {
                    Entries::Narrow(e) => one_row(&e[at..at + moves], t.stride, out),
                    Entries::Wide(e) => one_row(&e[at..at + moves], t.stride, out),
                })
            }
            Shape::Two { low, high, split } => {
                let (h, l) = split.split(state);
                let (h, l) = (h as usize * moves, l as usize * moves);
                let refuses = low.refuses || high.refuses;
                let stride = high.stride;
                let (lr, hr) = (l..l + moves, h..h + moves);
                Some(match (&low.entries, &high.entries) {
                    (Entries::Narrow(a), Entries::Narrow(b)) => {
                        two(&a[lr], &b[hr], refuses, stride, out)
                    }
                    (Entries::Narrow(a), Entries::Wide(b)) => {
                        two(&a[lr], &b[hr], refuses, stride, out)
                    }
                    (Entries::Wide(a), Entries::Narrow(b)) => {
                        two(&a[lr], &b[hr], refuses, stride, out)
                    }
                    (Entries::Wide(a), Entries::Wide(b)) => {
                        two(&a[lr], &b[hr], refuses, stride, out)
                    }
                })
            }
            _ => None,
        }
    }
}

impl Space for PuzzleSpace<'_> {
    #[inline]
    fn reversible(&self) -> bool {
        self.reversible
    }

    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let mut out = [0u64; BATCH];
        let Some(count) = self.gather(state, &mut out) else {
            self.others_until(state, &mut |succ| {
                visit(succ);
                false
            });
            return;
        };
        // The one place the search's step is inlined.
        for &succ in &out[..count] {
            visit(succ);
        }
    }

    #[inline]
    fn any_successor<F: FnMut(u64) -> bool>(&self, state: u64, mut found: F) -> bool {
        let Shape::Two { low, high, split } = &self.shape else {
            return self.others_until(state, &mut found);
        };
        // Two tables (most puzzles read from tables): a successor made only when asked.
        let moves = self.moves;
        let (h, l) = split.split(state);
        let (h, l) = (h as usize * moves, l as usize * moves);
        let (lr, hr) = (l..l + moves, h..h + moves);
        let stride = high.stride;
        match (&low.entries, &high.entries) {
            (Entries::Narrow(a), Entries::Narrow(b)) => any_of_two(&a[lr], &b[hr], stride, found),
            (Entries::Narrow(a), Entries::Wide(b)) => any_of_two(&a[lr], &b[hr], stride, found),
            (Entries::Wide(a), Entries::Narrow(b)) => any_of_two(&a[lr], &b[hr], stride, found),
            (Entries::Wide(a), Entries::Wide(b)) => any_of_two(&a[lr], &b[hr], stride, found),
        }
    }
}

/// Whether `found` holds for a successor by two tables' rows (the moves both allow), asked
/// move by move and stopping at the first.
#[inline(always)]
fn any_of_two<A: Entry, B: Entry>(
    low: &[A],
    high: &[B],
    stride: u64,
    mut found: impl FnMut(u64) -> bool,
) -> bool {
    for (&a, &b) in low.iter().zip(high) {
        if !(a.refused() || b.refused()) && found(a.get() + b.get() * stride) {
            return true;
        }
    }
    false
}

impl PuzzleSpace<'_> {
    /// Asks `stop` of the successors of the shapes [`PuzzleSpace::gather`] leaves until it says
    /// so; whether it did. Out of line, so that the search's step is inlined into the tables'
    /// loop alone.
    #[inline(never)]
    fn others_until(&self, state: u64, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        let moves = self.moves;
        match &self.shape {
            Shape::Still => (0..moves).any(|_| stop(state)),
            Shape::One(t) => (0..moves).any(|m| {
                let value = t.at(moves, state / t.stride, m);
                value != ILLEGAL && stop(u64::from(value) * t.stride)
            }),
            Shape::Two { low, high, .. } => {
                tables_until([low, high].iter().copied(), moves, state, stop)
            }
            Shape::Tables(tables) => tables_until(tables.iter(), moves, state, stop),
            Shape::Computed(computed) => computed.successors_until(self.rank, state, stop),
        }
    }
}

/// Asks `stop` of the successors by `tables` (the moves all allow) until it says so.
fn tables_until<'t>(
    tables: impl Iterator<Item = &'t Table> + Clone,
    moves: usize,
    state: u64,
    stop: &mut dyn FnMut(u64) -> bool,
) -> bool {
    let mut values = [0u64; 64];
    for (i, t) in tables.clone().enumerate() {
        values[i] = state / t.stride % t.size;
    }
    'moves: for m in 0..moves {
        let mut next = 0;
        for (i, t) in tables.clone().enumerate() {
            let value = t.at(moves, values[i], m);
            if value == ILLEGAL {
                continue 'moves;
            }
            next += u64::from(value) * t.stride;
        }
        if stop(next) {
            return true;
        }
    }
    false
}
