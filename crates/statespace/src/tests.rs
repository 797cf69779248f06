//! Exhaustive agreement of the searches with an independent reference BFS.

use rstest::rstest;

#[path = "../tests/support/queue_bfs.rs"]
mod queue_bfs;
use queue_bfs::queue_distances;

use crate::block::{Members, Successors};
use crate::{Arena, DenseArena, FnSpace, Levels, Search, SearchError, Space, SparseArena};

// The questions these tests ask, each through the builder (`Search`) with its options set the
// way the test names them.

fn bfs<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    goal: impl Fn(u64) -> bool,
    limit: Option<u32>,
) -> Option<Vec<u64>> {
    let search = Search::over(space).arena(arena);
    match limit {
        Some(limit) => search.limit(limit).bfs(start, &goal),
        None => search.bfs(start, &goal),
    }
}

fn full_bfs<S: Space, A: Arena>(space: &S, arena: &mut A, sources: &[u64]) -> Levels {
    Search::over(space).arena(arena).levels(sources)
}

fn full_bfs_within<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    sources: &[u64],
    radius: u32,
) -> Levels {
    Search::over(space)
        .arena(arena)
        .limit(radius)
        .levels(sources)
}

fn par_full_bfs_within<S: Space + Sync, A: Arena + Sync>(
    space: &S,
    arena: &mut A,
    sources: &[u64],
    radius: u32,
    threads: usize,
) -> Levels {
    let search = Search::over(space).arena(arena).limit(radius);
    search.threads(threads).levels(sources)
}

fn bidirectional_bfs<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &[u64],
) -> Result<Option<Vec<u64>>, SearchError> {
    Search::over(space).arena(arena).bidirectional(start, goals)
}

fn astar<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &[u64],
    max_states: usize,
    mut estimate: impl FnMut(u64) -> u32,
) -> crate::AStarResult {
    let search = Search::over(space).arena(arena).max_states(max_states);
    search.astar(start, goals, &mut estimate).unwrap()
}

fn descend_mod3<S: Space>(
    space: &S,
    table: &crate::TwoBitTable,
    sources: &[u64],
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    table.walk_to_source(space, from, sources)
}

fn descend_mod3_to_seed<S: Space>(
    space: &S,
    table: &crate::TwoBitTable,
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    table.walk_to_seed(space, from)
}

/// A graph as adjacency lists; successors are listed in insertion order.
struct Graph {
    adjacency: Vec<Vec<u64>>,
}

impl Graph {
    fn random(rng: &mut fastrand::Rng, n_nodes: usize, n_edges: usize, undirected: bool) -> Self {
        let mut adjacency = vec![Vec::new(); n_nodes];
        for _ in 0..n_edges {
            let a = rng.u64(..n_nodes as u64);
            let b = rng.u64(..n_nodes as u64);
            if a == b || adjacency[a as usize].contains(&b) {
                continue;
            }
            adjacency[a as usize].push(b);
            if undirected {
                adjacency[b as usize].push(a);
            }
        }
        Self { adjacency }
    }

    /// Reference distances from a set of sources, by the textbook queue BFS.
    fn reference_distances(&self, sources: &[u64]) -> Vec<Option<u32>> {
        queue_distances(self.adjacency.len(), sources, |u, visit| {
            self.adjacency[u as usize].iter().for_each(|&v| visit(v));
        })
    }

    fn reversed(&self) -> Self {
        let mut adjacency = vec![Vec::new(); self.adjacency.len()];
        for (u, targets) in self.adjacency.iter().enumerate() {
            for &v in targets {
                adjacency[v as usize].push(u as u64);
            }
        }
        Self { adjacency }
    }
}

impl Space for Graph {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for &next in &self.adjacency[state as usize] {
            visit(next);
        }
    }
}

/// Checks a path edge by edge against the graph's own lists, its endpoints and its length.
#[track_caller]
fn check_path(graph: &Graph, path: &[u64], start: u64, goals: &[u64], expected_moves: u32) {
    assert_eq!(path.first(), Some(&start));
    assert!(
        goals.contains(path.last().unwrap()),
        "path ends off the goals: {path:?}"
    );
    assert_eq!(path.len() as u32 - 1, expected_moves, "path {path:?}");
    for step in path.windows(2) {
        assert!(
            graph.adjacency[step[0] as usize].contains(&step[1]),
            "illegal step {step:?}"
        );
    }
}

fn all_searches_agree<A: Arena>(arena: &mut A, seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for round in 0..40 {
        let n_nodes = 2 + rng.u64(..40) as usize;
        let n_edges = rng.u64(..3 * n_nodes as u64) as usize;
        let graph = Graph::random(&mut rng, n_nodes, n_edges, true);
        for start in 0..n_nodes as u64 {
            let reference = graph.reference_distances(&[start]);
            let levels = full_bfs(&graph, arena, &[start]);
            for (state, want) in reference.iter().enumerate() {
                assert_eq!(
                    arena.distance(state as u64),
                    *want,
                    "round {round} full_bfs"
                );
            }
            assert_eq!(levels.reached(), reference.iter().flatten().count() as u64);
            for goal in 0..n_nodes as u64 {
                let goals = [goal, (goal * 7 + round) % n_nodes as u64];
                let want = graph.reference_distances(&goals)[start as usize];
                let two_way = bidirectional_bfs(&graph, arena, start, &goals).unwrap();
                assert_eq!(two_way.as_ref().map(|p| p.len() as u32 - 1), want);
                if let Some(path) = two_way {
                    check_path(&graph, &path, start, &goals, want.unwrap());
                }
                let one_way = bfs(&graph, arena, start, |s| goals.contains(&s), None);
                assert_eq!(one_way.as_ref().map(|p| p.len() as u32 - 1), want);
                if let Some(path) = one_way {
                    check_path(&graph, &path, start, &goals, want.unwrap());
                }
            }
        }
    }
}

