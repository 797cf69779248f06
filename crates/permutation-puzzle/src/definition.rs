//! The reader of definition files: [`Puzzle`] (sets, Solved, moves, illegal labels) from the
//! ksolve/twsearch text format.

use crate::error::ParseError;
use crate::lines::{TokenLines, move_tokens};
use crate::position::Position;

/// The most slots of a set, and the largest label or orientation count, that the format allows
/// (twsearch's limits).
pub const MAX_SET_SIZE: usize = 255;
/// The largest orientation count of a set.
pub const MAX_OMOD: u8 = 127;
/// The largest order of a move: a move of order `k` gives `k - 1` search moves.
pub const MAX_MOVE_ORDER: u64 = 10_000;

/// An orbit of slots: its name, its number of slots and its orientation count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetDef {
    pub(crate) name: String,
    pub(crate) size: usize,
    pub(crate) omod: u8,
}

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

/// How the numbers of a position block read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlockKind {
    /// Solved (`StartState`: 0-based): labels, `?` orientations allowed.
    Solved { zero_based: bool },
    /// `Move` (orientations by piece) or `MoveTransformation` (0-based, by slot).
    Move { transformation: bool },
    /// A scramble: labels as Solved wrote them, `?` where Solved has it.
    Scramble { zero_based: bool },
}

/// One set of a block as written: its permutation entries (1-based unless the block is
/// 0-based) and orientations (`None` for `?`).
#[derive(Clone, Debug)]
pub(crate) struct WrittenSet {
    pub(crate) perm: Vec<u16>,
    pub(crate) ori: Vec<Option<u8>>,
    pub(crate) perm_line: usize,
    pub(crate) ori_line: usize,
}

/// Reads a number of at most 255 made of digits (leading zeros allowed, however many).
fn number(token: &str, line: usize, what: &str, min: u16) -> Result<u16, ParseError> {
    let significant = token.trim_start_matches('0');
    let value =
        (!token.is_empty() && significant.len() <= 3 && token.bytes().all(|b| b.is_ascii_digit()))
            .then(|| significant.parse::<u16>().unwrap_or(0))
            .filter(|v| (min..=255).contains(v));
    value
        .ok_or_else(|| ParseError::expected(line, format!("{what} from {min} to 255"), Some(token)))
}

/// Reads a position block up to its `End`: per set, `None` when the block does not name it.
pub(crate) fn read_block(
    lines: &mut TokenLines<'_>,
    sets: &[SetDef],
    kind: BlockKind,
    block_line: usize,
) -> Result<Vec<Option<WrittenSet>>, ParseError> {
    let mut written: Vec<Option<WrittenSet>> = vec![None; sets.len()];
    let mut current: Option<usize> = None;
    let mut numbers_read = 0;
    let wild_allowed = !matches!(kind, BlockKind::Move { .. });
    loop {
        let Some((line, tokens)) = lines.take() else {
            return Err(ParseError::expected(
                lines.end_line(),
                format!("End closing the block of line {block_line}"),
                None,
            ));
        };
        let first = tokens[0];
        let is_numbers = first.as_bytes()[0].is_ascii_digit() || (wild_allowed && first == "?");
        if first == "End" {
            if tokens.len() > 1 {
                return Err(ParseError::expected(
                    line,
                    "nothing after End",
                    Some(tokens[1]),
                ));
            }
            if current.is_some() && numbers_read == 0 {
                return Err(ParseError::invalid(
                    line,
                    "the set before End has no permutation",
                ));
            }
            return Ok(written);
        }
        if is_numbers {
            let Some(set) = current else {
                return Err(ParseError::expected(line, "a set name or End", Some(first)));
            };
            let entry = written[set].as_mut().expect("opened with its name");
            read_entries(&tokens, line, &sets[set], kind, numbers_read, entry)?;
            numbers_read += 1;
            continue;
        }
        if let Some(set) = current.filter(|_| numbers_read == 0) {
            return Err(ParseError::expected(
                line,
                format!("the permutation of set {}", sets[set].name),
                Some(first),
            ));
        }
        current = Some(open_set(&tokens, line, sets, &mut written)?);
        numbers_read = 0;
    }
}

