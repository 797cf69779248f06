#![doc = include_str!("../README.md")]

mod model;
mod moves;
mod parse;

pub use model::{Config, ConfigError, Disc, Move, Peg};
pub use moves::{
    ConfigMoves, TowerMoves, distance_to_tower, kth_move, move_count, move_count_decimal,
    solve_config,
};
pub use parse::{Instance, MAX_JUDGE_DISCS, ParseError, parse};

use std::fmt;
use std::io::{self, Write};

/// The discs up to which the judge prints the move list.
pub const MAX_LISTED_DISCS: usize = 20;

/// The answer to a judge input: `2^N - 1`, exactly, then, for `N <=` [`MAX_LISTED_DISCS`], the
/// moves of the one optimal sequence from peg 1 to peg 3. `Display` writes the judge output
/// without its final newline; [`Solution::write_to`] writes it whole, fast (the binary's way:
/// 1,048,575 lines for 20 discs).
///
/// ```
/// use hanoi::Options;
///
/// let Ok(solution) = hanoi::solve(&hanoi::parse("2\n")?, Options::default());
/// assert_eq!(solution.to_string(), "3\n1 2\n1 3\n2 3");
/// let Ok(solution) = hanoi::solve(&hanoi::parse("100")?, Options::default());
/// assert_eq!(solution.to_string(), "1267650600228229401496703205375");
/// # Ok::<(), hanoi::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    instance: Instance,
}

impl Solution {
    /// The number of moves, in decimal.
    pub fn count(&self) -> String {
        move_count_decimal(self.instance.n_discs)
    }

    /// The moves, lazily, when the judge lists them (`N <=` [`MAX_LISTED_DISCS`]).
    pub fn moves(&self) -> Option<TowerMoves> {
        (self.instance.n_discs <= MAX_LISTED_DISCS)
            .then(|| TowerMoves::new(self.instance.n_discs, Peg::FIRST, Peg::LAST))
    }

    /// Writes the judge output, its final newline included (as [`write_solution`]).
    ///
    /// # Errors
    /// The first error of `out`.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        write_solution(&self.instance, out)
    }
}

impl fmt::Display for Solution {
    /// The judge output without its final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.count())?;
        for step in self.moves().into_iter().flatten() {
            write!(f, "\n{step}")?;
        }
        Ok(())
    }
}

/// How [`solve`] answers. The judge output has one form, so there is nothing to choose: the
/// type has no field and is there for the shape every puzzle crate shares,
/// `solve(&instance, Options::default())`. It is `#[non_exhaustive]`, so that a field to come
/// breaks no caller: `Options::default()` is how one is made outside the crate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {}

/// Why [`solve`] fails: it never does. An enum with no variants, so that a caller can match it
/// away (`let Ok(solution) = ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {}

impl fmt::Display for SolveError {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl std::error::Error for SolveError {}

/// Solves a judge input (nothing to search: the count and the moves have closed forms).
///
/// # Errors
/// None: [`SolveError`] has no value.
pub fn solve(instance: &Instance, _: Options) -> Result<Solution, SolveError> {
    Ok(Solution {
        instance: *instance,
    })
}

/// Writes the judge output for `instance`: the exact count, then the moves when `n <= 20`.
///
/// # Errors
/// The first error of `out`.
pub fn write_solution(instance: &Instance, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", move_count_decimal(instance.n_discs))?;
    if instance.n_discs <= MAX_LISTED_DISCS {
        write_tower_moves(instance.n_discs, Peg::FIRST, Peg::LAST, out)?;
    }
    Ok(())
}

/// Discs in the sub-tower whose move lines are prepared once and copied as blocks.
const BLOCK_DISCS: usize = 10;

/// Writes the judge lines `A B` of the transfer of `n_discs` from `from` to `to`.
///
/// The transfer of `n` discs is `2^(n-10)` transfers of the ten smallest discs, one between
/// each pair of moves of a larger disc; during such a move the small tower stands on the third
/// peg. The 4,092 bytes of each of the six ten-disc transfers are built once, so writing is
/// mostly block copies: no allocation and no formatting per line.
///
/// # Errors
/// The first error of `out`.
///
/// # Panics
/// When `n_discs > 63` (the output would not fit any sink anyway).
pub fn write_tower_moves(
    n_discs: usize,
    from: Peg,
    to: Peg,
    out: &mut impl Write,
) -> io::Result<()> {
    assert!(n_discs <= 63, "at most 63 discs can be listed");
    if n_discs <= BLOCK_DISCS || from == to {
        for step in TowerMoves::new(n_discs, from, to) {
            out.write_all(&step.judge_line())?;
        }
        return Ok(());
    }
    let mut blocks: [[Vec<u8>; 3]; 3] = Default::default();
    for a in Peg::ALL {
        for b in Peg::ALL.into_iter().filter(|&b| b != a) {
            blocks[a.index()][b.index()] = TowerMoves::new(BLOCK_DISCS, a, b)
                .flat_map(Move::judge_line)
                .collect();
        }
    }
    let stride = 1u128 << BLOCK_DISCS;
    let n_blocks = 1u64 << (n_discs - BLOCK_DISCS);
    let mut small_tower = from;
    for block in 1..=n_blocks {
        let (next, large) = if block == n_blocks {
            (to, None)
        } else {
            let large = kth_move(n_discs, from, to, u128::from(block) * stride).expect("in range");
            (large.from.third(large.to), Some(large))
        };
        out.write_all(&blocks[small_tower.index()][next.index()])?;
        if let Some(large) = large {
            out.write_all(&large.judge_line())?;
        }
        small_tower = next;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
