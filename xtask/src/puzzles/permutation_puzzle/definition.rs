//! The oracle's own reader of puzzle definitions (the ksolve format as twsearch reads it) and of
//! the scramble blocks after them. It keeps the literal arrays: a position is, slot by slot over
//! every set, a label and an orientation; a move is a permutation of slots and a twist per slot.
//! Nothing is packed or ranked, so that the oracle shares no idea with the solver but the format.

use std::collections::HashMap;

/// The largest order of a move (twsearch refuses a move whose order reaches a million).
pub const MAX_MOVE_ORDER: u64 = 1_000_000;

/// One `Set`: a run of slots in the position arrays.
#[derive(Clone, Debug)]
pub struct Orbit {
    pub name: String,
    /// Index of its first slot in the position arrays.
    pub offset: usize,
    pub size: usize,
    /// Orientations per piece (1: none).
    pub omod: u8,
}

/// A literal position: `labels[slot]` (as written in Solved, 1-based) and `orientations[slot]`
/// (0 for a piece whose orientation is ignored, `?` in Solved), one pair a slot of every orbit.
pub type State = Box<[u8]>;

/// A move on the literal arrays, in the passive form of the format: slot `i` receives what slot
/// `from[i]` held, with its orientation raised by `twist[i]` (slot-indexed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Motion {
    pub from: Vec<usize>,
    pub twist: Vec<u8>,
}

/// A search move (a power of a base move) with its name and its inverse's index.
#[derive(Clone, Debug)]
pub struct SearchMove {
    pub name: String,
    pub motion: Motion,
    /// The power as twsearch counts it: `1` is `X`, `-1` is `X'`, `2` is `X2`, `-2` is `X2'`.
    pub turn: i64,
    pub inverse: usize,
}

/// A scramble: its name and the position it stands for.
#[derive(Clone, Debug)]
pub struct Scramble {
    pub name: String,
    pub state: State,
}

/// A definition file with its scrambles, as the oracle needs it.
#[derive(Clone, Debug)]
pub struct Definition {
    pub orbits: Vec<Orbit>,
    /// Total slots over every orbit.
    pub slots: usize,
    pub solved: State,
    /// `wild[orbit][label]`: the label's orientation is ignored (`?` in Solved).
    pub wild: Vec<Vec<bool>>,
    /// Every power of every move that is not a rotation, in the order of the file.
    pub moves: Vec<SearchMove>,
    /// Every power of every rotation (only scrambles and move sequences may use them).
    pub rotations: Vec<SearchMove>,
    /// `(slot, label)` pairs no state may hold.
    pub illegal: Vec<(usize, u8)>,
    pub scrambles: Vec<Scramble>,
}

/// Whether a move named `name` turns the whole puzzle (twsearch's rule): `x`, `y` or `z`
/// (optionally with `2` or `'`), or capitals and `_` followed by `v`.
pub fn is_rotation(name: &str) -> bool {
    let bytes = name.as_bytes();
    if matches!(bytes.first(), Some(b'x' | b'y' | b'z'))
        && (bytes.len() == 1 || (bytes.len() == 2 && matches!(bytes[1], b'2' | b'\'')))
    {
        return true;
    }
    let capitals = bytes
        .iter()
        .take_while(|&&b| b == b'_' || b.is_ascii_uppercase())
        .count();
    capitals > 0 && capitals + 1 == bytes.len() && bytes[capitals] == b'v'
}

/// The name twsearch gives the power `turn` of the move `base`.
pub fn power_name(base: &str, turn: i64) -> String {
    match turn {
        1 => base.to_string(),
        -1 => format!("{base}'"),
        t if t < 0 => format!("{base}{}'", -t),
        t => format!("{base}{t}"),
    }
}