/// The set a block's line names (alone on its line, known, not yet in the block), opened in
/// `written`.
fn open_set(
    tokens: &[&str],
    line: usize,
    sets: &[SetDef],
    written: &mut [Option<WrittenSet>],
) -> Result<usize, ParseError> {
    let first = tokens[0];
    if tokens.len() > 1 {
        return Err(ParseError::expected(
            line,
            "a set name alone on its line",
            Some(tokens[1]),
        ));
    }
    let Some(set) = sets.iter().position(|s| s.name == first) else {
        return Err(ParseError::Unknown {
            line,
            what: "set",
            name: first.to_string(),
        });
    };
    if written[set].is_some() {
        return Err(ParseError::invalid(
            line,
            format!("set {first} appears twice in the block"),
        ));
    }
    written[set] = Some(WrittenSet {
        perm: Vec::new(),
        ori: Vec::new(),
        perm_line: line,
        ori_line: line,
    });
    Ok(set)
}

/// Reads a line of numbers of `set` in a block: its permutation when `numbers_read` is 0, its
/// orientations when 1 (refused after that).
fn read_entries(
    tokens: &[&str],
    line: usize,
    set: &SetDef,
    kind: BlockKind,
    numbers_read: usize,
    entry: &mut WrittenSet,
) -> Result<(), ParseError> {
    let first = tokens[0];
    let n = set.size;
    if numbers_read >= 2 {
        return Err(ParseError::expected(
            line,
            format!(
                "a set name or End after the orientations of set {}",
                set.name
            ),
            Some(first),
        ));
    }
    if tokens.len() != n {
        return Err(ParseError::invalid(
            line,
            format!(
                "set {} has {n} slots, and this line has {} entries",
                set.name,
                tokens.len()
            ),
        ));
    }
    if numbers_read == 0 {
        let zero_based = matches!(
            kind,
            BlockKind::Solved { zero_based: true }
                | BlockKind::Scramble { zero_based: true }
                | BlockKind::Move {
                    transformation: true
                }
        );
        let min = u16::from(!zero_based);
        for token in tokens {
            let value = number(token, line, "a permutation entry", min)?;
            entry.perm.push(value + u16::from(zero_based));
        }
        entry.perm_line = line;
        return Ok(());
    }
    let omod = set.omod;
    for token in tokens {
        if *token == "?" && !matches!(kind, BlockKind::Move { .. }) {
            entry.ori.push(None);
            continue;
        }
        let value = number(token, line, "an orientation", 0)?;
        if value >= u16::from(omod) {
            return Err(ParseError::invalid(
                line,
                format!(
                    "orientation {value} in set {}, whose orientations run from 0 to {}",
                    set.name,
                    omod - 1
                ),
            ));
        }
        entry.ori.push(Some(value as u8));
    }
    entry.ori_line = line;
    Ok(())
}

/// What the reader keeps of a `MoveSequence` or `MoveAlias` until every move is read.
struct PendingSequence {
    name: String,
    body: String,
    alias: bool,
    line: usize,
}

/// The reader's progress through the sections of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Start,
    Named,
    Sets,
    Moves,
}

/// Reads a definition file.
///
/// # Errors
/// A [`ParseError`] naming the first line that breaks the format (or the line after the last
/// one when something is missing).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = TokenLines::new(text);
    let puzzle = parse_definition(&mut lines)?;
    if let Some((line, tokens)) = lines.take() {
        return Err(ParseError::Keyword {
            line,
            keyword: tokens[0].to_string(),
            why: "is a scramble: give a definition alone".to_string(),
        });
    }
    Ok(puzzle)
}

/// Whether a line starts the scrambles that may follow a definition.
pub(crate) fn starts_scramble(tokens: &[&str], after_solved: bool) -> bool {
    matches!(tokens[0], "Scramble" | "ScrambleState" | "ScrambleAlg")
        || (after_solved && tokens[0] == "StartState" && tokens.len() == 2)
}

