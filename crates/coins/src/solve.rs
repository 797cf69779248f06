//! Solvers: the 3 x 3 table built by one BFS on `statespace`, and GF(2) elimination for any grid.

use statespace::{DenseArena, FnSpace, Search};

use crate::grid::{Grid, Op, Target};
use crate::parse::Instance;

/// Fewest operations for every 3 x 3 board, from one full-space BFS over the 512 boards.
///
/// Built once (a few microseconds) and then answers any number of cases by a table look-up
/// and a walk down the distances.
pub struct FlipTable {
    arena: DenseArena,
    masks: Vec<(Op, u64)>,
}

impl FlipTable {
    /// Runs the BFS from the two all-same boards (all heads, all tails).
    pub fn new() -> Self {
        let grid = Grid::new(3, 3, 0).expect("3 x 3");
        let masks: Vec<(Op, u64)> = grid
            .ops()
            .into_iter()
            .map(|op| (op, grid.mask(op)))
            .collect();
        let mut arena = DenseArena::new(1 << 9);
        Search::over(&flip_space(&masks))
            .arena(&mut arena)
            .levels(&[0, grid.full_mask()]);
        Self { arena, masks }
    }

    /// The fewest operations that make `grid` (3 x 3) all one face, in the fixed order, or
    /// `None` when no set of operations does.
    ///
    /// # Complexity
    /// O(distance × 8) lookups in the table built once by [`FlipTable::new`] (512 entries).
    ///
    /// # Panics
    /// When `grid` is not 3 x 3.
    ///
    /// # Example
    ///
    /// ```
    /// use coins::{FlipTable, Grid, Op};
    ///
    /// let table = FlipTable::new();
    /// let grid = Grid::new(3, 3, 0)?.flip(Op::Row(1)).flip(Op::Diagonal);
    /// assert_eq!(table.solve(&grid), Some(vec![Op::Row(1), Op::Diagonal]));
    /// assert_eq!(table.solve(&Grid::new(3, 3, 0b000_000_001)?), None); // one corner alone
    /// # Ok::<(), coins::GridError>(())
    /// ```
    pub fn solve(&self, grid: &Grid) -> Option<Vec<Op>> {
        assert_eq!(
            (grid.rows(), grid.cols()),
            (3, 3),
            "the table is for 3 x 3 boards"
        );
        // From a board of one face to `grid`: the flips taken are the same either way round.
        let path = Search::over(&flip_space(&self.masks))
            .path_to(&self.arena, grid.tails())
            .expect("a flip undoes itself")?;
        let mut ops: Vec<Op> = path
            .windows(2)
            .map(|step| {
                let flipped = step[0] ^ step[1];
                self.masks
                    .iter()
                    .find(|&&(_, mask)| mask == flipped)
                    .expect("a table move")
                    .0
            })
            .collect();
        ops.sort();
        Some(ops)
    }

    /// The fewest number of operations for `grid`, by table look-up alone.
    pub fn distance(&self, grid: &Grid) -> Option<u32> {
        self.arena.distance(grid.tails())
    }
}

impl Default for FlipTable {
    fn default() -> Self {
        Self::new()
    }
}

/// Boards as packed states; the moves XOR one operation's mask, in the fixed order.
fn flip_space(masks: &[(Op, u64)]) -> FnSpace<impl Fn(u64, &mut dyn FnMut(u64)) + '_> {
    FnSpace(move |board: u64, visit: &mut dyn FnMut(u64)| {
        for &(_, mask) in masks {
            visit(board ^ mask);
        }
    })
}

