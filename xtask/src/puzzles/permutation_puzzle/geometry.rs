//! The shipped definition files, written from the puzzles' rules: each twisty puzzle is pieces
//! at points of space with stickers facing out, and a turn is a rotation of the pieces on one
//! side of a cut; the rotation's effect on each piece's stickers gives the permutation and the
//! twists. Pancake stacks and Loopover are written from their moves directly. Nothing here comes
//! from twsearch's samples or cubing.js: the files are checked against published counts and
//! against `twsearch -g` instead (testdata/permutation-puzzle/README.md).

use std::fmt::Write as _;

type Vector = [i32; 3];

/// A rotation of space that maps the cube to itself: `image[i] = sign[i] * v[axis[i]]`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rotation {
    axis: [usize; 3],
    sign: [i32; 3],
}

impl Rotation {
    fn apply(self, v: Vector) -> Vector {
        [0, 1, 2].map(|i| self.sign[i] * v[self.axis[i]])
    }

    /// The 24 rotations of the cube (signed permutation matrices of determinant 1).
    fn all() -> Vec<Rotation> {
        let mut all = Vec::new();
        for axis in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let odd = matches!(axis, [0, 2, 1] | [1, 0, 2] | [2, 1, 0]);
            for bits in 0..8 {
                let sign = [0, 1, 2].map(|i| if bits >> i & 1 == 1 { -1 } else { 1 });
                let negative = sign.iter().filter(|&&s| s < 0).count() % 2 == 1;
                if odd == negative {
                    all.push(Rotation { axis, sign });
                }
            }
        }
        all
    }

    /// The turn by a `1/order` of a revolution about `axis`, clockwise seen from the side
    /// `axis` points to.
    fn clockwise(axis: Vector, order: usize) -> Rotation {
        let probe = [
            axis[1] - axis[2] + 7,
            axis[2] - axis[0] + 3,
            axis[0] - axis[1] + 5,
        ];
        Rotation::all()
            .into_iter()
            .find(|&r| {
                let image = r.apply(probe);
                r.apply(axis) == axis && order_of(r) == order && dot(cross(probe, image), axis) < 0
            })
            .expect("a rotation of the cube about that axis")
    }
}

fn order_of(rotation: Rotation) -> usize {
    let probe = [1, 2, 3];
    let mut v = rotation.apply(probe);
    let mut order = 1;
    while v != probe {
        v = rotation.apply(v);
        order += 1;
    }
    order
}

