//! Three pegs of sized discs, packed into a `u64`, and the relaxed rule.

use std::fmt;

/// One of the three pegs, numbered from 1 ([`Peg::FIRST`], [`Peg::MIDDLE`], [`Peg::LAST`]):
/// the workspace's one Hanoi model ([`hanoi_model`]) for three pegs.
pub type Peg = hanoi_model::Peg<3>;

/// Moving the top disc of `from` onto `to`; [`Move::ALL`] lists the six in the order the
/// search tries them.
pub type Move = hanoi_model::Move<3>;

/// Peg 1, where the discs start (the puzzle's name for [`Peg::FIRST`]).
pub const START: Peg = Peg::FIRST;

/// Peg 2, where they must end (the puzzle's name for [`Peg::MIDDLE`]).
pub const GOAL: Peg = Peg::MIDDLE;

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
///
/// The Hanoi crates share one convention: discs are numbered from 1, the smallest (here a
/// disc's number is its size, and sizes may repeat); pegs are numbered from 1 ([`Peg::FIRST`],
/// [`Peg::MIDDLE`], [`Peg::LAST`]); a peg's discs are listed from the bottom up; `Display` and
/// `FromStr` use the notation of a judge case of four-peg Hanoi, the number of discs on one
/// line, then one line per peg, `k s1 .. sk`, bottom up. (The judge's own input lists one
/// starting stack as digits from the top down; [`crate::parse`] reads that.)
///
/// ```
/// use hanoi_relaxed::{Peg, Pegs};
///
/// let pegs = Pegs::from_pegs([&[3, 1], &[2], &[]])?;
/// assert_eq!(pegs.top(Peg::FIRST), Some(1));
/// assert_eq!(pegs.stacks(), [vec![3, 1], vec![2], vec![]]);
/// assert_eq!(pegs.to_string(), "3\n2 3 1\n1 2\n0");
/// assert_eq!(pegs.to_string().parse::<Pegs>()?, pegs);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pegs {
    stacks: [u64; 3],
    lens: [u8; 3],
}

impl Pegs {
    /// The most discs a position holds (the project's limit).
    pub const MAX_DISCS: usize = 12;

    /// A position from each peg's sizes listed from the bottom up.
    ///
    /// # Errors
    /// [`PegsError`] for no disc or more than [`Pegs::MAX_DISCS`], a size outside `1..=9`, or
    /// a peg that breaks the rule.
    pub fn from_pegs(pegs: [&[u8]; 3]) -> Result<Self, PegsError> {
        let total: usize = pegs.iter().map(|p| p.len()).sum();
        if total == 0 || total > Self::MAX_DISCS {
            return Err(PegsError::DiscCount { got: total });
        }
        let mut position = Pegs {
            stacks: [0; 3],
            lens: [0; 3],
        };
        for (index, bottom_up) in pegs.iter().enumerate() {
            if let Some(&bad) = bottom_up.iter().find(|s| !(1..=9).contains(*s)) {
                return Err(PegsError::Size(bad));
            }
            // The larger-above count of each disc, from the top down.
            let mut above: Vec<u8> = Vec::new();
            for (depth, &size) in bottom_up.iter().rev().enumerate() {
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
            for &size in bottom_up.iter() {
                position.stacks[index] = position.stacks[index] << 4 | u64::from(size);
            }
            position.lens[index] = bottom_up.len() as u8;
        }
        Ok(position)
    }

    /// All discs on `peg`, their sizes listed from the bottom up.
    ///
    /// # Errors
    /// As [`Pegs::from_pegs`].
    pub fn tower(sizes_bottom_up: &[u8], peg: Peg) -> Result<Self, PegsError> {
        let mut pegs: [&[u8]; 3] = [&[], &[], &[]];
        pegs[peg.index()] = sizes_bottom_up;
        Self::from_pegs(pegs)
    }

    /// The sizes on `peg` from the bottom up.
    pub fn stack(&self, peg: Peg) -> Vec<u8> {
        let (stack, len) = (self.stacks[peg.index()], self.lens[peg.index()]);
        (0..len)
            .rev()
            .map(|i| (stack >> (4 * i) & 0xf) as u8)
            .collect()
    }

    /// Each peg's sizes from the bottom up, pegs 1 to 3: what [`Pegs::from_pegs`] takes.
    pub fn stacks(&self) -> [Vec<u8>; 3] {
        Peg::ALL.map(|peg| self.stack(peg))
    }

    /// The size of the top disc of `peg`, if any.
    pub fn top(&self, peg: Peg) -> Option<u8> {
        (self.lens[peg.index()] > 0).then(|| (self.stacks[peg.index()] & 0xf) as u8)
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

impl fmt::Display for Pegs {
    /// `n`, then per peg `k s1 .. sk` bottom up (no newline at the end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hanoi_model::notation::write(f, &self.stacks())
    }
}

impl std::str::FromStr for Pegs {
    type Err = judge::ParseError;

    /// Reads what `Display` writes (a final newline allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut lines = judge::Lines::new(text);
        let mut line = lines.line("the number of discs")?;
        let n = line.number("the number of discs", 1..=Self::MAX_DISCS)?;
        line.end()?;
        let mut stacks: [Vec<u8>; 3] = Default::default();
        let mut last = 0;
        for (peg, stack) in stacks.iter_mut().enumerate() {
            let mut line = lines.line("a peg line `k s1 .. sk`")?;
            last = line.line_number();
            let count = line.number(&format!("the number of discs on peg {}", peg + 1), 0..=n)?;
            for _ in 0..count {
                stack.push(line.number("a disc size", 1..=9)?);
            }
            line.end()?;
        }
        lines.end()?;
        let given: usize = stacks.iter().map(Vec::len).sum();
        let found = |what: String| {
            judge::ParseError::new(last, format!("{n} discs in all"), judge::Found::Other(what))
        };
        if given != n {
            return Err(found(format!("{given}")));
        }
        Self::from_pegs([&stacks[0], &stacks[1], &stacks[2]]).map_err(|error| {
            judge::ParseError::new(
                last,
                "pegs where no disc has two larger discs above it",
                judge::Found::Other(error.to_string()),
            )
        })
    }
}
