//! [`Slice`]: one worker's share of the two-bit table (its segments one after another), with
//! the dirty bits of its blocks of 64 states.

use statespace::Members;

use crate::error::Error;
use crate::owners::Owners;

/// States a dirty bit stands for (half a word of two-bit codes).
pub(crate) const BLOCK: u64 = 64;
const UNSEEN: u64 = 3;

/// One worker's slice of the two-bit table, with the dirty bits of its blocks.
pub(crate) struct Slice {
    len: u64,
    /// The codes, 32 states a word.
    pub(crate) words: Vec<u64>,
    /// The blocks that received a state in the level being expanded, a bit each.
    pub(crate) current: Vec<u64>,
    /// The blocks that receive a state in this level.
    pub(crate) next: Vec<u64>,
}

impl Slice {
    /// The slice of `len` states, all unreached.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the allocator refuses it.
    pub(crate) fn try_new(len: u64) -> Result<Self, Error> {
        let bitmap = len.div_ceil(BLOCK).div_ceil(64) as usize;
        Ok(Self {
            len,
            words: filled(len.div_ceil(32) as usize, u64::MAX)?,
            current: filled(bitmap, 0)?,
            next: filled(bitmap, 0)?,
        })
    }

    /// Writes `code` for the unreached local state `local`; whether it was unreached.
    #[inline]
    pub(crate) fn reach(&mut self, local: u64, code: u64) -> bool {
        let shift = 2 * (local % 32);
        let word = &mut self.words[(local / 32) as usize];
        if *word >> shift & 3 != UNSEEN {
            return false;
        }
        *word &= !((UNSEEN ^ code) << shift);
        let block = local / BLOCK;
        self.next[(block / 64) as usize] |= 1 << (block % 64);
        true
    }

    /// The states of the block of 64 from local state `first` with `code`, as a set.
    pub(crate) fn members(&self, first: u64, code: u64) -> Members {
        let word = (first / 32) as usize;
        let codes = [word, word + 1].map(|w| self.words.get(w).copied().unwrap_or(u64::MAX));
        let set = Members::with_code(codes, code);
        if first + 64 > self.len {
            set & !Members::ALL.shift_up((self.len - first) as u32)
        } else {
            set
        }
    }

    /// Writes `code` for the unreached states of `set` (from local state `first`, all in the
    /// slice), a word of codes at a time; the weight of those reached.
    pub(crate) fn reach_set(
        &mut self,
        first: u64,
        set: Members,
        code: u64,
        weight: impl Fn(u64) -> u64,
    ) -> u64 {
        let (word, pieces) = set.over_words(first);
        let word = word as usize;
        let mut found = 0;
        for (i, piece) in pieces.enumerate() {
            let codes = &mut self.words[word + i];
            let mut new = *codes & *codes >> 1 & piece;
            if new == 0 {
                continue;
            }
            *codes &= !(new * (UNSEEN ^ code));
            let block = (word + i) as u64 * 32 / BLOCK;
            self.next[(block / 64) as usize] |= 1 << (block % 64);
            while new != 0 {
                found += weight((word + i) as u64 * 32 + u64::from(new.trailing_zeros() / 2));
                new &= new - 1;
            }
        }
        found
    }

    /// Makes every block of the slice current (after a resume: the old levels that share the
    /// current code are expanded once more, harmlessly, as their neighbours are all reached).
    pub(crate) fn mark_all(&mut self) {
        let blocks = self.len.div_ceil(BLOCK);
        for (index, word) in self.current.iter_mut().enumerate() {
            let below = blocks.saturating_sub(index as u64 * 64).min(64);
            *word = if below == 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
        }
    }

    /// Marks the ranks in `inbox` (all this slice's) with `code`; the weight of those reached.
    pub(crate) fn receive(
        &mut self,
        inbox: &mut Vec<u64>,
        owners: Owners,
        code: u64,
        weight: impl Fn(u64) -> u64,
    ) -> u64 {
        let mut found = 0;
        for rank in inbox.drain(..) {
            if self.reach(owners.local(rank), code) {
                found += weight(rank);
            }
        }
        found
    }
}

/// `len` copies of `word`, or [`Error::OutOfMemory`] when they cannot be allocated.
fn filled(len: usize, word: u64) -> Result<Vec<u64>, Error> {
    let mut words = Vec::new();
    words
        .try_reserve_exact(len)
        .map_err(|_| Error::OutOfMemory {
            bytes: 8 * len as u64,
        })?;
    words.resize(len, word);
    Ok(words)
}