impl Definition {
    /// `state` after `motion`: each slot takes its source's label and orientation plus the twist;
    /// orientations of pieces whose orientation is ignored stay 0.
    pub fn apply(&self, state: &[u8], motion: &Motion) -> State {
        let n = self.slots;
        let mut next = vec![0u8; 2 * n];
        for orbit_index in 0..self.orbits.len() {
            let orbit = &self.orbits[orbit_index];
            for slot in orbit.offset..orbit.offset + orbit.size {
                let source = motion.from[slot];
                let label = state[source];
                next[slot] = label;
                next[n + slot] = if self.wild[orbit_index][usize::from(label)] {
                    0
                } else {
                    ((u32::from(state[n + source]) + u32::from(motion.twist[slot]))
                        % u32::from(orbit.omod)) as u8
                };
            }
        }
        next.into_boxed_slice()
    }

    /// Whether `state` holds no label in a slot an `Illegal` line forbids it.
    pub fn legal(&self, state: &[u8]) -> bool {
        self.illegal
            .iter()
            .all(|&(slot, label)| state[slot] != label)
    }

    /// The search moves of a metric: every power, or in the quarter-turn metric only `X` and `X'`.
    pub fn moves_of(&self, quarter_turns: bool) -> Vec<SearchMove> {
        let kept: Vec<usize> = (0..self.moves.len())
            .filter(|&i| !quarter_turns || self.moves[i].turn.abs() == 1)
            .collect();
        kept.iter()
            .map(|&i| {
                let mut m = self.moves[i].clone();
                m.inverse = kept
                    .iter()
                    .position(|&j| j == m.inverse)
                    .expect("the inverse of a quarter turn is one");
                m
            })
            .collect()
    }

    /// A rough upper bound of the states reachable from Solved: the arrangements of each orbit's
    /// labels times its orientations.
    pub fn state_bound(&self) -> f64 {
        let mut bound = 1f64;
        for (orbit_index, orbit) in self.orbits.iter().enumerate() {
            let labels = &self.solved[orbit.offset..orbit.offset + orbit.size];
            let mut counts: HashMap<u8, usize> = HashMap::new();
            for &label in labels {
                *counts.entry(label).or_default() += 1;
            }
            let mut arrangements = 1f64;
            for i in 1..=orbit.size {
                arrangements *= i as f64;
            }
            for &count in counts.values() {
                for i in 1..=count {
                    arrangements /= i as f64;
                }
            }
            let oriented = labels
                .iter()
                .filter(|&&l| !self.wild[orbit_index][usize::from(l)])
                .count();
            bound *= arrangements * f64::from(orbit.omod).powi(oriented as i32);
        }
        bound
    }
}

/// A line of the input: its number (1-based, blank lines counted) and its tokens.
struct Line<'a> {
    number: usize,
    tokens: Vec<&'a str>,
}

/// The lines that say something: blank lines and comments (`#` first) dropped.
fn lines(input: &str) -> Vec<Line<'_>> {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    input
        .split('\n')
        .enumerate()
        .map(|(i, text)| Line {
            number: i + 1,
            tokens: text
                .strip_suffix('\r')
                .unwrap_or(text)
                .split([' ', '\t'])
                .filter(|t| !t.is_empty())
                .collect(),
        })
        .filter(|line| !line.tokens.is_empty() && !line.tokens[0].starts_with('#'))
        .collect()
}

/// A number of `0..=max`: ASCII digits only (leading zeros allowed).
fn parse_number(token: &str, max: u64, line: usize) -> Result<u64, String> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("line {line}: expected a number, found {token:?}"));
    }
    let digits = token.trim_start_matches('0');
    if digits.len() > 20 {
        return Err(format!("line {line}: {token} is out of range"));
    }
    match digits.parse::<u64>() {
        Ok(value) if value <= max => Ok(value),
        Err(_) if digits.is_empty() => Ok(0),
        _ => Err(format!("line {line}: {token} is out of range")),
    }
}

