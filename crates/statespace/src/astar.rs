//! A* with a bucket queue, for unit-cost moves and an admissible heuristic.

use crate::arena::Arena;
use crate::error::SearchError;
use crate::error::is_move;
use crate::goal::Goals;
use crate::space::Space;

/// What a search may assume of the moves when it reads its path back.
///
/// ```
/// use statespace::{Estimate, Moves, Search, from_fn};
///
/// /// No estimate at all: A* as a breadth-first search.
/// struct Zero;
///
/// impl Estimate for Zero {
///     type Note = ();
///     fn start(&mut self, _: u64) -> (u32, ()) {
///         (0, ())
///     }
///     fn child(&mut self, _: &(), _: u64) -> (u32, ()) {
///         (0, ())
///     }
/// }
///
/// // Up by one or two: no move can be undone.
/// let up = from_fn(|s, visit| {
///     visit(s + 1);
///     visit(s + 2);
/// });
/// let found = Search::over(&up).moves(Moves::Any).astar(0, &[5], &mut Zero)?;
/// assert_eq!(found.path.unwrap().len() - 1, 3); // links followed back
/// // Read back from the distances, the path is refused rather than made up.
/// assert!(Search::over(&up).moves(Moves::Reversible).astar(0, &[5], &mut Zero).is_err());
/// # Ok::<(), statespace::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Nothing: moves may be one-way. The search keeps a link to its parent with every queue
    /// entry (4 bytes) and every expanded state (12 bytes), and follows them back.
    Any,
    /// Every move can be undone in one move: the path is read back from the recorded
    /// distances, with no links, each step checked to be a move (a step that is not is refused
    /// with [`SearchError::Irreversible`]). Saves the links' memory and time.
    Reversible,
}

/// What an A* search found, with its effort.
///
/// ```
/// use statespace::{Search, from_fn};
///
/// let line = from_fn(|s, visit| if s < 20 { visit(s + 1) });
/// let mut to_10 = |s: u64| 10u64.saturating_sub(s) as u32;
/// let found = Search::over(&line).max_states(100).astar(0, &[10], &mut to_10)?;
/// assert_eq!((found.path.unwrap().len(), found.expanded, found.gave_up), (11, 10, false));
/// // A budget of 5 states: the search gives up, and proves nothing.
/// let short = Search::over(&line).max_states(5).astar(0, &[10], &mut to_10)?;
/// assert!(short.path.is_none() && short.gave_up);
/// // Within the budget and not found: unreachable.
/// let none = Search::over(&line).max_states(100).astar(0, &[30], &mut |_| 0)?;
/// assert!(none.path.is_none() && !none.gave_up);
/// # Ok::<(), statespace::SearchError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AStarResult {
    /// The states from the start to the goal, both included; `None` when unreachable.
    pub path: Option<Vec<u64>>,
    /// States expanded (taken from the queue and their successors generated).
    pub expanded: u64,
    /// Whether the search stopped because the arena reached `max_states` (then `path` is `None`
    /// without proving the goal unreachable).
    pub gave_up: bool,
}

/// A heuristic that hands a small note from each state to its successors, for estimates that
/// are cheaper to update than to compute from scratch (an exact distance of a projection kept
/// by its change mod 3, say).
///
/// A note must be a function of the state alone, whatever the path that reached it: a state
/// reached again more cheaply is estimated again from its new parent.
///
/// ```
/// use statespace::{Estimate, Moves, Search, from_fn};
///
/// /// The bits still to clear to reach state 0: counted at the start, then updated by each
/// /// flip, since a successor differs from its parent in one bit.
/// struct Ones;
///
/// impl Estimate for Ones {
///     type Note = (u64, u32); // the state and its estimate
///     fn start(&mut self, state: u64) -> (u32, (u64, u32)) {
///         (state.count_ones(), (state, state.count_ones()))
///     }
///     fn child(&mut self, &(parent, h): &(u64, u32), child: u64) -> (u32, (u64, u32)) {
///         let h = if child > parent { h + 1 } else { h - 1 }; // a bit set, or one cleared
///         (h, (child, h))
///     }
/// }
///
/// let cube = from_fn(|s, visit| (0..20).for_each(|j| visit(s ^ 1 << j)));
/// let search = Search::over(&cube).max_states(1 << 20).moves(Moves::Reversible);
/// let found = search.astar(0b1011, &[0], &mut Ones)?;
/// assert_eq!(found.path.unwrap().len() - 1, 3);
/// assert_eq!(found.expanded, 3); // straight down: the estimate is exact
/// # Ok::<(), statespace::SearchError>(())
/// ```
pub trait Estimate {
    /// What a state passes on to its successors.
    ///
    /// ```
    /// # use statespace::Estimate;
    /// # struct Ones; // the estimate of the example of `Estimate`: the bits still to clear
    /// # impl Estimate for Ones {
    /// #     type Note = (u64, u32);
    /// #     fn start(&mut self, s: u64) -> (u32, (u64, u32)) {
    /// #         (s.count_ones(), (s, s.count_ones()))
    /// #     }
    /// #     fn child(&mut self, &(parent, h): &(u64, u32), child: u64) -> (u32, (u64, u32)) {
    /// #         let h = if child > parent { h + 1 } else { h - 1 };
    /// #         (h, (child, h))
    /// #     }
    /// # }
    /// // A note is the state's alone: from either parent, or from scratch, 0b1010 gets the same.
    /// let (_, from_scratch) = Ones.start(0b1010);
    /// let (_, by_clearing) = Ones.child(&Ones.start(0b1011).1, 0b1010);
    /// let (_, by_setting) = Ones.child(&Ones.start(0b1000).1, 0b1010);
    /// assert_eq!((by_clearing, by_setting), (from_scratch, from_scratch));
    /// ```
    type Note: Copy;

