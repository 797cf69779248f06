//! `statespace` side by side with `pathfinding` (4.x), the crate a Rust user reaches for first:
//! the same problems, the same successor functions and heuristics, in one run, with the time
//! (median of `PEER_RUNS` runs, default 3) and the peak heap memory of each search, measured by
//! a counting global allocator. `cargo bench -p statespace-search --bench peer`.
//!
//! Rows: a full BFS of four-peg Hanoi with 12 discs (dense: 16.8 M states); BFS and
//! bidirectional BFS to the hardest 8-puzzle start (31 moves, 181,440 states), also over a
//! [`statespace::Puzzle`] adapted by [`statespace::Packed`] (boards of its own type, or ranked
//! densely); bidirectional BFS on 15-puzzle starts 40 moves from the goal; A* with Manhattan
//! distance on 15-puzzle starts 40 to 50 moves away; A* with additive pattern databases (8 + 6
//! discs) on four-peg Hanoi with 14 discs.

// The counting allocator forwards to the system allocator; nothing else here is unsafe.
#![allow(unsafe_code)]

#[path = "support/timing.rs"]
mod timing;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use statespace::{
    Arena, ByteArena, CompactArena, DenseArena, Moves, Packed, Puzzle, Search, Space, SparseArena,
    TwoBitSearch,
};
use timing::median_time;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call forwards to `System` with the caller's arguments unchanged; the counters
// are plain atomics and never affect the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received; the caller upholds `GlobalAlloc::alloc`'s contract.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `alloc` above with this layout.
        unsafe { System.dealloc(pointer, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        let pointer = unsafe { System.alloc_zeroed(layout) };
        if !pointer.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        pointer
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as received; `pointer` came from this allocator with `layout`.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = IN_USE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of heap bytes in use while `routine` ran, above what was in use before it.
fn peak_bytes<T>(routine: impl FnOnce() -> T) -> (usize, T) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = routine();
    (PEAK.load(Ordering::Relaxed) - before, value)
}

/// Whether the row `name` runs: all rows, or those containing `PEER_ONLY`.
fn wanted(name: &str) -> bool {
    std::env::var("PEER_ONLY").map_or(true, |only| name.contains(&only))
}

/// One row: both searches timed and measured, the same answer checked.
fn row<A: PartialEq + std::fmt::Debug, B: PartialEq + std::fmt::Debug>(
    name: &str,
    runs: usize,
    ours: impl FnMut() -> A,
    theirs: impl FnMut() -> B,
    same: impl Fn(&A, &B) -> bool,
) {
    if !wanted(name) {
        return;
    }
    let (mut ours, mut theirs) = (ours, theirs);
    let (our_time, our_answer) = median_time(runs, &mut ours);
    let (their_time, their_answer) = median_time(runs, &mut theirs);
    assert!(
        same(&our_answer, &their_answer),
        "{name}: {our_answer:?} vs {their_answer:?}"
    );
    let (our_peak, _) = peak_bytes(&mut ours);
    let (their_peak, _) = peak_bytes(&mut theirs);
    let mib = |bytes: usize| bytes as f64 / (1 << 20) as f64;
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    println!(
        "| {name} | {:.1} ms | {:.1} ms | **{:.1}x** | {:.1} MiB | {:.1} MiB | **{:.2}** |",
        ms(our_time),
        ms(their_time),
        their_time.as_secs_f64() / our_time.as_secs_f64(),
        mib(our_peak),
        mib(their_peak),
        our_peak as f64 / their_peak.max(1) as f64,
    );
}

// ---------------------------------------------------------------------------------------------
// Four-peg Hanoi: disc d (0 the smallest) in bits 2d..2d+2, its peg.

/// Calls `visit` with every configuration one move from `state` (n discs, all four pegs).
#[inline]
fn hanoi_moves(n: usize, state: u64, mut visit: impl FnMut(u64)) {
    let mut top = [usize::MAX; 4];
    for disc in (0..n).rev() {
        top[(state >> (2 * disc) & 3) as usize] = disc;
    }
    for from in 0..4 {
        let disc = top[from];
        if disc == usize::MAX {
            continue;
        }
        for to in 0..4 {
            if to != from && top[to] > disc {
                let moved = state & !(3 << (2 * disc)) | (to as u64) << (2 * disc);
                visit(moved);
            }
        }
    }
}

/// The moves of `hanoi_moves` as a fixed array, for pathfinding's `IntoIterator` (no allocation).
fn hanoi_array(n: usize, state: u64) -> impl Iterator<Item = u64> {
    let mut moves = [0u64; 12];
    let mut count = 0;
    hanoi_moves(n, state, |next| {
        moves[count] = next;
        count += 1;
    });
    moves.into_iter().take(count)
}

struct Hanoi(usize);

impl Space for Hanoi {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, visit: F) {
        hanoi_moves(self.0, state, visit);
    }
}

