//! The model of a definition file: [`Puzzle`] (sets, Solved, moves, illegal labels) and its
//! parts, as the ksolve/twsearch text format describes them. The reader of that format is in
//! `reader`, its position blocks in `block`, and the powers and sequences of its moves in
//! `moves`.

pub(crate) mod block;
mod moves;
pub(crate) mod reader;

use crate::error::ParseError;
use crate::lines::move_tokens;
use crate::position::Position;

/// The most slots of a set, and the largest label or orientation count, that the format allows
/// (twsearch's limits).
pub const MAX_SET_SIZE: usize = 255;
/// The largest orientation count of a set.
pub const MAX_OMOD: u8 = 127;
/// The largest order of a move: a move of order `k` gives `k - 1` search moves.
pub const MAX_MOVE_ORDER: u64 = 10_000;

/// An orbit of slots: its name, its number of slots and its orientation count (and the line
/// that defined it, for refusals; two sets are equal whatever their lines).
#[derive(Clone, Debug)]
pub struct SetDef {
    pub(crate) name: String,
    pub(crate) size: usize,
    pub(crate) omod: u8,
    /// The line of its `Set` line in the file.
    pub(crate) line: usize,
}

impl PartialEq for SetDef {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, self.size, self.omod) == (&other.name, other.size, other.omod)
    }
}

impl Eq for SetDef {}

impl SetDef {
    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Its number of slots.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Its number of orientations (1: none).
    pub fn omod(&self) -> u8 {
        self.omod
    }
}

/// What a named move is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move of the search.
    Search,
    /// A rotation of the whole puzzle (`x`, `y`, `z`, `Fv`, ...): a symmetry, never searched.
    Rotation,
    /// A `MoveAlias`: a name a sequence may use, never searched.
    Alias,
}

/// A move by its name: one power of a base move (`R`, `R2`, `R'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedMove {
    pub(crate) name: String,
    pub(crate) position: Position,
    pub(crate) kind: MoveKind,
    /// The cost twsearch gives it: how many turns of the base move it is the shortest way round.
    pub(crate) cost: u64,
    /// The name of the `Move`, `MoveSequence` or `MoveAlias` it is a power of.
    pub(crate) base: String,
    /// The line that defines that base move.
    pub(crate) line: usize,
}

impl NamedMove {
    /// The move's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The position it makes from the identity.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// What it is for.
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
    /// Its cost in turns of its base move (1 for `X` and `X'`).
    pub fn cost(&self) -> u64 {
        self.cost
    }
}

/// Which moves a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Every power of every move, each costing one (the half-turn metric of cubes).
    #[default]
    Htm,
    /// Only `X` and `X'` (the quarter-turn metric).
    Qtm,
}

/// `Illegal SET SLOT LABEL...`: labels that may not stand in a slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub(crate) set: usize,
    pub(crate) slot: usize,
    /// Indexed by 0-based label.
    pub(crate) labels: Vec<bool>,
}

/// A puzzle read from a definition file.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub(crate) name: String,
    pub(crate) sets: Vec<SetDef>,
    pub(crate) omods: Vec<u8>,
    /// Solved: in each slot, the 0-based label of its piece (labels packed to `0..L`).
    pub(crate) solved: Position,
    /// Per set, the label as the file wrote it for each packed label.
    pub(crate) written_labels: Vec<Vec<u16>>,
    /// Per set and 0-based label, whether that piece's orientation is ignored (`?`).
    pub(crate) wild: Vec<Vec<bool>>,
    /// Every named move, in the order twsearch lists them.
    pub(crate) moves: Vec<NamedMove>,
    pub(crate) illegal: Vec<Illegal>,
}

impl Puzzle {
    /// The puzzle's `Name` (`Unnamed` when the file gives none).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Its sets.
    pub fn sets(&self) -> &[SetDef] {
        &self.sets
    }
    /// The solved position (labels of identical pieces repeat).
    pub fn solved(&self) -> &Position {
        &self.solved
    }
    /// Every named move: search moves, rotations and aliases.
    pub fn moves(&self) -> &[NamedMove] {
        &self.moves
    }
    /// The search moves under `metric`, in the file's order (`X`, `X2`, ..., `X'` for each).
    pub fn search_moves(&self, metric: Metric) -> Vec<&NamedMove> {
        self.moves
            .iter()
            .filter(|m| m.kind == MoveKind::Search && (metric == Metric::Htm || m.cost == 1))
            .collect()
    }
    /// The move named `name`: the first of that name (search moves, aliases, then rotations).
    pub fn find_move(&self, name: &str) -> Option<&NamedMove> {
        self.moves
            .iter()
            .filter(|m| m.kind != MoveKind::Rotation)
            .chain(self.moves.iter().filter(|m| m.kind == MoveKind::Rotation))
            .find(|m| m.name == name)
    }
    /// Whether the puzzle has `Illegal` lines.
    pub fn has_illegal(&self) -> bool {
        !self.illegal.is_empty()
    }
    /// Whether any piece of a set has its orientation ignored.
    pub fn has_wild_orientation(&self) -> bool {
        self.wild.iter().flatten().any(|&w| w)
    }
    /// Whether two pieces of some set share a label.
    pub fn has_identical_pieces(&self) -> bool {
        self.sets
            .iter()
            .zip(&self.written_labels)
            .any(|(set, labels)| labels.len() < set.size)
    }

    /// `position` then `mv`, with the orientation of wild pieces kept at 0.
    pub fn apply(&self, position: &Position, mv: &Position) -> Position {
        let mut out = position.then(mv, &self.omods);
        self.clear_wild(&mut out);
        out
    }

    /// Sets the orientation of every wild piece to 0.
    pub(crate) fn clear_wild(&self, position: &mut Position) {
        for (set, wild) in self.wild.iter().enumerate() {
            if wild.iter().any(|&w| w) {
                for i in 0..position.perm[set].len() {
                    if wild[position.perm[set][i] as usize] {
                        position.ori[set][i] = 0;
                    }
                }
            }
        }
    }

    /// Whether `position` has an illegal label in some slot.
    pub fn is_illegal(&self, position: &Position) -> bool {
        self.illegal
            .iter()
            .any(|ill| ill.labels[position.perm[ill.set][ill.slot] as usize])
    }

    /// The position a move sequence makes from Solved: names of search moves, aliases or
    /// rotations, separated by spaces or commas.
    ///
    /// # Errors
    /// [`ParseError::Unknown`] on `line` for a name the puzzle does not define.
    pub fn apply_sequence(
        &self,
        start: &Position,
        sequence: &str,
        line: usize,
    ) -> Result<Position, ParseError> {
        let mut position = start.clone();
        for token in move_tokens(sequence) {
            let mv = self.find_move(token).ok_or_else(|| ParseError::Unknown {
                line,
                what: "move",
                name: token.to_string(),
            })?;
            position = self.apply(&position, &mv.position);
        }
        Ok(position)
    }
}

/// Whether a move's name makes it a rotation of the whole puzzle: `x`, `y`, `z` (with `2` or
/// `'`), or capitals and `_` followed by `v` (`Fv`, `DFRv`).
pub fn is_rotation(name: &str) -> bool {
    let bytes = name.as_bytes();
    if matches!(bytes.first(), Some(b'x' | b'y' | b'z'))
        && (bytes.len() == 1 || (bytes.len() == 2 && matches!(bytes[1], b'2' | b'\'')))
    {
        return true;
    }
    let grip = bytes
        .iter()
        .take_while(|&&b| b == b'_' || b.is_ascii_uppercase())
        .count();
    grip > 0 && grip + 1 == bytes.len() && bytes[grip] == b'v'
}
