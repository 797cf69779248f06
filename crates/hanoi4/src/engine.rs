//! Picking an engine per disc count: the exact `i32` table, the two-bit goal table, or A* over
//! pattern databases.

use std::fmt;

use crate::solution::cases_by_disc_count;
use crate::{
    Config, DetourTable, Disc, GoalTable, Move, PdbSearch, Peg, Solution, SolveError, Solver,
    TableDir, tower_moves,
};

/// A way of solving four-peg Hanoi optimally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Bidirectional (or full) BFS on the design's 2^26-entry `i32` table: up to
    /// [`Solver::MAX_DISCS`] discs.
    Table,
    /// The two-bit goal table, built (or loaded) once per disc count: up to
    /// [`GoalTable::MAX_DISCS`] discs (past 16, minutes to build: save it once with
    /// `hanoi4 table build`, or [`crate::TableDir::save`]).
    GoalTable,
    /// A* over additive pattern databases: groups of up to [`PdbSearch::MAX_GROUP`] discs for
    /// `n <= 16`; past 16 discs, windows of 16 to 19 consecutive discs measured by a two-bit
    /// goal table, and from 18 discs on windows below the largest disc by a detour table
    /// ([`DetourTable`]): up to [`PdbSearch::MAX_DISCS`] discs.
    Pdb,
}

impl Engine {
    /// The most discs the engine handles.
    pub fn max_discs(self) -> usize {
        match self {
            Engine::Table => Solver::MAX_DISCS,
            Engine::GoalTable => GoalTable::MAX_DISCS,
            Engine::Pdb => PdbSearch::MAX_DISCS,
        }
    }

    /// The engine used for `cases` cases of `n_discs` (perfect towers not counted: they need
    /// none) when none is asked for and no saved table of `n_discs` is at hand (with one, the
    /// goal table answers at once). The dense table answers up to 13 discs in milliseconds. At
    /// 14 discs the pattern databases (3 s to build, milliseconds a case) beat building the goal
    /// table. At 15 and 16 it depends on the number of cases: A* over 14-disc databases costs
    /// 2.7 s to build, then a median of 0.10 s a case at 15 discs (max 0.14 s) and 0.93 s at
    /// 16 (max 9.8 s); the goal table costs 10 to 16 s (15 discs) or 40 s (16) once, then
    /// microseconds a case. So A* below [`Engine::GOAL_TABLE_FROM`] cases. Beyond 16, A* over
    /// windows of the largest saved table, or of the 16-disc table. Figures from
    /// `HANOI4_PDB=15,16 HANOI4_PDB_CASES=10 cargo bench -p hanoi4`.
    pub fn default_for(n_discs: usize, cases: usize) -> Engine {
        match n_discs {
            0..=13 => Engine::Table,
            14 => Engine::Pdb,
            15 if cases < Self::GOAL_TABLE_FROM[0] => Engine::Pdb,
            16 if cases < Self::GOAL_TABLE_FROM[1] => Engine::Pdb,
            15..=16 => Engine::GoalTable,
            _ => Engine::Pdb,
        }
    }

    /// From how many cases of 15 and of 16 discs the default engine builds the goal table
    /// instead of searching each case with A*: about the build time over a case's median.
    pub const GOAL_TABLE_FROM: [usize; 2] = [64, 16];

    /// The engine's name: `table`, `goal-table` or `pdb`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Table => "table",
            Engine::GoalTable => "goal-table",
            Engine::Pdb => "pdb",
        }
    }

    /// Parses `table`, `goal-table` or `pdb`.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            "table" => Some(Engine::Table),
            "goal-table" => Some(Engine::GoalTable),
            "pdb" => Some(Engine::Pdb),
            _ => None,
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Below this many cases of a disc count past 16 with no saved table to use, each case first
/// tries A* over 14-disc pattern databases (built in 3 s) with [`CHEAP_STATES`]; only the cases
/// that exhaust it wait for the 16-disc table (40 to 50 s). Measured with the partitions alone:
/// a random 17-disc case generated 67 million states (56 s), so random cases escalate, while a
/// nearly solved one is answered at once.
const ESCALATE_BELOW: usize = 16;

/// The budget of that first try: about a second.
const CHEAP_STATES: usize = 2_000_000;

/// The windows' width for A* past 16 discs when no wider table is saved: the 16-disc table is
/// built in 37 s and takes 171 MiB (17 discs: about 3 minutes and 683 MiB).
const DEFAULT_WINDOW: usize = 16;

