//! A configuration: the peg of every disc, each peg's discs stacked by size.

use std::fmt;

use crate::notation;
use crate::peg::{Disc, Move, Peg};

/// A configuration that cannot exist, or a move that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError<const P: usize> {
    /// More discs than the configuration type holds, or none.
    #[error("the number of discs must be between 1 and {max}, not {got}")]
    DiscCount {
        /// Discs given.
        got: usize,
        /// The most the configuration type holds, its `MAX_DISCS`.
        max: usize,
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
        /// The peg, from 1.
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
        step: Move<P>,
        /// Why.
        reason: &'static str,
    },
}

/// Where every disc is, on `P` pegs, for at most `MAX` discs. Any assignment of pegs is a
/// legal configuration: on each peg the discs stack by size, so their order is implied.
///
/// The Hanoi crates share one convention, this type's: discs are numbered from 1, the
/// smallest; pegs are numbered from 1 ([`Peg::FIRST`], [`Peg::LAST`]); a peg's discs are
/// listed from the bottom up; `Display` and `FromStr` use the notation of a judge case
/// ([`crate::notation`]).
///
/// ```
/// use hanoi_model::{Disc, Peg};
/// type Config = hanoi_model::Config<4, 20>;
///
/// let mut config = Config::from_pegs([&[3, 1], &[2], &[], &[]])?;
/// assert_eq!(config.top(Peg::FIRST), Disc::new(1));
/// assert_eq!(config.peg_of(Disc::new(2).unwrap()), Peg::from_number(2).unwrap());
/// assert_eq!(config.stacks(), [vec![3, 1], vec![2], vec![], vec![]]);
/// assert_eq!(config.to_string(), "3\n2 3 1\n1 2\n0\n0");
/// assert_eq!(config.to_string().parse::<Config>()?, config);
/// config.apply(hanoi_model::Move { from: Peg::FIRST, to: Peg::LAST })?;
/// assert_eq!(config.stacks(), [vec![3], vec![2], vec![], vec![1]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Config<const P: usize, const MAX: usize> {
    /// `pegs[d]` is the peg of disc `d + 1`.
    pegs: Vec<Peg<P>>,
}

impl<const P: usize, const MAX: usize> Config<P, MAX> {
    /// The most discs a configuration holds.
    pub const MAX_DISCS: usize = MAX;

    /// A configuration from each peg's discs listed bottom up (numbers `1..=n`, `n` the number
    /// of discs given), checking that every disc appears exactly once and every peg decreases
    /// upwards.
    ///
    /// # Errors
    /// [`ConfigError`] for a disc count outside `1..=`[`Config::MAX_DISCS`], a disc outside
    /// `1..=n`, a disc listed twice or missing, or a peg that does not decrease upwards.
    pub fn from_pegs(pegs: [&[usize]; P]) -> Result<Self, ConfigError<P>> {
        Self::check_count(pegs.iter().map(|p| p.len()).sum())?;
        let mut stacking = notation::Stacking::new(pegs.iter().map(|p| p.len()).sum());
        for (peg, discs) in pegs.iter().enumerate() {
            for &disc in *discs {
                stacking.place(peg, disc)?;
            }
        }
        let at = stacking.finish()?;
        Ok(Self {
            pegs: at.into_iter().map(|p| Peg(p as u8)).collect(),
        })
    }

    /// A configuration from the peg of each disc, disc 1 (the smallest) first.
    ///
    /// # Errors
    /// [`ConfigError::DiscCount`] for no disc or more than [`Config::MAX_DISCS`].
    pub fn from_disc_pegs(pegs: Vec<Peg<P>>) -> Result<Self, ConfigError<P>> {
        Self::check_count(pegs.len())?;
        Ok(Self { pegs })
    }

    /// All `n_discs` on `peg`.
    ///
    /// # Errors
    /// As [`Config::from_disc_pegs`].
    pub fn tower(n_discs: usize, peg: Peg<P>) -> Result<Self, ConfigError<P>> {
        Self::check_count(n_discs)?;
        Ok(Self {
            pegs: vec![peg; n_discs],
        })
    }

    /// `n` when it is a number of discs a configuration can hold.
    fn check_count(n: usize) -> Result<usize, ConfigError<P>> {
        if (1..=MAX).contains(&n) {
            Ok(n)
        } else {
            Err(ConfigError::DiscCount { got: n, max: MAX })
        }
    }

    /// The number of discs.
    pub fn n_discs(&self) -> usize {
        self.pegs.len()
    }

    /// The peg of every disc, disc 1 first.
    pub fn disc_pegs(&self) -> &[Peg<P>] {
        &self.pegs
    }

