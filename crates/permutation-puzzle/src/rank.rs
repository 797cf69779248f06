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
//!
//! What a coordinate reads of a set is in `part`, the coordinates and their tables in
//! `factor`, and the plan of each set's coordinates in `plan`.

mod factor;
mod part;
mod plan;

use crate::coordinate::is_odd;
#[cfg(test)]
use crate::coordinate::{IDENTITY, PermRank};
use crate::definition::{Metric, Puzzle};
use crate::position::Position;
use factor::{Coordinate, ILLEGAL, Kind, merge_coordinates};
pub use factor::{MAX_TABLE_ENTRIES, MAX_TABLE_VALUES};
pub(crate) use part::Part;
pub use plan::RankError;
use plan::{label_counts, orientation_sum_kept, set_coordinates};

/// How the space steps a coordinate ([`Rank::steps`]).
pub(crate) enum Step<'a> {
    /// Never moves.
    Fixed,
    /// A move table (`value * moves + move`, [`ILLEGAL`] for a refused move).
    Table(&'a [u32]),
    /// Computed from the part's arrays.
    Direct(&'a Part),
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
