//! The one trait a puzzle implements to be searched: successors of a packed state.

use crate::members::Members;

/// A state space over packed states (`u64`), described by its successor function.
///
/// Implementations must yield successors in a fixed order: the searches are deterministic
/// only because of it. A successor may be yielded more than once; searches ignore repeats.
///
/// ```
/// use statespace::{Search, Space};
///
/// /// A knight on a chessboard, a square `row * 8 + col`.
/// struct Knight;
///
/// impl Space for Knight {
///     fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
///         let (row, col) = ((state / 8) as i64, (state % 8) as i64);
///         let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
///         for (dr, dc) in jumps {
///             let (r, c) = (row + dr, col + dc);
///             if (0..8).contains(&r) && (0..8).contains(&c) {
///                 visit((r * 8 + c) as u64);
///             }
///         }
///     }
/// }
///
/// let path = Search::over(&Knight).bfs(0, &[63]).unwrap();
/// assert_eq!(path.len() - 1, 6); // corner to corner
/// ```
pub trait Space {
    /// Whether [`Space::expand_block`] is the space's own, answering a set of states at about
    /// the cost of one (`false` for the default, which expands state by state).
    ///
    /// The two-bit search ([`TwoBitSearch`](crate::TwoBitSearch)) expands a level by blocks of
    /// 64 states, and a block may hold older states with the level's code (distance mod 3).
    /// When this is `false`, it keeps a bit a state for the states expanded already (an
    /// eighth of a byte a state, half the table again), so that each state is expanded once,
    /// and calls [`Space::for_each_successor`] for each of them itself (a space whose
    /// `expand_block` is not its own gains nothing from it); when `true`, it keeps none, hands
    /// each block to [`Space::expand_block`], and lets it take the older states too, which
    /// their successors, all reached, leave unchanged.
    ///
    /// ```
    /// use statespace::{Space, from_fn};
    ///
    /// // A space of per-state successors only, as most are.
    /// assert!(!from_fn(|s, visit| visit(s + 1)).expands_blocks());
    /// ```
    #[inline]
    fn expands_blocks(&self) -> bool {
        false
    }

    /// Whether every move can be undone in one move: for any states `s` and `t` of the dense
    /// space (reachable or not), `t` is a successor of `s` exactly when `s` is one of `t`.
    ///
    /// When `true`, the two-bit search ([`TwoBitSearch`](crate::TwoBitSearch)) in memory may
    /// run a late level *backward*: once fewer states are unreached than the last level holds,
    /// each unreached state asks whether one of its successors is in the last level (and
    /// stops at the first one), instead of each state of the last level writing its
    /// successors. The levels are the same; the work falls to the unreached states, which
    /// are then the fewer. A space that answers `true` wrongly (a move into a state that may
    /// not leave it, or an unreachable state next to a reachable one) gets wrong levels: the
    /// default is `false`.
    ///
    /// # Example
    ///
    /// A ring of `n` states, a move one step either way: every move is undone by the other.
    /// Most states are two or three levels from the end when the last levels run backward; the
    /// levels are the ring's (two states at each distance but the first and the last).
    ///
    /// ```
    /// use statespace::{Space, TwoBitSearch};
    ///
    /// struct Ring(u64);
    ///
    /// impl Space for Ring {
    ///     fn reversible(&self) -> bool {
    ///         true
    ///     }
    ///     fn for_each_successor<F: FnMut(u64)>(&self, s: u64, mut visit: F) {
    ///         visit((s + 1) % self.0);
    ///         visit((s + self.0 - 1) % self.0);
    ///     }
    /// }
    ///
    /// let (_, levels) = TwoBitSearch::new(&Ring(1000), 1000).sources([0]).threads(2).run();
    /// let mut ring = vec![2; 501];
    /// (ring[0], ring[500]) = (1, 1);
    /// assert_eq!(levels.sizes(), ring);
    /// ```
    #[inline]
    fn reversible(&self) -> bool {
        false
    }

    /// Calls `visit` once for every state reachable from `state` in one move.
    ///
    /// ```
    /// use statespace::{Space, from_fn};
    ///
    /// let line = from_fn(|s, visit| {
    ///     if s > 0 {
    ///         visit(s - 1);
    ///     }
    ///     visit(s + 1);
    /// });
    /// let mut next = Vec::new();
    /// line.for_each_successor(0, |t| next.push(t));
    /// line.for_each_successor(5, |t| next.push(t));
    /// assert_eq!(next, [1, 4, 6]);
    /// ```
    fn for_each_successor<F: FnMut(u64)>(&self, state: u64, visit: F);

