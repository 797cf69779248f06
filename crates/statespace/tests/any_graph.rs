//! The property harness: every search, with every arena it accepts, on random directed and
//! undirected graphs and on the water jugs, against the reference queue BFS of `support/queue_bfs.rs`.
//!
//! Every path a search returns is replayed by [`replay`], which knows only the graph's own
//! adjacency lists; every length is compared with [`reference`]; a search may refuse only where
//! its docs say it does (an `Irreversible` error must name a real move that cannot be undone).
//! Sizes: `GRAPHS` graphs of 2 to 160 states and 0 to 3 moves a state, half of them directed,
//! every state a start, a few goal sets per start.

#[path = "support/queue_bfs.rs"]
mod queue_bfs;

use queue_bfs::queue_distances;
use statespace::{
    Arena, ByteArena, CompactArena, DenseArena, Moves, Search, SearchError, Space, SparseArena,
    TwoBitSearch,
};

/// Random graphs a test searches (each test its own seed).
const GRAPHS: u64 = 120;

/// A graph as adjacency lists, successors in insertion order.
#[derive(Clone)]
struct Graph {
    out: Vec<Vec<u64>>,
}

impl Graph {
    fn random(rng: &mut fastrand::Rng, undirected: bool) -> Self {
        let n = 2 + rng.usize(..159);
        let edges = rng.usize(..=3 * n);
        let mut out = vec![Vec::new(); n];
        for _ in 0..edges {
            let (a, b) = (rng.usize(..n), rng.usize(..n));
            if a != b && !out[a].contains(&(b as u64)) {
                out[a].push(b as u64);
                if undirected && !out[b].contains(&(a as u64)) {
                    out[b].push(a as u64);
                }
            }
        }
        Self { out }
    }

    fn len(&self) -> u64 {
        self.out.len() as u64
    }

    fn has_move(&self, from: u64, to: u64) -> bool {
        self.out[from as usize].contains(&to)
    }

    fn reversed(&self) -> Self {
        let mut out = vec![Vec::new(); self.out.len()];
        for (from, targets) in self.out.iter().enumerate() {
            for &to in targets {
                out[to as usize].push(from as u64);
            }
        }
        Self { out }
    }
}

impl Space for Graph {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        for &next in &self.out[state as usize] {
            visit(next);
        }
    }
}

/// Distances from `sources` by the textbook queue BFS.
fn reference(graph: &Graph, sources: &[u64]) -> Vec<Option<u32>> {
    queue_distances(graph.out.len(), sources, |u, visit| {
        graph.out[u as usize].iter().for_each(|&v| visit(v));
    })
}

/// Replays `path` move by move from `from` to a state of `to`, with `moves` steps.
#[track_caller]
fn replay(graph: &Graph, path: &[u64], from: u64, to: &[u64], moves: u32, what: &str) {
    assert_eq!(
        path.first(),
        Some(&from),
        "{what}: {path:?} starts elsewhere"
    );
    assert!(
        to.contains(path.last().unwrap()),
        "{what}: {path:?} ends off {to:?}"
    );
    for step in path.windows(2) {
        assert!(
            graph.has_move(step[0], step[1]),
            "{what}: {path:?} takes {} -> {}, not a move",
            step[0],
            step[1]
        );
    }
    assert_eq!(path.len() as u32 - 1, moves, "{what}: {path:?}");
}

/// A refusal must name a move that cannot be undone, or a state that such a move enters.
#[track_caller]
fn check_refusal(graph: &Graph, error: &SearchError, what: &str) {
    match *error {
        SearchError::Irreversible { from, to } => assert!(
            graph.has_move(from, to) && !graph.has_move(to, from),
            "{what}: refused {from} -> {to}, which is no one-way move"
        ),
        // No neighbour one step nearer: some move into the state cannot be undone.
        SearchError::NoNearerNeighbour { state } => assert!(
            (0..graph.len()).any(|p| graph.has_move(p, state) && !graph.has_move(state, p)),
            "{what}: refused at {state}, which no one-way move enters"
        ),
        ref other => panic!("{what}: refused with {other:?}"),
    }
}

