//! [`DigitBlock`]: a block of 64 states read as numbers in base `2^BITS`.

use crate::members::Members;
use crate::space::Successors;

/// A block of 64 states (as [`Space::expand_block`](crate::Space::expand_block) receives it)
/// whose ranks are numbers written in digits of `BITS` bits each, the smallest digit lowest:
/// `BITS = 2` for a puzzle of pieces on four places, 1 for one of switches, 3 for up to eight
/// places. `BITS` must divide 6, so that the block's 64 states are every value of its
/// [`LOW`](Self::LOW) lowest digits, and share the digits above them.
///
/// A move that changes one digit (a [`DigitMove`]) then moves a whole subset of the block at
/// once: a low digit's move is a shift of the subset within the block ([`DigitBlock::moved`]),
/// a shared digit's move carries the subset to another block ([`DigitBlock::change_digit`]),
/// and which members a move applies to is an intersection of [`DigitBlock::with_digit`] sets.
/// No rank is unranked, and the search reaches each subset as a few word operations.
///
/// # Example
///
/// Three switches in a row, as digits of one bit; a move turns the middle switch (digit 1) on
/// only while the first (digit 0) is on.
///
/// ```
/// use statespace::block::{DigitBlock, DigitMove, Members};
///
/// let block = DigitBlock::<1>::new(64, Members::from_bits(0b1111_1111));
/// let first_on = block.with_digit(0, 1);
/// assert_eq!(first_on.bits(), 0b1010_1010);
/// // Switch 1 goes on where it is off and switch 0 is on: 65 -> 67, 69 -> 71.
/// let middle_on = DigitMove::new(1, 0, 1);
/// assert_eq!(block.moved(first_on, middle_on).bits(), 0b1000_1000);
/// // Digit 6 is shared by the block (bit 6 of 64 is set): all members or none.
/// assert_eq!(block.digit(6), 1);
/// assert!(block.with_digit(6, 0).is_empty());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DigitBlock<const BITS: u32> {
    first: u64,
    members: Members,
}

/// A change of one digit: digit `digit` (the smallest digit is 0) goes from the value `from`
/// to the value `to`, in the states whose digit `digit` is `from`. [`DigitBlock::moved`],
/// [`DigitBlock::change_digit`] and [`LowMoves::add`] take it; it says nothing of the digit's
/// width, which is the block's `BITS`.
///
/// ```
/// use statespace::block::{DigitBlock, DigitMove, Members};
///
/// // Base 4: digit 1 from 2 to 0, as in state 9 (021) -> 1 (001).
/// let mv = DigitMove::new(1, 2, 0);
/// assert_eq!((mv.digit, mv.from, mv.to), (1, 2, 0));
/// let block = DigitBlock::<2>::new(0, Members::ALL);
/// assert_eq!(block.moved(Members::from_bits(1 << 9), mv).bits(), 1 << 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigitMove {
    /// The digit that changes, 0 the smallest.
    pub digit: u32,
    /// Its value before the move: states whose digit has another value do not move.
    pub from: u64,
    /// Its value after the move.
    pub to: u64,
}

impl DigitMove {
    /// Digit `digit` from `from` to `to`.
    ///
    /// ```
    /// use statespace::block::DigitMove;
    ///
    /// // Switch 3 (a digit of one bit) turned off.
    /// const OFF: DigitMove = DigitMove::new(3, 1, 0);
    /// assert_eq!(OFF, DigitMove { digit: 3, from: 1, to: 0 });
    /// ```
    #[inline]
    pub const fn new(digit: u32, from: u64, to: u64) -> Self {
        Self { digit, from, to }
    }
}

/// Per low digit `i` and value `v`, the states of a block whose digit `i` is `v`.
const fn masks(bits: u32) -> [[Members; 64]; 6] {
    let mut masks = [[Members::EMPTY; 64]; 6];
    let low = 6 / bits;
    let mut i = 0;
    while i < low {
        let mut state = 0;
        while state < 64 {
            let value = (state >> (bits * i)) & ((1 << bits) - 1);
            let old = masks[i as usize][value as usize].bits();
            masks[i as usize][value as usize] = Members::from_bits(old | 1 << state);
            state += 1;
        }
        i += 1;
    }
    masks
}