/// What a position block is read for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// `Solved` (1-based) or `StartState` (0-based).
    Solved { zero_based: bool },
    /// `Move`: a true permutation, orientations by piece, no `?`.
    Move,
    /// `Scramble` (1-based) or `ScrambleState` (0-based): Solved's labels rearranged.
    Scramble { zero_based: bool },
}

/// A position block as written: per orbit mentioned, the permutation line and the orientation
/// line (if any, `None` for `?`).
type Block = HashMap<usize, (Vec<u64>, Vec<Option<u64>>)>;

/// The reader's cursor over the lines.
struct Reader<'a> {
    lines: Vec<Line<'a>>,
    at: usize,
    last_line: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<&Line<'a>> {
        self.lines.get(self.at)
    }

    fn next(&mut self, what: &str) -> Result<&Line<'a>, String> {
        let line = self.lines.get(self.at).ok_or_else(|| {
            format!(
                "line {}: expected {what}, found end of input",
                self.last_line + 1
            )
        })?;
        self.at += 1;
        Ok(line)
    }
}

fn expect_tokens(line: &Line, count: usize) -> Result<(), String> {
    if line.tokens.len() != count {
        return Err(format!(
            "line {}: expected {count} tokens, found {}",
            line.number,
            line.tokens.len()
        ));
    }
    Ok(())
}

fn is_number_line(line: &Line) -> bool {
    line.tokens[0] == "?" || line.tokens[0].as_bytes()[0].is_ascii_digit()
}

/// Reads a position block after its header up to and including `End`.
fn read_block(reader: &mut Reader, orbits: &[Orbit], kind: BlockKind) -> Result<Block, String> {
    let mut block = Block::new();
    loop {
        let line = reader.next("End")?;
        let number = line.number;
        if line.tokens[0] == "End" {
            expect_tokens(line, 1)?;
            return Ok(block);
        }
        expect_tokens(line, 1)?;
        let name = line.tokens[0];
        let orbit_index = orbits
            .iter()
            .position(|o| o.name == name)
            .ok_or_else(|| format!("line {number}: no set named {name:?}"))?;
        if block.contains_key(&orbit_index) {
            return Err(format!("line {number}: set {name} given twice"));
        }
        let orbit = &orbits[orbit_index];
        let line = reader.next("a permutation")?;
        if !is_number_line(line) {
            return Err(format!("line {}: expected a permutation", line.number));
        }
        expect_tokens(line, orbit.size)?;
        let permutation = line
            .tokens
            .iter()
            .map(|t| parse_number(t, 255, line.number))
            .collect::<Result<Vec<_>, _>>()?;
        let mut orientations = vec![Some(0); orbit.size];
        if reader.peek().is_some_and(is_number_line) {
            let line = reader.next("orientations")?;
            expect_tokens(line, orbit.size)?;
            for (o, token) in orientations.iter_mut().zip(&line.tokens) {
                *o = if *token == "?" && kind != BlockKind::Move {
                    None
                } else {
                    let value = parse_number(token, 255, line.number)?;
                    if value >= u64::from(orbit.omod) {
                        return Err(format!(
                            "line {}: orientation {value} of set {name} is not below {}",
                            line.number, orbit.omod
                        ));
                    }
                    Some(value)
                };
            }
        }
        block.insert(orbit_index, (permutation, orientations));
    }
}