/// An admissible heuristic that is not consistent: a share of the true distance to the goals,
/// different for every state; any value for states that reach no goal.
fn heuristic(to_goal: &[Option<u32>], salt: u64) -> impl Fn(u64) -> u32 + '_ {
    move |s| {
        let mix = (s ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 59; // 0..32
        match to_goal[s as usize] {
            Some(d) => d * (mix as u32 % 5) / 4,
            None => mix as u32 * 7,
        }
    }
}

/// The searches that record both sides (bidirectional, A*), on one arena.
fn two_sided_searches<A: Arena>(graph: &Graph, arena: &mut A, undirected: bool, seed: u64) {
    let back = graph.reversed();
    let n = graph.len();
    let mut rng = fastrand::Rng::with_seed(seed);
    for start in 0..n {
        for _ in 0..3 {
            let goals: Vec<u64> = (0..1 + rng.usize(..3)).map(|_| rng.u64(..n)).collect();
            let want = reference(&back, &goals)[start as usize];
            let what = format!("seed {seed}, {start} to {goals:?}");

            // Given the predecessors: right on any graph.
            let found = Search::over(graph)
                .arena(&mut *arena)
                .predecessors(&back)
                .bidirectional(start, &goals)
                .unwrap();
            assert_eq!(found.as_ref().map(|p| p.len() as u32 - 1), want, "{what}");
            if let Some(path) = found {
                replay(graph, &path, start, &goals, want.unwrap(), &what);
            }
            // Checked: right, or refused naming a one-way move (never on undirected graphs).
            match Search::over(graph)
                .arena(&mut *arena)
                .bidirectional(start, &goals)
            {
                Ok(found) => {
                    if undirected {
                        assert_eq!(found.as_ref().map(|p| p.len() as u32 - 1), want, "{what}");
                    }
                    if let Some(path) = found {
                        // Without predecessors a one-way move neither side expands is unseen:
                        // the path is real, possibly not the shortest (as documented).
                        let moves = path.len() as u32 - 1;
                        assert!(moves >= want.unwrap(), "{what}: shorter than the shortest");
                        replay(graph, &path, start, &goals, moves, &what);
                    }
                }
                Err(error) => {
                    assert!(!undirected, "{what}: refused an undirected graph");
                    check_refusal(graph, &error, &what);
                }
            }
            // The reversible fast path, on undirected graphs only (its promise).
            if undirected {
                let found = Search::over(graph)
                    .arena(&mut *arena)
                    .predecessors(graph)
                    .bidirectional(start, &goals)
                    .unwrap();
                assert_eq!(found.map(|p| p.len() as u32 - 1), want, "{what}");
            }

            // A*: with parent links, right on any graph, with every admissible heuristic.
            let to_goal = reference(&back, &goals);
            for salt in [0, seed] {
                let h = heuristic(&to_goal, salt);
                let result = Search::over(graph)
                    .arena(&mut *arena)
                    .astar(start, &goals, &mut &h)
                    .unwrap();
                assert!(!result.gave_up);
                assert_eq!(
                    result.path.as_ref().map(|p| p.len() as u32 - 1),
                    want,
                    "{what}"
                );
                if let Some(path) = &result.path {
                    replay(graph, path, start, &goals, want.unwrap(), &what);
                }
                // The goals as a predicate give the same answer.
                let by_predicate = Search::over(graph)
                    .arena(&mut *arena)
                    .astar(start, &|s: u64| goals.contains(&s), &mut &h)
                    .unwrap();
                assert_eq!(by_predicate.path, result.path, "{what}");
                // Read back from the distances: right, or refused naming a one-way move.
                let reversible = Search::over(graph)
                    .arena(&mut *arena)
                    .moves(Moves::Reversible)
                    .astar(start, &goals, &mut &h);
                match reversible {
                    Ok(result) => {
                        assert_eq!(result.path.as_ref().map(|p| p.len() as u32 - 1), want);
                        if let Some(path) = &result.path {
                            replay(graph, path, start, &goals, want.unwrap(), &what);
                        }
                    }
                    Err(error) => {
                        assert!(!undirected, "{what}: refused an undirected graph");
                        check_refusal(graph, &error, &what);
                    }
                }
            }
            // A budget: gives up rather than answer wrongly.
            let limited = Search::over(graph)
                .arena(&mut *arena)
                .max_states(2)
                .astar(start, &goals, &mut |_: u64| 0)
                .unwrap();
            if !limited.gave_up {
                assert_eq!(limited.path.map(|p| p.len() as u32 - 1), want, "{what}");
            }
        }
    }
}

