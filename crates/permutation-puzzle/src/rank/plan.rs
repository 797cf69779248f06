//! The plan of each set's coordinates: a permutation and an orientation coordinate, or one
//! joint coordinate, each fixed, a table searched from Solved when it fits, or computed with
//! the invariants of the moves folded out; and [`RankError`] when a set cannot be ranked.

use crate::coordinate::{IDENTITY, OriRank, PermRank, SlotOrder, is_odd};
use crate::definition::Puzzle;
use crate::position::{Position, add_mod};

use super::factor::{Coordinate, Kind, MAX_TABLE_ENTRIES, MAX_TABLE_VALUES, Source, search_values};
use super::part::Part;

/// Why a puzzle has no rank this crate can build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    /// The positions outnumber what a dense table can index.
    #[error("line {line}: the positions of set {set} cannot be ranked densely: {why}")]
    TooLarge {
        /// The line of the set's `Set` line.
        line: usize,
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

/// How many pieces carry each label in Solved.
pub(super) fn label_counts(puzzle: &Puzzle, set: usize) -> Vec<usize> {
    let mut counts = vec![0; puzzle.written_labels[set].len()];
    puzzle.solved.perm[set]
        .iter()
        .for_each(|&l| counts[l as usize] += 1);
    counts
}

/// Whether every move keeps the sum of a set's orientations mod OMOD.
pub(super) fn orientation_sum_kept(moves: &[Position], set: usize, omod: u8) -> bool {
    moves
        .iter()
        .all(|m| m.ori[set].iter().fold(0u8, |s, &o| add_mod(s, o, omod)) == 0)
}

/// Whether a move's permutation of a set moves any piece.
fn moves_pieces(perm: &[u8]) -> bool {
    perm.iter().enumerate().any(|(i, &p)| p as usize != i)
}

/// One set's pieces as its coordinates are chosen: whether the moves move or turn them,
/// which are wild, and how its permutation is ranked (none for more than 20 distinct pieces).
struct SetPieces<'a> {
    puzzle: &'a Puzzle,
    set: usize,
    moves: &'a [Position],
    distinct: bool,
    perm_rank: Option<PermRank>,
    perm_moves: bool,
    ori_moves: bool,
    all_wild: bool,
    some_wild: bool,
}

impl<'a> SetPieces<'a> {
    /// The pieces of `set` under `moves`.
    fn new(puzzle: &'a Puzzle, set: usize, moves: &'a [Position]) -> Self {
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
        let perm_rank = if distinct {
            if n > 20 {
                None
            } else {
                Some(PermRank::distinct(n))
            }
        } else {
            Some(PermRank::Multiset { counts })
        };
        SetPieces {
            puzzle,
            set,
            moves,
            distinct,
            perm_rank,
            perm_moves,
            ori_moves,
            all_wild,
            some_wild,
        }
    }

    /// The error of a set too large to rank, for `what`.
    fn too_large(&self, what: &str) -> RankError {
        RankError::TooLarge {
            line: self.puzzle.sets[self.set].line,
            set: self.puzzle.sets[self.set].name.clone(),
            why: what.to_string(),
        }
    }

    /// Whether a table of `size` values fits, with a successor for each move.
    fn table_fits(&self, size: u64) -> bool {
        let m = self.moves.len() as u64;
        size <= MAX_TABLE_VALUES && size.saturating_mul(m) <= MAX_TABLE_ENTRIES
    }

    /// The rank of the permutation, refused for more than 20 distinct pieces.
    fn perm(&self) -> Result<PermRank, RankError> {
        self.perm_rank
            .clone()
            .ok_or_else(|| self.too_large("more than 20 distinct pieces"))
    }

    /// The one joint coordinate of a set whose pieces are moved and some of them wild: the
    /// permutation with the orientations of the pieces that are not wild.
    fn wild_joint(&self) -> Result<Coordinate, RankError> {
        let (puzzle, set) = (self.puzzle, self.set);
        let omod = puzzle.sets[set].omod;
        let wild = &puzzle.wild[set];
        let digits = puzzle.solved.perm[set]
            .iter()
            .filter(|&&l| !wild[l as usize])
            .count();
        let perm = self.perm()?;
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
            .ok_or_else(|| self.too_large("too many arrangements"))?;
        Ok(tabled_or_direct(
            puzzle,
            part,
            size,
            self.table_fits(size),
            self.moves,
        ))
    }

    /// Pushes the coordinate of the permutation: fixed when no move moves a piece (none for
    /// more than 20 distinct pieces), else a joint table with the orientations when the moves
    /// turn them and it fits, else a table when it fits, else computed. True when the
    /// coordinate pushed is joint, which ranks the orientations too.
    fn push_permutation(&self, out: &mut Vec<Coordinate>) -> Result<bool, RankError> {
        let (puzzle, set, moves) = (self.puzzle, self.set, self.moves);
        let def = &puzzle.sets[set];
        let (n, omod) = (def.size, def.omod);
        if self.perm_moves {
            let perm = self.perm()?;
            let perm_size = perm
                .size()
                .ok_or_else(|| self.too_large("too many arrangements"))?;
            if self.ori_moves && !self.some_wild {
                let ori = OriRank { n, omod, sum: None };
                if let Some(joint) = ori
                    .size()
                    .and_then(|o| o.checked_mul(perm_size))
                    .filter(|&s| self.table_fits(s))
                {
                    let part = Part::Joint { set, perm, ori };
                    out.push(tabled_or_direct(puzzle, part, joint, true, moves));
                    return Ok(true);
                }
            }
            if self.table_fits(perm_size) {
                out.push(tabled_or_direct(
                    puzzle,
                    Part::Perm { set, rank: perm },
                    perm_size,
                    true,
                    moves,
                ));
            } else {
                out.push(direct_perm(puzzle, set, perm, self.distinct, moves)?);
            }
        } else if let Some(perm) = self.perm_rank.clone() {
            let part = Part::Perm { set, rank: perm };
            let value = part
                .value(puzzle, &puzzle.solved)
                .expect("Solved has a value");
            out.push(Coordinate {
                size: 1,
                solved: 0,
                kind: Kind::Fixed { part, value },
            });
        }
        Ok(false)
    }
}

/// The coordinates of one set.
pub(super) fn set_coordinates(
    puzzle: &Puzzle,
    set: usize,
    moves: &[Position],
    out: &mut Vec<Coordinate>,
) -> Result<(), RankError> {
    let pieces = SetPieces::new(puzzle, set, moves);
    if pieces.some_wild && pieces.perm_moves {
        out.push(pieces.wild_joint()?);
        return Ok(());
    }
    // The permutation.
    if pieces.push_permutation(out)? {
        return Ok(());
    }
    // The orientations.
    if pieces.all_wild {
        return Ok(());
    }
    push_orientations(puzzle, set, moves, pieces.ori_moves, out)
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
        line: puzzle.sets[set].line,
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
        line: def.line,
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
    // Each value is unranked once, for all its moves (the search asks move by move).
    let n = puzzle.sets[part.set()].size;
    let mut unranked = None;
    let (mut perm, mut ori) = ([0u8; 256], [0u8; 256]);
    let (mut new_perm, mut new_ori) = ([0u8; 256], [0u8; 256]);
    let (values, next) = search_values(size, start, moves.len(), |v, m| {
        if unranked != Some(v) {
            part.arrays(puzzle, v, &mut perm[..n], &mut ori[..n]);
            unranked = Some(v);
        }
        part.step_arrays(puzzle, &perm, &ori, &moves[m], &mut new_perm, &mut new_ori)
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
