//! Pegs, discs, moves and configurations of four-peg Hanoi, with the packed encoding.

use std::fmt;

/// One of the four pegs, `0..4` inside, shown 1-based by both `Display` and `Debug`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Peg(u8);

impl fmt::Debug for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Peg({})", self.0 + 1)
    }
}

impl Peg {
    /// All pegs in order.
    pub const ALL: [Peg; 4] = [Peg(0), Peg(1), Peg(2), Peg(3)];
    /// Peg 1.
    pub const FIRST: Peg = Peg(0);
    /// Peg 4, the judge's goal.
    pub const LAST: Peg = Peg(3);

    /// Peg `number`, counted from 1 as people and the judge count them (`1..=4`).
    pub fn from_number(number: usize) -> Option<Peg> {
        (1..=4).contains(&number).then(|| Peg(number as u8 - 1))
    }

    /// The peg at `index` of [`Peg::ALL`] (`0..4`), for arrays indexed by peg.
    pub fn from_index(index: usize) -> Option<Peg> {
        (index < 4).then_some(Peg(index as u8))
    }

    /// Its number, from 1.
    pub fn number(self) -> usize {
        usize::from(self.0) + 1
    }

    /// Its index in [`Peg::ALL`], from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Peg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A disc, numbered `1..=`[`Config::MAX_DISCS`] by size (1 the smallest) as in the judge's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Disc(u8);

impl Disc {
    /// Disc `number`, or `None` outside `1..=`[`Config::MAX_DISCS`].
    pub fn new(number: usize) -> Option<Disc> {
        (1..=Config::MAX_DISCS)
            .contains(&number)
            .then_some(Disc(number as u8))
    }

    /// The disc's number, 1 for the smallest.
    pub fn number(self) -> usize {
        usize::from(self.0)
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
    /// A disc number outside `1..=n`.
    #[error("disc {disc} is outside 1..={n}")]
    DiscRange {
        /// The disc.
        disc: usize,
        /// The number of discs.
        n: usize,
    },
    /// A disc listed twice.
    #[error("disc {0} appears twice")]
    Duplicate(usize),
    /// A disc listed nowhere.
    #[error("disc {0} is missing")]
    Missing(usize),
    /// A peg whose discs do not decrease from the bottom up.
    #[error("peg {peg} lists disc {above} above the smaller disc {below}")]
    Order {
        /// The peg (1-based).
        peg: usize,
        /// The disc listed higher.
        above: usize,
        /// The disc below it.
        below: usize,
    },
    /// An illegal move.
    #[error("move {step} is illegal: {reason}")]
    IllegalMove {
        /// The move.
        step: Move,
        /// Why.
        reason: &'static str,
    },
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

/// A legal configuration: the peg of every disc.
///
/// The Hanoi crates share one convention: discs are numbered from 1, the smallest; pegs are
/// numbered from 1 ([`Peg::FIRST`], [`Peg::LAST`]); a peg's discs are listed from the bottom
/// up; `Display` and `FromStr` use the notation of a judge case, the number of discs on one
/// line, then one line per peg, `k d1 .. dk`, bottom up.
///
/// ```
/// use hanoi4::{Config, Disc, Peg};
///
/// let config = Config::from_pegs([&[3, 1], &[2], &[], &[]])?;
/// assert_eq!(config.top(Peg::FIRST), Disc::new(1));
/// assert_eq!(config.peg_of(Disc::new(2).unwrap()), Peg::from_number(2).unwrap());
/// assert_eq!(config.stacks(), [vec![3, 1], vec![2], vec![], vec![]]);
/// assert_eq!(config.to_string(), "3\n2 3 1\n1 2\n0\n0");
/// assert_eq!(config.to_string().parse::<Config>()?, config);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// `pegs[d]` is the peg of disc `d + 1`.
    pegs: Vec<Peg>,
}

impl Config {
    /// The most discs a configuration holds (the pattern-database engine's limit); each engine
    /// has its own, smaller or equal: the dense table of the design
    /// [`Solver::MAX_DISCS`](crate::Solver::MAX_DISCS), the two-bit goal table
    /// [`GoalTable::MAX_DISCS`](crate::GoalTable::MAX_DISCS).
    ///
    /// ```
    /// use hanoi4::{Config, GoalTable, Solver};
    ///
    /// assert!(Solver::MAX_DISCS <= GoalTable::MAX_DISCS);
    /// assert!(GoalTable::MAX_DISCS <= Config::MAX_DISCS);
    /// ```
    pub const MAX_DISCS: usize = 20;

