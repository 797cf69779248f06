//! A dense index of canonical configurations, so a table over the quotient by relabelling pegs
//! 1 to 3 has one entry per canonical configuration instead of one per configuration: about
//! `4^n / 6` entries (716 million for 16 discs, 2.9 GB at two bits for 18).
//!
//! Read from the largest disc down, a canonical configuration ([`HanoiSpace::canonical`]) is a
//! string over the labels 0 to 3 in which labels 0, 1 and 2 first appear in that order (peg 4,
//! label 3, is free). Its rank is its position among all such strings in lexicographic order,
//! counted with `completions[rest][used]`: the number of ways to finish a string with `rest`
//! discs still to place once `used` of the labels 0 to 2 have appeared. Once labels 0 and 1
//! have appeared, the rest counts in base 4: the three labels 0, 1 and 3 each leave
//! `completions[rest][2]` completions, and the new label 2 leaves `completions[rest][3]`,
//! which are equal (both `4^rest`), so the remaining discs' packed bits are the remaining rank
//! and a scan stops there, after a few discs for most configurations.

use std::borrow::Borrow;

use statespace::block::{Members, Successors};
use statespace::{Space, Weight};

use crate::block::{self, BLOCK_BITS, BLOCK_DISCS, moves_from};
use crate::space::HanoiSpace;

/// The ranks that share the discs from the largest down to the first disc of label 1 (the
/// second of pegs 1 to 3 to appear): `base..end`, `end - base = 4^free`, and a rank of the run
/// is `base` plus the packed bits of its `free` smallest discs (`prefix` holds the others).
///
/// `value[disc][label]` is what `disc` on `label` adds to the rank of a configuration of the
/// run: the same for every configuration of the run whose labels appear where the run's do, so
/// a move that keeps every peg's largest disc changes the rank by the difference of two values.
/// A move of one of the `free` discs never relabels: the largest discs of labels 0 and 1 are
/// above it, so it cannot empty their pegs, and on the peg of label 2 (empty, or holding only
/// free discs) it stays below both; its rank changes by its base-4 digit alone.
#[derive(Clone, Debug)]
pub(crate) struct Run {
    /// The discs of the index the run belongs to.
    n_discs: usize,
    base: u64,
    end: u64,
    prefix: u64,
    free: usize,
    value: [[u64; 4]; 32],
    /// `above[disc]`: the first rank, the labels seen and the packed bits of the configurations
    /// that share the run's discs above `disc`, for the discs the run was found through (from
    /// the largest down to `deepest`). The next run is found from the deepest of these that
    /// holds its rank: consecutive runs share most of their larger discs.
    above: [(u64, usize, u64); 32],
    deepest: usize,
}

impl Run {
    fn empty() -> Self {
        Self {
            n_discs: 0,
            base: 1,
            end: 0,
            prefix: 0,
            free: 0,
            value: [[0; 4]; 32],
            above: [(0, 0, 0); 32],
            deepest: 0,
        }
    }
}

/// Ranks and unranks the canonical configurations of `n` discs.
#[derive(Clone, Debug)]
pub struct CanonicalIndex {
    n_discs: usize,
    /// `completions[rest][used]`, for `rest <= n`.
    completions: Vec<[u64; 4]>,
    /// Ranking four discs at a time, from the largest: per chunk, its lowest disc and, for each
    /// `used` and each value of the chunk's bits, what the chunk adds to the rank and the new
    /// `used` (in the top two bits).
    chunks: Vec<(usize, Vec<u64>)>,
}

/// Discs ranked per table lookup.
const CHUNK: usize = 4;

/// log2 of the ranks per bit of [`RankedSpace`]'s map of small orbits.
const CHUNK_SHIFT: u32 = 10;

impl CanonicalIndex {
    /// The index of the canonical configurations of `n_discs` (`1..=31`).
    ///
    /// # Panics
    /// When `n_discs` is outside `1..=31`.
    pub fn new(n_discs: usize) -> Self {
        assert!((1..=31).contains(&n_discs), "1 to 31 discs");
        let mut completions = vec![[1u64; 4]];
        for rest in 1..=n_discs {
            let below = completions[rest - 1];
            let mut row = [0; 4];
            for (used, count) in row.iter_mut().enumerate() {
                // A label already used or peg 4 keeps `used`; a new label raises it.
                *count =
                    (used as u64 + 1) * below[used] + if used < 3 { below[used + 1] } else { 0 };
            }
            completions.push(row);
        }
        let mut index = Self {
            n_discs,
            completions,
            chunks: Vec::new(),
        };
        let mut top = n_discs;
        while top > 0 {
            let low = top.saturating_sub(CHUNK);
            let k = top - low;
            let mut table = vec![0; 4 << (2 * k)];
            for used in 0..4 {
                for value in 0..1u64 << (2 * k) {
                    let (add, after) = index.rank_discs(value << (2 * low), low..top, used);
                    table[used << (2 * k) | value as usize] = add | (after as u64) << 62;
                }
            }
            index.chunks.push((low, table));
            top = low;
        }
        index
    }

