//! [`Slice`]: one worker's share of the two-bit table (its segments one after another), with
//! the dirty bits of its blocks of 64 states.
//!
//! Reaching is word arithmetic against the codes ([`statespace::block::reach_in_word`]) with no
//! branch on what it found: a block of 64 is two words and one dirty mark, any other set the
//! two or three words it lies over.

use std::ops::{Deref, DerefMut};
use std::path::Path;

use statespace::block::{Members, reach_in_word};
use statespace_disk::WordFile;

use crate::error::Error;

/// States a dirty bit stands for (half a word of two-bit codes).
pub(crate) const BLOCK: u64 = 64;

/// log2 of a chunk of the slice's words (2^15 words are 256 KiB, half the L2 cache of a core
/// of this machine). A chunk that holds at least [`WARM_BLOCKS`] of the level's blocks is read
/// in order before they are expanded: the level's moves land all over it, and read in order it
/// comes from memory at streaming speed instead of a cache line at a time at random.
pub(crate) const WARM_SHIFT: usize = 15;

/// The dirty blocks that make a chunk worth reading in order first.
const WARM_BLOCKS: u32 = 16;

/// One worker's slice of the two-bit table, with the dirty bits of its blocks.
pub(crate) struct Slice {
    len: u64,
    /// The codes, 32 states a word.
    pub(crate) words: Words,
    /// The blocks that received a state in the level being expanded, a bit each.
    pub(crate) current: Vec<u64>,
    /// The blocks that receive a state in this level.
    pub(crate) next: Vec<u64>,
    /// For a space that expands state by state, a bit a state (a word a block): expanded
    /// already, so that each state is expanded once and not again with every later level that
    /// shares its code (as `statespace::TwoBitSearch` does; a space with a block expansion of
    /// its own takes the older states along at no cost, and keeps none). Set as a block is
    /// expanded, not as a state is reached: reaching writes the state's word of codes alone.
    done: Option<Vec<u64>>,
}

impl Slice {
    /// The slice of `len` states, all unreached, with a frontier bit a state when `exact`;
    /// its codes in memory, or in the file `file` when one is given (its bitmaps stay in
    /// memory).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the allocator refuses it; [`Error::SliceFile`] when the
    /// file cannot be made (no room on its disk, no such folder).
    pub(crate) fn try_new(len: u64, exact: bool, file: Option<&Path>) -> Result<Self, Error> {
        let blocks = len.div_ceil(BLOCK);
        let bitmap = blocks.div_ceil(64) as usize;
        let words = len.div_ceil(32) as usize;
        Ok(Self {
            len,
            words: match file {
                None => Words::Memory(filled(words, u64::MAX)?),
                Some(path) => {
                    Words::File(WordFile::create(path, words, u64::MAX).map_err(Error::SliceFile)?)
                }
            },
            current: filled(bitmap, 0)?,
            next: filled(bitmap, 0)?,
            done: if exact {
                Some(filled(blocks as usize, 0)?)
            } else {
                None
            },
        })
    }

    /// The number of states.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Writes `code` into the unreached states of `mask` in the word `word` and marks its
    /// block when any was; the states reached.
    #[inline(always)]
    fn write(&mut self, word: usize, mask: u64, code: u64) -> u64 {
        let (codes, new) = reach_in_word(self.words[word], mask, code);
        self.words[word] = codes;
        let block = word / 2;
        self.next[block / 64] |= u64::from(new != 0) << (block % 64);
        new
    }

    /// Whether the local state `local` is unreached.
    #[inline]
    pub(crate) fn unseen(&self, local: u64) -> bool {
        self.words[(local / 32) as usize] >> (2 * (local % 32)) & 3 == 3
    }

    /// Writes `code` for the local state `local` if it is unreached: the low bit of its field
    /// in its word when it was, else 0.
    #[inline]
    pub(crate) fn reach(&mut self, local: u64, code: u64) -> u64 {
        self.write((local / 32) as usize, 1 << (2 * (local % 32)), code)
    }

    /// Writes `code` into the unreached states of `set`, the aligned block of 64 from local
    /// state `first` (all in the slice): two words and one dirty mark. The states reached.
    #[inline(always)]
    pub(crate) fn reach_block(&mut self, first: u64, set: Members, code: u64) -> u128 {
        let word = (first / 32) as usize;
        let [low, high] = &mut self.words[word..word + 2] else {
            unreachable!("two words");
        };
        let set = set.layout();
        let (low_codes, new_low) = reach_in_word(*low, set as u64, code);
        let (high_codes, new_high) = reach_in_word(*high, (set >> 64) as u64, code);
        (*low, *high) = (low_codes, high_codes);
        let block = word / 2;
        self.next[block / 64] |= u64::from(new_low | new_high != 0) << (block % 64);
        u128::from(new_low) | u128::from(new_high) << 64
    }

    /// Writes `code` into the unreached states of `set` from local state `first` (all in the
    /// slice), and hands the states reached in each word it lies over to `found(i, fields)`,
    /// `i` counting the words from the one holding `first`.
    #[inline(always)]
    pub(crate) fn reach_set(
        &mut self,
        first: u64,
        set: Members,
        code: u64,
        mut found: impl FnMut(u64, u64),
    ) {
        let (word, pieces) = set.over_words(first);
        for (i, piece) in pieces.enumerate() {
            let new = self.write(word as usize + i, piece, code);
            found(i as u64, new);
        }
    }

    /// The states of the block of 64 from local state `first` with `code`, as a set.
    #[inline]
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

    /// The states of `members` (of the block of 64 from local state `first`) to expand: all
    /// of them, or with a frontier those not yet expanded, which are marked expanded.
    #[inline]
    pub(crate) fn take_frontier(&mut self, first: u64, members: Members) -> Members {
        match &mut self.done {
            None => members,
            Some(done) => {
                let cell = &mut done[(first / BLOCK) as usize];
                let states = members.bits() & !*cell;
                *cell |= states;
                Members::from_bits(states)
            }
        }
    }

    /// Reads the words of chunk `chunk` (2^[`WARM_SHIFT`] words) in order when `dirty` of its
    /// blocks are to be expanded, enough to be worth it: the level's moves into the chunk then
    /// find it in the cache.
    pub(crate) fn warm(&self, chunk: usize, dirty: u32) {
        if dirty < WARM_BLOCKS {
            return;
        }
        let start = (chunk << WARM_SHIFT).min(self.words.len());
        let end = ((chunk + 1) << WARM_SHIFT).min(self.words.len());
        // One word of each cache line is enough to bring the line in.
        let sum = self.words[start..end]
            .iter()
            .step_by(8)
            .fold(0u64, |sum, &word| sum.wrapping_add(word));
        std::hint::black_box(sum);
    }

    /// Makes every block and every state of the slice current (after a resume: the old levels
    /// that share the current code are expanded once more, harmlessly, as their neighbours are
    /// all reached).
    pub(crate) fn mark_all(&mut self) {
        if let Some(done) = &mut self.done {
            done.fill(0);
        }
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
}

/// A slice's codes: in memory, or in a file mapped into memory.
pub(crate) enum Words {
    Memory(Vec<u64>),
    File(WordFile),
}

impl Deref for Words {
    type Target = [u64];

    #[inline(always)]
    fn deref(&self) -> &[u64] {
        match self {
            Words::Memory(words) => words,
            Words::File(words) => words,
        }
    }
}

impl DerefMut for Words {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u64] {
        match self {
            Words::Memory(words) => words,
            Words::File(words) => words,
        }
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