#[rstest]
#[case::seed_1(1)]
#[case::seed_2(0x5eed)]
#[case::seed_3(0xdead_beef)]
fn random_undirected_graphs_dense(#[case] seed: u64) {
    // One arena for thousands of queries: a stale code would change some answer.
    let mut arena = DenseArena::new(64);
    all_searches_agree(&mut arena, seed);
}

#[rstest]
#[case::seed_1(7)]
#[case::seed_2(0xfeed)]
fn random_undirected_graphs_sparse(#[case] seed: u64) {
    let mut arena = SparseArena::new();
    all_searches_agree(&mut arena, seed);
}

#[rstest]
#[case::seed_1(11)]
#[case::seed_2(0xc0ffee)]
fn random_undirected_graphs_compact(#[case] seed: u64) {
    let mut arena = crate::CompactArena::new();
    all_searches_agree(&mut arena, seed);
}

#[test]
fn compact_arena_equals_a_hash_map_through_growth() {
    // Signed codes, overwrites, states spread over the 40 bits, through several doublings.
    let mut arena = crate::CompactArena::new();
    let mut model = std::collections::HashMap::new();
    let mut rng = fastrand::Rng::with_seed(0xa7e4a);
    for round in 0..3 {
        for _ in 0..20_000 {
            let state = (rng.u64(..) % (1 << 40)) >> (rng.u64(..) % 30);
            let code = (rng.u64(..) % 2_000_000) as i32 - 1_000_000;
            if code == 0 {
                continue;
            }
            arena.set(state, code);
            model.insert(state, code);
        }
        assert_eq!(arena.len(), model.len(), "round {round}");
        for (&state, &code) in &model {
            assert_eq!(arena.get(state), code);
        }
        for _ in 0..1000 {
            let state = rng.u64(..) % (1 << 40);
            assert_eq!(arena.get(state), model.get(&state).copied().unwrap_or(0));
        }
        arena.reset();
        model.clear();
        assert_eq!(arena.get(0), 0);
    }
    assert_eq!(arena.get(u64::MAX), 0);
}

#[test]
fn compact_arena_refuses_wide_states() {
    // A broken invariant of the caller: a panic with a message, caught here to read it.
    let refused = std::panic::catch_unwind(|| crate::CompactArena::new().set(1 << 40, 1));
    let message = refused.expect_err("a state of 2^40 is refused");
    let message = message
        .downcast_ref::<String>()
        .map(String::as_str)
        .or(message.downcast_ref::<&str>().copied());
    assert!(
        message.is_some_and(|m| m.contains("below 2^40")),
        "{message:?}"
    );
}

#[test]
fn byte_arena_full_bfs_equals_dense() {
    let mut rng = fastrand::Rng::with_seed(0xb17e);
    let mut dense = DenseArena::new(200);
    let mut bytes = crate::ByteArena::new(200);
    for _ in 0..100 {
        let graph = Graph::random(&mut rng, 200, 300, true);
        let source = rng.u64(..200);
        assert_eq!(
            full_bfs(&graph, &mut dense, &[source]),
            full_bfs(&graph, &mut bytes, &[source])
        );
        assert!((0..200).all(|s| dense.get(s) == bytes.get(s)));
    }
}

#[test]
fn directed_graphs_with_depth_limits() {
    let mut rng = fastrand::Rng::with_seed(99);
    let mut arena = DenseArena::new(50);
    for _ in 0..200 {
        let graph = Graph::random(&mut rng, 50, 80, false);
        let start = rng.u64(..50);
        let goal = rng.u64(..50);
        let want = graph.reference_distances(&[start])[goal as usize];
        for limit in [0, 1, 2, 3, 5, 8, 100] {
            let path = bfs(&graph, &mut arena, start, |s| s == goal, Some(limit));
            let expected = want.filter(|&d| d <= limit);
            assert_eq!(path.as_ref().map(|p| p.len() as u32 - 1), expected);
            if let Some(path) = path {
                check_path(&graph, &path, start, &[goal], expected.unwrap());
            }
        }
        // Distances to a goal on a directed graph: full BFS on the reversed graph.
        let reversed = graph.reversed();
        full_bfs(&reversed, &mut arena, &[goal]);
        assert_eq!(arena.distance(start), want);
    }
}

