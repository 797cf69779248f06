//! Distance arenas: where searches record the signed distance of every state they reach.
//!
//! An entry holds `0` for "not reached", `d + 1` for a state at distance `d` from the
//! forward side, and `-(d + 1)` for a state at distance `d` from the goal side of a
//! bidirectional search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Storage for the signed distance of each packed state, reusable across queries.
///
/// A code is `0` for "not reached", `d + 1` for a state at distance `d` from the start side,
/// and `-(d + 1)` for a state at distance `d` from the goal side of a bidirectional search.
/// Every arena also has `get`, `len`, `is_empty` and `distance` as inherent methods, so using
/// an arena's results needs no import of this trait.
///
/// # Example
///
/// An arena of your own needs four methods; the others have defaults.
///
/// ```
/// use std::collections::BTreeMap;
/// use statespace::{Arena, Search, from_fn};
///
/// /// The codes in a sorted map.
/// struct Sorted(BTreeMap<u64, i32>);
///
/// impl Arena for Sorted {
///     fn get(&self, state: u64) -> i32 {
///         self.0.get(&state).copied().unwrap_or(0)
///     }
///     fn set(&mut self, state: u64, code: i32) {
///         self.0.insert(state, code);
///     }
///     fn reset(&mut self) {
///         self.0.clear();
///     }
///     fn len(&self) -> usize {
///         self.0.len()
///     }
/// }
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 10);
///     visit((s + 9) % 10);
/// });
/// let mut arena = Sorted(BTreeMap::new());
/// Search::over(&ring).arena(&mut arena).levels(&[0]);
/// assert_eq!(arena.len(), 10);
/// assert_eq!(arena.distance(7), Some(3)); // three steps back from 0
/// ```
pub trait Arena {
    /// The stored code of `state`: `0` when not reached (see the codes above).
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// arena.set(4, -3); // distance 2 from the goal side
    /// assert_eq!((Arena::get(&arena, 4), Arena::get(&arena, 5)), (-3, 0));
    /// ```
    fn get(&self, state: u64) -> i32;
    /// Stores a non-zero code for `state`.
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// arena.set(4, 1);
    /// arena.set(4, 2); // a code set again replaces the one before
    /// assert_eq!((arena.get(4), arena.len()), (2, 1));
    /// ```
    fn set(&mut self, state: u64, code: i32);
    /// Forgets every stored code, in time proportional to the states set since the last reset.
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// arena.set(4, 1);
    /// arena.reset();
    /// assert_eq!((arena.get(4), arena.len()), (0, 0));
    /// ```
    fn reset(&mut self);
    /// How many states hold a code.
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// for state in [4, 4, 7] { arena.set(state, 1) }
    /// assert_eq!(Arena::len(&arena), 2); // two states, one of them set twice
    /// ```
    fn len(&self) -> usize;
    /// Stores `code` for `state` if it holds none, and returns the code it held before (`0`
    /// when it was unreached and now holds `code`): one probe where `get` then `set` take two.
    ///
    /// ```
    /// # use statespace::{Arena, CompactArena}; let mut arena = CompactArena::new();
    /// assert_eq!(arena.claim(5, 3), 0); // unreached: now holds 3
    /// assert_eq!(arena.claim(5, 9), 3); // held 3, and keeps it
    /// assert_eq!(arena.get(5), 3);
    /// ```
    #[inline]
    fn claim(&mut self, state: u64, code: i32) -> i32 {
        let previous = self.get(state);
        if previous == 0 {
            self.set(state, code);
        }
        previous
    }
    /// A hint that `state` will be read soon: an arena whose lookups miss the cache starts
    /// loading its entry. Does nothing by default.
    ///
    /// ```
    /// # use statespace::{Arena, CompactArena}; let mut arena = CompactArena::new();
    /// arena.set(5, 2);
    /// arena.prefetch(5); // a hint only: no code changes
    /// arena.prefetch(6);
    /// assert_eq!((arena.get(5), arena.get(6), arena.len()), (2, 0, 1));
    /// ```
    #[inline]
    fn prefetch(&self, state: u64) {
        let _ = state;
    }

