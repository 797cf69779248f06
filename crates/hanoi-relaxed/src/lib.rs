//! "Not the Tower of Hanoi": three pegs and a relaxed stacking rule.
//!
//! # The puzzle (CodeIQ)
//! Discs have sizes 1 to 9, and several may share a size. At every moment every disc may have
//! at most one disc strictly larger than itself anywhere above it on its peg. All discs start on
//! peg 1; one top disc moves at a time. Goal: all discs on peg 2, in any legal order.
//!
//! # Input
//! One instance per line: the sizes on peg 1 from the top down, as digits (`1314`); blank lines
//! are skipped; 1 to 12 discs. See [`parse`].
//!
//! # Output
//! One line per instance, the fewest moves; with `--moves`, each count is followed by one line
//! `A B` per move of an optimal sequence.
//!
//! # Approach
//! A state is the three pegs' sequences of *sizes* ([`Pegs`]), packed four bits a disc into a
//! `u64`: discs of equal size are interchangeable, so symmetric states collapse into one. Moves
//! are reversible (taking a top disc off never breaks the rule, and putting it back restores a
//! legal stack), so the solver is `statespace`'s bidirectional BFS on a sparse arena, from the
//! start towards *every* legal ordering of the discs on peg 2 at once (enumerated with pruning).
//!
//! # State count
//! With `n` distinct sizes, a peg of `k` discs has `2^(k-1)` legal orders, so there are, summed
//! over the ways to split the discs among the pegs, the product of `2^(k-1)` over the non-empty
//! pegs legal positions: 41,184 for 7 distinct discs and 1,358,208 for 9. Not all of them are
//! reachable from a tower: from 6 discs on a few are cut off (36 of 7,392 for 6 discs).
//! [`count_states`] counts the reachable positions of any multiset by a full-space BFS; the tests
//! check it against the formula and an independent BFS. Repeated sizes shrink the space. Repeated sizes shrink it. The solver's memory follows
//! the states the bidirectional search reaches: about 20 bytes each in the hash map plus 8 in a
//! frontier.

mod parse;
mod pegs;
mod solve;

pub use parse::{Instance, ParseError, parse};
pub use pegs::{Move, Peg, Pegs, PegsError};
pub use solve::{Solution, count_states, goal_states, solve, solve_stack};

#[cfg(test)]
mod tests;
