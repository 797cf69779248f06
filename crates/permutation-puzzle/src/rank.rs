//! [`Rank`]: the exact dense rank of a puzzle's positions, found from its definition, and the
//! coordinates it is made of.
//!
//! Each set gives a permutation coordinate and an orientation coordinate (or one joint
//! coordinate, when it is small or when some of its orientations are ignored). A coordinate
//! small enough is searched alone from Solved and kept as its reachable values only, with a
//! table of its moves; pairs of such coordinates whose values constrain each other (parities
//! that move together, twists tied to places) are merged when the pair has fewer reachable
//! values than the product. Larger coordinates keep a closed-form rank with the invariants of
//! the moves folded out (the parity of a set whose moves are all even, the orientation sum
//! of a set whose moves all keep it) and are computed move by move.

use crate::coordinate::{IDENTITY, OriRank, PermRank, SlotOrder, is_odd};
use crate::definition::{Metric, Puzzle};
use std::sync::Arc;

use crate::position::{Position, add_mod};

/// The most raw values a coordinate may have to be searched alone and kept as a table.
pub const MAX_TABLE_VALUES: u64 = 1 << 22;
/// The most entries (values times moves, 4 bytes each) of a coordinate's move table.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 24;

/// A successor refused: an `Illegal` label in a slot.
const ILLEGAL: u32 = u32::MAX;

/// What a coordinate reads of a position: a set's permutation, its orientations, or both.
#[derive(Clone, Debug)]
pub(crate) enum Part {
    Perm {
        set: usize,
        rank: PermRank,
    },
    Ori {
        set: usize,
        rank: OriRank,
    },
    /// Permutation rank times the orientation digits of the slots whose piece is not wild.
    Joint {
        set: usize,
        perm: PermRank,
        ori: OriRank,
    },
}

impl Part {
    pub(crate) fn set(&self) -> usize {
        match self {
            Part::Perm { set, .. } | Part::Ori { set, .. } | Part::Joint { set, .. } => *set,
        }
    }

    fn size(&self) -> Option<u64> {
        match self {
            Part::Perm { rank, .. } => rank.size(),
            Part::Ori { rank, .. } => rank.size(),
            Part::Joint { perm, ori, .. } => perm.size()?.checked_mul(ori.size()?),
        }
    }

    /// The value of the set's arrays.
    pub(crate) fn value_of_arrays(&self, puzzle: &Puzzle, perm: &[u8], ori: &[u8]) -> Option<u64> {
        match self {
            Part::Perm { rank, .. } => rank.rank(perm),
            Part::Ori { rank, .. } => rank.rank(ori),
            Part::Joint {
                set,
                perm: prank,
                ori: orank,
            } => {
                let wild = &puzzle.wild[*set];
                let mut digits = [0u8; 256];
                let mut k = 0;
                for (i, &p) in perm.iter().enumerate() {
                    if !wild[p as usize] {
                        digits[k] = ori[i];
                        k += 1;
                    }
                }
                Some(prank.rank(perm)? * orank.size()? + orank.rank(&digits[..k])?)
            }
        }
    }

    fn value(&self, puzzle: &Puzzle, position: &Position) -> Option<u64> {
        let set = self.set();
        self.value_of_arrays(puzzle, &position.perm[set], &position.ori[set])
    }

    /// The set's arrays of `value` (the parts it does not read left as they are).
    pub(crate) fn arrays(&self, puzzle: &Puzzle, value: u64, perm: &mut [u8], ori: &mut [u8]) {
        match self {
            Part::Perm { rank, .. } => rank.unrank(value, perm),
            Part::Ori { rank, .. } => rank.unrank(value, ori),
            Part::Joint {
                set,
                perm: prank,
                ori: orank,
            } => {
                let size = orank.size().expect("checked");
                prank.unrank(value / size, perm);
                let mut digits = [0u8; 256];
                orank.unrank(value % size, &mut digits[..orank.n]);
                let wild = &puzzle.wild[*set];
                let mut k = 0;
                for (i, &p) in perm.iter().enumerate() {
                    if wild[p as usize] {
                        ori[i] = 0;
                    } else {
                        ori[i] = digits[k];
                        k += 1;
                    }
                }
            }
        }
    }

