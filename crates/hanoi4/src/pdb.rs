//! Optimal solving past the tables: A* over additive pattern databases (up to 20 discs).
//!
//! A pattern database for `k` discs is the distance to "all on peg 4" of every canonical
//! configuration of `k` discs (pegs 1 to 3 relabelled, see [`HanoiSpace::symmetric`]), one byte
//! each in a table of 4^k bytes (256 MiB for 14), built by one full BFS of the quotient on a
//! `statespace::ByteArena`. Projecting a configuration of `n`
//! discs onto a group of `k` consecutive discs gives a `k`-disc configuration (the other discs
//! ignored) whose distance cannot exceed the real one; since every move moves one disc of one
//! group, the distances of disjoint groups add up to an admissible and consistent heuristic
//! (Felner, Korf & Hanan, JAIR 2004). One partition per position of the largest group (a window
//! of consecutive discs, the rest split around it) is used, and the largest sum taken. The search is `statespace::astar` on the quotient by
//! relabelling pegs 1 to 3 (every pattern distance is invariant under it), on a sparse arena.

use statespace::{ByteArena, SparseArena, astar, full_bfs};

use crate::solve::real_moves;
use crate::{Config, GoalTable, HanoiSpace, Move};

/// A solution with the effort it took.
#[derive(Clone, Debug)]
pub struct PdbSolution {
    /// An optimal move sequence to all discs on peg 4.
    pub moves: Vec<Move>,
    /// States expanded by the A* search.
    pub expanded: u64,
}

/// Additive pattern databases and the A* search over them, for `n` discs.
pub struct PdbSearch {
    n_discs: usize,
    /// `tables[k]`: distance plus one of every canonical `k`-disc configuration (unused: empty).
    tables: Vec<ByteArena>,
    /// `spaces[k]`: the quotient space of `k` discs, for canonical forms.
    spaces: Vec<HanoiSpace>,
    /// Partitions of the discs `0..n` into contiguous groups `(first disc, size)`.
    partitions: Vec<Vec<(usize, usize)>>,
    /// An exact two-bit table for the largest discs, when given ([`PdbSearch::with_oracle`]).
    oracle: Option<GoalTable>,
}

impl PdbSearch {
    /// The most discs the search accepts.
    pub const MAX_DISCS: usize = 20;

    /// The largest pattern database: 14 discs, 256 MiB, built in about three seconds.
    pub const MAX_GROUP: usize = 14;

    /// Builds the pattern databases for `n_discs` with groups of at most `max_group` discs
    /// (at most [`PdbSearch::MAX_GROUP`]).
    pub fn new(n_discs: usize, max_group: usize) -> Self {
        assert!((1..=Self::MAX_DISCS).contains(&n_discs), "1 to 20 discs");
        assert!(
            (1..=Self::MAX_GROUP).contains(&max_group),
            "groups of 1 to 14 discs"
        );
        let partitions = windows(n_discs, max_group);
        let mut tables: Vec<ByteArena> = (0..=max_group).map(|_| ByteArena::new(0)).collect();
        let spaces = (0..=max_group)
            .map(|k| HanoiSpace::symmetric(k.max(1)))
            .collect();
        for &(_, k) in partitions.iter().flatten() {
            if tables[k].as_bytes().is_empty() {
                let mut table = ByteArena::new(1 << (2 * k));
                full_bfs(
                    &HanoiSpace::symmetric(k),
                    &mut table,
                    &[(1u64 << (2 * k)) - 1],
                );
                tables[k] = table;
            }
        }
        Self {
            n_discs,
            tables,
            spaces,
            partitions,
            oracle: None,
        }
    }

    /// Adds one more partition: the largest `m` discs measured exactly by a two-bit goal table
    /// of `m < n` discs (by descent, memoised per search), the smaller discs by the pattern
    /// databases. Most moves move small discs, so the exact part is looked up rarely, and it
    /// is far stronger than any sum of databases over those discs.
    ///
    /// # Panics
    /// When the table has `n` discs or more, or the rest exceeds the groups' size.
    pub fn with_oracle(mut self, oracle: GoalTable) -> Self {
        let m = oracle.n_discs();
        assert!(m < self.n_discs, "the oracle covers the largest discs only");
        let rest = self.n_discs - m;
        assert!(
            rest < self.tables.len(),
            "the discs below the oracle fit one database"
        );
        if self.tables[rest].as_bytes().is_empty() {
            let mut table = ByteArena::new(1 << (2 * rest));
            full_bfs(
                &HanoiSpace::symmetric(rest),
                &mut table,
                &[(1u64 << (2 * rest)) - 1],
            );
            self.tables[rest] = table;
        }
        self.oracle = Some(oracle);
        self
    }

