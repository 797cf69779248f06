//! The board, its precomputed stops, and the tilt of both marbles in O(1).

use std::fmt;

/// A tilt of the board, in the fixed order the search tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tilt {
    /// Towards smaller columns.
    Left,
    /// Towards larger columns.
    Right,
    /// Towards smaller rows.
    Up,
    /// Towards larger rows.
    Down,
}

impl Tilt {
    /// All tilts in the search order `L R U D`.
    pub const ALL: [Tilt; 4] = [Tilt::Left, Tilt::Right, Tilt::Up, Tilt::Down];

    /// The judge's letter.
    pub fn letter(self) -> char {
        match self {
            Tilt::Left => 'L',
            Tilt::Right => 'R',
            Tilt::Up => 'U',
            Tilt::Down => 'D',
        }
    }

    /// The tilt with the judge's letter `letter`.
    pub fn from_letter(letter: char) -> Option<Tilt> {
        Tilt::ALL.into_iter().find(|t| t.letter() == letter)
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Tilt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What one tilt did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both marbles are still on the board, at these cells (red, blue).
    Rolled(u32, u32),
    /// Red fell in and blue did not.
    Escaped,
    /// Blue fell in (with or without red).
    Lost,
}

/// Where the marbles are after one tilt of a sequence ([`Board::replay`]): `None` for a marble
/// that fell into the hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The tilt.
    pub tilt: Tilt,
    /// Red's cell after it.
    pub red: Option<u32>,
    /// Blue's cell after it.
    pub blue: Option<u32>,
}

/// A board that breaks the puzzle's rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Rows or columns outside `3..=`[`Board::MAX_SIDE`].
    #[error("the board must be 3 to {max} cells each way, not {rows} x {cols}", max = Board::MAX_SIDE)]
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The cell list does not have `rows * cols` cells.
    #[error("expected {expected} cells, got {got}")]
    CellCount {
        /// `rows * cols`.
        expected: usize,
        /// Cells given.
        got: usize,
    },
    /// A character outside `.#ORB`.
    #[error("row {row}, column {col}: unexpected character {found:?}")]
    Character {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        found: char,
    },
    /// A border cell that is not a wall.
    #[error("row {row}, column {col}: the outermost cells must be walls, found {found:?}")]
    Border {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        found: char,
    },
    /// Zero or several of `O`, `R` or `B`.
    #[error("expected exactly one {what:?}, found {count}")]
    Count {
        /// The character.
        what: char,
        /// How many there are.
        count: usize,
    },
}

/// Where a lone marble stops: a cell index, or `FALLS`.
const FALLS: u32 = u32::MAX;

/// A valid board with both marbles, and every lone marble's stop precomputed.
#[derive(Clone, Debug)]
pub struct Board {
    rows: usize,
    cols: usize,
    walls: Vec<bool>,
    hole: u32,
    red: u32,
    blue: u32,
    /// `stops[tilt][cell]`: where a lone marble starting at `cell` comes to rest, or `FALLS`.
    stops: [Vec<u32>; 4],
}

impl Board {
    /// The most rows, and the most columns, of a board.
    pub const MAX_SIDE: usize = 100;