    /// The value after `mv`, `None` when it puts an illegal label in a slot.
    fn step(&self, puzzle: &Puzzle, value: u64, mv: &Position) -> Option<u64> {
        let n = puzzle.sets[self.set()].size;
        let mut perm = [0u8; 256];
        let mut ori = [0u8; 256];
        self.arrays(puzzle, value, &mut perm[..n], &mut ori[..n]);
        let mut new_perm = [0u8; 256];
        let mut new_ori = [0u8; 256];
        self.step_arrays(puzzle, &perm, &ori, mv, &mut new_perm, &mut new_ori)
    }

    /// The value after `mv` of the set's arrays `perm` and `ori` (as [`Part::arrays`] gives
    /// them), `new_perm` and `new_ori` (of the set's size at least) the room to apply it.
    pub(crate) fn step_arrays(
        &self,
        puzzle: &Puzzle,
        perm: &[u8],
        ori: &[u8],
        mv: &Position,
        new_perm: &mut [u8],
        new_ori: &mut [u8],
    ) -> Option<u64> {
        let set = self.set();
        let n = puzzle.sets[set].size;
        let omod = puzzle.sets[set].omod;
        let (mp, mo) = (&mv.perm[set], &mv.ori[set]);
        for i in 0..n {
            let from = mp[i] as usize;
            new_perm[i] = perm[from];
            new_ori[i] = add_mod(ori[from], mo[i], omod);
        }
        if !matches!(self, Part::Ori { .. }) {
            let wild = &puzzle.wild[set];
            for i in 0..n {
                if wild[new_perm[i] as usize] {
                    new_ori[i] = 0;
                }
            }
            for ill in puzzle.illegal.iter().filter(|i| i.set == set) {
                if ill.labels[new_perm[ill.slot] as usize] {
                    return None;
                }
            }
        }
        self.value_of_arrays(puzzle, &new_perm[..n], &new_ori[..n])
    }

    /// The slot order of its permutation of distinct pieces, when not the slots' own.
    fn slot_order(&self) -> Option<&[u8]> {
        match self {
            Part::Perm { rank, .. } | Part::Joint { perm: rank, .. } => rank.slot_order(),
            Part::Ori { .. } => None,
        }
    }

    fn describe(&self, puzzle: &Puzzle) -> String {
        let name = &puzzle.sets[self.set()].name;
        let what = match self {
            Part::Perm {
                rank: PermRank::Distinct {
                    parity: Some(_), ..
                },
                ..
            } => {
                format!("{name} permutation (even)")
            }
            Part::Perm {
                rank: PermRank::Distinct { .. },
                ..
            } => format!("{name} permutation"),
            Part::Perm { .. } => format!("{name} permutation (identical pieces)"),
            Part::Ori { rank, .. } if rank.sum.is_some() => {
                format!("{name} orientation (sum fixed)")
            }
            Part::Ori { .. } => format!("{name} orientation"),
            Part::Joint { .. } => format!("{name} permutation and orientation"),
        };
        match self.slot_order() {
            // The slots as the file numbers them, the most significant first.
            Some(order) => {
                let slots: Vec<String> = order.iter().map(|&s| (s + 1).to_string()).collect();
                format!("{what} in slot order {}", slots.join(" "))
            }
            None => what,
        }
    }
}