    /// The peg of `disc`.
    ///
    /// # Panics
    /// When `disc` is larger than this configuration's number of discs.
    pub fn peg_of(&self, disc: Disc) -> Peg<P> {
        self.pegs[disc.number() - 1]
    }

    /// Each peg's discs from the bottom up (numbers `1..=n`, the largest first), pegs 1 to `P`;
    /// [`Config::from_pegs`] takes them as slices.
    ///
    /// ```
    /// type Config = hanoi_model::Config<3, 20>;
    ///
    /// let config = Config::from_pegs([&[3], &[2, 1], &[]])?;
    /// let stacks = config.stacks();
    /// assert_eq!(stacks, [vec![3], vec![2, 1], vec![]]);
    /// assert_eq!(Config::from_pegs(stacks.each_ref().map(Vec::as_slice))?, config);
    /// # Ok::<(), hanoi_model::ConfigError<3>>(())
    /// ```
    pub fn stacks(&self) -> [Vec<usize>; P] {
        let mut stacks: [Vec<usize>; P] = std::array::from_fn(|_| Vec::new());
        for (d, peg) in self.pegs.iter().enumerate().rev() {
            stacks[peg.index()].push(d + 1);
        }
        stacks
    }

    /// The smallest disc on `peg`, if any.
    pub fn top(&self, peg: Peg<P>) -> Option<Disc> {
        self.pegs
            .iter()
            .position(|&p| p == peg)
            .map(|d| Disc(d as u8 + 1))
    }

    /// The peg holding every disc, if one does.
    pub fn tower_peg(&self) -> Option<Peg<P>> {
        let first = self.pegs[0];
        self.pegs.iter().all(|&p| p == first).then_some(first)
    }

    /// Applies a move after checking it is legal.
    ///
    /// # Errors
    /// [`ConfigError::IllegalMove`] when `step` stays on its peg, leaves an empty peg or puts
    /// a disc on a smaller one; the configuration is then unchanged.
    pub fn apply(&mut self, step: Move<P>) -> Result<(), ConfigError<P>> {
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

    /// Packs the configuration: the peg index of disc `d` (from 1) in bits `2(d-1)..2d`. For
    /// at most four pegs and 32 discs (a compile-time error otherwise).
    ///
    /// ```
    /// type Config = hanoi_model::Config<4, 20>;
    ///
    /// let config = Config::from_pegs([&[3], &[], &[2, 1], &[]])?;
    /// assert_eq!(config.pack(), 0b00_10_10);
    /// assert_eq!(Config::unpack(config.pack(), 3), config);
    /// # Ok::<(), hanoi_model::ConfigError<4>>(())
    /// ```
    pub fn pack(&self) -> u64 {
        const { assert!(P <= 4 && MAX <= 32, "two bits a disc in a u64") };
        self.pegs
            .iter()
            .enumerate()
            .map(|(d, p)| u64::from(p.0) << (2 * d))
            .sum()
    }

    /// The configuration of `n` discs packed in `packed` by [`Config::pack`].
    ///
    /// # Panics
    /// When `n` is 0 or more than [`Config::MAX_DISCS`].
    pub fn unpack(packed: u64, n: usize) -> Self {
        const { assert!(P <= 4 && MAX <= 32, "two bits a disc in a u64") };
        assert!(
            (1..=MAX).contains(&n),
            "a configuration holds 1 to {MAX} discs, not {n}"
        );
        Self {
            pegs: (0..n).map(|d| Peg((packed >> (2 * d) & 3) as u8)).collect(),
        }
    }
}

impl<const P: usize> From<notation::StackError> for ConfigError<P> {
    fn from(error: notation::StackError) -> Self {
        use notation::StackError;
        match error {
            StackError::Range { disc, n } => ConfigError::DiscRange { disc, n },
            StackError::Duplicate(disc) => ConfigError::Duplicate(disc),
            StackError::Order { peg, above, below } => ConfigError::Order {
                peg: peg + 1,
                above,
                below,
            },
            StackError::Missing(disc) => ConfigError::Missing(disc),
        }
    }
}

impl<const P: usize, const MAX: usize> fmt::Display for Config<P, MAX> {
    /// The judge case notation: `n`, then per peg `k d1 .. dk` bottom up (no newline at the end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write(f, &self.stacks())
    }
}

impl<const P: usize, const MAX: usize> std::str::FromStr for Config<P, MAX> {
    type Err = judge::ParseError;

    /// Reads what `Display` writes (a final newline allowed): one case of a judge's input.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let stacks = notation::read(text, P, MAX)?;
        let pegs: [&[usize]; P] = std::array::from_fn(|p| stacks[p].as_slice());
        Ok(Self::from_pegs(pegs).expect("checked line by line"))
    }
}
