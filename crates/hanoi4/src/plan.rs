//! Solving a file: the plan (perfect towers answered at once, an engine per disc count, every
//! limit checked before any work), then each disc count by its engine.

use std::fmt;

use crate::engine::Engine;
use crate::error::SolveError;
use crate::escalate;
use crate::frame_stewart::tower_moves;
use crate::goal_table::GoalTable;
use crate::model::{Config, Move, Peg};
use crate::parse::Instance;
use crate::progress::Progress;
use crate::solution::{Solution, cases_by_disc_count};
use crate::solve::Solver;
use crate::store::TableDir;

/// How [`solve`] answers: the engine, the saved tables, who hears how the work advances, and
/// what the [`Solution`] prints, as the binary's `--engine`, `--tables`, progress line and
/// `--moves` set them. [`Options::default`]: each disc count's default engine, no saved table,
/// no one told, the counts alone.
#[derive(Default)]
pub struct Options<'a> {
    /// The engine for every disc count; `None`: chosen per disc count.
    pub engine: Option<Engine>,
    /// A folder of saved tables to read (never written: saving is [`TableDir::save`]).
    pub tables: Option<&'a TableDir>,
    /// Told which engine each disc count goes to, how a table build advances and how many cases
    /// are answered ([`Progress`]).
    pub progress: Option<&'a mut dyn FnMut(Progress)>,
    /// Each count followed by its moves, one `A B` a line (the `--moves` output).
    pub moves: bool,
}

impl fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Options")
            .field("engine", &self.engine)
            .field("tables", &self.tables)
            .field("progress", &self.progress.as_ref().map(|_| ".."))
            .field("moves", &self.moves)
            .finish()
    }
}

/// Solves every case towards peg 4, each disc count with [`Options::engine`] or its default
/// engine. Without an engine asked for, perfect towers past the dense table are answered at
/// once: 0 moves on peg 4, else the Frame-Stewart construction ([`tower_moves`]).
///
/// With [`Options::tables`], saved two-bit tables are read from that folder: the goal-table
/// engine answers any disc count whose table is there, and A* uses windows of the widest saved
/// table it can (`n - 4` to `n - 1` discs), with the widest saved detour table of that range.
/// Tables that are not saved are built in memory when an engine needs them: past 16 discs
/// without a saved one, the goal table one disc below the case's count, no wider than 17 discs,
/// but at most two below (16 discs for 17, 17 for 18 and 19, 18 for 20: seconds to build, and
/// minutes with its detour table for 18), and for 19 and 20 discs without a saved detour table,
/// the detour table of the windows (about as long again).
///
/// ```
/// use hanoi4::Options;
///
/// let instance = hanoi4::parse("2\n3\n3 3 2 1\n0\n0\n0\n1\n0\n0\n0\n1 1\n")?;
/// assert_eq!(hanoi4::solve(&instance, Options::default())?.to_string(), "5\n0");
/// let with_moves = Options { moves: true, ..Options::default() };
/// assert!(hanoi4::solve(&instance, with_moves)?.to_string().starts_with("5\n1 2\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SolveError::TooManyDiscs`] when the engine asked for cannot take a disc count (checked
/// before any work); the errors of [`TableDir::load`] for a saved table that cannot be used;
/// [`SolveError::BudgetExhausted`] when A* meets its memory budget with the widest tables that
/// fit this machine's memory (a case first escalates to wider tables, built in memory: see
/// [`Progress::Escalating`]).
pub fn solve(instance: &Instance, options: Options<'_>) -> Result<Solution, SolveError> {
    let Options {
        engine,
        tables,
        progress,
        moves,
    } = options;
    let answers = match progress {
        Some(progress) => answer(instance, engine, tables, progress)?,
        None => answer(instance, engine, tables, &mut |_| {})?,
    };
    Ok(Solution::new(answers, moves))
}