/// Reads `Name`, the `Set` lines, and Solved.
fn read_orbits(reader: &mut Reader) -> Result<Vec<Orbit>, String> {
    if reader.peek().is_some_and(|l| l.tokens[0] == "Name") {
        expect_tokens(reader.next("Name")?, 2)?;
    }
    let mut orbits: Vec<Orbit> = Vec::new();
    let mut offset = 0;
    while reader.peek().is_some_and(|l| l.tokens[0] == "Set") {
        let line = reader.next("Set")?;
        expect_tokens(line, 4)?;
        let name = line.tokens[1];
        if orbits.iter().any(|o| o.name == name) {
            return Err(format!("line {}: set {name} defined twice", line.number));
        }
        let size = parse_number(line.tokens[2], 255, line.number)? as usize;
        let omod = parse_number(line.tokens[3], 127, line.number)? as u8;
        if size == 0 || omod == 0 {
            return Err(format!(
                "line {}: a set needs slots and orientations",
                line.number
            ));
        }
        orbits.push(Orbit {
            name: name.to_string(),
            offset,
            size,
            omod,
        });
        offset += size;
    }
    if orbits.is_empty() {
        let found = reader.peek().map_or(0, |l| l.number);
        return Err(format!("line {found}: expected Set"));
    }
    Ok(orbits)
}

/// Solved from its block: labels and orientations, with `?` marking labels whose orientation is
/// ignored (all or none of a label's pieces). Sets Solved leaves out hold distinct pieces.
fn solved_from(
    block: &Block,
    orbits: &[Orbit],
    zero_based: bool,
    line: usize,
) -> Result<(State, Vec<Vec<bool>>), String> {
    let slots: usize = orbits.iter().map(|o| o.size).sum();
    let mut state = vec![0u8; 2 * slots];
    let mut wild = vec![vec![false; 257]; orbits.len()];
    for (orbit_index, orbit) in orbits.iter().enumerate() {
        let Some((permutation, orientations)) = block.get(&orbit_index) else {
            for i in 0..orbit.size {
                state[orbit.offset + i] = (i + 1) as u8;
            }
            continue;
        };
        let mut tame = vec![false; 257];
        for i in 0..orbit.size {
            let label = permutation[i] + u64::from(zero_based);
            if label == 0 || label > 255 {
                return Err(format!(
                    "line {line}: label {} out of range",
                    permutation[i]
                ));
            }
            let label = label as usize;
            let is_wild = orientations[i].is_none() && orbit.omod > 1;
            if (is_wild && tame[label]) || (!is_wild && wild[orbit_index][label]) {
                return Err(format!(
                    "line {line}: identical pieces of set {} must all use ? or none",
                    orbit.name
                ));
            }
            wild[orbit_index][label] |= is_wild;
            tame[label] |= !is_wild;
            state[orbit.offset + i] = label as u8;
            state[slots + orbit.offset + i] = orientations[i].unwrap_or(0) as u8;
        }
    }
    Ok((state.into_boxed_slice(), wild))
}

/// A move's motion from its block: a true permutation per orbit mentioned, orientations read by
/// piece and turned into orientations by slot (`o_slot[i] = o_piece[p[i]]`).
fn motion_from(block: &Block, orbits: &[Orbit], line: usize) -> Result<Motion, String> {
    let slots: usize = orbits.iter().map(|o| o.size).sum();
    let mut motion = Motion {
        from: (0..slots).collect(),
        twist: vec![0; slots],
    };
    for (orbit_index, orbit) in orbits.iter().enumerate() {
        let Some((permutation, orientations)) = block.get(&orbit_index) else {
            continue;
        };
        let mut seen = vec![false; orbit.size];
        for i in 0..orbit.size {
            let piece = permutation[i] as usize;
            if piece == 0 || piece > orbit.size || seen[piece - 1] {
                return Err(format!(
                    "line {line}: the move's permutation of set {} is not a permutation",
                    orbit.name
                ));
            }
            seen[piece - 1] = true;
            motion.from[orbit.offset + i] = orbit.offset + piece - 1;
            motion.twist[orbit.offset + i] = orientations[piece - 1].expect("no ? in a move") as u8;
        }
    }
    Ok(motion)
}

