//! The generated files of `testdata/permutation-puzzle/`, written by
//! `cargo xtask gen-testdata permutation-puzzle`: the definition files ([`super::geometry`]),
//! their distributions and random scrambles with the oracle's answers ([`super::oracle`]),
//! never the solver's. `bad/` and the `.out` files of `large/` (from `twsearch -g`) are not
//! touched.

use std::fmt::Write as _;
use std::path::Path;

use super::definition::{Definition, State, parse};
use super::geometry::definitions;
use crate::kit::generate::{Rng, write_case};

/// Distributions the oracle computes in seconds (at most a few million states).
const LEVELS: &[&str] = &[
    "cube2_fixed_corner",
    "cube2_u_layer",
    "cube2_sequence",
    "pyraminx_no_tips",
    "skewb_fixed_corner",
    "loopover_3x3",
    "loopover_3x3_rows",
    "loopover_3x3_illegal",
    "pancakes_4",
    "pancakes_5",
    "pancakes_6",
    "pancakes_7",
    "pancakes_8",
    "burnt_pancakes_4",
    "burnt_pancakes_5",
    "burnt_pancakes_6",
    "burnt_pancakes_7",
];

/// Distributions where the quarter-turn metric differs.
const LEVELS_QTM: &[&str] = &["cube2_fixed_corner", "cube2_u_layer", "cube2_sequence"];

/// Puzzles too large for the oracle's full search (10 to 88 million states): their cases go to
/// `large/`, with a time limit of their own; `large/levels/` holds their definitions, whose
/// `.out` was copied from `twsearch -g`.
const LARGE: &[&str] = &["cube2_six_faces", "skewb", "pyraminx", "burnt_pancakes_8"];

/// The time limit in seconds of `large/` (a quarter of it is what a case should need).
const LARGE_LIMIT: u32 = 160;

/// Definitions where a position no move sequence reaches is cheap for the oracle to refute,
/// with how it is made from Solved: `(slot, new label)` swaps or an orientation raised.
const UNREACHABLE: &[(&str, Unreachable)] = &[
    ("cube2_fixed_corner", Unreachable::Twist(0)),
    ("cube2_sequence", Unreachable::Twist(0)),
    ("pyraminx_no_tips", Unreachable::Twist(0)),
    ("skewb_fixed_corner", Unreachable::Swap(8, 9)),
    ("loopover_3x3", Unreachable::Swap(0, 1)),
    ("loopover_3x3_illegal", Unreachable::Swap(1, 2)),
];

/// How an unreachable position is made from Solved.
#[derive(Clone, Copy)]
enum Unreachable {
    /// The piece in this slot turned by one.
    Twist(usize),
    /// The pieces of these two slots exchanged.
    Swap(usize, usize),
}

