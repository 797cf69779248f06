//! [`Members`]: a set of 64 consecutive states, laid out as a two-bit table lays out codes; and
//! [`InBlock`], the successors that fall in the block being expanded, gathered as one.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// A set of the 64 states `first..first + 64` of a block ([`Space::expand_block`]), stored as
/// the two-bit search stores their codes: state `first + i` is bit `2i` of a `u128` (the odd
/// bits are always clear). Reaching a set is then a few word operations against the codes,
/// with no bit gathered or spread, and a space's moves within a block are shifts of the set.
///
/// [`Space::expand_block`]: crate::Space::expand_block
///
/// ```
/// use statespace::block::Members;
///
/// let set = Members::from_bits(0b1011);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 1, 3]);
/// assert_eq!(set.shift_up(2).bits(), 0b10_1100);
/// assert_eq!((set & Members::from_bits(0b1110)).len(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Members(u128);

/// The even bits of a `u128`.
const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

impl Members {
    /// No state.
    pub const EMPTY: Self = Self(0);

    /// All 64 states.
    pub const ALL: Self = Self(EVEN);

    /// The set with state `first + i` for every bit `i` set in `bits`.
    #[inline]
    pub const fn from_bits(bits: u64) -> Self {
        let mut m = bits as u128;
        m = (m | m << 32) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
        m = (m | m << 16) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
        m = (m | m << 8) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
        m = (m | m << 4) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
        m = (m | m << 2) & 0x3333_3333_3333_3333_3333_3333_3333_3333;
        Self((m | m << 1) & EVEN)
    }

    /// The set from its layout: bit `2i` of `layout` for state `i` (odd bits are ignored).
    #[inline]
    pub const fn from_layout(layout: u128) -> Self {
        Self(layout & EVEN)
    }

    /// The layout: bit `2i` for state `i`.
    #[inline]
    pub const fn layout(self) -> u128 {
        self.0
    }

    /// Bit `i` for state `i`.
    #[inline]
    pub const fn bits(self) -> u64 {
        let mut m = self.0;
        m = (m | m >> 1) & 0x3333_3333_3333_3333_3333_3333_3333_3333;
        m = (m | m >> 2) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
        m = (m | m >> 4) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
        m = (m | m >> 8) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
        m = (m | m >> 16) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
        (m | m >> 32) as u64
    }

    /// Whether the set has no state.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of states.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether state `i` (below 64) is in the set.
    #[inline]
    pub const fn contains(self, i: u32) -> bool {
        self.0 >> (2 * i) & 1 == 1
    }

    /// The set with state `i + states` for every state `i` (those past 63 dropped).
    #[inline]
    pub const fn shift_up(self, states: u32) -> Self {
        if states >= 64 {
            Self::EMPTY
        } else {
            Self(self.0 << (2 * states))
        }
    }

    /// The set with state `i - states` for every state `i` (those below 0 dropped).
    #[inline]
    pub const fn shift_down(self, states: u32) -> Self {
        if states >= 64 {
            Self::EMPTY
        } else {
            Self(self.0 >> (2 * states))
        }
    }

