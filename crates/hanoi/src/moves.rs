//! Closed forms: move counts, the k-th move, lazy tower moves, any configuration to a tower.

use crate::model::{Config, Move, Peg};

/// `2^n - 1`, the length of the optimal tower transfer, when it fits a `u128` (`n <= 128`).
pub fn move_count(n_discs: usize) -> Option<u128> {
    match n_discs {
        0..=127 => Some((1u128 << n_discs) - 1),
        128 => Some(u128::MAX),
        _ => None,
    }
}

/// `2^n - 1` in decimal, for any `n`.
///
/// # Complexity
/// O(n^2 / 9) digit operations: doubling a number held in base-10^9 limbs `n` times.
pub fn move_count_decimal(n_discs: usize) -> String {
    if let Some(count) = move_count(n_discs) {
        return count.to_string();
    }
    const BASE: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![1]; // little-endian, value 2^0
    for _ in 0..n_discs {
        let mut carry = 0;
        for limb in &mut limbs {
            let doubled = *limb * 2 + carry;
            *limb = doubled % BASE;
            carry = doubled / BASE;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    // 2^n ends in 2, 4, 6 or 8, so subtracting one never borrows.
    limbs[0] -= 1;
    let mut text = limbs.last().expect("non-empty").to_string();
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:09}"));
    }
    text
}

/// Maps the closed form's logical pegs (tower from 0 to 2 for odd `n`, to 1 for even `n`) to
/// the real `from`, `to` and spare pegs.
fn logical_pegs(n_discs: usize, from: Peg, to: Peg) -> [Peg; 3] {
    let spare = from.third(to);
    if n_discs % 2 == 1 {
        [from, spare, to]
    } else {
        [from, to, spare]
    }
}

#[inline]
fn closed_form(pegs: &[Peg; 3], m: u128) -> Move {
    // `(m | (m - 1)) + 1` can exceed the integer type (for `m = 2^64 - 2^j` in 64 bits), so the
    // `+ 1` is taken after the remainder. 128-bit division is a library call, so transfers
    // that fit 64 bits use 64-bit arithmetic.
    let (from, to) = match u64::try_from(m) {
        Ok(m) => ((m & (m - 1)) % 3, ((m | (m - 1)) % 3 + 1) % 3),
        Err(_) => (
            ((m & (m - 1)) % 3) as u64,
            (((m | (m - 1)) % 3 + 1) % 3) as u64,
        ),
    };
    Move {
        from: pegs[from as usize],
        to: pegs[to as usize],
    }
}

/// Move `k` (1-based) of the optimal transfer of `n_discs` from `from` to `to`, in O(1), or
/// `None` when `k` is not in `1..=2^n - 1` (or `n > 127`, or `from == to`).
///
/// ```
/// use hanoi::{Peg, kth_move};
///
/// let first = kth_move(3, Peg::FIRST, Peg::LAST, 1).unwrap();
/// assert_eq!(first.to_string(), "1 3");
/// // The largest of 127 discs moves once, exactly in the middle.
/// let middle = kth_move(127, Peg::FIRST, Peg::LAST, 1 << 126).unwrap();
/// assert_eq!(middle.to_string(), "1 3");
/// assert_eq!(kth_move(3, Peg::FIRST, Peg::LAST, 8), None);
/// ```
pub fn kth_move(n_discs: usize, from: Peg, to: Peg, k: u128) -> Option<Move> {
    if n_discs > 127 || from == to || k == 0 || k > move_count(n_discs)? {
        return None;
    }
    Some(closed_form(&logical_pegs(n_discs, from, to), k))
}

/// The optimal moves of a tower of `n` discs from one peg to another, lazily, O(1) each.
///
/// No recursion and no buffer: `n = 30` streams its billion moves in constant memory.
#[derive(Clone, Debug)]
pub struct TowerMoves {
    pegs: [Peg; 3],
    next: u128,
    last: u128,
}

impl TowerMoves {
    /// The transfer of `n_discs` (at most 127) from `from` to `to`; empty when they are equal.
    ///
    /// # Panics
    /// When `n_discs > 127`.
    pub fn new(n_discs: usize, from: Peg, to: Peg) -> Self {
        assert!(n_discs <= 127, "at most 127 discs, got {n_discs}");
        let last = if from == to {
            0
        } else {
            move_count(n_discs).expect("n <= 127")
        };
        let pegs = if from == to {
            [from; 3]
        } else {
            logical_pegs(n_discs, from, to)
        };
        Self {
            pegs,
            next: 1,
            last,
        }
    }
}