pub fn generate(root: &Path) -> Result<(), String> {
    std::fs::create_dir_all(root).map_err(|e| e.to_string())?;
    let all = definitions();
    for (name, text) in &all {
        std::fs::write(root.join(format!("{name}.tws")), text).map_err(|e| e.to_string())?;
    }
    let text_of = |wanted: &str| -> &str {
        &all.iter()
            .find(|(name, _)| name == wanted)
            .expect("a shipped definition")
            .1
    };
    let htm = |input: &str| super::oracle::solve(&[], input);
    let qtm = |input: &str| super::oracle::solve(&["--qtm".to_string()], input);
    for name in LEVELS {
        write_case(&root.join("levels"), name, text_of(name), htm)?;
    }
    for name in LEVELS_QTM {
        write_case(&root.join("levels-qtm"), name, text_of(name), qtm)?;
    }
    write_args(&root.join("levels-qtm"), "--qtm")?;
    for name in ["loopover_3x3", "pancakes_8"] {
        write_case(&root.join("threads"), name, text_of(name), htm)?;
    }
    write_args(&root.join("threads"), "--threads 2")?;
    let large = root.join("large");
    for name in LARGE {
        let folder = large.join("levels");
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        std::fs::write(folder.join(format!("{name}.in")), text_of(name))
            .map_err(|e| e.to_string())?;
    }
    let mut rng = Rng::new(20_261_205);
    for (name, text) in &all {
        let input = with_scrambles(name, text, false, &mut rng)?;
        let folder = if LARGE.contains(&name.as_str()) {
            large.join("scrambles")
        } else {
            root.join("scrambles")
        };
        write_case(&folder, name, &input, htm)?;
    }
    for name in [
        "cube2_fixed_corner",
        "cube2_six_faces",
        "cube2_sequence",
        "cube2_u_layer",
    ] {
        let input = with_scrambles(name, text_of(name), true, &mut rng)?;
        let folder = if LARGE.contains(&name) {
            large.join("scrambles-qtm")
        } else {
            root.join("scrambles-qtm")
        };
        write_case(&folder, name, &input, qtm)?;
    }
    write_args(&root.join("scrambles-qtm"), "--qtm")?;
    write_args(&large.join("scrambles-qtm"), "--qtm")?;
    for folder in ["levels", "scrambles", "scrambles-qtm"] {
        std::fs::write(large.join(folder).join("limit"), format!("{LARGE_LIMIT}\n"))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn write_args(folder: &Path, args: &str) -> Result<(), String> {
    std::fs::write(folder.join("args"), format!("{args}\n")).map_err(|e| e.to_string())
}

/// `text` followed by random scrambles: move sequences of several lengths (over the metric's
/// moves; one over two lines, one with a rotation where the file has rotations), a position
/// block 1-based and one 0-based, and an unreachable position where the oracle refutes it
/// cheaply.
fn with_scrambles(
    name: &str,
    text: &str,
    quarter_turns: bool,
    rng: &mut Rng,
) -> Result<String, String> {
    let definition = parse(text).map_err(|why| format!("{name}.tws: {why}"))?;
    let moves = definition.moves_of(quarter_turns);
    let mut input = text.to_string();
    let lengths = [0usize, 1, 2, 5, 8, 12, 16, 20, 30];
    for (i, &length) in lengths.iter().enumerate() {
        let names: Vec<&str> = (0..length)
            .map(|_| moves[rng.below(moves.len() as u64) as usize].name.as_str())
            .collect();
        let body = if length > 10 {
            format!(
                "{}\n{}",
                names[..length / 2].join(" "),
                names[length / 2..].join(" ")
            )
        } else {
            names.join(" ")
        };
        let body = if body.is_empty() {
            String::new()
        } else {
            format!("{body}\n")
        };
        writeln!(input, "ScrambleAlg alg{i}_len{length}\n{body}End").expect("string");
    }
    if let Some(rotation) = definition.rotations.first() {
        let m = &moves[rng.below(moves.len() as u64) as usize];
        writeln!(
            input,
            "ScrambleAlg with_rotation\n{} {}\nEnd",
            m.name, rotation.name
        )
        .expect("string");
    }
    for (header, zero_based) in [("Scramble position", false), ("ScrambleState state", true)] {
        let mut state = definition.solved.clone();
        for _ in 0..25 {
            let m = &moves[rng.below(moves.len() as u64) as usize];
            state = definition.apply(&state, &m.motion);
        }
        input.push_str(&position_block(header, &definition, &state, zero_based));
    }
    if let Some(&(_, how)) = UNREACHABLE.iter().find(|(n, _)| *n == name) {
        let mut state = definition.solved.to_vec();
        let n = definition.slots;
        match how {
            Unreachable::Twist(slot) => state[n + slot] = 1,
            Unreachable::Swap(a, b) => state.swap(a, b),
        }
        input.push_str(&position_block(
            "Scramble unreachable",
            &definition,
            &state.into_boxed_slice(),
            false,
        ));
    }
    Ok(input)
}

/// A `Scramble` (1-based) or `ScrambleState` (0-based) block of `state`, `?` where Solved has it.
fn position_block(
    header: &str,
    definition: &Definition,
    state: &State,
    zero_based: bool,
) -> String {
    let mut block = format!("{header}\n");
    let n = definition.slots;
    for (orbit_index, orbit) in definition.orbits.iter().enumerate() {
        let slots = orbit.offset..orbit.offset + orbit.size;
        let labels: Vec<String> = slots
            .clone()
            .map(|s| (u32::from(state[s]) - u32::from(zero_based)).to_string())
            .collect();
        writeln!(block, "{}\n{}", orbit.name, labels.join(" ")).expect("string");
        if orbit.omod > 1 {
            let twists: Vec<String> = slots
                .map(|s| {
                    if definition.wild[orbit_index][usize::from(state[s])] {
                        "?".to_string()
                    } else {
                        state[n + s].to_string()
                    }
                })
                .collect();
            writeln!(block, "{}", twists.join(" ")).expect("string");
        }
    }
    block.push_str("End\n");
    block
}