    /// The states, in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = u32> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() / 2;
                rest &= rest - 1;
                i
            })
        })
    }

    /// The states of a block whose two words of codes (32 states each, two bits a state, as a
    /// [`TwoBitTable`](crate::TwoBitTable) stores them) are `codes`, that have code `code`.
    #[inline]
    pub const fn with_code(codes: [u64; 2], code: u64) -> Self {
        let pattern = 0x5555_5555_5555_5555 * code;
        let (low, high) = (codes[0] ^ pattern, codes[1] ^ pattern);
        let low = !(low | low >> 1) & 0x5555_5555_5555_5555;
        let high = !(high | high >> 1) & 0x5555_5555_5555_5555;
        Self(low as u128 | (high as u128) << 64)
    }

    /// The states `first + i` of the set laid over the words of 32 codes that hold them: the
    /// index of the first word (`first / 32`) and, for it and each word after it up to the one
    /// holding the last state (two words, or three when `first` is not a multiple of 32), the
    /// low bit of each member's field in that word (bit `2j` for state `32 w + j`). An empty
    /// set lies over no word.
    #[inline]
    pub fn over_words(self, first: u64) -> (u64, impl ExactSizeIterator<Item = u64>) {
        let words = self.last().map_or(0, |last| {
            ((first + u64::from(last)) / 32 - first / 32 + 1) as usize
        });
        (first / 32, self.three_words(first).into_iter().take(words))
    }

    /// The set's states from `first` as the three words of codes from the one holding
    /// `first` (the last empty when `first` is a multiple of 32), laid out as
    /// [`Members::over_words`] lays them.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// // States 30, 31 and 93 (from 30): the last two words of the first, 63 of the third.
    /// let set = Members::from_bits(0b11 | 1 << 63);
    /// assert_eq!(set.three_words(30), [0b101 << 60, 0, 1 << 58]);
    /// ```
    #[inline]
    pub fn three_words(self, first: u64) -> [u64; 3] {
        let offset = 2 * (first % 32) as u32;
        let shifted = self.0 << offset;
        // The third piece is what the shift pushed out of the 128 bits.
        [
            shifted as u64,
            (shifted >> 64) as u64,
            self.0.checked_shr(128 - offset).unwrap_or(0) as u64,
        ]
    }

    /// The highest state, if any.
    #[inline]
    pub const fn last(self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some((127 - self.0.leading_zeros()) / 2)
        }
    }
}

impl BitAnd for Members {
    type Output = Self;
    #[inline]
    fn bitand(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }
}

impl BitOr for Members {
    type Output = Self;
    #[inline]
    fn bitor(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }
}

impl BitAndAssign for Members {
    #[inline]
    fn bitand_assign(&mut self, other: Self) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Members {
    #[inline]
    fn bitor_assign(&mut self, other: Self) {
        self.0 |= other.0;
    }
}

impl std::ops::Not for Members {
    type Output = Self;
    /// The other states of the block.
    #[inline]
    fn not(self) -> Self {
        Self(!self.0 & EVEN)
    }
}

/// The successors of a block's states that fall in the block itself (the aligned 64 states
/// from `first`), gathered as bits and reached afterwards as one [`Members`] set: one write of
/// two words instead of one a successor. The first step of the two-bit searches' per-state
/// path, shared by [`TwoBitSearch`](crate::TwoBitSearch) and `statespace_timely`'s slices.
///
/// ```
/// use statespace::block::InBlock;
///
/// // The block from 64 in a space of 100 states: 36 of its states are in the space.
/// let mut near = InBlock::new(64, 100);
/// assert!(near.gather(70));
/// assert!(near.gather(99));
/// assert!(!near.gather(100)); // outside the space: not the block's
/// assert!(!near.gather(3));
/// assert_eq!(near.take().iter().collect::<Vec<_>>(), [6, 35]);
/// assert!(near.take().is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct InBlock {
    first: u64,
    /// The block's states in the space: 64, or fewer in the space's last block.
    len: u64,
    /// Bit `i` for `first + i`.
    bits: u64,
}

impl InBlock {
    /// The block of 64 states from `first` (a multiple of 64) in a space of `len` states,
    /// nothing gathered yet.
    #[inline(always)]
    pub fn new(first: u64, len: u64) -> Self {
        debug_assert!(first.is_multiple_of(64) && first < len);
        Self {
            first,
            len: (len - first).min(64),
            bits: 0,
        }
    }

    /// The block's first state.
    #[inline(always)]
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Whether the block holds all 64 of its states (it is not the space's last, short one).
    #[inline(always)]
    pub fn is_whole(&self) -> bool {
        self.len == 64
    }

    /// Gathers `succ` when it lies in the block (and in the space); whether it did.
    #[inline(always)]
    pub fn gather(&mut self, succ: u64) -> bool {
        let offset = succ.wrapping_sub(self.first);
        if offset < self.len {
            self.bits |= 1 << offset;
            true
        } else {
            false
        }
    }

    /// The states gathered (as offsets from [`InBlock::first`]), and none left.
    #[inline(always)]
    pub fn take(&mut self) -> Members {
        Members::from_bits(std::mem::take(&mut self.bits))
    }
}

#[cfg(test)]
mod tests;