/// What [`solve_file_with`] is doing, for a caller that shows progress (the binary does on a
/// terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The cases of `n_discs` discs (perfect towers past the dense table left out: they need no
    /// engine) go to `engine`.
    Engine {
        /// The disc count.
        n_discs: usize,
        /// How many of the file's cases have it.
        cases: usize,
        /// The engine that answers them.
        engine: Engine,
    },
    /// A goal table of `n_discs` discs is being built: `configurations` lie at distance
    /// `level` from the goal.
    TableLevel {
        /// The table's disc count.
        n_discs: usize,
        /// The distance just reached.
        level: u32,
        /// Configurations at that distance.
        configurations: u64,
    },
    /// A detour table of `n_discs` discs is being built (after its goal table):
    /// `configurations` have the value `level`.
    DetourLevel {
        /// The table's disc count.
        n_discs: usize,
        /// The value just reached.
        level: u32,
        /// Configurations with that value.
        configurations: u64,
    },
    /// A case of `n_discs` discs exhausted its budget with windows of `from` discs (`None`:
    /// 14-disc databases): the tables of `to` discs are built next (`to == n_discs`: the goal
    /// table, which answers every case exactly), and the case is tried again.
    Escalating {
        /// The disc count.
        n_discs: usize,
        /// The windows' width that was not enough.
        from: Option<usize>,
        /// The width built next.
        to: usize,
    },
    /// `done` of the `cases` cases of `n_discs` discs are answered.
    Cases {
        /// The disc count.
        n_discs: usize,
        /// Answered so far.
        done: usize,
        /// All of them.
        cases: usize,
    },
}

/// Solves every case towards peg 4, each disc count with `engine` or its default engine. Without
/// an engine asked for, perfect towers past the dense table are answered at once: 0 moves on
/// peg 4, else the Frame-Stewart construction ([`tower_moves`]).
///
/// With `tables`, saved two-bit tables are read from that folder (never written: saving is
/// [`TableDir::save`]): the goal-table engine answers any disc count whose table is there, and A* uses
/// windows of the widest saved table it can (`n - 4` to `n - 1` discs), with the widest saved
/// detour table of that range. Tables that are not saved are built in memory when an engine
/// needs them: past 16 discs without a saved one, the 16-disc goal table (40 to 55 s), and for
/// 18 to 20 discs without a saved detour table, the 16-disc detour table (as long again).
///
/// # Errors
/// [`SolveError::TooManyDiscs`] when the engine asked for cannot take a disc count (checked
/// before any work); the errors of [`TableDir::load`] for a saved table that cannot be used;
/// [`SolveError::BudgetExhausted`] when A* meets its memory budget with the widest tables that
/// fit this machine's memory (a case first escalates to wider tables, built in memory: see
/// [`Progress::Escalating`]).
pub fn solve_file(
    starts: &[Config],
    engine: Option<Engine>,
    tables: Option<&TableDir>,
) -> Result<Solution, SolveError> {
    solve_file_with(starts, engine, tables, &mut |_| {})
}

