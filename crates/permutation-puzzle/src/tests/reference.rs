//! An independent reader of definition files and their scrambles, for the property tests of
//! the reader: written from the format's rules (the crate's README, twsearch's reader and the
//! workspace's input rule, through `judge::testing`'s reference helpers), sharing no code with
//! `definition.rs` (and its rooms in `definition/`), `lines.rs`, `scramble.rs` or `position.rs`.
//! It says what an accepted text means, in plain vectors, or `None` for a text that must be
//! refused.

use judge::testing::{reference_lines, reference_number};

/// A position: per set, the piece (0-based label) in each slot and each slot's orientation.
pub(crate) type Arrays = Vec<(Vec<u8>, Vec<u8>)>;

/// A named move: its name, kind (`S`earch, `R`otation, `A`lias), cost and position.
pub(crate) type Named = (String, char, u64, Arrays);

/// Solved: its arrays, the labels as written (per set, sorted, each once), and per set and
/// packed label whether its orientation is ignored.
type Solved = (Arrays, Vec<Vec<u16>>, Vec<Vec<bool>>);

/// What an accepted text means.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Meaning {
    /// `Name`, or `Unnamed`.
    pub(crate) name: String,
    /// Per set: its name, slots and orientation count.
    pub(crate) sets: Vec<(String, usize, u8)>,
    /// Solved, labels packed to `0..L` in the order of their values.
    pub(crate) solved: Arrays,
    /// Per set, the label values as written, sorted, each once.
    pub(crate) labels: Vec<Vec<u16>>,
    /// Per set and packed label, whether its orientation is ignored.
    pub(crate) wild: Vec<Vec<bool>>,
    /// Every named move, in order.
    pub(crate) moves: Vec<Named>,
    /// Per (set, slot) in the order first named: the packed labels that may not stand there.
    pub(crate) illegal: Vec<(usize, usize, Vec<bool>)>,
    /// The scrambles: name and position.
    pub(crate) scrambles: Vec<(String, Arrays)>,
}

/// The largest order of a move.
const MAX_ORDER: u64 = 10_000;

/// Reads `text`: a definition and its scrambles.
pub(crate) fn read(text: &str) -> Option<Meaning> {
    let lines: Vec<Vec<&str>> = reference_lines(text)
        .into_iter()
        .filter(|tokens| !tokens[0].starts_with('#'))
        .collect();
    let mut reader = Reader { lines, at: 0 };
    let mut meaning = reader.definition()?;
    meaning.scrambles = reader.scrambles(&meaning)?;
    Some(meaning)
}

/// What a block is read for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    /// Solved (1-based) or `StartState` (0-based).
    Solved { zero: bool },
    /// `Move` (1-based, orientations by piece) or `MoveTransformation` (0-based, by slot).
    Move { zero: bool },
    /// `Scramble` (1-based), `ScrambleState` or `StartState NAME` (0-based).
    Scramble { zero: bool },
}

/// One set of a block as written: its permutation line and its orientation line, if any.
type Written<'a> = Option<(Vec<&'a str>, Option<Vec<&'a str>>)>;

struct Reader<'a> {
    lines: Vec<Vec<&'a str>>,
    at: usize,
}

/// A base move before its powers.
struct Base {
    name: String,
    kind: char,
    position: Arrays,
}

