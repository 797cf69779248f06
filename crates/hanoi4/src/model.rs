//! Pegs, discs, moves and configurations of four-peg Hanoi: the workspace's one Hanoi model
//! ([`hanoi_model`]) for four pegs, with its packed encoding ([`Config::pack`]).

pub use hanoi_model::Disc;

/// One of the four pegs, numbered from 1 ([`Peg::FIRST`] to [`Peg::LAST`], the judge's goal).
pub type Peg = hanoi_model::Peg<4>;

/// Moving the top disc of `from` onto `to`.
pub type Move = hanoi_model::Move<4>;

/// A configuration that cannot exist, or a move that cannot be made.
pub type ConfigError = hanoi_model::ConfigError<4>;

/// A legal configuration: the peg of every disc, up to [`Config::MAX_DISCS`] discs (the
/// pattern-database engine's limit). Each engine has its own limit, smaller or equal: the dense table of the
/// design [`Solver::MAX_DISCS`](crate::Solver::MAX_DISCS), the two-bit goal table
/// [`GoalTable::MAX_DISCS`](crate::GoalTable::MAX_DISCS).
///
/// ```
/// use hanoi4::{Config, Disc, GoalTable, Peg, Solver};
///
/// let config = Config::from_pegs([&[3, 1], &[2], &[], &[]])?;
/// assert_eq!(config.top(Peg::FIRST), Disc::new(1));
/// assert_eq!(config.peg_of(Disc::new(2).unwrap()), Peg::from_number(2).unwrap());
/// assert_eq!(config.to_string(), "3\n2 3 1\n1 2\n0\n0");
/// assert_eq!(config.to_string().parse::<Config>()?, config);
/// assert!(Solver::MAX_DISCS <= GoalTable::MAX_DISCS);
/// assert!(GoalTable::MAX_DISCS <= Config::MAX_DISCS);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Config = hanoi_model::Config<4, 20>;