    /// A configuration from each peg's discs listed bottom up (numbers `1..=n`, `n` the number
    /// of discs given), checking that every disc appears exactly once and every peg decreases
    /// upwards.
    ///
    /// # Errors
    /// [`ConfigError`] for a disc count outside `1..=`[`Config::MAX_DISCS`], a disc outside
    /// `1..=n`, a disc listed twice or missing, or a peg that does not decrease upwards.
    pub fn from_pegs(pegs: [&[usize]; 4]) -> Result<Self, ConfigError> {
        let n = pegs.iter().map(|p| p.len()).sum();
        if n == 0 || n > Self::MAX_DISCS {
            return Err(ConfigError::DiscCount { got: n });
        }
        let at = judge::stacks::disc_pegs(&pegs).map_err(ConfigError::from)?;
        let pegs = at.into_iter().map(|p| Peg(p as u8)).collect();
        Ok(Self { pegs })
    }

    /// A configuration from the peg of each disc, disc 1 (the smallest) first.
    ///
    /// # Errors
    /// [`ConfigError::DiscCount`] for no disc or more than [`Config::MAX_DISCS`].
    pub fn from_disc_pegs(pegs: Vec<Peg>) -> Result<Self, ConfigError> {
        if pegs.is_empty() || pegs.len() > Self::MAX_DISCS {
            return Err(ConfigError::DiscCount { got: pegs.len() });
        }
        Ok(Self { pegs })
    }

    /// The peg of every disc, disc 1 first.
    pub fn disc_pegs(&self) -> &[Peg] {
        &self.pegs
    }

    /// All `n` discs on `peg`.
    ///
    /// # Errors
    /// [`ConfigError::DiscCount`] for `n` outside `1..=`[`Config::MAX_DISCS`].
    pub fn tower(n: usize, peg: Peg) -> Result<Self, ConfigError> {
        if n == 0 || n > Self::MAX_DISCS {
            return Err(ConfigError::DiscCount { got: n });
        }
        Ok(Self { pegs: vec![peg; n] })
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.pegs.len()
    }

    /// The peg of `disc`.
    ///
    /// # Panics
    /// When `disc` is larger than this configuration's number of discs.
    pub fn peg_of(&self, disc: Disc) -> Peg {
        self.pegs[usize::from(disc.0) - 1]
    }

    /// Packs the configuration: disc `d` (1-based) in bits `2(d-1)..2d`.
    pub fn pack(&self) -> u64 {
        self.pegs
            .iter()
            .enumerate()
            .map(|(d, p)| u64::from(p.0) << (2 * d))
            .sum()
    }

    /// The configuration of `n` discs packed in `packed`.
    ///
    /// # Panics
    /// When `n` is 0 or more than [`Config::MAX_DISCS`].
    pub fn unpack(packed: u64, n: usize) -> Self {
        assert!(
            (1..=Self::MAX_DISCS).contains(&n),
            "a configuration holds 1 to {} discs, not {n}",
            Self::MAX_DISCS
        );
        Self {
            pegs: (0..n).map(|d| Peg((packed >> (2 * d) & 3) as u8)).collect(),
        }
    }

    /// Each peg's discs from the bottom up (numbers `1..=n`, the largest first), pegs 1 to 4:
    /// what [`Config::from_pegs`] takes, as slices.
    ///
    /// ```
    /// use hanoi4::Config;
    ///
    /// let config = Config::from_pegs([&[3], &[], &[2, 1], &[]])?;
    /// let stacks = config.stacks();
    /// assert_eq!(stacks, [vec![3], vec![], vec![2, 1], vec![]]);
    /// assert_eq!(Config::from_pegs(stacks.each_ref().map(Vec::as_slice))?, config);
    /// # Ok::<(), hanoi4::ConfigError>(())
    /// ```
    pub fn stacks(&self) -> [Vec<usize>; 4] {
        let mut stacks: [Vec<usize>; 4] = Default::default();
        for (d, peg) in self.pegs.iter().enumerate().rev() {
            stacks[usize::from(peg.0)].push(d + 1);
        }
        stacks
    }

    /// The peg holding every disc, if one does.
    pub fn tower_peg(&self) -> Option<Peg> {
        let first = self.pegs[0];
        self.pegs.iter().all(|&p| p == first).then_some(first)
    }

    /// The smallest disc on `peg`, if any.
    pub fn top(&self, peg: Peg) -> Option<Disc> {
        self.pegs
            .iter()
            .position(|&p| p == peg)
            .map(|d| Disc(d as u8 + 1))
    }

    /// Applies a legal move, or explains why it is illegal.
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
        self.pegs[usize::from(disc.0) - 1] = step.to;
        Ok(())
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

    /// Reads what `Display` writes (a final newline allowed): one case of the judge's input.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let pegs = judge::stacks::read(text, 4, Self::MAX_DISCS)?;
        Ok(
            Self::from_pegs([&pegs[0], &pegs[1], &pegs[2], &pegs[3]])
                .expect("checked line by line"),
        )
    }
}