impl<'a> Reader<'a> {
    fn next(&mut self) -> Option<Vec<&'a str>> {
        let line = self.lines.get(self.at).cloned();
        self.at += 1;
        line
    }

    fn definition(&mut self) -> Option<Meaning> {
        // 0: nothing yet, 1: named, 2: sets, 3: Solved read.
        let mut state = 0;
        let mut name = "Unnamed".to_string();
        let mut sets: Vec<(String, usize, u8)> = Vec::new();
        let mut solved: Option<Solved> = None;
        let mut written_names: Vec<String> = Vec::new();
        let mut moves: Vec<Named> = Vec::new();
        // Sequences and aliases: name, the names they apply, whether an alias.
        let mut pending: Vec<(String, Vec<String>, bool)> = Vec::new();
        let mut illegal_lines: Vec<Vec<&str>> = Vec::new();
        while let Some(tokens) = self.lines.get(self.at) {
            let keyword = tokens[0];
            let scramble = matches!(keyword, "Scramble" | "ScrambleState" | "ScrambleAlg")
                || (state == 3 && keyword == "StartState" && tokens.len() == 2);
            if scramble {
                break;
            }
            let tokens = self.next()?;
            match keyword {
                "Name" if state == 0 && tokens.len() == 2 => {
                    name = tokens[1].to_string();
                    state = 1;
                }
                "Set" if state <= 2 && tokens.len() == 4 => {
                    let slots = reference_number(tokens[2], 1..=255)? as usize;
                    let omod = reference_number(tokens[3], 1..=127)? as u8;
                    if sets.iter().any(|(n, _, _)| n == tokens[1]) {
                        return None;
                    }
                    sets.push((tokens[1].to_string(), slots, omod));
                    state = 2;
                }
                "Solved" | "StartState" if state == 2 && tokens.len() == 1 => {
                    let zero = keyword == "StartState";
                    let written = self.block(&sets, Block::Solved { zero })?;
                    solved = Some(solved_arrays(&sets, &written, zero)?);
                    state = 3;
                }
                "Move" | "MoveTransformation" if state == 3 && tokens.len() == 2 => {
                    let zero = keyword == "MoveTransformation";
                    if written_names.iter().any(|n| n == tokens[1]) {
                        return None;
                    }
                    written_names.push(tokens[1].to_string());
                    let written = self.block(&sets, Block::Move { zero })?;
                    let position = move_arrays(&sets, &written, zero)?;
                    let kind = if is_rotation(tokens[1]) { 'R' } else { 'S' };
                    powers(
                        &sets,
                        &Base {
                            name: tokens[1].to_string(),
                            kind,
                            position,
                        },
                        &mut moves,
                    )?;
                }
                "MoveSequence" | "MoveAlias"
                    if state == 3
                        && (tokens.len() == 3
                            || (keyword == "MoveSequence" && tokens.len() > 3)) =>
                {
                    if written_names.iter().any(|n| n == tokens[1]) {
                        return None;
                    }
                    written_names.push(tokens[1].to_string());
                    let names = tokens[2..]
                        .iter()
                        .flat_map(|t| t.split(','))
                        .filter(|n| !n.is_empty())
                        .map(str::to_string)
                        .collect();
                    pending.push((tokens[1].to_string(), names, keyword == "MoveAlias"));
                }
                "Illegal" if state == 3 && tokens.len() >= 3 => illegal_lines.push(tokens),
                _ => return None,
            }
        }
        let (solved, labels, wild) = solved?;
        // Sequences become moves in passes, each once every name in it is known.
        while !pending.is_empty() {
            let before = pending.len();
            let mut index = 0;
            while index < pending.len() {
                let (name, names, alias) = &pending[index];
                let mut position = identity(&sets);
                let mut known = true;
                for n in names {
                    match find(&moves, n) {
                        Some(mv) => position = compose(&sets, &position, mv),
                        None => {
                            known = false;
                            break;
                        }
                    }
                }
                if known {
                    let kind = if is_rotation(name) {
                        'R'
                    } else if *alias {
                        'A'
                    } else {
                        'S'
                    };
                    let base = Base {
                        name: name.clone(),
                        kind,
                        position,
                    };
                    pending.remove(index);
                    powers(&sets, &base, &mut moves)?;
                } else {
                    index += 1;
                }
            }
            if pending.len() == before {
                return None;
            }
        }
        // A name stands for one position.
        for (i, (name, _, _, position)) in moves.iter().enumerate() {
            if moves[..i]
                .iter()
                .any(|(n, _, _, p)| n == name && p != position)
            {
                return None;
            }
        }
        if !moves.iter().any(|(_, kind, _, _)| *kind == 'S') {
            return None;
        }
        let mut illegal: Vec<(usize, usize, Vec<bool>)> = Vec::new();
        for tokens in illegal_lines {
            let set = sets.iter().position(|(n, _, _)| n == tokens[1])?;
            let slot = reference_number(tokens[2], 1..=255)? as usize;
            if slot > sets[set].1 {
                return None;
            }
            let mut mask = vec![false; labels[set].len()];
            for token in &tokens[3..] {
                let value = reference_number(token, 1..=255)? as u16;
                if let Some(label) = labels[set].iter().position(|&l| l == value) {
                    mask[label] = true;
                }
            }
            match illegal
                .iter_mut()
                .find(|(s, at, _)| *s == set && *at == slot - 1)
            {
                Some((_, _, old)) => old.iter_mut().zip(&mask).for_each(|(a, b)| *a |= b),
                None => illegal.push((set, slot - 1, mask)),
            }
        }
        Some(Meaning {
            name,
            sets,
            solved,
            labels,
            wild,
            moves,
            illegal,
            scrambles: Vec::new(),
        })
    }

    /// A block up to its `End`: per set, what it writes.
    fn block(&mut self, sets: &[(String, usize, u8)], kind: Block) -> Option<Vec<Written<'a>>> {
        let question_mark = !matches!(kind, Block::Move { .. });
        let mut written: Vec<Written<'a>> = vec![None; sets.len()];
        let mut current: Option<usize> = None;
        let mut numbers = 0;
        loop {
            let tokens = self.next()?;
            if tokens[0] == "End" {
                let set_left_empty = current.is_some() && numbers == 0;
                return (tokens.len() == 1 && !set_left_empty).then_some(written);
            }
            let is_numbers = tokens[0].starts_with(|c: char| c.is_ascii_digit())
                || (question_mark && tokens[0] == "?");
            if is_numbers {
                let set = current?;
                if numbers >= 2 || tokens.len() != sets[set].1 {
                    return None;
                }
                let entry = written[set].as_mut().expect("opened");
                if numbers == 0 {
                    entry.0 = tokens;
                } else {
                    entry.1 = Some(tokens);
                }
                numbers += 1;
            } else {
                if (current.is_some() && numbers == 0) || tokens.len() != 1 {
                    return None;
                }
                let set = sets.iter().position(|(n, _, _)| n == tokens[0])?;
                if written[set].is_some() {
                    return None;
                }
                written[set] = Some((Vec::new(), None));
                current = Some(set);
                numbers = 0;
            }
        }
    }

    /// The scrambles after the definition.
    fn scrambles(&mut self, meaning: &Meaning) -> Option<Vec<(String, Arrays)>> {
        let mut scrambles = Vec::new();
        while let Some(tokens) = self.next() {
            let keyword = tokens[0];
            let known = matches!(
                keyword,
                "Scramble" | "ScrambleState" | "ScrambleAlg" | "StartState"
            );
            if !known || tokens.len() != 2 {
                return None;
            }
            let position = if keyword == "ScrambleAlg" {
                let mut position = meaning.solved.clone();
                loop {
                    let line = self.next()?;
                    if line[0] == "End" {
                        if line.len() > 1 {
                            return None;
                        }
                        break;
                    }
                    for name in line.iter().flat_map(|t| t.split(',')) {
                        if name.is_empty() {
                            continue;
                        }
                        let mv = find(&meaning.moves, name)?;
                        position = compose(&meaning.sets, &position, mv);
                        clear_wild(meaning, &mut position);
                    }
                }
                position
            } else {
                let zero = keyword != "Scramble";
                let written = self.block(&meaning.sets, Block::Scramble { zero })?;
                scramble_arrays(meaning, &written, zero)?
            };
            scrambles.push((tokens[1].to_string(), position));
        }
        Some(scrambles)
    }
}

