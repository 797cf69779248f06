//! [`TwoBitTable`], the table of 2-bit codes the search fills, [`reach_in_word`], the step that
//! writes them, and [`Weight`], what a reached state counts for in a level's size; with the
//! bound checks every writer of the table makes.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use super::store::TableStore;

/// The code of a state not reached.
pub(super) const UNSEEN: u64 = 3;

/// Two bits per packed state in `0..len`: distance mod 3, or 3 for not reached.
///
/// The codes are held in memory, or by a [`TableStore`] (for a search on disk, a file mapped
/// into memory: `statespace-disk`).
///
/// ```
/// use statespace::{TwoBitSearch, TwoBitTable, from_fn};
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 10);
///     visit((s + 9) % 10);
/// });
/// let (table, _) = TwoBitSearch::new(&ring, 10).sources([0]).run();
/// assert_eq!(table.code(4), Some(1)); // distance 4
/// // Saved as words, and read back.
/// let copy = TwoBitTable::from_words(table.words().collect(), table.len());
/// assert_eq!(copy.code(4), Some(1));
/// ```
pub struct TwoBitTable {
    pub(super) words: Words,
    pub(super) len: u64,
}

/// Where a table's words live.
pub(super) enum Words {
    Heap(Vec<AtomicU64>),
    Store(Box<dyn TableStore>),
}

impl std::ops::Deref for Words {
    type Target = [AtomicU64];

    #[inline(always)]
    fn deref(&self) -> &[AtomicU64] {
        match self {
            Words::Heap(words) => words,
            Words::Store(store) => store.words(),
        }
    }
}

/// The allocator refused the memory of a two-bit table (or of the bitmaps of its search).
///
/// ```
/// use statespace::TwoBitTable;
///
/// // Two bits for each of 2^62 states: more than any machine has.
/// let error = TwoBitTable::try_new(1 << 62).unwrap_err();
/// assert_eq!(error.bytes, 1 << 60);
/// assert!(error.to_string().starts_with("the system refused"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The bytes asked for.
    pub bytes: u64,
}

impl fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the system refused the {:.2} GiB of a two-bit table (ulimit -v, the memory cgroup, or too little memory)",
            self.bytes as f64 / f64::from(1 << 30)
        )
    }
}

impl std::error::Error for TableAllocError {}