fn dot(a: Vector, b: Vector) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vector, b: Vector) -> Vector {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A slot: where its piece sits and the directions its stickers face, in a fixed turning order
/// (sticker 0 is the reference the orientation counts from).
struct Slot {
    at: Vector,
    stickers: Vec<Vector>,
}

/// A set of slots with pieces of the same kind.
struct OrbitShape {
    name: &'static str,
    slots: Vec<Slot>,
}

/// A turn: the pieces on the positive side of `dot(at, axis) > cut`, rotated.
struct Turn {
    name: String,
    axis: Vector,
    order: usize,
    cut: i32,
}

/// The stickers of a piece at `at` facing `faces`, ordered so that every piece turns the same
/// way (the triple product of the first three is negative) starting with `first`.
fn ordered(first: Vector, mut faces: Vec<Vector>) -> Vec<Vector> {
    faces.retain(|&f| f != first);
    faces.sort();
    let mut stickers = vec![first];
    if faces.len() == 2 && dot(cross(first, faces[0]), faces[1]) > 0 {
        faces.swap(0, 1);
    }
    stickers.extend(faces);
    stickers
}

/// Writes the `Move` block of `turn` for these orbits (orientations by piece, as ksolve files
/// have them).
fn move_block(text: &mut String, orbits: &[OrbitShape], turn: &Turn) {
    let rotation = Rotation::clockwise(turn.axis, turn.order);
    writeln!(text, "Move {}", turn.name).expect("string");
    for orbit in orbits {
        let n = orbit.slots.len();
        let mut source_of = vec![0; n];
        let mut twist_of_piece = vec![0; n];
        for (s, slot) in orbit.slots.iter().enumerate() {
            if dot(slot.at, turn.axis) <= turn.cut {
                source_of[s] = s;
                continue;
            }
            let at = rotation.apply(slot.at);
            let t = orbit
                .slots
                .iter()
                .position(|other| other.at == at)
                .expect("the turn maps slots to slots");
            let sticker = rotation.apply(slot.stickers[0]);
            let twist = orbit.slots[t]
                .stickers
                .iter()
                .position(|&f| f == sticker)
                .expect("the turn maps stickers to stickers");
            source_of[t] = s;
            twist_of_piece[s] = twist;
        }
        if source_of.iter().enumerate().all(|(t, &s)| t == s)
            && twist_of_piece.iter().all(|&w| w == 0)
        {
            continue;
        }
        writeln!(text, "{}", orbit.name).expect("string");
        let line: Vec<String> = source_of.iter().map(|s| (s + 1).to_string()).collect();
        writeln!(text, "{}", line.join(" ")).expect("string");
        if orbit.slots[0].stickers.len() > 1 {
            let line: Vec<String> = twist_of_piece.iter().map(usize::to_string).collect();
            writeln!(text, "{}", line.join(" ")).expect("string");
        }
    }
    writeln!(text, "End").expect("string");
}

/// A whole definition file: header comment, sets, Solved (distinct pieces unless `labels`
/// says otherwise), the turns.
fn twisty(
    name: &str,
    comment: &str,
    orbits: &[OrbitShape],
    solved: &[(&str, &str)],
    turns: &[Turn],
) -> String {
    let mut text = String::new();
    for line in comment.lines() {
        writeln!(text, "# {line}").expect("string");
    }
    writeln!(text, "Name {name}").expect("string");
    for orbit in orbits {
        let omod = orbit.slots[0].stickers.len();
        writeln!(text, "Set {} {} {}", orbit.name, orbit.slots.len(), omod).expect("string");
    }
    writeln!(text, "Solved").expect("string");
    for orbit in orbits {
        writeln!(text, "{}", orbit.name).expect("string");
        match solved.iter().find(|(set, _)| *set == orbit.name) {
            Some((_, lines)) => text.push_str(lines),
            None => {
                let line: Vec<String> = (1..=orbit.slots.len()).map(|i| i.to_string()).collect();
                writeln!(text, "{}", line.join(" ")).expect("string");
            }
        }
    }
    writeln!(text, "End").expect("string");
    for turn in turns {
        move_block(&mut text, orbits, turn);
    }
    text
}

/// The corners of a cube at `(±1, ±1, ±1)`, in the order UFR, UFL, UBL, UBR, DFR, DFL, DBL,
/// DBR (x right, y up, z front); sticker 0 faces up or down.
fn cube_corners() -> OrbitShape {
    let signs = [
        [1, 1, 1],
        [-1, 1, 1],
        [-1, 1, -1],
        [1, 1, -1],
        [1, -1, 1],
        [-1, -1, 1],
        [-1, -1, -1],
        [1, -1, -1],
    ];
    OrbitShape {
        name: "CORNERS",
        slots: signs
            .iter()
            .map(|&[x, y, z]| Slot {
                at: [x, y, z],
                stickers: ordered([0, y, 0], vec![[x, 0, 0], [0, y, 0], [0, 0, z]]),
            })
            .collect(),
    }
}

fn face_turn(name: &str, axis: Vector) -> Turn {
    Turn {
        name: name.to_string(),
        axis,
        order: 4,
        cut: 0,
    }
}

const U: Vector = [0, 1, 0];
const D: Vector = [0, -1, 0];
const R: Vector = [1, 0, 0];
const L: Vector = [-1, 0, 0];
const F: Vector = [0, 0, 1];
const B: Vector = [0, 0, -1];

/// The 2x2x2 cube with its DBL corner fixed: turns U, R and F.
pub fn cube2_fixed_corner() -> String {
    twisty(
        "Cube2x2x2FixedCorner",
        "2x2x2 cube, corner DBL fixed: the turns of the U, R and F faces.\n\
         Corner slots UFR UFL UBL UBR DFR DFL DBL DBR; orientation 0 = U/D sticker up or down.",
        &[cube_corners()],
        &[],
        &[face_turn("U", U), face_turn("R", R), face_turn("F", F)],
    )
}

/// The 2x2x2 cube turned by all six faces, nothing fixed, with the whole-cube rotations
/// `x`, `y`, `z` (symmetries, never search moves).
pub fn cube2_six_faces() -> String {
    let mut turns = vec![
        face_turn("U", U),
        face_turn("D", D),
        face_turn("L", L),
        face_turn("R", R),
        face_turn("F", F),
        face_turn("B", B),
    ];
    for (name, axis) in [("x", R), ("y", U), ("z", F)] {
        turns.push(Turn {
            name: name.to_string(),
            axis,
            order: 4,
            cut: -9,
        });
    }
    twisty(
        "Cube2x2x2SixFaces",
        "2x2x2 cube turned by all six faces, nothing fixed; x, y, z turn the whole cube.\n\
         Corner slots UFR UFL UBL UBR DFR DFL DBL DBR; orientation 0 = U/D sticker up or down.",
        &[cube_corners()],
        &[],
        &turns,
    )
}

/// The fixed-corner 2x2x2 where only the U layer's colour matters: the four U pieces are
/// identical with their orientation kept, the four D pieces identical with it ignored.
pub fn cube2_u_layer() -> String {
    twisty(
        "Cube2x2x2ULayer",
        "2x2x2 cube, corner DBL fixed, turns U, R, F; solved when the four U-coloured corners\n\
         are in the U layer with their U sticker up (identical pieces; D pieces' twist ignored).",
        &[cube_corners()],
        &[("CORNERS", "1 1 1 1 2 2 2 2\n0 0 0 0 ? ? ? ?\n")],
        &[face_turn("U", U), face_turn("R", R), face_turn("F", F)],
    )
}

/// The fixed-corner 2x2x2 with one more move defined as a sequence: `S` is `R U`, of order
/// 15, so its powers run up to `S7` and `S7'`.
pub fn cube2_sequence() -> String {
    let mut text = cube2_fixed_corner().replace("Cube2x2x2FixedCorner", "Cube2x2x2WithSequence");
    text = text.replacen(
        "# 2x2x2 cube",
        "# A MoveSequence: S = R U (order 15: S, S2, ..., S7, S7', ..., S').\n# 2x2x2 cube",
        1,
    );
    text.push_str("MoveSequence S R U\n");
    text
}

/// The vertices of the tetrahedron, at alternate corners of the cube: U, L, R, B.
const VERTICES: [(&str, Vector); 4] = [
    ("U", [1, 1, 1]),
    ("L", [-1, 1, -1]),
    ("R", [1, -1, -1]),
    ("B", [-1, -1, 1]),
];

/// Stickers of a piece at vertex `v`: on the three faces around it (the faces opposite the
/// other vertices face away from them).
fn vertex_stickers(v: Vector) -> Vec<Vector> {
    let faces: Vec<Vector> = VERTICES
        .iter()
        .filter(|(_, w)| *w != v)
        .map(|(_, w)| w.map(|c| -c))
        .collect();
    let first = *faces.iter().min().expect("three faces");
    ordered(first, faces)
}

/// The pyraminx: six edges at the edge midpoints, four axial centres and (optionally) four
/// tips; turns of a vertex's big layer (capitals) and of its tip alone (lower case).
pub fn pyraminx(with_tips: bool) -> String {
    let mut edges = Vec::new();
    for (i, &(_, a)) in VERTICES.iter().enumerate() {
        for &(_, b) in &VERTICES[i + 1..] {
            let at = [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
            let mut faces: Vec<Vector> = VERTICES
                .iter()
                .filter(|(_, w)| *w != a && *w != b)
                .map(|(_, w)| w.map(|c| -c))
                .collect();
            faces.sort();
            edges.push(Slot {
                at,
                stickers: faces,
            });
        }
    }
    let at_vertices = |scale: i32| -> Vec<Slot> {
        VERTICES
            .iter()
            .map(|&(_, v)| Slot {
                at: v.map(|c| c * scale),
                stickers: vertex_stickers(v),
            })
            .collect()
    };
    let mut orbits = vec![
        OrbitShape {
            name: "EDGES",
            slots: edges,
        },
        OrbitShape {
            name: "CENTERS",
            slots: at_vertices(2),
        },
    ];
    let mut turns: Vec<Turn> = VERTICES
        .iter()
        .map(|&(name, v)| Turn {
            name: name.to_string(),
            axis: v,
            order: 3,
            cut: 0,
        })
        .collect();
    if with_tips {
        orbits.push(OrbitShape {
            name: "TIPS",
            slots: at_vertices(3),
        });
        turns.extend(VERTICES.iter().map(|&(name, v)| Turn {
            name: name.to_lowercase(),
            axis: v,
            order: 3,
            cut: 7,
        }));
    }
    let (name, comment) = if with_tips {
        (
            "Pyraminx",
            "Pyraminx: edges, axial centres and tips; U L R B turn a vertex's big layer,\n\
             u l r b its tip alone.",
        )
    } else {
        (
            "PyraminxNoTips",
            "Pyraminx without its tips: edges and axial centres; U L R B turn a vertex's layer.",
        )
    };
    twisty(name, comment, &orbits, &[], &turns)
}

/// The skewb: eight corners and six centres; a turn rotates the half of the cube around a
/// corner by a third. With `fixed_corner`, only the four turns that leave UFR in place (about
/// DBR, UBL, DFL and DBL, named R, U, L, B as in WCA notation); otherwise one turn per corner.
pub fn skewb(fixed_corner: bool) -> String {
    let corners = cube_corners();
    let centres = OrbitShape {
        name: "CENTERS",
        slots: [U, D, L, R, F, B]
            .iter()
            .map(|&at| Slot {
                at,
                stickers: vec![at],
            })
            .collect(),
    };
    let corner_names = ["UFR", "UFL", "UBL", "UBR", "DFR", "DFL", "DBL", "DBR"];
    let turns: Vec<Turn> = if fixed_corner {
        [
            ("R", [1, -1, -1]),
            ("U", [-1, 1, -1]),
            ("L", [-1, -1, 1]),
            ("B", [-1, -1, -1]),
        ]
        .iter()
        .map(|&(name, axis)| Turn {
            name: name.to_string(),
            axis,
            order: 3,
            cut: 0,
        })
        .collect()
    } else {
        corners
            .slots
            .iter()
            .zip(corner_names)
            .map(|(slot, name)| Turn {
                name: name.to_string(),
                axis: slot.at,
                order: 3,
                cut: 0,
            })
            .collect()
    };
    let (name, comment) = if fixed_corner {
        (
            "SkewbFixedCorner",
            "Skewb, corner UFR fixed: turns about DBR (R), UBL (U), DFL (L) and DBL (B).\n\
             Corner slots UFR UFL UBL UBR DFR DFL DBL DBR; centres U D L R F B.",
        )
    } else {
        (
            "Skewb",
            "Skewb, nothing fixed: a turn about each of the eight corners, named by the corner.\n\
             Corner slots UFR UFL UBL UBR DFR DFL DBL DBR; centres U D L R F B.",
        )
    };
    twisty(name, comment, &[corners, centres], &[], &turns)
}

/// One line of numbers.
fn numbers(values: impl Iterator<Item = usize>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

/// A stack of `n` pancakes, slot 1 on top; `Pk` flips the top `k` (k = 2..n), or with `burnt`
/// also turns each of them over (k = 1..n; one orientation bit, 0 burnt side down).
pub fn pancakes(n: usize, burnt: bool) -> String {
    let mut text = String::new();
    if burnt {
        writeln!(
            text,
            "# {n} burnt pancakes, slot 1 on top; Pk flips the top k over."
        )
        .expect("string");
        writeln!(text, "Name BurntPancakes{n}\nSet STACK {n} 2").expect("string");
    } else {
        writeln!(
            text,
            "# {n} pancakes, slot 1 on top; Pk flips the top k over."
        )
        .expect("string");
        writeln!(text, "Name Pancakes{n}\nSet STACK {n} 1").expect("string");
    }
    writeln!(text, "Solved\nSTACK\n{}\nEnd", numbers(1..=n)).expect("string");
    for k in if burnt { 1 } else { 2 }..=n {
        let from = (1..=n).map(|i| if i <= k { k + 1 - i } else { i });
        writeln!(text, "Move P{k}\nSTACK\n{}", numbers(from)).expect("string");
        if burnt {
            let turned = (1..=n).map(|i| usize::from(i <= k));
            writeln!(text, "{}", numbers(turned)).expect("string");
        }
        writeln!(text, "End").expect("string");
    }
    text
}

/// Loopover on a 3x3 grid, slots row by row: `Rk` shifts row k right (`Rk'` left), `Ck`
/// shifts column k down (`Ck'` up). With `rows_only`, the tiles of a row are identical (only
/// which row each tile belongs to matters).
pub fn loopover(rows_only: bool) -> String {
    let mut text = String::new();
    if rows_only {
        writeln!(
            text,
            "# Loopover 3x3 where only the rows matter: the three tiles of a row are identical.\n\
             # Rk shifts row k right, Ck shifts column k down.\n\
             Name Loopover3x3Rows\nSet TILES 9 1\nSolved\nTILES\n1 1 1 2 2 2 3 3 3\nEnd"
        )
        .expect("string");
    } else {
        writeln!(
            text,
            "# Loopover 3x3: nine distinct tiles, slots row by row.\n\
             # Rk shifts row k right, Ck shifts column k down.\n\
             Name Loopover3x3\nSet TILES 9 1\nSolved\nTILES\n{}\nEnd",
            numbers(1..=9)
        )
        .expect("string");
    }
    for k in 0..3 {
        let mut from: Vec<usize> = (1..=9).collect();
        for c in 0..3 {
            from[3 * k + (c + 1) % 3] = 3 * k + c + 1;
        }
        writeln!(
            text,
            "Move R{}\nTILES\n{}\nEnd",
            k + 1,
            numbers(from.into_iter())
        )
        .expect("string");
    }
    for k in 0..3 {
        let mut from: Vec<usize> = (1..=9).collect();
        for r in 0..3 {
            from[3 * ((r + 1) % 3) + k] = 3 * r + k + 1;
        }
        writeln!(
            text,
            "Move C{}\nTILES\n{}\nEnd",
            k + 1,
            numbers(from.into_iter())
        )
        .expect("string");
    }
    text
}

/// Loopover 3x3 where tile 5 may never enter the corners and tile 1 never the centre
/// (`Illegal` lines).
pub fn loopover_illegal() -> String {
    let mut text = loopover(false).replace("Name Loopover3x3", "Name Loopover3x3Illegal");
    text = text.replacen(
        "# Loopover 3x3:",
        "# Illegal lines: tile 5 never in a corner, tile 1 never in the centre.\n# Loopover 3x3:",
        1,
    );
    for slot in [1, 3, 7, 9] {
        writeln!(text, "Illegal TILES {slot} 5").expect("string");
    }
    writeln!(text, "Illegal TILES 5 1").expect("string");
    text
}

/// Every shipped definition: file name (without `.tws`) and text.
pub fn definitions() -> Vec<(String, String)> {
    let mut all = vec![
        ("cube2_fixed_corner".to_string(), cube2_fixed_corner()),
        ("cube2_six_faces".to_string(), cube2_six_faces()),
        ("cube2_u_layer".to_string(), cube2_u_layer()),
        ("cube2_sequence".to_string(), cube2_sequence()),
        ("pyraminx".to_string(), pyraminx(true)),
        ("pyraminx_no_tips".to_string(), pyraminx(false)),
        ("skewb_fixed_corner".to_string(), skewb(true)),
        ("skewb".to_string(), skewb(false)),
        ("loopover_3x3".to_string(), loopover(false)),
        ("loopover_3x3_rows".to_string(), loopover(true)),
        ("loopover_3x3_illegal".to_string(), loopover_illegal()),
    ];
    for n in 4..=8 {
        all.push((format!("pancakes_{n}"), pancakes(n, false)));
    }
    for n in 4..=8 {
        all.push((format!("burnt_pancakes_{n}"), pancakes(n, true)));
    }
    all
}