    /// Ranks the discs in `discs` (from the largest down) of `canonical`, starting with `used`
    /// labels seen: what they add to the rank, and the labels seen after them. Labels that
    /// break the order (not canonical) add nothing and leave `used` as it was.
    fn rank_discs(
        &self,
        canonical: u64,
        discs: std::ops::Range<usize>,
        mut used: usize,
    ) -> (u64, usize) {
        let mut rank = 0;
        for disc in discs.rev() {
            let label = (canonical >> (2 * disc) & 3) as usize;
            let below = &self.completions[disc];
            if label < used || used == 3 {
                rank += label as u64 * below[used];
            } else if label == used {
                rank += used as u64 * below[used];
                used += 1;
            } else if label == 3 {
                rank += used as u64 * below[used] + below[used + 1];
            }
        }
        (rank, used)
    }

    /// Fills `run` with the run of `rank`, in `0..len()` (see [`Run`]): a run of one rank when
    /// pegs 1 to 3 do not all appear.
    #[inline]
    pub(crate) fn run_into(&self, rank: u64, run: &mut Run) {
        // Start below the larger discs `rank` shares with the last run found, if any.
        let mut top = self.n_discs - 1;
        if run.n_discs == self.n_discs {
            top = run.deepest;
            while top < self.n_discs - 1 && {
                let (first, used, _) = run.above[top];
                !(first..first + self.completions[top + 1][used]).contains(&rank)
            } {
                top += 1;
            }
        } else {
            run.n_discs = self.n_discs;
            run.above[top] = (0, 0, 0);
        }
        let (first, mut used, mut prefix) = run.above[top];
        let mut rest = rank - first;
        for disc in (0..=top).rev() {
            run.above[disc] = (rank - rest, used, prefix);
            run.deepest = disc;
            if used >= 2 {
                let free = disc + 1;
                for (low, value) in run.value[..free].iter_mut().enumerate() {
                    *value = [0, 1 << (2 * low), 2 << (2 * low), 3 << (2 * low)];
                }
                run.base = rank - rest;
                run.end = run.base + (1 << (2 * free));
                run.prefix = prefix;
                run.free = free;
                return;
            }
            let below = &self.completions[disc];
            let step = below[used];
            run.value[disc] = [0, step, 2 * step, used as u64 * step + below[used + 1]];
            prefix |= self.label_of(disc, &mut used, &mut rest) << (2 * disc);
        }
        run.base = rank;
        run.end = rank + 1;
        run.prefix = prefix;
        run.free = 0;
    }

    /// A bit per chunk of `2^CHUNK_SHIFT` ranks that holds a configuration with two or more of
    /// pegs 1 to 3 empty (an orbit smaller than 6): found by walking down the ranks' tree only
    /// where fewer than two of the pegs have appeared.
    fn small_orbit_chunks(&self) -> Vec<u64> {
        let chunks = self.len().div_ceil(1 << CHUNK_SHIFT);
        let mut bits = vec![0u64; chunks.div_ceil(64) as usize];
        // (discs left to place, pegs of 1 to 3 seen, first rank of the subtree)
        let mut stack = vec![(self.n_discs, 0usize, 0u64)];
        while let Some((rest, used, first)) = stack.pop() {
            if used >= 2 {
                continue; // Every configuration below has at most one empty peg.
            }
            let size = self.completions[rest][used];
            if rest == 0 || size <= 1 << CHUNK_SHIFT {
                for chunk in first >> CHUNK_SHIFT..=(first + size - 1) >> CHUNK_SHIFT {
                    bits[(chunk / 64) as usize] |= 1 << (chunk % 64);
                }
                continue;
            }
            let below = &self.completions[rest - 1];
            // Labels below `used`, then `used` itself (a new peg), then peg 4, in rank order.
            let mut at = first;
            for _ in 0..used {
                stack.push((rest - 1, used, at));
                at += below[used];
            }
            stack.push((rest - 1, used + 1, at));
            at += below[used + 1];
            stack.push((rest - 1, used, at));
        }
        bits
    }

