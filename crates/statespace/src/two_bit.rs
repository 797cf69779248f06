//! Two-bit breadth-first search: distance mod 3 for every state of a dense space, 2 bits each.
//!
//! After Korf, "Minimizing disk I/O in two-bit breadth-first search" (AAAI 2008). Each state
//! holds its distance mod 3, or `3` for "not reached". That is enough to recover exact distances
//! and shortest paths when moves are reversible: the neighbours of a state at distance `d` are at
//! `d - 1`, `d` or `d + 1`, whose codes are all different, so the neighbour with code `(c - 1) mod 3`
//! is exactly one step nearer ([`descend_mod3`]).
//!
//! A level is expanded by scanning for states whose code is `d mod 3`. States of levels `d - 3`,
//! `d - 6`, ... share that code; expanding them again is harmless (their neighbours are all
//! reached) but costly, so the scan is limited to blocks of [`BLOCK`] consecutive states that
//! received a state in the previous round, one bit per block in two small bitmaps. Two or more
//! threads share a level; codes are written with atomic bit operations, so no `unsafe` is needed.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::{Levels, Space};

/// States per dirty-bit block: 16 (half a word of codes), so the two block bitmaps cost 1/16 of
/// the code table.
pub(crate) const BLOCK: u64 = 16;

const UNSEEN: u64 = 3;

/// Two bits per packed state in `0..len`: distance mod 3, or 3 for not reached.
pub struct TwoBitTable {
    words: Vec<AtomicU64>,
    len: u64,
}

impl TwoBitTable {
    /// A table of `len` states, none reached.
    pub fn new(len: u64) -> Self {
        let words = (0..len.div_ceil(32))
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        Self { words, len }
    }

    /// The number of states.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no states.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distance mod 3 of `state`, or `None` when it was not reached.
    #[inline]
    pub fn code(&self, state: u64) -> Option<u8> {
        let code =
            self.words[(state / 32) as usize].load(Ordering::Relaxed) >> (2 * (state % 32)) & 3;
        (code != UNSEEN).then_some(code as u8)
    }

    /// Writes `code` for an unreached `state`; returns whether this call reached it first.
    #[inline]
    fn reach(&self, state: u64, code: u64) -> bool {
        let shift = 2 * (state % 32);
        let word = &self.words[(state / 32) as usize];
        if word.load(Ordering::Relaxed) >> shift & 3 != UNSEEN {
            return false;
        }
        // Unseen is 0b11, so writing a code is clearing the bits that differ.
        let previous = word.fetch_and(!((UNSEEN ^ code) << shift), Ordering::Relaxed);
        previous >> shift & 3 == UNSEEN
    }

    /// The raw words, 32 states each, state `32w + i` in bits `2i..2i+2` of word `w` (for saving).
    pub fn words(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.words.iter().map(|w| w.load(Ordering::Relaxed))
    }

    /// A table from words produced by [`TwoBitTable::words`].
    ///
    /// # Panics
    /// When `words` does not hold exactly `len.div_ceil(32)` words.
    pub fn from_words(words: Vec<u64>, len: u64) -> Self {
        assert_eq!(
            words.len() as u64,
            len.div_ceil(32),
            "word count for {len} states"
        );
        Self {
            words: words.into_iter().map(AtomicU64::new).collect(),
            len,
        }
    }
}

/// A bitmap with one bit per block of [`BLOCK`] states.
struct BlockBits(Vec<AtomicU64>);