/// Reads a definition up to the end of the input or to the first scramble.
pub(crate) fn parse_definition(lines: &mut TokenLines<'_>) -> Result<Puzzle, ParseError> {
    let mut section = Section::Start;
    let mut name = String::from("Unnamed");
    let mut sets: Vec<SetDef> = Vec::new();
    let mut solved: Option<SolvedParts> = None;
    let mut moves: Vec<NamedMove> = Vec::new();
    let mut pending: Vec<PendingSequence> = Vec::new();
    let mut illegal_lines: Vec<(usize, Vec<String>)> = Vec::new();
    // The line of each set, and of each move name a Move, MoveSequence or MoveAlias line writes.
    let mut set_lines: Vec<usize> = Vec::new();
    let mut move_lines: Vec<(&str, usize)> = Vec::new();
    let mut last_line = 0;
    while let Some((_, tokens)) = lines.peek() {
        if starts_scramble(tokens, section == Section::Moves) {
            break;
        }
        let (line, tokens) = lines.take().expect("peeked");
        last_line = line;
        let keyword = tokens[0];
        let misplaced = |why: &str| ParseError::Keyword {
            line,
            keyword: keyword.to_string(),
            why: why.to_string(),
        };
        let count = |wanted: usize, what: &str| token_count(&tokens, line, wanted, what);
        match keyword {
            "Name" => {
                if section != Section::Start {
                    return Err(misplaced("must be the first line"));
                }
                count(2, "the puzzle's name")?;
                name = tokens[1].to_string();
                section = Section::Named;
            }
            "Set" => {
                if section > Section::Sets {
                    return Err(misplaced("must come before Solved"));
                }
                count(4, "Set NAME SLOTS ORIENTATIONS")?;
                sets.push(read_set(&tokens, line, &sets, &set_lines)?);
                set_lines.push(line);
                section = Section::Sets;
            }
            "Solved" | "StartState" => {
                if section != Section::Sets {
                    return Err(misplaced(if sets.is_empty() {
                        "needs a Set before it"
                    } else {
                        "may appear once"
                    }));
                }
                count(1, "Solved alone on its line")?;
                let written = read_block(
                    lines,
                    &sets,
                    BlockKind::Solved {
                        zero_based: keyword == "StartState",
                    },
                    line,
                )?;
                solved = Some(solved_position(&sets, written)?);
                section = Section::Moves;
            }
            "Move" | "MoveTransformation" => {
                let Some((solved_position, ..)) = &solved else {
                    return Err(misplaced("must come after Solved"));
                };
                count(2, "the move's name")?;
                written_once(&mut move_lines, tokens[1], line)?;
                let written = read_block(
                    lines,
                    &sets,
                    BlockKind::Move {
                        transformation: keyword == "MoveTransformation",
                    },
                    line,
                )?;
                let position = move_position(&sets, written, keyword == "Move")?;
                let _ = solved_position;
                let kind = if is_rotation(tokens[1]) {
                    MoveKind::Rotation
                } else {
                    MoveKind::Search
                };
                expand_move(&sets, tokens[1], &position, kind, line, &mut moves)?;
            }
            "MoveSequence" | "MoveAlias" => {
                if solved.is_none() {
                    return Err(misplaced("must come after Solved"));
                }
                let sequence = read_sequence(&tokens, line, keyword == "MoveAlias")?;
                written_once(&mut move_lines, tokens[1], line)?;
                pending.push(sequence);
            }
            "Illegal" => {
                if solved.is_none() {
                    return Err(misplaced("must come after Solved"));
                }
                if tokens.len() < 3 {
                    return Err(
                        ParseError::expected(line, "Illegal SET SLOT LABEL...", None)
                            .with_end_of_line(),
                    );
                }
                illegal_lines.push((line, tokens.iter().map(|t| t.to_string()).collect()));
            }
            _ => {
                return Err(misplaced("is not a keyword of the format"));
            }
        }
    }
    let _ = last_line;
    assemble(lines, name, sets, solved, moves, pending, &illegal_lines)
}