    /// Whether no state holds a code.
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// assert!(Arena::is_empty(&arena));
    /// arena.set(4, 1);
    /// assert!(!Arena::is_empty(&arena));
    /// ```
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The distance recorded for `state` (from whichever side reached it), if any.
    ///
    /// ```
    /// # use statespace::{Arena, DenseArena}; let mut arena = DenseArena::new(10);
    /// arena.set(2, 4); // distance 3 from the start side
    /// arena.set(3, -4); // distance 3 from the goal side
    /// assert_eq!([2, 3, 4].map(|s| Arena::distance(&arena, s)), [Some(3), Some(3), None]);
    /// ```
    fn distance(&self, state: u64) -> Option<u32> {
        match self.get(state) {
            0 => None,
            code => Some(code.unsigned_abs() - 1),
        }
    }
}

/// One `i32` per packed state in `0..capacity`, allocated once and reused.
///
/// # Panics
/// Every method taking a state panics, in every build, naming the state and the capacity,
/// when the state is not below the capacity (a space gave a state beyond the arena).
///
/// Resetting clears only the entries set since the last reset: the arena keeps their indices
/// in a log. A query that touches more than a sixteenth of the table stops logging (the log
/// would cost more memory than it saves time) and the next reset clears the whole table.
///
/// # Complexity
/// * Space: `4 * capacity` bytes, plus a log of at most `capacity / 16` indices of 4 bytes.
/// * Reset: O(states set since the last reset), or one pass over the table after a large query.
///
/// # Example
///
/// ```
/// use statespace::{DenseArena, Search, from_fn};
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let mut arena = DenseArena::new(100);
/// Search::over(&ring).arena(&mut arena).levels(&[0]);
/// assert_eq!(arena.distance(60), Some(40));
/// // A state beyond the capacity is refused.
/// assert!(std::panic::catch_unwind(|| arena.get(100)).is_err());
/// ```
pub struct DenseArena {
    table: Vec<i32>,
    log: Vec<u32>,
    log_limit: usize,
    overflowed: bool,
    set_count: usize,
}

impl DenseArena {
    /// A table of `capacity` entries (the packed states `0..capacity`, a `u64` as states
    /// are), all "not reached".
    ///
    /// # Panics
    /// When `capacity` exceeds 2^32 (packed states are logged as `u32`).
    ///
    /// ```
    /// use statespace::DenseArena;
    ///
    /// let arena = DenseArena::new(1000);
    /// assert!(arena.is_empty());
    /// assert_eq!(arena.distance(999), None);
    /// assert!(std::panic::catch_unwind(|| DenseArena::new((1 << 32) + 1)).is_err());
    /// ```
    pub fn new(capacity: u64) -> Self {
        assert!(
            capacity <= 1 << 32,
            "dense arena of {capacity} entries exceeds 2^32"
        );
        let capacity = usize::try_from(capacity).expect("a dense arena's length fits a usize");
        Self {
            table: vec![0; capacity],
            log: Vec::new(),
            log_limit: capacity / 16,
            overflowed: false,
            set_count: 0,
        }
    }

    /// The number of entries (packed states `0..capacity`).
    ///
    /// ```
    /// use statespace::{Arena, DenseArena};
    ///
    /// let mut arena = DenseArena::new(64);
    /// arena.set(63, 1);
    /// assert_eq!((arena.capacity(), arena.len()), (64, 1)); // the entries, not the states set
    /// ```
    pub fn capacity(&self) -> u64 {
        self.table.len() as u64
    }
}

/// Panics naming `state` and the arena's size: a space gave a state beyond a dense arena.
#[cold]
#[inline(never)]
#[track_caller]
fn outside(kind: &str, state: u64, capacity: usize) -> ! {
    panic!("state {state} is outside the {kind} of {capacity} states (0..{capacity})")
}

impl DenseArena {
    /// `state` as an index of the table, checked.
    #[inline]
    #[track_caller]
    fn index(&self, state: u64) -> usize {
        if state >= self.table.len() as u64 {
            outside("dense arena", state, self.table.len());
        }
        state as usize
    }
}

impl Arena for DenseArena {
    #[inline]
    fn get(&self, state: u64) -> i32 {
        self.table[self.index(state)]
    }