    /// The number of canonical configurations: the ranks are `0..len()`.
    pub fn len(&self) -> u64 {
        self.completions[self.n_discs][0]
    }

    /// Always false: there is at least one configuration.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The rank of a canonical packed configuration.
    #[inline]
    pub fn rank(&self, canonical: u64) -> u64 {
        let mut rank = 0;
        let mut used = 0;
        let mut unranked = self.n_discs;
        for &(low, ref table) in &self.chunks {
            if used >= 2 {
                // Labels 0 and 1 seen: the smaller discs' bits count in base 4 (see `Run`).
                return rank + (canonical & ((1u64 << (2 * unranked)) - 1));
            }
            unranked = low;
            // The table has 4 x 4^k entries for a chunk of k discs, 2k bits.
            let bits = (table.len() / 4).trailing_zeros() as usize;
            let value = (canonical >> (2 * low)) as usize & ((1 << bits) - 1);
            let entry = table[used << bits | value];
            rank += entry & ((1 << 62) - 1);
            used = (entry >> 62) as usize;
        }
        rank
    }

    /// The label of `disc` in the configuration whose rank among those with `used` labels of
    /// pegs 1 to 3 seen above it is `rest` (`used <= 2`): `rest` and `used` become those of the
    /// discs below.
    #[inline]
    fn label_of(&self, disc: usize, used: &mut usize, rest: &mut u64) -> u64 {
        let below = &self.completions[disc];
        // Labels below `used` (0 or 1, as `used <= 2` here) each cover `below[used]` ranks.
        if *rest < below[*used] && *used > 0 {
            0
        } else if *rest < 2 * below[*used] && *used > 1 {
            *rest -= below[*used];
            1
        } else {
            *rest -= *used as u64 * below[*used];
            if *rest < below[*used + 1] {
                *used += 1;
                *used as u64 - 1
            } else {
                *rest -= below[*used + 1];
                3
            }
        }
    }

    /// The canonical packed configuration of a rank in `0..len()`.
    #[inline]
    pub fn unrank(&self, mut rank: u64) -> u64 {
        let mut packed = 0;
        let mut used = 0;
        for disc in (0..self.n_discs).rev() {
            if used >= 2 {
                // Below the first disc of label 1 the rank counts in base 4 (see `Run`).
                return packed | rank;
            }
            packed |= self.label_of(disc, &mut used, &mut rank) << (2 * disc);
        }
        packed
    }
}

/// Four-peg Hanoi towards peg 4 over the ranks of canonical configurations: a dense space of
/// [`CanonicalIndex::len`] states for `statespace::TwoBitSearch`.
///
/// It expands a word of ranks at a time ([`Space::expand_block`]) by rank arithmetic: a run of
/// ranks (those sharing the discs down to the first of label 1, the second of pegs 1 to 3) knows
/// what each disc adds to the rank on each peg, so a move that keeps every peg's largest disc
/// changes the rank by a difference of two of those values (see the `block` module).
#[derive(Clone)]
pub struct RankedSpace {
    space: HanoiSpace,
    index: CanonicalIndex,
    /// A bit per chunk of ranks holding a configuration whose orbit is smaller than 6.
    small_orbits: Vec<u64>,
}

impl RankedSpace {
    /// The ranked quotient of `n_discs`.
    pub fn new(n_discs: usize) -> Self {
        let index = CanonicalIndex::new(n_discs);
        Self {
            space: HanoiSpace::symmetric(n_discs),
            small_orbits: index.small_orbit_chunks(),
            index,
        }
    }

    /// The index behind the ranks.
    pub fn index(&self) -> &CanonicalIndex {
        &self.index
    }

    /// The quotient space of packed canonical configurations.
    pub fn packed_space(&self) -> &HanoiSpace {
        &self.space
    }

    /// How many configurations the canonical configuration of `rank` stands for (the weight of
    /// a rank in the level sizes of a search over this space).
    #[inline]
    pub fn orbit_size(&self, rank: u64) -> u64 {
        let chunk = rank >> CHUNK_SHIFT;
        if self.small_orbits[(chunk / 64) as usize] >> (chunk % 64) & 1 == 0 {
            return 6;
        }
        self.space.orbit_size(self.index.unrank(rank))
    }