impl<const BITS: u32> DigitBlock<BITS> {
    /// The digits that take every value within a block (`6 / BITS`); digits from `LOW` up are
    /// shared by the block's states.
    ///
    /// ```
    /// use statespace::block::DigitBlock;
    ///
    /// assert_eq!(DigitBlock::<1>::LOW, 6); // six switches vary within a block
    /// assert_eq!(DigitBlock::<2>::LOW, 3); // three base-4 digits
    /// assert_eq!(DigitBlock::<3>::LOW, 2);
    /// assert_eq!(DigitBlock::<6>::LOW, 1);
    /// ```
    pub const LOW: u32 = {
        assert!(
            BITS == 1 || BITS == 2 || BITS == 3 || BITS == 6,
            "DigitBlock's BITS must divide 6 (1, 2, 3 or 6)"
        );
        6 / BITS
    };

    const MASKS: [[Members; 64]; 6] = masks(BITS);

    /// The number of values a digit takes.
    const BASE: u64 = 1 << BITS;

    /// The states `first + i` for `i` in `members` (`first` a multiple of 64).
    ///
    /// ```
    /// use statespace::block::{DigitBlock, Members};
    ///
    /// let block = DigitBlock::<2>::new(128, Members::from_bits(0b101)); // states 128 and 130
    /// assert_eq!(block.with_digit(0, 2).bits(), 0b100); // 130 is 2002 in base 4
    /// assert_eq!(block.digit(3), 2);
    /// ```
    #[inline]
    pub fn new(first: u64, members: Members) -> Self {
        debug_assert!(
            first.is_multiple_of(64),
            "a block starts at a multiple of 64"
        );
        Self { first, members }
    }

    /// The first state of the block.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, Members};
    ///
    /// let block = DigitBlock::<2>::new(192, Members::from_bits(1 << 5 | 1 << 9));
    /// let states = block.members().iter().map(|i| block.first() + u64::from(i));
    /// assert_eq!(states.collect::<Vec<_>>(), [197, 201]);
    /// ```
    #[inline]
    pub fn first(self) -> u64 {
        self.first
    }

    /// The block's states to expand.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, Members};
    ///
    /// let set = Members::from_bits(0b1010); // states 1 and 3
    /// let block = DigitBlock::<1>::new(0, set);
    /// assert_eq!(block.members(), set);
    /// assert_eq!(block.with_digit(0, 1), set); // both have switch 0 on
    /// ```
    #[inline]
    pub fn members(self) -> Members {
        self.members
    }

    /// Digit `i` (at least [`LOW`](Self::LOW)) of every state of the block.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, Members};
    ///
    /// // In base 8, digits 0 and 1 vary within a block: 0o1200..0o1300 share the others.
    /// let block = DigitBlock::<3>::new(0o1200, Members::ALL);
    /// assert_eq!((block.digit(2), block.digit(3), block.digit(4)), (2, 1, 0));
    /// ```
    #[inline]
    pub fn digit(self, i: u32) -> u64 {
        debug_assert!(i >= Self::LOW, "digit {i} varies within the block");
        (self.first >> (BITS * i)) & (Self::BASE - 1)
    }

    /// The members whose digit `i` is `value`: for a shared digit, all of them or none.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, Members};
    ///
    /// // States 65, 66, 68, 69 and 70: 1001, 1002, 1010, 1011 and 1012 in base 4.
    /// let block = DigitBlock::<2>::new(64, Members::from_bits(0b111_0110));
    /// assert_eq!(block.with_digit(0, 1).bits(), 1 << 1 | 1 << 5);
    /// assert_eq!(block.with_digit(1, 1).bits(), 0b111_0000);
    /// assert_eq!(block.with_digit(3, 1), block.members()); // shared by all
    /// assert!(block.with_digit(3, 0).is_empty());
    /// ```
    #[inline]
    pub fn with_digit(self, i: u32, value: u64) -> Members {
        if i < Self::LOW {
            self.members & Self::MASKS[i as usize][value as usize]
        } else if self.digit(i) == value {
            self.members
        } else {
            Members::EMPTY
        }
    }

