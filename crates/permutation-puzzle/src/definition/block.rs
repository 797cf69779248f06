//! The position blocks of a definition file (Solved, a move, a scramble): read up to their
//! `End` set by set, then made into Solved or a move.

use crate::definition::SetDef;
use crate::error::ParseError;
use crate::lines::TokenLines;
use crate::position::Position;

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
pub(super) fn number(token: &str, line: usize, what: &str, min: u16) -> Result<u16, ParseError> {
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

/// Solved from its block: labels packed to `0..L` in the order of their values, the labels as
/// written, and the wild pieces.
pub(super) type SolvedParts = (Position, Vec<Vec<u16>>, Vec<Vec<bool>>);

pub(super) fn solved_position(
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
pub(super) fn move_position(
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