// ---------------------------------------------------------------------------------------------
// Sliding puzzles: tile (0 the blank) of cell c in bits 4c..4c+4.

#[inline]
fn slide_moves(side: usize, state: u64, mut visit: impl FnMut(u64)) {
    let blank = (0..side * side)
        .find(|&cell| state >> (4 * cell) & 15 == 0)
        .expect("a blank");
    let (row, col) = (blank / side, blank % side);
    let neighbours = [
        (row > 0).then(|| blank - side),
        (row + 1 < side).then(|| blank + side),
        (col > 0).then(|| blank - 1),
        (col + 1 < side).then(|| blank + 1),
    ];
    for cell in neighbours.into_iter().flatten() {
        let tile = state >> (4 * cell) & 15;
        // The tile moves into the blank; the blank takes the tile's cell.
        visit(state & !(15 << (4 * cell)) | tile << (4 * blank));
    }
}

fn slide_array(side: usize, state: u64) -> impl Iterator<Item = u64> {
    let mut moves = [0u64; 4];
    let mut count = 0;
    slide_moves(side, state, |next| {
        moves[count] = next;
        count += 1;
    });
    moves.into_iter().take(count)
}

struct Sliding(usize);

impl Space for Sliding {
    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, visit: F) {
        slide_moves(self.0, state, visit);
    }
}

fn pack_tiles(tiles: &[u64]) -> u64 {
    tiles
        .iter()
        .enumerate()
        .map(|(cell, &tile)| tile << (4 * cell))
        .sum()
}

/// The solved board: 1, 2, ... in reading order, the blank last.
fn solved(side: usize) -> u64 {
    let cells = side * side;
    pack_tiles(
        &(0..cells as u64)
            .map(|c| (c + 1) % cells as u64)
            .collect::<Vec<_>>(),
    )
}

/// Manhattan distance of every tile to its home (the blank not counted).
fn manhattan(side: usize, state: u64) -> u32 {
    (0..side * side)
        .map(|cell| {
            let tile = (state >> (4 * cell) & 15) as usize;
            if tile == 0 {
                return 0;
            }
            let home = tile - 1;
            ((cell / side).abs_diff(home / side) + (cell % side).abs_diff(home % side)) as u32
        })
        .sum()
}

/// The 8-puzzle as a typed [`Puzzle`] over a user's own type (a board of nine tiles).
struct EightPuzzle;

impl Puzzle for EightPuzzle {
    type State = [u8; 9];

    fn pack(&self, board: &[u8; 9]) -> u64 {
        pack_tiles(&board.map(u64::from))
    }

    fn unpack(&self, packed: u64) -> [u8; 9] {
        std::array::from_fn(|cell| (packed >> (4 * cell) & 15) as u8)
    }

    fn successors(&self, board: &[u8; 9], mut visit: impl FnMut([u8; 9])) {
        let blank = board.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / 3, blank % 3);
        let neighbours = [
            (row > 0).then(|| blank - 3),
            (row < 2).then(|| blank + 3),
            (col > 0).then(|| blank - 1),
            (col < 2).then(|| blank + 1),
        ];
        for cell in neighbours.into_iter().flatten() {
            let mut next = *board;
            next.swap(blank, cell);
            visit(next);
        }
    }
}

/// The 8-puzzle on packed boards through [`Packed`]: `State = u64`, so the row measures the
/// adapter itself, not a representation.
struct PackedEightPuzzle;

impl Puzzle for PackedEightPuzzle {
    type State = u64;

    fn pack(&self, board: &u64) -> u64 {
        *board
    }

    fn unpack(&self, packed: u64) -> u64 {
        packed
    }

    fn successors(&self, board: &u64, visit: impl FnMut(u64)) {
        slide_moves(3, *board, visit);
    }
}