/// The forward searches (BFS to a goal, full BFS, balls, paths read back), on one arena.
fn forward_searches<A: Arena + Sync>(graph: &Graph, arena: &mut A, undirected: bool, seed: u64) {
    let back = graph.reversed();
    let n = graph.len();
    let mut rng = fastrand::Rng::with_seed(seed);
    for start in 0..n {
        let from_start = reference(graph, &[start]);
        let what = format!("seed {seed}, from {start}");
        let goal = rng.u64(..n);
        let found = Search::over(graph)
            .arena(&mut *arena)
            .bfs(start, &|s: u64| s == goal);
        assert_eq!(
            found.as_ref().map(|p| p.len() as u32 - 1),
            from_start[goal as usize],
            "{what}"
        );
        if let Some(path) = found {
            replay(
                graph,
                &path,
                start,
                &[goal],
                from_start[goal as usize].unwrap(),
                &what,
            );
        }
        let levels = Search::over(graph).arena(&mut *arena).levels(&[start]);
        assert_eq!(levels.reached(), from_start.iter().flatten().count() as u64);
        for state in 0..n {
            assert_eq!(arena.distance(state), from_start[state as usize], "{what}");
            let Some(d) = from_start[state as usize] else {
                continue;
            };
            // With predecessors: always a path from the start.
            let path = Search::over(graph)
                .predecessors(&back)
                .path_to(&*arena, state)
                .unwrap()
                .unwrap();
            replay(graph, &path, start, &[state], d, &what);
            // Without: right, or refused naming a one-way move.
            match Search::over(graph).path_to(&*arena, state) {
                Ok(path) => {
                    let path = path.unwrap();
                    replay(graph, &path, start, &[state], d, &what);
                }
                Err(error) => {
                    assert!(!undirected, "{what}: refused an undirected graph");
                    check_refusal(graph, &error, &what);
                }
            }
        }
        let radius = rng.u32(..6);
        let ball = Search::over(graph)
            .arena(&mut *arena)
            .limit(radius)
            .levels(&[start]);
        let inside: Vec<Option<u32>> = (0..n).map(|s| arena.distance(s)).collect();
        let ball_on_two = Search::over(graph)
            .arena(&mut *arena)
            .limit(radius)
            .threads(2)
            .levels(&[start]);
        assert_eq!(ball, ball_on_two, "{what}");
        for state in 0..n {
            let want = from_start[state as usize].filter(|&d| d <= radius);
            assert_eq!(inside[state as usize], want, "{what}, radius {radius}");
            assert_eq!(arena.distance(state), want, "{what}, radius {radius}");
        }
    }
}