    #[inline]
    fn set(&mut self, state: u64, code: i32) {
        debug_assert_ne!(code, 0, "code 0 means not reached");
        let index = self.index(state);
        let entry = &mut self.table[index];
        if *entry == 0 {
            self.set_count += 1;
            if !self.overflowed {
                if self.log.len() < self.log_limit {
                    self.log.push(state as u32);
                } else {
                    self.overflowed = true;
                    self.log = Vec::new();
                }
            }
        }
        *entry = code;
    }

    #[inline]
    fn claim(&mut self, state: u64, code: i32) -> i32 {
        debug_assert_ne!(code, 0, "code 0 means not reached");
        let index = self.index(state);
        let entry = &mut self.table[index];
        let previous = *entry;
        if previous == 0 {
            *entry = code;
            self.set_count += 1;
            if !self.overflowed {
                if self.log.len() < self.log_limit {
                    self.log.push(state as u32);
                } else {
                    self.overflowed = true;
                    self.log = Vec::new();
                }
            }
        }
        previous
    }

    fn reset(&mut self) {
        if self.overflowed {
            self.table.fill(0);
            self.overflowed = false;
        } else {
            for &state in &self.log {
                self.table[state as usize] = 0;
            }
            self.log.clear();
        }
        self.set_count = 0;
    }

    fn len(&self) -> usize {
        self.set_count
    }
}

/// One byte per packed state in `0..capacity`, for forward searches whose distances stay below
/// 255 (pattern databases): a quarter of a [`DenseArena`]'s memory. Reset clears the whole table.
///
/// # Panics
/// `set` panics on a code outside `1..=255` (a backward code, or a distance of 255 or more);
/// every method taking a state, on a state not below the capacity (naming both).
///
/// # Example
///
/// ```
/// use statespace::{Arena, ByteArena, Search, from_fn};
///
/// let line = from_fn(|s, visit| if s < 299 { visit(s + 1) });
/// let mut arena = ByteArena::new(300);
/// Search::over(&line).arena(&mut arena).levels(&[100]);
/// assert_eq!((arena.distance(299), arena.distance(99)), (Some(199), None));
/// // A code is a distance plus one below 256: a backward code does not fit.
/// assert!(std::panic::catch_unwind(move || arena.set(5, -1)).is_err());
/// ```
pub struct ByteArena {
    table: Vec<u8>,
    set_count: usize,
}

impl ByteArena {
    /// A table of `capacity` bytes (the packed states `0..capacity`), all "not reached".
    ///
    /// # Panics
    /// When `capacity` exceeds the address space.
    ///
    /// ```
    /// use statespace::ByteArena;
    ///
    /// let arena = ByteArena::new(4);
    /// assert_eq!(arena.as_bytes(), [0, 0, 0, 0]); // nothing reached
    /// ```
    pub fn new(capacity: u64) -> Self {
        let capacity = usize::try_from(capacity).expect("a byte arena within the address space");
        Self {
            table: vec![0; capacity],
            set_count: 0,
        }
    }

    /// The stored distance plus one of every state (0 for not reached), as bytes.
    ///
    /// ```
    /// use statespace::{ByteArena, Search, from_fn};
    ///
    /// let line = from_fn(|s, visit| if s < 3 { visit(s + 1) });
    /// let mut arena = ByteArena::new(5);
    /// Search::over(&line).arena(&mut arena).levels(&[1]);
    /// assert_eq!(arena.as_bytes(), [0, 1, 2, 3, 0]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.table
    }
}

impl Arena for ByteArena {
    #[inline]
    fn get(&self, state: u64) -> i32 {
        if state >= self.table.len() as u64 {
            outside("byte arena", state, self.table.len());
        }
        i32::from(self.table[state as usize])
    }

    #[inline]
    fn set(&mut self, state: u64, code: i32) {
        let byte = u8::try_from(code)
            .ok()
            .filter(|&b| b > 0)
            .expect("byte arena codes are 1..=255");
        if state >= self.table.len() as u64 {
            outside("byte arena", state, self.table.len());
        }
        let entry = &mut self.table[state as usize];
        self.set_count += usize::from(*entry == 0);
        *entry = byte;
    }