    /// Whether `found` holds for a successor of `state`, asked of the successors in
    /// [`Space::for_each_successor`]'s order and stopping at the first it holds for.
    ///
    /// A level run backward ([`Space::reversible`]) asks this of every unreached state, and
    /// most stop at one of their first successors: a space whose successors cost something
    /// each can stop making them there. The default makes them all and asks until one holds.
    ///
    /// ```
    /// use statespace::{Space, from_fn};
    ///
    /// let line = from_fn(|s, visit| {
    ///     visit(s + 1);
    ///     visit(s + 2);
    /// });
    /// let mut asked = Vec::new();
    /// assert!(line.any_successor(3, |t| {
    ///     asked.push(t);
    ///     t == 4
    /// }));
    /// assert_eq!(asked, [4]); // stopped at the first
    /// assert!(!line.any_successor(3, |t| t == 7));
    /// ```
    #[inline]
    fn any_successor<F: FnMut(u64) -> bool>(&self, state: u64, mut found: F) -> bool {
        let mut hit = false;
        self.for_each_successor(state, |succ| {
            if !hit {
                hit = found(succ);
            }
        });
        hit
    }

    /// Puts into `out` the successors of every state `first + i` of `members`: a set of the
    /// states `first..first + 64`, where `first` is a multiple of 64.
    ///
    /// The two-bit search ([`TwoBitSearch`](crate::TwoBitSearch)) expands its table 64 states at
    /// a time through this method, and only asks which states the block reaches, not which
    /// member reached each: a successor may be reported alone ([`Successors::one`]) or as one
    /// state of a set of 64 consecutive ones ([`Successors::many`]), in any order and any
    /// number of times. The default reports each member's successors one by one, in
    /// [`Space::for_each_successor`]'s order. A space can do much better when its ranks are
    /// numbers in base `b` and most moves change one digit: the moves of the smallest digits
    /// map the block onto itself (a shift and a mask of `members` each), and a move of a larger
    /// digit that the small digits allow maps a whole subset of the block onto another block
    /// at once, with no state unranked.
    ///
    /// # Example
    ///
    /// The hypercube of `2^d` states, a move flipping one bit: within a block of 64 a flip of
    /// bit `j < 6` moves the members with that bit clear up by `2^j` and the others down; a flip
    /// of a higher bit moves the whole block to another one. Its two-bit search gives the same
    /// levels as the state-by-state default (`binomial(d, k)` states at distance `k`).
    ///
    /// ```
    /// use statespace::{Space, TwoBitSearch};
    /// use statespace::block::{Members, Successors};
    ///
    /// struct Cube(u32);
    ///
    /// /// The placements (of the six low bits) with bit `j` clear, as a set of 64.
    /// const fn clear(j: u32) -> Members {
    ///     let mut bits = 0u64;
    ///     let mut i = 0;
    ///     while i < 64 {
    ///         if i >> j & 1 == 0 {
    ///             bits |= 1 << i;
    ///         }
    ///         i += 1;
    ///     }
    ///     Members::from_bits(bits)
    /// }
    ///
    /// impl Space for Cube {
    ///     fn for_each_successor<F: FnMut(u64)>(&self, state: u64, mut visit: F) {
    ///         (0..self.0).for_each(|j| visit(state ^ 1 << j));
    ///     }
    ///
    ///     fn expands_blocks(&self) -> bool {
    ///         true
    ///     }
    ///
    ///     fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
    ///         if self.0 < 6 {
    ///             // Fewer than 64 states: no whole block.
    ///             for i in members.iter() {
    ///                 let state = first + u64::from(i);
    ///                 self.for_each_successor(state, |succ| out.one(state, succ));
    ///             }
    ///             return;
    ///         }
    ///         for j in 0..6 {
    ///             let low = members & clear(j);
    ///             let high = members & !clear(j);
    ///             out.many(first, low.shift_up(1 << j) | high.shift_down(1 << j));
    ///         }
    ///         for j in 6..self.0 {
    ///             out.many(first ^ 1 << j, members);
    ///         }
    ///     }
    /// }
    ///
    /// let (_, levels) = TwoBitSearch::new(&Cube(12), 1 << 12).sources([0]).threads(2).run();
    /// let sizes: Vec<u64> = (0..=12).map(|k| (1..=k).fold(1, |c, i| c * (12 - i + 1) / i)).collect();
    /// assert_eq!(levels.sizes(), sizes);
    /// ```
    #[inline]
    fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
        for i in members.iter() {
            let state = first + u64::from(i);
            self.for_each_successor(state, |succ| out.one(state, succ));
        }
    }
}

