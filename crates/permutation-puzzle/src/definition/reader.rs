//! The reader of definition files: [`parse`], a [`Puzzle`] from the ksolve/twsearch text
//! format, line by line through its sections (`Name`, `Set`, Solved, moves, `Illegal`).

use crate::definition::block::{
    BlockKind, SolvedParts, move_position, number, read_block, solved_position,
};
use crate::definition::moves::{
    PendingSequence, expand_move, one_position_a_name, resolve_sequences,
};
use crate::definition::{Illegal, MAX_OMOD, MoveKind, NamedMove, Puzzle, SetDef, is_rotation};
use crate::error::ParseError;
use crate::lines::TokenLines;

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

/// A line of the definition being read: its number and its tokens, the keyword first.
struct Line<'a> {
    line: usize,
    tokens: Vec<&'a str>,
}

impl<'a> Line<'a> {
    /// The line's first token.
    fn keyword(&self) -> &'a str {
        self.tokens[0]
    }

    /// The error of the line's keyword where it stands, for `why`.
    fn misplaced(&self, why: &str) -> ParseError {
        ParseError::Keyword {
            line: self.line,
            keyword: self.keyword().to_string(),
            why: why.to_string(),
        }
    }

    /// Checks that the line has exactly `wanted` tokens, as [`token_count`] does.
    fn count(&self, wanted: usize, what: &str) -> Result<(), ParseError> {
        token_count(&self.tokens, self.line, wanted, what)
    }
}

/// What the lines of a definition have given so far, and the section reached.
struct Reader<'a> {
    section: Section,
    name: String,
    sets: Vec<SetDef>,
    solved: Option<SolvedParts>,
    moves: Vec<NamedMove>,
    pending: Vec<PendingSequence>,
    illegal_lines: Vec<(usize, Vec<String>)>,
    // The line of each set, and of each move name a Move, MoveSequence or MoveAlias line writes.
    set_lines: Vec<usize>,
    move_lines: Vec<(&'a str, usize)>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of a file: nothing read, the puzzle `Unnamed`.
    fn new() -> Self {
        Reader {
            section: Section::Start,
            name: String::from("Unnamed"),
            sets: Vec::new(),
            solved: None,
            moves: Vec::new(),
            pending: Vec::new(),
            illegal_lines: Vec::new(),
            set_lines: Vec::new(),
            move_lines: Vec::new(),
        }
    }

    /// A `Name NAME` line, which must be the first.
    fn name(&mut self, line: &Line<'a>) -> Result<(), ParseError> {
        if self.section != Section::Start {
            return Err(line.misplaced("must be the first line"));
        }
        line.count(2, "the puzzle's name")?;
        self.name = line.tokens[1].to_string();
        self.section = Section::Named;
        Ok(())
    }

    /// A `Set NAME SLOTS ORIENTATIONS` line, which must come before Solved.
    fn set(&mut self, line: &Line<'a>) -> Result<(), ParseError> {
        if self.section > Section::Sets {
            return Err(line.misplaced("must come before Solved"));
        }
        line.count(4, "Set NAME SLOTS ORIENTATIONS")?;
        let set = read_set(&line.tokens, line.line, &self.sets, &self.set_lines)?;
        self.sets.push(set);
        self.set_lines.push(line.line);
        self.section = Section::Sets;
        Ok(())
    }

    /// A `Solved` or `StartState` line and the block under it, once, after the sets.
    fn solved(&mut self, lines: &mut TokenLines<'a>, line: &Line<'a>) -> Result<(), ParseError> {
        if self.section != Section::Sets {
            return Err(line.misplaced(if self.sets.is_empty() {
                "needs a Set before it"
            } else {
                "may appear once"
            }));
        }
        line.count(1, "Solved alone on its line")?;
        let written = read_block(
            lines,
            &self.sets,
            BlockKind::Solved {
                zero_based: line.keyword() == "StartState",
            },
            line.line,
        )?;
        self.solved = Some(solved_position(&self.sets, written)?);
        self.section = Section::Moves;
        Ok(())
    }

    /// Refuses a keyword that must come after Solved when Solved is not read yet.
    fn after_solved(&self, line: &Line<'a>) -> Result<(), ParseError> {
        if self.solved.is_none() {
            return Err(line.misplaced("must come after Solved"));
        }
        Ok(())
    }

    /// A `Move` or `MoveTransformation` line and the block under it, after Solved: the move
    /// and its powers.
    fn move_block(
        &mut self,
        lines: &mut TokenLines<'a>,
        line: &Line<'a>,
    ) -> Result<(), ParseError> {
        self.after_solved(line)?;
        line.count(2, "the move's name")?;
        let (keyword, name) = (line.keyword(), line.tokens[1]);
        written_once(&mut self.move_lines, name, line.line)?;
        let written = read_block(
            lines,
            &self.sets,
            BlockKind::Move {
                transformation: keyword == "MoveTransformation",
            },
            line.line,
        )?;
        let position = move_position(&self.sets, written, keyword == "Move")?;
        let kind = if is_rotation(name) {
            MoveKind::Rotation
        } else {
            MoveKind::Search
        };
        expand_move(
            &self.sets,
            name,
            &position,
            kind,
            line.line,
            &mut self.moves,
        )
    }

    /// A `MoveSequence` or `MoveAlias` line, after Solved, kept until every move is read.
    fn sequence(&mut self, line: &Line<'a>) -> Result<(), ParseError> {
        self.after_solved(line)?;
        let sequence = read_sequence(&line.tokens, line.line, line.keyword() == "MoveAlias")?;
        written_once(&mut self.move_lines, line.tokens[1], line.line)?;
        self.pending.push(sequence);
        Ok(())
    }

    /// An `Illegal SET SLOT LABEL...` line, after Solved, checked once the definition is read.
    fn illegal(&mut self, line: &Line<'a>) -> Result<(), ParseError> {
        self.after_solved(line)?;
        if line.tokens.len() < 3 {
            return Err(
                ParseError::expected(line.line, "Illegal SET SLOT LABEL...", None)
                    .with_end_of_line(),
            );
        }
        let tokens = line.tokens.iter().map(|t| t.to_string()).collect();
        self.illegal_lines.push((line.line, tokens));
        Ok(())
    }
}

/// Reads a definition up to the end of the input or to the first scramble.
pub(crate) fn parse_definition(lines: &mut TokenLines<'_>) -> Result<Puzzle, ParseError> {
    let mut reader = Reader::new();
    while let Some((_, tokens)) = lines.peek() {
        if starts_scramble(tokens, reader.section == Section::Moves) {
            break;
        }
        let (line, tokens) = lines.take().expect("peeked");
        let line = Line { line, tokens };
        match line.keyword() {
            "Name" => reader.name(&line)?,
            "Set" => reader.set(&line)?,
            "Solved" | "StartState" => reader.solved(lines, &line)?,
            "Move" | "MoveTransformation" => reader.move_block(lines, &line)?,
            "MoveSequence" | "MoveAlias" => reader.sequence(&line)?,
            "Illegal" => reader.illegal(&line)?,
            _ => return Err(line.misplaced("is not a keyword of the format")),
        }
    }
    let Reader {
        name,
        sets,
        solved,
        moves,
        pending,
        illegal_lines,
        ..
    } = reader;
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
        line,
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