/// A scramble's position: Solved's labels rearranged, `?` exactly where the label's orientation
/// is ignored; sets it leaves out as in Solved.
fn scramble_from(
    block: &Block,
    definition: &Definition,
    zero_based: bool,
    line: usize,
) -> Result<State, String> {
    let slots = definition.slots;
    let mut state = definition.solved.to_vec();
    for (orbit_index, orbit) in definition.orbits.iter().enumerate() {
        let Some((permutation, orientations)) = block.get(&orbit_index) else {
            continue;
        };
        let mut labels = Vec::with_capacity(orbit.size);
        for i in 0..orbit.size {
            let label = permutation[i] + u64::from(zero_based);
            if label == 0 || label > 255 {
                return Err(format!(
                    "line {line}: label {} out of range",
                    permutation[i]
                ));
            }
            let label = label as u8;
            let is_wild = definition.wild[orbit_index][usize::from(label)];
            if orbit.omod > 1 && orientations[i].is_none() != is_wild {
                return Err(format!(
                    "line {line}: ? must stand where Solved has it in set {}",
                    orbit.name
                ));
            }
            labels.push(label);
            state[orbit.offset + i] = label;
            state[slots + orbit.offset + i] = orientations[i].unwrap_or(0) as u8;
        }
        let mut wanted = definition.solved[orbit.offset..orbit.offset + orbit.size].to_vec();
        wanted.sort_unstable();
        labels.sort_unstable();
        if labels != wanted {
            return Err(format!(
                "line {line}: the scramble's pieces of set {} are not Solved's",
                orbit.name
            ));
        }
    }
    Ok(state.into_boxed_slice())
}

