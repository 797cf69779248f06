//! The searches: BFS to a goal predicate, full-space BFS, and bidirectional BFS.

use crate::arena::Arena;
use crate::error::SearchError;
use crate::error::is_move;
use crate::space::Space;

/// Level sizes of a full-space breadth-first search.
///
/// ```
/// use statespace::{DenseArena, from_fn, full_bfs};
///
/// // A path 0 - 1 - ... - 9, searched from 4.
/// let line = from_fn(|s, visit| {
///     if s > 0 {
///         visit(s - 1);
///     }
///     if s < 9 {
///         visit(s + 1);
///     }
/// });
/// let levels = full_bfs(&line, &mut DenseArena::new(10), &[4]);
/// assert_eq!(levels.sizes(), [1, 2, 2, 2, 2, 1]);
/// assert_eq!((levels.max_distance(), levels.reached()), (5, 10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    sizes: Vec<u64>,
}

impl Levels {
    /// Level sizes from a search done elsewhere (for example spread over processes):
    /// `sizes[d]` states at distance `d`, with no trailing empty level.
    ///
    /// ```
    /// use statespace::Levels;
    ///
    /// let levels = Levels::from_sizes(vec![1, 3, 2]);
    /// assert_eq!(levels.max_distance(), 2);
    /// assert_eq!(levels.reached(), 6);
    /// ```
    pub fn from_sizes(sizes: Vec<u64>) -> Self {
        Self { sizes }
    }

    /// `sizes()[d]` is the number of states at distance exactly `d` from the sources.
    ///
    /// ```
    /// use statespace::{DenseArena, from_fn, full_bfs};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let levels = full_bfs(&ring, &mut DenseArena::new(10), &[0, 1]);
    /// assert_eq!(levels.sizes(), [2, 2, 2, 2, 2]); // {0, 1}, {2, 9}, {3, 8}, {4, 7}, {5, 6}
    /// ```
    pub fn sizes(&self) -> &[u64] {
        &self.sizes
    }

    /// The largest distance of any reached state (the eccentricity of the sources).
    ///
    /// ```
    /// use statespace::Levels;
    ///
    /// assert_eq!(Levels::from_sizes(vec![1, 4, 9]).max_distance(), 2);
    /// assert_eq!(Levels::from_sizes(vec![1]).max_distance(), 0); // the sources alone
    /// ```
    pub fn max_distance(&self) -> u32 {
        self.sizes.len().saturating_sub(1) as u32
    }