/// The puzzle read, once its lines are: sequences resolved, `Illegal` lines checked, and what
/// a definition must hold (a set, Solved, a move) required.
fn assemble(
    lines: &mut TokenLines<'_>,
    name: String,
    sets: Vec<SetDef>,
    solved: Option<SolvedParts>,
    mut moves: Vec<NamedMove>,
    pending: Vec<PendingSequence>,
    illegal_lines: &[(usize, Vec<String>)],
) -> Result<Puzzle, ParseError> {
    let next_line = lines.peek().map_or(lines.end_line(), |(line, _)| line);
    if sets.is_empty() {
        return Err(ParseError::expected(
            next_line,
            "a Set",
            lines.peek().map(|(_, t)| t[0]),
        ));
    }
    let Some((solved, written_labels, wild)) = solved else {
        return Err(ParseError::expected(
            next_line,
            "Solved",
            lines.peek().map(|(_, t)| t[0]),
        ));
    };
    resolve_sequences(&sets, pending, &mut moves)?;
    one_position_a_name(&moves)?;
    if !moves.iter().any(|m| m.kind == MoveKind::Search) {
        return Err(ParseError::expected(
            next_line,
            "a Move",
            lines.peek().map(|(_, t)| t[0]),
        ));
    }
    let illegal = illegal_labels(&sets, &written_labels, illegal_lines)?;
    let omods = sets.iter().map(|s| s.omod).collect();
    Ok(Puzzle {
        name,
        sets,
        omods,
        solved,
        written_labels,
        wild,
        moves,
        illegal,
    })
}

/// Checks that the line has exactly `wanted` tokens, expecting `what` when it has fewer.
fn token_count(tokens: &[&str], line: usize, wanted: usize, what: &str) -> Result<(), ParseError> {
    if tokens.len() < wanted {
        Err(ParseError::expected(line, what.to_string(), None).with_end_of_line())
    } else if tokens.len() > wanted {
        Err(ParseError::expected(
            line,
            "the end of the line",
            Some(tokens[wanted]),
        ))
    } else {
        Ok(())
    }
}

/// Records that `line` defines the move `name`, refused when an earlier line of `lines` (the
/// name and line of each `Move`, `MoveSequence` and `MoveAlias` so far) defines it already.
fn written_once<'a>(
    lines: &mut Vec<(&'a str, usize)>,
    name: &'a str,
    line: usize,
) -> Result<(), ParseError> {
    if let Some((_, first)) = lines.iter().find(|(n, _)| *n == name) {
        return Err(ParseError::invalid(
            line,
            format!("move {name} is defined twice, first on line {first}"),
        ));
    }
    lines.push((name, line));
    Ok(())
}

/// The set of a `Set NAME SLOTS ORIENTATIONS` line, refused when `sets` (defined on
/// `set_lines`) has its name already.
fn read_set(
    tokens: &[&str],
    line: usize,
    sets: &[SetDef],
    set_lines: &[usize],
) -> Result<SetDef, ParseError> {
    let size = number(tokens[2], line, "the number of slots", 1)? as usize;
    let omod = number(tokens[3], line, "the number of orientations", 1)?;
    if omod > u16::from(MAX_OMOD) {
        return Err(ParseError::invalid(
            line,
            format!("{omod} orientations: at most {MAX_OMOD} are supported"),
        ));
    }
    if let Some(set) = sets.iter().position(|s| s.name == tokens[1]) {
        return Err(ParseError::invalid(
            line,
            format!(
                "set {} is defined twice, first on line {}",
                tokens[1], set_lines[set]
            ),
        ));
    }
    Ok(SetDef {
        name: tokens[1].to_string(),
        size,
        omod: omod as u8,
    })
}

