//! The permutation-puzzle oracle against published answers on the shipped definitions, its
//! reader against broken files, and the checker against wrong answers.

use super::PUZZLE;
use super::definition::{is_rotation, parse};
use super::geometry;
use super::oracle::{levels, solve};
use crate::kit::testing::run_checker;

/// The states at each distance from Solved, in a metric.
fn distribution(text: &str, quarter_turns: bool) -> Vec<u64> {
    let definition = parse(text).expect("a shipped definition reads");
    levels(&definition, &definition.moves_of(quarter_turns))
}

#[test]
#[ignore = "two breadth-first searches of 3,674,160 states: a minute or two; run with --include-ignored"]
fn the_fixed_corner_2x2x2_has_the_published_distributions() {
    let text = geometry::cube2_fixed_corner();
    assert_eq!(
        distribution(&text, false),
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(
        distribution(&text, true),
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

#[test]
fn the_pyraminx_without_tips_has_933120_states_and_gods_number_11() {
    let levels = distribution(&geometry::pyraminx(false), false);
    assert_eq!(levels.iter().sum::<u64>(), 933_120);
    assert_eq!(levels.len() - 1, 11);
}

#[test]
#[ignore = "a breadth-first search of 3,149,280 states: about a minute; run with --include-ignored"]
fn the_fixed_corner_skewb_has_3149280_states_and_gods_number_11() {
    let levels = distribution(&geometry::skewb(true), false);
    assert_eq!(levels.iter().sum::<u64>(), 3_149_280);
    assert_eq!(levels.len() - 1, 11);
}

#[test]
fn pancake_stacks_have_the_published_diameters_and_rows() {
    // OEIS A058986 from n = 2 (n = 1 has no flip), and A092113's row for n = 4.
    let diameters = [1, 3, 4, 5, 7, 8];
    for (n, &diameter) in (2..=7).zip(&diameters) {
        let levels = distribution(&geometry::pancakes(n, false), false);
        assert_eq!(levels.len() - 1, diameter, "{n} pancakes");
        assert_eq!(levels.iter().sum::<u64>(), (1..=n as u64).product::<u64>());
    }
    assert_eq!(
        distribution(&geometry::pancakes(4, false), false),
        [1, 3, 6, 11, 3]
    );
    // OEIS A078941.
    let burnt = [1, 4, 6, 8, 10, 12, 14];
    for (n, &diameter) in (1..=7).zip(&burnt) {
        let levels = distribution(&geometry::pancakes(n, true), false);
        assert_eq!(levels.len() - 1, diameter, "{n} burnt pancakes");
        assert_eq!(
            levels.iter().sum::<u64>(),
            (1..=n as u64).product::<u64>() << n
        );
    }
}

#[test]
fn loopover_reaches_the_even_permutations_only() {
    let levels = distribution(&geometry::loopover(false), false);
    assert_eq!(levels.iter().sum::<u64>(), 181_440);
    // Identical tiles of a row: every arrangement of three rows' tiles, 9! / 3!^3.
    let levels = distribution(&geometry::loopover(true), false);
    assert_eq!(levels.iter().sum::<u64>(), 1680);
}

#[test]
fn identical_pieces_and_ignored_orientations_count_once() {
    // Four U corners among seven movable slots, each with three orientations.
    let levels = distribution(&geometry::cube2_u_layer(), false);
    assert_eq!(levels.iter().sum::<u64>(), 35 * 81);
}

#[test]
fn illegal_states_are_never_entered() {
    let free = distribution(&geometry::loopover(false), false);
    let fenced = distribution(&geometry::loopover_illegal(), false);
    assert!(fenced.iter().sum::<u64>() < free.iter().sum::<u64>());
    // Tile 5 never sits in a corner, tile 1 never in the centre: 9!/2 minus those.
    let definition = parse(&geometry::loopover_illegal()).expect("reads");
    assert_eq!(definition.illegal.len(), 5);
}

#[test]
fn powers_are_named_as_twsearch_names_them() {
    let definition = parse(&geometry::cube2_sequence()).expect("reads");
    let names: Vec<&str> = definition.moves.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'", "S", "S2", "S3", "S4", "S5", "S6",
            "S7", "S7'", "S6'", "S5'", "S4'", "S3'", "S2'", "S'"
        ]
    );
    let quarter: Vec<String> = definition
        .moves_of(true)
        .into_iter()
        .map(|m| m.name)
        .collect();
    assert_eq!(quarter, ["U", "U'", "R", "R'", "F", "F'", "S", "S'"]);
    let six = parse(&geometry::cube2_six_faces()).expect("reads");
    assert_eq!(six.moves.len(), 18);
    assert_eq!(six.rotations.len(), 9);
}

#[test]
fn rotations_are_recognised_by_name() {
    for name in ["x", "y2", "z'", "Fv", "DFRv", "_v", "BR_v"] {
        assert!(is_rotation(name), "{name}");
    }
    for name in ["X", "x3", "v", "Fvv", "fv", "F", "R2v", "xy"] {
        assert!(!is_rotation(name), "{name}");
    }
}

#[test]
fn scrambles_get_their_distances_and_moves() {
    let mut input = geometry::cube2_fixed_corner();
    input.push_str("ScrambleAlg a\nR U\nF2\nEnd\nScrambleAlg none\nEnd\n");
    input.push_str("ScrambleState zero\nCORNERS\n3 0 1 2 4 5 6 7\nEnd\n");
    assert_eq!(solve(&[], &input), "a 3 F2 U' R'\nnone 0\nzero 1 U'\n");
    // A twisted corner of a small cube (two pieces, one turn) cannot be reached.
    let input = "Set C 2 3\nSolved\nC\n1 2\nEnd\nMove T\nC\n2 1\n1 2\nEnd\n\
                 Scramble twisted\nC\n1 2\n1 0\nEnd\nScramble turned\nC\n2 1\n2 1\nEnd\n";
    assert_eq!(solve(&[], input), "twisted -1\nturned 1 T\n");
}

#[test]
fn orientations_of_moves_are_read_by_piece() {
    // A 3-cycle of slots whose twists differ: read by piece, the piece from slot 1 (twist 1)
    // lands in slot 2; read by slot, slot 2's twist would be 0.
    let input =
        "Set P 3 3\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n3 1 2\n1 0 0\nEnd\nScrambleAlg m\nM\nEnd\n";
    let definition = parse(input).expect("reads");
    assert_eq!(&definition.scrambles[0].state[3..], [0, 1, 0]);
}

#[test]
fn the_reader_refuses_broken_files() {
    let good = "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\n";
    assert!(parse(good).is_ok());
    let broken = [
        ("no set", "Solved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\n"),
        (
            "unknown word",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nTurn M\nP\n2 3 1\nEnd\n",
        ),
        (
            "not a permutation",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 2 1\nEnd\n",
        ),
        (
            "orientation too high",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\n0 2 0\nEnd\n",
        ),
        (
            "? in a move",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\n0 ? 0\nEnd\n",
        ),
        (
            "set twice",
            "Set P 3 2\nSolved\nP\n1 2 3\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "no End",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\n",
        ),
        ("no move", "Set P 3 2\nSolved\nP\n1 2 3\nEnd\n"),
        (
            "short line",
            "Set P 3 2\nSolved\nP\n1 2\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "sign",
            "Set P 3 2\nSolved\nP\n1 2 +3\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "omod 128",
            "Set P 3 128\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "mixed ?",
            "Set P 3 2\nSolved\nP\n1 1 3\n? 0 0\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "unknown set",
            "Set P 3 2\nSolved\nQ\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "empty set",
            "Set P 3 2\nSolved\nP\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "unknown in sequence",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\nMoveSequence S M N\n",
        ),
        (
            "a second M",
            "Set P 3 2\nSolved\nP\n1 2 3\nEnd\nMove M\nP\n2 3 1\nEnd\nMove M\nP\n2 3 1\nEnd\n",
        ),
        (
            "unknown scramble move",
            &format!("{good}ScrambleAlg s\nM Q\nEnd\n"),
        ),
        (
            "scramble pieces",
            &format!("{good}Scramble s\nP\n1 1 3\nEnd\n"),
        ),
        ("scramble open", &format!("{good}ScrambleAlg s\nM\n")),
        (
            "move after scramble",
            &format!("{good}ScrambleAlg s\nM\nEnd\nMove N\nP\n2 3 1\nEnd\n"),
        ),
        ("illegal slot", &format!("{good}Illegal P 4 1\n")),
    ];
    for (what, text) in broken {
        assert!(parse(text).is_err(), "{what}: read {text:?}");
    }
}

#[test]
fn the_checker_replays_scramble_answers() {
    let mut input = geometry::loopover_illegal();
    input.push_str("ScrambleAlg a\nR1 C3\nEnd\nScramble odd\nTILES\n2 1 3 4 5 6 7 8 9\nEnd\n");
    let expected = solve(&[], &input);
    assert_eq!(expected, "a 2 C3' R1'\nodd -1\n");
    let check = |actual: &str| run_checker(PUZZLE.checker, &[], &input, &expected, actual);
    assert!(check("a 2 C3' R1'\nodd -1\n").is_ok());
    assert!(check("a 2 R1' C3'\nodd -1\n").is_err(), "wrong order");
    assert!(check("a 3 C3' R1' R1\nodd -1\n").is_err(), "too long");
    assert!(check("a 2 C3' R2\nodd -1\n").is_err(), "unknown move");
    assert!(check("b 2 C3' R1'\nodd -1\n").is_err(), "wrong name");
    assert!(check("a 2 C3' R1'\nodd -1\nextra\n").is_err(), "extra line");
    assert!(check("a 2 C3' R1'\n").is_err(), "missing line");
    // Two optimal paths from a legal scramble, one of them through a forbidden state (label 3
    // in slot 4, after `A`).
    let input = "Set P 4 1\nSolved\nP\n1 2 3 4\nEnd\nMove A\nP\n1 3 4 2\nEnd\nMove B\nP\n1 2 4 3\nEnd\n\
                 Illegal P 4 3\nScrambleAlg s\nA B\nEnd\n";
    let expected = solve(&[], input);
    assert_eq!(expected, "s 2 B A'\n");
    assert!(run_checker(PUZZLE.checker, &[], input, &expected, "s 2 B A'\n").is_ok());
    assert!(run_checker(PUZZLE.checker, &[], input, &expected, "s 2 A B\n").is_err());
    // A scramble in a forbidden position is never reached from Solved.
    let forbidden = input.replace("ScrambleAlg s\nA B\nEnd\n", "Scramble f\nP\n1 2 4 3\nEnd\n");
    let forbidden = forbidden.replace("Illegal P 4 3", "Illegal P 3 4");
    assert_eq!(solve(&[], &forbidden), "f -1\n");
    // Distributions are compared line by line.
    let text = geometry::pancakes(4, false);
    let levels = "0 1\n1 3\n2 6\n3 11\n4 3\ntotal 24\n";
    assert_eq!(solve(&[], &text), levels);
    assert!(run_checker(PUZZLE.checker, &[], &text, levels, levels).is_ok());
    assert!(run_checker(PUZZLE.checker, &[], &text, levels, "0 1\n1 3\n").is_err());
}

#[test]
fn the_shipped_files_are_the_generated_ones() {
    let folder = crate::workspace::root().join("testdata/permutation-puzzle");
    for (name, text) in geometry::definitions() {
        let path = folder.join(format!("{name}.tws"));
        let shipped = std::fs::read_to_string(&path).expect("shipped definition");
        assert_eq!(shipped, text, "{}", path.display());
    }
}

#[test]
fn the_reader_refuses_every_file_of_bad() {
    let folder = crate::workspace::root().join("testdata/permutation-puzzle/bad");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("testdata/permutation-puzzle/bad")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        assert!(parse(&text).is_err(), "{} was read", path.display());
    }
}