impl BlockBits {
    fn new(len: u64) -> Self {
        Self(
            (0..len.div_ceil(BLOCK).div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        )
    }

    #[inline]
    fn mark(&self, state: u64) {
        let block = state / BLOCK;
        let word = &self.0[(block / 64) as usize];
        let bit = 1u64 << (block % 64);
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    fn clear(&mut self) {
        for word in &mut self.0 {
            *word.get_mut() = 0;
        }
    }
}

/// The states of the block of 16 that starts at `first` (a multiple of 16) whose two-bit code in
/// `word` (the word of 32 codes holding the block) is `code`, in increasing order: the scan of
/// [`two_bit_bfs`], for searches that keep two-bit tables of their own.
///
/// ```
/// // States 16..32 are the high half of word 0: state 17 has code 2, state 20 code 0.
/// let word = !0u64 & !(0b01 << 34) & !(0b11 << 40);
/// assert_eq!(statespace::states_with_code(word, 16, 2).collect::<Vec<_>>(), [17]);
/// assert_eq!(statespace::states_with_code(word, 16, 0).collect::<Vec<_>>(), [20]);
/// ```
#[inline]
pub fn states_with_code(word: u64, first: u64, code: u64) -> impl Iterator<Item = u64> {
    // The block is half a word: find its states with `code` at once.
    let half = word >> (2 * (first % 32)) & 0xFFFF_FFFF;
    let x = half ^ (0x5555_5555 * code);
    let mut matches = !(x | x >> 1) & 0x5555_5555;
    std::iter::from_fn(move || {
        (matches != 0).then(|| {
            let state = first + u64::from(matches.trailing_zeros() / 2);
            matches &= matches - 1;
            state
        })
    })
}

/// Full-space BFS from `sources` over the dense space `0..len`, storing 2 bits per state.
///
/// **Requires** reversible moves (a state's level is told from its neighbours' codes mod 3),
/// unit costs, and a dense index: every state below `len`.
///
/// `weight(state)` is what each reached state counts for in the level sizes: `1` to count
/// states, or the number of configurations a canonical state stands for when the space is a
/// quotient by symmetries. `progress(level, size)` is called after each level (the caller decides
/// whether and how to show it). `threads` threads share each level (at least one).
///
/// # Complexity
/// * Time: O(states × branching), plus re-expansions of older states inside active blocks.
/// * Space: `len / 4` bytes for the codes plus `len / 64` for the two block bitmaps.
///
/// # Example
///
/// ```
/// use statespace::{FnSpace, descend_mod3, two_bit_bfs};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 1000);
///     visit((s + 999) % 1000);
/// });
/// let (table, levels) = two_bit_bfs(&ring, 1000, &[0], 2, |_| 1, |_, _| {});
/// assert_eq!(levels.max_distance(), 500);
/// assert_eq!(table.code(500), Some((500 % 3) as u8));
/// // Exact distances and paths come back by descending the codes.
/// let path = descend_mod3(&ring, &table, &[0], 997).unwrap();
/// assert_eq!(path, [997, 998, 999, 0]);
/// ```
pub fn two_bit_bfs<S: Space + Sync>(
    space: &S,
    len: u64,
    sources: &[u64],
    threads: usize,
    weight: impl Fn(u64) -> u64 + Sync,
    progress: impl FnMut(u32, u64),
) -> (TwoBitTable, Levels) {
    let seeds: Vec<(u64, u32)> = sources.iter().map(|&s| (s, 0)).collect();
    two_bit_bfs_seeded(space, len, &seeds, threads, weight, progress)
}

/// [`two_bit_bfs`] from seeds that start at distances of their own: `(state, d)` enters the
/// search at level `d` unless it was reached sooner. The result is the distance from a virtual
/// source joined to each seed by a path of `d` moves: `min` over seeds `(t, d)` of
/// `d + dist(t, state)`, mod 3. Neighbours still differ by at most one, so the table answers
/// like any two-bit table (a state's level from a neighbour's), and [`descend_mod3`] from a state
/// ends at a seed that entered at its own distance.
///
/// **Requires** what [`two_bit_bfs`] requires. Levels before the first seed are empty (size 0).
///
/// # Example
///
/// On a ring of 100, seed 0 at distance 0 and seed 50 at distance 10: state 45 is 5 moves
/// from the second seed, so 15 in all; state 20 is 20 from the first.
///
/// ```
/// use statespace::{FnSpace, two_bit_bfs_seeded};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let (table, levels) = two_bit_bfs_seeded(&ring, 100, &[(0, 0), (50, 10)], 1, |_| 1, |_, _| {});
/// assert_eq!(table.code(45), Some(15 % 3));
/// assert_eq!(table.code(20), Some(20 % 3));
/// assert_eq!(levels.max_distance(), 30); // states 30 and 70
/// ```
pub fn two_bit_bfs_seeded<S: Space + Sync>(
    space: &S,
    len: u64,
    seeds: &[(u64, u32)],
    threads: usize,
    weight: impl Fn(u64) -> u64 + Sync,
    mut progress: impl FnMut(u32, u64),
) -> (TwoBitTable, Levels) {
    let table = TwoBitTable::new(len);
    let mut current = BlockBits::new(len);
    let mut next = BlockBits::new(len);
    let mut seeds = seeds.to_vec();
    seeds.sort_by_key(|&(_, level)| level);
    let mut seeds = seeds.into_iter().peekable();
    let mut sizes = Vec::new();
    let mut carried = 0;
    let threads = threads.max(1);
    loop {
        let depth = sizes.len() as u64;
        let (code, next_code) = (depth % 3, (depth + 1) % 3);
        let mut size = carried;
        while let Some((seed, _)) = seeds.next_if(|&(_, level)| u64::from(level) == depth) {
            if table.reach(seed, code) {
                current.mark(seed);
                size += weight(seed);
            }
        }
        if size == 0 && seeds.peek().is_none() {
            break;
        }
        if size > 0 || depth == 0 {
            progress(depth as u32, size);
        }
        sizes.push(size);
        if size == 0 {
            // A level before the next seed: nothing to expand.
            carried = 0;
            continue;
        }
        // Chunks of 64 blocks (one bitmap word) are handed out to the threads in order.
        let cursor = AtomicUsize::new(0);
        let reached = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut found = 0;
                    loop {
                        let index = cursor.fetch_add(1, Ordering::Relaxed);
                        let Some(word) = current.0.get(index) else {
                            break;
                        };
                        let mut bits = word.load(Ordering::Relaxed);
                        while bits != 0 {
                            let block = index as u64 * 64 + u64::from(bits.trailing_zeros());
                            bits &= bits - 1;
                            let first = block * BLOCK;
                            let word = table.words[(first / 32) as usize].load(Ordering::Relaxed);
                            for state in states_with_code(word, first, code) {
                                if state >= len {
                                    break;
                                }
                                space.for_each_successor(state, |succ| {
                                    if table.reach(succ, next_code) {
                                        next.mark(succ);
                                        found += weight(succ);
                                    }
                                });
                            }
                        }
                    }
                    reached.fetch_add(found, Ordering::Relaxed);
                });
            }
        });
        carried = reached.into_inner();
        std::mem::swap(&mut current, &mut next);
        next.clear();
    }
    (table, Levels::from_sizes(sizes))
}

