//! Pegs, discs, moves and configurations of three-peg Hanoi: the workspace's one Hanoi model
//! ([`hanoi_model`]) for three pegs.

pub use hanoi_model::Disc;

/// One of the three pegs, numbered from 1 ([`Peg::FIRST`], [`Peg::MIDDLE`], [`Peg::LAST`]).
pub type Peg = hanoi_model::Peg<3>;

/// Moving the top disc of `from` onto `to`.
pub type Move = hanoi_model::Move<3>;

/// A configuration that cannot exist, or a move that cannot be made.
pub type ConfigError = hanoi_model::ConfigError<3>;

/// Where every disc is, up to [`Config::MAX_DISCS`] discs (move
/// counts are `u128`). Any assignment of pegs is a
/// legal three-peg configuration: on each peg the discs stack by size.
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
/// assert_eq!(Config::MAX_DISCS, 127);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Config = hanoi_model::Config<3, 127>;
