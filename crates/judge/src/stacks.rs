//! The Hanoi crates' notation of discs on pegs, shared so that `hanoi`, `hanoi4` and
//! `hanoi-relaxed` write and check it the same way: each peg's discs listed from the bottom up;
//! in text, the number of discs on one line, then one line `k d1 .. dk` per peg.

use std::fmt;

/// Why stacks of distinct discs numbered `1..=n` are not a configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackError {
    /// A disc listed twice.
    Duplicate(usize),
    /// A disc listed nowhere.
    Missing(usize),
    /// A disc number outside `1..=n`, `n` the number of discs given.
    Range {
        /// The number.
        disc: usize,
        /// The number of discs.
        n: usize,
    },
    /// A peg (from 1) whose discs do not decrease from the bottom up: `above` stands on the
    /// smaller `below`.
    Order {
        /// The peg, from 1.
        peg: usize,
        /// The disc listed higher.
        above: usize,
        /// The disc below it.
        below: usize,
    },
}

/// The peg index (from 0) of each disc `1..=n`, disc 1 first, of stacks of distinct discs
/// listed bottom up, `n` the number of discs given; each peg must decrease upwards.
///
/// ```
/// assert_eq!(judge::stacks::disc_pegs(&[&[3, 1], &[2], &[]]), Ok(vec![0, 1, 0]));
/// assert_eq!(
///     judge::stacks::disc_pegs(&[&[1, 3], &[2]]),
///     Err(judge::stacks::StackError::Order { peg: 1, above: 3, below: 1 })
/// );
/// ```
///
/// # Errors
/// [`StackError`] for a disc outside `1..=n`, listed twice or missing, or a peg that does not
/// decrease upwards.
pub fn disc_pegs(stacks: &[&[usize]]) -> Result<Vec<usize>, StackError> {
    let n: usize = stacks.iter().map(|s| s.len()).sum();
    let mut at = vec![None; n];
    for (peg, discs) in stacks.iter().enumerate() {
        for (k, &disc) in discs.iter().enumerate() {
            let slot = disc
                .checked_sub(1)
                .and_then(|d| at.get_mut(d))
                .ok_or(StackError::Range { disc, n })?;
            if slot.is_some() {
                return Err(StackError::Duplicate(disc));
            }
            if k > 0 && discs[k - 1] < disc {
                return Err(StackError::Order {
                    peg: peg + 1,
                    above: disc,
                    below: discs[k - 1],
                });
            }
            *slot = Some(peg);
        }
    }
    at.iter()
        .enumerate()
        .map(|(d, p)| p.ok_or(StackError::Missing(d + 1)))
        .collect()
}

/// Reads a text in the notation (as [`write()`] writes it, a final newline allowed) with
/// `pegs` pegs and at most `max_discs` discs, checked as [`crate::Lines::peg_case`] checks a
/// judge case.
///
/// ```
/// assert_eq!(judge::stacks::read("3\n2 3 1\n1 2\n0\n", 3, 20)?, [vec![3, 1], vec![2], vec![]]);
/// assert!(judge::stacks::read("3\n2 3 1\n1 2\n0\nmore\n", 3, 20).is_err());
/// # Ok::<(), judge::ParseError>(())
/// ```
///
/// # Errors
/// A [`crate::ParseError`] naming the first line that does not fit, or text after the last peg.
pub fn read(
    text: &str,
    pegs: usize,
    max_discs: usize,
) -> Result<Vec<Vec<usize>>, crate::ParseError> {
    let mut lines = crate::Lines::new(text);
    let stacks = lines.peg_case(pegs, max_discs)?;
    lines.end()?;
    Ok(stacks)
}

/// Writes stacks in the notation: the number of discs, then per peg `k d1 .. dk`, lines
/// separated by a newline, none at the end.
///
/// ```
/// struct Shown(Vec<Vec<usize>>);
/// impl std::fmt::Display for Shown {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         judge::stacks::write(f, &self.0)
///     }
/// }
/// assert_eq!(Shown(vec![vec![3, 1], vec![2], vec![]]).to_string(), "3\n2 3 1\n1 2\n0");
/// ```
///
/// # Errors
/// The formatter's.
pub fn write<T: fmt::Display>(f: &mut fmt::Formatter<'_>, stacks: &[Vec<T>]) -> fmt::Result {
    write!(f, "{}", stacks.iter().map(Vec::len).sum::<usize>())?;
    for stack in stacks {
        write!(f, "\n{}", stack.len())?;
        for disc in stack {
            write!(f, " {disc}")?;
        }
    }
    Ok(())
}
