//! The ranks of one set's pieces: a permutation (of distinct pieces or of labels that repeat)
//! and base-OMOD orientation digits, each with the invariants the moves keep folded out.

use crate::position::add_mod;

/// `n!` for `n <= 20`, `None` beyond (it no longer fits a `u64`).
pub(crate) fn factorial(n: usize) -> Option<u64> {
    (1..=n as u64).try_fold(1u64, |f, k| f.checked_mul(k))
}

/// The number of arrangements of a multiset with these label counts, `None` past `u64`.
pub(crate) fn multinomial(counts: &[usize]) -> Option<u64> {
    let mut total: u128 = 1;
    let mut placed: u128 = 0;
    for &count in counts {
        for k in 1..=count as u128 {
            placed += 1;
            // C(placed, k) built step by step stays exact: total * placed / k is an integer.
            total = total.checked_mul(placed)? / k;
            if total > u128::from(u64::MAX) {
                return None;
            }
        }
    }
    u64::try_from(total).ok()
}

/// Parity of a permutation of distinct values `0..n` (true: odd).
pub(crate) fn is_odd(perm: &[u8]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut odd = false;
    for start in 0..perm.len() {
        if seen[start] {
            continue;
        }
        let mut i = start;
        let mut length = 0;
        while !seen[i] {
            seen[i] = true;
            i = perm[i] as usize;
            length += 1;
        }
        odd ^= length % 2 == 0;
    }
    odd
}

/// The order a permutation of distinct pieces is ranked in: `order[i]` is the slot read as the
/// Lehmer code's digit `i`, digit 0 the most significant.
pub(crate) type SlotOrder = [u8; 20];

/// The slots in their own order.
pub(crate) const IDENTITY: SlotOrder = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
];

/// The rank of a set's pieces.
#[derive(Clone, Debug)]
pub(crate) enum PermRank {
    /// Distinct labels `0..n` (n <= 20): the Lehmer code of the pieces read in the slot order
    /// `order`, in O(n) with a bit mask; halved when every move is even on the set (`parity` is
    /// then the parity every reachable arrangement has, read in that order).
    Distinct {
        n: usize,
        parity: Option<bool>,
        order: SlotOrder,
    },
    /// Labels that repeat, with these counts: the rank among the multiset's arrangements.
    Multiset { counts: Vec<usize> },
}

/// The rank of the arrangement `perm` of a multiset of `counts` (`total` arrangements), in the
/// integer type `$t`, wide enough for `total * perm.len()`.
macro_rules! multiset_rank {
    ($t:ty, $counts:expr, $perm:expr, $total:expr) => {{
        // The counts left, on the stack: ranking allocates nothing.
        let mut stack = [0usize; 256];
        let left = &mut stack[..$counts.len()];
        left.copy_from_slice($counts);
        let mut remaining = $perm.len() as $t;
        // Arrangements of what is left.
        let mut total = $total as $t;
        let mut rank: $t = 0;
        for &p in $perm {
            let p = p as usize;
            for &count in left.iter().take(p) {
                if count > 0 {
                    rank += total * count as $t / remaining;
                }
            }
            total = total * left[p] as $t / remaining;
            left[p] -= 1;
            remaining -= 1;
        }
        rank as u64
    }};
}

/// Writes into `perm` the arrangement of rank `rank` of a multiset of `counts` (`total`
/// arrangements), in the integer type `$t`, wide enough for `total * perm.len()`.
macro_rules! multiset_unrank {
    ($t:ty, $counts:expr, $perm:expr, $total:expr, $rank:expr) => {{
        let mut stack = [0usize; 256];
        let left = &mut stack[..$counts.len()];
        left.copy_from_slice($counts);
        let mut remaining = $perm.len() as $t;
        let mut total = $total as $t;
        let mut rank = $rank as $t;
        for slot in $perm.iter_mut() {
            for (label, count) in left.iter_mut().enumerate() {
                if *count == 0 {
                    continue;
                }
                let with = total * *count as $t / remaining;
                if rank < with {
                    *slot = label as u8;
                    total = with;
                    *count -= 1;
                    break;
                }
                rank -= with;
            }
            remaining -= 1;
        }
    }};
}

impl PermRank {
    /// The Lehmer code of `n` distinct pieces, the slots in their own order, no parity folded.
    pub(crate) fn distinct(n: usize) -> Self {
        PermRank::Distinct {
            n,
            parity: None,
            order: IDENTITY,
        }
    }

    /// The slot order of distinct pieces when it is not the slots' own.
    pub(crate) fn slot_order(&self) -> Option<&[u8]> {
        match self {
            PermRank::Distinct { n, order, .. } if order[..*n] != IDENTITY[..*n] => {
                Some(&order[..*n])
            }
            _ => None,
        }
    }