/// A `MoveSequence NAME MOVE...` or `MoveAlias NAME MOVE` line, kept until every move is read.
fn read_sequence(tokens: &[&str], line: usize, alias: bool) -> Result<PendingSequence, ParseError> {
    if alias {
        token_count(tokens, line, 3, "MoveAlias NAME MOVE")?;
    } else if tokens.len() < 3 {
        return Err(
            ParseError::expected(line, "MoveSequence NAME MOVE...", None).with_end_of_line(),
        );
    }
    Ok(PendingSequence {
        name: tokens[1].to_string(),
        body: tokens[2..].join(" "),
        alias,
        line,
    })
}

impl ParseError {
    /// An `Expected` error that found the end of its line rather than of the input.
    fn with_end_of_line(self) -> Self {
        match self {
            ParseError::Expected { line, expected, .. } => ParseError::Expected {
                line,
                expected,
                found: "end of line".to_string(),
            },
            other => other,
        }
    }
}

/// Solved from its block: labels packed to `0..L` in the order of their values, the labels as
/// written, and the wild pieces.
type SolvedParts = (Position, Vec<Vec<u16>>, Vec<Vec<bool>>);

fn solved_position(
    sets: &[SetDef],
    written: Vec<Option<WrittenSet>>,
) -> Result<SolvedParts, ParseError> {
    let mut position = Position::identity(sets.iter().map(|s| s.size));
    let mut labels_written = Vec::new();
    let mut wild_all = Vec::new();
    for (set, (def, entry)) in sets.iter().zip(written).enumerate() {
        let Some(entry) = entry else {
            labels_written.push((1..=def.size as u16).collect());
            wild_all.push(vec![false; def.size]);
            continue;
        };
        let mut distinct: Vec<u16> = entry.perm.clone();
        distinct.sort_unstable();
        distinct.dedup();
        for (i, value) in entry.perm.iter().enumerate() {
            position.perm[set][i] = distinct.binary_search(value).expect("a label") as u8;
        }
        let mut wild = vec![None::<bool>; distinct.len()];
        for i in 0..def.size {
            let orientation = entry.ori.get(i).copied().unwrap_or(Some(0));
            let is_wild = orientation.is_none() && def.omod > 1;
            position.ori[set][i] = orientation.unwrap_or(0);
            let label = position.perm[set][i] as usize;
            match wild[label] {
                Some(seen) if seen != is_wild => {
                    return Err(ParseError::invalid(
                        entry.ori_line,
                        format!(
                            "the pieces labelled {} in set {} mix ? and given orientations",
                            entry.perm[i], def.name
                        ),
                    ));
                }
                _ => wild[label] = Some(is_wild),
            }
        }
        let wild: Vec<bool> = wild.into_iter().map(|w| w.unwrap_or(false)).collect();
        for i in 0..def.size {
            if wild[position.perm[set][i] as usize] {
                position.ori[set][i] = 0;
            }
        }
        labels_written.push(distinct);
        wild_all.push(wild);
    }
    Ok((position, labels_written, wild_all))
}

/// A move from its block: every set a true permutation; a `Move`'s orientations, written by
/// piece, turned into orientations by slot.
fn move_position(
    sets: &[SetDef],
    written: Vec<Option<WrittenSet>>,
    by_piece: bool,
) -> Result<Position, ParseError> {
    let mut position = Position::identity(sets.iter().map(|s| s.size));
    for (set, (def, entry)) in sets.iter().zip(written).enumerate() {
        let Some(entry) = entry else { continue };
        let n = def.size;
        let mut seen = vec![false; n];
        for (i, &value) in entry.perm.iter().enumerate() {
            let piece = usize::from(value) - 1;
            if piece >= n || seen[piece] {
                return Err(ParseError::invalid(
                    entry.perm_line,
                    format!(
                        "a move's permutation of set {} must hold each of 1 to {n} once, and {} {}",
                        def.name,
                        value,
                        if piece >= n {
                            "is out of range"
                        } else {
                            "appears twice"
                        }
                    ),
                ));
            }
            seen[piece] = true;
            position.perm[set][i] = piece as u8;
        }
        if !entry.ori.is_empty() {
            let given: Vec<u8> = entry.ori.iter().map(|o| o.unwrap_or(0)).collect();
            for i in 0..n {
                position.ori[set][i] = if by_piece {
                    given[position.perm[set][i] as usize]
                } else {
                    given[i]
                };
            }
        }
    }
    Ok(position)
}