/// A 2 x 3 sliding puzzle: tile `i` of cell `c` at bits `3c..3c+3`, 0 for the blank.
fn sliding_space() -> FnSpace<impl Fn(u64, &mut dyn FnMut(u64))> {
    FnSpace(|state: u64, visit: &mut dyn FnMut(u64)| {
        let blank = (0..6).find(|c| (state >> (3 * c)) & 7 == 0).unwrap();
        let (row, col) = (blank / 3, blank % 3);
        let mut neighbours = Vec::new();
        if row == 1 {
            neighbours.push(blank - 3);
        }
        if col > 0 {
            neighbours.push(blank - 1);
        }
        if col < 2 {
            neighbours.push(blank + 1);
        }
        if row == 0 {
            neighbours.push(blank + 3);
        }
        for cell in neighbours {
            let tile = (state >> (3 * cell)) & 7;
            visit(state & !(7 << (3 * cell)) | (tile << (3 * blank)));
        }
    })
}

fn pack_tiles(tiles: [u64; 6]) -> u64 {
    tiles.iter().enumerate().map(|(c, &t)| t << (3 * c)).sum()
}

#[test]
fn sliding_puzzle_halves_and_paths() {
    let space = sliding_space();
    let solved = pack_tiles([1, 2, 3, 4, 5, 0]);
    let mut table = DenseArena::new(1 << 18);
    let levels = full_bfs(&space, &mut table, &[solved]);
    // Half of the 720 arrangements are reachable; the 2 x 3 puzzle's diameter is 21.
    assert_eq!(levels.reached(), 360);
    assert_eq!(levels.max_distance(), 21);
    let reachable: Vec<u64> = (0..1u64 << 18).filter(|&s| table.get(s) != 0).collect();
    let distances: Vec<u32> = reachable
        .iter()
        .map(|&s| table.distance(s).unwrap())
        .collect();

    let mut arena = DenseArena::new(1 << 18);
    let mut sparse = SparseArena::new();
    for (&start, &want) in reachable.iter().zip(&distances) {
        let path = bidirectional_bfs(&space, &mut arena, start, &[solved])
            .unwrap()
            .unwrap();
        assert_eq!(path.len() as u32 - 1, want);
        let again = bidirectional_bfs(&space, &mut sparse, start, &[solved])
            .unwrap()
            .unwrap();
        assert_eq!(path, again, "the path must not depend on the arena");
        for step in path.windows(2) {
            let mut legal = false;
            space.for_each_successor(step[0], |s| legal |= s == step[1]);
            assert!(legal);
        }
        assert_eq!(*path.last().unwrap(), solved);
    }
    // An arrangement of the other parity is unreachable.
    let swapped = pack_tiles([2, 1, 3, 4, 5, 0]);
    assert_eq!(
        bidirectional_bfs(&space, &mut arena, swapped, &[solved]),
        Ok(None)
    );
}

#[test]
fn dense_reset_after_a_query_larger_than_the_log() {
    // A line graph of 4096 states: a full BFS overflows the log, later small queries must not
    // see its codes.
    let line = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
        if s > 0 {
            visit(s - 1);
        }
        if s < 4095 {
            visit(s + 1);
        }
    });
    let mut arena = DenseArena::new(4096);
    for round in 0..50u64 {
        full_bfs(&line, &mut arena, &[round]);
        assert_eq!(arena.len(), 4096);
        let a = round * 37 % 4096;
        let b = (a + round) % 4096;
        let path = bidirectional_bfs(&line, &mut arena, a, &[b])
            .unwrap()
            .unwrap();
        assert_eq!(path.len() as u64 - 1, a.abs_diff(b));
        assert!(arena.len() as u64 <= 2 * a.abs_diff(b) + 4);
        arena.reset();
        assert!((0..4096).all(|s| arena.get(s) == 0));
    }
}

#[test]
fn start_that_is_a_goal_and_empty_goal_sets() {
    let graph = Graph {
        adjacency: vec![vec![1], vec![0]],
    };
    let mut arena = SparseArena::new();
    assert_eq!(
        bidirectional_bfs(&graph, &mut arena, 1, &[0, 1]),
        Ok(Some(vec![1]))
    );
    assert_eq!(bidirectional_bfs(&graph, &mut arena, 1, &[]), Ok(None));
    assert_eq!(
        bfs(&graph, &mut arena, 0, |s| s == 0, Some(0)),
        Some(vec![0])
    );
    assert_eq!(bfs(&graph, &mut arena, 0, |s| s == 1, Some(0)), None);
}

#[rstest]
#[case::one_thread(1)]
#[case::two_threads(2)]
fn two_bit_bfs_equals_full_bfs(#[case] threads: usize) {
    use crate::TwoBitSearch;
    let mut rng = fastrand::Rng::with_seed(0x2b17);
    let mut arena = DenseArena::new(3000);
    for round in 0..60 {
        let n_nodes = 2 + rng.u64(..2998) as usize;
        let n_edges = rng.u64(..4 * n_nodes as u64) as usize;
        let graph = Graph::random(&mut rng, n_nodes, n_edges, true);
        let sources: Vec<u64> = (0..1 + round % 3)
            .map(|_| rng.u64(..n_nodes as u64))
            .collect();
        let mut reported = Vec::new();
        let (table, levels) = TwoBitSearch::new(&graph, n_nodes as u64)
            .sources(sources.iter().copied())
            .threads(threads)
            .progress(|d, size| reported.push((d, size)))
            .run();
        let want = full_bfs(&graph, &mut arena, &sources);
        assert_eq!(levels, want, "round {round}");
        assert_eq!(reported.len(), want.sizes().len());
        for state in 0..n_nodes as u64 {
            let distance = arena.distance(state);
            assert_eq!(table.code(state).map(u32::from), distance.map(|d| d % 3));
            let path = descend_mod3(&graph, &table, &sources, state).unwrap();
            assert_eq!(path.as_ref().map(|p| p.len() as u32 - 1), distance);
            if let Some(path) = path {
                assert!(sources.contains(path.last().unwrap()));
                for step in path.windows(2) {
                    assert!(graph.adjacency[step[0] as usize].contains(&step[1]));
                }
            }
        }
        let words: Vec<u64> = table.words().collect();
        let again = crate::TwoBitTable::from_words(words, n_nodes as u64);
        assert!((0..n_nodes as u64).all(|s| again.code(s) == table.code(s)));
    }
}