impl fmt::Debug for TwoBitTable {
    /// The number of states (not the codes: a table may hold billions).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TwoBitTable")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// `len` values made by `value`, or the error when the allocator refuses them.
pub(super) fn try_filled<T>(len: u64, value: impl FnMut() -> T) -> Result<Vec<T>, TableAllocError> {
    let refused = TableAllocError {
        bytes: len.saturating_mul(size_of::<T>() as u64),
    };
    let len = usize::try_from(len).map_err(|_| refused)?;
    let mut items = Vec::new();
    items.try_reserve_exact(len).map_err(|_| refused)?;
    items.resize_with(len, value);
    Ok(items)
}

impl TwoBitTable {
    /// A table of `len` states, none reached.
    ///
    /// # Panics
    /// When the table cannot be allocated ([`TwoBitTable::try_new`] says so instead).
    ///
    /// ```
    /// use statespace::TwoBitTable;
    ///
    /// let table = TwoBitTable::new(100);
    /// assert_eq!(table.len(), 100);
    /// assert_eq!(table.code(99), None); // nothing reached
    /// ```
    pub fn new(len: u64) -> Self {
        Self::try_new(len).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A table of `len` states, none reached.
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocator refuses it.
    ///
    /// ```
    /// use statespace::TwoBitTable;
    ///
    /// let table = TwoBitTable::try_new(100)?;
    /// assert_eq!(table.code(0), None);
    /// assert!(TwoBitTable::try_new(1 << 62).is_err()); // 2^60 bytes
    /// # Ok::<(), statespace::TableAllocError>(())
    /// ```
    pub fn try_new(len: u64) -> Result<Self, TableAllocError> {
        Ok(Self::from_words(
            try_filled(len.div_ceil(32), || u64::MAX)?,
            len,
        ))
    }

    /// The number of states.
    ///
    /// ```
    /// use statespace::TwoBitTable;
    ///
    /// let table = TwoBitTable::new(33);
    /// assert_eq!(table.len(), 33);
    /// assert_eq!(table.words().len(), 2); // 32 states a word
    /// ```
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no states.
    ///
    /// ```
    /// use statespace::TwoBitTable;
    ///
    /// assert!(TwoBitTable::new(0).is_empty());
    /// assert!(!TwoBitTable::new(1).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distance mod 3 of `state`, or `None` when it was not reached.
    ///
    /// # Panics
    /// When `state` is not below [`TwoBitTable::len`].
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let line = from_fn(|s, visit| if s < 9 { visit(s + 1) });
    /// let (table, _) = TwoBitSearch::new(&line, 20).sources([0]).run();
    /// assert_eq!(table.code(7), Some(1)); // distance 7
    /// assert_eq!(table.code(15), None); // not reached
    /// ```
    #[inline]
    pub fn code(&self, state: u64) -> Option<u8> {
        assert!(
            state < self.len,
            "state {state} is outside the two-bit table of {} states",
            self.len
        );
        let code =
            self.words[(state / 32) as usize].load(Ordering::Relaxed) >> (2 * (state % 32)) & 3;
        (code != UNSEEN).then_some(code as u8)
    }

    /// A table whose `len` states' codes `store` keeps (see [`TableStore::words`]).
    ///
    /// # Panics
    /// When the store does not hold `len.div_ceil(32)` words.
    ///
    /// ```
    /// use std::sync::atomic::AtomicU64;
    /// use statespace::TwoBitTable;
    /// use statespace::backend::{LevelStart, TableStore};
    ///
    /// /// Words in memory, as a store would keep them elsewhere.
    /// struct Words(Vec<AtomicU64>);
    ///
    /// impl TableStore for Words {
    ///     fn words(&self) -> &[AtomicU64] {
    ///         &self.0
    ///     }
    ///     fn before_write(&self, _: usize) {}
    ///     fn level_start(&self, _: &LevelStart<'_>) {}
    /// }
    ///
    /// // State 0 has code 0, the others none.
    /// let store = Words(vec![AtomicU64::new(!0b11), AtomicU64::new(!0)]);
    /// let table = TwoBitTable::in_store(Box::new(store), 40);
    /// assert_eq!((table.code(0), table.code(39)), (Some(0), None));
    /// ```
    pub fn in_store(store: Box<dyn TableStore>, len: u64) -> Self {
        assert_eq!(
            store.words().len() as u64,
            len.div_ceil(32),
            "word count for {len} states"
        );
        Self {
            words: Words::Store(store),
            len,
        }
    }

    /// Whether a [`TableStore`] keeps the codes (a search on disk), not this table's memory.
    ///
    /// ```
    /// use statespace::{TwoBitSearch, TwoBitTable, from_fn};
    ///
    /// let line = from_fn(|s, visit| if s < 9 { visit(s + 1) });
    /// let (table, _) = TwoBitSearch::new(&line, 10).sources([0]).run();
    /// assert!(!table.is_in_store()); // in this table's memory
    /// assert!(!TwoBitTable::new(10).is_in_store());
    /// ```
    pub fn is_in_store(&self) -> bool {
        matches!(self.words, Words::Store(_))
    }

    /// The raw words, 32 states each, state `32w + i` in bits `2i..2i+2` of word `w` (for saving).
    ///
    /// ```
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let line = from_fn(|s, visit| if s < 2 { visit(s + 1) });
    /// let (table, _) = TwoBitSearch::new(&line, 40).sources([0]).run();
    /// let words: Vec<u64> = table.words().collect();
    /// // States 0, 1 and 2 have codes 0, 1 and 2; the others 3, not reached.
    /// assert_eq!(words, [!0 << 6 | 0b10_01_00, !0]);
    /// ```
    pub fn words(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.words.iter().map(|w| w.load(Ordering::Relaxed))
    }

    /// A table from words produced by [`TwoBitTable::words`].
    ///
    /// # Panics
    /// When `words` does not hold exactly `len.div_ceil(32)` words.
    ///
    /// ```
    /// use statespace::TwoBitTable;
    ///
    /// // State 1 has code 0, the others none.
    /// let table = TwoBitTable::from_words(vec![!0b11_00, !0], 40);
    /// assert_eq!((table.code(0), table.code(1)), (None, Some(0)));
    /// // 40 states take two words, not one.
    /// assert!(std::panic::catch_unwind(|| TwoBitTable::from_words(vec![!0], 40)).is_err());
    /// ```
    pub fn from_words(words: Vec<u64>, len: u64) -> Self {
        assert_eq!(
            words.len() as u64,
            len.div_ceil(32),
            "word count for {len} states"
        );
        Self {
            words: Words::Heap(words.into_iter().map(AtomicU64::new).collect()),
            len,
        }
    }
}

/// Writes `code` into the states of `mask` still unreached in `codes`, a word of 32 two-bit
/// codes as a [`TwoBitTable`] stores them: `mask` holds the low bit of each state's field
/// (bit `2i` for the word's state `i`, as [`Members::over_words`](crate::block::Members::over_words)
/// lays a set out). Returns the word after the write and the states it reached, in the same
/// layout. No branch: the step of [`TwoBitSearch`](crate::TwoBitSearch) for searches that keep tables of their own.
///
/// ```
/// // States 0 and 1 of the word: 0 unreached, 1 reached with code 2.
/// let codes = !0u64 & !(0b01 << 2);
/// let (after, reached) = statespace::block::reach_in_word(codes, 0b0101, 1);
/// assert_eq!(reached, 0b0001); // state 0 only
/// assert_eq!(after & 0b1111, 0b1001); // state 0 now has code 1, state 1 still 2
/// ```
#[inline(always)]
pub fn reach_in_word(codes: u64, mask: u64, code: u64) -> (u64, u64) {
    let new = codes & codes >> 1 & mask;
    // Unseen is 0b11: writing a code is clearing the bits that differ.
    (codes & !(new * (UNSEEN ^ code)), new)
}

/// What each state reached counts for in the level sizes of a two-bit search.
///
/// A constant counts every state alike (`1` counts states); a closure `|state: u64| ...`
/// gives each state its own weight, for example the number of configurations a canonical state
/// stands for in a quotient by symmetries. A space whose weights are mostly the same can say
/// so for a whole word of states at once ([`Weight::of_fields`]), which the search asks for.
///
/// ```
/// use statespace::{TwoBitSearch, Weight, from_fn};
///
/// /// Even states count twice; a word of states weighed with two counts of bits.
/// struct EvenTwice;
///
/// impl Weight for EvenTwice {
///     fn of(&self, state: u64) -> u64 {
///         2 - state % 2
///     }
///     fn of_fields(&self, _first: u64, fields: u64) -> u64 {
///         // `first` is even: state `first + i` is even when `i` is (bits 0, 4, 8, ...).
///         u64::from(fields.count_ones() + (fields & 0x1111_1111_1111_1111).count_ones())
///     }
/// }
///
/// let ring = from_fn(|s, visit| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let (_, levels) = TwoBitSearch::new(&ring, 100).sources([0]).weight(EvenTwice).run();
/// assert_eq!(levels.sizes()[..3], [2, 2, 4]); // {0}, {1, 99}, {2, 98}
/// assert_eq!(levels.reached(), 150);
/// ```
pub trait Weight: Sync {
    /// The weight of `state`.
    ///
    /// ```
    /// use statespace::Weight;
    ///
    /// assert_eq!(5u64.of(12), 5);
    /// assert_eq!((|s: u64| s / 10).of(42), 4);
    /// ```
    fn of(&self, state: u64) -> u64;