    /// The estimate of the start state, computed from scratch, and its note.
    ///
    /// ```
    /// # use statespace::Estimate;
    /// # struct Ones; // the estimate of the example of `Estimate`: the bits still to clear
    /// # impl Estimate for Ones {
    /// #     type Note = (u64, u32);
    /// #     fn start(&mut self, s: u64) -> (u32, (u64, u32)) {
    /// #         (s.count_ones(), (s, s.count_ones()))
    /// #     }
    /// #     fn child(&mut self, &(parent, h): &(u64, u32), child: u64) -> (u32, (u64, u32)) {
    /// #         let h = if child > parent { h + 1 } else { h - 1 };
    /// #         (h, (child, h))
    /// #     }
    /// # }
    /// assert_eq!(Ones.start(0b1011), (3, (0b1011, 3))); // three bits to clear: three moves
    /// assert_eq!(Ones.start(0).0, 0); // the goal
    /// ```
    fn start(&mut self, state: u64) -> (u32, Self::Note);

    /// The estimate of `child`, a successor of the state whose note is `note`, and its note.
    ///
    /// ```
    /// # use statespace::Estimate;
    /// # struct Ones; // the estimate of the example of `Estimate`: the bits still to clear
    /// # impl Estimate for Ones {
    /// #     type Note = (u64, u32);
    /// #     fn start(&mut self, s: u64) -> (u32, (u64, u32)) {
    /// #         (s.count_ones(), (s, s.count_ones()))
    /// #     }
    /// #     fn child(&mut self, &(parent, h): &(u64, u32), child: u64) -> (u32, (u64, u32)) {
    /// #         let h = if child > parent { h + 1 } else { h - 1 };
    /// #         (h, (child, h))
    /// #     }
    /// # }
    /// // Updated from the parent's note, a child's estimate is the one computed from scratch.
    /// let (_, note) = Ones.start(0b1011);
    /// assert_eq!(Ones.child(&note, 0b0011), Ones.start(0b0011));
    /// assert_eq!(Ones.child(&note, 0b1111), (4, (0b1111, 4)));
    /// ```
    fn child(&mut self, note: &Self::Note, child: u64) -> (u32, Self::Note);
}

/// A closure `|state| estimate` is an [`Estimate`] computed from the state alone.
///
/// ```
/// use statespace::Estimate;
///
/// let mut halves = |s: u64| (s / 2) as u32;
/// assert_eq!(halves.start(9), (4, ()));
/// assert_eq!(halves.child(&(), 4), (2, ()));
/// ```
impl<H: FnMut(u64) -> u32> Estimate for H {
    type Note = ();

    fn start(&mut self, state: u64) -> (u32, ()) {
        (self(state), ())
    }

    fn child(&mut self, _: &(), child: u64) -> (u32, ()) {
        (self(child), ())
    }
}