/// Seeds entering at their own levels: every code equals the minimum over seeds of the seed's
/// level plus the reference BFS distance from it, the level sizes count those minima, and a
/// descent ends at a seed whose level plus the descent's length is the state's value.
#[rstest]
#[case::one_thread(1)]
#[case::two_threads(2)]
fn seeded_two_bit_bfs_equals_the_minimum_over_seeds(#[case] threads: usize) {
    use crate::TwoBitSearch;
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    for round in 0..40 {
        let n_nodes = 2 + rng.u64(..600) as usize;
        let n_edges = rng.u64(..4 * n_nodes as u64) as usize;
        let graph = Graph::random(&mut rng, n_nodes, n_edges, true);
        let seeds: Vec<(u64, u32)> = (0..1 + round % 5)
            .map(|_| (rng.u64(..n_nodes as u64), rng.u32(3..20)))
            .collect();
        let (table, levels) = TwoBitSearch::new(&graph, n_nodes as u64)
            .seeds(seeds.iter().copied())
            .threads(threads)
            .run();
        let value = |state: u64| {
            seeds
                .iter()
                .filter_map(|&(seed, level)| {
                    graph.reference_distances(&[seed])[state as usize].map(|d| d + level)
                })
                .min()
        };
        let mut sizes = vec![0u64; levels.sizes().len()];
        for state in 0..n_nodes as u64 {
            let want = value(state);
            assert_eq!(table.code(state).map(u32::from), want.map(|v| v % 3));
            if let Some(v) = want {
                sizes[v as usize] += 1;
                let sources: Vec<u64> = seeds.iter().map(|s| s.0).collect();
                let path = descend_mod3(&graph, &table, &sources, state)
                    .unwrap()
                    .unwrap();
                let end = *path.last().unwrap();
                // The walk may pass a seed that entered late; it stops at the first seed.
                assert!(
                    path.windows(2)
                        .all(|w| graph.adjacency[w[0] as usize].contains(&w[1]))
                );
                assert_eq!(
                    value(end).unwrap() + path.len() as u32 - 1,
                    v,
                    "round {round}"
                );
                // Without the seeds listed, the walk goes on to a seed at its own level.
                let walk = descend_mod3_to_seed(&graph, &table, state)
                    .unwrap()
                    .unwrap();
                let bottom = *walk.last().unwrap();
                assert!(
                    seeds.contains(&(bottom, value(bottom).unwrap())),
                    "round {round}"
                );
                assert_eq!(value(bottom).unwrap() + walk.len() as u32 - 1, v);
            }
        }
        assert_eq!(levels.sizes(), sizes, "round {round}");
    }
}

/// A line of states joined by jumps of a few lengths each way, that reports its successors as
/// sets: every jump moves the block's members together, to a set that starts anywhere (so it
/// straddles words, blocks and the threads' segments, and is cut at both ends of the table).
struct Jumps {
    len: u64,
    lengths: Vec<u64>,
}

impl Space for Jumps {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for &d in &self.lengths {
            if state + d < self.len {
                visit(state + d);
            }
            if state >= d {
                visit(state - d);
            }
        }
    }

    fn expands_blocks(&self) -> bool {
        true
    }

    fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
        for &d in &self.lengths {
            // Up: the members `i` with `first + i + d` below the end.
            let room = self.len.saturating_sub(first + d);
            let up = if room >= 64 {
                members
            } else {
                members & !Members::ALL.shift_up(room as u32)
            };
            if !up.is_empty() {
                out.many(first + d, up);
            }
            // Down: member `i` goes to `first + i - d`, when that is a state.
            if first >= d {
                out.many(first - d, members);
            } else {
                out.many(0, members.shift_down((d - first).min(64) as u32));
            }
        }
    }
}

/// The number of states at each distance of a reference search's `distance` table.
fn level_sizes(distance: &[Option<u32>]) -> Vec<u64> {
    let mut sizes = Vec::new();
    for &d in distance.iter().flatten() {
        if sizes.len() <= d as usize {
            sizes.resize(d as usize + 1, 0u64);
        }
        sizes[d as usize] += 1;
    }
    sizes
}

/// Moves from `state` to states all over a table of `len`: the neighbours of its own block,
/// then a few picked by a hash of the state (the same on every call), some near, most far.
fn scattered(len: u64, state: u64, visit: &mut dyn FnMut(u64)) {
    for d in [1, 33, 64, 1000] {
        visit((state + d) % len);
        visit((state + len - d) % len);
    }
    let mut hash = state.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d;
    for _ in 0..3 {
        hash ^= hash >> 29;
        hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        visit(hash % len);
    }
}