/// A permutation entry: 1-based, or 0-based (then counted from 1 here too).
fn entry(token: &str, zero: bool) -> Option<u16> {
    if zero {
        reference_number(token, 0..=255).map(|v| v as u16 + 1)
    } else {
        reference_number(token, 1..=255).map(|v| v as u16)
    }
}

/// An orientation below `omod`, or `None` inside for `?` where `question_mark` allows it.
fn orientation(token: &str, omod: u8, question_mark: bool) -> Option<Option<u8>> {
    if question_mark && token == "?" {
        return Some(None);
    }
    reference_number(token, 0..=u64::from(omod) - 1).map(|v| Some(v as u8))
}

/// Solved: packed labels, orientations, the written labels and the wild ones.
fn solved_arrays(
    sets: &[(String, usize, u8)],
    written: &[Written<'_>],
    zero: bool,
) -> Option<Solved> {
    let mut arrays = Vec::new();
    let mut all_labels = Vec::new();
    let mut all_wild = Vec::new();
    for ((_, n, omod), written) in sets.iter().zip(written) {
        let Some((perm, ori)) = written else {
            arrays.push(((0..*n as u8).collect(), vec![0; *n]));
            all_labels.push((1..=*n as u16).collect());
            all_wild.push(vec![false; *n]);
            continue;
        };
        let values: Vec<u16> = perm.iter().map(|t| entry(t, zero)).collect::<Option<_>>()?;
        let mut labels = values.clone();
        labels.sort_unstable();
        labels.dedup();
        let packed: Vec<u8> = values
            .iter()
            .map(|v| labels.iter().position(|l| l == v).unwrap() as u8)
            .collect();
        let given: Vec<Option<u8>> = match ori {
            Some(tokens) => tokens
                .iter()
                .map(|t| orientation(t, *omod, true))
                .collect::<Option<_>>()?,
            None => vec![Some(0); *n],
        };
        let mut wild: Vec<Option<bool>> = vec![None; labels.len()];
        for (slot, o) in given.iter().enumerate() {
            let is_wild = o.is_none() && *omod > 1;
            let label = packed[slot] as usize;
            if wild[label].is_some_and(|w| w != is_wild) {
                return None;
            }
            wild[label] = Some(is_wild);
        }
        arrays.push((packed, given.iter().map(|o| o.unwrap_or(0)).collect()));
        all_labels.push(labels);
        all_wild.push(wild.into_iter().map(|w| w.unwrap()).collect());
    }
    Some((arrays, all_labels, all_wild))
}

/// A move's position: a true permutation in every set, orientations by slot.
fn move_arrays(
    sets: &[(String, usize, u8)],
    written: &[Written<'_>],
    zero: bool,
) -> Option<Arrays> {
    let mut arrays = identity(sets);
    for (set, ((_, n, omod), written)) in sets.iter().zip(written).enumerate() {
        let Some((perm, ori)) = written else { continue };
        let pieces: Vec<u8> = perm
            .iter()
            .map(|t| entry(t, zero).map(|v| (v - 1) as u8))
            .collect::<Option<_>>()?;
        let mut sorted = pieces.clone();
        sorted.sort_unstable();
        if sorted != (0..*n as u8).collect::<Vec<u8>>() {
            return None;
        }
        let given: Vec<u8> = match ori {
            Some(tokens) => tokens
                .iter()
                .map(|t| orientation(t, *omod, false).map(Option::unwrap))
                .collect::<Option<_>>()?,
            None => vec![0; *n],
        };
        // `Move` writes the twist of each piece, `MoveTransformation` that of each slot.
        let by_slot: Vec<u8> = (0..*n)
            .map(|slot| {
                if zero {
                    given[slot]
                } else {
                    given[pieces[slot] as usize]
                }
            })
            .collect();
        arrays[set] = (pieces, by_slot);
    }
    Some(arrays)
}

/// A scramble block's position.
fn scramble_arrays(meaning: &Meaning, written: &[Written<'_>], zero: bool) -> Option<Arrays> {
    let mut arrays = meaning.solved.clone();
    for (set, ((_, _, omod), written)) in meaning.sets.iter().zip(written).enumerate() {
        let Some((perm, ori)) = written else { continue };
        let labels = &meaning.labels[set];
        let packed: Vec<u8> = perm
            .iter()
            .map(|t| {
                let value = entry(t, zero)?;
                labels.iter().position(|&l| l == value).map(|l| l as u8)
            })
            .collect::<Option<_>>()?;
        let mut mine = packed.clone();
        let mut solved = meaning.solved[set].0.clone();
        mine.sort_unstable();
        solved.sort_unstable();
        if mine != solved {
            return None;
        }
        let mut oris = Vec::new();
        for (slot, &label) in packed.iter().enumerate() {
            let wild = meaning.wild[set][label as usize];
            let given = match ori {
                Some(tokens) => orientation(tokens[slot], *omod, true)?,
                None => Some(0),
            };
            if given.is_none() && !wild && *omod > 1 {
                return None;
            }
            oris.push(if wild { 0 } else { given.unwrap_or(0) });
        }
        arrays[set] = (packed, oris);
    }
    Some(arrays)
}

fn identity(sets: &[(String, usize, u8)]) -> Arrays {
    sets.iter()
        .map(|(_, n, _)| ((0..*n as u8).collect(), vec![0; *n]))
        .collect()
}

/// `a` then `b`: slot `i` takes what stood in slot `b.p[i]`, twisted by `b.o[i]` more.
fn compose(sets: &[(String, usize, u8)], a: &Arrays, b: &Arrays) -> Arrays {
    sets.iter()
        .enumerate()
        .map(|(set, (_, _, omod))| {
            let (ap, ao) = &a[set];
            let (bp, bo) = &b[set];
            bp.iter()
                .zip(bo)
                .map(|(&from, &twist)| {
                    let from = from as usize;
                    (
                        ap[from],
                        ((u16::from(ao[from]) + u16::from(twist)) % u16::from(*omod)) as u8,
                    )
                })
                .unzip()
        })
        .collect()
}

/// Orientations of pieces whose orientation Solved ignores, back to 0.
fn clear_wild(meaning: &Meaning, position: &mut Arrays) {
    for (set, (perm, ori)) in position.iter_mut().enumerate() {
        for (slot, &label) in perm.iter().enumerate() {
            if meaning.wild[set][label as usize] {
                ori[slot] = 0;
            }
        }
    }
}

/// The move a name stands for: the first move of that name that is not a rotation, else the
/// first rotation.
fn find<'m>(moves: &'m [Named], name: &str) -> Option<&'m Arrays> {
    moves
        .iter()
        .find(|(n, kind, _, _)| n == name && *kind != 'R')
        .or_else(|| moves.iter().find(|(n, _, _, _)| n == name))
        .map(|(_, _, _, position)| position)
}

/// `x`, `y`, `z` with nothing, `2` or `'` after; or capitals and `_` then a final `v`.
fn is_rotation(name: &str) -> bool {
    let mut chars = name.chars();
    if matches!(chars.next(), Some('x' | 'y' | 'z')) && matches!(chars.as_str(), "" | "2" | "'") {
        return true;
    }
    name.strip_suffix('v').is_some_and(|grip| {
        !grip.is_empty() && grip.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    })
}

/// The order of a move: the smallest `k > 0` with `position^k` the identity, found by
/// composing (at most [`MAX_ORDER`] times; `None` past it).
fn order(sets: &[(String, usize, u8)], position: &Arrays) -> Option<u64> {
    let identity = identity(sets);
    let mut power = position.clone();
    for k in 1..=MAX_ORDER {
        if power == identity {
            return Some(k);
        }
        power = compose(sets, &power, position);
    }
    None
}

/// Adds a base move's powers as twsearch names them: power `t` of order `k` is `X` (t = 1),
/// `Xt` while `t <= k - t`, `X(k-t)'` beyond, `X'` for `k - 1`; the identity counts as order 2.
fn powers(sets: &[(String, usize, u8)], base: &Base, moves: &mut Vec<Named>) -> Option<()> {
    let order = order(sets, &base.position)?.max(2);
    let mut power = base.position.clone();
    for t in 1..order {
        let (turns, inverse) = if order - t < t {
            (order - t, true)
        } else {
            (t, false)
        };
        let name = match (turns, inverse) {
            (1, false) => base.name.clone(),
            (1, true) => format!("{}'", base.name),
            (_, false) => format!("{}{turns}", base.name),
            (_, true) => format!("{}{turns}'", base.name),
        };
        moves.push((name, base.kind, turns, power.clone()));
        power = compose(sets, &power, &base.position);
    }
    Some(())
}