    /// The states reached from those of `set` whose low digit `mv.digit` is `mv.from` by
    /// setting it to `mv.to`: a set of the same block (`mv.digit` below [`LOW`](Self::LOW)).
    ///
    /// ```
    /// use statespace::block::{DigitBlock, DigitMove, Members};
    ///
    /// let block = DigitBlock::<2>::new(0, Members::ALL);
    /// let set = Members::from_bits(0xFFFF); // states 0 to 15: digits 0 and 1 in base 4
    /// // Digit 1 from 2 to 0: states 8 to 11 move down by 8.
    /// assert_eq!(block.moved(set, DigitMove::new(1, 2, 0)).bits(), 0xF);
    /// // Digit 0 from 0 to 3: states 0, 4, 8 and 12 move up by 3.
    /// let up = block.moved(set, DigitMove::new(0, 0, 3));
    /// assert_eq!(up.bits(), 1 << 3 | 1 << 7 | 1 << 11 | 1 << 15);
    /// ```
    #[inline]
    pub fn moved(self, set: Members, mv: DigitMove) -> Members {
        let DigitMove { digit: i, from, to } = mv;
        debug_assert!(i < Self::LOW, "digit {i} is shared by the block");
        let moving = set & Self::MASKS[i as usize][from as usize];
        let shift = BITS * i;
        if to >= from {
            moving.shift_up(((to - from) << shift) as u32)
        } else {
            moving.shift_down(((from - to) << shift) as u32)
        }
    }

    /// Reports to `out` the states reached from those of `set` whose digit `mv.digit` is
    /// `mv.from` by setting it to `mv.to`, whichever the digit: one set, in this block or
    /// another.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, DigitMove, Members, Successors};
    ///
    /// /// The sets reported, as (first state, bits).
    /// struct Sets(Vec<(u64, u64)>);
    ///
    /// impl Successors for Sets {
    ///     fn one(&mut self, _: u64, succ: u64) {
    ///         self.0.push((succ, 1));
    ///     }
    ///     fn many(&mut self, first: u64, set: Members) {
    ///         self.0.push((first, set.bits()));
    ///     }
    /// }
    ///
    /// let block = DigitBlock::<2>::new(64, Members::from_bits(0b11)); // 1000 and 1001 in base 4
    /// let mut out = Sets(Vec::new());
    /// let members = block.members();
    /// block.change_digit(members, DigitMove::new(0, 0, 2), &mut out); // low: 1000 -> 1002
    /// block.change_digit(members, DigitMove::new(3, 1, 2), &mut out); // shared: 2000, 2001
    /// block.change_digit(members, DigitMove::new(3, 0, 2), &mut out); // no digit 3 is 0
    /// assert_eq!(out.0, [(64, 0b100), (128, 0b11)]);
    /// ```
    #[inline]
    pub fn change_digit(self, set: Members, mv: DigitMove, out: &mut impl Successors) {
        let DigitMove { digit: i, from, to } = mv;
        if i < Self::LOW {
            let moved = self.moved(set, mv);
            if !moved.is_empty() {
                out.many(self.first, moved);
            }
        } else if self.digit(i) == from && !set.is_empty() {
            let shift = BITS * i;
            out.many(self.first - (from << shift) + (to << shift), set);
        }
    }
}