/// A space expanded state by state (the default block expansion), its moves landing anywhere
/// (one-way, so levels differ from the reverse search), gives a plain queue BFS's codes and
/// levels on 1 to 3 threads, with and without the exact frontier, with successors reached at
/// once or gathered: every path of the per-state expansion (in the block, near, batched, far
/// and grouped by segment, mailed).
#[rstest]
#[case::one_thread(1)]
#[case::two_threads(2)]
#[case::three_threads(3)]
fn two_bit_bfs_of_a_per_state_space_equals_a_queue_bfs(#[case] threads: usize) {
    let mut rng = fastrand::Rng::with_seed(0x9e12 + threads as u64);
    for round in 0..4 {
        let len = (1 << 18) + rng.u64(..1 << 18);
        let space = crate::from_fn(|state, visit| scattered(len, state, visit));
        let sources = [rng.u64(..len), rng.u64(..len)];
        let distance = queue_distances(len as usize, &sources, |state, visit| {
            scattered(len, state, visit);
        });
        let sizes = level_sizes(&distance);
        for (exact, cached) in [(true, false), (false, true), (true, true), (false, false)] {
            let (table, levels) = crate::TwoBitSearch::new(&space, len)
                .sources(sources)
                .threads(threads)
                .exact_frontier(exact)
                .cached(cached)
                .run();
            assert_eq!(levels.sizes(), sizes, "round {round}, {exact} {cached}");
            // Weighted: each level's weight is its states' (counted as codes are written).
            let (_, weighed) = crate::TwoBitSearch::new(&space, len)
                .sources(sources)
                .threads(threads)
                .exact_frontier(exact)
                .cached(cached)
                .weight(|state: u64| state % 3 + 1)
                .run();
            let mut weights = vec![0; sizes.len()];
            for (state, d) in distance.iter().enumerate() {
                if let Some(d) = d {
                    weights[*d as usize] += state as u64 % 3 + 1;
                }
            }
            assert_eq!(weighed.sizes(), weights, "round {round}, {exact} {cached}");
            for state in 0..len {
                let want = distance[state as usize].map(|d| d % 3);
                assert_eq!(
                    table.code(state).map(u32::from),
                    want,
                    "round {round}, state {state}, {exact} {cached}"
                );
            }
        }
    }
}

/// With the exact frontier, every state reached is expanded exactly once (older states with
/// the level's code, distance mod 3, in the same blocks, are not expanded again), on 1 to 3
/// threads, with seeds entering at later levels; without it, never less than once.
#[rstest]
#[case::one_thread(1)]
#[case::two_threads(2)]
#[case::three_threads(3)]
fn the_exact_frontier_expands_each_state_once(#[case] threads: usize) {
    use std::sync::atomic::{AtomicU32, Ordering};
    let len = (1 << 18) + 123;
    let calls: Vec<AtomicU32> = (0..len).map(|_| AtomicU32::new(0)).collect();
    let space = crate::from_fn(|state, visit| {
        calls[state as usize].fetch_add(1, Ordering::Relaxed);
        scattered(len, state, visit);
    });
    for (exact, cached) in [(true, true), (true, false), (false, true)] {
        calls.iter().for_each(|c| c.store(0, Ordering::Relaxed));
        let (table, levels) = crate::TwoBitSearch::new(&space, len)
            .seeds([(7, 0), (len - 1, 3), (100_000, 5)])
            .threads(threads)
            .exact_frontier(exact)
            .cached(cached)
            .run();
        assert!(levels.sizes().len() > 6, "levels {:?}", levels.sizes());
        for state in 0..len {
            let calls = calls[state as usize].load(Ordering::Relaxed);
            let reached = table.code(state).is_some();
            if exact {
                assert_eq!(
                    calls,
                    u32::from(reached),
                    "state {state}, {threads} threads"
                );
            } else {
                assert!(
                    calls >= u32::from(reached),
                    "state {state}, {threads} threads"
                );
            }
        }
        if !exact {
            // Older states of a level's code are expanded again: the frontier is what avoids it.
            let total: u64 = calls
                .iter()
                .map(|c| u64::from(c.load(Ordering::Relaxed)))
                .sum();
            assert!(total > levels.sizes().iter().sum::<u64>());
        }
    }
}

