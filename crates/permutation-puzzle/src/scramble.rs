//! Scrambles: positions to solve, as blocks after a definition or in a file of their own, and
//! move sequences.

use crate::definition::Puzzle;
use crate::definition::block::{BlockKind, WrittenSet, read_block};
use crate::definition::reader::{parse_definition, starts_scramble};
use crate::error::ParseError;
use crate::lines::TokenLines;
use crate::position::Position;

/// A named position to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    /// Its name, as the file gives it.
    pub name: String,
    /// The position.
    pub position: Position,
}

/// Reads a judge input: a definition, then any number of scramble blocks (`Scramble NAME`,
/// `ScrambleState NAME`, `ScrambleAlg NAME`, each closed by `End`).
///
/// # Errors
/// A [`ParseError`] naming the first line that breaks the format.
pub fn parse_with_scrambles(text: &str) -> Result<(Puzzle, Vec<Scramble>), ParseError> {
    let mut lines = TokenLines::new(text);
    let puzzle = parse_definition(&mut lines)?;
    let scrambles = read_scrambles(&puzzle, &mut lines)?;
    Ok((puzzle, scrambles))
}

/// Reads a file of scrambles for `puzzle`.
///
/// # Errors
/// A [`ParseError`] naming the first line that breaks the format.
pub fn parse_scrambles(puzzle: &Puzzle, text: &str) -> Result<Vec<Scramble>, ParseError> {
    read_scrambles(puzzle, &mut TokenLines::new(text))
}

/// The position a move sequence (`R U R' U2`, names separated by spaces or commas) makes from
/// Solved.
///
/// # Errors
/// [`ParseError::Unknown`] on line 1 naming a move the puzzle does not define.
pub fn parse_sequence(puzzle: &Puzzle, sequence: &str) -> Result<Position, ParseError> {
    puzzle.apply_sequence(&puzzle.solved, sequence, 1)
}

fn read_scrambles(
    puzzle: &Puzzle,
    lines: &mut TokenLines<'_>,
) -> Result<Vec<Scramble>, ParseError> {
    let mut scrambles = Vec::new();
    while let Some((line, tokens)) = lines.take() {
        if !starts_scramble(&tokens, true) {
            return Err(ParseError::Keyword {
                line,
                keyword: tokens[0].to_string(),
                why: "is not a scramble (Scramble, ScrambleState or ScrambleAlg NAME)".to_string(),
            });
        }
        if tokens.len() != 2 {
            return Err(match tokens.get(2) {
                Some(extra) => ParseError::expected(line, "the end of the line", Some(extra)),
                None => ParseError::Expected {
                    line,
                    expected: "the scramble's name".to_string(),
                    found: "end of line".to_string(),
                },
            });
        }
        let name = tokens[1].to_string();
        let position = if tokens[0] == "ScrambleAlg" {
            let mut position = puzzle.solved.clone();
            loop {
                let Some((move_line, moves)) = lines.take() else {
                    return Err(ParseError::expected(
                        lines.end_line(),
                        format!("End closing the scramble of line {line}"),
                        None,
                    ));
                };
                if moves[0] == "End" {
                    if moves.len() > 1 {
                        return Err(ParseError::expected(
                            move_line,
                            "nothing after End",
                            Some(moves[1]),
                        ));
                    }
                    break;
                }
                position = puzzle.apply_sequence(&position, &moves.join(" "), move_line)?;
            }
            position
        } else {
            let zero_based = tokens[0] != "Scramble";
            let written = read_block(
                lines,
                &puzzle.sets,
                BlockKind::Scramble { zero_based },
                line,
            )?;
            scramble_position(puzzle, written)?
        };
        scrambles.push(Scramble { name, position });
    }
    Ok(scrambles)
}

/// A scramble block's position: labels as Solved wrote them, the same pieces as Solved, `?`
/// only for pieces whose orientation Solved ignores.
fn scramble_position(
    puzzle: &Puzzle,
    written: Vec<Option<WrittenSet>>,
) -> Result<Position, ParseError> {
    let mut position = puzzle.solved.clone();
    for (set, entry) in written.into_iter().enumerate() {
        let Some(entry) = entry else { continue };
        let def = &puzzle.sets[set];
        let labels = &puzzle.written_labels[set];
        let mut counts = vec![0usize; labels.len()];
        for (i, value) in entry.perm.iter().enumerate() {
            let Ok(label) = labels.binary_search(value) else {
                return Err(ParseError::invalid(
                    entry.perm_line,
                    format!("label {value} is not a piece of set {} in Solved", def.name),
                ));
            };
            counts[label] += 1;
            position.perm[set][i] = label as u8;
        }
        let mut solved_counts = vec![0usize; labels.len()];
        puzzle.solved.perm[set]
            .iter()
            .for_each(|&l| solved_counts[l as usize] += 1);
        if counts != solved_counts {
            return Err(ParseError::invalid(
                entry.perm_line,
                format!("set {} does not hold the pieces of Solved", def.name),
            ));
        }
        for i in 0..def.size {
            let label = position.perm[set][i] as usize;
            let wild = puzzle.wild[set][label];
            position.ori[set][i] = match entry.ori.get(i).copied() {
                None => 0,
                Some(None) if !wild && def.omod > 1 => {
                    return Err(ParseError::invalid(
                        entry.ori_line,
                        format!(
                            "? orientation in slot {} of set {}, where Solved gives one",
                            i + 1,
                            def.name
                        ),
                    ));
                }
                Some(given) => {
                    if wild {
                        0
                    } else {
                        given.unwrap_or(0)
                    }
                }
            };
        }
    }
    Ok(position)
}