    /// The number of states reached.
    ///
    /// ```
    /// use statespace::Levels;
    ///
    /// assert_eq!(Levels::from_sizes(vec![1, 4, 9]).reached(), 14);
    /// ```
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

/// How a walk back through the codes finds the state one move *before* a state on the start
/// side.
pub(crate) enum Back<'a, P> {
    /// Among the successors, each step checked to be a move (the successor leads back).
    Undo,
    /// Among the given predecessors, each step checked to be a move.
    Given(&'a P),
}

impl<P> Clone for Back<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Back<'_, P> {}

/// Walks from `from` down the codes of `arena` to a source: on the start side (codes `d + 1`)
/// through states one move before, found as `back` says; on the goal side (codes `-(d + 1)`)
/// through successors. Every step of the result is a move of `space`.
pub(crate) fn descend<S: Space, P: Space, A: Arena>(
    space: &S,
    back: Back<'_, P>,
    arena: &A,
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    let mut code = arena.get(from);
    if code == 0 {
        return Ok(None);
    }
    let mut path = Vec::with_capacity(code.unsigned_abs() as usize);
    let mut state = from;
    path.push(state);
    while code.abs() > 1 {
        let wanted = code - code.signum();
        let mut nearer = None;
        let mut broken = None;
        if code < 0 {
            // The goal side: a successor one step nearer the goals is a move towards them.
            space.for_each_successor(state, |succ| {
                if nearer.is_none() && arena.get(succ) == wanted {
                    nearer = Some(succ);
                }
            });
        } else {
            // The start side: the state before must have `state` among its successors.
            let mut consider = |before: u64| {
                if nearer.is_some() || arena.get(before) != wanted {
                    return;
                }
                if is_move(space, before, state) {
                    nearer = Some(before);
                } else if broken.is_none() {
                    broken = Some(before);
                }
            };
            match back {
                Back::Undo => space.for_each_successor(state, &mut consider),
                Back::Given(predecessors) => predecessors.for_each_successor(state, &mut consider),
            }
        }
        let Some(next) = nearer else {
            return Err(match (broken, back) {
                (Some(before), Back::Undo) => SearchError::Irreversible {
                    from: state,
                    to: before,
                },
                (Some(before), Back::Given(_)) => SearchError::NotAPredecessor {
                    state,
                    predecessor: before,
                },
                (None, _) => SearchError::NoNearerNeighbour { state },
            });
        };
        state = next;
        code = wanted;
        path.push(state);
    }
    Ok(Some(path))
}

/// Walks from `from` down the distances a search left in an arena, to a state of the side
/// that reached it, for spaces whose moves can be undone in one move.
///
/// **Requires** reversible moves, and checks every step it takes: from a state whose code is
/// `c`, it goes to the first successor (in the space's order) whose code is one step nearer to
/// zero on the same side and, on the start side, that leads back in one move; it stops at a
/// code of `±1` (a source). Used to read paths back from [`full_bfs`] and [`bidirectional_bfs`]
/// without a parent array. For spaces whose moves cannot all be undone, see
/// [`descend_path_with`].
///
/// # Returns
/// `Ok(Some(path))`: the states from `from` to a source, both included. On the start side
/// (codes `d + 1`, as [`full_bfs`] leaves them) `path` read backwards is a path from that
/// source to `from`, each step a move; on the goal side (codes `-(d + 1)`), `path` itself is.
/// `Ok(None)` when `from` was not reached.
///
/// # Errors
/// [`SearchError::Irreversible`] when the only successors one step nearer cannot lead back,
/// [`SearchError::NoNearerNeighbour`] when no successor is one step nearer: the moves are not
/// reversible.
///
/// # Complexity
/// O(distance × branching²): each candidate step is checked by generating its successors.
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
/// assert_eq!(descend_path(&ring, &arena, 97), Ok(Some(vec![97, 98, 99, 0])));
/// ```
pub fn descend_path<S: Space, A: Arena>(
    space: &S,
    arena: &A,
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    descend(space, Back::<S>::Undo, arena, from)
}

/// [`descend_path`] for any space: on the start side, the state before is found among
/// `predecessors(state)` (the states with `state` among their successors), so moves need not
/// be reversible.
///
/// **Requires** nothing of the moves; every step is checked to be a move of `space`.
///
/// # Errors
/// [`SearchError::NotAPredecessor`] when the only predecessors one step nearer do not have
/// the state among their successors, [`SearchError::NoNearerNeighbour`] when none is one step
/// nearer (the predecessors miss a move).
///
/// # Example
///
/// A counter that only goes up by 3 or 5: from 0, 11 is three moves away (5 + 3 + 3).
///
/// ```
/// use statespace::{DenseArena, FnSpace, descend_path_with, full_bfs_within};
///
/// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     for step in [3, 5] {
///         if s + step < 30 { visit(s + step) }
///     }
/// });
/// let down = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     for step in [3, 5] {
///         if s >= step { visit(s - step) }
///     }
/// });
/// let mut arena = DenseArena::new(30);
/// full_bfs_within(&up, &mut arena, &[0], 10);
/// let mut path = descend_path_with(&up, &down, &arena, 11).unwrap().unwrap();
/// path.reverse();
/// assert_eq!(path, [0, 5, 8, 11]);
/// ```
pub fn descend_path_with<S: Space, P: Space, A: Arena>(
    space: &S,
    predecessors: &P,
    arena: &A,
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    descend(space, Back::Given(predecessors), arena, from)
}

/// Shortest path by bidirectional breadth-first search, checking that every move it sees can be
/// undone in one move.
///
/// **Requires** reversible moves (every move can be undone in one move) and unit costs, and
/// checks them: every move the search generates, on either side, and every step of the path,
/// is checked to lead back, in every build, and the search refuses with
/// [`SearchError::Irreversible`] naming both states of the first that does not. The check
/// costs a generation of successors per generated state. For spaces whose moves cannot all be
/// undone, give the predecessors to [`bidirectional_bfs_with`]; a space known to be reversible
/// can skip the checks by being its own predecessor function there (`bidirectional_bfs_with(&space,
/// &space, ...)`).
///
/// One table holds signed codes: `d + 1` for states `d` moves from `start`, `-(d + 1)` for
/// states `d` moves from the nearest goal. Each round expands one whole level of whichever
/// frontier is smaller; the first successor already reached by the other side joins the two
/// halves. The path is read back from the codes as [`descend_path`] does. The arena is reset
/// before the search.
///
/// See <https://en.wikipedia.org/wiki/Bidirectional_search>.
///
/// # Returns
/// `Ok(Some(path))` from `start` to one of `goals`, both included, every step a move;
/// `Ok(None)` when no goal is reachable (or `goals` is empty).
///
/// # Errors
/// [`SearchError::Irreversible`] when a move the search sees cannot be undone. (A move that
/// cannot be undone and leaves a state neither side expands is not seen: it cannot be found
/// from successors alone, and the path returned is then real but possibly not the shortest.
/// Give the predecessors when the moves are not known to be reversible.)
///
/// # Complexity
/// * Time: **O(b^(d/2))** expanded states for branching factor b and distance d, times b for
///   the checks.
/// * Space: one arena entry per reached state, plus the two frontiers.
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
/// let path = bidirectional_bfs(&ring, &mut arena, 10, &[14, 90]).unwrap().unwrap();
/// assert_eq!(path, [10, 11, 12, 13, 14]);
/// ```
pub fn bidirectional_bfs<S: Space, A: Arena>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &[u64],
) -> Result<Option<Vec<u64>>, SearchError> {
    bidirectional(space, Back::<S>::Undo, arena, start, goals)
}

