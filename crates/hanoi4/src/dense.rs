//! The solver on one table: bidirectional BFS per case, a shared ball around the goal met by a
//! forward BFS per case, or one full-space BFS per disc count.

use statespace::{DenseArena, Search, SparseArena};

use crate::engine::Engine;
use crate::error::SolveError;
use crate::model::{Config, Move, Peg};
use crate::solution::Solution;
use crate::solution::cases_by_disc_count;
use crate::space::HanoiSpace;
use crate::space::real_moves;

/// How a file's cases of one disc count are answered, by their number (see
/// [`Solver::solve_all`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// A bidirectional BFS per case.
    PerCase,
    /// One ball of this radius around the goal, then a forward BFS per case until it meets
    /// the ball.
    Ball(u32),
    /// One full BFS from the goal, then a descent per case.
    Full,
}

/// The strategy for `cases` cases of `n_discs` discs, from `cargo bench -p hanoi4` (a full BFS
/// against a bidirectional BFS a case) and whole runs of the farthest files (`cargo xtask bench
/// hanoi4`, 2 cores): a ball of five eighths of the largest distance (radius 60 of 97 at 13
/// discs) built on both cores, then the cases met on both cores, answers the five farthest
/// 13-disc cases sooner than a bidirectional BFS each or a full BFS. So one or two cases go
/// alone, a few hundred share a ball, more a full BFS.
pub(crate) fn strategy(n_discs: usize, cases: usize) -> Strategy {
    let full_from = match n_discs {
        0..=9 => 64,
        10..=11 => 96,
        12 => 128,
        _ => 200,
    };
    if cases >= full_from {
        Strategy::Full
    } else if cases >= 3 {
        // The largest distance to a tower equals the Frame-Stewart number up to 13 discs.
        Strategy::Ball(
            u32::try_from(5 * crate::frame_stewart::frame_stewart(n_discs) / 8).unwrap_or(u32::MAX),
        )
    } else {
        Strategy::PerCase
    }
}

/// Optimal solutions on one reusable table of `4^max_discs` entries.
pub struct Solver {
    arena: DenseArena,
    max_discs: usize,
}

impl Solver {
    /// The most discs: 13 fill the 26 bits of the design's 2^26-entry `i32` table.
    pub const MAX_DISCS: usize = Engine::Table.max_discs();

