//! Solving a file as one ladder: [`solve`] groups the cases by disc count, answers perfect
//! towers at once and decides, before any work, each disc count's engine and the tables it
//! starts from (every limit checked); then each disc count goes down once, by the dense table,
//! by the goal table of its own count, or by A*, which climbs to wider tables (built in memory)
//! while a case exhausts its budget. The numbers of the policy are [`crate::policy`]'s.

use std::fmt;

use crate::dense::Solver;
use crate::detour::DetourTable;
use crate::engine::Engine;
use crate::error::SolveError;
use crate::frame_stewart::tower_moves;
use crate::goal_table::GoalTable;
use crate::model::{Config, Move, Peg};
use crate::parse::Instance;
use crate::pdb::PdbSearch;
use crate::policy;
use crate::progress::Progress;
use crate::rung::{Rung, Shelf};
use crate::solution::{Solution, cases_by_disc_count};
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
    let mut quiet = |_: Progress| {};
    let progress: &mut dyn FnMut(Progress) = match progress {
        Some(progress) => progress,
        None => &mut quiet,
    };
    let mut answers: Vec<Vec<Move>> = vec![Vec::new(); instance.len()];
    let mut shelf = Shelf::new(tables, progress);
    let plan = Plan::new(instance, engine, &shelf, &mut answers)?;
    let mut dense = plan.dense_solver()?;
    for group in plan.groups {
        let n = group.n_discs;
        let count = group.cases.len();
        shelf.tell(Progress::Engine {
            n_discs: n,
            cases: count,
            engine: group.engine,
        });
        let configs: Vec<Config> = group.cases.iter().map(|&i| instance[i].clone()).collect();
        let solved = match group.first {
            First::Search(start) => climb(&mut shelf, n, &configs, start)?,
            First::Exact => {
                let table = shelf.goal_table(n)?;
                configs.iter().map(|c| table.solve(c)).collect()
            }
            First::Dense => {
                dense
                    .as_mut()
                    .expect("sized for the dense groups")
                    .solve_all(&configs)
                    .moves
            }
        };
        shelf.tell(Progress::Cases {
            n_discs: n,
            done: count,
            cases: count,
        });
        for (i, m) in group.cases.into_iter().zip(solved) {
            answers[i] = m;
        }
    }
    Ok(Solution::new(answers, moves))
}

/// What [`solve`] does with a file: the disc counts that need an engine, each with its own
/// and the rung it starts from.
struct Plan {
    groups: Vec<Group>,
}

/// The cases of one disc count, the engine that answers them and where it starts.
struct Group {
    n_discs: usize,
    /// Indices into the file, ascending.
    cases: Vec<usize>,
    engine: Engine,
    first: First,
}

/// What answers a disc count first.
#[derive(Clone, Copy)]
enum First {
    /// The dense table.
    Dense,
    /// The goal table of the disc count itself (saved, or built in memory).
    Exact,
    /// A*, from its first rung up ([`climb`]).
    Search(Start),
}

/// Where A* starts for a disc count.
#[derive(Clone, Copy)]
struct Start {
    /// Windows of a goal table of this many discs ([`first_width`]); `None`: 14-disc databases.
    width: Option<usize>,
    /// Each case first tries the 14-disc databases with a small budget (windows that are not
    /// saved, and few cases).
    cheap: bool,
}