    fn reset(&mut self) {
        if self.set_count > 0 {
            self.table.fill(0);
            self.set_count = 0;
        }
    }

    fn len(&self) -> usize {
        self.set_count
    }
}

/// A hash map from packed state to code, for spaces without a compact dense index.
///
/// ```
/// use statespace::{Search, SparseArena, from_fn};
///
/// // A point (x, y) packed as `x << 32 | y`, moving right or up: no dense index fits.
/// let grid = from_fn(|s, visit| {
///     visit(s + (1 << 32));
///     visit(s + 1);
/// });
/// let mut arena = SparseArena::new();
/// let path = Search::over(&grid).arena(&mut arena).bfs(0, &[3 << 32 | 4]).unwrap();
/// assert_eq!(path.len() - 1, 7);
/// assert_eq!(arena.distance(2 << 32 | 2), Some(4));
/// ```
#[derive(Default)]
pub struct SparseArena {
    map: HashMap<u64, i32, BuildHasherDefault<MulHasher>>,
}

impl SparseArena {
    /// An empty arena.
    ///
    /// ```
    /// let arena = statespace::SparseArena::new();
    /// assert!(arena.is_empty());
    /// assert_eq!(arena.get(u64::MAX), 0); // any state, not reached
    /// ```
    pub fn new() -> Self {
        Self::default()
    }
}

impl Arena for SparseArena {
    #[inline]
    fn get(&self, state: u64) -> i32 {
        self.map.get(&state).copied().unwrap_or(0)
    }

    #[inline]
    fn set(&mut self, state: u64, code: i32) {
        debug_assert_ne!(code, 0, "code 0 means not reached");
        self.map.insert(state, code);
    }

    #[inline]
    fn claim(&mut self, state: u64, code: i32) -> i32 {
        debug_assert_ne!(code, 0, "code 0 means not reached");
        match self.map.entry(state) {
            std::collections::hash_map::Entry::Occupied(held) => *held.get(),
            std::collections::hash_map::Entry::Vacant(free) => {
                free.insert(code);
                0
            }
        }
    }

    fn reset(&mut self) {
        self.map.clear();
    }

    fn len(&self) -> usize {
        self.map.len()
    }
}

/// A fast hasher for `u64` keys: one multiply by an odd constant, high bits folded down.
///
/// The keys are packed states chosen by this program, not by an adversary, so a keyed
/// hasher's protection against collisions is not needed.
#[derive(Default)]
struct MulHasher(u64);

impl Hasher for MulHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        let product = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = product ^ (product >> 29);
    }
}

/// A hash table of one `u64` a state, for searches too large for [`SparseArena`]'s 16-byte
/// entries: the state (below 2^40) and its code (below 2^23 in absolute value) share a word,
/// with open addressing and linear probing. About 13 bytes a state at its average load, half of
/// a `HashMap<u64, i32>`.
///
/// # Panics
/// [`Arena::set`] panics on a state of 2^40 or more, or a code outside `-(2^23)..2^23`.
///
/// # Example
///
/// ```
/// use statespace::{CompactArena, Search, from_fn};
///
/// // A point (x, y) packed as `x << 20 | y` (below 2^40), moving right or up.
/// let grid = from_fn(|s, visit| {
///     visit(s + (1 << 20));
///     visit(s + 1);
/// });
/// let mut arena = CompactArena::new();
/// let path = Search::over(&grid).arena(&mut arena).bfs(0, &[3 << 20 | 4]).unwrap();
/// assert_eq!(path.len() - 1, 7);
/// assert_eq!(arena.distance(2 << 20 | 2), Some(4));
/// ```
#[derive(Default)]
pub struct CompactArena {
    /// `(state + 1) << 24 | (code & 0xFF_FFFF)`, or 0 for an empty slot.
    slots: Vec<u64>,
    len: usize,
}

