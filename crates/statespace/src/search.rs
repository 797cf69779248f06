//! The breadth-first searches behind [`Search`](crate::Search): to a goal, a ball of levels (on
//! one thread or several), from both ends, and a path read back from the distances.

use crate::arena::Arena;
use crate::error::SearchError;
use crate::error::is_move;
use crate::space::Space;

/// Level sizes of a full-space breadth-first search.
///
/// ```
/// use statespace::{DenseArena, Search, from_fn};
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
/// let levels = Search::over(&line).arena(DenseArena::new(10)).levels(&[4]);
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
    /// use statespace::{DenseArena, Search, from_fn};
    ///
    /// let ring = from_fn(|s, visit| {
    ///     visit((s + 1) % 10);
    ///     visit((s + 9) % 10);
    /// });
    /// let levels = Search::over(&ring).arena(DenseArena::new(10)).levels(&[0, 1]);
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
pub(crate) fn bfs<S: Space, A: Arena>(
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

/// A full breadth-first search stopped at `radius`: every state at most `radius` moves from a
/// source, and no other, is reached (a ball around the sources).
///
/// **Requires** nothing of the moves; unit costs.
///
/// A search towards the sources can then stop at the first state inside the ball: when the
/// start is outside, the first ball states a BFS from it meets are exactly `radius` from the
/// sources, so that level plus `radius` is its distance (the judge path of `hanoi4` shares one
/// ball among the cases of a disc count this way).
pub(crate) fn full_bfs_within<S: Space, A: Arena>(
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
pub(crate) fn par_full_bfs_within<S: Space + Sync, A: Arena + Sync>(
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