/// The two-bit searches: levels on any graph; paths read down the table right or refused.
fn two_bit_searches(graph: &Graph, undirected: bool, seed: u64) {
    let n = graph.len();
    let mut rng = fastrand::Rng::with_seed(seed);
    let sources: Vec<u64> = (0..1 + rng.usize(..3)).map(|_| rng.u64(..n)).collect();
    let want = reference(graph, &sources);
    let what = format!("seed {seed}, two-bit from {sources:?}");
    for threads in [1, 2] {
        let (table, levels) = TwoBitSearch::new(graph, n)
            .sources(sources.iter().copied())
            .threads(threads)
            .run();
        let mut sizes = vec![0u64; levels.sizes().len()];
        for state in 0..n {
            assert_eq!(
                table.code(state).map(u32::from),
                want[state as usize].map(|d| d % 3),
                "{what}"
            );
            if let Some(d) = want[state as usize] {
                sizes[d as usize] += 1;
                match table.walk_to_source(graph, state, &sources) {
                    Ok(path) => {
                        // A walk from the state to a source, each step undoable: its reverse
                        // is a shortest path from the sources.
                        let path = path.unwrap();
                        replay(graph, &path, state, &sources, d, &what);
                        let mut back = path.clone();
                        back.reverse();
                        replay(graph, &back, back[0], &[state], d, &what);
                    }
                    Err(error) => {
                        assert!(!undirected, "{what}: refused an undirected graph");
                        check_refusal(graph, &error, &what);
                    }
                }
                if let Err(error) = table.walk_to_seed(graph, state) {
                    assert!(!undirected, "{what}: refused an undirected graph");
                    check_refusal(graph, &error, &what);
                }
            }
        }
        assert_eq!(levels.sizes(), sizes, "{what}");
        // Seeds entering at levels of their own: the minimum over seeds of level + distance.
        let seeds: Vec<(u64, u32)> = sources.iter().map(|&s| (s, rng.u32(..4))).collect();
        let (table, _) = TwoBitSearch::new(graph, n)
            .seeds(seeds.iter().copied())
            .threads(threads)
            .run();
        // Each seed's distances once, not once a state.
        let from_each: Vec<Vec<Option<u32>>> =
            seeds.iter().map(|&(s, _)| reference(graph, &[s])).collect();
        for state in 0..n {
            let value = seeds
                .iter()
                .zip(&from_each)
                .filter_map(|(&(_, level), distance)| distance[state as usize].map(|d| d + level))
                .min();
            assert_eq!(
                table.code(state).map(u32::from),
                value.map(|v| v % 3),
                "{what}"
            );
        }
    }
}

#[test]
fn every_search_on_random_directed_and_undirected_graphs() {
    every_search_on_random_graphs(0x5eed_2024, GRAPHS);
}

#[test]
#[ignore = "as many graphs again, from another seed: about 10 s; CI runs it (--include-ignored)"]
fn every_search_on_more_random_graphs() {
    every_search_on_random_graphs(0x5eed_2026, GRAPHS);
}

/// `graphs` random graphs from `seed`, every search on each.
fn every_search_on_random_graphs(seed: u64, graphs: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for round in 0..graphs {
        let undirected = round % 2 == 0;
        let graph = Graph::random(&mut rng, undirected);
        let seed = rng.u64(..);
        let n = graph.len();
        match round % 3 {
            0 => {
                two_sided_searches(&graph, &mut DenseArena::new(n), undirected, seed);
                forward_searches(&graph, &mut DenseArena::new(n), undirected, seed);
            }
            1 => {
                two_sided_searches(&graph, &mut SparseArena::new(), undirected, seed);
                forward_searches(&graph, &mut SparseArena::new(), undirected, seed);
            }
            _ => {
                two_sided_searches(&graph, &mut CompactArena::new(), undirected, seed);
                forward_searches(&graph, &mut ByteArena::new(n), undirected, seed);
            }
        }
        two_bit_searches(&graph, undirected, seed);
    }
}

/// The water jugs of 8, 5 and 3 litres, a state `a * 36 + b * 6 + c`: a pour empties one jug
/// or fills the other, and cannot always be undone.
struct Jugs;

impl Space for Jugs {
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
        let jugs = [state / 36, state / 6 % 6, state % 6];
        let sizes = [8, 5, 3];
        for from in 0..3 {
            for to in 0..3 {
                let poured = jugs[from].min(sizes[to] - jugs[to]);
                if from != to && poured > 0 {
                    let mut next = jugs;
                    next[from] -= poured;
                    next[to] += poured;
                    visit(next[0] * 36 + next[1] * 6 + next[2]);
                }
            }
        }
    }
}