/// The 8-puzzle with a dense index: a board packs to the rank of its permutation (Lehmer code,
/// `0..9!`), so the search runs on a [`DenseArena`] of 362,880 entries with no hashing.
struct RankedEightPuzzle;

impl Puzzle for RankedEightPuzzle {
    type State = u64;

    fn pack(&self, board: &u64) -> u64 {
        let tiles: [u64; 9] = std::array::from_fn(|cell| board >> (4 * cell) & 15);
        let mut rank = 0;
        for i in 0..9 {
            let smaller_after = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count() as u64;
            rank = rank * (9 - i as u64) + smaller_after;
        }
        rank
    }

    fn unpack(&self, mut rank: u64) -> u64 {
        let mut digits = [0u64; 9];
        for i in (0..9).rev() {
            digits[i] = rank % (9 - i as u64);
            rank /= 9 - i as u64;
        }
        let mut unused: Vec<u64> = (0..9).collect();
        let tiles: Vec<u64> = digits.iter().map(|&d| unused.remove(d as usize)).collect();
        pack_tiles(&tiles)
    }

    fn successors(&self, board: &u64, visit: impl FnMut(u64)) {
        slide_moves(3, *board, visit);
    }
}

/// 15-puzzle starts from seeded random walks whose optimal length (by A*) is in `lengths`,
/// with at most `max_expanded` states expanded by our A*, `count` of them.
fn fifteen_starts(
    lengths: std::ops::RangeInclusive<usize>,
    max_expanded: u64,
    count: usize,
    seed: u64,
) -> Vec<(u64, usize)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let goal = solved(4);
    let mut starts = Vec::new();
    let mut arena = SparseArena::new();
    while starts.len() < count {
        let mut state = goal;
        let mut previous = goal;
        for _ in 0..rng.usize(60..160) {
            let moves: Vec<u64> = slide_array(4, state).filter(|&s| s != previous).collect();
            previous = state;
            state = moves[rng.usize(..moves.len())];
        }
        let result = Search::over(&Sliding(4))
            .arena(&mut arena)
            .max_states(20_000_000)
            .astar(state, &[goal], &mut |s: u64| manhattan(4, s))
            .expect("parent links read no move backwards");
        if let Some(path) = result.path
            && lengths.contains(&(path.len() - 1))
            && result.expanded <= max_expanded
        {
            starts.push((state, path.len() - 1));
        }
    }
    starts
}

