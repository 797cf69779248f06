#![doc = include_str!("../README.md")]

mod computed;
mod coordinate;
mod definition;
mod error;
mod lines;
mod pancake;
mod position;
mod rank;
mod scramble;
mod solve;
mod space;

pub use definition::reader::parse;
pub use definition::{
    MAX_MOVE_ORDER, MAX_OMOD, MAX_SET_SIZE, Metric, MoveKind, NamedMove, Puzzle, SetDef,
    is_rotation,
};
pub use error::ParseError;
pub use pancake::pancakes;
pub use position::Position;
pub use rank::{CoordinateInfo, MAX_TABLE_ENTRIES, MAX_TABLE_VALUES, Rank, RankError};
pub use scramble::{Scramble, parse_scrambles, parse_sequence, parse_with_scrambles};
pub use solve::{
    Answer, Distribution, God, Judged, SolveError, TABLE_SOLVE_STATES, antipodes, distribution,
    god_with, judge, sequence_to, solution_by_search, solution_from_table,
};
pub use space::PuzzleSpace;

#[cfg(test)]
mod tests;
