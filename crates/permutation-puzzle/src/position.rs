//! [`Position`]: a permutation and an orientation per set, and their composition.

/// A position of the puzzle, or a move seen as the position it makes from the identity: for
/// each set, the piece (0-based label) in each slot and each slot's orientation.
///
/// Composition follows the format: applying `a` then `b` gives `p[i] = a.p[b.p[i]]` and
/// `o[i] = (a.o[b.p[i]] + b.o[i]) mod OMOD`. A position whose permutation holds labels of
/// identical pieces (a state reached from Solved) may stand on the left of a composition only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) perm: Vec<Vec<u8>>,
    pub(crate) ori: Vec<Vec<u8>>,
}

impl Position {
    /// The identity of sets of `sizes` slots.
    pub fn identity(sizes: impl IntoIterator<Item = usize>) -> Self {
        let (perm, ori) = sizes
            .into_iter()
            .map(|n| ((0..n).map(|i| i as u8).collect(), vec![0; n]))
            .unzip();
        Self { perm, ori }
    }

    /// The pieces (0-based labels) in the slots of set `set`.
    pub fn perm(&self, set: usize) -> &[u8] {
        &self.perm[set]
    }

    /// The orientations of the slots of set `set`.
    pub fn ori(&self, set: usize) -> &[u8] {
        &self.ori[set]
    }

    /// `self` then `next`, with orientations modulo `omods[set]`.
    pub fn then(&self, next: &Position, omods: &[u8]) -> Position {
        let mut out = self.clone();
        self.then_into(next, omods, &mut out);
        out
    }

    /// `self` then `next`, written into `out` (which has the same shape).
    pub fn then_into(&self, next: &Position, omods: &[u8], out: &mut Position) {
        for set in 0..self.perm.len() {
            let omod = omods[set];
            let (ap, ao) = (&self.perm[set], &self.ori[set]);
            let (bp, bo) = (&next.perm[set], &next.ori[set]);
            for i in 0..bp.len() {
                let from = bp[i] as usize;
                out.perm[set][i] = ap[from];
                out.ori[set][i] = add_mod(ao[from], bo[i], omod);
            }
        }
    }

    /// The inverse of a move (a true permutation in every set).
    pub fn inverse(&self, omods: &[u8]) -> Position {
        let mut out = self.clone();
        for set in 0..self.perm.len() {
            let omod = omods[set];
            for (i, &p) in self.perm[set].iter().enumerate() {
                out.perm[set][p as usize] = i as u8;
                out.ori[set][p as usize] = (omod - self.ori[set][i] % omod) % omod;
            }
        }
        out
    }
}

/// `(a + b) mod omod` for `a, b < omod <= 127`.
#[inline]
pub(crate) fn add_mod(a: u8, b: u8, omod: u8) -> u8 {
    let s = a + b;
    if s >= omod { s - omod } else { s }
}