/// Sets of successors reported anywhere (unaligned, across segments, cut at the table's ends)
/// reach exactly what a plain queue BFS over the same moves reaches, on 1 to 3 threads.
#[rstest]
#[case::one_thread(1)]
#[case::two_threads(2)]
#[case::three_threads(3)]
fn two_bit_bfs_reaches_sets_reported_anywhere(#[case] threads: usize) {
    let mut rng = fastrand::Rng::with_seed(0x5e75 + threads as u64);
    let choices = [
        1,
        3,
        31,
        32,
        33,
        63,
        64,
        65,
        95,
        96,
        128,
        1000,
        65_536 - 17,
        65_536,
        65_539,
        (1 << 20) - 5,
        (1 << 20) + 7,
    ];
    for round in 0..6 {
        // The last round's table is cut into segments of 2^17 states, the others' of 2^16.
        let len = if round == 5 {
            (1 << 23) + rng.u64(..1 << 20)
        } else {
            (1 << 16) + rng.u64(..3 << 16)
        };
        let mut lengths: Vec<u64> = (0..2 + round % 3)
            .map(|_| choices[rng.usize(..choices.len())])
            .collect();
        if round == 5 {
            // Jumps of every scale, so that the large table is crossed in a few hundred levels
            // (short jumps alone would take millions, each a meeting of the threads).
            lengths.extend([1000, 65_539, (1 << 20) + 7]);
        } else if threads > 2 {
            // More threads than this machine's cores sleep and wake at every level's barriers:
            // a jump of 1000 keeps the levels to a few hundred, where lengths such as 128 and
            // 65,519 alone make tens of thousands.
            lengths.push(1000);
        }
        let space = Jumps { len, lengths };
        let source = rng.u64(..len);
        let (table, levels) = crate::TwoBitSearch::new(&space, len)
            .sources([source])
            .threads(threads)
            .run();
        // The reference: a queue, state by state.
        let distance = queue_distances(len as usize, &[source], |state, visit| {
            space.for_each_successor(state, visit);
        });
        let sizes = level_sizes(&distance);
        assert_eq!(
            levels.sizes(),
            sizes,
            "round {round}: {len} states, {:?}",
            space.lengths
        );
        for state in 0..len {
            let want = distance[state as usize].map(|d| d % 3);
            assert_eq!(
                table.code(state).map(u32::from),
                want,
                "round {round}, state {state}"
            );
        }
    }
}

#[test]
fn two_bit_bfs_on_the_sliding_puzzle() {
    let space = sliding_space();
    let solved = pack_tiles([1, 2, 3, 4, 5, 0]);
    let (table, levels) = crate::TwoBitSearch::new(&space, 1 << 18)
        .sources([solved])
        .threads(2)
        .run();
    assert_eq!(levels.reached(), 360);
    assert_eq!(levels.max_distance(), 21);
    let far = (0..1u64 << 18).find(|&s| {
        table.code(s).is_some() && {
            descend_mod3(&space, &table, &[solved], s)
                .unwrap()
                .unwrap()
                .len()
                == 22
        }
    });
    assert!(far.is_some());
}

#[test]
fn astar_equals_bfs_with_zero_and_real_heuristics() {
    let space = sliding_space();
    let solved = pack_tiles([1, 2, 3, 4, 5, 0]);
    let mut table = DenseArena::new(1 << 18);
    full_bfs(&space, &mut table, &[solved]);
    // Manhattan distance of the tiles: consistent for the sliding puzzle.
    let manhattan = |state: u64| -> u32 {
        (0..6u64)
            .map(|cell| {
                let tile = (state >> (3 * cell)) & 7;
                if tile == 0 {
                    return 0;
                }
                let home = tile - 1;
                ((cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3)) as u32
            })
            .sum()
    };
    let mut arena = SparseArena::new();
    for start in (0..1u64 << 18).filter(|&s| table.get(s) != 0) {
        let want = table.distance(start).unwrap();
        for informed in [0, 1, 2] {
            // 0: no heuristic; 1: Manhattan (consistent); 2: Manhattan on some states only
            // (admissible, inconsistent).
            let result = astar(
                &space,
                &mut arena,
                start,
                &[solved],
                usize::MAX,
                |s| match informed {
                    0 => 0,
                    1 => manhattan(s),
                    _ => {
                        if s % 3 == 0 {
                            manhattan(s)
                        } else {
                            0
                        }
                    }
                },
            );
            let path = result.path.unwrap();
            assert_eq!(path.len() as u32 - 1, want);
            assert_eq!((path[0], *path.last().unwrap()), (start, solved));
            for step in path.windows(2) {
                let mut legal = false;
                space.for_each_successor(step[0], |s| legal |= s == step[1]);
                assert!(legal);
            }
        }
    }
    let swapped = pack_tiles([2, 1, 3, 4, 5, 0]);
    assert_eq!(
        astar(&space, &mut arena, swapped, &[solved], usize::MAX, |_| 0).path,
        None
    );
    let far = (0..1u64 << 18)
        .find(|&s| table.distance(s) == Some(21))
        .unwrap();
    let limited = astar(&space, &mut arena, far, &[solved], 50, |_| 0);
    assert!(limited.gave_up && limited.path.is_none());
}

/// The water jugs of the tutorial (3 and 5 litres, a state `small * 16 + large`): filling and
/// emptying cannot be undone in one move.
fn water_jugs() -> impl Space {
    crate::from_fn(|state, visit| {
        let (small, large) = (state / 16, state % 16);
        let into_large = small.min(5 - large);
        let into_small = large.min(3 - small);
        visit(3 * 16 + large);
        visit(small * 16 + 5);
        visit(large);
        visit(small * 16);
        visit((small - into_large) * 16 + large + into_large);
        visit((small + into_small) * 16 + large - into_small);
    })
}

