//! Expanding 64 states at once: the word-level machinery of the two-bit search.
//!
//! A [`Space`](crate::Space) that implements only [`for_each_successor`] needs nothing from
//! here: [`TwoBitSearch`](crate::TwoBitSearch) expands it state by state, and fast. A space
//! whose ranks are numbers in some base can do better by implementing
//! [`Space::expand_block`](crate::Space::expand_block): it gets the states of a block of 64
//! with the level's code as a [`Members`] set (laid out like the table's codes, two bits a
//! state) and reports successors one by one or as whole sets into [`Successors`]. The moves of
//! the smallest digits are then a shift and a mask of the set, and a move of a larger digit
//! that the small ones allow moves a whole subset of the block at once, with nothing unranked
//! (the four-peg Hanoi spaces of `hanoi4` work this way). [`DigitBlock`] reads a block as
//! numbers in base 2, 4, 8 or 64, so that such a space writes its moves as digit changes
//! ([`DigitMove`]) of whole sets, with no rank arithmetic of its own
//! (`examples/digits/main.rs` is the four-peg Tower of Hanoi written that way).
//!
//! [`reach_in_word`] and [`states_with_code`] are the steps that write and scan a word of
//! codes, [`InBlock`] gathers the successors that stay in the block being expanded, and
//! [`prefetch_read`] asks for a word ahead of its read, and [`Reads`] chooses between reading
//! successors at once and gathering them by trying both, for searches that keep two-bit tables
//! of their own (`statespace_timely` does).
//!
//! [`for_each_successor`]: crate::Space::for_each_successor

mod digits;

pub use crate::arena::prefetch_read;
pub use crate::members::{InBlock, Members};
pub use crate::reads::Reads;
pub use crate::space::Successors;
pub use crate::two_bit::{compress_fields, reach_in_word, states_with_code};
pub use digits::{DigitBlock, DigitMove, LowMoves};
