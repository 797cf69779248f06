//! The BFS over packed marble positions, on `statespace`, and the judge outputs.

use std::fmt;

use statespace::{DenseArena, Search, Space, SparseArena};

use crate::board::{Board, Outcome, Tilt};
use crate::parse::Instance;

/// How many tilts the search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// At most this many (the judges' 10 by default).
    AtMost(u32),
    /// No limit (BOJ 15653).
    None,
}

impl Default for Limit {
    fn default() -> Self {
        Limit::AtMost(10)
    }
}

/// A tilt limit that is neither a number of tilts nor `none`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a number of tilts from 0 to {max} or none, found {0:?}", max = u32::MAX)]
pub struct LimitError(pub String);

impl std::str::FromStr for Limit {
    type Err = LimitError;

    /// `none`, or a number of tilts in decimal digits.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "none" {
            return Ok(Limit::None);
        }
        match text.parse() {
            Ok(k) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(Limit::AtMost(k)),
            _ => Err(LimitError(text.to_owned())),
        }
    }
}

/// Which judge's output to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputKind {
    /// The fewest tilts or `-1` (BOJ 13460, 15653).
    #[default]
    Count,
    /// `1` if red can escape within the limit, else `0` (BOJ 13459).
    Possible,
    /// The fewest tilts and one optimal tilt sequence, or `-1` alone (BOJ 15644).
    Path,
}

/// How [`solve`] answers: the tilt limit of the search and the judge output of its
/// [`Solution`], as the binary's `--max-tilts` and `--output` set them. The default is BOJ
/// 13460's: at most 10 tilts, the count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The most tilts allowed.
    pub max_tilts: Limit,
    /// Which judge's output `Display` writes.
    pub output: OutputKind,
}

/// Why [`solve`] fails: it never does, a board that red cannot leave being an answer (`-1`).
/// An enum with no variants, so that a caller can match it away (`let Ok(solution) = ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {}

/// The answer for one board: an optimal tilt sequence, or `None` when red cannot escape within
/// the limit, and the judge output that `Display` writes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The tilts, in order; red escapes on the last and not before.
    pub tilts: Option<Vec<Tilt>>,
    /// Which judge's output `Display` writes ([`Options::output`]).
    pub output: OutputKind,
}

impl fmt::Display for Solution {
    /// The judge output of [`Solution::output`] (no newline after the last line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.tilts, self.output) {
            (Some(tilts), OutputKind::Count) => write!(f, "{}", tilts.len()),
            (None, OutputKind::Count | OutputKind::Path) => write!(f, "-1"),
            (Some(_), OutputKind::Possible) => write!(f, "1"),
            (None, OutputKind::Possible) => write!(f, "0"),
            (Some(tilts), OutputKind::Path) => {
                let letters: String = tilts.iter().map(|t| t.letter()).collect();
                write!(f, "{}\n{letters}", tilts.len())
            }
        }
    }
}

/// The board as a `statespace` space: state `red * cells + blue`, and `cells^2` for escaped.
struct Positions<'a> {
    board: &'a Board,
    escaped: u64,
}

impl Positions<'_> {
    fn pack(&self, red: u32, blue: u32) -> u64 {
        u64::from(red) * self.board.cells() as u64 + u64::from(blue)
    }

    fn next(&self, state: u64, tilt: Tilt) -> Option<u64> {
        let cells = self.board.cells() as u64;
        let (red, blue) = ((state / cells) as u32, (state % cells) as u32);
        match self.board.tilt(red, blue, tilt) {
            Outcome::Rolled(red, blue) => Some(self.pack(red, blue)),
            Outcome::Escaped => Some(self.escaped),
            Outcome::Lost => None,
        }
    }
}

impl Space for Positions<'_> {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        if state == self.escaped {
            return;
        }
        for tilt in Tilt::ALL {
            if let Some(next) = self.next(state, tilt) {
                visit(next);
            }
        }
    }
}

/// Boards with at most this many possible states use a dense arena.
const DENSE_LIMIT: usize = 1 << 22;

/// A reusable solver: keeps its arenas between boards.
#[derive(Default)]
pub struct Solver {
    dense: Option<DenseArena>,
    sparse: SparseArena,
}

impl Solver {
    /// A solver with no arena allocated yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The fewest tilts for `board` within [`Options::max_tilts`], with one optimal sequence,
    /// written as [`Options::output`] says.
    ///
    /// # Complexity
    /// O(states reached × 4), each tilt O(1).
    pub fn solve(&mut self, board: &Board, options: Options) -> Solution {
        let cells = board.cells();
        let space = Positions {
            board,
            escaped: (cells * cells) as u64,
        };
        let start = space.pack(board.red(), board.blue());
        let depth = match options.max_tilts {
            Limit::AtMost(k) => k,
            Limit::None => u32::MAX,
        };
        let search = Search::over(&space).limit(depth);
        let goal = [space.escaped];
        let states = if cells * cells < DENSE_LIMIT {
            let needed = (cells * cells + 1) as u64;
            let dense = self.dense.get_or_insert_with(|| DenseArena::new(needed));
            if dense.capacity() < needed {
                *dense = DenseArena::new(needed);
            }
            search.arena(dense).bfs(start, &goal)
        } else {
            search.arena(&mut self.sparse).bfs(start, &goal)
        };
        let tilts = states.map(|path| {
            path.windows(2)
                .map(|step| {
                    Tilt::ALL
                        .into_iter()
                        .find(|&t| space.next(step[0], t) == Some(step[1]))
                        .expect("consecutive states are one tilt apart")
                })
                .collect()
        });
        Solution {
            tilts,
            output: options.output,
        }
    }

    /// How many states the last search reached (for benchmarks and reports).
    pub fn states_reached(&self, board: &Board) -> usize {
        let cells = board.cells();
        match &self.dense {
            Some(dense) if cells * cells < DENSE_LIMIT => dense.len(),
            _ => self.sparse.len(),
        }
    }
}

/// Solves one board with a fresh [`Solver`] (see [`Solver::solve`] for the cost).
///
/// ```
/// use marbles::{Limit, Options, OutputKind, Tilt};
///
/// let board = marbles::parse("5 5\n#####\n#..B#\n#.#.#\n#RO.#\n#####\n")?;
/// let options = Options { max_tilts: Limit::None, output: OutputKind::Path };
/// let Ok(solution) = marbles::solve(&board, options);
/// assert_eq!(solution.tilts, Some(vec![Tilt::Right]));
/// assert_eq!(solution.to_string(), "1\nR");
/// # Ok::<(), marbles::ParseError>(())
/// ```
///
/// # Errors
/// None: [`SolveError`] has no value.
pub fn solve(board: &Instance, options: Options) -> Result<Solution, SolveError> {
    Ok(Solver::new().solve(board, options))
}