/// Where [`Space::expand_block`] reports the successors of a block of states.
///
/// ```
/// use statespace::block::{Members, Successors};
/// use statespace::{Space, from_fn};
///
/// /// Every successor reported, one by one or as sets, in a list.
/// struct Collect(Vec<u64>);
///
/// impl Successors for Collect {
///     fn one(&mut self, _state: u64, succ: u64) {
///         self.0.push(succ);
///     }
///     fn many(&mut self, first: u64, set: Members) {
///         self.0.extend(set.iter().map(|i| first + u64::from(i)));
///     }
/// }
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut out = Collect(Vec::new());
/// ring.expand_block(64, Members::from_bits(0b101), &mut out); // states 64 and 66
/// assert_eq!(out.0, [65, 63, 67, 65]); // state by state, by default
/// out.many(0, Members::from_bits(0b11));
/// assert_eq!(out.0[4..], [0, 1]);
/// ```
pub trait Successors {
    /// `succ` is a successor of `state`.
    ///
    /// ```
    /// use statespace::block::{Members, Successors};
    /// use statespace::{Space, from_fn};
    ///
    /// /// The pairs (state, successor) reported one by one.
    /// struct Pairs(Vec<(u64, u64)>);
    /// impl Successors for Pairs {
    ///     fn one(&mut self, state: u64, succ: u64) {
    ///         self.0.push((state, succ));
    ///     }
    /// #   fn many(&mut self, _: u64, _: Members) {}
    /// }
    /// // The default `expand_block` reports each member's successors one by one.
    /// let line = from_fn(|s, visit| visit(s + 1));
    /// let mut out = Pairs(Vec::new());
    /// line.expand_block(0, Members::from_bits(0b1001), &mut out); // states 0 and 3
    /// assert_eq!(out.0, [(0, 1), (3, 4)]);
    /// ```
    fn one(&mut self, state: u64, succ: u64);

    /// Every state `first + i` of `set` is a successor of a member of the block being
    /// expanded (`first` need not be a multiple of anything).
    ///
    /// ```
    /// use statespace::block::{Members, Successors};
    /// use statespace::Space;
    ///
    /// /// A move 64 states on: a block's members move to the same places of the next block.
    /// struct Leap;
    /// impl Space for Leap {
    ///     fn for_each_successor<F: FnMut(u64)>(&self, s: u64, mut visit: F) {
    ///         visit(s + 64);
    ///     }
    ///     fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
    ///         out.many(first + 64, members);
    ///     }
    /// }
    /// /// Every successor reported, as states.
    /// struct States(Vec<u64>);
    /// impl Successors for States {
    ///     fn many(&mut self, first: u64, set: Members) {
    ///         self.0.extend(set.iter().map(|i| first + u64::from(i)));
    ///     }
    /// #   fn one(&mut self, _: u64, succ: u64) { self.0.push(succ) }
    /// }
    /// let mut out = States(Vec::new());
    /// Leap.expand_block(128, Members::from_bits(0b110), &mut out); // states 129 and 130
    /// assert_eq!(out.0, [193, 194]);
    /// ```
    fn many(&mut self, first: u64, set: Members);
}

/// A [`Space`] made from a closure `|state, visit| { ... }`, for tests and small spaces.
///
/// Build it with [`from_fn`], which infers the closure's argument types.
///
/// ```
/// use statespace::{Space, from_fn};
/// // A path graph 0 - 1 - 2 - ... - 9.
/// let line = from_fn(|s, visit| {
///     if s > 0 { visit(s - 1) }
///     if s < 9 { visit(s + 1) }
/// });
/// let mut next = Vec::new();
/// line.for_each_successor(3, |t| next.push(t));
/// assert_eq!(next, [2, 4]);
/// ```
pub struct FnSpace<F>(pub F);

/// A [`FnSpace`] from `successors(state, visit)`, with the closure's argument types inferred
/// (`FnSpace(|s, visit| ...)` alone would need them written out).
///
/// ```
/// use statespace::{Space, from_fn};
///
/// // The closure's types are inferred: a state, and where to send each successor.
/// let double = from_fn(|s, visit| visit(2 * s));
/// let mut next = Vec::new();
/// double.for_each_successor(21, |t| next.push(t));
/// assert_eq!(next, [42]);
/// ```
pub fn from_fn<F: Fn(u64, &mut dyn FnMut(u64))>(successors: F) -> FnSpace<F> {
    FnSpace(successors)
}

impl<F: Fn(u64, &mut dyn FnMut(u64))> Space for FnSpace<F> {
    fn for_each_successor<V: FnMut(u64)>(&self, state: u64, mut visit: V) {
        (self.0)(state, &mut visit);
    }
}