/// `first` then `second`: `p[i] = a.p[b.p[i]]`, `o[i] = a.o[b.p[i]] + b.o[i]`.
pub fn compose(orbits: &[Orbit], first: &Motion, second: &Motion) -> Motion {
    let slots = first.from.len();
    let mut motion = Motion {
        from: vec![0; slots],
        twist: vec![0; slots],
    };
    for orbit in orbits {
        for i in orbit.offset..orbit.offset + orbit.size {
            let via = second.from[i];
            motion.from[i] = first.from[via];
            motion.twist[i] = ((u32::from(first.twist[via]) + u32::from(second.twist[i]))
                % u32::from(orbit.omod)) as u8;
        }
    }
    motion
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The order of a motion, from its cycles (a cycle of length `l` whose twists sum to `t` has
/// order `l * omod / gcd(t, omod)`), or `None` past [`MAX_MOVE_ORDER`].
fn order(orbits: &[Orbit], motion: &Motion) -> Option<u64> {
    let mut order = 1u64;
    let mut seen = vec![false; motion.from.len()];
    for orbit in orbits {
        for start in orbit.offset..orbit.offset + orbit.size {
            if seen[start] {
                continue;
            }
            let (mut length, mut twist) = (0u64, 0u64);
            let mut slot = start;
            while !seen[slot] {
                seen[slot] = true;
                length += 1;
                twist += u64::from(motion.twist[slot]);
                slot = motion.from[slot];
            }
            let omod = u64::from(orbit.omod);
            let cycle = length * (omod / gcd(twist % omod, omod));
            order = order / gcd(order, cycle) * cycle;
            if order >= MAX_MOVE_ORDER {
                return None;
            }
        }
    }
    Some(order)
}

/// Every power of a base move, named as twsearch names them (an order of 1 counts as 2, as in
/// twsearch: the identity is then a move of its own).
fn powers(
    orbits: &[Orbit],
    name: &str,
    motion: &Motion,
    line: usize,
) -> Result<Vec<SearchMove>, String> {
    let order = order(orbits, motion)
        .ok_or_else(|| format!("line {line}: the order of move {name} is too high"))?
        .max(2) as i64;
    let mut result = Vec::new();
    let mut power = motion.clone();
    for j in 1..order {
        let turn = if order - j < j { j - order } else { j };
        result.push(SearchMove {
            name: power_name(name, turn),
            motion: power.clone(),
            turn,
            inverse: (order - 1 - j) as usize,
        });
        power = compose(orbits, &power, motion);
    }
    Ok(result)
}

/// The `Move`, `MoveSequence`, `MoveAlias` and `Illegal` lines after Solved.
struct MoveSection {
    /// `(name, motion or sequence of names, line)` in the order of the file.
    bases: Vec<(String, Result<Motion, Vec<String>>, usize)>,
    illegal: Vec<(usize, u8)>,
}

fn read_moves(reader: &mut Reader, orbits: &[Orbit]) -> Result<MoveSection, String> {
    let mut section = MoveSection {
        bases: Vec::new(),
        illegal: Vec::new(),
    };
    while let Some(line) = reader.peek() {
        let number = line.number;
        let tokens = line.tokens.clone();
        match tokens[0] {
            "Move" => {
                reader.next("Move")?;
                if tokens.len() != 2 {
                    return Err(format!("line {number}: expected Move NAME"));
                }
                let block = read_block(reader, orbits, BlockKind::Move)?;
                let motion = motion_from(&block, orbits, number)?;
                section
                    .bases
                    .push((tokens[1].to_string(), Ok(motion), number));
            }
            "MoveSequence" | "MoveAlias" => {
                reader.next("MoveSequence")?;
                if tokens.len() < 3 || (tokens[0] == "MoveAlias" && tokens.len() != 3) {
                    return Err(format!("line {number}: expected {} NAME MOVES", tokens[0]));
                }
                let sequence = tokens[2..]
                    .iter()
                    .flat_map(|t| t.split(','))
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect();
                section
                    .bases
                    .push((tokens[1].to_string(), Err(sequence), number));
            }
            "Illegal" => {
                reader.next("Illegal")?;
                if tokens.len() < 4 {
                    return Err(format!("line {number}: expected Illegal SET SLOT LABEL..."));
                }
                let orbit = orbits
                    .iter()
                    .find(|o| o.name == tokens[1])
                    .ok_or_else(|| format!("line {number}: no set named {:?}", tokens[1]))?;
                let slot = number_in(tokens[2], 1, orbit.size as u64, number)? as usize;
                for token in &tokens[3..] {
                    let label = number_in(token, 1, 255, number)? as u8;
                    section.illegal.push((orbit.offset + slot - 1, label));
                }
            }
            _ => break,
        }
    }
    Ok(section)
}

fn number_in(token: &str, min: u64, max: u64, line: usize) -> Result<u64, String> {
    let value = parse_number(token, max, line)?;
    if value < min {
        return Err(format!("line {line}: {token} is out of range"));
    }
    Ok(value)
}

/// Resolves the move sequences (each may name moves defined after it, as in twsearch) and
/// expands every base move into its powers, rotations apart.
fn expand_moves(
    definition: &mut Definition,
    bases: Vec<(String, Result<Motion, Vec<String>>, usize)>,
) -> Result<(), String> {
    let mut pending = Vec::new();
    for (name, body, line) in bases {
        match body {
            Ok(motion) => add_base(definition, &name, &motion, line)?,
            Err(sequence) => pending.push((name, sequence, line)),
        }
    }
    while !pending.is_empty() {
        let before = pending.len();
        let mut left = Vec::new();
        for (name, sequence, line) in pending {
            let mut motion = Motion {
                from: (0..definition.slots).collect(),
                twist: vec![0; definition.slots],
            };
            let mut known = true;
            for step in &sequence {
                match find_named(definition, step) {
                    Some(m) => motion = compose(&definition.orbits, &motion, &m),
                    None => known = false,
                }
            }
            if known {
                add_base(definition, &name, &motion, line)?;
            } else {
                left.push((name, sequence, line));
            }
        }
        if left.len() == before {
            return Err(format!(
                "line {}: the move sequence {} names an unknown move",
                left[0].2, left[0].0
            ));
        }
        pending = left;
    }
    Ok(())
}

fn find_named(definition: &Definition, name: &str) -> Option<Motion> {
    definition
        .moves
        .iter()
        .chain(&definition.rotations)
        .find(|m| m.name == name)
        .map(|m| m.motion.clone())
}

fn add_base(
    definition: &mut Definition,
    name: &str,
    motion: &Motion,
    line: usize,
) -> Result<(), String> {
    let mut expanded = powers(&definition.orbits, name, motion, line)?;
    for m in &expanded {
        if find_named(definition, &m.name).is_some() {
            return Err(format!("line {line}: a second move named {}", m.name));
        }
    }
    let list = if is_rotation(name) {
        &mut definition.rotations
    } else {
        &mut definition.moves
    };
    let base = list.len();
    for m in &mut expanded {
        m.inverse += base;
    }
    list.extend(expanded);
    Ok(())
}

/// Reads the scramble blocks after the definition.
fn read_scrambles(reader: &mut Reader, definition: &mut Definition) -> Result<(), String> {
    while let Some(line) = reader.peek() {
        let number = line.number;
        let tokens = line.tokens.clone();
        reader.next("a scramble")?;
        let kind = match tokens[0] {
            "ScrambleAlg" => None,
            "Scramble" => Some(false),
            "ScrambleState" => Some(true),
            other => {
                return Err(format!("line {number}: unexpected {other:?}"));
            }
        };
        if tokens.len() != 2 {
            return Err(format!("line {number}: expected {} NAME", tokens[0]));
        }
        let state = match kind {
            Some(zero_based) => {
                let block = read_block(
                    reader,
                    &definition.orbits,
                    BlockKind::Scramble { zero_based },
                )?;
                scramble_from(&block, definition, zero_based, number)?
            }
            None => read_algorithm(reader, definition)?,
        };
        definition.scrambles.push(Scramble {
            name: tokens[1].to_string(),
            state,
        });
    }
    Ok(())
}

/// The position a `ScrambleAlg`'s moves make from Solved (any power of any move or rotation).
fn read_algorithm(reader: &mut Reader, definition: &Definition) -> Result<State, String> {
    let mut state = definition.solved.clone();
    loop {
        let line = reader.next("End")?;
        if line.tokens[0] == "End" {
            expect_tokens(line, 1)?;
            return Ok(state);
        }
        for token in &line.tokens {
            let motion = find_named(definition, token)
                .ok_or_else(|| format!("line {}: no move named {token:?}", line.number))?;
            state = definition.apply(&state, &motion);
        }
    }
}

/// Reads a definition and the scrambles after it.
pub fn parse(input: &str) -> Result<Definition, String> {
    let lines = lines(input);
    let last_line = input.split('\n').count();
    let mut reader = Reader {
        lines,
        at: 0,
        last_line,
    };
    let orbits = read_orbits(&mut reader)?;
    let line = reader.next("Solved")?;
    let zero_based = match line.tokens[0] {
        "Solved" => false,
        "StartState" => true,
        other => {
            return Err(format!(
                "line {}: expected Solved, found {other:?}",
                line.number
            ));
        }
    };
    expect_tokens(line, 1)?;
    let solved_line = line.number;
    let block = read_block(&mut reader, &orbits, BlockKind::Solved { zero_based })?;
    let (solved, wild) = solved_from(&block, &orbits, zero_based, solved_line)?;
    let section = read_moves(&mut reader, &orbits)?;
    let mut definition = Definition {
        slots: orbits.iter().map(|o| o.size).sum(),
        orbits,
        solved,
        wild,
        moves: Vec::new(),
        rotations: Vec::new(),
        illegal: section.illegal,
        scrambles: Vec::new(),
    };
    expand_moves(&mut definition, section.bases)?;
    if definition.moves.is_empty() {
        return Err(format!("line {}: the file defines no move", solved_line));
    }
    read_scrambles(&mut reader, &mut definition)?;
    Ok(definition)
}
