//! Three pegs of sized discs, packed into a `u64`, and the relaxed rule.

use std::fmt;

/// One of the three pegs, `0..3` inside, shown 1-based by both `Display` and `Debug`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Peg(u8);

impl fmt::Debug for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Peg({})", self.0 + 1)
    }
}

impl Peg {
    /// Pegs 1, 2 and 3.
    pub const ALL: [Peg; 3] = [Peg(0), Peg(1), Peg(2)];
    /// Peg 1, where the discs start.
    pub const START: Peg = Peg(0);
    /// Peg 2, where they must end.
    pub const GOAL: Peg = Peg(1);

    /// The 0-based index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// Moving the top disc of `from` onto `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The peg the disc leaves.
    pub from: Peg,
    /// The peg it lands on.
    pub to: Peg,
}

impl Move {
    /// The six moves in the fixed order the search tries them: 1-2, 1-3, 2-1, 2-3, 3-1, 3-2.
    pub const ALL: [Move; 6] = [
        Move {
            from: Peg(0),
            to: Peg(1),
        },
        Move {
            from: Peg(0),
            to: Peg(2),
        },
        Move {
            from: Peg(1),
            to: Peg(0),
        },
        Move {
            from: Peg(1),
            to: Peg(2),
        },
        Move {
            from: Peg(2),
            to: Peg(0),
        },
        Move {
            from: Peg(2),
            to: Peg(1),
        },
    ];
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}

/// Discs that cannot form a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PegsError {
    /// More than 12 discs, or none.
    #[error("a position holds 1 to {max} discs, not {got}", max = Pegs::MAX_DISCS)]
    DiscCount {
        /// Discs given.
        got: usize,
    },
    /// A size outside `1..=9`.
    #[error("disc sizes are 1 to 9, not {0}")]
    Size(u8),
    /// A peg that breaks the rule.
    #[error("disc {size} at depth {depth} of peg {peg} has two or more larger discs above it")]
    Rule {
        /// The peg (1-based).
        peg: usize,
        /// Position from the top (1-based).
        depth: usize,
        /// The disc's size.
        size: u8,
    },
}

/// Three pegs of disc sizes; each peg is a stack of 4-bit sizes, its top in the low nibble.
///
/// Invariant: at most [`Pegs::MAX_DISCS`] discs, sizes in `1..=9`, every peg legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pegs {
    stacks: [u64; 3],
    lens: [u8; 3],
}

impl Pegs {
    /// The most discs a position holds (the project's limit).
    pub const MAX_DISCS: usize = 12;

    /// A position from each peg's sizes listed from the top down.
    ///
    /// # Errors
    /// [`PegsError`] for no disc or more than [`Pegs::MAX_DISCS`], a size outside `1..=9`, or
    /// a peg that breaks the rule.
    pub fn new(pegs: [&[u8]; 3]) -> Result<Self, PegsError> {
        let total: usize = pegs.iter().map(|p| p.len()).sum();
        if total == 0 || total > Self::MAX_DISCS {
            return Err(PegsError::DiscCount { got: total });
        }
        let mut position = Pegs {
            stacks: [0; 3],
            lens: [0; 3],
        };
        for (index, sizes) in pegs.iter().enumerate() {
            if let Some(&bad) = sizes.iter().find(|s| !(1..=9).contains(*s)) {
                return Err(PegsError::Size(bad));
            }
            // The larger-above count of each disc, from the top down.
            let mut above: Vec<u8> = Vec::new();
            for (depth, &size) in sizes.iter().enumerate() {
                let larger = above.iter().filter(|&&a| a > size).count();
                if larger > 1 {
                    return Err(PegsError::Rule {
                        peg: index + 1,
                        depth: depth + 1,
                        size,
                    });
                }
                above.push(size);
            }
            for &size in sizes.iter().rev() {
                position.stacks[index] = position.stacks[index] << 4 | u64::from(size);
            }
            position.lens[index] = sizes.len() as u8;
        }
        Ok(position)
    }

    /// All discs on `peg`, listed from the top down (the input's order).
    ///
    /// # Errors
    /// As [`Pegs::new`].
    pub fn tower(peg: Peg, sizes_top_down: &[u8]) -> Result<Self, PegsError> {
        let mut pegs: [&[u8]; 3] = [&[], &[], &[]];
        pegs[peg.index()] = sizes_top_down;
        Self::new(pegs)
    }

    /// The sizes on `peg` from the top down.
    pub fn peg(&self, peg: Peg) -> Vec<u8> {
        let (stack, len) = (self.stacks[peg.index()], self.lens[peg.index()]);
        (0..len).map(|i| (stack >> (4 * i) & 0xf) as u8).collect()
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.lens.iter().map(|&l| usize::from(l)).sum()
    }

    /// Packs into a `u64`: peg 1's length in bits 0-3, peg 2's in 4-7, then the three stacks'
    /// nibbles one after another from bit 8 (12 discs use 56 bits).
    pub fn pack(&self) -> u64 {
        let (l0, l1) = (u32::from(self.lens[0]), u32::from(self.lens[1]));
        u64::from(self.lens[0])
            | u64::from(self.lens[1]) << 4
            | self.stacks[0] << 8
            | self.stacks[1] << (8 + 4 * l0)
            | self.stacks[2] << (8 + 4 * (l0 + l1))
    }

    /// The inverse of [`Pegs::pack`] for a position of `n_discs` discs.
    pub fn unpack(packed: u64, n_discs: usize) -> Self {
        let l0 = (packed & 0xf) as u32;
        let l1 = (packed >> 4 & 0xf) as u32;
        let l2 = n_discs as u32 - l0 - l1;
        let field = |shift: u32, len: u32| {
            if len == 0 {
                0
            } else {
                packed >> shift & (u64::MAX >> (64 - 4 * len))
            }
        };
        Pegs {
            stacks: [
                field(8, l0),
                field(8 + 4 * l0, l1),
                field(8 + 4 * (l0 + l1), l2),
            ],
            lens: [l0 as u8, l1 as u8, l2 as u8],
        }
    }

    /// Whether a disc of `size` may go on top of `peg`: no smaller disc below it may already
    /// have a larger disc above it.
    #[inline]
    fn accepts(&self, peg: Peg, size: u64) -> bool {
        let (mut stack, len) = (self.stacks[peg.index()], self.lens[peg.index()]);
        let mut largest_above = 0;
        for _ in 0..len {
            let below = stack & 0xf;
            if below < size && largest_above > below {
                return false;
            }
            largest_above = largest_above.max(below);
            stack >>= 4;
        }
        true
    }

    /// The position after `step`, or `None` when the move is illegal (empty source peg, or the
    /// rule broken on the destination).
    #[inline]
    pub fn apply(&self, step: Move) -> Option<Pegs> {
        let (from, to) = (step.from.index(), step.to.index());
        if self.lens[from] == 0 || from == to {
            return None;
        }
        let disc = self.stacks[from] & 0xf;
        if !self.accepts(step.to, disc) {
            return None;
        }
        let mut next = *self;
        next.stacks[from] >>= 4;
        next.lens[from] -= 1;
        next.stacks[to] = next.stacks[to] << 4 | disc;
        next.lens[to] += 1;
        Some(next)
    }
}
