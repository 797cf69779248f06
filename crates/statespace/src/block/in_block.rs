//! [`InBlock`]: the successors that fall in the block being expanded, gathered as one set.

use crate::members::Members;

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
