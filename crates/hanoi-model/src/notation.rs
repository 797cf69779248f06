//! The judge notation of a configuration, shared by the Hanoi crates: the number of discs on
//! one line, then one line `k d1 .. dk` per peg, its discs from the bottom up.

use std::fmt;

use judge::{Found, Lines, ParseError};

/// Reads one case in the notation from `lines`: the number of discs (`1..=max_discs`), then
/// `pegs` lines each listing a peg's discs from the bottom up, every disc `1..=n` exactly once
/// and each peg decreasing upwards. Returns each peg's discs, bottom up.
///
/// ```
/// let mut lines = judge::Lines::new("3\n2 3 1\n1 2\n0\n");
/// assert_eq!(hanoi_model::notation::read_case(&mut lines, 3, 20)?, [vec![3, 1], vec![2], vec![]]);
/// let mut lines = judge::Lines::new("2\n2 1 2\n0\n0\n");
/// assert_eq!(
///     hanoi_model::notation::read_case(&mut lines, 3, 20).unwrap_err().to_string(),
///     "line 2: expected the discs of a peg from the largest up, found disc 2 above disc 1"
/// );
/// # Ok::<(), judge::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the first line that does not fit: a missing line, a token that is
/// not a number in range, a disc listed twice, above a smaller one, or missing.
pub fn read_case(
    lines: &mut Lines<'_>,
    pegs: usize,
    max_discs: usize,
) -> Result<Vec<Vec<usize>>, ParseError> {
    let mut line = lines.line("the number of discs")?;
    let n = line.number("the number of discs", 1..=max_discs)?;
    let mut last_line = line.line_number();
    line.end()?;
    let mut stacks: Vec<Vec<usize>> = vec![Vec::new(); pegs];
    let mut stacking = Stacking::new(n);
    let refused = |line: usize, error: StackError| {
        let (expected, found) = match error {
            StackError::Duplicate(disc) => (
                "each disc once".into(),
                format!("disc {disc} a second time"),
            ),
            StackError::Order { above, below, .. } => (
                "the discs of a peg from the largest up".into(),
                format!("disc {above} above disc {below}"),
            ),
            StackError::Missing(disc) => (
                format!("every disc from 1 to {n} on a peg"),
                format!("no disc {disc}"),
            ),
            StackError::Range { disc, n } => {
                (format!("a disc from 1 to {n}"), format!("disc {disc}"))
            }
        };
        ParseError::new(line, expected, Found::Other(found))
    };
    for (peg, discs) in stacks.iter_mut().enumerate() {
        let mut line = lines.line("a peg line `k d1 .. dk`")?;
        last_line = line.line_number();
        let what = format!("the number of discs on peg {}", peg + 1);
        let count = line.number(&what, 0..=n)?;
        for _ in 0..count {
            let disc = line.number("a disc", 1..=n)?;
            stacking
                .place(peg, disc)
                .map_err(|error| refused(last_line, error))?;
            discs.push(disc);
        }
        line.end()?;
    }
    stacking
        .finish()
        .map_err(|error| refused(last_line, error))?;
    Ok(stacks)
}

/// Why discs `1..=n` placed on pegs one by one are not a configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StackError {
    /// A disc number outside `1..=n`.
    Range { disc: usize, n: usize },
    /// A disc placed twice.
    Duplicate(usize),
    /// A disc placed on the peg (index from 0) whose top is the smaller `below`.
    Order {
        peg: usize,
        above: usize,
        below: usize,
    },
    /// A disc placed nowhere.
    Missing(usize),
}

/// The one check of the notation's rule: discs `1..=n` placed on pegs from the bottom up, each
/// once, each on a larger disc or an empty peg. Both [`read_case`] (naming the line) and
/// [`crate::Config::from_pegs`] place their discs through it.
pub(crate) struct Stacking {
    /// The peg index of each disc placed so far, disc 1 first.
    at: Vec<Option<usize>>,
    /// The top disc of each peg placed on so far.
    tops: Vec<usize>,
}

impl Stacking {
    /// No disc placed yet, of `n`.
    pub(crate) fn new(n: usize) -> Self {
        Self {
            at: vec![None; n],
            tops: Vec::new(),
        }
    }

    /// Places `disc` on top of peg `peg` (index from 0).
    pub(crate) fn place(&mut self, peg: usize, disc: usize) -> Result<(), StackError> {
        let n = self.at.len();
        let slot = disc
            .checked_sub(1)
            .and_then(|d| self.at.get_mut(d))
            .ok_or(StackError::Range { disc, n })?;
        if slot.is_some() {
            return Err(StackError::Duplicate(disc));
        }
        if self.tops.len() <= peg {
            self.tops.resize(peg + 1, usize::MAX);
        }
        let below = self.tops[peg];
        if below < disc {
            return Err(StackError::Order {
                peg,
                above: disc,
                below,
            });
        }
        *slot = Some(peg);
        self.tops[peg] = disc;
        Ok(())
    }

    /// The peg index of every disc, disc 1 first, once each has been placed.
    pub(crate) fn finish(self) -> Result<Vec<usize>, StackError> {
        self.at
            .iter()
            .enumerate()
            .map(|(d, p)| p.ok_or(StackError::Missing(d + 1)))
            .collect()
    }
}

/// Reads a text holding one case in the notation (as [`write()`] writes it, a final newline
/// allowed), checked as [`read_case`] checks it, and nothing after it.
///
/// ```
/// assert_eq!(hanoi_model::notation::read("3\n2 3 1\n1 2\n0\n", 3, 20)?, [vec![3, 1], vec![2], vec![]]);
/// assert!(hanoi_model::notation::read("3\n2 3 1\n1 2\n0\nmore\n", 3, 20).is_err());
/// # Ok::<(), judge::ParseError>(())
/// ```
///
/// # Errors
/// A [`ParseError`] naming the first line that does not fit, or text after the last peg.
pub fn read(text: &str, pegs: usize, max_discs: usize) -> Result<Vec<Vec<usize>>, ParseError> {
    let mut lines = Lines::new(text);
    let stacks = read_case(&mut lines, pegs, max_discs)?;
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
///         hanoi_model::notation::write(f, &self.0)
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