fn main() {
    let runs: usize = std::env::var("PEER_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    println!(
        "| row | statespace | pathfinding | speed-up | statespace peak | pathfinding peak | memory ratio |"
    );
    println!("|---|---|---|---|---|---|---|");

    // Dense: every configuration of 12 discs on four pegs, from all discs on peg 1.
    let n = 12;
    row(
        "full BFS, four-peg Hanoi, 12 discs (16.8 M states)",
        runs,
        || {
            let arena = DenseArena::new(1 << (2 * n));
            Search::over(&Hanoi(n)).arena(arena).levels(&[0]).reached() as usize
        },
        || pathfinding::prelude::bfs_reach(0u64, |&s| hanoi_array(n, s)).count(),
        |a, b| a == b,
    );

    row(
        "full BFS, same, two-bit table on 2 threads (`TwoBitSearch`)",
        runs,
        || {
            let (_, levels) = TwoBitSearch::new(&Hanoi(n), 1 << (2 * n))
                .sources([0])
                .threads(2)
                .run();
            levels.reached() as usize
        },
        || pathfinding::prelude::bfs_reach(0u64, |&s| hanoi_array(n, s)).count(),
        |a, b| a == b,
    );

    // The 8-puzzle from one of its two hardest starts.
    let start = pack_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let goal = solved(3);
    row(
        "BFS, 8-puzzle, hardest start (31 moves)",
        runs,
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .bfs(start, &|s: u64| s == goal)
                .map(|p| p.len())
        },
        || {
            pathfinding::prelude::bfs(&start, |&s| slide_array(3, s), |&s| s == goal)
                .map(|p| p.len())
        },
        |a, b| a == b,
    );
    row(
        "bidirectional BFS, 8-puzzle, hardest start",
        runs,
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .predecessors(&Sliding(3))
                .bidirectional(start, &[goal])
                .unwrap()
                .map(|p| p.len())
        },
        || {
            pathfinding::prelude::bfs_bidirectional(
                &start,
                &goal,
                |&s| slide_array(3, s),
                |&s| slide_array(3, s),
            )
            .map(|p| p.len())
        },
        |a, b| a == b,
    );
    println!(
        "| *same crate, a `Puzzle` through `Packed` against a `Space`:* | `Packed` | `Space` | | | | |"
    );
    row(
        "BFS, 8-puzzle, `Search` over `Packed` `u64` boards (the adapter alone)",
        runs,
        || {
            let space = Packed(&PackedEightPuzzle);
            let (from, to) = (
                PackedEightPuzzle.pack(&start),
                PackedEightPuzzle.pack(&goal),
            );
            Search::over(&space)
                .arena(CompactArena::new())
                .bfs(from, &[to])
                .map(|p| space.states(&p).len())
        },
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .bfs(start, &|s: u64| s == goal)
                .map(|p| p.len())
        },
        |a, b| a == b,
    );
    let board = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let solved_board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    row(
        "BFS, 8-puzzle, `Search` over `Packed` `[u8; 9]` boards (a user's own type)",
        runs,
        || {
            let space = Packed(&EightPuzzle);
            let (from, to) = (EightPuzzle.pack(&board), EightPuzzle.pack(&solved_board));
            Search::over(&space)
                .arena(CompactArena::new())
                .bfs(from, &[to])
                .map(|p| space.states(&p).len())
        },
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .bfs(start, &|s: u64| s == goal)
                .map(|p| p.len())
        },
        |a, b| a == b,
    );
    println!(
        "| *statespace with a dense index against pathfinding:* | statespace | pathfinding | | | | |"
    );
    row(
        "BFS, 8-puzzle, boards ranked densely (`DenseArena` of 9!)",
        runs,
        || {
            let space = Packed(&RankedEightPuzzle);
            let (from, to) = (
                RankedEightPuzzle.pack(&start),
                RankedEightPuzzle.pack(&goal),
            );
            Search::over(&space)
                .arena(DenseArena::new(362_880))
                .bfs(from, &[to])
                .map(|p| space.states(&p).len())
        },
        || {
            pathfinding::prelude::bfs(&start, |&s| slide_array(3, s), |&s| s == goal)
                .map(|p| p.len())
        },
        |a, b| a == b,
    );
    row(
        "bidirectional BFS, 8-puzzle, every move checked vs its own predecessors (`.predecessors(&space)`)",
        runs,
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .bidirectional(start, &[goal])
                .unwrap()
                .map(|p| p.len())
        },
        || {
            Search::over(&Sliding(3))
                .arena(CompactArena::new())
                .predecessors(&Sliding(3))
                .bidirectional(start, &[goal])
                .unwrap()
                .map(|p| p.len())
        },
        |a, b| a == b,
    );
    row(
        "bidirectional BFS, 8-puzzle, ranked densely",
        runs,
        || {
            let space = Packed(&RankedEightPuzzle);
            let (from, to) = (
                RankedEightPuzzle.pack(&start),
                RankedEightPuzzle.pack(&goal),
            );
            Search::over(&space)
                .arena(DenseArena::new(362_880))
                .predecessors(&space)
                .bidirectional(from, &[to])
                .unwrap()
                .map(|p| space.states(&p).len())
        },
        || {
            pathfinding::prelude::bfs_bidirectional(
                &start,
                &goal,
                |&s| slide_array(3, s),
                |&s| slide_array(3, s),
            )
            .map(|p| p.len())
        },
        |a, b| a == b,
    );

    // 15-puzzle: bidirectional BFS at 40 moves, A* with Manhattan distance at 40 to 50.
    let goal = solved(4);
    let fifteen_bidirectional = if wanted("bidirectional BFS, 15-puzzle") {
        fifteen_starts(40..=40, u64::MAX, 1, 15)
    } else {
        Vec::new()
    };
    for (start, length) in fifteen_bidirectional {
        row(
            &format!("bidirectional BFS, 15-puzzle, {length} moves"),
            runs.min(2),
            || {
                Search::over(&Sliding(4))
                    .arena(SparseArena::new())
                    .predecessors(&Sliding(4))
                    .bidirectional(start, &[goal])
                    .unwrap()
                    .map(|p| p.len())
            },
            || {
                pathfinding::prelude::bfs_bidirectional(
                    &start,
                    &goal,
                    |&s| slide_array(4, s),
                    |&s| slide_array(4, s),
                )
                .map(|p| p.len())
            },
            |a, b| a == b,
        );
    }
    let fifteen_astar = if wanted("A* (Manhattan), 15-puzzle") {
        fifteen_starts(40..=50, 3_000_000, 4, 16)
    } else {
        Vec::new()
    };
    for (start, length) in fifteen_astar {
        let ours = || {
            let result = Search::over(&Sliding(4))
                .arena(SparseArena::new())
                .astar(start, &[goal], &mut |s: u64| manhattan(4, s))
                .expect("parent links read no move backwards");
            result.path.map(|p| p.len() - 1)
        };
        row(
            &format!("A* (Manhattan), 15-puzzle, {length} moves"),
            runs,
            ours,
            || {
                pathfinding::prelude::astar(
                    &start,
                    |&s| slide_array(4, s).map(|next| (next, 1u32)),
                    |&s| manhattan(4, s),
                    |&s| s == goal,
                )
                .map(|(path, _)| path.len() - 1)
            },
            |a, b| a == b,
        );
        row(
            &format!(
                "A* (Manhattan), 15-puzzle, {length} moves: parent links vs `Moves::Reversible`"
            ),
            runs,
            ours,
            || {
                reversible_astar(&Sliding(4), &mut SparseArena::new(), start, goal, |s| {
                    manhattan(4, s)
                })
            },
            |a, b| a == b,
        );
    }

    // A* with additive pattern databases: four-peg Hanoi, 14 discs, the 6 smallest and the 8
    // largest discs each measured exactly by a database of their own (one full BFS each).
    let n = 14;
    let database = |k: usize| {
        let mut table = ByteArena::new(1 << (2 * k));
        Search::over(&Hanoi(k))
            .arena(&mut table)
            .levels(&[(1 << (2 * k)) - 1]);
        table
    };
    let (small, large) = (database(6), database(8));
    let heuristic = |s: u64| {
        let small_part = small.as_bytes()[(s & 0xfff) as usize];
        let large_part = large.as_bytes()[(s >> 12) as usize];
        u32::from(small_part) + u32::from(large_part) - 2
    };
    let goal = (1u64 << (2 * n)) - 1;
    let mut rng = fastrand::Rng::with_seed(14);
    let mut starts = Vec::new();
    while wanted("A* (pattern databases") && starts.len() < 3 {
        // Starts that our A* solves within 5 million expansions (a few seconds for either side).
        let start = rng.u64(..1 << (2 * n));
        let probe = Search::over(&Hanoi(n))
            .arena(CompactArena::new())
            .max_states(6_000_000)
            .astar(start, &[goal], &mut { heuristic })
            .expect("parent links read no move backwards");
        if probe.path.is_some() && probe.expanded <= 5_000_000 {
            starts.push(start);
        }
    }
    for start in starts {
        let ours = || {
            let result = Search::over(&Hanoi(n))
                .arena(CompactArena::new())
                .astar(start, &[goal], &mut { heuristic })
                .expect("parent links read no move backwards");
            result.path.map(|p| p.len() - 1)
        };
        row(
            "A* (pattern databases 6 + 8), four-peg Hanoi, 14 discs",
            runs,
            ours,
            || {
                pathfinding::prelude::astar(
                    &start,
                    |&s| hanoi_array(n, s).map(|next| (next, 1u32)),
                    |&s| heuristic(s),
                    |&s| s == goal,
                )
                .map(|(path, _)| path.len() - 1)
            },
            |a, b| a == b,
        );
        row(
            "A* (pattern databases 6 + 8), four-peg Hanoi, 14 discs: parent links vs `Moves::Reversible`",
            runs,
            ours,
            || reversible_astar(&Hanoi(n), &mut CompactArena::new(), start, goal, heuristic),
            |a, b| a == b,
        );
    }
}

/// A* reading its path back from the distances (no parent links), for the rows that measure
/// what the links cost.
fn reversible_astar(
    space: &impl Space,
    arena: &mut impl Arena,
    start: u64,
    goal: u64,
    mut heuristic: impl FnMut(u64) -> u32,
) -> Option<usize> {
    let result = Search::over(space)
        .arena(arena)
        .moves(Moves::Reversible)
        .astar(start, &[goal], &mut heuristic)
        .unwrap();
    result.path.map(|p| p.len() - 1)
}