    /// The rank of any packed configuration (canonical or not).
    #[inline]
    pub fn rank_of(&self, packed: u64) -> u64 {
        self.index.rank(self.space.canonical(packed))
    }
}

impl RankedSpace {
    /// The rank of the configuration of peg masks `masks` once `disc` moves from `from` to `to`.
    #[inline]
    fn rank_moved(&self, masks: [u64; 4], disc: usize, from: usize, to: usize) -> u64 {
        let bit = 1u64 << (2 * disc);
        let mut moved = masks;
        moved[from] ^= bit;
        moved[to] ^= bit;
        self.index.rank(HanoiSpace::relabel(moved))
    }

    /// The ranks reached from a group of 64 (whose larger discs have peg masks `masks`) when
    /// `disc`, a larger disc, moves from `from` to `to` and the move relabels pegs 1 to 3:
    /// the relabelling is that of the larger discs alone, the same for every member, as long as
    /// two or more of pegs 1 to 3 hold a larger disc after the move (the small discs avoid both
    /// pegs, so at most one of pegs 1 to 3 is left with none, and its rank among them is the
    /// last). Then labels 0 and 1 appear above the small discs, which count in base 4 (see
    /// `Run`): returns the rank with the three smallest discs on label 0 and, per small disc
    /// and peg, what it adds, so that a member's successor is three additions, not a ranking.
    /// `None` when fewer than two of pegs 1 to 3 hold a larger disc after the move.
    fn relabelled(
        &self,
        masks: [u64; 4],
        disc: usize,
        from: usize,
        to: usize,
    ) -> Option<(u64, [[u64; 4]; BLOCK_DISCS])> {
        let bit = 1u64 << (2 * disc);
        let mut moved = masks;
        moved[from] ^= bit;
        moved[to] ^= bit;
        if moved[..3].iter().filter(|&&m| m != 0).count() < 2 {
            return None;
        }
        let first = self.index.rank(HanoiSpace::relabel(moved));
        // Pegs 1 to 3 take labels in decreasing order of their largest disc (masks are disjoint,
        // so the larger mask has the larger disc; an empty peg's is 0); peg 4 keeps label 3.
        let mut order = [0usize, 1, 2];
        order.sort_unstable_by(|&a, &b| moved[b].cmp(&moved[a]));
        let mut label = [0u64, 0, 0, 3];
        for (i, &peg) in order.iter().enumerate() {
            label[peg] = i as u64;
        }
        Some((
            first,
            std::array::from_fn(|small| label.map(|l| l << (2 * small))),
        ))
    }

    /// Reports the successors of the members `group` of the `4^k` ranks from `start`, a group
    /// of `run` (`k = min(run.free, 3)`): the `k` smallest discs' moves by masks and shifts,
    /// the larger discs' moves by the run's values for the whole group at once (see the
    /// `block` module), and only moves that relabel pegs one configuration at a time.
    #[inline]
    fn expand_group(
        &self,
        start: u64,
        group: Members,
        k: usize,
        run: &Run,
        out: &mut impl Successors,
    ) {
        if k > 0 {
            out.many(start, block::within_smallest(group, k));
        }
        let packed = run.prefix | (start - run.base);
        // The larger discs, as placed in every configuration of the group.
        let mut masks = self.space.peg_masks(packed);
        masks[0] &= !(BLOCK_BITS & ((1 << (2 * k)) - 1));
        moves_from(masks, k, |disc, from, to| {
            let moving = group & block::avoid_smallest(k, from, to);
            if moving.is_empty() {
                return;
            }
            // A disc below the first of label 1 moves by its base-4 digit alone (see `Run`).
            let relabelling = disc >= run.free && relabels(&masks, from, to);
            let linear = if relabelling && k == BLOCK_DISCS {
                self.relabelled(masks, disc, from, to)
            } else {
                None
            };
            if let Some((first, values)) = linear {
                for low in moving.iter() {
                    let low = low as usize;
                    let succ = first + values[0][low & 3] + values[1][low >> 2 & 3];
                    out.one(start + low as u64, succ + values[2][low >> 4 & 3]);
                }
            } else if relabelling {
                for low in moving.iter() {
                    let low = u64::from(low);
                    let masks = self.space.peg_masks(packed | low);
                    out.one(start + low, self.rank_moved(masks, disc, from, to));
                }
            } else {
                let value = &run.value[disc];
                let first = start.wrapping_add(value[to]).wrapping_sub(value[from]);
                block::report_set(out, first, moving);
            }
        });
    }
}