#[test]
fn bidirectional_search_refuses_moves_that_cannot_be_undone_in_every_build() {
    let refused = bidirectional_bfs(&water_jugs(), &mut SparseArena::new(), 0, &[4]);
    let Err(SearchError::Irreversible { from, to }) = refused else {
        panic!("not refused: {refused:?}");
    };
    // A real move that cannot be undone: from (0, 4), filling the large jug.
    let moves = |state: u64| {
        let mut next = Vec::new();
        water_jugs().for_each_successor(state, |s| next.push(s));
        next
    };
    assert_eq!((from, to), (4, 5));
    assert!(moves(from).contains(&to) && !moves(to).contains(&from));
    let message = refused.unwrap_err().to_string();
    assert!(
        message.contains("cannot be undone in one move"),
        "{message}"
    );
    // The plain BFS needs no reversible moves: (0,0) (0,5) (3,2) (0,2) (2,0) (2,5) (3,4).
    let path = bfs(
        &water_jugs(),
        &mut SparseArena::new(),
        0,
        |s| s % 16 == 4,
        None,
    )
    .unwrap();
    assert_eq!(path.len() - 1, 6);
}

#[test]
fn claim_stores_only_into_unreached_states_in_every_arena() {
    fn check(mut arena: impl Arena) {
        assert_eq!(arena.claim(7, 3), 0);
        assert_eq!(arena.claim(7, 5), 3, "a held code is kept");
        assert_eq!(arena.get(7), 3);
        assert_eq!(arena.claim(9, -2), 0);
        assert_eq!((arena.len(), arena.get(9)), (2, -2));
        arena.reset();
        assert_eq!(arena.claim(7, 4), 0);
    }
    check(DenseArena::new(16));
    check(SparseArena::new());
    check(crate::CompactArena::new());
    check(&mut SparseArena::new());
}

/// Balls of every radius, on one thread and on several, against the reference distances; the
/// levels come out in the same order either way, so the arenas are equal entry for entry.
#[rstest]
#[case(31)]
#[case(32)]
fn balls_match_the_reference_on_one_thread_and_several(#[case] seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    // Large enough that some levels pass the threshold for sharing them among threads.
    let graph = Graph::random(&mut rng, 60_000, 150_000, seed.is_multiple_of(2));
    let sources = [0, 7, 7, 1234];
    let reference = graph.reference_distances(&sources);
    let deepest = reference.iter().flatten().max().copied().unwrap();
    for radius in [0, 1, 2, 5, deepest / 2, deepest, deepest + 3] {
        let mut one = DenseArena::new(60_000);
        let levels = full_bfs_within(&graph, &mut one, &sources, radius);
        for state in 0..60_000u64 {
            let within = reference[state as usize].filter(|&d| d <= radius);
            assert_eq!(
                one.distance(state),
                within,
                "radius {radius}, state {state}"
            );
        }
        assert_eq!(levels.max_distance(), radius.min(deepest));
        for threads in [1, 2, 3] {
            let mut many = DenseArena::new(60_000);
            let par = par_full_bfs_within(&graph, &mut many, &sources, radius, threads);
            assert_eq!(par, levels, "radius {radius}, {threads} threads");
            assert!((0..60_000).all(|s| many.get(s) == one.get(s)));
        }
    }
}

/// The searches on several threads at sizes where the engine really runs them (the layout's
/// thread count is asserted): seeds entering at later levels, with and without the exact
/// frontier (the threads' own reached bits), reading successors at once, gathered, or
/// switching from one to the other after a chosen level; every code and level against the
/// queue BFS from each seed (a state's value: the least seed level plus distance).
#[rstest]
fn seeded_searches_on_several_threads_equal_the_queue_bfs(
    #[values(2, 3)] threads: usize,
    #[values(None, Some(1), Some(4))] switch_after: Option<u64>,
) {
    let len: u64 = (1 << 17) + 4321;
    assert_eq!(
        crate::two_bit::engine::layout_threads(len, threads),
        threads,
        "the search of {len} states runs on {threads} threads"
    );
    let space = crate::from_fn(|state, visit| scattered(len, state, visit));
    let seeds = [(5, 0), (len - 9, 2), (70_000, 3), (123_456 % len, 6)];
    let from_each: Vec<Vec<Option<u32>>> = seeds
        .iter()
        .map(|&(seed, _)| {
            queue_distances(len as usize, &[seed], |state, visit| {
                scattered(len, state, visit);
            })
        })
        .collect();
    let value = |state: usize| {
        seeds
            .iter()
            .zip(&from_each)
            .filter_map(|(&(_, level), distance)| distance[state].map(|d| d + level))
            .min()
    };
    let values: Vec<Option<u32>> = (0..len as usize).map(value).collect();
    let sizes = level_sizes(&values);
    assert!(sizes.len() > 6, "levels {sizes:?}");
    for (exact, cached) in [
        (true, Some(false)),
        (true, Some(true)),
        (false, None),
        (true, None),
    ] {
        let mut search = crate::TwoBitSearch::new(&space, len)
            .seeds(seeds)
            .threads(threads)
            .exact_frontier(exact);
        if let Some(cached) = cached {
            search = search.cached(cached);
        }
        if let Some(level) = switch_after {
            search = search.switch_reads_after(level);
        }
        let (table, levels) = search.run();
        let case =
            format!("{threads} threads, exact {exact}, cached {cached:?}, switch {switch_after:?}");
        assert_eq!(levels.sizes(), sizes, "{case}");
        for state in 0..len {
            assert_eq!(
                table.code(state).map(u32::from),
                values[state as usize].map(|v| v % 3),
                "state {state}, {case}"
            );
        }
    }
}

