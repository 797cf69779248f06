//! The moves of a definition file made whole: a base move expanded into its powers as twsearch
//! names them, `MoveSequence` and `MoveAlias` lines resolved once every move is read, and each
//! name checked to name one position.

use crate::definition::{MAX_MOVE_ORDER, MoveKind, NamedMove, SetDef, is_rotation};
use crate::error::ParseError;
use crate::lines::move_tokens;
use crate::position::Position;

/// What the reader keeps of a `MoveSequence` or `MoveAlias` until every move is read.
pub(super) struct PendingSequence {
    pub(super) name: String,
    pub(super) body: String,
    pub(super) alias: bool,
    pub(super) line: usize,
}

/// Whether a move leaves every slot as it is.
fn is_identity(position: &Position) -> bool {
    position.perm.iter().zip(&position.ori).all(|(p, o)| {
        p.iter().enumerate().all(|(i, &x)| x as usize == i) && o.iter().all(|&x| x == 0)
    })
}

/// Adds the powers of a base move, named as twsearch names them: for order `k`, power `t` is
/// `X` (t = 1), `X'` (t = k - 1), `Xt` up to half the order, `X(k-t)'` beyond.
pub(super) fn expand_move(
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
pub(super) fn one_position_a_name(moves: &[NamedMove]) -> Result<(), ParseError> {
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
pub(super) fn resolve_sequences(
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
