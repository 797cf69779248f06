//! [`Part`]: what a coordinate of the rank reads of a position (a set's permutation, its
//! orientations, or both), its value, the arrays of a value, and a value stepped by a move.

use crate::coordinate::{OriRank, PermRank};
use crate::definition::Puzzle;
use crate::position::{Position, add_mod};

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

    pub(super) fn size(&self) -> Option<u64> {
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

    pub(super) fn value(&self, puzzle: &Puzzle, position: &Position) -> Option<u64> {
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
    pub(super) fn step(&self, puzzle: &Puzzle, value: u64, mv: &Position) -> Option<u64> {
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
    pub(super) fn slot_order(&self) -> Option<&[u8]> {
        match self {
            Part::Perm { rank, .. } | Part::Joint { perm: rank, .. } => rank.slot_order(),
            Part::Ori { .. } => None,
        }
    }

    pub(super) fn describe(&self, puzzle: &Puzzle) -> String {
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