/// The counts of a `levels` answer in `testdata/permutation-puzzle/`, checked to add up to its
/// `total` line.
fn shipped_levels(path: &str) -> Vec<u64> {
    let file = crate::workspace::root()
        .join("testdata/permutation-puzzle")
        .join(path);
    let text = std::fs::read_to_string(&file).expect("a shipped answer");
    let mut levels = Vec::new();
    for (distance, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        if words[0] == "total" {
            assert_eq!(
                words[1].parse::<u64>().ok(),
                Some(levels.iter().sum()),
                "{path}"
            );
            return levels;
        }
        assert_eq!(words[0].parse::<usize>().ok(), Some(distance), "{path}");
        levels.push(words[1].parse().expect("a count"));
    }
    panic!("{path} has no total line");
}

#[test]
fn the_large_distributions_have_the_published_sizes() {
    let six_faces = shipped_levels("large/levels/cube2_six_faces.out");
    assert_eq!(six_faces.iter().sum::<u64>(), 24 * 3_674_160);
    assert_eq!(six_faces.len() - 1, 11);
    let burnt = shipped_levels("large/levels/burnt_pancakes_8.out");
    assert_eq!(burnt.iter().sum::<u64>(), 40_320 << 8);
    // OEIS A078941 for n = 8.
    assert_eq!(burnt.len() - 1, 15);
    // Twelve ways the eight-axis skewb's centres can sit for each fixed-corner state.
    let skewb = shipped_levels("large/levels/skewb.out");
    assert_eq!(skewb.iter().sum::<u64>(), 12 * 3_149_280);
    assert_eq!(skewb.len() - 1, 11);
}