    /// The total weight of the states `first + i` with bit `2i` set in `fields` (`first` a
    /// multiple of 32; the odd bits of `fields` clear): a word of states laid out as the
    /// table lays out their codes, the low bit of each state's field. The default adds
    /// [`Weight::of`] state by state.
    ///
    /// ```
    /// use statespace::Weight;
    ///
    /// // States 32, 33 and 35: bits 0, 2 and 6 from 32.
    /// let fields = 0b100_0101;
    /// assert_eq!(1u64.of_fields(32, fields), 3);
    /// assert_eq!((|s: u64| s).of_fields(32, fields), 32 + 33 + 35);
    /// ```
    #[inline]
    fn of_fields(&self, first: u64, fields: u64) -> u64 {
        let mut fields = fields;
        let mut total = 0;
        while fields != 0 {
            total += self.of(first + u64::from(fields.trailing_zeros() / 2));
            fields &= fields - 1;
        }
        total
    }

    /// The total weight of the states of `fields`, an aligned block of 64 from `first` laid
    /// out as two words of [`Weight::of_fields`] (`fields as u64` from `first`, `fields >> 64`
    /// from `first + 32`). The default asks for each word.
    ///
    /// ```
    /// use statespace::Weight;
    ///
    /// // State 0 in the low word, state 33 in the high one.
    /// let fields = 1u128 | 1 << (64 + 2);
    /// assert_eq!(1u64.of_block(0, fields), 2);
    /// assert_eq!((|s: u64| s).of_block(0, fields), 33);
    /// ```
    #[inline]
    fn of_block(&self, first: u64, fields: u128) -> u64 {
        self.of_fields(first, fields as u64) + self.of_fields(first + 32, (fields >> 64) as u64)
    }

