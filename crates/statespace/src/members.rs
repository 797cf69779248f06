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
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert!(Members::EMPTY.is_empty());
    /// assert_eq!(Members::EMPTY | Members::from_bits(5), Members::from_bits(5));
    /// ```
    pub const EMPTY: Self = Self(0);

    /// All 64 states.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert_eq!(Members::ALL.len(), 64);
    /// assert_eq!(Members::ALL.bits(), u64::MAX);
    /// assert_eq!(!Members::ALL, Members::EMPTY);
    /// ```
    pub const ALL: Self = Self(EVEN);

    /// The set with state `first + i` for every bit `i` set in `bits`.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_bits(1 << 63 | 0b101);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 2, 63]);
    /// assert_eq!(set.layout(), 1 << 126 | 0b1_0001); // state i at bit 2i
    /// ```
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
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// // States 0 and 2 at bits 0 and 4; the odd bit 1 is ignored.
    /// let set = Members::from_layout(0b1_0011);
    /// assert_eq!(set.bits(), 0b101);
    /// ```
    #[inline]
    pub const fn from_layout(layout: u128) -> Self {
        Self(layout & EVEN)
    }

    /// The layout: bit `2i` for state `i`.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert_eq!(Members::from_bits(0b11).layout(), 0b0101);
    /// assert_eq!(Members::ALL.layout(), u128::MAX / 3); // every even bit
    /// ```
    #[inline]
    pub const fn layout(self) -> u128 {
        self.0
    }

    /// Bit `i` for state `i`.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_layout(1 << 2 | 1 << 126); // states 1 and 63
    /// assert_eq!(set.bits(), 1 << 1 | 1 << 63);
    /// ```
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
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert!(Members::from_bits(0).is_empty());
    /// assert!(!Members::from_bits(1 << 40).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of states.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert_eq!(Members::from_bits(0b1011).len(), 3);
    /// assert_eq!(Members::ALL.len(), 64);
    /// ```
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether state `i` (below 64) is in the set.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_bits(1 << 5 | 1 << 63);
    /// assert!(set.contains(5) && set.contains(63));
    /// assert!(!set.contains(6));
    /// ```
    #[inline]
    pub const fn contains(self, i: u32) -> bool {
        self.0 >> (2 * i) & 1 == 1
    }

    /// The set with state `i + states` for every state `i` (those past 63 dropped).
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_bits(1 | 1 << 62);
    /// assert_eq!(set.shift_up(1).bits(), 0b10 | 1 << 63);
    /// assert_eq!(set.shift_up(2).bits(), 0b100); // state 64 dropped
    /// assert!(set.shift_up(64).is_empty());
    /// ```
    #[inline]
    pub const fn shift_up(self, states: u32) -> Self {
        if states >= 64 {
            Self::EMPTY
        } else {
            Self(self.0 << (2 * states))
        }
    }

    /// The set with state `i - states` for every state `i` (those below 0 dropped).
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_bits(1 | 1 << 62);
    /// assert_eq!(set.shift_down(2).bits(), 1 << 60); // state -2 dropped
    /// assert!(set.shift_down(63).is_empty());
    /// ```
    #[inline]
    pub const fn shift_down(self, states: u32) -> Self {
        if states >= 64 {
            Self::EMPTY
        } else {
            Self(self.0 >> (2 * states))
        }
    }

    /// The states, in increasing order.
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// let set = Members::from_bits(1 << 63 | 1 << 9 | 1);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 9, 63]);
    /// assert_eq!(Members::EMPTY.iter().next(), None);
    /// ```
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
    ///
    /// ```
    /// use statespace::block::Members;
    /// use statespace::{TwoBitSearch, from_fn};
    ///
    /// let line = from_fn(|s, visit| if s < 63 { visit(s + 1) });
    /// let (table, _) = TwoBitSearch::new(&line, 64).sources([0]).run();
    /// let words: Vec<u64> = table.words().collect();
    /// // The states at a distance of 1 mod 3: 1, 4, 7, ..., 61.
    /// let ones = Members::with_code([words[0], words[1]], 1);
    /// assert_eq!(ones.iter().collect::<Vec<_>>(), (1..64).step_by(3).collect::<Vec<_>>());
    /// ```
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
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// // States 30, 31 and 93 (from 30): word 0 holds the first two, word 2 the last.
    /// let set = Members::from_bits(0b11 | 1 << 63);
    /// let (first_word, words) = set.over_words(30);
    /// assert_eq!(first_word, 0);
    /// assert_eq!(words.collect::<Vec<_>>(), [0b101 << 60, 0, 1 << 58]);
    /// // State 64 alone lies over word 2 alone; an empty set over none.
    /// assert_eq!(Members::from_bits(1).over_words(64).1.collect::<Vec<_>>(), [1]);
    /// assert_eq!(Members::EMPTY.over_words(64).1.len(), 0);
    /// ```
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
    ///
    /// ```
    /// use statespace::block::Members;
    ///
    /// assert_eq!(Members::from_bits(0b1011).last(), Some(3));
    /// assert_eq!(Members::ALL.last(), Some(63));
    /// assert_eq!(Members::EMPTY.last(), None);
    /// ```
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
    ///
    /// ```
    /// use statespace::block::InBlock;
    ///
    /// let mut last = InBlock::new(128, 150); // the last block of 150 states: 22 of them
    /// assert!(!last.is_whole());
    /// assert!(last.gather(149));
    /// assert!(!last.gather(150));
    /// ```
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
    ///
    /// ```
    /// use statespace::block::InBlock;
    ///
    /// let mut near = InBlock::new(64, 1000);
    /// assert!(near.gather(70));
    /// let offset = near.take().iter().next().unwrap();
    /// assert_eq!(near.first() + u64::from(offset), 70);
    /// ```
    #[inline(always)]
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Whether the block holds all 64 of its states (it is not the space's last, short one).
    ///
    /// ```
    /// use statespace::block::InBlock;
    ///
    /// assert!(InBlock::new(0, 1000).is_whole());
    /// assert!(InBlock::new(64, 128).is_whole());
    /// assert!(!InBlock::new(960, 1000).is_whole()); // 40 states
    /// ```
    #[inline(always)]
    pub fn is_whole(&self) -> bool {
        self.len == 64
    }

    /// Gathers `succ` when it lies in the block (and in the space); whether it did.
    ///
    /// ```
    /// use statespace::block::InBlock;
    ///
    /// let mut near = InBlock::new(0, 10); // a space of 10 states
    /// assert!(near.gather(9));
    /// assert!(!near.gather(10)); // in the block's range, but outside the space
    /// assert!(!near.gather(64)); // the next block's
    /// assert_eq!(near.take().bits(), 1 << 9);
    /// ```
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
    ///
    /// ```
    /// use statespace::block::InBlock;
    ///
    /// let mut near = InBlock::new(64, 1000);
    /// near.gather(65);
    /// near.gather(65);
    /// near.gather(127);
    /// assert_eq!(near.take().bits(), 1 << 1 | 1 << 63);
    /// assert!(near.take().is_empty()); // nothing left
    /// ```
    #[inline(always)]
    pub fn take(&mut self) -> Members {
        Members::from_bits(std::mem::take(&mut self.bits))
    }
}

#[cfg(test)]
mod tests;
