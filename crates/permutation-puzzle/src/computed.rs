//! [`Computed`]: the successors of a rank with computed coordinates (a permutation too large
//! for a move table, such as a stack of pancakes), with no allocation: each computed
//! coordinate is unranked once a state, and each move applied to its arrays and ranked again.
//!
//! A permutation of distinct pieces ([`Distinct`]) keeps the Lehmer digits of the state, the
//! pieces read in the rank's slot order (the slots the moves touch least first). Digit `i` is
//! the rank of its piece among the pieces from position `i` on, so a move that permutes only
//! the positions of a window `lo..hi` (a flip of the top `k` pancakes: the last positions)
//! keeps the digits before `lo` and from `hi` on: only the window's are counted again (a bit
//! mask of the pieces before it, its ones below the piece counted a position), the rest of
//! the rank added as two numbers; the parity of a set whose moves are all even is folded the
//! same way (the digits' sum). Other computed parts apply the move to their arrays and rank
//! them ([`Part::step_arrays`]).

use crate::coordinate::{PermRank, SlotOrder, factorial};
use crate::definition::Puzzle;
use crate::rank::{Part, Rank, Step};

/// The most computed coordinates the fast path holds arrays for (more go move by move).
const MAX_COMPUTED: usize = 4;

/// Division by a constant known at run time: `n / d` as a multiply by `ceil(2^64 / d)`, exact
/// for every `n` with `n * d <= 2^64` (checked when it is made; a plain division otherwise).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divisor {
    d: u64,
    magic: Option<u64>,
}

impl Divisor {
    /// Division by `d` of numbers up to `largest`.
    pub(crate) fn new(d: u64, largest: u64) -> Self {
        let exact = d > 1 && u128::from(largest) * u128::from(d) <= 1 << 64;
        Divisor {
            d: d.max(1),
            magic: exact.then(|| (u64::MAX / d).wrapping_add(1)),
        }
    }

    /// `(n / d, n % d)`.
    #[inline(always)]
    pub(crate) fn split(self, n: u64) -> (u64, u64) {
        let q = match self.magic {
            Some(magic) => ((u128::from(n) * u128::from(magic)) >> 64) as u64,
            None => n / self.d,
        };
        (q, n - q * self.d)
    }
}