impl Plan {
    /// Groups `starts` by disc count and picks each count's engine: `engine` when asked for,
    /// else the goal table when its table is saved on the `shelf`, else
    /// [`Engine::default_for`]; and, for A*, its first windows ([`first_width`]).
    /// Without an engine asked for, perfect towers past the dense table are answered here, into
    /// `moves`: they need no search (already solved, or the Frame-Stewart construction, optimal
    /// between perfect towers), and nothing is built for a disc count of towers only.
    ///
    /// # Errors
    /// [`SolveError::TooManyDiscs`] for a disc count beyond its engine.
    fn new(
        starts: &[Config],
        engine: Option<Engine>,
        shelf: &Shelf<'_, '_>,
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
        let groups = groups
            .into_iter()
            .map(|(n_discs, cases)| {
                let engine = engine.unwrap_or_else(|| {
                    if (n_discs <= Engine::GoalTable.max_discs() || shelf.on_disk(n_discs))
                        && n_discs > Engine::Table.max_discs()
                        && shelf.saved(n_discs)
                    {
                        Engine::GoalTable
                    } else {
                        Engine::default_for(n_discs, cases.len())
                    }
                });
                // A goal table built on disk answers past what memory holds.
                let most = if engine == Engine::GoalTable && shelf.on_disk(n_discs) {
                    GoalTable::MAX_SPREAD_DISCS
                } else {
                    engine.max_discs()
                };
                SolveError::check_discs(engine, most, n_discs)?;
                let first = match engine {
                    Engine::Table => First::Dense,
                    Engine::GoalTable => First::Exact,
                    Engine::Pdb => {
                        let width = first_width(n_discs, shelf);
                        let cheap = width.is_some_and(|m| !shelf.saved(m))
                            && cases.len() < policy::ESCALATE_BELOW;
                        First::Search(Start { width, cheap })
                    }
                };
                Ok(Group {
                    n_discs,
                    cases,
                    engine,
                    first,
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

/// The first windows of A* for `n` discs: the widest saved table (`n - 4` to `n - 1` discs);
/// past 16 discs, the table of `n - 1` discs (17 at most, but `n - 2` at least), built if none
/// is saved; else none (14-disc databases).
fn first_width(n: usize, shelf: &Shelf<'_, '_>) -> Option<usize> {
    (n.saturating_sub(4).max(1)..n.min(GoalTable::MAX_DISCS + 1))
        .rev()
        .find(|&m| shelf.saved(m))
        .or((n > policy::WINDOWS_PAST)
            .then(|| policy::DEFAULT_WINDOW.min(n - 1).max(n - policy::MAX_GAP)))
}

/// The cases `group` of `n` discs by A*, rung by rung from `start`.
///
/// With [`Start::cheap`], each case first tries the 14-disc databases (seconds to build) with a
/// small budget: a nearly solved case needs nothing more. The others start from windows of
/// [`Start::width`] discs. A case that exhausts its budget does not fail while something wider fits this
/// machine ([`wider`]): the next wider table is built (with its detour table two discs or more
/// below `n`), up to the goal table of `n` itself, which answers every case at once, and the
/// case is tried again; the cases after it start from there.
fn climb(
    shelf: &mut Shelf<'_, '_>,
    n: usize,
    group: &[Config],
    start: Start,
) -> Result<Vec<Vec<Move>>, SolveError> {
    let count = group.len();
    let mut solved: Vec<Option<Vec<Move>>> = vec![None; count];
    if start.cheap {
        let mut databases = PdbSearch::new(n, PdbSearch::MAX_GROUP)?;
        for (slot, config) in solved.iter_mut().zip(group) {
            match databases.solve_within(config, policy::CHEAP_STATES) {
                Ok(solution) => *slot = Some(solution.moves),
                Err(SolveError::BudgetExhausted { .. }) => {}
                Err(error) => return Err(error),
            }
        }
    }
    let cases_done = |done: usize| Progress::Cases {
        n_discs: n,
        done,
        cases: count,
    };
    let mut done = solved.iter().filter(|s| s.is_some()).count();
    let mut width = start.width;
    // The rung the cases stand on, built when a case first needs it, and the width above it.
    let mut rung: Option<(Rung, Option<usize>)> = None;
    for (slot, config) in solved.iter_mut().zip(group) {
        if slot.is_some() {
            continue;
        }
        let moves = loop {
            let (answers, next) = match &mut rung {
                Some(rung) => rung,
                None => {
                    let built = (shelf.rung(n, width)?, wider(n, width));
                    if width == start.width {
                        // What the databases answered, told once the first rung stands.
                        shelf.tell(cases_done(done));
                    }
                    rung.insert(built)
                }
            };
            // Escalating costs a table build: a case gives up sooner while one is left.
            let budget = next.map_or(PdbSearch::MAX_STATES, |_| policy::ESCALATE_STATES);
            match answers.solve(config, budget) {
                Ok(moves) => break moves,
                Err(SolveError::BudgetExhausted { .. }) if next.is_some() => {
                    let to = next.expect("checked");
                    shelf.tell(Progress::Escalating {
                        n_discs: n,
                        from: width,
                        to,
                    });
                    rung = None; // Its tables' memory back before the wider ones are built.
                    width = Some(to);
                }
                Err(error) => return Err(error),
            }
        };
        *slot = Some(moves);
        done += 1;
        shelf.tell(cases_done(done));
    }
    Ok(solved
        .into_iter()
        .map(|s| s.expect("every case solved"))
        .collect())
}

/// What a search of `n` discs over windows of `width` discs (14-disc databases for `None`)
/// escalates to when a case exhausts its budget: the next wider window, up to the goal table of
/// `n` itself (`Some(n)`, for `n` up to [`GoalTable::MAX_DISCS`]), as long as its tables and an
/// A* search fit in the memory available; `None` when nothing wider fits.
pub(crate) fn wider(n: usize, width: Option<usize>) -> Option<usize> {
    let next = width.map_or(policy::WINDOWS_PAST.min(n), |w| w + 1);
    if next > n || next > GoalTable::MAX_DISCS || width == Some(n) {
        return None;
    }
    // The goal table and (two discs or more below n, up to its own limit) the detour table, of
    // about its size; A* beside them when it is not exact.
    let table = GoalTable::memory_needed(next) as f64;
    let detour = next + 2 <= n && next <= DetourTable::MAX_DISCS;
    let searching = if next == n { 0.0 } else { policy::A_STAR_BYTES };
    let needed = table * if detour { 2.0 } else { 1.0 } + searching;
    // The smallest of MemAvailable, the memory cgroup's room and `ulimit -v`'s.
    match memory::budget() {
        Some(budget) if (budget.allowed as f64) < needed => None,
        _ => Some(next),
    }
}
