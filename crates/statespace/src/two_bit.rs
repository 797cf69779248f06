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
//! reached) but costly, so the scan is limited to the blocks of 64 codes that received a state
//! in the previous level. Threads claim segments of the table in turn and write only the one
//! they hold (the `engine` module says how), so no `unsafe` and no atomic read-modify-write is
//! needed on the table.

use crate::error::SearchError;
use crate::error::is_move;
use crate::search::Levels;
use crate::space::Space;

mod engine;
mod table;

pub use table::{TableAllocError, TwoBitTable, Weight, reach_in_word};

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
/// **Requires** unit costs and a dense index: every state below `len` (a successor at `len`
/// or beyond is refused with a panic naming it, in every build). Moves may be one-way: the
/// levels and codes are those of a BFS on any graph; reading exact distances and paths back
/// ([`descend_mod3`]) is what requires reversible moves.
///
/// `weight` is what each reached state counts for in the level sizes ([`Weight`]): `1` to
/// count states, or the number of configurations a canonical state stands for when the space
/// is a quotient by symmetries. `progress(level, size)` is called after each level (the caller decides
/// whether and how to show it). `threads` threads share each level (at least one).
///
/// The table is cut into segments of 2^16 to 2^20 states (larger for larger tables, at least
/// 64 of them past 2^22 states), which the threads claim one after another in each level, so a
/// slower thread takes fewer of them; only the thread holding a segment touches it (plain
/// loads and stores, no atomic read-modify-write), and successors in other segments are sent
/// on and applied once every thread has expanded. A bit per block of 64 states marks the
/// blocks that received a state in the last level; the next level expands those blocks'
/// states with its code, a block at a time through [`Space::expand_block`], which may report
/// successors as whole sets ([`Members`](crate::Members)) reached with a few word operations.
/// The calling thread is one of the `threads`.
///
/// # Complexity
/// * Time: O(states × branching), plus re-expansions of older states that share a block of
///   64 with the level's states; a space that reports sets pays per set, not per state.
/// * Space: `len / 4` bytes for the codes, `len / 256` for the two sets of dirty blocks, and
///   the mail between threads (16 bytes a word of successors outside the segment they come
///   from, when there are two threads or more).
///
/// # Panics
/// When a successor or a source is not below `len` (the message names it), when the space
/// panics (on any thread: its message is raised again), and when the table cannot be allocated
/// ([`try_two_bit_bfs_seeded`] returns that as an error).
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
/// let (table, levels) = two_bit_bfs(&ring, 1000, &[0], 2, 1, |_, _| {});
/// assert_eq!(levels.max_distance(), 500);
/// assert_eq!(table.code(500), Some((500 % 3) as u8));
/// // Exact distances and paths come back by descending the codes.
/// let path = descend_mod3(&ring, &table, &[0], 997)?.unwrap();
/// assert_eq!(path, [997, 998, 999, 0]);
/// # Ok::<(), statespace::SearchError>(())
/// ```
pub fn two_bit_bfs<S: Space + Sync>(
    space: &S,
    len: u64,
    sources: &[u64],
    threads: usize,
    weight: impl Weight,
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
/// # Panics
/// As [`two_bit_bfs`].
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
/// let (table, levels) = two_bit_bfs_seeded(&ring, 100, &[(0, 0), (50, 10)], 1, 1, |_, _| {});
/// assert_eq!(table.code(45), Some(15 % 3));
/// assert_eq!(table.code(20), Some(20 % 3));
/// assert_eq!(levels.max_distance(), 30); // states 30 and 70
/// ```
pub fn two_bit_bfs_seeded<S: Space + Sync>(
    space: &S,
    len: u64,
    seeds: &[(u64, u32)],
    threads: usize,
    weight: impl Weight,
    progress: impl FnMut(u32, u64),
) -> (TwoBitTable, Levels) {
    try_two_bit_bfs_seeded(space, len, seeds, threads, weight, progress)
        .unwrap_or_else(|error| panic!("{error}"))
}

/// [`two_bit_bfs_seeded`] (and [`two_bit_bfs`], with every seed at 0), with a table the
/// allocator refuses as an error rather than a panic: for the largest tables, which a caller
/// may try and report on.
///
/// # Errors
/// [`TableAllocError`] when the table or its bitmaps cannot be allocated (before any
/// search).
///
/// # Panics
/// As [`two_bit_bfs`], but for the allocation.
///
/// ```
/// use statespace::{FnSpace, try_two_bit_bfs_seeded};
///
/// let ring = FnSpace(|s: u64, visit: &mut dyn FnMut(u64)| {
///     visit((s + 1) % 100);
///     visit((s + 99) % 100);
/// });
/// let (_, levels) = try_two_bit_bfs_seeded(&ring, 100, &[(0, 0)], 1, 1, |_, _| {})?;
/// assert_eq!(levels.max_distance(), 50);
/// // Two bits for each of 2^62 states: more than any machine has.
/// let error = try_two_bit_bfs_seeded(&ring, 1 << 62, &[(0, 0)], 1, 1, |_, _| {}).unwrap_err();
/// assert_eq!(error.bytes, 1 << 60);
/// # Ok::<(), statespace::TableAllocError>(())
/// ```
pub fn try_two_bit_bfs_seeded<S: Space + Sync>(
    space: &S,
    len: u64,
    seeds: &[(u64, u32)],
    threads: usize,
    weight: impl Weight,
    mut progress: impl FnMut(u32, u64),
) -> Result<(TwoBitTable, Levels), TableAllocError> {
    let mut seeds = seeds.to_vec();
    seeds.sort_by_key(|&(_, level)| level);
    let (table, sizes) = engine::search(space, len, &seeds, threads, &weight, &mut progress)?;
    Ok((table, Levels::from_sizes(sizes)))
}

/// One step down a two-bit table: the first successor of `state` whose code is one less mod 3
/// and that leads back to `state` in one move, which makes it exactly one step nearer (its
/// distance is one more or one less than the state's, and one less mod 3).
///
/// `Ok(None)` when no successor has the code; an error when some have it but none leads back.
fn step_down<S: Space>(
    space: &S,
    table: &TwoBitTable,
    state: u64,
    code: u8,
) -> Result<Option<u64>, SearchError> {
    let wanted = (code + 2) % 3;
    let mut nearer = None;
    let mut broken = None;
    space.for_each_successor(state, |succ| {
        if nearer.is_none() && succ < table.len && table.code(succ) == Some(wanted) {
            if is_move(space, succ, state) {
                nearer = Some(succ);
            } else {
                broken.get_or_insert(succ);
            }
        }
    });
    match (nearer, broken) {
        (Some(next), _) => Ok(Some(next)),
        (None, Some(to)) => Err(SearchError::Irreversible { from: state, to }),
        (None, None) => Ok(None),
    }
}

/// Walks from `from` down a table filled by [`two_bit_bfs_seeded`] while a successor's code is
/// one less mod 3 (and leads back in one move), and stops where none is: at a seed that entered
/// the search at its own level (so the state's value is that level plus the walk's length).
/// The seeds need not be listed, which suits tables with many of them.
///
/// **Requires** reversible moves, and checks every step. Costs O(value × branching²).
///
/// # Returns
/// `Ok(Some(path))`: the states from `from` to that seed, both included, each step a move that
/// can be undone; `Ok(None)` when `from` was not reached.
///
/// # Errors
/// [`SearchError::Irreversible`] when the only successors one less mod 3 cannot lead back. (On
/// a space whose moves cannot all be undone a walk may also stop short of a seed, since seeds
/// are not listed: give the seeds a test of their own, as [`descend_mod3`] takes its sources.)
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
/// let (table, _) = two_bit_bfs_seeded(&ring, 100, &[(0, 0), (50, 10)], 1, 1, |_, _| {});
/// // State 45 is worth 15: five steps to seed 50, which entered at 10.
/// let walk = descend_mod3_to_seed(&ring, &table, 45)?.unwrap();
/// assert_eq!(walk, [45, 46, 47, 48, 49, 50]);
/// # Ok::<(), statespace::SearchError>(())
/// ```
pub fn descend_mod3_to_seed<S: Space>(
    space: &S,
    table: &TwoBitTable,
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    if from >= table.len {
        return Ok(None);
    }
    let Some(mut code) = table.code(from) else {
        return Ok(None);
    };
    let mut path = vec![from];
    let mut state = from;
    while let Some(next) = step_down(space, table, state, code)? {
        state = next;
        code = (code + 2) % 3;
        path.push(state);
    }
    Ok(Some(path))
}

/// Walks from `from` down a two-bit table to one of `sources`: at each step the first successor
/// whose code is one less mod 3 and that leads back in one move, which is exactly one step
/// nearer.
///
/// **Requires** reversible moves, and checks every step; a table filled by [`two_bit_bfs`]
/// from `sources`. Costs O(distance × branching²). See [`two_bit_bfs`] for an example.
///
/// # Returns
/// `Ok(Some(path))`: the states from `from` to a source, both included (its length minus one is
/// the exact distance), each step a move that can be undone; `Ok(None)` when `from` was not
/// reached.
///
/// # Errors
/// [`SearchError::Irreversible`] or [`SearchError::NoNearerNeighbour`] when a reached state has
/// no nearer neighbour that leads back: the moves are not reversible.
pub fn descend_mod3<S: Space>(
    space: &S,
    table: &TwoBitTable,
    sources: &[u64],
    from: u64,
) -> Result<Option<Vec<u64>>, SearchError> {
    if from >= table.len {
        return Ok(None);
    }
    let Some(mut code) = table.code(from) else {
        return Ok(None);
    };
    let mut path = vec![from];
    let mut state = from;
    while !sources.contains(&state) {
        state = step_down(space, table, state, code)?
            .ok_or(SearchError::NoNearerNeighbour { state })?;
        code = (code + 2) % 3;
        path.push(state);
    }
    Ok(Some(path))
}