impl Iterator for TowerMoves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.next > self.last {
            return None;
        }
        let step = closed_form(&self.pegs, self.next);
        self.next += 1;
        Some(step)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.last + 1 - self.next).try_into().unwrap_or(usize::MAX);
        (left, usize::try_from(self.last + 1 - self.next).ok())
    }
}

/// The peg each disc must be on, largest first, for the config to become a tower on `target`.
///
/// `targets[k]` is where disc `k` has to end up before discs above it are settled: the target
/// for the largest disc, and for each smaller one either the same peg (when the larger disc is
/// already in place) or the third peg (when the larger disc still has to move there).
fn targets(config: &Config, target: Peg) -> Vec<Peg> {
    let pegs = config.disc_pegs();
    let mut targets = vec![target; pegs.len()];
    for k in (1..pegs.len()).rev() {
        targets[k - 1] = if pegs[k] == targets[k] {
            targets[k]
        } else {
            pegs[k].third(targets[k])
        };
    }
    targets
}

/// The fewest moves from `config` to all discs on `target`, in O(n).
///
/// The largest disc not yet on its target moves exactly once, after every smaller disc has
/// gathered on the third peg; so the answer is the sum of `2^k` over the discs `k` that are
/// not on their targets (see [`solve_config`]).
///
/// ```
/// use hanoi::{Config, Peg, distance_to_tower};
///
/// // Discs 1 and 2 (the smallest) on peg 3 already, disc 3 on peg 1: they must make way for
/// // disc 3 (3 moves to peg 2), disc 3 moves, and they come back (3 moves).
/// let config = Config::from_disc_pegs(vec![Peg::LAST, Peg::LAST, Peg::FIRST])?;
/// assert_eq!(distance_to_tower(&config, Peg::LAST), 7);
/// # Ok::<(), hanoi::ConfigError>(())
/// ```
pub fn distance_to_tower(config: &Config, target: Peg) -> u128 {
    targets(config, target)
        .iter()
        .zip(config.disc_pegs())
        .enumerate()
        .filter(|(_, (want, have))| want != have)
        .map(|(k, _)| 1u128 << k)
        .sum()
}

/// The optimal moves from any configuration to a tower on `target`, streamed.
///
/// For each disc `k` from the smallest up whose peg differs from its target: the discs above
/// it already form a tower on the third peg, so `k` moves once and that tower follows it
/// ([`TowerMoves`]). The sequence has exactly [`distance_to_tower`] moves.
///
/// ```
/// use hanoi::{Config, Peg, solve_config};
///
/// let mut config = Config::from_disc_pegs(vec![Peg::MIDDLE, Peg::FIRST, Peg::LAST])?;
/// for step in solve_config(&config.clone(), Peg::LAST) {
///     config.apply(step)?;
/// }
/// assert_eq!(config, Config::tower(3, Peg::LAST)?);
/// # Ok::<(), hanoi::ConfigError>(())
/// ```
pub fn solve_config(config: &Config, target: Peg) -> ConfigMoves {
    ConfigMoves {
        pegs: config.disc_pegs().to_vec(),
        targets: targets(config, target),
        next_disc: 0,
        tower: None,
    }
}

/// Iterator returned by [`solve_config`].
#[derive(Clone, Debug)]
pub struct ConfigMoves {
    pegs: Vec<Peg>,
    targets: Vec<Peg>,
    next_disc: usize,
    tower: Option<TowerMoves>,
}

impl Iterator for ConfigMoves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if let Some(step) = self.tower.as_mut().and_then(Iterator::next) {
            return Some(step);
        }
        self.tower = None;
        while self.next_disc < self.pegs.len() {
            let disc = self.next_disc;
            self.next_disc += 1;
            let (have, want) = (self.pegs[disc], self.targets[disc]);
            if have != want {
                if disc > 0 {
                    self.tower = Some(TowerMoves::new(disc, self.targets[disc - 1], want));
                }
                return Some(Move {
                    from: have,
                    to: want,
                });
            }
        }
        None
    }
}