/// The fewest operations that bring `grid` to `target`, in the fixed order of [`Grid::ops`], or
/// `None` when none do.
///
/// # Method
/// Flips commute and cancel in pairs, so a solution is a set `x` of operations whose masks XOR
/// to the difference `d` between the grid and the target: a linear system over GF(2). Gaussian
/// elimination (an XOR basis of the operation masks, each basis vector remembering which
/// operations it combines) gives one solution `p` and a basis of the null space; every solution
/// is `p` plus a combination of null vectors, and the lightest is found among those.
///
/// # Complexity
/// With `k = rows + cols (+2)` operations and a null space of dimension `r`: O(k^2) word
/// operations for the elimination plus O(2^r) for the search; here `r <= 3`, so about
/// O(k^2), against O(2^(rows·cols)) for a BFS over boards.
///
/// # Example
///
/// ```
/// use coins::{Grid, Op, Target, fewest_flips};
///
/// let grid = Grid::new(8, 8, 0)?.flip(Op::Row(2)).flip(Op::Col(5)).flip(Op::AntiDiagonal);
/// let ops = fewest_flips(&grid, Target::AllHeads).unwrap();
/// assert_eq!(ops, [Op::Row(2), Op::Col(5), Op::AntiDiagonal]);
/// # Ok::<(), coins::GridError>(())
/// ```
pub fn fewest_flips(grid: &Grid, target: Target) -> Option<Vec<Op>> {
    let ops = grid.ops();
    let masks: Vec<u64> = ops.iter().map(|&op| grid.mask(op)).collect();
    // basis[b] = (vector with leading bit b, combination of operations that forms it).
    let mut basis: [Option<(u64, u32)>; 64] = [None; 64];
    let mut null_vectors = Vec::new();
    for (index, &mask) in masks.iter().enumerate() {
        let (rest, combo) = reduce(&basis, mask, 1 << index);
        if rest == 0 {
            null_vectors.push(combo);
        } else {
            basis[63 - rest.leading_zeros() as usize] = Some((rest, combo));
        }
    }
    let lightest = |difference: u64| -> Option<u32> {
        let (rest, particular) = reduce(&basis, difference, 0);
        if rest != 0 {
            return None;
        }
        (0u32..1 << null_vectors.len())
            .map(|pick| {
                null_vectors
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| pick >> i & 1 == 1)
                    .fold(particular, |x, (_, v)| x ^ v)
            })
            .min_by_key(|x| (x.count_ones(), x.reverse_bits()))
    };
    let to_heads = || lightest(grid.tails());
    let to_tails = || lightest(grid.tails() ^ grid.full_mask());
    let best = match target {
        Target::AllHeads => to_heads(),
        Target::AllTails => to_tails(),
        Target::Either => match (to_heads(), to_tails()) {
            (Some(h), Some(t)) => Some(if t.count_ones() < h.count_ones() {
                t
            } else {
                h
            }),
            (h, t) => h.or(t),
        },
    }?;
    Some(
        (0..ops.len())
            .filter(|i| best >> i & 1 == 1)
            .map(|i| ops[i])
            .collect(),
    )
}

/// Reduces `vector` by the basis, XOR-ing `combo` with the combination of each vector used.
fn reduce(basis: &[Option<(u64, u32)>; 64], mut vector: u64, mut combo: u32) -> (u64, u32) {
    while vector != 0 {
        let lead = 63 - vector.leading_zeros() as usize;
        match basis[lead] {
            Some((b, c)) => {
                vector ^= b;
                combo ^= c;
            }
            None => break,
        }
    }
    (vector, combo)
}

/// The answers to a judge input: for each case the operations used, or `None` (`-1`); with
/// [`Options::moves`], `Display` lists each case's operations after its count.
pub type Solution = judge::Answers<Option<Vec<Op>>>;

/// Written on one line after a case's count in the `--moves` output.
impl judge::JudgeMove for Op {
    const LAYOUT: judge::MovesLayout = judge::MovesLayout::OneLine;
}

/// How [`solve`] answers: what its [`Solution`] prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Each count followed by the operations used, on one line (the binary's `--moves`).
    pub moves: bool,
}

/// Why [`solve`] fails: it never does, every case having an answer (`-1` included). An enum
/// with no variants, so that a caller can match it away (`let Ok(solution) = ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {}

/// Solves every case of a judge input from one [`FlipTable`].
///
/// ```
/// use coins::Options;
///
/// let instance = coins::parse("2\nH H H\nH H H\nH H H\nH T H\nH H H\nH H H\n")?;
/// let Ok(solution) = coins::solve(&instance, Options::default());
/// assert_eq!(solution.to_string(), "0\n-1");
/// # Ok::<(), coins::ParseError>(())
/// ```
///
/// # Errors
/// None: [`SolveError`] has no value.
pub fn solve(instance: &Instance, options: Options) -> Result<Solution, SolveError> {
    let table = FlipTable::new();
    let moves = instance
        .boards
        .iter()
        .map(|board| table.solve(board))
        .collect();
    Ok(Solution::new(moves, options.moves))
}