impl CompactArena {
    /// The largest state plus one.
    ///
    /// ```
    /// # use statespace::{Arena, CompactArena}; let mut arena = CompactArena::new();
    /// arena.set(CompactArena::STATE_LIMIT - 1, 1);
    /// assert_eq!(arena.get(CompactArena::STATE_LIMIT - 1), 1);
    /// assert!(std::panic::catch_unwind(move || arena.set(CompactArena::STATE_LIMIT, 1)).is_err());
    /// ```
    pub const STATE_LIMIT: u64 = 1 << 40;
    /// The largest code magnitude plus one.
    ///
    /// ```
    /// # use statespace::{Arena, CompactArena}; let mut arena = CompactArena::new();
    /// arena.set(7, -(CompactArena::CODE_LIMIT - 1));
    /// assert_eq!(arena.get(7), -(CompactArena::CODE_LIMIT - 1));
    /// assert!(std::panic::catch_unwind(move || arena.set(8, CompactArena::CODE_LIMIT)).is_err());
    /// ```
    pub const CODE_LIMIT: i32 = 1 << 23;

    /// An empty arena.
    ///
    /// ```
    /// let arena = statespace::CompactArena::new();
    /// assert!(arena.is_empty());
    /// assert_eq!(arena.get(3), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    fn home(&self, state: u64) -> usize {
        let product = state.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The top bits of the product, as many as the table's size needs.
        (product >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The slot holding `state`, or the empty slot where it would go.
    #[inline]
    fn find(&self, state: u64) -> usize {
        let key = (state + 1) << 24;
        let mask = self.slots.len() - 1;
        let mut at = self.home(state);
        loop {
            let slot = self.slots[at];
            if slot == 0 || slot & !0xFF_FFFF == key {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for slot in old.into_iter().filter(|&s| s != 0) {
            let at = self.find((slot >> 24) - 1);
            self.slots[at] = slot;
        }
    }
}

impl Arena for CompactArena {
    #[inline]
    fn get(&self, state: u64) -> i32 {
        if self.slots.is_empty() || state >= Self::STATE_LIMIT {
            return 0;
        }
        let slot = self.slots[self.find(state)];
        // Sign-extend the low 24 bits.
        ((slot as u32) << 8) as i32 >> 8
    }

    #[inline]
    fn set(&mut self, state: u64, code: i32) {
        assert!(
            state < Self::STATE_LIMIT,
            "compact arena states are below 2^40"
        );
        assert!(
            code != 0 && code.abs() < Self::CODE_LIMIT,
            "compact arena codes are non-zero and below 2^23"
        );
        // Grow at a load of 3/4: probes stay short.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let at = self.find(state);
        self.len += usize::from(self.slots[at] == 0);
        self.slots[at] = (state + 1) << 24 | u64::from(code as u32 & 0xFF_FFFF);
    }

    #[inline]
    fn prefetch(&self, state: u64) {
        if !self.slots.is_empty() {
            prefetch_read(&self.slots[self.home(state)]);
        }
    }

    #[inline]
    fn claim(&mut self, state: u64, code: i32) -> i32 {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let at = self.find(state);
        let slot = self.slots[at];
        if slot != 0 {
            return ((slot as u32) << 8) as i32 >> 8;
        }
        assert!(
            state < Self::STATE_LIMIT,
            "compact arena states are below 2^40"
        );
        assert!(
            code != 0 && code.abs() < Self::CODE_LIMIT,
            "compact arena codes are non-zero and below 2^23"
        );
        self.len += 1;
        self.slots[at] = (state + 1) << 24 | u64::from(code as u32 & 0xFF_FFFF);
        0
    }

    fn reset(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// A borrowed arena is an arena: a caller keeps its arena across searches that take one by value
/// (such as [`crate::Search`]).
impl<A: Arena + ?Sized> Arena for &mut A {
    #[inline]
    fn get(&self, state: u64) -> i32 {
        (**self).get(state)
    }
    #[inline]
    fn set(&mut self, state: u64, code: i32) {
        (**self).set(state, code);
    }
    #[inline]
    fn reset(&mut self) {
        (**self).reset();
    }
    #[inline]
    fn len(&self) -> usize {
        (**self).len()
    }
    #[inline]
    fn claim(&mut self, state: u64, code: i32) -> i32 {
        (**self).claim(state, code)
    }
    #[inline]
    fn prefetch(&self, state: u64) {
        (**self).prefetch(state);
    }
}

/// Asks the processor to start loading the cache line holding `value`, so that a read soon
/// after hits the cache: A* generates all successors of a state, prefetches their hash slots,
/// then probes them, and the misses overlap (faster on 14-disc searches). A hint only: no
/// effect on any result, and nothing at all off x86-64.
///
/// ```
/// let codes = vec![7u64; 1 << 16];
/// statespace::block::prefetch_read(&codes[40_000]);
/// assert_eq!(codes[40_000], 7); // a hint only: the value is read as it is
/// ```
#[inline]
pub fn prefetch_read<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` only hints the cache: it never faults, even on an invalid address,
    // and changes no memory; SSE is part of every x86-64 target.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            std::ptr::from_ref(value).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Like [`prefetch_read`], for a line about to be written: asks for it owned (x86's
/// `prefetchw`), so that the write, an atomic one above all, does not wait for a second
/// transfer that takes the line from the other cores. A hint only: on a processor without the
/// instruction it does nothing (Intel's before Broadwell run it as a no-op), and nothing at all
/// off x86-64. Any address may be asked for, valid or not (so a caller may skip a bound check).
#[inline]
pub fn prefetch_write<T>(value: *const T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `prefetchw` only hints the cache: it never faults, even on an invalid address,
    // and changes no memory, registers or flags.
    unsafe {
        std::arch::asm!(
            "prefetchw [{0}]",
            in(reg) value,
            options(nostack, preserves_flags, readonly)
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Inherent copies of the reading methods of [`Arena`], so that callers need not import it.
/// Each arena comes with the expression of an empty one, for the examples.
macro_rules! reading_methods {
    ($($arena:ident = $new:literal),*) => {$(
        impl $arena {
            /// The stored code of `state` (see [`Arena`]): `0` when not reached.
            ///
            /// ```
            #[doc = concat!("let mut arena = statespace::", $new, ";")]
            /// let line = statespace::from_fn(|s, visit| if s < 5 { visit(s + 1) });
            /// statespace::Search::over(&line).arena(&mut arena).levels(&[0]);
            /// assert_eq!(arena.get(4), 5); // distance 4 from the start side
            /// assert_eq!(arena.get(6), 0);
            /// ```
            pub fn get(&self, state: u64) -> i32 {
                Arena::get(self, state)
            }

            /// How many states hold a code.
            ///
            /// ```
            #[doc = concat!("let mut arena = statespace::", $new, ";")]
            /// let line = statespace::from_fn(|s, visit| if s < 5 { visit(s + 1) });
            /// statespace::Search::over(&line).arena(&mut arena).levels(&[2]);
            /// assert_eq!(arena.len(), 4); // states 2 to 5
            /// ```
            pub fn len(&self) -> usize {
                Arena::len(self)
            }

            /// Whether no state holds a code.
            ///
            /// ```
            #[doc = concat!("let mut arena = statespace::", $new, ";")]
            /// assert!(arena.is_empty());
            /// let line = statespace::from_fn(|s, visit| if s < 5 { visit(s + 1) });
            /// statespace::Search::over(&line).arena(&mut arena).levels(&[0]);
            /// assert!(!arena.is_empty());
            /// ```
            pub fn is_empty(&self) -> bool {
                Arena::is_empty(self)
            }

            /// The distance recorded for `state` (from whichever side reached it), if any.
            ///
            /// ```
            #[doc = concat!("let mut arena = statespace::", $new, ";")]
            /// let line = statespace::from_fn(|s, visit| if s < 5 { visit(s + 1) });
            /// statespace::Search::over(&line).arena(&mut arena).levels(&[1]);
            /// assert_eq!(arena.distance(5), Some(4));
            /// assert_eq!(arena.distance(0), None); // no move leads back
            /// ```
            pub fn distance(&self, state: u64) -> Option<u32> {
                Arena::distance(self, state)
            }
        }
    )*};
}

reading_methods!(
    DenseArena = "DenseArena::new(10)",
    ByteArena = "ByteArena::new(10)",
    SparseArena = "SparseArena::new()",
    CompactArena = "CompactArena::new()"
);
