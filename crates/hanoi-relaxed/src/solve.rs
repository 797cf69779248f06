//! The solver: bidirectional BFS on `statespace` towards every legal stack on peg 2.

use statespace::{Packed, Puzzle, Search, SparseArena};

use crate::parse::Instance;
use crate::pegs::{Move, Peg, Pegs};

/// Positions of `n_discs` discs as a `statespace` puzzle, moves in [`Move::ALL`] order.
struct RelaxedHanoi {
    n_discs: usize,
}

impl Puzzle for RelaxedHanoi {
    type State = Pegs;

    fn pack(&self, position: &Pegs) -> u64 {
        position.pack()
    }

    fn unpack(&self, packed: u64) -> Pegs {
        Pegs::unpack(packed, self.n_discs)
    }

    fn successors(&self, position: &Pegs, mut visit: impl FnMut(Pegs)) {
        Move::ALL
            .into_iter()
            .filter_map(|step| position.apply(step))
            .for_each(&mut visit);
    }
}

/// Every legal order of the discs `sizes` (any order given) stacked on peg 2, in a fixed order.
///
/// Built from the bottom up with pruning: putting a disc on top only adds larger-above counts,
/// so a partial stack that breaks the rule can be abandoned. With `n` distinct sizes there are
/// `2^(n-1)` such stacks.
pub fn goal_states(sizes: &[u8]) -> Vec<Pegs> {
    let mut counts = [0usize; 10];
    for &s in sizes {
        counts[usize::from(s)] += 1;
    }
    let mut goals = Vec::new();
    let mut bottom_up = Vec::with_capacity(sizes.len());
    extend_stack(&mut counts, &mut bottom_up, sizes.len(), &mut goals);
    goals
}

fn extend_stack(
    counts: &mut [usize; 10],
    bottom_up: &mut Vec<u8>,
    n: usize,
    goals: &mut Vec<Pegs>,
) {
    if bottom_up.len() == n {
        goals.push(Pegs::tower(bottom_up, crate::pegs::GOAL).expect("built legal"));
        return;
    }
    for size in 1..=9u8 {
        if counts[usize::from(size)] == 0 {
            continue;
        }
        // The new top disc is above every disc below: each smaller one gains a larger disc above.
        let legal = (0..bottom_up.len()).all(|i| {
            let below = bottom_up[i];
            below >= size || !bottom_up[i + 1..].iter().any(|&a| a > below)
        });
        if legal {
            counts[usize::from(size)] -= 1;
            bottom_up.push(size);
            extend_stack(counts, bottom_up, n, goals);
            bottom_up.pop();
            counts[usize::from(size)] += 1;
        }
    }
}

/// The number of positions reachable from `start`, by a full-space BFS.
///
/// Not every legal position is reachable: for 6 distinct discs 36 of the 7,392 legal positions
/// are cut off from the towers.
///
/// ```
/// use hanoi_relaxed::{Pegs, START, count_states};
///
/// // Three distinct discs: 54 legal positions (a peg of k discs has 2^(k-1) legal orders),
/// // every one reachable from the tower.
/// let start = Pegs::tower(&[3, 2, 1], START)?;
/// assert_eq!(count_states(&start), 54);
/// # Ok::<(), hanoi_relaxed::PegsError>(())
/// ```
pub fn count_states(start: &Pegs) -> u64 {
    let puzzle = RelaxedHanoi {
        n_discs: start.n_discs(),
    };
    Search::over(&Packed(&puzzle))
        .levels(&[start.pack()])
        .reached()
}

/// An optimal move sequence from `start` to all discs on peg 2 in any legal order, or `None`
/// when `start` lies in a part of the space cut off from peg 2 (never for a tower on peg 1 up to
/// the tested sizes, but possible for some arbitrary positions).
///
/// # Complexity
/// O(b^(d/2)) positions for branching factor `b <= 6` and distance `d`, each costing O(n) to
/// expand; the sparse arena holds every position reached.
///
/// # Example
///
/// ```
/// use hanoi_relaxed::{Pegs, START, SparseArena, solve_stack};
///
/// let start = Pegs::tower(&[4, 1, 3, 1], START)?;
/// let moves = solve_stack(&start, &mut SparseArena::new()).unwrap();
/// assert_eq!(moves.len(), 5);
/// # Ok::<(), hanoi_relaxed::PegsError>(())
/// ```
pub fn solve_stack(start: &Pegs, arena: &mut SparseArena) -> Option<Vec<Move>> {
    let all_sizes: Vec<u8> = Peg::ALL.iter().flat_map(|&p| start.stack(p)).collect();
    let puzzle = RelaxedHanoi {
        n_discs: start.n_discs(),
    };
    // A move of the top disc can be undone by moving it back.
    let space = Packed(&puzzle);
    let goals: Vec<u64> = goal_states(&all_sizes).iter().map(|g| g.pack()).collect();
    let path = Search::over(&space)
        .arena(arena)
        .predecessors(&space)
        .bidirectional(start.pack(), &goals)
        .expect("relaxed moves can be undone")?;
    let path = space.states(&path);
    let moves = path
        .windows(2)
        .map(|pair| {
            Move::ALL
                .into_iter()
                .find(|&step| pair[0].apply(step) == Some(pair[1]))
                .expect("consecutive positions are one move apart")
        })
        .collect();
    Some(moves)
}

/// The answers to every instance of an input, in order: one optimal move sequence each, `None`
/// (written `-1`) when peg 2 is unreachable; with [`Options::moves`], `Display` lists each
/// sequence after its count.
pub type Solution = judge::Answers<Option<Vec<Move>>>;

/// How [`solve`] answers: what its [`Solution`] prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Each count followed by its moves, one `A B` a line (the binary's `--moves`).
    pub moves: bool,
}

/// Why [`solve`] fails: it never does, an unreachable peg 2 being an answer (`-1`). An enum
/// with no variants, so that a caller can match it away (`let Ok(solution) = ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {}

/// Solves every instance independently (one arena, reset per instance).
///
/// ```
/// use hanoi_relaxed::Options;
///
/// let instance = hanoi_relaxed::parse("213\n123\n")?;
/// let Ok(solution) = hanoi_relaxed::solve(&instance, Options::default());
/// assert_eq!(solution.to_string(), "3\n4");
/// # Ok::<(), hanoi_relaxed::ParseError>(())
/// ```
///
/// # Errors
/// None: [`SolveError`] has no value.
pub fn solve(instance: &Instance, options: Options) -> Result<Solution, SolveError> {
    let mut arena = SparseArena::new();
    let moves = instance
        .stacks
        .iter()
        .map(|start| solve_stack(start, &mut arena))
        .collect();
    Ok(Solution::new(moves, options.moves))
}
