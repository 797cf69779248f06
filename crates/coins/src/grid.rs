//! Boards of coins as bitmasks, the flip operations as XOR masks, and the targets.

use std::fmt;

/// A flip operation: a whole row, a whole column, or one of the two main diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    /// Row `i` (0-based, top to bottom), printed `R{i+1}`.
    Row(u8),
    /// Column `j` (0-based, left to right), printed `C{j+1}`.
    Col(u8),
    /// The diagonal from the top-left corner, printed `D1` (square boards only).
    Diagonal,
    /// The diagonal from the top-right corner, printed `D2` (square boards only).
    AntiDiagonal,
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Row(i) => write!(f, "R{}", i + 1),
            Op::Col(j) => write!(f, "C{}", j + 1),
            Op::Diagonal => f.write_str("D1"),
            Op::AntiDiagonal => f.write_str("D2"),
        }
    }
}

/// What the coins must show at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every coin heads.
    AllHeads,
    /// Every coin tails.
    AllTails,
    /// Every coin the same face, whichever is cheaper.
    Either,
}

/// A grid that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// Rows or columns outside `1..=8`.
    #[error("a grid has 1 to 8 rows and columns, not {rows} x {cols}")]
    Size {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// A tails mask with bits beyond the grid's cells.
    #[error("tails mask {0:#x} has bits beyond the grid")]
    Mask(u64),
    /// A character that is no face of a coin.
    #[error("{0:?} is not a face of a coin (H or T)")]
    Face(char),
}

/// An `rows x cols` grid of coins (1 to 8 each way); bit `r * cols + c` is set when the coin at
/// row `r`, column `c` shows tails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u8,
    cols: u8,
    tails: u64,
}

impl Grid {
    /// A grid with the coins given by `tails` (bit `r * cols + c` set for tails).
    ///
    /// # Errors
    /// [`GridError`] for a side outside the supported sizes or bits set outside the grid.
    pub fn new(rows: usize, cols: usize, tails: u64) -> Result<Self, GridError> {
        if !(1..=8).contains(&rows) || !(1..=8).contains(&cols) {
            return Err(GridError::Size { rows, cols });
        }
        let grid = Self {
            rows: rows as u8,
            cols: cols as u8,
            tails: 0,
        };
        if tails & !grid.full_mask() != 0 {
            return Err(GridError::Mask(tails));
        }
        Ok(Self { tails, ..grid })
    }

    /// A grid from its rows, top first, each a string of `H` (heads) and `T` (tails) read from
    /// the left; spaces between the letters are allowed, as the judge writes them.
    ///
    /// ```
    /// let grid = coins::Grid::from_rows(&["H T T", "H T T", "T H H"])?;
    /// assert_eq!(grid.to_string(), "H T T\nH T T\nT H H");
    /// assert_eq!(grid.to_string().parse::<coins::Grid>()?, grid);
    /// # Ok::<(), coins::GridError>(())
    /// ```
    ///
    /// # Errors
    /// [`GridError::Size`] for no row, rows of different lengths or more than 8 of either;
    /// [`GridError::Face`] for a character other than `H`, `T` or a space.
    pub fn from_rows(rows: &[&str]) -> Result<Self, GridError> {
        let faces: Vec<Vec<char>> = rows
            .iter()
            .map(|row| row.chars().filter(|&c| c != ' ').collect())
            .collect();
        let cols = faces.first().map_or(0, Vec::len);
        if faces.iter().any(|row| row.len() != cols) {
            return Err(GridError::Size {
                rows: faces.len(),
                cols: faces.iter().map(Vec::len).max().unwrap_or(0),
            });
        }
        let mut tails = 0u64;
        for (r, row) in faces.iter().enumerate() {
            for (c, &face) in row.iter().enumerate() {
                match face {
                    'H' => {}
                    'T' if r * cols + c < 64 => tails |= 1 << (r * cols + c),
                    'T' => {}
                    other => return Err(GridError::Face(other)),
                }
            }
        }
        Self::new(faces.len(), cols, tails)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The tails bitmask.
    pub fn tails(&self) -> u64 {
        self.tails
    }

    /// The mask with one bit per cell.
    pub fn full_mask(&self) -> u64 {
        let cells = self.rows() * self.cols();
        if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        }
    }

    /// The operations of this grid in the fixed order: rows, columns, then (square grids) the
    /// two diagonals.
    pub fn ops(&self) -> Vec<Op> {
        let mut ops: Vec<Op> = (0..self.rows).map(Op::Row).collect();
        ops.extend((0..self.cols).map(Op::Col));
        if self.rows == self.cols {
            ops.extend([Op::Diagonal, Op::AntiDiagonal]);
        }
        ops
    }

    /// The XOR mask of `op` on this grid.
    ///
    /// # Panics
    /// When `op` does not exist on this grid (a row or column out of range, a diagonal of a
    /// grid that is not square).
    pub fn mask(&self, op: Op) -> u64 {
        let (rows, cols) = (self.rows(), self.cols());
        let bit = |r: usize, c: usize| 1u64 << (r * cols + c);
        match op {
            Op::Row(i) => {
                assert!(usize::from(i) < rows, "no row {i}");
                (0..cols).map(|c| bit(usize::from(i), c)).sum()
            }
            Op::Col(j) => {
                assert!(usize::from(j) < cols, "no column {j}");
                (0..rows).map(|r| bit(r, usize::from(j))).sum()
            }
            Op::Diagonal => {
                assert_eq!(rows, cols, "diagonals need a square grid");
                (0..rows).map(|k| bit(k, k)).sum()
            }
            Op::AntiDiagonal => {
                assert_eq!(rows, cols, "diagonals need a square grid");
                (0..rows).map(|k| bit(k, cols - 1 - k)).sum()
            }
        }
    }

    /// The grid after flipping every coin of `op`.
    pub fn flip(&self, op: Op) -> Self {
        Self {
            tails: self.tails ^ self.mask(op),
            ..*self
        }
    }

    /// Whether the coins meet `target`.
    pub fn meets(&self, target: Target) -> bool {
        let heads = self.tails == 0;
        let tails = self.tails == self.full_mask();
        match target {
            Target::AllHeads => heads,
            Target::AllTails => tails,
            Target::Either => heads || tails,
        }
    }
}

impl fmt::Display for Grid {
    /// The judge's layout: rows of `H`/`T` separated by single spaces, one row a line (no
    /// newline after the last).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                let face = if self.tails >> (r * self.cols() + c) & 1 == 1 {
                    'T'
                } else {
                    'H'
                };
                let sep = match (c + 1 == self.cols(), r + 1 == self.rows()) {
                    (false, _) => " ",
                    (true, false) => "\n",
                    (true, true) => "",
                };
                write!(f, "{face}{sep}")?;
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;

    /// Reads what `Display` writes: one row a line (a final newline allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let rows: Vec<&str> = text.lines().collect();
        Self::from_rows(&rows)
    }
}