/// Whether a move leaves every slot as it is.
fn is_identity(position: &Position) -> bool {
    position.perm.iter().zip(&position.ori).all(|(p, o)| {
        p.iter().enumerate().all(|(i, &x)| x as usize == i) && o.iter().all(|&x| x == 0)
    })
}

/// Adds the powers of a base move, named as twsearch names them: for order `k`, power `t` is
/// `X` (t = 1), `X'` (t = k - 1), `Xt` up to half the order, `X(k-t)'` beyond.
fn expand_move(
    sets: &[SetDef],
    name: &str,
    position: &Position,
    kind: MoveKind,
    line: usize,
    moves: &mut Vec<NamedMove>,
) -> Result<(), ParseError> {
    let omods: Vec<u8> = sets.iter().map(|s| s.omod).collect();
    let order = move_order(position, &omods);
    if order > MAX_MOVE_ORDER {
        return Err(ParseError::invalid(
            line,
            format!("move {name} has order {order}: at most {MAX_MOVE_ORDER} is supported"),
        ));
    }
    // The identity counts as order 2, as in twsearch: one search move that changes nothing.
    let order = if is_identity(position) { 2 } else { order };
    let mut power = position.clone();
    for t in 1..order {
        let signed = if order - t < t {
            t as i64 - order as i64
        } else {
            t as i64
        };
        let mut full = name.to_string();
        if signed != 1 {
            if signed != -1 {
                full.push_str(&signed.abs().to_string());
            }
            if signed < 0 {
                full.push('\'');
            }
        }
        moves.push(NamedMove {
            name: full,
            position: power.clone(),
            kind,
            cost: signed.unsigned_abs(),
            base: name.to_string(),
            line,
        });
        power = power.then(position, &omods);
    }
    Ok(())
}

/// Checks that every name of `moves` (written, or generated for a power) names one position:
/// two moves of one name are the same move written twice over (`Move U2` beside `Move U`, as
/// twsearch allows), or the later line of the first such pair is refused, naming the other.
fn one_position_a_name(moves: &[NamedMove]) -> Result<(), ParseError> {
    let mut first: std::collections::HashMap<&str, &NamedMove> = std::collections::HashMap::new();
    let mut clash: Option<(&NamedMove, &NamedMove)> = None;
    for mv in moves {
        let Some(&other) = first.get(mv.name.as_str()) else {
            first.insert(&mv.name, mv);
            continue;
        };
        if other.position != mv.position {
            let (earlier, later) = if other.line <= mv.line {
                (other, mv)
            } else {
                (mv, other)
            };
            if clash.is_none_or(|(_, seen)| later.line < seen.line) {
                clash = Some((earlier, later));
            }
        }
    }
    let Some((earlier, later)) = clash else {
        return Ok(());
    };
    let describe = |mv: &NamedMove| {
        if mv.name == mv.base {
            format!("move {}", mv.name)
        } else {
            format!("the power {} of move {}", mv.name, mv.base)
        }
    };
    Err(ParseError::invalid(
        later.line,
        format!(
            "{} would name two different moves: {}, and {} on line {}",
            later.name,
            describe(later),
            describe(earlier),
            earlier.line
        ),
    ))
}

