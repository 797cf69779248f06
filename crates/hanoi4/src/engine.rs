//! Picking an engine per disc count: the exact `i32` table, the two-bit oracle, or A* over
//! pattern databases.

use std::path::{Path, PathBuf};

use crate::{Config, GoalTable, Move, PdbSearch, Solution, Solver};

/// A way of solving four-peg Hanoi optimally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Bidirectional (or full) BFS on the design's 2^26-entry `i32` table: `n <= 13`.
    Table,
    /// The two-bit goal table, built (or loaded) once per disc count: `n <= 16`.
    Oracle,
    /// A* over additive pattern databases (14 discs and the rest), and past 16 discs the
    /// two-bit table of the largest 16 discs as well: `n <= 20`.
    Pdb,
}

impl Engine {
    /// The most discs the engine handles.
    pub fn max_discs(self) -> usize {
        match self {
            Engine::Table => Solver::MAX_DISCS,
            Engine::Oracle => GoalTable::MAX_DISCS,
            Engine::Pdb => PdbSearch::MAX_DISCS,
        }
    }

    /// The engine used when none is asked for. The table answers up to 13 discs in
    /// milliseconds. At 14 discs the pattern databases (1 s to build, milliseconds a case)
    /// beat building the oracle (1.3 s); at 15 and 16 the oracle (5.5 s and 24 s, then
    /// microseconds a case) beats A*, which needs a second or more a case at 16. Beyond 16
    /// only A* is left, helped by the 16-disc table. Figures from `cargo bench -p hanoi4`.
    pub fn default_for(n_discs: usize) -> Engine {
        match n_discs {
            0..=13 => Engine::Table,
            14 => Engine::Pdb,
            15..=16 => Engine::Oracle,
            _ => Engine::Pdb,
        }
    }

    /// Parses `table`, `oracle` or `pdb`.
    pub fn from_name(name: &str) -> Option<Engine> {
        match name {
            "table" => Some(Engine::Table),
            "oracle" => Some(Engine::Oracle),
            "pdb" => Some(Engine::Pdb),
            _ => None,
        }
    }
}

/// Solves every case towards peg 4, each disc count with `engine` or its default engine.
///
/// With `tables`, the oracle loads `hanoi4-nNN.t2` from that folder when present and saves it
/// there after building it.
///
/// # Errors
/// When the engine asked for cannot take a disc count, or a table file cannot be read or written.
pub fn solve_file(
    starts: &[Config],
    engine: Option<Engine>,
    tables: Option<&Path>,
) -> Result<Solution, String> {
    let mut moves: Vec<Vec<Move>> = vec![Vec::new(); starts.len()];
    let mut sizes: Vec<usize> = starts.iter().map(Config::n_discs).collect();
    sizes.sort_unstable();
    sizes.dedup();
    for &n in &sizes {
        let chosen = engine.unwrap_or(Engine::default_for(n));
        if n > chosen.max_discs() {
            let name = format!("{chosen:?}").to_lowercase();
            return Err(format!(
                "the {name} engine takes at most {} discs, not {n}",
                chosen.max_discs()
            ));
        }
    }
    let largest_for_table = sizes
        .iter()
        .copied()
        .filter(|&n| engine.unwrap_or(Engine::default_for(n)) == Engine::Table)
        .max();
    let mut table_solver = largest_for_table.map(Solver::new);
    for n in sizes {
        let chosen = engine.unwrap_or(Engine::default_for(n));
        let cases: Vec<usize> = (0..starts.len())
            .filter(|&i| starts[i].n_discs() == n)
            .collect();
        let group: Vec<Config> = cases.iter().map(|&i| starts[i].clone()).collect();
        let solved: Vec<Vec<Move>> = match chosen {
            Engine::Table => {
                table_solver
                    .as_mut()
                    .expect("allocated for table sizes")
                    .solve_all(&group)
                    .moves
            }
            Engine::Oracle => {
                let table = oracle_table(n, tables)?;
                group.iter().map(|c| table.solve(c)).collect()
            }
            Engine::Pdb => {
                let mut search = PdbSearch::new(n, n.min(PdbSearch::MAX_GROUP));
                if n > GoalTable::MAX_DISCS {
                    // The largest 16 discs measured exactly: built once (24 s, 1 GiB) or loaded.
                    search =
                        search.with_oracle(oracle_table(GoalTable::MAX_DISCS, tables)?, false);
                }
                group
                    .iter()
                    .map(|c| search.solve(c).map(|s| s.moves))
                    .collect::<Result<_, _>>()?
            }
        };
        for (i, m) in cases.into_iter().zip(solved) {
            moves[i] = m;
        }
    }
    Ok(Solution { moves })
}

fn oracle_table(n: usize, tables: Option<&Path>) -> Result<GoalTable, String> {
    let file: Option<PathBuf> = tables.map(|dir| dir.join(format!("hanoi4-n{n:02}.t2")));
    if let Some(file) = file.as_ref().filter(|f| f.exists()) {
        let table = GoalTable::load(file).map_err(|e| format!("{}: {e}", file.display()))?;
        if table.n_discs() == n {
            return Ok(table);
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let (table, _) = GoalTable::build(n, threads, |_, _| {});
    if let Some(file) = file {
        table
            .save(&file)
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    Ok(table)
}