    /// Builds a board from its rows of `.#ORB` characters, checking every rule.
    ///
    /// # Errors
    /// [`BoardError`] for a size outside `3..=`[`Board::MAX_SIDE`], a cell count other than
    /// `rows * cols`, a character outside `.#ORB`, a border cell that is not a wall, or not
    /// exactly one `O`, `R` and `B`.
    pub fn new(rows: usize, cols: usize, cells: &[u8]) -> Result<Self, BoardError> {
        if !(3..=Self::MAX_SIDE).contains(&rows) || !(3..=Self::MAX_SIDE).contains(&cols) {
            return Err(BoardError::Size { rows, cols });
        }
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount {
                expected: rows * cols,
                got: cells.len(),
            });
        }
        let mut found = [Vec::new(), Vec::new(), Vec::new()]; // O, R, B
        for (index, &cell) in cells.iter().enumerate() {
            let (row, col) = (index / cols + 1, index % cols + 1);
            let slot = match cell {
                b'.' | b'#' => None,
                b'O' => Some(0),
                b'R' => Some(1),
                b'B' => Some(2),
                other => {
                    return Err(BoardError::Character {
                        row,
                        col,
                        found: char::from(other),
                    });
                }
            };
            let border = row == 1 || col == 1 || row == rows || col == cols;
            if border && cell != b'#' {
                return Err(BoardError::Border {
                    row,
                    col,
                    found: char::from(cell),
                });
            }
            if let Some(slot) = slot {
                found[slot].push(index as u32);
            }
        }
        for (what, at) in ['O', 'R', 'B'].into_iter().zip(&found) {
            if at.len() != 1 {
                return Err(BoardError::Count {
                    what,
                    count: at.len(),
                });
            }
        }
        let walls: Vec<bool> = cells.iter().map(|&c| c == b'#').collect();
        let hole = found[0][0];
        let mut board = Board {
            rows,
            cols,
            walls,
            hole,
            red: found[1][0],
            blue: found[2][0],
            stops: Default::default(),
        };
        board.stops = Tilt::ALL.map(|tilt| board.lone_stops(tilt));
        Ok(board)
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// `rows * cols`.
    pub fn cells(&self) -> usize {
        self.walls.len()
    }

    /// The red marble's starting cell (`row * cols + col`).
    pub fn red(&self) -> u32 {
        self.red
    }

    /// The blue marble's starting cell.
    pub fn blue(&self) -> u32 {
        self.blue
    }

    /// The hole's cell.
    pub fn hole(&self) -> u32 {
        self.hole
    }

    /// Whether `cell` is a wall.
    pub fn is_wall(&self, cell: u32) -> bool {
        self.walls[cell as usize]
    }

    fn step(&self, tilt: Tilt) -> isize {
        match tilt {
            Tilt::Left => -1,
            Tilt::Right => 1,
            Tilt::Up => -(self.cols as isize),
            Tilt::Down => self.cols as isize,
        }
    }

    /// Every cell's lone stop for one tilt, filled from the far wall backwards so that each cell
    /// costs O(1): a cell's stop is its neighbour's stop, or itself when the neighbour is a wall.
    fn lone_stops(&self, tilt: Tilt) -> Vec<u32> {
        let step = self.step(tilt);
        let mut stops = vec![FALLS; self.cells()];
        let order: Box<dyn Iterator<Item = usize>> = if step < 0 {
            Box::new(0..self.cells())
        } else {
            Box::new((0..self.cells()).rev())
        };
        for cell in order {
            if self.walls[cell] {
                continue;
            }
            // Borders are walls, so a free cell's neighbour is always on the board.
            let next = (cell as isize + step) as usize;
            stops[cell] = if cell as u32 == self.hole {
                FALLS
            } else if self.walls[next] {
                cell as u32
            } else {
                stops[next]
            };
        }
        stops
    }

    /// Where a marble alone at `cell` stops when the board is tilted, or `None` when it falls
    /// into the hole, in O(1).
    pub fn roll(&self, cell: u32, tilt: Tilt) -> Option<u32> {
        let stop = self.stops[tilt.index()][cell as usize];
        (stop != FALLS).then_some(stop)
    }

    /// Tilts the board with the marbles at `red` and `blue`, in O(1).
    pub fn tilt(&self, red: u32, blue: u32, tilt: Tilt) -> Outcome {
        let stops = &self.stops[tilt.index()];
        let (mut red_to, mut blue_to) = (stops[red as usize], stops[blue as usize]);
        if blue_to == FALLS {
            return Outcome::Lost;
        }
        if red_to == FALLS {
            return Outcome::Escaped;
        }
        if red_to == blue_to {
            // Both rolled along one line to one cell: the one that started behind stops short.
            let step = self.step(tilt);
            let red_ahead = (red as isize - blue as isize).signum() == step.signum();
            let behind = if red_ahead { &mut blue_to } else { &mut red_to };
            *behind = (*behind as isize - step) as u32;
        }
        Outcome::Rolled(red_to, blue_to)
    }

    /// The marbles after each of `tilts` from the start, for showing a solution. Once red has
    /// fallen, blue (never on red's way to the hole) rolls alone.
    pub fn replay(&self, tilts: &[Tilt]) -> Vec<Step> {
        let (mut red, mut blue) = (Some(self.red), Some(self.blue));
        tilts
            .iter()
            .map(|&tilt| {
                (red, blue) = match (red, blue) {
                    (Some(r), Some(b)) => match self.tilt(r, b, tilt) {
                        Outcome::Rolled(r, b) => (Some(r), Some(b)),
                        Outcome::Escaped | Outcome::Lost => (None, self.roll(b, tilt)),
                    },
                    (None, Some(b)) => (None, self.roll(b, tilt)),
                    (r, None) => (r.and_then(|r| self.roll(r, tilt)), None),
                };
                Step { tilt, red, blue }
            })
            .collect()
    }
}