/// How the space steps a coordinate ([`Rank::steps`]).
pub(crate) enum Step<'a> {
    /// Never moves.
    Fixed,
    /// A move table (`value * moves + move`, [`ILLEGAL`] for a refused move).
    Table(&'a [u32]),
    /// Computed from the part's arrays.
    Direct(&'a Part),
}

/// Where a table coordinate's raw values come from.
#[derive(Clone, Debug)]
enum Source {
    Part(Part),
    /// `a * b.size + b`, both tables.
    Pair(Box<Coordinate>, Box<Coordinate>),
}

#[derive(Clone, Debug)]
enum Kind {
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
    size: u64,
    /// Solved's value.
    solved: u64,
    kind: Kind,
}

impl Coordinate {
    /// The value of a position, `None` when it is not among the reachable ones.
    fn value(&self, puzzle: &Puzzle, position: &Position) -> Option<u64> {
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

    fn describe(&self, puzzle: &Puzzle) -> String {
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
    fn slot_order(&self) -> Option<&[u8]> {
        match &self.kind {
            Kind::Direct { part } => part.slot_order(),
            _ => None,
        }
    }

    fn table_bytes(&self) -> u64 {
        match &self.kind {
            Kind::Table { values, next, .. } => (values.len() * 8 + next.len() * 4) as u64,
            _ => 0,
        }
    }
}

/// A breadth-first search over one coordinate's raw values from `start`: the reachable values,
/// sorted, and their move table. `step(value, move)` gives a successor or `None` (illegal).
fn search_values(
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
    for (i, &value) in order.iter().enumerate() {
        let row = renumber[i] as usize * moves;
        let _ = value;
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

/// Why a puzzle has no rank this crate can build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    /// The positions outnumber what a dense table can index.
    #[error("the positions of set {set} cannot be ranked densely: {why}")]
    TooLarge {
        /// The set.
        set: String,
        /// What overflows.
        why: String,
    },
    /// The product of the coordinates passes 2^64.
    #[error("the puzzle has more than 2^64 positions to rank ({coordinates})")]
    Overflow {
        /// The coordinates' sizes.
        coordinates: String,
    },
}

/// The dense rank of a puzzle's positions under a metric: coordinates multiplied together,
/// the first the lowest, and the search moves in the file's order.
#[derive(Clone, Debug)]
pub struct Rank {
    pub(crate) puzzle: Puzzle,
    pub(crate) metric: Metric,
    pub(crate) move_names: Vec<String>,
    pub(crate) move_positions: Vec<Position>,
    pub(crate) coordinates: Vec<Coordinate>,
    pub(crate) strides: Vec<u64>,
    pub(crate) len: u64,
}

/// One line of `info`: a coordinate and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordinateInfo {
    /// What it ranks and how.
    pub what: String,
    /// Its number of values.
    pub size: u64,
    /// The bytes of its move table (0 when computed).
    pub table_bytes: u64,
}

impl Rank {
    /// Builds the rank of `puzzle`'s positions reachable by the search moves of `metric`.
    ///
    /// # Errors
    /// [`RankError`] when a coordinate or the product passes what a `u64` indexes.
    pub fn new(puzzle: &Puzzle, metric: Metric) -> Result<Rank, RankError> {
        let moves: Vec<&crate::definition::NamedMove> = puzzle.search_moves(metric);
        let move_names = moves.iter().map(|m| m.name.clone()).collect();
        let move_positions: Vec<Position> = moves.iter().map(|m| m.position.clone()).collect();
        let mut coordinates = Vec::new();
        for set in 0..puzzle.sets.len() {
            set_coordinates(puzzle, set, &move_positions, &mut coordinates)?;
        }
        merge_coordinates(&mut coordinates, move_positions.len());
        // Fixed coordinates stay (they check a position), at size 1; tables low, the computed
        // ones high.
        coordinates.sort_by_key(|c| match c.kind {
            Kind::Fixed { .. } => (0, 0),
            Kind::Table { .. } => (1, c.size),
            Kind::Direct { .. } => (2, c.size),
        });
        let mut strides = Vec::new();
        let mut len: u64 = 1;
        for c in &coordinates {
            strides.push(len);
            len = len.checked_mul(c.size).ok_or_else(|| RankError::Overflow {
                coordinates: coordinates
                    .iter()
                    .map(|c| c.size.to_string())
                    .collect::<Vec<_>>()
                    .join(" x "),
            })?;
        }
        Ok(Rank {
            puzzle: puzzle.clone(),
            metric,
            move_names,
            move_positions,
            coordinates,
            strides,
            len,
        })
    }

    /// The number of ranks: the length of the two-bit table.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no ranks (never: Solved has one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The metric whose moves it ranks.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The puzzle ranked.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The search moves' names, in the order successors are generated.
    pub fn move_names(&self) -> &[String] {
        &self.move_names
    }

    /// The rank of a position, `None` when some coordinate of it is out of reach of Solved
    /// (or it holds an illegal label).
    pub fn rank(&self, position: &Position) -> Option<u64> {
        if self.puzzle.is_illegal(position) {
            return None;
        }
        let mut normal = position.clone();
        self.puzzle.clear_wild(&mut normal);
        let mut rank = 0;
        for (c, stride) in self.coordinates.iter().zip(&self.strides) {
            rank += c.value(&self.puzzle, &normal)? * stride;
        }
        Some(rank)
    }

    /// Solved's rank.
    pub fn solved(&self) -> u64 {
        self.rank(&self.puzzle.solved).unwrap_or(0)
    }

    /// The coordinates, lowest first.
    pub fn coordinates(&self) -> Vec<CoordinateInfo> {
        self.coordinates
            .iter()
            .map(|c| CoordinateInfo {
                what: c.describe(&self.puzzle),
                size: c.size,
                table_bytes: c.table_bytes(),
            })
            .collect()
    }

    /// A 64-bit key of everything a two-bit table over this rank depends on, for a table saved
    /// to a file: the sets' sizes and orientation counts, Solved (its labels and the pieces
    /// whose orientation is ignored), the search moves of the metric, the `Illegal` lines, and
    /// the rank's coordinates and length. Not the puzzle's name, nor the names of its sets and
    /// moves, its rotations or its aliases, which do not change the table: a definition that
    /// differs only in those has the same key. Anything else that differs (even the order of
    /// the moves) gives another key.
    pub fn table_key(&self) -> u64 {
        // FNV-1a over the parts, each length-prefixed.
        struct Key(u64);
        impl Key {
            fn bytes(&mut self, bytes: &[u8]) {
                for &b in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
                    self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
                }
            }
            fn number(&mut self, n: u64) {
                self.bytes(&n.to_le_bytes());
            }
            fn position(&mut self, position: &Position) {
                for (perm, ori) in position.perm.iter().zip(&position.ori) {
                    self.bytes(perm);
                    self.bytes(ori);
                }
            }
        }
        let puzzle = &self.puzzle;
        let mut key = Key(0xcbf2_9ce4_8422_2325);
        key.number(puzzle.sets.len() as u64);
        for (set, wild) in puzzle.sets.iter().zip(&puzzle.wild) {
            key.number(set.size as u64);
            key.number(u64::from(set.omod));
            key.bytes(&wild.iter().map(|&w| u8::from(w)).collect::<Vec<u8>>());
        }
        key.position(&puzzle.solved);
        key.number(self.move_positions.len() as u64);
        for mv in &self.move_positions {
            key.position(mv);
        }
        key.number(puzzle.illegal.len() as u64);
        for illegal in &puzzle.illegal {
            key.number(illegal.set as u64);
            key.number(illegal.slot as u64);
            key.bytes(
                &illegal
                    .labels
                    .iter()
                    .map(|&l| u8::from(l))
                    .collect::<Vec<u8>>(),
            );
        }
        // The coordinates as `info` describes them, sets named by their index.
        let mut anonymous = puzzle.clone();
        for (index, set) in anonymous.sets.iter_mut().enumerate() {
            set.name = index.to_string();
        }
        for c in &self.coordinates {
            key.bytes(c.describe(&anonymous).as_bytes());
            key.number(c.size);
            key.number(c.solved);
            // The order a computed permutation reads its slots in (hashed only when it is not
            // the slots' own, the rank then being another one than that of the same moves read
            // slot by slot).
            if let Some(order) = c.slot_order() {
                key.bytes(b"slot order");
                key.bytes(order);
            }
        }
        key.number(self.len);
        key.0
    }

    /// The same rank with every computed permutation read in its slots' own order (for the
    /// tests of [`Rank::table_key`]; nothing else of it is consistent).
    #[cfg(test)]
    pub(crate) fn with_slots_in_their_own_order(&self) -> Rank {
        let mut rank = self.clone();
        for c in &mut rank.coordinates {
            if let Kind::Direct {
                part:
                    Part::Perm {
                        rank: PermRank::Distinct { order, .. },
                        ..
                    }
                    | Part::Joint {
                        perm: PermRank::Distinct { order, .. },
                        ..
                    },
            } = &mut c.kind
            {
                *order = IDENTITY;
            }
        }
        rank
    }

    /// The product of each set's permutations and orientations, twsearch's measure (labels
    /// that repeat counted as a multiset, the parity and orientation sum kept by every move
    /// folded out), as a float: it may pass 2^64.
    pub fn product_of_sets(&self) -> f64 {
        let mut product = 1.0f64;
        for (set, def) in self.puzzle.sets.iter().enumerate() {
            let counts = label_counts(&self.puzzle, set);
            let distinct = counts.iter().all(|&c| c == 1);
            let mut perms: f64 = (1..=def.size).map(|k| k as f64).product();
            for &c in &counts {
                perms /= (1..=c).map(|k| k as f64).product::<f64>();
            }
            let moved = self.move_positions.iter().any(|m| {
                m.perm[set]
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| p as usize != i)
            });
            if distinct && moved && self.move_positions.iter().all(|m| !is_odd(&m.perm[set])) {
                perms /= 2.0;
            }
            let wild = self.puzzle.wild[set].iter().any(|&w| w);
            let mut oris = if wild {
                1.0
            } else {
                f64::from(def.omod).powi(def.size as i32)
            };
            if !wild && def.omod > 1 && orientation_sum_kept(&self.move_positions, set, def.omod) {
                oris /= f64::from(def.omod);
            }
            product *= perms * oris;
        }
        product
    }

    /// The successor of `values` (the coordinates' values) by move `m`, `None` when illegal.
    #[inline]
    pub(crate) fn step(&self, values: &[u64], m: usize) -> Option<u64> {
        let moves = self.move_positions.len();
        let mut rank = 0;
        for (i, c) in self.coordinates.iter().enumerate() {
            let next = match &c.kind {
                Kind::Fixed { .. } => 0,
                Kind::Table { next, .. } => {
                    let n = next[values[i] as usize * moves + m];
                    if n == ILLEGAL {
                        return None;
                    }
                    u64::from(n)
                }
                Kind::Direct { part } => {
                    part.step(&self.puzzle, values[i], &self.move_positions[m])?
                }
            };
            rank += next * self.strides[i];
        }
        Some(rank)
    }

    /// The coordinates' values of a rank.
    #[inline]
    pub(crate) fn values(&self, mut rank: u64, out: &mut [u64]) {
        for (i, c) in self.coordinates.iter().enumerate() {
            out[i] = rank % c.size;
            rank /= c.size;
        }
    }

    /// Each coordinate as the space steps it: its size, stride, and table or part.
    pub(crate) fn steps(&self) -> Vec<(u64, u64, Step<'_>)> {
        self.coordinates
            .iter()
            .zip(&self.strides)
            .map(|(c, &stride)| {
                let step = match &c.kind {
                    Kind::Fixed { .. } => Step::Fixed,
                    Kind::Table { next, .. } => Step::Table(next),
                    Kind::Direct { part } => Step::Direct(part),
                };
                (c.size, stride, step)
            })
            .collect()
    }
}

/// How many pieces carry each label in Solved.
fn label_counts(puzzle: &Puzzle, set: usize) -> Vec<usize> {
    let mut counts = vec![0; puzzle.written_labels[set].len()];
    puzzle.solved.perm[set]
        .iter()
        .for_each(|&l| counts[l as usize] += 1);
    counts
}

/// Whether every move keeps the sum of a set's orientations mod OMOD.
fn orientation_sum_kept(moves: &[Position], set: usize, omod: u8) -> bool {
    moves
        .iter()
        .all(|m| m.ori[set].iter().fold(0u8, |s, &o| add_mod(s, o, omod)) == 0)
}

/// Whether a move's permutation of a set moves any piece.
fn moves_pieces(perm: &[u8]) -> bool {
    perm.iter().enumerate().any(|(i, &p)| p as usize != i)
}

/// The coordinates of one set.
fn set_coordinates(
    puzzle: &Puzzle,
    set: usize,
    moves: &[Position],
    out: &mut Vec<Coordinate>,
) -> Result<(), RankError> {
    let def = &puzzle.sets[set];
    let (n, omod) = (def.size, def.omod);
    let counts = label_counts(puzzle, set);
    let distinct = counts.iter().all(|&c| c == 1);
    let solved = &puzzle.solved;
    let perm_moves = moves.iter().any(|m| moves_pieces(&m.perm[set]));
    let wild = &puzzle.wild[set];
    let all_wild = omod == 1 || wild.iter().all(|&w| w);
    let some_wild = !all_wild && wild.iter().any(|&w| w);
    let solved_ori_uniform = solved.ori[set].iter().all(|&o| o == solved.ori[set][0]);
    let ori_moves = !all_wild
        && (moves.iter().any(|m| m.ori[set].iter().any(|&o| o != 0))
            || (perm_moves && !solved_ori_uniform));
    let too_large = |what: &str| RankError::TooLarge {
        set: def.name.clone(),
        why: what.to_string(),
    };
    let perm_rank = if distinct {
        if n > 20 {
            None
        } else {
            Some(PermRank::distinct(n))
        }
    } else {
        Some(PermRank::Multiset {
            counts: counts.clone(),
        })
    };
    let solved_part = |part: Part| {
        let value = part.value(puzzle, solved).expect("Solved has a value");
        (part, value)
    };
    let m = moves.len() as u64;
    let table_fits =
        |size: u64| size <= MAX_TABLE_VALUES && size.saturating_mul(m) <= MAX_TABLE_ENTRIES;
    if some_wild && perm_moves {
        let digits = solved.perm[set]
            .iter()
            .filter(|&&l| !wild[l as usize])
            .count();
        let perm = perm_rank
            .clone()
            .ok_or_else(|| too_large("more than 20 distinct pieces"))?;
        let part = Part::Joint {
            set,
            perm: perm.clone(),
            // Orientation digits of the pieces that are not wild.
            ori: OriRank {
                n: digits,
                omod,
                sum: None,
            },
        };
        let size = part
            .size()
            .ok_or_else(|| too_large("too many arrangements"))?;
        out.push(tabled_or_direct(
            puzzle,
            part,
            size,
            table_fits(size),
            moves,
        ));
        return Ok(());
    }
    // The permutation.
    if perm_moves {
        let perm = perm_rank
            .clone()
            .ok_or_else(|| too_large("more than 20 distinct pieces"))?;
        let perm_size = perm
            .size()
            .ok_or_else(|| too_large("too many arrangements"))?;
        if ori_moves && !some_wild {
            let ori = OriRank { n, omod, sum: None };
            if let Some(joint) = ori
                .size()
                .and_then(|o| o.checked_mul(perm_size))
                .filter(|&s| table_fits(s))
            {
                let part = Part::Joint { set, perm, ori };
                out.push(tabled_or_direct(puzzle, part, joint, true, moves));
                return Ok(());
            }
        }
        if table_fits(perm_size) {
            out.push(tabled_or_direct(
                puzzle,
                Part::Perm { set, rank: perm },
                perm_size,
                true,
                moves,
            ));
        } else {
            out.push(direct_perm(puzzle, set, perm, distinct, moves)?);
        }
    } else if let Some(perm) = perm_rank {
        let (part, value) = solved_part(Part::Perm { set, rank: perm });
        out.push(Coordinate {
            size: 1,
            solved: 0,
            kind: Kind::Fixed { part, value },
        });
    }
    // The orientations.
    if all_wild {
        return Ok(());
    }
    push_orientations(puzzle, set, moves, ori_moves, out)
}

/// The slots of `set` (`n` of them) by how many of `moves` touch them (move the piece in them
/// or turn it), the fewest first, ties by slot.
///
/// A computed permutation of distinct pieces reads its slots in this order, so that the slots
/// the moves touch least are its most significant digits: a move that touches only `k` of the
/// most touched slots (a flip of the top `k` pancakes) changes only the last `k` digits, and
/// its successors stay within an aligned block of `k!` ranks (the search on disk mails fewer
/// of them out of the segment it works on).
fn slots_by_touches(set: usize, n: usize, moves: &[Position]) -> SlotOrder {
    let touches = |slot: usize| {
        moves
            .iter()
            .filter(|m| m.perm[set][slot] as usize != slot || m.ori[set][slot] != 0)
            .count()
    };
    let mut slots: Vec<usize> = (0..n).collect();
    slots.sort_by_key(|&slot| (touches(slot), slot));
    let mut order = IDENTITY;
    for (digit, &slot) in slots.iter().enumerate() {
        order[digit] = slot as u8;
    }
    order
}

/// The computed coordinate of `set`'s permutation, too large for a table: distinct pieces read
/// in the order of [`slots_by_touches`], their parity folded out when every move is even on
/// them.
fn direct_perm(
    puzzle: &Puzzle,
    set: usize,
    perm: PermRank,
    distinct: bool,
    moves: &[Position],
) -> Result<Coordinate, RankError> {
    let solved = &puzzle.solved;
    let even = distinct && moves.iter().all(|m| !is_odd(&m.perm[set]));
    let rank = match perm {
        PermRank::Distinct { n, .. } => {
            let order = slots_by_touches(set, n, moves);
            // The parity of Solved's pieces read in that order: a move keeps it when it keeps
            // the parity of the pieces by slot.
            let in_order: Vec<u8> = order[..n]
                .iter()
                .map(|&slot| solved.perm[set][slot as usize])
                .collect();
            PermRank::Distinct {
                n,
                parity: even.then(|| is_odd(&in_order)),
                order,
            }
        }
        multiset => multiset,
    };
    let size = rank.size().ok_or_else(|| RankError::TooLarge {
        set: puzzle.sets[set].name.clone(),
        why: "too many arrangements".to_string(),
    })?;
    let part = Part::Perm { set, rank };
    let solved = part.value(puzzle, solved).expect("Solved has a value");
    Ok(Coordinate {
        size,
        solved,
        kind: Kind::Direct { part },
    })
}

/// The orientation coordinate of `set` (whose pieces are not all wild): fixed when no move
/// turns a piece (`ori_moves` false), a table when it fits, else computed with the sum every
/// move keeps folded out.
fn push_orientations(
    puzzle: &Puzzle,
    set: usize,
    moves: &[Position],
    ori_moves: bool,
    out: &mut Vec<Coordinate>,
) -> Result<(), RankError> {
    let def = &puzzle.sets[set];
    let (n, omod) = (def.size, def.omod);
    let solved = &puzzle.solved;
    let m = moves.len() as u64;
    let table_fits =
        |size: u64| size <= MAX_TABLE_VALUES && size.saturating_mul(m) <= MAX_TABLE_ENTRIES;
    if !ori_moves {
        if omod > 1 && n <= 40 {
            let part = Part::Ori {
                set,
                rank: OriRank { n, omod, sum: None },
            };
            let value = part.value(puzzle, solved).expect("Solved has a value");
            out.push(Coordinate {
                size: 1,
                solved: 0,
                kind: Kind::Fixed { part, value },
            });
        }
        return Ok(());
    }
    let full = OriRank { n, omod, sum: None };
    if let Some(size) = full.size().filter(|&s| table_fits(s)) {
        out.push(tabled_or_direct(
            puzzle,
            Part::Ori { set, rank: full },
            size,
            true,
            moves,
        ));
        return Ok(());
    }
    let sum = orientation_sum_kept(moves, set, omod).then(|| {
        solved.ori[set]
            .iter()
            .fold(0u8, |s, &o| add_mod(s, o, omod))
    });
    let rank = OriRank { n, omod, sum };
    let size = rank.size().ok_or_else(|| RankError::TooLarge {
        set: def.name.clone(),
        why: "too many orientations".to_string(),
    })?;
    let part = Part::Ori { set, rank };
    let solved = part.value(puzzle, solved).expect("Solved has a value");
    out.push(Coordinate {
        size,
        solved,
        kind: Kind::Direct { part },
    });
    Ok(())
}

/// A table coordinate searched from Solved when `table` is true, else a computed one.
fn tabled_or_direct(
    puzzle: &Puzzle,
    part: Part,
    size: u64,
    table: bool,
    moves: &[Position],
) -> Coordinate {
    if !table {
        // A computed joint coordinate reads its distinct pieces as `direct_perm` does (no
        // parity folded: the orientations are ranked with them).
        let part = match part {
            Part::Joint {
                set,
                perm: PermRank::Distinct {
                    n, parity: None, ..
                },
                ori,
            } => Part::Joint {
                set,
                perm: PermRank::Distinct {
                    n,
                    parity: None,
                    order: slots_by_touches(set, n, moves),
                },
                ori,
            },
            other => other,
        };
        let start = part
            .value(puzzle, &puzzle.solved)
            .expect("Solved has a value");
        return Coordinate {
            size,
            solved: start,
            kind: Kind::Direct { part },
        };
    }
    let start = part
        .value(puzzle, &puzzle.solved)
        .expect("Solved has a value");
    let (values, next) = search_values(size, start, moves.len(), |v, m| {
        part.step(puzzle, v, &moves[m])
    });
    Coordinate {
        size: values.len() as u64,
        solved: values.binary_search(&start).expect("the start") as u64,
        kind: Kind::Table {
            source: Source::Part(part),
            values,
            next: next.into(),
        },
    }
}

/// Merges pairs of table coordinates whose reachable pairs are fewer than their product, until
/// no pair gains.
fn merge_coordinates(coordinates: &mut Vec<Coordinate>, moves: usize) {
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
