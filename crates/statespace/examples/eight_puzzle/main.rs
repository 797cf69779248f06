//! The 8-puzzle on the typed layer: tiles 1-8 and a blank (0) on a 3 x 3 board, slide a tile
//! into the blank until the board reads 1 2 3 / 4 5 6 / 7 8 _. From one of the two hardest
//! starts (31 moves): `cargo run --release -p statespace-search --example eight_puzzle`.

use statespace::{Packed, Puzzle, Search};

type Board = [u8; 9];

struct EightPuzzle;

impl Puzzle for EightPuzzle {
    type State = Board;

    /// Four bits a cell: 36 bits.
    fn pack(&self, board: &Board) -> u64 {
        board
            .iter()
            .rev()
            .fold(0, |packed, &tile| packed << 4 | u64::from(tile))
    }

    fn unpack(&self, packed: u64) -> Board {
        std::array::from_fn(|cell| (packed >> (4 * cell) & 15) as u8)
    }

    /// The blank swaps with its neighbour above, below, left or right (every move undoes itself).
    fn successors(&self, board: &Board, mut visit: impl FnMut(Board)) {
        let blank = board.iter().position(|&tile| tile == 0).expect("a blank");
        let (row, col) = (blank / 3, blank % 3);
        let neighbours = [
            (row > 0).then(|| blank - 3),
            (row < 2).then(|| blank + 3),
            (col > 0).then(|| blank - 1),
            (col < 2).then(|| blank + 1),
        ];
        for cell in neighbours.into_iter().flatten() {
            let mut next = *board;
            next.swap(blank, cell);
            visit(next);
        }
    }
}

fn main() -> Result<(), statespace::SearchError<Board>> {
    let start: Board = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let goal: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let space = Packed(&EightPuzzle);
    // Sliding a tile back undoes a move, so the bidirectional search applies; it checks that
    // every move it sees can be undone (given the space as its own predecessors, it would
    // trust it).
    let path = Search::over(&space)
        .bidirectional(EightPuzzle.pack(&start), &[EightPuzzle.pack(&goal)])
        .map_err(|error| error.map(|p| EightPuzzle.unpack(p)))?
        .expect("solvable");
    let path = space.states(&path);
    println!("{} moves", path.len() - 1);
    for board in [&path[0], &path[path.len() - 1]] {
        for row in board.chunks(3) {
            println!("  {row:?}");
        }
        println!();
    }
    assert_eq!(path.len() - 1, 31);
    Ok(())
}

#[cfg(test)]
mod tests;
