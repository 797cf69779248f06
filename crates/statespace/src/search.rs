//! The searches: BFS to a goal predicate, full-space BFS, and bidirectional BFS.

use crate::{Arena, Space};

/// Level sizes of a full-space breadth-first search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    sizes: Vec<u64>,
}

impl Levels {
    /// Level sizes from a search done elsewhere (for example spread over processes):
    /// `sizes[d]` states at distance `d`, with no trailing empty level.
    pub fn from_sizes(sizes: Vec<u64>) -> Self {
        Self { sizes }
    }

    /// `sizes()[d]` is the number of states at distance exactly `d` from the sources.
    pub fn sizes(&self) -> &[u64] {
        &self.sizes
    }

    /// The largest distance of any reached state (the eccentricity of the sources).
    pub fn max_distance(&self) -> u32 {
        self.sizes.len().saturating_sub(1) as u32
    }

    /// The number of states reached.
    pub fn reached(&self) -> u64 {
        self.sizes.iter().sum()
    }
}

/// Converts a distance to the arena's forward code.
fn forward_code(distance: usize) -> i32 {
    i32::try_from(distance + 1).expect("distance fits in an i32 code")
}

/// Shortest path by breadth-first search from `start` to the first state satisfying `is_goal`.
///
/// **Requires** nothing of the moves: they may be irreversible. Unit costs.
///
/// Moves need not be reversible. The arena is reset before the search; after it, the arena
/// holds the forward distance of every state reached. The path is rebuilt from a parent index
/// kept beside each queued state, so it does not depend on the arena's kind.
///
/// # Returns
/// `Some(path)` with both endpoints (`path.len() - 1` moves), or `None` when no goal is within
/// `max_depth` moves (or reachable at all when `max_depth` is `None`).
///
/// # Complexity
/// * Time: O(states within the goal's distance × branching factor).
/// * Space: one arena entry and one queue entry (12 bytes) per reached state.
///
/// # Example
///
/// A counter that can only go up by 3 or 5: 11 is 3 + 3 + 5, and 7 cannot be reached.
///
/// ```
/// use statespace::{FnSpace, SparseArena, bfs};
///
/// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit(s + 3);
///     visit(s + 5);
/// });
/// let mut arena = SparseArena::new();
/// let path = bfs(&up, &mut arena, 0, |s| s == 11, Some(10)).unwrap();
/// assert_eq!(path, [0, 3, 6, 11]);
/// assert_eq!(bfs(&up, &mut arena, 0, |s| s == 7, Some(10)), None);
/// ```
pub fn bfs<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    mut is_goal: impl FnMut(u64) -> bool,
    max_depth: Option<u32>,
) -> Option<Vec<u64>> {
    arena.reset();
    arena.set(start, forward_code(0));
    if is_goal(start) {
        return Some(vec![start]);
    }
    // The queue doubles as the search tree: each entry holds its parent's queue index.
    let mut queue: Vec<(u64, u32)> = vec![(start, u32::MAX)];
    let mut head = 0;
    let mut level_end = 1;
    let mut depth = 0u32;
    while head < queue.len() {
        if head == level_end {
            depth += 1;
            level_end = queue.len();
        }
        if max_depth.is_some_and(|limit| depth >= limit) {
            return None;
        }
        let (state, _) = queue[head];
        let code = forward_code(depth as usize + 1);
        let mut found = None;
        space.for_each_successor(state, |next| {
            if found.is_some() || arena.claim(next, code) != 0 {
                return;
            }
            queue.push((next, head as u32));
            if is_goal(next) {
                found = Some(queue.len() - 1);
            }
        });
        if let Some(index) = found {
            let mut path = Vec::with_capacity(depth as usize + 2);
            let mut at = index as u32;
            while at != u32::MAX {
                let (state, parent) = queue[at as usize];
                path.push(state);
                at = parent;
            }
            path.reverse();
            return Some(path);
        }
        head += 1;
    }
    None
}

/// Full-space breadth-first search from a set of sources.
///
/// **Requires** nothing of the moves; unit costs.
///
/// The arena is reset, then holds the forward code (`distance + 1`) of every reachable state.
///
/// # Complexity
/// * Time: O(reachable states × branching factor).
/// * Space: the arena, plus two frontiers of 8 bytes per state.
///
/// # Example
///
/// ```
/// use statespace::{Arena, DenseArena, FnSpace, full_bfs};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut arena = DenseArena::new(100);
/// let levels = full_bfs(&ring, &mut arena, &[0]);
/// assert_eq!(levels.max_distance(), 50);
/// assert_eq!(levels.reached(), 100);
/// assert_eq!(arena.distance(30), Some(30));
/// ```
pub fn full_bfs<S: Space, A: Arena>(space: &S, arena: &mut A, sources: &[u64]) -> Levels {
    full_bfs_within(space, arena, sources, u32::MAX)
}