/// Walks from `from` down a table filled by [`two_bit_bfs_seeded`] while a successor's code is
/// one less mod 3, and stops where none is: at a seed that entered the search at its own level
/// (so the state's value is that level plus the walk's length). The seeds need not be listed,
/// which suits tables with many of them.
///
/// **Requires** reversible moves. Costs O(value × branching).
///
/// # Returns
/// The states from `from` to that seed, both included; `None` when `from` was not reached.
///
/// # Example
///
/// ```
/// use statespace::{FnSpace, descend_mod3_to_seed, two_bit_bfs_seeded};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let (table, _) = two_bit_bfs_seeded(&ring, 100, &[(0, 0), (50, 10)], 1, |_| 1, |_, _| {});
/// // State 45 is worth 15: five steps to seed 50, which entered at 10.
/// assert_eq!(descend_mod3_to_seed(&ring, &table, 45).unwrap(), [45, 46, 47, 48, 49, 50]);
/// ```
pub fn descend_mod3_to_seed<S: Space>(
    space: &S,
    table: &TwoBitTable,
    from: u64,
) -> Option<Vec<u64>> {
    let mut code = table.code(from)?;
    let mut path = vec![from];
    let mut state = from;
    loop {
        let wanted = (code + 2) % 3;
        let mut nearer = None;
        space.for_each_successor(state, |succ| {
            if nearer.is_none() && table.code(succ) == Some(wanted) {
                nearer = Some(succ);
            }
        });
        let Some(next) = nearer else {
            return Some(path);
        };
        state = next;
        code = wanted;
        path.push(state);
    }
}

/// Walks from `from` down a two-bit table to one of `sources`: at each step the first successor
/// whose code is one less mod 3, which is exactly one step nearer.
///
/// **Requires** reversible moves and a table filled by [`two_bit_bfs`] from `sources`. Costs
/// O(distance × branching). See [`two_bit_bfs`] for an example.
///
/// # Returns
/// The states from `from` to a source, both included (its length minus one is the exact
/// distance); `None` when `from` was not reached.
///
/// # Panics
/// When a reached state has no nearer neighbour: the moves were not reversible.
pub fn descend_mod3<S: Space>(
    space: &S,
    table: &TwoBitTable,
    sources: &[u64],
    from: u64,
) -> Option<Vec<u64>> {
    let mut code = table.code(from)?;
    let mut path = vec![from];
    let mut state = from;
    while !sources.contains(&state) {
        let wanted = (code + 2) % 3;
        let mut nearer = None;
        space.for_each_successor(state, |succ| {
            if nearer.is_none() && table.code(succ) == Some(wanted) {
                nearer = Some(succ);
            }
        });
        state = nearer.expect("a reached state has a nearer neighbour when moves are reversible");
        code = wanted;
        path.push(state);
    }
    Some(path)
}