/// A* by an [`Estimate`] and a choice of [`Moves`]: each queue entry carries its
/// state's note, and successors are estimated from it.
///
/// **Requires** unit costs, an admissible estimate (consistency not required: pathmax keeps `f`
/// monotone, and states reached again more cheaply are reopened), and notes that depend on the
/// state alone. With [`Moves::Reversible`], moves must be reversible, and every step of the
/// path is checked; with [`Moves::Any`] the path follows parent links.
///
/// The queue is one bucket per `f = g + h`, each split by `g` and popped deepest first (ties
/// among equal `f` go towards the goal), each `g` a stack of bare states with their notes and
/// parent links kept beside them. The arena holds `g + 1` for a state waiting in the queue and
/// `-(g + 1)` once it is expanded, so an entry left behind by a cheaper path is dropped. The
/// search gives up once the arena holds `max_states` states.
///
/// # Errors
/// With [`Moves::Reversible`] only: [`SearchError::Irreversible`] or
/// [`SearchError::NoNearerNeighbour`] when the path cannot be read back because a move cannot
/// be undone. With [`Moves::Any`], never.
pub(crate) fn astar_by<S: Space, A: Arena, E: Estimate, G: Goals + ?Sized>(
    space: &S,
    arena: &mut A,
    start: u64,
    goals: &G,
    max_states: usize,
    estimate: &mut E,
    moves: Moves,
) -> Result<AStarResult, SearchError> {
    let links = moves == Moves::Any;
    let (mut buckets, h0) = begin(arena, estimate, start, links);
    // With links: every expansion as (state, the expansion it came from).
    let mut expansions: Vec<(u64, u32)> = Vec::new();
    let mut f = h0;
    let mut expanded = 0;
    let mut succs = Vec::with_capacity(MAX_BRANCHING);
    while f < buckets.len() {
        let Some((state, note, entry_g, parent)) = buckets[f].pop() else {
            f += 1;
            continue;
        };
        let code = arena.get(state);
        if code < 0 {
            continue; // Already expanded, through a path at least as cheap.
        }
        let g = code as usize - 1;
        if links && g < entry_g {
            continue; // A cheaper entry of this state is queued: its parent is the one to keep.
        }
        if goals.is_goal(state) {
            let path = path_to(space, arena, &expansions, (state, parent))?;
            return Ok(AStarResult::found(path, expanded));
        }
        if arena.len() >= max_states || expansions.len() >= NO_PARENT as usize {
            return Ok(AStarResult::not_found(expanded, true));
        }
        expanded += 1;
        arena.set(state, -code);
        let link = parent.map(|parent| {
            expansions.push((state, parent));
            (expansions.len() - 1) as u32
        });
        let succ_code = (g + 2) as i32;
        // Generate first, then touch the arena: the probes of all successors load at once.
        succs.clear();
        space.for_each_successor(state, |succ| {
            arena.prefetch(succ);
            succs.push(succ);
        });
        for &succ in &succs {
            let seen = arena.claim(succ, succ_code);
            if seen == 0 || seen.abs() > succ_code {
                if seen != 0 {
                    // Reached again more cheaply: reopened.
                    arena.set(succ, succ_code);
                }
                let (h, succ_note) = estimate.child(&note, succ);
                // Pathmax: f never decreases along a path, so the queue's cursor never has to
                // move back, even for a heuristic that is admissible but not consistent.
                let f_succ = (g + 1 + h as usize).max(f);
                if buckets.len() <= f_succ {
                    buckets.resize_with(f_succ + 1, Bucket::default);
                }
                buckets[f_succ].push(g + 1, succ, succ_note, link);
            }
        }
    }
    Ok(AStarResult::not_found(expanded, false))
}

impl AStarResult {
    /// The result of a search that found `path` after expanding `expanded` states.
    fn found(path: Vec<u64>, expanded: u64) -> Self {
        Self {
            path: Some(path),
            expanded,
            gave_up: false,
        }
    }

    /// The result of a search that found no path after expanding `expanded` states.
    fn not_found(expanded: u64, gave_up: bool) -> Self {
        Self {
            path: None,
            expanded,
            gave_up,
        }
    }
}

/// Resets `arena` to `start` alone, and returns the queue holding only `start` and its `f`.
fn begin<A: Arena, E: Estimate>(
    arena: &mut A,
    estimate: &mut E,
    start: u64,
    links: bool,
) -> (Vec<Bucket<E::Note>>, usize) {
    arena.reset();
    arena.set(start, 1);
    let (h0, note0) = estimate.start(start);
    let h0 = h0 as usize;
    let mut buckets: Vec<Bucket<E::Note>> = Vec::new();
    buckets.resize_with(h0 + 1, Bucket::default);
    buckets[h0].push(0, start, note0, links.then_some(NO_PARENT));
    (buckets, h0)
}