/// The number of ones of each 10-bit number: a mask of up to 20 pieces counted in two reads
/// (the build targets no particular processor, so `count_ones` is a sequence of shifts and
/// masks).
const ONES: [u8; 1024] = {
    let mut ones = [0u8; 1024];
    let mut i = 1;
    while i < 1024 {
        ones[i] = ones[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    ones
};

/// The number of pieces of `mask` (below 2^20) below `p`.
#[inline(always)]
fn ones_below(mask: u32, p: u8) -> u32 {
    let below = mask & ((1 << p) - 1);
    u32::from(ONES[(below & 1023) as usize]) + u32::from(ONES[(below >> 10) as usize & 1023])
}

/// A move of a [`Distinct`] permutation, by position (a slot's place in the rank's order):
/// position `i` in `lo..hi` receives the piece of position `from[i]` (also in `lo..hi`); the
/// positions outside keep theirs.
#[derive(Clone, Debug)]
struct WindowMove {
    from: [u8; 20],
    lo: usize,
    hi: usize,
}

/// A computed permutation of up to 20 distinct pieces (Lehmer code of the pieces read in the
/// rank's slot order, the first position most significant, halved when the parity is folded).
#[derive(Clone, Debug)]
pub(crate) struct Distinct {
    n: usize,
    parity: Option<bool>,
    /// `weights[i] = (n - 1 - i)!`.
    weights: [u64; 21],
    /// `bases[b]` divides by `b` (the unrank's digits).
    bases: [Divisor; 21],
    moves: Vec<WindowMove>,
    /// `Illegal` lines of the set: the position of the slot and the labels refused in it.
    illegal: Vec<(usize, Vec<bool>)>,
}

/// A state's arrays of a [`Distinct`] permutation: the pieces by position, and for each `k`
/// the rank and digit parity of the positions from `k` on and the mask of the pieces before
/// `k`.
#[derive(Clone, Copy)]
struct Unranked {
    perm: [u8; 20],
    suffix: [u64; 21],
    suffix_odd: [bool; 21],
    before: [u32; 21],
}

impl Distinct {
    fn new(
        puzzle: &Puzzle,
        rank: &Rank,
        set: usize,
        n: usize,
        parity: Option<bool>,
        order: &SlotOrder,
    ) -> Self {
        let mut weights = [0u64; 21];
        for (i, w) in weights.iter_mut().enumerate().take(n) {
            *w = factorial(n - 1 - i).expect("n <= 20");
        }
        let full = factorial(n).expect("n <= 20");
        let mut bases = [Divisor::new(1, 0); 21];
        for (b, base) in bases.iter_mut().enumerate().skip(1).take(n) {
            // At base b the rank left is below n! / (b - 1)!.
            *base = Divisor::new(b as u64, full / factorial(b - 1).expect("b <= 20"));
        }
        // The position of each slot.
        let mut position = [0u8; 20];
        for (i, &slot) in order[..n].iter().enumerate() {
            position[slot as usize] = i as u8;
        }
        let moves = rank
            .move_positions
            .iter()
            .map(|mv| {
                let p = &mv.perm[set];
                let mut from = [0u8; 20];
                for (i, f) in from[..n].iter_mut().enumerate() {
                    *f = position[p[order[i] as usize] as usize];
                }
                let moved = |i: &usize| from[*i] as usize != *i;
                match ((0..n).find(moved), (0..n).rfind(moved)) {
                    (Some(lo), Some(last)) => WindowMove {
                        from,
                        lo,
                        hi: last + 1,
                    },
                    _ => WindowMove { from, lo: n, hi: n },
                }
            })
            .collect();
        let illegal = puzzle
            .illegal
            .iter()
            .filter(|i| i.set == set)
            .map(|i| (usize::from(position[i.slot]), i.labels.clone()))
            .collect();
        Distinct {
            n,
            parity,
            weights,
            bases,
            moves,
            illegal,
        }
    }

    /// The arrays of `value`.
    #[inline]
    fn unrank(&self, value: u64) -> Unranked {
        let n = self.n;
        let mut full = if self.parity.is_some() {
            value * 2
        } else {
            value
        };
        let mut digits = [0u8; 20];
        for i in (0..n).rev() {
            let (q, r) = self.bases[n - i].split(full);
            digits[i] = r as u8;
            full = q;
        }
        let mut perm = [0u8; 20];
        let mut free: u32 = (1u32 << n) - 1;
        let mut odd = false;
        for i in 0..n {
            let mut bits = free;
            for _ in 0..digits[i] {
                bits &= bits - 1;
            }
            let p = bits.trailing_zeros() as u8;
            odd ^= digits[i] & 1 == 1;
            perm[i] = p;
            free &= !(1 << p);
        }
        if let Some(wanted) = self.parity
            && odd != wanted
            && n >= 2
        {
            // The other of the pair: the last two positions swapped (the digit of position
            // n - 2 turns over).
            perm.swap(n - 2, n - 1);
            digits[n - 2] ^= 1;
        }
        let mut suffix = [0u64; 21];
        let mut suffix_odd = [false; 21];
        for i in (0..n).rev() {
            suffix[i] = suffix[i + 1] + u64::from(digits[i]) * self.weights[i];
            suffix_odd[i] = suffix_odd[i + 1] ^ (digits[i] & 1 == 1);
        }
        let mut before = [0u32; 21];
        for i in 0..n {
            before[i + 1] = before[i] | 1 << perm[i];
        }
        Unranked {
            perm,
            suffix,
            suffix_odd,
            before,
        }
    }

    /// The value after move `m` of the state `state`, `None` when illegal or of the other
    /// parity.
    #[inline]
    fn step(&self, state: &Unranked, m: usize) -> Option<u64> {
        let mv = &self.moves[m];
        let (lo, hi) = (mv.lo, mv.hi);
        // The digits before `lo` and from `hi` on, kept.
        let mut full = state.suffix[0] - state.suffix[lo] + state.suffix[hi];
        let mut odd = state.suffix_odd[0] ^ state.suffix_odd[lo] ^ state.suffix_odd[hi];
        // The pieces before position `i`: those before the window, then the window's so far.
        let mut seen = state.before[lo];
        let mut moved = [0u8; 20];
        for i in lo..hi {
            let p = state.perm[mv.from[i] as usize];
            moved[i] = p;
            let digit = u32::from(p) - ones_below(seen, p);
            seen |= 1 << p;
            odd ^= digit & 1 == 1;
            full += u64::from(digit) * self.weights[i];
        }
        for (at, labels) in &self.illegal {
            let label = if (lo..hi).contains(at) {
                moved[*at]
            } else {
                state.perm[*at]
            };
            if labels[label as usize] {
                return None;
            }
        }
        match self.parity {
            None => Some(full),
            Some(wanted) => (odd == wanted).then_some(full / 2),
        }
    }
}

/// How one coordinate steps.
enum Coordinate<'r> {
    Fixed,
    Table(&'r [u32]),
    Distinct(Box<Distinct>),
    /// Another computed part: its arrays, the move applied, ranked again.
    Part(&'r Part),
}

/// A state's unranked coordinates (on the stack: the variants' sizes differ, but only a few
/// live a state).
#[derive(Clone, Copy)]
#[allow(clippy::large_enum_variant)]
enum Arrays {
    None,
    Distinct(Unranked),
    Part { perm: [u8; 256], ori: [u8; 256] },
}

/// The successors of a rank with computed coordinates.
pub(crate) struct Computed<'r> {
    /// Each coordinate's size (split from the rank, lowest first), stride and step.
    coordinates: Vec<(Divisor, u64, Coordinate<'r>)>,
    /// Whether the arrays of every computed coordinate fit the fast path.
    fast: bool,
    /// The index of the one computed coordinate when it is a [`Distinct`] permutation (a
    /// stack of pancakes): its arrays kept apart, and the tables read beside it.
    lone: Option<usize>,
    /// The table coordinates: index, stride and move table.
    tables: Vec<(usize, u64, &'r [u32])>,
}

impl<'r> Computed<'r> {
    /// The successors of `rank`, whose coordinates step as `steps` says.
    pub(crate) fn new(rank: &'r Rank, steps: &[(u64, u64, Step<'r>)]) -> Self {
        let puzzle = &rank.puzzle;
        let mut coordinates = Vec::new();
        let mut computed = 0;
        for &(size, stride, ref step) in steps {
            let coordinate = match *step {
                Step::Direct(Part::Perm {
                    set,
                    rank: PermRank::Distinct { n, parity, order },
                }) => {
                    computed += 1;
                    Coordinate::Distinct(Box::new(Distinct::new(
                        puzzle, rank, *set, *n, *parity, order,
                    )))
                }
                Step::Direct(part) => {
                    computed += 1;
                    Coordinate::Part(part)
                }
                Step::Table(next) => Coordinate::Table(next),
                Step::Fixed => Coordinate::Fixed,
            };
            coordinates.push((Divisor::new(size, rank.len()), stride, coordinate));
        }
        let distinct: Vec<usize> = (0..coordinates.len())
            .filter(|&i| matches!(coordinates[i].2, Coordinate::Distinct(_)))
            .collect();
        let tables = coordinates
            .iter()
            .enumerate()
            .filter_map(|(i, (_, stride, c))| match c {
                Coordinate::Table(next) => Some((i, *stride, *next)),
                _ => None,
            })
            .collect();
        Computed {
            coordinates,
            fast: computed <= MAX_COMPUTED,
            lone: (computed == 1 && distinct.len() == 1).then(|| distinct[0]),
            tables,
        }
    }

    /// Asks `stop` of each successor of `state` (move by move, refused ones left out) until it
    /// says so; whether it did.
    #[inline]
    pub(crate) fn successors_until(
        &self,
        rank: &Rank,
        state: u64,
        mut stop: impl FnMut(u64) -> bool,
    ) -> bool {
        if !self.fast {
            let mut values = vec![0u64; rank.coordinates.len()];
            rank.values(state, &mut values);
            return (0..rank.move_positions.len())
                .any(|m| rank.step(&values, m).is_some_and(&mut stop));
        }
        let mut values = [0u64; 64];
        let mut rest = state;
        for (i, (size, _, _)) in self.coordinates.iter().enumerate() {
            let (q, r) = size.split(rest);
            values[i] = r;
            rest = q;
        }
        if let Some(lone) = self.lone
            && let (_, stride, Coordinate::Distinct(d)) = &self.coordinates[lone]
        {
            return self.lone_until(rank, d, *stride, &values, values[lone], stop);
        }
        self.general_until(rank, &values, stop)
    }

    /// [`Computed::successors_until`] for one computed [`Distinct`] coordinate (its value
    /// `value`, its stride `stride`) beside tables.
    #[inline(always)]
    fn lone_until(
        &self,
        rank: &Rank,
        d: &Distinct,
        stride: u64,
        values: &[u64; 64],
        value: u64,
        mut stop: impl FnMut(u64) -> bool,
    ) -> bool {
        let moves = rank.move_positions.len();
        let unranked = d.unrank(value);
        'lone: for m in 0..moves {
            let Some(value) = d.step(&unranked, m) else {
                continue;
            };
            let mut next = value * stride;
            for &(i, stride, table) in &self.tables {
                let v = table[values[i] as usize * moves + m];
                if v == u32::MAX {
                    continue 'lone;
                }
                next += u64::from(v) * stride;
            }
            if stop(next) {
                return true;
            }
        }
        false
    }

    /// [`Computed::successors_until`] for any mix of coordinates: the arrays of each computed
    /// one made once, then each move applied to all.
    fn general_until(
        &self,
        rank: &Rank,
        values: &[u64; 64],
        mut stop: impl FnMut(u64) -> bool,
    ) -> bool {
        let moves = rank.move_positions.len();
        let mut arrays = [Arrays::None; MAX_COMPUTED];
        let mut slot = [0usize; 64];
        let mut used = 0;
        for (i, (_, _, coordinate)) in self.coordinates.iter().enumerate() {
            match coordinate {
                Coordinate::Distinct(d) => {
                    arrays[used] = Arrays::Distinct(d.unrank(values[i]));
                }
                Coordinate::Part(part) => {
                    let mut perm = [0u8; 256];
                    let mut ori = [0u8; 256];
                    let n = rank.puzzle.sets[part.set()].size;
                    part.arrays(&rank.puzzle, values[i], &mut perm[..n], &mut ori[..n]);
                    arrays[used] = Arrays::Part { perm, ori };
                }
                Coordinate::Table(_) | Coordinate::Fixed => continue,
            }
            slot[i] = used;
            used += 1;
        }
        'moves: for m in 0..moves {
            let mut next = 0;
            for (i, (_, stride, coordinate)) in self.coordinates.iter().enumerate() {
                let value = match (coordinate, &arrays[slot[i]]) {
                    (Coordinate::Distinct(d), Arrays::Distinct(u)) => match d.step(u, m) {
                        Some(v) => v,
                        None => continue 'moves,
                    },
                    (Coordinate::Part(part), Arrays::Part { perm, ori }) => {
                        let mut new_perm = [0u8; 256];
                        let mut new_ori = [0u8; 256];
                        match part.step_arrays(
                            &rank.puzzle,
                            perm,
                            ori,
                            &rank.move_positions[m],
                            &mut new_perm,
                            &mut new_ori,
                        ) {
                            Some(v) => v,
                            None => continue 'moves,
                        }
                    }
                    (Coordinate::Table(table), _) => {
                        let v = table[values[i] as usize * moves + m];
                        if v == u32::MAX {
                            continue 'moves;
                        }
                        u64::from(v)
                    }
                    _ => 0,
                };
                next += value * stride;
            }
            if stop(next) {
                return true;
            }
        }
        false
    }
}