    /// A solver for up to `max_discs` discs: a table of `4^max_discs` `i32` (256 MiB for
    /// [`Solver::MAX_DISCS`]), allocated here and touched only where searched.
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] when `max_discs` is outside `1..=`[`Solver::MAX_DISCS`].
    pub fn new(max_discs: usize) -> Result<Self, SolveError> {
        SolveError::check_discs(Engine::Table, Self::MAX_DISCS, max_discs)?;
        Ok(Self {
            arena: DenseArena::new(1 << (2 * max_discs)),
            max_discs,
        })
    }

    /// An optimal move sequence from `start` to `goal` (same number of discs) by bidirectional
    /// BFS.
    ///
    /// # Complexity
    /// O(6^(d/2)) expanded states at distance `d`, at most `4^n`; the table is made ready for the
    /// next query in time proportional to the states this one touched.
    ///
    /// # Panics
    /// When `start` and `goal` have different disc counts, or more than this solver was made for.
    ///
    /// # Example
    ///
    /// Any goal, not only a tower:
    ///
    /// ```
    /// use hanoi4::{Config, Solver};
    ///
    /// let mut solver = Solver::new(4)?;
    /// let start = Config::from_pegs([&[4, 3, 2, 1], &[], &[], &[]])?;
    /// let goal = Config::from_pegs([&[], &[4], &[3, 1], &[2]])?;
    /// let moves = solver.solve(&start, &goal);
    /// let mut at = start.clone();
    /// for &step in &moves {
    ///     at.apply(step)?;
    /// }
    /// assert_eq!(at, goal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, start: &Config, goal: &Config) -> Vec<Move> {
        let n = start.n_discs();
        assert!(
            n <= self.max_discs,
            "a configuration of {n} discs, more than the {} this solver was made for",
            self.max_discs
        );
        assert_eq!(
            goal.n_discs(),
            n,
            "the start has {n} discs and the goal {}",
            goal.n_discs()
        );
        // Towards a perfect tower the pegs other than the goal's are interchangeable; relabel
        // them so the tower is on peg 4 and search the quotient.
        let first_peg = goal.peg_of(crate::model::Disc::new(1).expect("disc 1"));
        let is_tower = (1..=n as u8).all(|d| {
            goal.peg_of(crate::model::Disc::new(usize::from(d)).expect("at most n")) == first_peg
        });
        let goal_peg = if is_tower { first_peg } else { Peg::LAST };
        let space = if is_tower {
            HanoiSpace::symmetric(n)
        } else {
            HanoiSpace::new(n)
        };
        let swap = |state: u64| {
            if is_tower {
                swap_pegs(state, goal_peg, n)
            } else {
                state
            }
        };
        let (start_packed, goal_packed) = (swap(start.pack()), swap(goal.pack()));
        // Four-peg moves can be undone: the space is its own predecessor function.
        let path = Search::over(&space)
            .arena(&mut self.arena)
            .predecessors(&space)
            .bidirectional(space.canonical(start_packed), &[goal_packed])
            .expect("four-peg moves can be undone")
            .expect("four-peg Hanoi is connected");
        real_moves(&space, start_packed, &path)
            .into_iter()
            .map(|m| Move {
                from: swap_peg(m.from, goal_peg),
                to: swap_peg(m.to, goal_peg),
            })
            .collect()
    }

    /// Solves every case towards all discs on peg 4, choosing per disc count by the number of
    /// cases: a bidirectional BFS per case for one or two; for more, one BFS from the goal to
    /// five eighths of the largest distance (a ball shared by all the cases), then per case a BFS
    /// forwards until it meets the ball; for many, one full BFS from the goal. All searches run
    /// in the quotient by relabelling pegs 1 to 3, and on the one table. The solution prints the
    /// counts alone.
    ///
    /// # Panics
    /// When a case has more discs than this solver was made for.
    pub fn solve_all(&mut self, starts: &[Config]) -> Solution {
        if let Some(n) = starts.iter().map(Config::n_discs).max() {
            assert!(
                n <= self.max_discs,
                "a configuration of {n} discs, more than the {} this solver was made for",
                self.max_discs
            );
        }
        let mut moves = vec![Vec::new(); starts.len()];
        for (n, cases) in cases_by_disc_count(starts) {
            let goal = Config::tower(n, Peg::LAST).expect("1..=13 discs");
            let space = HanoiSpace::symmetric(n);
            match strategy(n, cases.len()) {
                Strategy::PerCase => {
                    for i in cases {
                        moves[i] = self.solve(&starts[i], &goal);
                    }
                }
                Strategy::Full => {
                    Search::over(&space)
                        .arena(&mut self.arena)
                        .levels(&[goal.pack()]);
                    for i in cases {
                        let start = starts[i].pack();
                        let mut path = Search::over(&space)
                            .path_to(&self.arena, space.canonical(start))
                            .expect("four-peg moves can be undone")
                            .expect("connected");
                        path.reverse();
                        moves[i] = real_moves(&space, start, &path);
                    }
                }
                Strategy::Ball(radius) => {
                    let cores = std::thread::available_parallelism().map_or(1, usize::from);
                    Search::over(&space)
                        .arena(&mut self.arena)
                        .limit(radius)
                        .threads(cores)
                        .levels(&[goal.pack()]);
                    // The ball is only read from here on: the cases are shared among threads.
                    let (ball, space) = (&self.arena, &space);
                    let threads = cores.min(cases.len());
                    let solved: Vec<(usize, Vec<Move>)> = std::thread::scope(|scope| {
                        let workers: Vec<_> = (0..threads)
                            .map(|t| {
                                let mine: Vec<usize> =
                                    cases.iter().copied().skip(t).step_by(threads).collect();
                                scope.spawn(move || {
                                    let mut forward = SparseArena::new();
                                    mine.into_iter()
                                        .map(|i| {
                                            let start = starts[i].pack();
                                            (i, meet_ball(space, ball, &mut forward, start))
                                        })
                                        .collect::<Vec<_>>()
                                })
                            })
                            .collect();
                        workers
                            .into_iter()
                            .flat_map(|w| w.join().expect("a solving thread panicked"))
                            .collect()
                    });
                    for (i, m) in solved {
                        moves[i] = m;
                    }
                }
            }
        }
        Solution::new(moves, false)
    }

    /// Runs one full BFS from the tower of `n_discs` on `peg` and returns a view that gives the
    /// exact distance of every configuration to it, and the largest one.
    ///
    /// # Panics
    /// When `n_discs` is more than this solver was made for.
    pub fn distances_to_tower(&mut self, n_discs: usize, peg: Peg) -> DistanceView<'_> {
        let goal = Config::tower(n_discs, Peg::LAST).expect("1..=13 discs");
        let space = HanoiSpace::symmetric(n_discs);
        let levels = Search::over(&space)
            .arena(&mut self.arena)
            .levels(&[goal.pack()]);
        DistanceView {
            arena: &self.arena,
            space,
            peg,
            n_discs,
            max_distance: levels.max_distance(),
        }
    }
}