/// A successor beyond the dense arena is named as what it is (the arena's bound), not as a
/// move that cannot be undone: the fault is the range.
#[test]
fn bidirectional_search_names_a_state_beyond_the_arena() {
    // A path 0 - 1 - ... - 9 whose state 5 also leads to 362887, past an arena of 10.
    let space = crate::from_fn(|s, visit| {
        if s > 0 {
            visit(s - 1)
        }
        if s < 9 {
            visit(s + 1)
        }
        if s == 5 {
            visit(362_887)
        }
    });
    let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut arena = DenseArena::new(10);
        let _ = bidirectional_bfs(&space, &mut arena, 0, &[9]);
    }))
    .expect_err("a state beyond the arena is refused");
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        message,
        "state 362887 is outside the dense arena of 10 states (0..10)"
    );
}

/// States at the end of the table that the others never reach: they only move among
/// themselves.
const APART: u64 = 1000;

/// Moves that can be undone in one move: in the first `len - APART` states (`m` of them),
/// steps of ±1, ±66 and ±2000 around them, and `xor` with three constants when the result is
/// among them; in the last [`APART`], steps of ±1 around those. A level run backward must
/// leave the last ones unreached.
fn undoable(len: u64, state: u64, visit: &mut dyn FnMut(u64)) {
    let m = len - APART;
    if state >= m {
        visit(m + (state - m + 1) % APART);
        visit(m + (state - m + APART - 1) % APART);
        return;
    }
    for d in [1, 66, 2000] {
        visit((state + d) % m);
        visit((state + m - d) % m);
    }
    for c in [0x2_a5a4, 0x1_3571, 0x3_fffe] {
        if state ^ c < m {
            visit(state ^ c);
        }
    }
}

/// A space that says its moves can be undone ([`Space::reversible`]), counting the calls for
/// the states apart: only a level run backward asks an unreached state for its successors.
struct Undoable {
    len: u64,
    reversible: bool,
    apart_asked: std::sync::atomic::AtomicU64,
}

impl Space for Undoable {
    fn reversible(&self) -> bool {
        self.reversible
    }

    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        if state >= self.len - APART {
            self.apart_asked
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        undoable(self.len, state, &mut visit);
    }
}

/// A reversible space's late levels run backward (each unreached state looks for a neighbour
/// in the last level) and give exactly a queue BFS's levels and codes, on 1 to 3 threads (the
/// layout's thread count asserted), with and without the exact frontier, unreachable states
/// left unreached; with a uniform weight too, and with weights that differ (which keep every
/// level forward). The same space saying `false` never asks an unreached state.
#[rstest]
fn late_levels_run_backward_give_the_queue_bfs_levels(#[values(1, 2, 3)] threads: usize) {
    let len: u64 = (1 << 18) + 2 * 4321;
    assert_eq!(
        crate::two_bit::engine::layout_threads(len, threads),
        threads,
        "the search of {len} states runs on {threads} threads"
    );
    let sources = [4, 70_000];
    let distance = queue_distances(len as usize, &sources, |state, visit| {
        undoable(len, state, visit);
    });
    let sizes = level_sizes(&distance);
    assert!(sizes.len() > 8, "levels {sizes:?}");
    assert_eq!(
        sizes.iter().sum::<u64>(),
        len - APART,
        "every state but those apart"
    );
    for (reversible, exact) in [(true, true), (true, false), (false, true)] {
        let space = Undoable {
            len,
            reversible,
            apart_asked: Default::default(),
        };
        let case = format!("{threads} threads, reversible {reversible}, exact {exact}");
        let (table, levels) = crate::TwoBitSearch::new(&space, len)
            .sources(sources)
            .threads(threads)
            .exact_frontier(exact)
            .run();
        assert_eq!(levels.sizes(), sizes, "{case}");
        for state in 0..len {
            assert_eq!(
                table.code(state).map(u32::from),
                distance[state as usize].map(|d| d % 3),
                "state {state}, {case}"
            );
        }
        let asked = space.apart_asked.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            asked > 0,
            reversible,
            "states apart asked {asked} times, {case}"
        );
        // A uniform weight of 3: the same levels, three times the size.
        let (_, weighed) = crate::TwoBitSearch::new(&space, len)
            .sources(sources)
            .threads(threads)
            .exact_frontier(exact)
            .weight(3u64)
            .run();
        let tripled: Vec<u64> = sizes.iter().map(|s| 3 * s).collect();
        assert_eq!(weighed.sizes(), tripled, "{case}, weight 3");
    }
    // Weights that differ: the search cannot count its unreached states, and stays forward.
    let space = Undoable {
        len,
        reversible: true,
        apart_asked: Default::default(),
    };
    let (_, weighed) = crate::TwoBitSearch::new(&space, len)
        .sources(sources)
        .threads(threads)
        .weight(|state: u64| state % 5 + 1)
        .run();
    let mut weights = vec![0; sizes.len()];
    for (state, d) in distance.iter().enumerate() {
        if let Some(d) = d {
            weights[*d as usize] += state as u64 % 5 + 1;
        }
    }
    assert_eq!(weighed.sizes(), weights, "{threads} threads, weighed");
    assert_eq!(
        space.apart_asked.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "weights that differ keep the levels forward"
    );
}