/// Shortest path by bidirectional breadth-first search on any space: the goal side expands
/// `predecessors(state)`, the states with `state` among their successors (as
/// `pathfinding::directed::bfs::bfs_bidirectional` takes them).
///
/// **Requires** that `predecessors` be exactly the reverse of `space`'s moves, and unit costs.
/// Every step of the path is checked to be a move of `space`; a predecessor that is not one is
/// refused ([`SearchError::NotAPredecessor`]). A space whose moves can all be undone is its own
/// predecessor function: pass it twice, and the search runs with no check but the path's.
///
/// # Errors
/// [`SearchError::NotAPredecessor`] or [`SearchError::NoNearerNeighbour`] when the
/// predecessors and the successors disagree on the path.
///
/// # Example
///
/// A counter going up by 3 or 5 (moves that cannot be undone), searched from both ends.
///
/// ```
/// use statespace::{FnSpace, SparseArena, bidirectional_bfs_with};
///
/// let up = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit(s + 3);
///     visit(s + 5);
/// });
/// let down = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     for step in [3, 5] {
///         if s >= step { visit(s - step) }
///     }
/// });
/// let mut arena = SparseArena::new();
/// let path = bidirectional_bfs_with(&up, &down, &mut arena, 0, &[21]).unwrap().unwrap();
/// assert_eq!(path.len() - 1, 5); // 3 + 3 + 5 + 5 + 5
/// assert!(path.windows(2).all(|w| w[1] - w[0] == 3 || w[1] - w[0] == 5));
/// ```
pub fn bidirectional_bfs_with<S: Space, P: Space, A: Arena>(
    space: &S,
    predecessors: &P,
    arena: &mut A,
    start: u64,
    goals: &[u64],
) -> Result<Option<Vec<u64>>, SearchError> {
    bidirectional(space, Back::Given(predecessors), arena, start, goals)
}

