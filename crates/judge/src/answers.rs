//! [`Answers`]: the answers to a judge input's cases, each a move sequence or none, and their
//! judge output, shared by the puzzles whose judges ask for counts (and, with `--moves`, the
//! moves behind them).

use std::fmt;

/// How a case's moves are written after its count in the `--moves` output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesLayout {
    /// One move a line.
    LinePerMove,
    /// All the moves on one line, separated by a space.
    OneLine,
}

/// A move as a judge writes it, and how a case's moves are laid out.
pub trait JudgeMove: fmt::Display {
    /// The layout of a case's moves; one a line unless the puzzle says otherwise.
    const LAYOUT: MovesLayout = MovesLayout::LinePerMove;
}

/// What a case's answer gives the judge output: its moves, or `None` when the case has no
/// solution (written `-1`). A puzzle whose every case has a solution answers with a `Vec` of
/// moves, one whose cases may have none with an `Option` of it.
pub trait Answer {
    /// The moves.
    type Move: JudgeMove;

    /// The moves, or `None` for "no solution".
    fn moves(&self) -> Option<&[Self::Move]>;
}

impl<M: JudgeMove> Answer for Vec<M> {
    type Move = M;

    fn moves(&self) -> Option<&[M]> {
        Some(self)
    }
}

impl<M: JudgeMove> Answer for Option<Vec<M>> {
    type Move = M;

    fn moves(&self) -> Option<&[M]> {
        self.as_deref()
    }
}

/// The answers to a judge input, one [`Answer`] per case: `Vec<M>` when every case has a
/// solution, `Option<Vec<M>>` when a case may have none (written `-1`), and whether the output
/// lists the moves. Its `Display` is the judge output: the counts alone, or each count followed
/// by its moves (`--moves`).
///
/// ```
/// use std::fmt;
/// use judge::{Answers, JudgeMove};
///
/// struct Step(u8);
/// impl fmt::Display for Step {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "step {}", self.0)
///     }
/// }
/// impl JudgeMove for Step {}
///
/// let counts = Answers::new(vec![Some(vec![Step(1), Step(2)]), None], false);
/// assert_eq!(counts.to_string(), "2\n-1");
/// let with_moves = Answers::new(counts.moves, true);
/// assert_eq!(with_moves.to_string(), "2\nstep 1\nstep 2\n-1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers<A> {
    /// One entry per case, in the input's order.
    pub moves: Vec<A>,
    /// Whether `Display` writes each case's moves after its count (the `--moves` output), laid
    /// out as [`JudgeMove::LAYOUT`] says; the counts alone when `false`.
    pub with_moves: bool,
}

impl<A> Answers<A> {
    /// The answers `moves`, in the input's order, written with their moves when `with_moves`.
    pub fn new(moves: Vec<A>, with_moves: bool) -> Self {
        Self { moves, with_moves }
    }
}

impl<A: Answer> fmt::Display for Answers<A> {
    /// The judge output: per case its count (or `-1`) on a line, followed with
    /// [`with_moves`](Answers::with_moves) by its moves; no newline after the last line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = LineWriter::new(f);
        for answer in &self.moves {
            let Some(moves) = answer.moves() else {
                out.line(format_args!("-1"))?;
                continue;
            };
            out.line(format_args!("{}", moves.len()))?;
            if !self.with_moves {
                continue;
            }
            match A::Move::LAYOUT {
                MovesLayout::LinePerMove => moves
                    .iter()
                    .try_for_each(|m| out.line(format_args!("{m}")))?,
                MovesLayout::OneLine => {
                    let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    out.line(format_args!("{}", line.join(" ")))?;
                }
            }
        }
        Ok(())
    }
}

/// Writes lines to a formatter with a newline *between* them, none after the last: how every
/// judge output's `Display` ends, so that `println!("{solution}")` prints no blank line (the
/// binaries add the final newline).
///
/// ```
/// use std::fmt;
///
/// struct Counts(Vec<usize>);
///
/// impl fmt::Display for Counts {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let mut out = judge::LineWriter::new(f);
///         self.0.iter().try_for_each(|n| out.line(format_args!("{n}")))
///     }
/// }
///
/// assert_eq!(Counts(vec![3, 1]).to_string(), "3\n1");
/// ```
pub struct LineWriter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    first: bool,
}

impl<'a, 'b> LineWriter<'a, 'b> {
    /// Lines to `f`.
    pub fn new(f: &'a mut fmt::Formatter<'b>) -> Self {
        Self { f, first: true }
    }

    /// Writes one line.
    ///
    /// # Errors
    /// The formatter's.
    pub fn line(&mut self, text: fmt::Arguments<'_>) -> fmt::Result {
        if !std::mem::take(&mut self.first) {
            self.f.write_str("\n")?;
        }
        self.f.write_fmt(text)
    }
}
