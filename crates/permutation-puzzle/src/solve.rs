//! God's algorithm and optimal solutions: the two-bit search over a puzzle's ranks, paths read
//! back as move names, and the judge output.

use std::fmt;

use statespace::{
    CompactArena, Levels, Search, SearchError, SparseArena, TableAllocError, TwoBitSearch,
    TwoBitTable,
};

use crate::definition::{Metric, Puzzle};
use crate::rank::{Rank, RankError};
use crate::scramble::Scramble;
use crate::space::PuzzleSpace;

/// Why a search could not answer.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The puzzle has no dense rank.
    #[error(transparent)]
    Rank(#[from] RankError),
    /// The two-bit table could not be allocated.
    #[error("the table of {states} positions needs {bytes} bytes, which cannot be allocated")]
    Alloc {
        /// Its positions.
        states: u64,
        /// Its bytes.
        bytes: u64,
    },
    /// A path could not be read back (the moves are not reversible).
    #[error("a path could not be read back: {0}")]
    Path(String),
}

impl From<TableAllocError> for SolveError {
    fn from(error: TableAllocError) -> Self {
        SolveError::Alloc {
            states: error.bytes * 4,
            bytes: error.bytes,
        }
    }
}

impl From<SearchError> for SolveError {
    fn from(error: SearchError) -> Self {
        SolveError::Path(error.to_string())
    }
}

/// The whole space searched from Solved: every reachable position's distance mod 3.
pub struct God {
    /// The levels: `sizes()[d]` positions at distance `d`.
    pub levels: Levels,
    /// The distances mod 3, by rank.
    pub table: TwoBitTable,
}

/// The number of positions at each distance from Solved (the judge output of a definition
/// without scrambles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// `sizes[d]` positions at distance `d`.
    pub sizes: Vec<u64>,
}

impl Distribution {
    /// The number of reachable positions.
    pub fn total(&self) -> u64 {
        self.sizes.iter().sum()
    }

    /// God's number: the largest distance.
    pub fn gods_number(&self) -> usize {
        self.sizes.len().saturating_sub(1)
    }
}

impl fmt::Display for Distribution {
    /// `D COUNT` per distance, then `total N`, each on its line (no newline after the last).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (d, size) in self.sizes.iter().enumerate() {
            writeln!(f, "{d} {size}")?;
        }
        write!(f, "total {}", self.total())
    }
}

/// Searches the whole space of `rank` from Solved on `threads` threads, calling
/// `progress(level, size)` after each level.
///
/// # Errors
/// [`SolveError::Alloc`] when the table cannot be allocated.
pub fn god_with(
    rank: &Rank,
    threads: usize,
    progress: impl FnMut(u32, u64),
) -> Result<God, SolveError> {
    let space = PuzzleSpace::new(rank);
    let search = TwoBitSearch::new(&space, rank.len())
        .sources([rank.solved()])
        .threads(threads)
        .progress(progress);
    let (table, levels) = search.try_run()?;
    check_levels(&levels)?;
    Ok(God { levels, table })
}

/// The distance distribution of `puzzle` under `metric`, on `threads` threads.
///
/// # Errors
/// As [`god_with`], and [`SolveError::Rank`] when the puzzle has no dense rank.
pub fn distribution(
    puzzle: &Puzzle,
    metric: Metric,
    threads: usize,
) -> Result<Distribution, SolveError> {
    let rank = Rank::new(puzzle, metric)?;
    let god = god_with(&rank, threads, |_, _| {})?;
    Ok(Distribution {
        sizes: god.levels.sizes().to_vec(),
    })
}

/// A result checks itself: every level but the last is non-empty.
fn check_levels(levels: &Levels) -> Result<(), SolveError> {
    if levels.sizes().contains(&0) {
        return Err(SolveError::Path(
            "a level of the search is empty".to_string(),
        ));
    }
    Ok(())
}

/// The search moves (indices) that take `path[i]` to `path[i + 1]`.
fn moves_along(space: &PuzzleSpace<'_>, path: &[u64]) -> Result<Vec<usize>, SolveError> {
    path.windows(2)
        .map(|w| {
            space.move_between(w[0], w[1]).ok_or_else(|| {
                SolveError::Path(format!("no move from rank {} to rank {}", w[0], w[1]))
            })
        })
        .collect()
}

/// An optimal sequence of search moves from `state` to Solved, read from a table of `rank`;
/// `None` when `state` is not reached.
///
/// # Errors
/// [`SolveError::Path`] when a step cannot be read back.
pub fn solution_from_table(
    rank: &Rank,
    table: &TwoBitTable,
    state: u64,
) -> Result<Option<Vec<usize>>, SolveError> {
    let space = PuzzleSpace::new(rank);
    let Some(path) = table.walk_to_source(&space, state, &[rank.solved()])? else {
        return Ok(None);
    };
    moves_along(&space, &path).map(Some)
}