/// Moves of a block's low digits ([`DigitBlock::LOW`]) whose legality depends on the low
/// digits alone, worked out once and applied to each block's members as one set: what a
/// block's states reach within the block.
///
/// Each move is added with the placements of a full block that allow it
/// ([`DigitBlock::with_digit`] sets of `DigitBlock::new(0, Members::ALL)`, intersected);
/// moves that shift the block by the same amount are merged, so [`LowMoves::apply`] costs a
/// mask and a shift per distinct amount, whatever the number of moves.
///
/// ```
/// use statespace::block::{DigitBlock, DigitMove, LowMoves, Members};
///
/// // Two switches (digits of one bit) that flip freely.
/// let all = DigitBlock::<1>::new(0, Members::ALL);
/// let mut moves = LowMoves::<1>::default();
/// for switch in 0..2 {
///     moves.add(DigitMove::new(switch, 0, 1), all.with_digit(switch, 0));
///     moves.add(DigitMove::new(switch, 1, 0), all.with_digit(switch, 1));
/// }
/// // State 0 (both off) reaches 1 and 2.
/// assert_eq!(moves.apply(Members::from_bits(1)).bits(), 0b110);
/// ```
#[derive(Clone, Debug, Default)]
pub struct LowMoves<const BITS: u32> {
    /// (the members that move, states moved up by); the same for moves down.
    up: Vec<(Members, u32)>,
    down: Vec<(Members, u32)>,
}

impl<const BITS: u32> LowMoves<BITS> {
    /// Adds the move `mv` of a low digit, in the placements `allowed` (those whose digit
    /// `mv.digit` is not `mv.from` are left out).
    ///
    /// # Panics
    /// When `mv.digit` is not a low digit (it is [`DigitBlock::LOW`] or more).
    ///
    /// ```
    /// use statespace::block::{DigitBlock, DigitMove, LowMoves, Members};
    ///
    /// // Base 4: digit 0 may go from 0 to 1 only while digit 1 is 3.
    /// let all = DigitBlock::<2>::new(0, Members::ALL);
    /// let mut moves = LowMoves::<2>::default();
    /// moves.add(DigitMove::new(0, 0, 1), all.with_digit(1, 3));
    /// // State 12 (030 in base 4) reaches 13; state 0 (000) does not.
    /// assert_eq!(moves.apply(Members::from_bits(1 << 12 | 1)).bits(), 1 << 13);
    /// // State 13 is allowed by digit 1, but its digit 0 is not 0.
    /// assert!(moves.apply(Members::from_bits(1 << 13)).is_empty());
    /// ```
    pub fn add(&mut self, mv: DigitMove, allowed: Members) {
        let DigitMove { digit: i, from, to } = mv;
        assert!(
            i < DigitBlock::<BITS>::LOW,
            "digit {i} is shared by the block"
        );
        let allowed = allowed & DigitBlock::<BITS>::MASKS[i as usize][from as usize];
        let (list, states) = if to >= from {
            (&mut self.up, (to - from) << (BITS * i))
        } else {
            (&mut self.down, (from - to) << (BITS * i))
        };
        let states = states as u32;
        match list.iter_mut().find(|(_, s)| *s == states) {
            Some((set, _)) => *set |= allowed,
            None => list.push((allowed, states)),
        }
    }

    /// The states of the block that the moves reach from `members`.
    ///
    /// ```
    /// use statespace::block::{DigitBlock, DigitMove, LowMoves, Members};
    ///
    /// // Switch 0 flips freely; switch 1 goes on only while switch 0 is on.
    /// let all = DigitBlock::<1>::new(0, Members::ALL);
    /// let mut moves = LowMoves::<1>::default();
    /// moves.add(DigitMove::new(0, 0, 1), Members::ALL);
    /// moves.add(DigitMove::new(0, 1, 0), Members::ALL);
    /// moves.add(DigitMove::new(1, 0, 1), all.with_digit(0, 1));
    /// // From 0b01: switch 0 off (0b00), or switch 1 on (0b11).
    /// assert_eq!(moves.apply(Members::from_bits(1 << 0b01)).bits(), 1 << 0b00 | 1 << 0b11);
    /// // From a set, what any of its states reaches: 0b00 -> 0b01, 0b10 -> 0b11.
    /// assert_eq!(moves.apply(Members::from_bits(1 | 1 << 0b10)).bits(), 1 << 0b01 | 1 << 0b11);
    /// ```
    #[inline]
    pub fn apply(&self, members: Members) -> Members {
        let mut reached = Members::EMPTY;
        for &(set, states) in &self.up {
            reached |= (members & set).shift_up(states);
        }
        for &(set, states) in &self.down {
            reached |= (members & set).shift_down(states);
        }
        reached
    }
}

#[cfg(test)]
mod tests;