/// An optimal move sequence from the packed configuration `start` to the goal, through a ball
/// around the goal filled by `Search::levels` within a radius: a forward BFS to the first state
/// inside it (which is `radius` from the goal, so the path through it is optimal), then down the
/// ball.
fn meet_ball(
    space: &HanoiSpace,
    ball: &DenseArena,
    forward: &mut SparseArena,
    start: u64,
) -> Vec<Move> {
    let mut path = Search::over(space)
        .arena(forward)
        .bfs(space.canonical(start), &|state| ball.get(state) != 0)
        .expect("connected");
    let met = path.pop().expect("a path has a state");
    let mut down = Search::over(space)
        .path_to(ball, met)
        .expect("four-peg moves can be undone")
        .expect("inside the ball");
    down.reverse();
    path.extend(down);
    real_moves(space, start, &path)
}

/// Distances to one tower from every configuration, borrowed from the solver's table (which
/// holds the canonical configurations only).
pub struct DistanceView<'a> {
    arena: &'a DenseArena,
    space: HanoiSpace,
    peg: Peg,
    n_discs: usize,
    /// The largest distance of any configuration.
    pub max_distance: u32,
}

impl DistanceView<'_> {
    /// The distance of `config` to the tower.
    ///
    /// # Panics
    /// When `config` has another number of discs than the view.
    pub fn distance(&self, config: &Config) -> u32 {
        self.distance_packed(config.pack())
    }

    /// The distance of a packed configuration (see [`Config::pack`]) to the tower.
    ///
    /// # Panics
    /// When `packed` is not a configuration of the view's number of discs.
    pub fn distance_packed(&self, packed: u64) -> u32 {
        let on_last = swap_pegs(packed, self.peg, self.n_discs);
        self.arena
            .distance(self.space.canonical(on_last))
            .expect("connected")
    }
}

/// Exchanges peg `peg` with peg 4 in one peg label.
fn swap_peg(label: Peg, peg: Peg) -> Peg {
    if label == peg {
        Peg::LAST
    } else if label == Peg::LAST {
        peg
    } else {
        label
    }
}

/// Exchanges peg `peg` with peg 4 in a packed state of `n` discs.
fn swap_pegs(state: u64, peg: Peg, n: usize) -> u64 {
    if peg == Peg::LAST {
        return state;
    }
    let low_bits = 0x5555_5555_5555_5555u64 >> (64 - 2 * n);
    let field = |p: usize| {
        let x = state ^ (low_bits * p as u64);
        !(x | x >> 1) & low_bits
    };
    // Fields equal to either peg flip to the other: XOR with (peg ^ 3) on those fields.
    let both = field(peg.index()) | field(3);
    state ^ (both * (peg.index() as u64 ^ 3))
}
