//! Expanding many configurations at once by rank arithmetic, for the two-bit searches.
//!
//! In a base-4 rank (the plain space, where a configuration's rank is its packed bits) a move
//! of disc `j` from peg `a` to peg `b` adds `(b - a) * 4^j`. Whether disc `j` may move depends
//! only on the discs smaller than `j`, so the moves of the [`SMALL`] smallest discs are a
//! function of those discs alone: [`SmallMoves`] lists them once for all `4^SMALL`
//! configurations, as what each adds to the rank. A larger disc moves only between two pegs
//! that hold none of the small discs, which happens when the small discs sit on at most two
//! pegs (376 of the 4,096 configurations of 6 discs).
//!
//! The canonical ranks of the quotient ([`crate::CanonicalIndex`]) are base 4 below the disc
//! where the third of pegs 1 to 3 first appears (counting from the largest disc): every rank of
//! such a run is the run's first rank plus the packed bits of the discs below, and a move of one
//! of those discs leaves every peg's largest disc, so the relabelling, unchanged. Above that disc
//! the rank is no longer base 4, but a move that keeps every peg's largest disc still changes it
//! by what the disc adds on one peg less what it added on the other, which the run knows
//! ([`crate::rank`]'s `Run`). Only moves that empty a peg of 1 to 3 or start one are relabelled
//! and ranked again.

/// The table of the smallest discs' moves, made once.
pub(crate) fn small_moves() -> &'static SmallMoves {
    static TABLE: std::sync::OnceLock<SmallMoves> = std::sync::OnceLock::new();
    TABLE.get_or_init(SmallMoves::new)
}

/// The smallest discs whose moves are read from the table.
pub(crate) const SMALL: usize = 6;

/// The moves of the [`SMALL`] smallest discs of one configuration of them.
#[derive(Clone, Copy, Default)]
pub(crate) struct SmallEntry {
    /// What each move adds to a base-4 rank.
    pub(crate) deltas: [i32; 6],
    /// How many of `deltas` are moves.
    pub(crate) count: u8,
    /// Whether the small discs sit on at most two pegs, so that larger discs may move.
    pub(crate) large_moves: bool,
}

/// [`SmallEntry`] for each of the `4^SMALL` configurations of the smallest discs, in the order
/// of the packed bits (moves by source peg, then destination peg).
pub(crate) struct SmallMoves {
    entries: Vec<SmallEntry>,
}

impl SmallMoves {
    pub(crate) fn new() -> Self {
        let entries = (0..1u64 << (2 * SMALL))
            .map(|config| {
                let mut tops = [usize::MAX; 4];
                for disc in (0..SMALL).rev() {
                    tops[(config >> (2 * disc) & 3) as usize] = disc;
                }
                let mut entry = SmallEntry::default();
                for from in 0..4 {
                    let disc = tops[from];
                    if disc == usize::MAX {
                        continue;
                    }
                    for (to, &top) in tops.iter().enumerate() {
                        if to != from && top > disc {
                            entry.deltas[usize::from(entry.count)] =
                                (to as i32 - from as i32) << (2 * disc);
                            entry.count += 1;
                        }
                    }
                }
                entry.large_moves = tops.iter().filter(|&&t| t != usize::MAX).count() <= 2;
                entry
            })
            .collect();
        Self { entries }
    }

    /// The entry of the smallest discs of `packed`.
    #[inline]
    pub(crate) fn of(&self, packed: u64) -> &SmallEntry {
        &self.entries[(packed & ((1 << (2 * SMALL)) - 1)) as usize]
    }
}

/// Calls `visit(disc, from, to)` for every move of a disc of `min_disc` or more, given the
/// configuration's peg masks ([`crate::HanoiSpace`]'s: the low bit of every disc's field on
/// each peg), by source peg, then destination peg.
#[inline]
pub(crate) fn moves_from(
    masks: [u64; 4],
    min_disc: usize,
    mut visit: impl FnMut(usize, usize, usize),
) {
    let tops = masks.map(|m| {
        if m == 0 {
            usize::MAX
        } else {
            m.trailing_zeros() as usize / 2
        }
    });
    for from in 0..4 {
        let disc = tops[from];
        if disc == usize::MAX || disc < min_disc {
            continue;
        }
        for (to, &top) in tops.iter().enumerate() {
            if to != from && top > disc {
                visit(disc, from, to);
            }
        }
    }
}

#[cfg(test)]
mod tests;
