//! Pegs, discs and moves, for any number of pegs `P`.

use std::fmt;

/// One of `P` pegs, `0..P` inside, shown 1-based by both `Display` and `Debug`.
///
/// ```
/// use hanoi_model::Peg;
///
/// let peg = Peg::<4>::from_number(2).unwrap();
/// assert_eq!((peg.number(), peg.index(), peg.to_string()), (2, 1, "2".to_string()));
/// assert_eq!(Peg::<4>::LAST.number(), 4);
/// assert_eq!(Peg::<3>::FIRST.third(Peg::<3>::LAST), Peg::<3>::MIDDLE);
/// assert_eq!(Peg::<3>::from_number(4), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Peg<const P: usize>(pub(crate) u8);

impl<const P: usize> fmt::Debug for Peg<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Peg({})", self.0 + 1)
    }
}

impl<const P: usize> Peg<P> {
    /// All pegs in order.
    pub const ALL: [Self; P] = {
        assert!(P >= 2 && P <= 9, "a Hanoi puzzle has 2 to 9 pegs");
        let mut all = [Peg(0); P];
        let mut p = 0;
        while p < P {
            all[p] = Peg(p as u8);
            p += 1;
        }
        all
    };
    /// Peg 1.
    pub const FIRST: Self = Peg(0);
    /// Peg `P`, the last.
    pub const LAST: Self = Peg(P as u8 - 1);

    /// Peg `number`, counted from 1 as people and the judge count them (`1..=P`).
    pub fn from_number(number: usize) -> Option<Self> {
        (1..=P).contains(&number).then(|| Peg(number as u8 - 1))
    }

    /// The peg at `index` of [`Peg::ALL`] (`0..P`), for arrays indexed by peg.
    pub fn from_index(index: usize) -> Option<Self> {
        (index < P).then_some(Peg(index as u8))
    }

    /// Its number, from 1.
    pub fn number(self) -> usize {
        usize::from(self.0) + 1
    }

    /// Its index in [`Peg::ALL`], from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Peg<3> {
    /// Peg 2 of three.
    pub const MIDDLE: Self = Peg(1);

    /// The peg that is neither `self` nor `other` (which must differ).
    pub fn third(self, other: Self) -> Self {
        debug_assert_ne!(self, other);
        Peg(3 - self.0 - other.0)
    }
}

impl<const P: usize> fmt::Display for Peg<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A disc, numbered from 1, the smallest, as in the judges' inputs.
///
/// ```
/// use hanoi_model::Disc;
///
/// assert_eq!(Disc::new(3).map(Disc::number), Some(3));
/// assert_eq!(Disc::new(0), None);
/// assert_eq!(Disc::new(Disc::MAX + 1), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Disc(pub(crate) u8);

impl Disc {
    /// The largest disc number; a configuration's own limit, its `MAX_DISCS`, is smaller.
    pub const MAX: usize = u8::MAX as usize;

    /// Disc `number`, or `None` outside `1..=`[`Disc::MAX`].
    pub fn new(number: usize) -> Option<Disc> {
        (1..=Self::MAX)
            .contains(&number)
            .then_some(Disc(number as u8))
    }

    /// Its number, from 1 (the smallest).
    pub fn number(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Disc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Moving the top disc of `from` onto `to`.
///
/// ```
/// use hanoi_model::{Move, Peg};
///
/// let step = Move { from: Peg::<4>::FIRST, to: Peg::<4>::LAST };
/// assert_eq!(step.to_string(), "1 4");
/// assert_eq!(&step.judge_line(), b"1 4\n");
/// assert_eq!(Move::<3>::ALL.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move<const P: usize> {
    /// The peg the disc leaves.
    pub from: Peg<P>,
    /// The peg the disc lands on.
    pub to: Peg<P>,
}

impl<const P: usize> Move<P> {
    /// The judge line `A B\n` as bytes, without allocating.
    pub fn judge_line(self) -> [u8; 4] {
        [b'1' + self.from.0, b' ', b'1' + self.to.0, b'\n']
    }

    /// Every move between two different pegs, by source peg, then target peg.
    pub fn all() -> impl Iterator<Item = Self> {
        Peg::ALL.into_iter().flat_map(|from| {
            Peg::ALL
                .into_iter()
                .filter(move |&to| to != from)
                .map(move |to| Move { from, to })
        })
    }
}

impl Move<3> {
    /// The six moves of three pegs in the order of [`Move::all`]: 1-2, 1-3, 2-1, 2-3, 3-1, 3-2.
    pub const ALL: [Self; 6] = {
        let mut all = [Move {
            from: Peg(0),
            to: Peg(0),
        }; 6];
        let mut k = 0;
        let mut from = 0;
        while from < 3 {
            let mut to = 0;
            while to < 3 {
                if to != from {
                    all[k] = Move {
                        from: Peg(from),
                        to: Peg(to),
                    };
                    k += 1;
                }
                to += 1;
            }
            from += 1;
        }
        all
    };
}

/// Written one a line in a judge's `--moves` output.
impl<const P: usize> judge::JudgeMove for Move<P> {}

impl<const P: usize> fmt::Display for Move<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}
