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

    /// Peg `number`, counted from 1 as people and the judge count them (`1..=3`).
    pub fn from_number(number: usize) -> Option<Peg> {
        (1..=3).contains(&number).then(|| Peg(number as u8 - 1))
    }

    /// The peg at `index` of [`Peg::ALL`] (`0..3`), for arrays indexed by peg.
    pub fn from_index(index: usize) -> Option<Peg> {
        (index < 3).then_some(Peg(index as u8))
    }

    /// Its number, from 1.
    pub fn number(self) -> usize {
        usize::from(self.0) + 1
    }

    /// Its index in [`Peg::ALL`], from 0.
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

/// A disc, numbered from 1, the smallest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Disc(u8);

impl Disc {
    /// Disc `number`, or `None` outside `1..=`[`Config::MAX_DISCS`].
    pub fn new(number: usize) -> Option<Disc> {
        (1..=Config::MAX_DISCS)
            .contains(&number)
            .then_some(Disc(number as u8))
    }

    /// Its number, from 1 (the smallest).
    pub fn number(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
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

/// A configuration that cannot exist, or a move that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// More discs than supported, or none.
    #[error("the number of discs must be between 1 and {max}, not {got}", max = Config::MAX_DISCS)]
    DiscCount {
        /// Discs given.
        got: usize,
    },
    /// A disc listed twice.
    #[error("disc {0} appears twice")]
    Duplicate(usize),
    /// A disc listed nowhere.
    #[error("disc {0} is missing")]
    Missing(usize),
    /// A disc number outside `1..=n`.
    #[error("disc {disc} is outside 1..={n}")]
    DiscRange {
        /// The disc.
        disc: usize,
        /// The number of discs.
        n: usize,
    },
    /// A peg whose discs do not decrease from the bottom up.
    #[error("peg {peg} lists disc {above} above the smaller disc {below}")]
    Order {
        /// The peg (from 1).
        peg: usize,
        /// The disc listed higher.
        above: usize,
        /// The disc below it.
        below: usize,
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

/// Where every disc is. Any assignment of pegs is a legal three-peg configuration: on each peg
/// the discs stack by size, so their order is implied.
///
/// The Hanoi crates share one convention: discs are numbered from 1, the smallest; pegs are
/// numbered from 1 ([`Peg::FIRST`], [`Peg::MIDDLE`], [`Peg::LAST`]); a peg's discs are listed
/// from the bottom up; `Display` and `FromStr` use the notation of a judge case, the number of
/// discs on one line, then one line per peg, `k d1 .. dk`, bottom up.
///
/// ```
/// use hanoi::{Config, Disc, Peg};
///
/// let config = Config::from_pegs([&[3, 1], &[2], &[]])?;
/// assert_eq!(config.top(Peg::FIRST), Disc::new(1));
/// assert_eq!(config.peg_of(Disc::new(2).unwrap()), Peg::MIDDLE);
/// assert_eq!(config.stacks(), [vec![3, 1], vec![2], vec![]]);
/// assert_eq!(config.to_string(), "3\n2 3 1\n1 2\n0");
/// assert_eq!(config.to_string().parse::<Config>()?, config);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// `pegs[d]` is the peg of disc `d + 1`.
    pegs: Vec<Peg>,
}

impl Config {
    /// The most discs a configuration holds (move counts are `u128`).
    pub const MAX_DISCS: usize = 127;

    /// A configuration from each peg's discs listed bottom up (numbers `1..=n`, `n` the number
    /// of discs given), checking that every disc appears once and every peg decreases upwards.
    ///
    /// # Errors
    /// [`ConfigError`] for no disc or more than [`Config::MAX_DISCS`], a disc listed twice or
    /// missing, or a peg that does not decrease upwards.
    pub fn from_pegs(pegs: [&[usize]; 3]) -> Result<Self, ConfigError> {
        check_count(pegs.iter().map(|p| p.len()).sum())?;
        let at = judge::stacks::disc_pegs(&pegs).map_err(ConfigError::from)?;
        Ok(Self {
            pegs: at.into_iter().map(|p| Peg(p as u8)).collect(),
        })
    }

    /// A configuration from the peg of each disc, disc 1 (the smallest) first.
    ///
    /// # Errors
    /// [`ConfigError::DiscCount`] for no disc or more than [`Config::MAX_DISCS`].
    pub fn from_disc_pegs(pegs: Vec<Peg>) -> Result<Self, ConfigError> {
        check_count(pegs.len())?;
        Ok(Self { pegs })
    }

    /// All `n_discs` on `peg`.
    ///
    /// # Errors
    /// As [`Config::from_disc_pegs`].
    pub fn tower(n_discs: usize, peg: Peg) -> Result<Self, ConfigError> {
        check_count(n_discs)?;
        Self::from_disc_pegs(vec![peg; n_discs])
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.pegs.len()
    }

    /// The peg of every disc, disc 1 first.
    pub fn disc_pegs(&self) -> &[Peg] {
        &self.pegs
    }

    /// The peg of `disc`.
    ///
    /// # Panics
    /// When `disc` is larger than this configuration's number of discs.
    pub fn peg_of(&self, disc: Disc) -> Peg {
        self.pegs[disc.number() - 1]
    }

    /// Each peg's discs from the bottom up (numbers, the largest first), pegs 1 to 3: what
    /// [`Config::from_pegs`] takes.
    pub fn stacks(&self) -> [Vec<usize>; 3] {
        let mut stacks: [Vec<usize>; 3] = Default::default();
        for (d, peg) in self.pegs.iter().enumerate().rev() {
            stacks[peg.index()].push(d + 1);
        }
        stacks
    }

    /// The smallest disc on `peg`, if any.
    pub fn top(&self, peg: Peg) -> Option<Disc> {
        self.pegs
            .iter()
            .position(|&p| p == peg)
            .map(|d| Disc(d as u8 + 1))
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
        self.pegs[disc.number() - 1] = step.to;
        Ok(())
    }
}

impl From<judge::stacks::StackError> for ConfigError {
    fn from(error: judge::stacks::StackError) -> Self {
        use judge::stacks::StackError;
        match error {
            StackError::Duplicate(disc) => ConfigError::Duplicate(disc),
            StackError::Missing(disc) => ConfigError::Missing(disc),
            StackError::Range { disc, n } => ConfigError::DiscRange { disc, n },
            StackError::Order { peg, above, below } => ConfigError::Order { peg, above, below },
        }
    }
}

/// `n` when it is a number of discs a configuration can hold.
fn check_count(n: usize) -> Result<usize, ConfigError> {
    if (1..=Config::MAX_DISCS).contains(&n) {
        Ok(n)
    } else {
        Err(ConfigError::DiscCount { got: n })
    }
}

impl fmt::Display for Config {
    /// The judge case notation: `n`, then per peg `k d1 .. dk` bottom up (no newline at the end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        judge::stacks::write(f, &self.stacks())
    }
}

impl std::str::FromStr for Config {
    type Err = judge::ParseError;

    /// Reads what `Display` writes (a final newline allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let pegs = judge::stacks::read(text, 3, Self::MAX_DISCS)?;
        Ok(Self::from_pegs([&pegs[0], &pegs[1], &pegs[2]]).expect("checked line by line"))
    }
}