/// [`solve_file`], telling `progress` which engine each disc count goes to, how a table build
/// advances and how many cases are answered.
///
/// # Errors
/// As [`solve_file`].
pub fn solve_file_with(
    starts: &[Config],
    engine: Option<Engine>,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution, SolveError> {
    let saved = |n: usize| tables.is_some_and(|dir| dir.contains(n));
    let mut moves: Vec<Vec<Move>> = vec![Vec::new(); starts.len()];
    let mut groups = cases_by_disc_count(starts);
    if engine.is_none() {
        // Past the dense table, perfect towers need no search: already solved, or the
        // Frame-Stewart construction (optimal between perfect towers). Nothing is built for a
        // disc count whose cases are all towers.
        for (n, cases) in &mut groups {
            if *n > Solver::MAX_DISCS {
                cases.retain(|&i| match tower_peg(&starts[i]) {
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
    let counts: Vec<(usize, usize)> = groups.iter().map(|(n, c)| (*n, c.len())).collect();
    let choose = |n: usize| {
        engine.unwrap_or(
            if n <= GoalTable::MAX_DISCS && n > Solver::MAX_DISCS && saved(n) {
                Engine::GoalTable
            } else {
                let cases = counts.iter().find(|(m, _)| *m == n).map_or(0, |c| c.1);
                Engine::default_for(n, cases)
            },
        )
    };
    for &(n, _) in &groups {
        let chosen = choose(n);
        if n > chosen.max_discs() {
            return Err(SolveError::TooManyDiscs {
                engine: chosen,
                max: chosen.max_discs(),
                n_discs: n,
            });
        }
    }
    let largest_for_table = groups
        .iter()
        .map(|&(n, _)| n)
        .filter(|&n| choose(n) == Engine::Table)
        .max();
    let mut table_solver = largest_for_table.map(Solver::new).transpose()?;
    for (n, cases) in groups {
        let chosen = choose(n);
        let count = cases.len();
        progress(Progress::Engine {
            n_discs: n,
            cases: count,
            engine: chosen,
        });
        let cases_done = |done: usize| Progress::Cases {
            n_discs: n,
            done,
            cases: count,
        };
        let group: Vec<Config> = cases.iter().map(|&i| starts[i].clone()).collect();
        let solved: Vec<Vec<Move>> = match chosen {
            Engine::Table => {
                table_solver
                    .as_mut()
                    .expect("allocated for table sizes")
                    .solve_all(&group)
                    .moves
            }
            Engine::GoalTable => {
                let table = goal_table(n, tables, progress)?;
                group.iter().map(|c| table.solve(c)).collect()
            }
            Engine::Pdb => solve_by_pdb(n, &group, tables, progress)?,
        };
        progress(cases_done(count));
        for (i, m) in cases.into_iter().zip(solved) {
            moves[i] = m;
        }
    }
    Ok(Solution { moves })
}

/// The cases of `n` discs by A* over pattern databases, escalating as they need.
///
/// Windows of the widest saved table (`n - 4` to `n - 1` discs); past 16 discs, of the 16-disc
/// table built here if none is saved; else 14-disc databases. Before building a table, a few
/// cases try the databases (seconds to build) with a small budget: a nearly solved case needs
/// nothing more. A case that exhausts its budget does not fail while something wider fits this
/// machine ([`wider`]): the next wider table is built (with its detour table two discs or more
/// below `n`), up to the goal table of `n` itself, which answers every case at once, and the
/// case is tried again.
fn solve_by_pdb(
    n: usize,
    group: &[Config],
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Vec<Move>>, SolveError> {
    let saved = |m: usize| tables.is_some_and(|dir| dir.contains(m));
    let count = group.len();
    let mut solved: Vec<Option<Vec<Move>>> = vec![None; count];
    let mut width = (n.saturating_sub(4).max(1)..n.min(GoalTable::MAX_DISCS + 1))
        .rev()
        .find(|&m| saved(m))
        .or((n > DEFAULT_WINDOW).then_some(DEFAULT_WINDOW));
    if width.is_some_and(|m| !saved(m)) && count < ESCALATE_BELOW {
        let mut cheap = PdbSearch::new(n, PdbSearch::MAX_GROUP)?;
        for (slot, config) in solved.iter_mut().zip(group) {
            match cheap.solve_within(config, CHEAP_STATES) {
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
    let left = solved.iter().filter(|s| s.is_none()).count();
    if left > 0 {
        let mut answers = Some(Answers::Search(pdb_search(n, width, tables, progress)?));
        let mut next = wider(n, width);
        let mut done = count - left;
        progress(cases_done(done));
        for (slot, config) in solved.iter_mut().zip(group) {
            if slot.is_some() {
                continue;
            }
            let moves = loop {
                // Escalating costs a table build: a case gives up sooner while one is left.
                let budget = next.map_or(PdbSearch::MAX_STATES, |_| ESCALATE_STATES);
                match answers.as_mut().expect("answers").solve(config, budget) {
                    Ok(moves) => break moves,
                    Err(SolveError::BudgetExhausted { .. }) if next.is_some() => {
                        let to = next.expect("checked");
                        progress(Progress::Escalating {
                            n_discs: n,
                            from: width,
                            to,
                        });
                        drop(answers.take()); // Its tables' memory back before the wider ones.
                        answers = Some(if to == n {
                            Answers::Exact(goal_table(n, tables, progress)?)
                        } else {
                            Answers::Search(pdb_search(n, Some(to), tables, progress)?)
                        });
                        width = Some(to);
                        next = wider(n, width);
                    }
                    Err(error) => return Err(error),
                }
            };
            *slot = Some(moves);
            done += 1;
            progress(cases_done(done));
        }
    }
    Ok(solved
        .into_iter()
        .map(|s| s.expect("every case solved"))
        .collect())
}

/// What answers the cases of [`solve_by_pdb`]: A* over windows, or, once escalated to the
/// case's own disc count, the goal table itself.
enum Answers {
    Search(PdbSearch),
    Exact(GoalTable),
}

impl Answers {
    /// The moves of `config`, A* giving up after `budget` states.
    fn solve(&mut self, config: &Config, budget: usize) -> Result<Vec<Move>, SolveError> {
        match self {
            Answers::Search(search) => Ok(search.solve_within(config, budget)?.moves),
            Answers::Exact(table) => Ok(table.solve(config)),
        }
    }
}

/// A* for `n` discs over windows of a `width`-disc goal table (with the detour table that
/// [`detour_table`] finds or builds), or over 14-disc databases without one.
fn pdb_search(
    n: usize,
    width: Option<usize>,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<PdbSearch, SolveError> {
    let Some(width) = width else {
        return PdbSearch::new(n, n.min(PdbSearch::MAX_GROUP));
    };
    let goal = goal_table(width, tables, progress)?;
    let detour = detour_table(&goal, n, tables, progress)?;
    let search = PdbSearch::with_goal_table(n, goal)?;
    match detour {
        Some(detour) => search.with_detour(detour),
        None => Ok(search),
    }
}

/// A case that exhausts this many states while a wider table could still be built gives up
/// and waits for it: about a minute of A*.
const ESCALATE_STATES: usize = 60_000_000;

/// What a search of `n` discs over windows of `width` discs (14-disc databases for `None`)
/// escalates to when a case exhausts its budget: the next wider window, up to the goal table of
/// `n` itself (`Some(n)`, for `n` up to [`GoalTable::MAX_DISCS`]), as long as its tables and an
/// A* search fit in the memory available; `None` when nothing wider fits.
pub(crate) fn wider(n: usize, width: Option<usize>) -> Option<usize> {
    let next = width.map_or(DEFAULT_WINDOW.min(n), |w| w + 1);
    if next > n || next > GoalTable::MAX_DISCS || width == Some(n) {
        return None;
    }
    // Quarter bytes a canonical configuration, for the goal table and (two discs or more
    // below n, up to its own limit) the detour table; A* beside them when it is not exact.
    let table = crate::CanonicalIndex::new(next).len() as f64 / 4.0;
    let detour = next + 2 <= n && next <= DetourTable::MAX_DISCS;
    let searching = if next == n { 0.0 } else { A_STAR_BYTES };
    let needed = table * if detour { 2.0 } else { 1.0 } + searching;
    match memory_available() {
        Some(available) if (available as f64) < needed => None,
        _ => Some(next),
    }
}

/// About what A* holds at its largest budget: 400 million states at about 13 bytes each.
const A_STAR_BYTES: f64 = 5.5e9;

/// The memory this machine has free for new allocations (`MemAvailable` in `/proc/meminfo`),
/// when it can be read.
fn memory_available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The peg holding every disc of `config`, if one does.
fn tower_peg(config: &Config) -> Option<Peg> {
    let n = config.n_discs();
    let peg = config.peg_of(Disc::new(1).expect("disc 1"));
    (2..=n)
        .all(|d| config.peg_of(Disc::new(d).expect("a disc of the configuration")) == peg)
        .then_some(peg)
}

/// The detour table built in memory when none is saved, for searches of at least two discs
/// more (18 to 20): 16 discs, about the goal table's time again (40 to 55 s). On 18 discs the
/// hardest of 20 random cases expanded 137.7 million states with windows alone (125 s) and
/// 17.8 million with the detour (18 s). A search one disc wider needs none (20 random 17-disc
/// cases: median 0.007 s, largest 0.7 s without it).
const BUILT_DETOUR: usize = 16;

/// The detour table for a search of `n` discs whose windows are measured by `goal`: the widest
/// saved in `tables` of `n - 4` to `n - 1` discs, else, when the windows have
/// [`BUILT_DETOUR`] discs or more (up to [`DetourTable::MAX_DISCS`]) and `n` is two or more
/// above them, that one built in memory from `goal`, else none. (A detour narrower than the windows barely helps: on 40 random 14-disc cases
/// with 12-disc windows, an 11-disc detour saved 5% of the states expanded, a 12-disc one 78%.)
fn detour_table(
    goal: &GoalTable,
    n: usize,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Option<DetourTable>, SolveError> {
    let widths = n.saturating_sub(4).max(1)..n.min(DetourTable::MAX_DISCS + 1);
    if let Some(dir) = tables
        && let Some(width) = widths.clone().rev().find(|&k| dir.contains_detour(k))
    {
        return dir.load_detour(width).map(Some);
    }
    let width = goal.n_discs();
    if width < BUILT_DETOUR || n < width + 2 || width > DetourTable::MAX_DISCS {
        return Ok(None);
    }
    let detour = DetourTable::build(goal, cores(), |level, configurations| {
        progress(Progress::DetourLevel {
            n_discs: width,
            level,
            configurations,
        })
    })?;
    Ok(Some(detour))
}

/// The goal table of `n` discs: loaded when saved in `tables`, else built in memory.
fn goal_table(
    n: usize,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<GoalTable, SolveError> {
    if let Some(dir) = tables.filter(|dir| dir.contains(n)) {
        return dir.load(n);
    }
    let build = GoalTable::build(n, cores(), |level, configurations| {
        progress(Progress::TableLevel {
            n_discs: n,
            level,
            configurations,
        })
    });
    Ok(build?.0)
}

/// The threads a table build runs on: one per core.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