/// The moves of every case of `starts` ([`solve`]'s work), telling `progress` as it goes.
fn answer(
    starts: &[Config],
    engine: Option<Engine>,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Vec<Move>>, SolveError> {
    let mut moves: Vec<Vec<Move>> = vec![Vec::new(); starts.len()];
    let plan = Plan::new(starts, engine, tables, &mut moves)?;
    let mut dense = plan.dense_solver()?;
    for group in plan.groups {
        let n = group.n_discs;
        let count = group.cases.len();
        progress(Progress::Engine {
            n_discs: n,
            cases: count,
            engine: group.engine,
        });
        let configs: Vec<Config> = group.cases.iter().map(|&i| starts[i].clone()).collect();
        let solved = match group.engine {
            Engine::Table => solve_dense(dense.as_mut().expect("sized for table groups"), &configs),
            Engine::GoalTable => solve_exact(n, &configs, tables, progress)?,
            Engine::Pdb => escalate::solve_by_pdb(n, &configs, tables, progress)?,
        };
        progress(Progress::Cases {
            n_discs: n,
            done: count,
            cases: count,
        });
        for (i, m) in group.cases.into_iter().zip(solved) {
            moves[i] = m;
        }
    }
    Ok(moves)
}

/// The cases of one disc count by the dense table's solver.
fn solve_dense(solver: &mut Solver, configs: &[Config]) -> Vec<Vec<Move>> {
    solver.solve_all(configs).moves
}

/// The cases of `n` discs by the goal table of `n` discs (saved in `tables`, else built).
fn solve_exact(
    n: usize,
    configs: &[Config],
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Vec<Move>>, SolveError> {
    let table = escalate::goal_table(n, tables, progress)?;
    Ok(configs.iter().map(|c| table.solve(c)).collect())
}

/// What [`solve`] does with a file: the disc counts that need an engine, each with
/// its own.
struct Plan {
    groups: Vec<Group>,
}

/// The cases of one disc count and the engine that answers them.
struct Group {
    n_discs: usize,
    /// Indices into the file, ascending.
    cases: Vec<usize>,
    engine: Engine,
}

impl Plan {
    /// Groups `starts` by disc count and picks each count's engine: `engine` when asked for,
    /// else the goal table when its table is saved in `tables`, else [`Engine::default_for`].
    /// Without an engine asked for, perfect towers past the dense table are answered here, into
    /// `moves`: they need no search (already solved, or the Frame-Stewart construction, optimal
    /// between perfect towers), and nothing is built for a disc count of towers only.
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] for a disc count beyond its engine.
    fn new(
        starts: &[Config],
        engine: Option<Engine>,
        tables: Option<&TableDir>,
        moves: &mut [Vec<Move>],
    ) -> Result<Plan, SolveError> {
        let mut groups = cases_by_disc_count(starts);
        if engine.is_none() {
            for (n, cases) in &mut groups {
                if *n > Solver::MAX_DISCS {
                    cases.retain(|&i| match starts[i].tower_peg() {
                        Some(peg) => {
                            moves[i] = tower_moves(*n, peg, Peg::LAST);
                            false
                        }
                        None => true,
                    });
                }
            }
            groups.retain(|(_, cases)| !cases.is_empty());
        }
        let saved = |n: usize| tables.is_some_and(|dir| dir.contains(n));
        let on_disk = |n: usize| tables.is_some_and(|dir| dir.contains_on_disk(n));
        let groups = groups
            .into_iter()
            .map(|(n_discs, cases)| {
                let engine = engine.unwrap_or_else(|| {
                    if (n_discs <= Engine::GoalTable.max_discs() || on_disk(n_discs))
                        && n_discs > Engine::Table.max_discs()
                        && saved(n_discs)
                    {
                        Engine::GoalTable
                    } else {
                        Engine::default_for(n_discs, cases.len())
                    }
                });
                // A goal table built on disk answers past what memory holds.
                let most = if engine == Engine::GoalTable && on_disk(n_discs) {
                    GoalTable::MAX_SPREAD_DISCS
                } else {
                    engine.max_discs()
                };
                SolveError::check_discs(engine, most, n_discs)?;
                Ok(Group {
                    n_discs,
                    cases,
                    engine,
                })
            })
            .collect::<Result<_, SolveError>>()?;
        Ok(Plan { groups })
    }

    /// The dense table's solver, sized for the largest disc count it answers, if any.
    fn dense_solver(&self) -> Result<Option<Solver>, SolveError> {
        self.groups
            .iter()
            .filter(|group| group.engine == Engine::Table)
            .map(|group| group.n_discs)
            .max()
            .map(Solver::new)
            .transpose()
    }
}