/// [`full_bfs`] stopped at `radius`: every state at most `radius` moves from a source, and no
/// other, is reached (a ball around the sources).
///
/// **Requires** nothing of the moves; unit costs.
///
/// A search towards the sources can then stop at the first state inside the ball: when the
/// start is outside, the first ball states a BFS from it meets are exactly `radius` from the
/// sources, so that level plus `radius` is its distance (the judge path of `hanoi4` shares one
/// ball among the cases of a disc count this way).
///
/// ```
/// use statespace::{DenseArena, FnSpace, full_bfs_within};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut arena = DenseArena::new(100);
/// let levels = full_bfs_within(&ring, &mut arena, &[0], 10);
/// assert_eq!(levels.reached(), 21);
/// assert_eq!((arena.distance(10), arena.distance(11)), (Some(10), None));
/// ```
pub fn full_bfs_within<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    sources: &[u64],
    radius: u32,
) -> Levels {
    ball_levels(arena, sources, radius, |arena, frontier, code, next| {
        for &state in frontier {
            space.for_each_successor(state, |succ| {
                if arena.claim(succ, code) == 0 {
                    next.push(succ);
                }
            });
        }
    })
}

/// The level loop of the ball searches: resets the arena, reaches the sources, and for each
/// level below `radius` calls `expand(arena, frontier, code, next)`, which claims the next
/// level's states with `code` and pushes them to `next`.
fn ball_levels<A: Arena>(
    arena: &mut A,
    sources: &[u64],
    radius: u32,
    mut expand: impl FnMut(&mut A, &[u64], i32, &mut Vec<u64>),
) -> Levels {
    arena.reset();
    let mut frontier = Vec::new();
    for &source in sources {
        if arena.get(source) == 0 {
            arena.set(source, forward_code(0));
            frontier.push(source);
        }
    }
    let mut sizes = Vec::new();
    let mut next = Vec::new();
    while !frontier.is_empty() {
        sizes.push(frontier.len() as u64);
        if sizes.len() > radius as usize {
            break;
        }
        expand(arena, &frontier, forward_code(sizes.len()), &mut next);
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    Levels { sizes }
}

/// [`full_bfs_within`] on `threads` threads: each level's frontier is cut into one piece a
/// thread, which expands it and keeps the successors the arena has not reached (reading only);
/// then the successors are claimed in order on one thread. The arena ends up the same as with
/// [`full_bfs_within`], and so does the order of every level (so paths read from it are too).
///
/// **Requires** nothing of the moves; unit costs.
///
/// ```
/// use statespace::{DenseArena, FnSpace, full_bfs_within, par_full_bfs_within};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100_000);
///     visit((s + 99_999) % 100_000);
/// });
/// let (mut one, mut two) = (DenseArena::new(100_000), DenseArena::new(100_000));
/// let levels = par_full_bfs_within(&ring, &mut two, &[0, 500], 20_000, 2);
/// assert_eq!(levels, full_bfs_within(&ring, &mut one, &[0, 500], 20_000));
/// assert!((0..100_000).all(|s| one.get(s) == two.get(s)));
/// ```
pub fn par_full_bfs_within<S: Space + Sync, A: Arena + Sync>(
    space: &S,
    arena: &mut A,
    sources: &[u64],
    radius: u32,
    threads: usize,
) -> Levels {
    /// Below this many states a level is expanded on one thread.
    const SHARED_FROM: usize = 4096;
    let threads = threads.max(1);
    ball_levels(arena, sources, radius, |arena, frontier, code, next| {
        let pieces = if frontier.len() < SHARED_FROM {
            1
        } else {
            threads
        };
        let shared: &A = arena;
        let candidates: Vec<Vec<u64>> = std::thread::scope(|scope| {
            let workers: Vec<_> = frontier
                .chunks(frontier.len().div_ceil(pieces))
                .map(|piece| {
                    scope.spawn(move || {
                        let mut found = Vec::with_capacity(piece.len() * 2);
                        for &state in piece {
                            space.for_each_successor(state, |succ| {
                                if shared.get(succ) == 0 {
                                    found.push(succ);
                                }
                            });
                        }
                        found
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("an expanding thread panicked"))
                .collect()
        });
        for succ in candidates.into_iter().flatten() {
            if arena.claim(succ, code) == 0 {
                next.push(succ);
            }
        }
    })
}

/// Walks from `from` down the distances of a search towards the side that reached it.
///
/// **Requires** reversible moves (every move can be undone in one move).
///
/// From a state whose code is `c`, moves to the first successor (in the space's order) whose
/// code is one step nearer to zero on the same side, until a code of `±1` (a source). Moves
/// must be reversible. Used to read paths back from [`full_bfs`] and [`bidirectional_bfs`]
/// without a parent array.
///
/// # Returns
/// The states from `from` to a source, both included; `None` when `from` was not reached.
///
/// # Panics
/// When a state has no nearer successor, and in debug builds when a step cannot be undone in
/// one move: the moves were not reversible.
///
/// # Complexity
/// O(distance × branching factor): no parent array is kept (twice that in debug builds, which
/// check every step).
///
/// # Example
///
/// ```
/// use statespace::{DenseArena, FnSpace, descend_path, full_bfs};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut arena = DenseArena::new(100);
/// full_bfs(&ring, &mut arena, &[0]);
/// assert_eq!(descend_path(&ring, &arena, 97), Some(vec![97, 98, 99, 0]));
/// ```
pub fn descend_path<S: Space, A: Arena>(space: &S, arena: &A, from: u64) -> Option<Vec<u64>> {
    let mut code = arena.get(from);
    if code == 0 {
        return None;
    }
    let mut path = Vec::with_capacity(code.unsigned_abs() as usize);
    let mut state = from;
    path.push(state);
    while code.abs() > 1 {
        let wanted = code - code.signum();
        let mut nearer = None;
        space.for_each_successor(state, |succ| {
            if nearer.is_none() && arena.get(succ) == wanted {
                nearer = Some(succ);
            }
        });
        let next = nearer.unwrap_or_else(|| {
            panic!(
                "descend_path: state {state} was reached but has no successor one step nearer: \
                 the moves are not reversible (use bfs)"
            )
        });
        debug_assert_reversible(space, state, next, "descend_path");
        state = next;
        code = wanted;
        path.push(state);
    }
    Some(path)
}

/// In debug builds, checks that the move `from -> to` can be undone (`to -> from` is a move),
/// and panics naming `search` and both states when it cannot: the search would otherwise
/// return a path that is not one.
#[inline]
fn debug_assert_reversible<S: Space>(space: &S, from: u64, to: u64, search: &str) {
    if cfg!(debug_assertions) {
        let mut back = false;
        space.for_each_successor(to, |s| back |= s == from);
        assert!(
            back,
            "{search}: the move from state {from} to state {to} cannot be undone in one move; \
             {search} needs reversible moves (use bfs)"
        );
    }
}

/// Shortest path by bidirectional breadth-first search, for reversible moves.
///
/// **Requires** reversible moves (every move can be undone in one move) and unit costs; for
/// other spaces use [`bfs`].
///
/// One table holds signed codes: `d + 1` for states `d` moves from `start`, `-(d + 1)` for
/// states `d` moves from the nearest goal. Each round expands one whole level of whichever
/// frontier is smaller; the first successor already reached by the other side joins the two
/// halves. The path is read back from the codes with [`descend_path`]. The arena is reset
/// before the search.
///
/// See <https://en.wikipedia.org/wiki/Bidirectional_search>.
///
/// # Returns
/// `Some(path)` from `start` to one of `goals`, both included, or `None` when no goal is
/// reachable (or `goals` is empty).
///
/// # Complexity
/// * Time: **O(b^(d/2))** expanded states for branching factor b and distance d.
/// * Space: one arena entry per reached state, plus the two frontiers.
///
/// # Panics
/// In debug builds, when a move the search walks backwards cannot be undone in one move (the
/// message names both states); in release builds the search may then panic or return a path
/// that is not one. Use [`bfs`] for such spaces.
///
/// # Example
///
/// ```
/// use statespace::{DenseArena, FnSpace, bidirectional_bfs};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut arena = DenseArena::new(100);
/// let path = bidirectional_bfs(&ring, &mut arena, 10, &[14, 90]).unwrap();
/// assert_eq!(path, [10, 11, 12, 13, 14]);
/// ```
pub fn bidirectional_bfs<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &[u64],
) -> Option<Vec<u64>> {
    arena.reset();
    if goals.contains(&start) {
        return Some(vec![start]);
    }
    arena.set(start, 1);
    let mut forward = vec![start];
    let mut backward = Vec::new();
    for &goal in goals {
        if arena.get(goal) == 0 {
            arena.set(goal, -1);
            backward.push(goal);
        }
    }
    let mut next = Vec::new();
    while !forward.is_empty() && !backward.is_empty() {
        let expand_forward = forward.len() <= backward.len();
        let frontier = if expand_forward { &forward } else { &backward };
        let mut meeting = None;
        for &state in frontier {
            let code = arena.get(state);
            let next_code = code + code.signum();
            space.for_each_successor(state, |succ| {
                if meeting.is_some() {
                    return;
                }
                let seen = arena.claim(succ, next_code);
                if seen == 0 {
                    if next_code < 0 {
                        // The goal side walks the moves backwards: succ -> state must be a move.
                        debug_assert_reversible(space, state, succ, "bidirectional_bfs");
                    }
                    next.push(succ);
                } else if (seen > 0) != (code > 0) {
                    if code < 0 {
                        // The two halves join through succ -> state.
                        debug_assert_reversible(space, state, succ, "bidirectional_bfs");
                    }
                    meeting = Some((state, succ));
                }
            });
            if meeting.is_some() {
                break;
            }
        }
        if let Some((near, far)) = meeting {
            let (start_end, goal_end) = if expand_forward {
                (near, far)
            } else {
                (far, near)
            };
            let mut path = descend_path(space, arena, start_end).expect("reached");
            path.reverse();
            path.extend(descend_path(space, arena, goal_end).expect("reached"));
            return Some(path);
        }
        let frontier = if expand_forward {
            &mut forward
        } else {
            &mut backward
        };
        std::mem::swap(frontier, &mut next);
        next.clear();
    }
    None
}