    /// The number of ranks, `None` past `u64`.
    pub(crate) fn size(&self) -> Option<u64> {
        match self {
            PermRank::Distinct { n, parity, .. } => {
                let f = factorial(*n)?;
                Some(if parity.is_some() { f / 2 } else { f })
            }
            PermRank::Multiset { counts } => multinomial(counts),
        }
    }

    /// The rank of `perm`, `None` when the folded parity is not the reachable one.
    pub(crate) fn rank(&self, perm: &[u8]) -> Option<u64> {
        match self {
            PermRank::Distinct { n, parity, order } => {
                let mut seen: u64 = 0;
                let mut rank: u64 = 0;
                let mut odd = false;
                for (i, &slot) in order[..*n].iter().enumerate() {
                    let p = perm[slot as usize];
                    let below = (seen & ((1u64 << p) - 1)).count_ones() as u64;
                    let digit = u64::from(p) - below;
                    odd ^= digit % 2 == 1;
                    rank = rank * (*n - i) as u64 + digit;
                    seen |= 1 << p;
                }
                match parity {
                    None => Some(rank),
                    // The Lehmer code's digit sum has the permutation's parity.
                    Some(wanted) => (odd == *wanted).then_some(rank / 2),
                }
            }
            PermRank::Multiset { counts } => {
                let total = multinomial(counts).expect("checked size");
                // In `u64` when `total * n` fits (every table coordinate), else in `u128`.
                Some(if total.checked_mul(perm.len() as u64).is_some() {
                    multiset_rank!(u64, counts, perm, total)
                } else {
                    multiset_rank!(u128, counts, perm, total)
                })
            }
        }
    }

    /// The arrangement of rank `rank`, into `perm`.
    pub(crate) fn unrank(&self, rank: u64, perm: &mut [u8]) {
        match self {
            PermRank::Distinct { n, parity, order } => {
                let n = *n;
                let mut full = if parity.is_some() { rank * 2 } else { rank };
                let mut digits = [0u8; 21];
                for i in (0..n).rev() {
                    let base = (n - i) as u64;
                    digits[i] = (full % base) as u8;
                    full /= base;
                }
                let mut free: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
                let mut odd = false;
                for i in 0..n {
                    let digit = digits[i];
                    odd ^= digit % 2 == 1;
                    let mut bits = free;
                    for _ in 0..digit {
                        bits &= bits - 1;
                    }
                    let p = bits.trailing_zeros() as u8;
                    perm[order[i] as usize] = p;
                    free &= !(1u64 << p);
                }
                if let Some(wanted) = parity
                    && odd != *wanted
                    && n >= 2
                {
                    // The other of the pair: the last two slots of the order swapped.
                    perm.swap(order[n - 2] as usize, order[n - 1] as usize);
                }
            }
            PermRank::Multiset { counts } => {
                let total = multinomial(counts).expect("checked size");
                if total.checked_mul(perm.len() as u64).is_some() {
                    multiset_unrank!(u64, counts, perm, total, rank);
                } else {
                    multiset_unrank!(u128, counts, perm, total, rank);
                }
            }
        }
    }
}

/// The rank of a set's orientations: base-OMOD digits by slot, the last one dropped when every
/// move keeps the sum mod OMOD (`sum` is then the sum every reachable position has).
#[derive(Clone, Debug)]
pub(crate) struct OriRank {
    pub(crate) n: usize,
    pub(crate) omod: u8,
    pub(crate) sum: Option<u8>,
}

impl OriRank {
    fn digits(&self) -> usize {
        if self.sum.is_some() {
            self.n - 1
        } else {
            self.n
        }
    }

    pub(crate) fn size(&self) -> Option<u64> {
        u64::from(self.omod).checked_pow(self.digits() as u32)
    }

    pub(crate) fn rank(&self, ori: &[u8]) -> Option<u64> {
        if let Some(wanted) = self.sum {
            let total = ori.iter().fold(0u8, |s, &o| add_mod(s, o, self.omod));
            if total != wanted {
                return None;
            }
        }
        let omod = u64::from(self.omod);
        Some(
            ori[..self.digits()]
                .iter()
                .fold(0, |r, &o| r * omod + u64::from(o)),
        )
    }

    pub(crate) fn unrank(&self, mut rank: u64, ori: &mut [u8]) {
        let omod = u64::from(self.omod);
        let digits = self.digits();
        for i in (0..digits).rev() {
            ori[i] = (rank % omod) as u8;
            rank /= omod;
        }
        if let Some(wanted) = self.sum {
            let total = ori[..digits]
                .iter()
                .fold(0u8, |s, &o| add_mod(s, o, self.omod));
            ori[digits] = (wanted + self.omod - total) % self.omod;
        }
    }
}
