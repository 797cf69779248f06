//! [`Computed`]: the successors of a rank with computed coordinates (a permutation too large
//! for a move table, such as a stack of pancakes), with no allocation: each computed
//! coordinate is unranked once a state, and each move applied to its arrays and ranked again.
//!
//! A permutation of distinct pieces ([`Distinct`]) keeps the Lehmer digits of the state: a
//! move that leaves the slots from `k` on alone (a flip of the top `k` pancakes) keeps the
//! digits from `k` on, so only the first `k` are counted again (a bit mask and a popcount a
//! slot), the rest of the rank added as one number; the parity of a set whose moves are all
//! even is folded the same way (the digits' sum). Other computed parts apply the move to their
//! arrays and rank them ([`Part::step_arrays`]).

use crate::coordinate::{PermRank, factorial};
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

/// A move of a [`Distinct`] permutation: slot `i < fixed_from` receives the piece of slot
/// `from[i]`; the slots from `fixed_from` on keep theirs.
#[derive(Clone, Debug)]
struct PrefixMove {
    from: [u8; 20],
    fixed_from: usize,
}

/// A computed permutation of up to 20 distinct pieces (Lehmer code, first slot most
/// significant, halved when the parity is folded).
#[derive(Clone, Debug)]
pub(crate) struct Distinct {
    n: usize,
    parity: Option<bool>,
    /// `weights[i] = (n - 1 - i)!`.
    weights: [u64; 21],
    /// `bases[b]` divides by `b` (the unrank's digits).
    bases: [Divisor; 21],
    moves: Vec<PrefixMove>,
    /// `Illegal` lines of the set: slot and the labels refused in it.
    illegal: Vec<(usize, Vec<bool>)>,
}

/// A state's arrays of a [`Distinct`] permutation: the pieces, and the rank and digit parity
/// of the slots from `k` on, for each `k`.
#[derive(Clone, Copy)]
struct Unranked {
    perm: [u8; 20],
    suffix: [u64; 21],
    suffix_odd: [bool; 21],
}

impl Distinct {
    fn new(puzzle: &Puzzle, rank: &Rank, set: usize, n: usize, parity: Option<bool>) -> Self {
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
        let moves = rank
            .move_positions
            .iter()
            .map(|mv| {
                let p = &mv.perm[set];
                let fixed_from = (0..=n)
                    .rev()
                    .find(|&k| k == 0 || p[k - 1] as usize != k - 1)
                    .unwrap_or(0);
                let mut from = [0u8; 20];
                from[..n].copy_from_slice(&p[..n]);
                PrefixMove { from, fixed_from }
            })
            .collect();
        let illegal = puzzle
            .illegal
            .iter()
            .filter(|i| i.set == set)
            .map(|i| (i.slot, i.labels.clone()))
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
            // The other of the pair: the last two swapped (the digit of slot n - 2 turns over).
            perm.swap(n - 2, n - 1);
            digits[n - 2] ^= 1;
        }
        let mut suffix = [0u64; 21];
        let mut suffix_odd = [false; 21];
        for i in (0..n).rev() {
            suffix[i] = suffix[i + 1] + u64::from(digits[i]) * self.weights[i];
            suffix_odd[i] = suffix_odd[i + 1] ^ (digits[i] & 1 == 1);
        }
        Unranked {
            perm,
            suffix,
            suffix_odd,
        }
    }

    /// The value after move `m` of the state `state`, `None` when illegal or of the other
    /// parity.
    #[inline]
    fn step(&self, state: &Unranked, m: usize) -> Option<u64> {
        let mv = &self.moves[m];
        let k = mv.fixed_from;
        let mut full = state.suffix[k];
        let mut odd = state.suffix_odd[k];
        let mut seen: u32 = 0;
        let mut moved = [0u8; 20];
        for i in 0..k {
            let p = state.perm[mv.from[i] as usize];
            moved[i] = p;
            let digit = u32::from(p) - (seen & ((1 << p) - 1)).count_ones();
            seen |= 1 << p;
            odd ^= digit & 1 == 1;
            full += u64::from(digit) * self.weights[i];
        }
        for (slot, labels) in &self.illegal {
            let label = if *slot < k {
                moved[*slot]
            } else {
                state.perm[*slot]
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
                    rank: PermRank::Distinct { n, parity },
                }) => {
                    computed += 1;
                    Coordinate::Distinct(Box::new(Distinct::new(puzzle, rank, *set, *n, *parity)))
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
        Computed {
            coordinates,
            fast: computed <= MAX_COMPUTED,
        }
    }

    /// Calls `visit` with each successor of `state` (move by move, refused ones left out).
    #[inline]
    pub(crate) fn successors(&self, rank: &Rank, state: u64, mut visit: impl FnMut(u64)) {
        let moves = rank.move_positions.len();
        if !self.fast {
            let mut values = vec![0u64; rank.coordinates.len()];
            rank.values(state, &mut values);
            for m in 0..moves {
                if let Some(next) = rank.step(&values, m) {
                    visit(next);
                }
            }
            return;
        }
        let mut values = [0u64; 64];
        let mut rest = state;
        for (i, (size, _, _)) in self.coordinates.iter().enumerate() {
            let (q, r) = size.split(rest);
            values[i] = r;
            rest = q;
        }
        // The arrays of each computed coordinate, once.
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
            visit(next);
        }
    }
}