/// The order of a move: the lcm over its cycles of the cycle's length times the order of the
/// twist it gives a piece going once round.
fn move_order(position: &Position, omods: &[u8]) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let mut order: u64 = 1;
    for (set, perm) in position.perm.iter().enumerate() {
        let omod = u64::from(omods[set]);
        let mut done = vec![false; perm.len()];
        for start in 0..perm.len() {
            if done[start] {
                continue;
            }
            let (mut length, mut twist, mut i) = (0u64, 0u64, start);
            while !done[i] {
                done[i] = true;
                length += 1;
                twist += u64::from(position.ori[set][i]);
                i = perm[i] as usize;
            }
            let cycle = length * (omod / gcd(omod, twist % omod));
            order = order / gcd(order, cycle) * cycle;
            if order > MAX_MOVE_ORDER {
                return order;
            }
        }
    }
    order
}

/// Expands `MoveSequence` and `MoveAlias` lines once every move is read, as twsearch does: in
/// passes, each sequence whose names are all known becoming a move (its powers too).
fn resolve_sequences(
    sets: &[SetDef],
    mut pending: Vec<PendingSequence>,
    moves: &mut Vec<NamedMove>,
) -> Result<(), ParseError> {
    let omods: Vec<u8> = sets.iter().map(|s| s.omod).collect();
    while !pending.is_empty() {
        let before = pending.len();
        let mut index = 0;
        while index < pending.len() {
            let sequence = &pending[index];
            let mut position = Position::identity(sets.iter().map(|s| s.size));
            let mut known = true;
            for token in move_tokens(&sequence.body) {
                let found = moves
                    .iter()
                    .filter(|m| m.kind != MoveKind::Rotation)
                    .chain(moves.iter().filter(|m| m.kind == MoveKind::Rotation))
                    .find(|m| m.name == token);
                match found {
                    Some(mv) => position = position.then(&mv.position, &omods),
                    None => {
                        known = false;
                        break;
                    }
                }
            }
            if known {
                let sequence = pending.remove(index);
                let kind = if is_rotation(&sequence.name) {
                    MoveKind::Rotation
                } else if sequence.alias {
                    MoveKind::Alias
                } else {
                    MoveKind::Search
                };
                expand_move(sets, &sequence.name, &position, kind, sequence.line, moves)?;
            } else {
                index += 1;
            }
        }
        if pending.len() == before {
            let first = &pending[0];
            let unknown = move_tokens(&first.body)
                .find(|t| !moves.iter().any(|m| m.name == *t))
                .unwrap_or_default();
            return Err(ParseError::Unknown {
                line: first.line,
                what: "move",
                name: unknown.to_string(),
            });
        }
    }
    Ok(())
}

/// The `Illegal` lines, checked against the sets and Solved's labels.
fn illegal_labels(
    sets: &[SetDef],
    written_labels: &[Vec<u16>],
    lines: &[(usize, Vec<String>)],
) -> Result<Vec<Illegal>, ParseError> {
    let mut illegal: Vec<Illegal> = Vec::new();
    for (line, tokens) in lines {
        let line = *line;
        let Some(set) = sets.iter().position(|s| s.name == tokens[1]) else {
            return Err(ParseError::Unknown {
                line,
                what: "set",
                name: tokens[1].clone(),
            });
        };
        let slot = number(&tokens[2], line, "a slot", 1)? as usize;
        if slot > sets[set].size {
            return Err(ParseError::invalid(
                line,
                format!(
                    "slot {slot} of set {}, which has {} slots",
                    sets[set].name, sets[set].size
                ),
            ));
        }
        let labels = &written_labels[set];
        let mut mask = vec![false; labels.len()];
        for token in &tokens[3..] {
            let value = number(token, line, "a label", 1)?;
            // A label Solved does not use can never stand anywhere.
            if let Ok(label) = labels.binary_search(&value) {
                mask[label] = true;
            }
        }
        if let Some(existing) = illegal
            .iter_mut()
            .find(|i| i.set == set && i.slot == slot - 1)
        {
            existing
                .labels
                .iter_mut()
                .zip(&mask)
                .for_each(|(a, &b)| *a |= b);
        } else {
            illegal.push(Illegal {
                set,
                slot: slot - 1,
                labels: mask,
            });
        }
    }
    Ok(illegal)
}