#[test]
fn the_pyraminx_is_its_core_with_four_independent_tips() {
    // A tip is solved or one turn away (two ways): 1, 8, 24, 32, 16 for the four tips.
    let tips = [1u64, 8, 24, 32, 16];
    let core = shipped_levels("levels/pyraminx_no_tips.out");
    let mut expected = vec![0u64; core.len() + tips.len() - 1];
    for (i, &c) in core.iter().enumerate() {
        for (j, &t) in tips.iter().enumerate() {
            expected[i + j] += c * t;
        }
    }
    assert_eq!(shipped_levels("large/levels/pyraminx.out"), expected);
    assert_eq!(expected.iter().sum::<u64>(), 75_582_720);
}

#[test]
fn packed_and_boxed_searches_agree() {
    for text in [
        geometry::cube2_u_layer(),
        geometry::loopover_illegal(),
        geometry::loopover(true),
        geometry::pancakes(6, true),
    ] {
        let definition = parse(&text).expect("reads");
        let moves = definition.moves_of(false);
        let packing = super::oracle::Packing::of(&definition).expect("fits in 128 bits");
        assert_eq!(
            packing.unpack(packing.pack(&definition.solved)),
            definition.solved
        );
        assert_eq!(
            super::oracle::levels_packed(&definition, &moves, &packing),
            super::oracle::levels_boxed(&definition, &moves)
        );
    }
}

/// The bench reads the distribution from our `god` output and from twsearch's `-g` output
/// alike (the empty level twsearch stops at left out).
#[test]
fn the_bench_reads_the_distributions_from_both_outputs() {
    let ours = "0 1\n1 9\n2 54\ntotal 64\ngods-number 2\nantipode 2 U R\n";
    assert_eq!(super::bench::our_levels(ours), [1, 9, 54]);
    let theirs = "Calculated canonical states in 0.1\nDist 0 cnt 1 tot 1 in 0.01\n\
                  Dist 1 cnt 9 tot 10 in 0.02\nDist 2 cnt 54 tot 64 in 0.03\n\
                  Dist 3 cnt 0 tot 64 in 0.03\n";
    assert_eq!(super::bench::twsearch_levels(theirs), [1, 9, 54]);
}