/// The path from the start to `goal`: up the links from `parent` if any, else read back.
fn path_to<S: Space, A: Arena>(
    space: &S,
    arena: &A,
    expansions: &[(u64, u32)],
    (goal, parent): (u64, Option<u32>),
) -> Result<Vec<u64>, SearchError> {
    Ok(match parent {
        Some(parent) => follow_links(expansions, goal, parent),
        None => read_back(space, arena, goal)?,
    })
}

/// The parent link of the start.
const NO_PARENT: u32 = u32::MAX;

/// The path from the start to `goal`, reached from the expansion `parent`.
fn follow_links(expansions: &[(u64, u32)], goal: u64, mut parent: u32) -> Vec<u64> {
    let mut path = vec![goal];
    while parent != NO_PARENT {
        let (state, up) = expansions[parent as usize];
        path.push(state);
        parent = up;
    }
    path.reverse();
    path
}

/// The successors a state is expected to have at most (the buffer's first capacity).
const MAX_BRANCHING: usize = 16;

/// The queue entries of one `f`, by `g`: the deepest first (ties among equal `f` broken towards
/// the goal, as a heap ordered by `(f, -g)` would), each `g` a stack. States and notes are kept
/// in two vectors, so an entry costs 8 bytes plus the note's own size, with no padding between.
struct Bucket<N> {
    by_g: Vec<Layer<N>>,
    /// No entry has a larger `g`.
    top: usize,
}

impl<N> Default for Bucket<N> {
    fn default() -> Self {
        Self {
            by_g: Vec::new(),
            top: 0,
        }
    }
}

/// The entries of one `(f, g)`: states, notes and parent links (empty without links).
struct Layer<N> {
    states: Vec<u64>,
    notes: Vec<N>,
    links: Vec<u32>,
}

impl<N> Default for Layer<N> {
    fn default() -> Self {
        Self {
            states: Vec::new(),
            notes: Vec::new(),
            links: Vec::new(),
        }
    }
}

impl<N> Bucket<N> {
    #[inline]
    fn push(&mut self, g: usize, state: u64, note: N, link: Option<u32>) {
        if self.by_g.len() <= g {
            self.by_g.resize_with(g + 1, Default::default);
        }
        let layer = &mut self.by_g[g];
        layer.states.push(state);
        layer.notes.push(note);
        if let Some(link) = link {
            layer.links.push(link);
        }
        self.top = self.top.max(g);
    }

    /// The deepest entry: its state, note, `g` and parent link (with links).
    #[inline]
    fn pop(&mut self) -> Option<(u64, N, usize, Option<u32>)> {
        loop {
            let layer = self.by_g.get_mut(self.top)?;
            if let (Some(state), Some(note)) = (layer.states.pop(), layer.notes.pop()) {
                return Some((state, note, self.top, layer.links.pop()));
            }
            // Give a large emptied stack's memory back: a layer of a large search can hold
            // gigabytes (small ones keep theirs, to be refilled without allocating).
            if layer.states.capacity() > 1 << 16 {
                *layer = Layer::default();
            }
            if self.top == 0 {
                return None;
            }
            self.top -= 1;
        }
    }
}

/// The path from the start to `goal`, by descending `|code|` from the goal: the first
/// successor one less that leads back in one move. Every recorded `g` is the length of a real
/// path, and the neighbour through which the goal got its exact `g` still holds `g - 1` (its
/// own `g` is exact: one less would make the goal's smaller).
fn read_back<S: Space, A: Arena>(space: &S, arena: &A, goal: u64) -> Result<Vec<u64>, SearchError> {
    let mut code = arena.get(goal).abs();
    let mut path = vec![goal];
    let mut state = goal;
    while code > 1 {
        let mut nearer = None;
        let mut broken = None;
        space.for_each_successor(state, |succ| {
            if nearer.is_none() && arena.get(succ).abs() == code - 1 {
                if is_move(space, succ, state) {
                    nearer = Some(succ);
                } else {
                    broken.get_or_insert(succ);
                }
            }
        });
        state = match (nearer, broken) {
            (Some(nearer), _) => nearer,
            (None, Some(to)) => return Err(SearchError::Irreversible { from: state, to }),
            (None, None) => return Err(SearchError::NoNearerNeighbour { state }),
        };
        code -= 1;
        path.push(state);
    }
    path.reverse();
    Ok(path)
}