#[test]
fn water_jugs_by_every_search() {
    // The jugs as a graph over all 8 * 36 + 5 * 6 + 3 + 1 packed values, for the reference.
    let len = 8 * 36 + 5 * 6 + 3 + 1;
    let graph = Graph {
        out: (0..len)
            .map(|s| {
                let mut out = Vec::new();
                let total = s / 36 + s / 6 % 6 + s % 6;
                if total == 8 && s / 6 % 6 <= 5 && s % 6 <= 3 {
                    Jugs.for_each_successor(s, |t| out.push(t));
                }
                out
            })
            .collect(),
    };
    let start = 8 * 36;
    let goals: Vec<u64> = (0..len)
        .filter(|&s| {
            let total = s / 36 + s / 6 % 6 + s % 6;
            total == 8 && s / 6 % 6 <= 5 && s % 6 <= 3 && [s / 36, s / 6 % 6, s % 6].contains(&4)
        })
        .collect();
    let want = reference(&graph.reversed(), &goals)[start as usize].unwrap();
    assert_eq!(want, 6);
    let mut arena = DenseArena::new(len);
    let path = Search::over(&Jugs)
        .arena(&mut arena)
        .bfs(start, &|s: u64| goals.contains(&s))
        .unwrap();
    replay(&graph, &path, start, &goals, want, "bfs");
    let found = Search::over(&Jugs)
        .arena(&mut arena)
        .max_states(1000)
        .astar(start, &goals, &mut |_: u64| 0)
        .unwrap();
    replay(&graph, &found.path.unwrap(), start, &goals, want, "astar");
    let reversed = graph.reversed();
    let two_way = Search::over(&Jugs)
        .arena(&mut arena)
        .predecessors(&reversed)
        .bidirectional(start, &goals);
    replay(
        &graph,
        &two_way.unwrap().unwrap(),
        start,
        &goals,
        want,
        "bidirectional",
    );
    let refused = Search::over(&Jugs)
        .arena(&mut arena)
        .bidirectional(start, &goals)
        .unwrap_err();
    check_refusal(&graph, &refused, "bidirectional without predecessors");
    let refused = Search::over(&Jugs)
        .arena(&mut arena)
        .max_states(1000)
        .moves(Moves::Reversible)
        .astar(start, &goals, &mut |_: u64| 0);
    if let Err(error) = refused {
        check_refusal(&graph, &error, "astar read back");
    }
}

/// Runs `f` and returns its panic message.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).expect_err("it panics");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

#[test]
fn a_successor_outside_a_dense_space_is_refused_naming_it() {
    // State 9 moves to 10, outside 0..10.
    let line = statespace::from_fn(|s, visit| visit(s + 1));
    for threads in [1, 2] {
        let message = panic_message(|| {
            TwoBitSearch::new(&line, 10)
                .sources([0])
                .threads(threads)
                .run();
        });
        assert!(
            message.contains("state 9 has the successor 10, outside the dense space of 10"),
            "{message}"
        );
    }
    // State 7 of 40 also moves to `beyond`: in the padding of the table's last word (states
    // 32..64, whose fields read as unreached) or past the table.
    for beyond in [40, 50, 63, 64, 1000] {
        let space = statespace::from_fn(move |s, visit| {
            if s + 1 < 40 {
                visit(s + 1);
            }
            if s == 7 {
                visit(beyond);
            }
        });
        for threads in [1, 2] {
            let message = panic_message(|| {
                TwoBitSearch::new(&space, 40)
                    .sources([0])
                    .threads(threads)
                    .run();
            });
            assert!(
                message.contains(&format!("state 7 has the successor {beyond}")),
                "{beyond}, {threads} threads: {message}"
            );
        }
    }
    // Large enough for two threads: the panic of a worker comes back with its message. Steps
    // of 997 reach the end in 301 levels (a step of one would take 300,000 levels).
    let stride = statespace::from_fn(|s, visit| visit(s + 997));
    let message = panic_message(|| {
        TwoBitSearch::new(&stride, 300_000)
            .sources([0])
            .threads(2)
            .run();
    });
    assert!(
        message.contains("state 299100 has the successor 300097"),
        "{message}"
    );
    let message = panic_message(|| {
        Search::over(&line).arena(DenseArena::new(10)).levels(&[0]);
    });
    assert!(
        message.contains("state 10 is outside the dense arena of 10 states"),
        "{message}"
    );
    let message = panic_message(|| {
        Search::over(&line).arena(ByteArena::new(10)).levels(&[0]);
    });
    assert!(
        message.contains("state 10 is outside the byte arena of 10 states"),
        "{message}"
    );
}