    /// The weight of every state when they all weigh the same, `None` otherwise (the
    /// default): with it the search knows how many states its levels hold, and so how many
    /// are still unreached (see [`Space::reversible`](crate::Space::reversible)).
    ///
    /// ```
    /// use statespace::Weight;
    /// assert_eq!(3u64.uniform(), Some(3)); // every state weighs 3
    /// assert_eq!((|s: u64| s % 2 + 1).uniform(), None); // weights that differ
    /// ```
    #[inline]
    fn uniform(&self) -> Option<u64> {
        None
    }
}

impl Weight for u64 {
    #[inline]
    fn of(&self, _: u64) -> u64 {
        *self
    }

    #[inline]
    fn uniform(&self) -> Option<u64> {
        Some(*self)
    }

    #[inline]
    fn of_fields(&self, _: u64, fields: u64) -> u64 {
        *self * u64::from(fields.count_ones())
    }

    #[inline]
    fn of_block(&self, _: u64, fields: u128) -> u64 {
        // Only even bits are set: the two words fold into one count.
        *self * u64::from((fields as u64 | ((fields >> 64) as u64) << 1).count_ones())
    }
}

impl<F: Fn(u64) -> u64 + Sync> Weight for F {
    #[inline]
    fn of(&self, state: u64) -> u64 {
        self(state)
    }
}

/// Panics naming both states when the successor `succ` of `state` is outside a dense space of
/// `len` states: in every build, since a table would otherwise count it or write past its end.
#[inline]
#[track_caller]
pub(crate) fn check_bound(state: u64, succ: u64, len: u64) {
    if succ >= len {
        out_of_bounds(Parent::State(state), succ, len);
    }
}

/// [`check_bound`] for a successor of some state of the block of 64 from `first`.
#[inline]
#[track_caller]
pub(crate) fn check_block_bound(first: u64, succ: u64, len: u64) {
    if succ >= len {
        out_of_bounds(Parent::Block(first), succ, len);
    }
}

/// Where an out-of-bounds successor came from.
enum Parent {
    State(u64),
    /// A state of the block of 64 from this one.
    Block(u64),
}

#[cold]
#[inline(never)]
#[track_caller]
fn out_of_bounds(parent: Parent, succ: u64, len: u64) -> ! {
    let parent = match parent {
        Parent::State(state) => format!("state {state}"),
        Parent::Block(first) => format!("a state of {first}..{}", first + 64),
    };
    panic!("{parent} has the successor {succ}, outside the dense space of {len} states (0..{len})")
}