    /// The pattern distance of discs `first..first + k` of `state`.
    #[inline]
    fn pattern(&self, state: u64, first: usize, k: usize) -> u32 {
        let projected = state >> (2 * first) & ((1u64 << (2 * k)) - 1);
        let canonical = self.spaces[k].canonical(projected);
        u32::from(self.tables[k].as_bytes()[canonical as usize]) - 1
    }

    /// The heuristic: the largest of the partitions' sums of pattern distances, and of the
    /// oracle's exact distance of the largest discs plus the pattern distance of the rest.
    fn heuristic(&self, state: u64, exact: &mut std::collections::HashMap<u64, u32>) -> u32 {
        let with_oracle = self.oracle.as_ref().map_or(0, |oracle| {
            let rest = self.n_discs - oracle.n_discs();
            let top = state >> (2 * rest);
            let top_distance = *exact
                .entry(top)
                .or_insert_with(|| oracle.distance_packed(top));
            top_distance + self.pattern(state, 0, rest)
        });
        let by_patterns = self
            .partitions
            .iter()
            .map(|groups| {
                groups
                    .iter()
                    .map(|&(first, k)| self.pattern(state, first, k))
                    .sum::<u32>()
            })
            .max()
            .expect("at least one partition");
        by_patterns.max(with_oracle)
    }

    /// The most states one search may generate before giving up: about 7 GiB of hash map and
    /// queue on top of the databases, so a hard 19- or 20-disc case ends with an error instead
    /// of exhausting the machine's memory.
    pub const MAX_STATES: usize = 150_000_000;

    /// An optimal move sequence from `config` to all discs on peg 4.
    ///
    /// # Errors
    /// When the search generates [`PdbSearch::MAX_STATES`] states without reaching the goal.
    ///
    /// # Panics
    /// When `config` does not have this search's number of discs.
    pub fn solve(&mut self, config: &Config) -> Result<PdbSolution, String> {
        assert_eq!(
            config.n_discs(),
            self.n_discs,
            "the databases are for {} discs",
            self.n_discs
        );
        let space = HanoiSpace::symmetric(self.n_discs);
        let start = config.pack();
        let goal = (1u64 << (2 * self.n_discs)) - 1;
        let mut arena = SparseArena::new();
        let mut exact = std::collections::HashMap::new();
        let result = astar(
            &space,
            &mut arena,
            space.canonical(start),
            goal,
            Self::MAX_STATES,
            |s| self.heuristic(s, &mut exact),
        );
        // Give the memory back at once; the next search starts from an empty arena anyway.
        drop(arena);
        if result.gave_up {
            return Err(format!(
                "the pattern-database search gave up after {} states on a {}-disc case (memory budget)",
                Self::MAX_STATES,
                self.n_discs
            ));
        }
        let path = result.path.expect("every configuration reaches the goal");
        Ok(PdbSolution {
            moves: real_moves(&space, start, &path),
            expanded: result.expanded,
        })
    }
}

/// One partition of `0..n` per position of a window of `size` consecutive discs: the window
/// itself, and the discs below and above it cut into groups of at most `size`.
fn windows(n: usize, size: usize) -> Vec<Vec<(usize, usize)>> {
    if n <= size {
        return vec![vec![(0, n)]];
    }
    let split = |first: usize, end: usize, groups: &mut Vec<(usize, usize)>| {
        let mut at = first;
        while at < end {
            let k = size.min(end - at);
            groups.push((at, k));
            at += k;
        }
    };
    (0..=n - size)
        .map(|offset| {
            let mut groups = Vec::new();
            split(0, offset, &mut groups);
            groups.push((offset, size));
            split(offset + size, n, &mut groups);
            groups
        })
        .collect()
}