pub(crate) fn bidirectional<S: Space, P: Space, A: Arena>(
    space: &S,
    back: Back<'_, P>,
    arena: &mut A,
    start: u64,
    goals: &[u64],
) -> Result<Option<Vec<u64>>, SearchError> {
    arena.reset();
    if goals.contains(&start) {
        return Ok(Some(vec![start]));
    }
    let (mut forward, mut backward) = seed(arena, start, goals);
    let checked = matches!(back, Back::Undo);
    let mut next = Vec::new();
    while !forward.is_empty() && !backward.is_empty() {
        let expand_forward = forward.len() <= backward.len();
        let frontier = if expand_forward { &forward } else { &backward };
        // `(before, after)`: the move joining the start side's `before` to the goal side's
        // `after`.
        let mut meeting = None;
        let mut broken = None;
        for &state in frontier {
            let code = arena.get(state);
            let next_code = code + code.signum();
            let mut visit = |other: u64| {
                if meeting.is_some() || broken.is_some() {
                    return;
                }
                if checked {
                    broken = irreversible(space, &*arena, state, other);
                    if broken.is_some() {
                        return;
                    }
                }
                let seen = arena.claim(other, next_code);
                if seen == 0 {
                    next.push(other);
                } else if (seen > 0) != (code > 0) {
                    meeting = Some(if code > 0 {
                        (state, other)
                    } else {
                        (other, state)
                    });
                }
            };
            match back {
                Back::Given(predecessors) if code < 0 => {
                    predecessors.for_each_successor(state, &mut visit);
                }
                _ => space.for_each_successor(state, &mut visit),
            }
            if let Some(error) = broken {
                return Err(error);
            }
            if meeting.is_some() {
                break;
            }
        }
        if let Some(meeting) = meeting {
            return joined(space, back, arena, meeting).map(Some);
        }
        advance(&mut forward, &mut backward, &mut next, expand_forward);
    }
    Ok(None)
}

/// Marks `start` (code 1) and the goals (code -1) in `arena`, and returns the two frontiers.
fn seed<A: Arena>(arena: &mut A, start: u64, goals: &[u64]) -> (Vec<u64>, Vec<u64>) {
    arena.set(start, 1);
    let mut backward = Vec::new();
    for &goal in goals {
        if arena.get(goal) == 0 {
            arena.set(goal, -1);
            backward.push(goal);
        }
    }
    (vec![start], backward)
}

/// The checked search's refusal of the move `state -> other` when it does not lead back.
#[inline]
fn irreversible<S: Space, A: Arena>(
    space: &S,
    arena: &A,
    state: u64,
    other: u64,
) -> Option<SearchError> {
    // A state beyond a dense arena is the fault to name (the arena's panic names its bound)
    // before any question of the moves from it.
    arena.get(other);
    // Forward, `state -> other` is a move; backward, `other -> state` should be. Either way
    // `state -> other` is a move of `space` here (checked mode walks successors on both
    // sides): it must lead back.
    (!is_move(space, other, state)).then_some(SearchError::Irreversible {
        from: state,
        to: other,
    })
}

/// Swaps `next` into the frontier just expanded (forward if `expand_forward`) and empties `next`.
#[inline]
fn advance(
    forward: &mut Vec<u64>,
    backward: &mut Vec<u64>,
    next: &mut Vec<u64>,
    expand_forward: bool,
) {
    let frontier = if expand_forward { forward } else { backward };
    std::mem::swap(frontier, next);
    next.clear();
}

/// The path from the start to a goal through the move `(before, after)` where the sides meet.
fn joined<S: Space, P: Space, A: Arena>(
    space: &S,
    back: Back<'_, P>,
    arena: &A,
    (before, after): (u64, u64),
) -> Result<Vec<u64>, SearchError> {
    // The checked search has checked the move already.
    if matches!(back, Back::Given(_)) && !is_move(space, before, after) {
        return Err(SearchError::NotAPredecessor {
            state: after,
            predecessor: before,
        });
    }
    let mut path = descend(space, back, arena, before)?.expect("reached");
    path.reverse();
    path.extend(descend(space, back, arena, after)?.expect("reached"));
    Ok(path)
}