/// Whether moving the top disc of `from` to `to` changes the relabelling: it empties a peg of
/// 1 to 3 or starts one (pegs are relabelled by their largest discs).
#[inline]
fn relabels(masks: &[u64; 4], from: usize, to: usize) -> bool {
    (from < 3 && masks[from] & (masks[from] - 1) == 0) || (to < 3 && masks[to] == 0)
}

impl Space for RankedSpace {
    /// Blocks by rank arithmetic (runs of ranks, sets moved at once).
    #[inline]
    fn expands_blocks(&self) -> bool {
        true
    }

    #[inline]
    fn for_each_successor<F: FnMut(u64)>(&self, rank: u64, mut visit: F) {
        self.space
            .for_each_successor(self.index.unrank(rank), |succ| visit(self.index.rank(succ)));
    }

    fn expand_block(&self, first: u64, members: Members, out: &mut impl Successors) {
        RUN.with_borrow_mut(|run| {
            let mut members = members;
            while let Some(low) = members.iter().next() {
                let rank = first + u64::from(low);
                if !(run.n_discs == self.index.n_discs && (run.base..run.end).contains(&rank)) {
                    self.index.run_into(rank, run);
                }
                // The group of `4^k` ranks of the run that holds `rank`, and the block's
                // members in it.
                let k = run.free.min(BLOCK_DISCS);
                let size = 1u32 << (2 * k);
                let start = run.base + ((rank - run.base) & !(u64::from(size) - 1));
                let span = Members::ALL.shift_down(64 - size);
                let (group, taken) = if start >= first {
                    let shift = (start - first) as u32;
                    (members.shift_down(shift) & span, span.shift_up(shift))
                } else {
                    let shift = (first - start) as u32;
                    (members.shift_up(shift) & span, span.shift_down(shift))
                };
                members &= !taken;
                self.expand_group(start, group, k, run, out);
            }
        });
    }
}

thread_local! {
    /// The run of the ranks a thread expanded last: blocks of a run follow one another.
    static RUN: std::cell::RefCell<Run> = std::cell::RefCell::new(Run::empty());
}

/// The orbit sizes of a [`RankedSpace`] as the weights of a two-bit search (the level sizes
/// then count configurations, not canonical ones): 6 for every rank of a chunk that holds no
/// smaller orbit, so a word of ranks is weighed with a count of its bits. It borrows the space
/// ([`RankedSpace::orbits`]) or owns it ([`RankedSpace::into_orbits`]).
pub struct Orbits<R>(R);

impl RankedSpace {
    /// The orbit sizes of the ranks, as the weights of a two-bit search.
    pub fn orbits(&self) -> Orbits<&Self> {
        Orbits(self)
    }

    /// [`RankedSpace::orbits`], owning the space (for a search that outlives it, such as one
    /// spread over processes).
    pub fn into_orbits(self) -> Orbits<Self> {
        Orbits(self)
    }
}

impl<R: Borrow<RankedSpace>> Orbits<R> {
    /// Whether every rank of the chunk holding `rank` has an orbit of 6.
    #[inline(always)]
    fn all_six(&self, rank: u64) -> bool {
        let chunk = rank >> CHUNK_SHIFT;
        self.0.borrow().small_orbits[(chunk / 64) as usize] >> (chunk % 64) & 1 == 0
    }
}

impl<R: Borrow<RankedSpace> + Sync> Weight for Orbits<R> {
    #[inline]
    fn of(&self, rank: u64) -> u64 {
        self.0.borrow().orbit_size(rank)
    }

    #[inline(always)]
    fn of_fields(&self, first: u64, fields: u64) -> u64 {
        // A word of 32 ranks lies in one chunk.
        if self.all_six(first) {
            return 6 * u64::from(fields.count_ones());
        }
        let mut fields = fields;
        let mut total = 0;
        while fields != 0 {
            total += self
                .0
                .borrow()
                .orbit_size(first + u64::from(fields.trailing_zeros() / 2));
            fields &= fields - 1;
        }
        total
    }

    #[inline(always)]
    fn of_block(&self, first: u64, fields: u128) -> u64 {
        let (low, high) = (fields as u64, (fields >> 64) as u64);
        // A block of 64 ranks lies in one chunk too.
        if self.all_six(first) {
            // Only even bits are set: the two words fold into one count.
            return 6 * u64::from((low | high << 1).count_ones());
        }
        self.of_fields(first, low) + self.of_fields(first + 32, high)
    }
}
