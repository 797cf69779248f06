//! Pegs, moves and configurations of three-peg Hanoi.

use std::fmt;

/// One of the three pegs, `0..3` inside, shown 1-based by both `Display` and `Debug`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Peg(u8);

impl fmt::Debug for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Peg({})", self.0 + 1)
    }
}

impl Peg {
    /// Peg 1, where towers start.
    pub const FIRST: Peg = Peg(0);
    /// Peg 2.
    pub const MIDDLE: Peg = Peg(1);
    /// Peg 3, where the judge's tower ends.
    pub const LAST: Peg = Peg(2);
    /// All pegs in order.
    pub const ALL: [Peg; 3] = [Peg(0), Peg(1), Peg(2)];

    /// The peg with 0-based index `index` (`0..3`).
    pub fn new(index: usize) -> Option<Peg> {
        (index < 3).then_some(Peg(index as u8))
    }

    /// The 0-based index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The peg that is neither `self` nor `other` (which must differ).
    pub fn third(self, other: Peg) -> Peg {
        debug_assert_ne!(self, other);
        Peg(3 - self.0 - other.0)
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
    /// The peg the disc lands on.
    pub to: Peg,
}

impl Move {
    /// The judge line `A B\n` as bytes, without allocating.
    pub fn judge_line(self) -> [u8; 4] {
        [b'1' + self.from.0, b' ', b'1' + self.to.0, b'\n']
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}

/// A configuration that cannot exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// More discs than the configuration supports.
    #[error("at most {max} discs are supported, got {got}")]
    TooManyDiscs {
        /// The limit.
        max: usize,
        /// Discs given.
        got: usize,
    },
    /// An illegal move.
    #[error("move {step} is illegal: {reason}")]
    IllegalMove {
        /// The offending move.
        step: Move,
        /// Why.
        reason: &'static str,
    },
}

/// Where every disc is: `pegs[d]` is the peg of disc `d` (0 is the smallest).
///
/// Any assignment of pegs is a legal three-peg configuration: on each peg the discs stack by
/// size, so their order is implied.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pegs: Vec<Peg>,
}

impl Config {
    /// The most discs a configuration holds (move counts are `u128`).
    pub const MAX_DISCS: usize = 127;

    /// A configuration from the peg of each disc, smallest disc first.
    ///
    /// # Errors
    /// [`ConfigError`] for no disc or more than [`Config::MAX_DISCS`].
    pub fn new(pegs: Vec<Peg>) -> Result<Self, ConfigError> {
        if pegs.len() > Self::MAX_DISCS {
            return Err(ConfigError::TooManyDiscs {
                max: Self::MAX_DISCS,
                got: pegs.len(),
            });
        }
        Ok(Self { pegs })
    }

    /// All `n_discs` on `peg`.
    ///
    /// # Errors
    /// As [`Config::new`].
    pub fn tower(n_discs: usize, peg: Peg) -> Result<Self, ConfigError> {
        Self::new(vec![peg; n_discs])
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.pegs.len()
    }

    /// The peg of every disc, smallest first.
    pub fn pegs(&self) -> &[Peg] {
        &self.pegs
    }

    /// The smallest disc on `peg`, if any.
    pub fn top(&self, peg: Peg) -> Option<usize> {
        self.pegs.iter().position(|&p| p == peg)
    }

    /// Applies a move after checking it is legal.
    ///
    /// # Errors
    /// [`ConfigError`] when `step` stays on its peg, leaves an empty peg or puts a disc on a
    /// smaller one; the configuration is then unchanged.
    pub fn apply(&mut self, step: Move) -> Result<(), ConfigError> {
        let illegal = |reason| ConfigError::IllegalMove { step, reason };
        if step.from == step.to {
            return Err(illegal("a disc must change pegs"));
        }
        let disc = self
            .top(step.from)
            .ok_or(illegal("the source peg is empty"))?;
        if self.top(step.to).is_some_and(|top| top < disc) {
            return Err(illegal("a larger disc cannot go onto a smaller one"));
        }
        self.pegs[disc] = step.to;
        Ok(())
    }
}
