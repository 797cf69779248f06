//! A* past the dense table, and what it escalates to: when a case exhausts its budget, the
//! next wider table that fits this machine is built (in memory) and the case tried again, up to
//! the goal table of the case's own disc count. The numbers of the policy are [`crate::policy`]'s.

use crate::detour::DetourTable;
use crate::error::SolveError;
use crate::goal_table::GoalTable;
use crate::model::{Config, Move};
use crate::pdb::PdbSearch;
use crate::policy;
use crate::progress::Progress;
use crate::store::TableDir;

/// The cases of `n` discs by A* over pattern databases, escalating as they need.
///
/// Windows of the widest saved table (`n - 4` to `n - 1` discs); past 16 discs, of the table of
/// `n - 1` discs (17 at most, but `n - 2` at least) built here if none is saved; else 14-disc
/// databases. Before building a table, a few
/// cases try the databases (seconds to build) with a small budget: a nearly solved case needs
/// nothing more. A case that exhausts its budget does not fail while something wider fits this
/// machine ([`wider`]): the next wider table is built (with its detour table two discs or more
/// below `n`), up to the goal table of `n` itself, which answers every case at once, and the
/// case is tried again.
pub(crate) fn solve_by_pdb(
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
        .or((n > policy::WINDOWS_PAST)
            .then(|| policy::DEFAULT_WINDOW.min(n - 1).max(n - policy::MAX_GAP)));
    if width.is_some_and(|m| !saved(m)) && count < policy::ESCALATE_BELOW {
        let mut cheap = PdbSearch::new(n, PdbSearch::MAX_GROUP)?;
        for (slot, config) in solved.iter_mut().zip(group) {
            match cheap.solve_within(config, policy::CHEAP_STATES) {
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
                let budget = next.map_or(PdbSearch::MAX_STATES, |_| policy::ESCALATE_STATES);
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

/// The detour table for a search of `n` discs whose windows are measured by `goal`: the widest
/// saved in `tables` of `n - 4` to `n - 1` discs, else, when the windows have
/// [`policy::BUILT_DETOUR`] discs or more (up to [`DetourTable::MAX_DISCS`]) and `n` is two or more
/// above them, that one built in memory from `goal`, else none. (A detour narrower than the
/// windows barely helps: see [`policy::BUILT_DETOUR`].)
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
    if width < policy::BUILT_DETOUR || n < width + 2 || width > DetourTable::MAX_DISCS {
        return Ok(None);
    }
    DetourTable::admit(width)?;
    let detour = DetourTable::build(goal, cores(), |level, configurations| {
        progress(Progress::DetourLevel {
            n_discs: width,
            level,
            configurations,
        })
    })?;
    Ok(Some(detour))
}

/// The goal table of `n` discs: loaded when saved in `tables` (or opened, built on disk),
/// else built in memory.
pub(crate) fn goal_table(
    n: usize,
    tables: Option<&TableDir>,
    progress: &mut dyn FnMut(Progress),
) -> Result<GoalTable, SolveError> {
    if let Some(dir) = tables.filter(|dir| dir.contains_on_disk(n) && !dir.file(n).is_file()) {
        // Read from its file as it is used: nothing to admit.
        return dir.load(n);
    }
    GoalTable::admit(n)?;
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