/// An optimal sequence of search moves from Solved to `state` (the inverse direction of
/// [`solution_from_table`]), `None` when `state` is not reached.
///
/// # Errors
/// [`SolveError::Path`] when a step cannot be read back.
pub fn sequence_to(
    rank: &Rank,
    table: &TwoBitTable,
    state: u64,
) -> Result<Option<Vec<usize>>, SolveError> {
    let space = PuzzleSpace::new(rank);
    let Some(mut path) = table.walk_to_source(&space, state, &[rank.solved()])? else {
        return Ok(None);
    };
    path.reverse();
    moves_along(&space, &path).map(Some)
}

/// An optimal sequence of search moves from `state` to Solved by bidirectional search.
///
/// # Errors
/// [`SolveError::Path`] when the moves turn out not reversible.
pub fn solution_by_search(rank: &Rank, state: u64) -> Result<Option<Vec<usize>>, SolveError> {
    let space = PuzzleSpace::new(rank);
    let goal = [rank.solved()];
    let path = if rank.len() < 1 << 40 {
        Search::over(&space)
            .arena(CompactArena::new())
            .bidirectional(state, &goal)?
    } else {
        Search::over(&space)
            .arena(SparseArena::new())
            .bidirectional(state, &goal)?
    };
    match path {
        Some(path) => moves_along(&space, &path).map(Some),
        None => Ok(None),
    }
}

/// The first `count` positions at the largest distance (in rank order), each with an optimal
/// sequence from Solved.
///
/// # Errors
/// [`SolveError::Path`] when a path cannot be read back.
pub fn antipodes(rank: &Rank, god: &God, count: usize) -> Result<Vec<Vec<usize>>, SolveError> {
    let space = PuzzleSpace::new(rank);
    let solved = [rank.solved()];
    let max = god.levels.max_distance() as usize;
    let code = (max % 3) as u8;
    let further = ((max + 1) % 3) as u8;
    let mut found = Vec::new();
    let mut state = 0;
    while found.len() < count && state < rank.len() {
        if god.table.code(state) == Some(code) {
            let mut deeper = false;
            statespace::Space::for_each_successor(&space, state, |s| {
                deeper |= god.table.code(s) == Some(further);
            });
            // A state with no successor deeper may still lie a multiple of three short of the
            // largest distance (a dead end): its path down tells, and only an antipode's is
            // read back into moves.
            if !deeper
                && let Some(mut path) = god.table.walk_to_source(&space, state, &solved)?
                && path.len() == max + 1
            {
                path.reverse();
                found.push(moves_along(&space, &path)?);
            }
        }
        state += 1;
    }
    Ok(found)
}

/// The answer to one scramble: its name and an optimal sequence, or `None` when Solved cannot
/// be reached from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The scramble's name.
    pub name: String,
    /// The moves' names.
    pub moves: Option<Vec<String>>,
}

impl fmt::Display for Answer {
    /// `NAME D MOVE...`, or `NAME -1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.moves {
            None => write!(f, "{} -1", self.name),
            Some(moves) => {
                write!(f, "{} {}", self.name, moves.len())?;
                moves.iter().try_for_each(|m| write!(f, " {m}"))
            }
        }
    }
}

/// The judge output: the distribution, or one answer per scramble.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// No scrambles: the distance distribution.
    Distribution(Distribution),
    /// One line per scramble.
    Answers(Vec<Answer>),
}

impl fmt::Display for Judged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judged::Distribution(d) => write!(f, "{d}"),
            Judged::Answers(answers) => {
                for (i, a) in answers.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{a}")?;
                }
                Ok(())
            }
        }
    }
}

/// The table's length up to which scrambles are answered from a whole-space search rather
/// than one bidirectional search each.
pub const TABLE_SOLVE_STATES: u64 = 1 << 27;

/// Answers a judge input: the distribution when there are no scrambles, else an optimal
/// solution per scramble (from one whole-space search when the table is small, else by a
/// bidirectional search each).
///
/// # Errors
/// [`SolveError`] when the puzzle has no rank or a table cannot be allocated.
pub fn judge(
    puzzle: &Puzzle,
    scrambles: &[Scramble],
    metric: Metric,
    threads: usize,
) -> Result<Judged, SolveError> {
    let rank = Rank::new(puzzle, metric)?;
    if scrambles.is_empty() {
        let god = god_with(&rank, threads, |_, _| {})?;
        return Ok(Judged::Distribution(Distribution {
            sizes: god.levels.sizes().to_vec(),
        }));
    }
    let god = if rank.len() <= TABLE_SOLVE_STATES {
        Some(god_with(&rank, threads, |_, _| {})?)
    } else {
        None
    };
    let mut answers = Vec::new();
    for scramble in scrambles {
        let moves = match rank.rank(&scramble.position) {
            None => None,
            Some(state) => match &god {
                Some(god) => solution_from_table(&rank, &god.table, state)?,
                None => solution_by_search(&rank, state)?,
            },
        };
        answers.push(Answer {
            name: scramble.name.clone(),
            moves: moves.map(|ms| ms.iter().map(|&m| rank.move_names[m].clone()).collect()),
        });
    }
    Ok(Judged::Answers(answers))
}
