//! Tests: every configuration of up to 6 discs against BFS, Frame-Stewart numbers for perfect
//! towers and for the farthest configurations, independent replay, snapshots.

use std::collections::VecDeque;

use rstest::rstest;

use crate::{Config, Engine, Move, Options, Peg, Solution, SolveError, Solver, TableDir, parse};

/// Frame-Stewart numbers for `n = 1..=13`: the fewest moves between two perfect towers on four
/// pegs (optimal by Bousch, 2014), and the largest distance from any configuration to a perfect
/// tower for these `n` (Korf 2004; OEIS A382111).
const FRAME_STEWART: [u32; 13] = [1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97];

/// Explicit stacks (bottom to top, disc numbers) from a configuration.
fn stacks_of(config: &Config) -> Vec<Vec<u8>> {
    let mut stacks = vec![Vec::new(); 4];
    for disc in (1..=config.n_discs() as u8).rev() {
        stacks[config
            .peg_of(crate::Disc::new(usize::from(disc)).unwrap())
            .index()]
        .push(disc);
    }
    stacks
}

/// Replays moves on explicit stacks, checking every move, and returns the final stacks.
#[track_caller]
fn replay(start: &Config, moves: &[Move]) -> Vec<Vec<u8>> {
    let mut stacks = stacks_of(start);
    for step in moves {
        let disc = stacks[step.from.index()]
            .pop()
            .expect("move from an empty peg");
        assert!(
            stacks[step.to.index()].last().is_none_or(|&top| top > disc),
            "larger onto smaller"
        );
        stacks[step.to.index()].push(disc);
    }
    stacks
}

/// The configurations one legal move away from `stacks` (explicit stacks, bottom to top).
fn stack_moves(stacks: &[Vec<u8>]) -> Vec<Vec<Vec<u8>>> {
    let mut next = Vec::new();
    for from in 0..4 {
        for to in 0..4 {
            let (Some(&disc), top) = (stacks[from].last(), stacks[to].last()) else {
                continue;
            };
            if from != to && top.is_none_or(|&t| t > disc) {
                let mut moved = stacks.to_vec();
                moved[from].pop();
                moved[to].push(disc);
                next.push(moved);
            }
        }
    }
    next
}

/// Distances to all-on-peg-4 by a textbook BFS over explicit stacks, independent of the crate.
fn reference_distances(n: usize) -> std::collections::HashMap<Vec<Vec<u8>>, u32> {
    let goal: Vec<Vec<u8>> = vec![vec![], vec![], vec![], (1..=n as u8).rev().collect()];
    let mut distance = std::collections::HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(stacks) = queue.pop_front() {
        let d = distance[&stacks];
        for next in stack_moves(&stacks) {
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// Detour values by the definition, over explicit stacks: every configuration with peg 4 and one
/// of pegs 1 to 3 empty enters at its distance to the goal, then a BFS level by level keeps the
/// smallest value of each configuration.
fn reference_detour(
    goal: &std::collections::HashMap<Vec<Vec<u8>>, u32>,
) -> std::collections::HashMap<Vec<Vec<u8>>, u32> {
    let mut levels: Vec<Vec<Vec<Vec<u8>>>> = Vec::new();
    for (stacks, &d) in goal {
        let two_pegs = stacks[3].is_empty() && stacks[..3].iter().any(Vec::is_empty);
        if two_pegs {
            levels.resize(levels.len().max(d as usize + 1), Vec::new());
            levels[d as usize].push(stacks.clone());
        }
    }
    let mut value = std::collections::HashMap::new();
    let mut level = 0;
    while level < levels.len() {
        for stacks in std::mem::take(&mut levels[level]) {
            if value.contains_key(&stacks) {
                continue;
            }
            value.insert(stacks.clone(), level as u32);
            if levels.len() == level + 1 {
                levels.push(Vec::new());
            }
            levels[level + 1].extend(stack_moves(&stacks));
        }
        level += 1;
    }
    value
}

#[test]
fn detour_tables_equal_the_definition_up_to_7_discs() {
    use crate::{DetourTable, GoalTable};
    for n in 1..=7 {
        let goal_distances = reference_distances(n);
        let reference = reference_detour(&goal_distances);
        let (goal, _) = GoalTable::build(n, 2, |_, _| {}).unwrap();
        let mut sizes = Vec::new();
        let detour =
            DetourTable::build(&goal, 2, |level, count| sizes.push((level, count))).unwrap();
        assert_eq!(detour.n_discs(), n);
        for packed in 0..1u64 << (2 * n) {
            let config = Config::unpack(packed, n);
            let want = reference[&stacks_of(&config)];
            assert_eq!(detour.distance(&config), want, "{config:?}");
            assert_eq!(u32::from(detour.distance_mod3(packed)), want % 3);
        }
        // The floor is the cheapest two-peg configuration, and every level was reported with
        // its number of configurations.
        assert_eq!(Some(detour.floor()), reference.values().min().copied());
        for (level, count) in sizes {
            let want = reference.values().filter(|&&v| v == level).count() as u64;
            assert_eq!(count, want, "n={n} level {level}");
        }
    }
}

#[test]
fn detour_tables_survive_a_save_and_load_and_refuse_other_files() {
    use crate::{DetourTable, GoalTable, SolveError};
    let (goal, _) = GoalTable::build(8, 2, |_, _| {}).unwrap();
    let detour = DetourTable::build(&goal, 2, |_, _| {}).unwrap();
    let dir = temporary_dir("detour-files");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("detour.d2");
    detour.save(&path, false).unwrap();
    assert!(matches!(
        detour.save(&path, false),
        Err(SolveError::TableExists { .. })
    ));
    let again = DetourTable::load(&path).unwrap();
    assert_eq!(again.floor(), detour.floor());
    let mut rng = fastrand::Rng::with_seed(0xde70);
    for _ in 0..200 {
        let packed = rng.u64(..1 << 16);
        assert_eq!(
            again.distance_packed(packed),
            detour.distance_packed(packed)
        );
    }
    // A goal table is not a detour table, and a changed byte breaks the checksum.
    let goal_path = dir.join("goal.t2");
    goal.save(&goal_path, false).unwrap();
    assert!(matches!(
        DetourTable::load(&goal_path),
        Err(SolveError::CorruptTable { .. })
    ));
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let refused = DetourTable::load(&path);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        matches!(&refused, Err(SolveError::CorruptTable { reason, .. }) if reason.contains("checksum")),
        "{:?}",
        refused.err()
    );
}

#[test]
fn every_configuration_up_to_6_discs() {
    let mut solver = Solver::new(6).unwrap();
    let goal_peg = Peg::LAST;
    for n in 1..=6 {
        let reference = reference_distances(n);
        let configs: Vec<Config> = (0..1u64 << (2 * n)).map(|s| Config::unpack(s, n)).collect();
        // Distances by one full BFS from the goal.
        let by_table: Vec<u32> = {
            let view = solver.distances_to_tower(n, goal_peg);
            configs.iter().map(|c| view.distance(c)).collect()
        };
        let goal = Config::tower(n, goal_peg).unwrap();
        for (config, &want) in configs.iter().zip(&by_table) {
            assert_eq!(reference[&stacks_of(config)], want, "{config:?}");
            let moves = solver.solve(config, &goal);
            assert_eq!(moves.len() as u32, want, "{config:?}");
            let end = replay(config, &moves);
            assert_eq!(end[3].len(), n);
        }
        // The per-file strategy gives the same answers whichever way it goes.
        let all = solver.solve_all(&configs);
        for ((config, moves), &want) in configs.iter().zip(&all.moves).zip(&by_table) {
            assert_eq!(moves.len() as u32, want);
            assert_eq!(replay(config, moves)[3].len(), n);
        }
    }
}

#[test]
fn perfect_towers_need_the_frame_stewart_numbers() {
    perfect_towers(1..=10);
}

#[test]
#[ignore = "slow (11 to 13 discs, a minute in debug builds): CI runs it with --include-ignored"]
fn perfect_towers_of_11_to_13_discs_need_the_frame_stewart_numbers() {
    perfect_towers(11..=13);
}

fn perfect_towers(sizes: std::ops::RangeInclusive<usize>) {
    let mut solver = Solver::new(*sizes.end()).unwrap();
    for n in sizes {
        for from in [
            Peg::FIRST,
            Peg::from_index(1).unwrap(),
            Peg::from_index(2).unwrap(),
        ] {
            let start = Config::tower(n, from).unwrap();
            let moves = solver.solve(&start, &Config::tower(n, Peg::LAST).unwrap());
            assert_eq!(moves.len() as u32, FRAME_STEWART[n - 1], "n = {n}");
            assert_eq!(replay(&start, &moves)[3].len(), n);
        }
    }
}

#[test]
fn farthest_configurations_are_frame_stewart_away() {
    farthest_configurations(1..=10);
}

#[test]
#[ignore = "slow (11 to 13 discs): CI runs it with --include-ignored"]
fn farthest_configurations_of_11_to_13_discs_are_frame_stewart_away() {
    farthest_configurations(11..=13);
}

fn farthest_configurations(sizes: std::ops::RangeInclusive<usize>) {
    let mut solver = Solver::new(*sizes.end()).unwrap();
    for n in sizes {
        let view = solver.distances_to_tower(n, Peg::LAST);
        assert_eq!(view.max_distance, FRAME_STEWART[n - 1], "n = {n}");
    }
}

/// Distances to `goal` over all `4^n` configurations by a plain BFS written here, independent
/// of the solver's spaces: a configuration is the peg of each disc (disc 1 the smallest, two
/// bits each, as [`Config::pack`] lays it out), a peg's top its smallest disc.
fn plain_distances(n: usize, goal: u64) -> Vec<u32> {
    let peg_of = |state: u64, disc: usize| (state >> (2 * disc) & 3) as usize;
    let mut distance = vec![u32::MAX; 1 << (2 * n)];
    distance[goal as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(state) = queue.pop_front() {
        let mut top = [usize::MAX; 4];
        for disc in (0..n).rev() {
            top[peg_of(state, disc)] = disc;
        }
        for from in 0..4 {
            for to in 0..4 {
                if from == to || top[from] == usize::MAX || top[to] < top[from] {
                    continue;
                }
                let disc = top[from];
                let next = state & !(3 << (2 * disc)) | (to as u64) << (2 * disc);
                if distance[next as usize] == u32::MAX {
                    distance[next as usize] = distance[state as usize] + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

#[test]
fn arbitrary_goals_equal_a_plain_bfs_written_here() {
    let mut solver = Solver::new(5).unwrap();
    for n in 1..=5usize {
        for goal_packed in (0..1u64 << (2 * n)).step_by(7) {
            let goal = Config::unpack(goal_packed, n);
            let distance = plain_distances(n, goal_packed);
            for start_packed in (0..1u64 << (2 * n)).step_by(5) {
                let start = Config::unpack(start_packed, n);
                let moves = solver.solve(&start, &goal);
                assert_eq!(moves.len() as u32, distance[start_packed as usize]);
                let mut at = start.clone();
                for step in &moves {
                    at.apply(*step).unwrap();
                }
                assert_eq!(at, goal);
            }
        }
    }
}

#[test]
fn arena_is_reused_across_cases_without_stale_distances() {
    let mut solver = Solver::new(8).unwrap();
    let mut rng = fastrand::Rng::with_seed(0x9E37_79B9u64);
    let mut configs = Vec::new();
    for _ in 0..300 {
        let n = rng.usize(1..=8);
        configs.push(Config::unpack(rng.u64(..1 << (2 * n)), n));
    }
    for config in &configs {
        let n = config.n_discs();
        let want = solver.distances_to_tower(n, Peg::LAST).distance(config);
        let moves = solver.solve(config, &Config::tower(n, Peg::LAST).unwrap());
        assert_eq!(moves.len() as u32, want);
    }
}

/// [`crate::solve`] of the cases `starts` with `engine` and `tables`.
fn solve_by(
    starts: &[Config],
    engine: Option<Engine>,
    tables: Option<&TableDir>,
) -> Result<Solution, SolveError> {
    let options = Options {
        engine,
        tables,
        ..Options::default()
    };
    crate::solve(&starts.to_vec(), options)
}

#[track_caller]
fn check(input: &str, expected: &str) {
    let starts = parse(input).unwrap();
    let largest = starts.iter().map(Config::n_discs).max().unwrap();
    // The binary's output: the judge output and its final newline.
    let solution = Solver::new(largest).unwrap().solve_all(&starts);
    assert_eq!(format!("{solution}\n"), expected);
}

#[rstest]
#[case::judge_sample(
    "3\n5\n1 1\n1 3\n2 5 4\n1 2\n3\n1 2\n0\n2 3 1\n0\n10\n2 8 7\n2 5 4\n3 6 3 2\n3 10 9 1\n",
    "10\n4\n24\n"
)]
#[case::already_solved("1\n2\n0\n0\n0\n2 2 1\n", "0\n")]
#[case::crlf_and_spaces("1\r\n1\r\n1 1 \r\n0\r\n0\r\n0\r\n", "1\n")]
fn judge_outputs(#[case] input: &str, #[case] expected: &str) {
    check(input, expected);
}

#[rstest]
#[case::n3_sample_case("1\n3\n1 2\n0\n2 3 1\n0\n")]
#[case::n4_on_peg_1("1\n4\n4 4 3 2 1\n0\n0\n0\n")]
#[case::n5_mixed("1\n5\n1 1\n1 3\n2 5 4\n1 2\n")]
fn moves_snapshots(#[case] input: &str) {
    let starts = parse(input).unwrap();
    let with_moves = Options {
        moves: true,
        ..Options::default()
    };
    let solution = crate::solve(&starts, with_moves).unwrap();
    assert_eq!(
        replay(&starts[0], &solution.moves[0])[3].len(),
        starts[0].n_discs()
    );
    let name = format!(
        "moves_{}",
        input
            .lines()
            .skip(2)
            .collect::<Vec<_>>()
            .join("_")
            .replace(' ', ".")
    );
    insta::assert_snapshot!(name, solution.to_string());
}

#[rstest]
#[case::empty("empty", "")]
#[case::cases_not_a_number("cases_not_a_number", "x\n")]
#[case::zero_cases("zero_cases", "0\n")]
#[case::negative_cases("negative_cases", "-1\n")]
#[case::n_missing("n_missing", "1\n")]
#[case::n_zero("n_zero", "1\n0\n0\n0\n0\n0\n")]
#[case::n_too_large("n_too_large", "1\n21\n0\n0\n0\n0\n")]
#[case::peg_line_missing("peg_line_missing", "1\n2\n2 2 1\n0\n0\n")]
#[case::peg_count_mismatch("peg_count_mismatch", "1\n2\n3 2 1\n0\n0\n0\n")]
#[case::disc_out_of_range("disc_out_of_range", "1\n2\n2 3 1\n0\n0\n0\n")]
#[case::disc_twice("disc_twice", "1\n2\n1 2\n1 2\n0\n0\n")]
#[case::disc_missing("disc_missing", "1\n3\n2 3 2\n0\n0\n0\n")]
#[case::not_decreasing("not_decreasing", "1\n2\n2 1 2\n0\n0\n0\n")]
#[case::trailing_token("trailing_token", "1 2\n1\n1 1\n0\n0\n0\n")]
#[case::trailing_line("trailing_line", "1\n1\n1 1\n0\n0\n0\n5\n")]
#[case::blank_peg_line("blank_peg_line", "1\n1\n1 1\n\n0\n0\n")]
fn parse_errors(#[case] name: &str, #[case] input: &str) {
    let error = parse(input).unwrap_err().to_string();
    assert!(error.starts_with("line "), "{error}");
    insta::assert_snapshot!(format!("parse_error_{name}"), error);
}

#[test]
fn two_bit_goal_table_equals_the_dense_table() {
    let mut solver = Solver::new(9).unwrap();
    for n in 1..=9 {
        let (table, levels) = crate::GoalTable::build(n, 2, |_, _| {}).unwrap();
        // Level sizes count configurations: they sum to 4^n, and the last is the farthest.
        assert_eq!(levels.reached(), 1 << (2 * n));
        assert_eq!(levels.max_distance(), FRAME_STEWART[n - 1]);
        let view = solver.distances_to_tower(n, Peg::LAST);
        for packed in (0..1u64 << (2 * n)).step_by(if n <= 6 { 1 } else { 97 }) {
            let config = Config::unpack(packed, n);
            let want = view.distance_packed(packed);
            assert_eq!(table.distance(&config), want);
            let moves = table.solve(&config);
            assert_eq!(moves.len() as u32, want);
            assert_eq!(replay(&config, &moves)[3].len(), n);
        }
    }
}

#[test]
fn canonical_ranks_count_canonical_configurations_in_order() {
    // The canonical configurations, in increasing packed order, are ranked 0, 1, 2, ...
    // (the rank is lexicographic from the largest disc, which sits in the highest bits).
    for n in 1..=8 {
        let space = crate::HanoiSpace::symmetric(n);
        let index = crate::CanonicalIndex::new(n);
        let mut next = 0;
        for packed in 0..1u64 << (2 * n) {
            let canonical = space.canonical(packed);
            if canonical == packed {
                assert_eq!(index.rank(packed), next, "n={n} {packed:#x}");
                assert_eq!(index.unrank(next), packed, "n={n} rank {next}");
                next += 1;
            } else {
                assert!(
                    canonical < packed,
                    "a canonical form is the least of its orbit"
                );
            }
        }
        assert_eq!(index.len(), next, "n={n}");
    }
    // Larger sizes: round trips of random canonical configurations, and the count against
    // Burnside: (4^n + 3 * 2^n + 2) / 6 orbits under the six relabellings of pegs 1 to 3.
    for n in [12, 16, 18, 20] {
        let space = crate::HanoiSpace::symmetric(n);
        let index = crate::CanonicalIndex::new(n);
        assert_eq!(index.len(), ((1u64 << (2 * n)) + 3 * (1u64 << n) + 2) / 6);
        let mut rng = fastrand::Rng::with_seed(0x9e37_79b9u64 + n as u64);
        for _ in 0..10_000 {
            let canonical = space.canonical(rng.u64(..1 << (2 * n)));
            let rank = index.rank(canonical);
            assert!(rank < index.len());
            assert_eq!(index.unrank(rank), canonical);
        }
        assert_eq!(index.unrank(index.len() - 1), (1u64 << (2 * n)) - 1);
    }
}

/// A fresh folder under the system's temporary folder, removed by the caller.
fn temporary_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hanoi4-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Rewrites the checksum of a saved table after its words were edited.
fn reseal(bytes: &mut [u8]) {
    let checksum = crc32fast::hash(&bytes[13..]);
    bytes[9..13].copy_from_slice(&checksum.to_le_bytes());
}

#[test]
fn goal_tables_survive_a_save_and_load_and_refuse_damage() {
    use crate::{SolveError, TableDir};
    let (table, _) = crate::GoalTable::build(7, 1, |_, _| {}).unwrap();
    let dir = temporary_dir("table-files");
    // The folder is created (with its parents) before anything is built or saved.
    let store = TableDir::create(dir.join("nested")).unwrap();
    let path = store.save(&table, false).unwrap();
    let loaded = store.load(7).unwrap();
    for packed in (0..1u64 << 14).step_by(13) {
        let config = Config::unpack(packed, 7);
        assert_eq!(loaded.solve(&config), table.solve(&config));
    }
    // Nothing but the table is left in the folder: the temporary file was renamed.
    let names: Vec<_> = std::fs::read_dir(store.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["hanoi4-n07.t2"]);
    // A saved table is never replaced unless asked.
    assert!(matches!(
        store.save(&table, false),
        Err(SolveError::TableExists { .. })
    ));
    store.save(&table, true).unwrap();

    let good = std::fs::read(&path).unwrap();
    let last = good.len() - 1;
    let mut flipped = good.clone();
    flipped[100] ^= 1;
    let mut unreached = good.clone();
    unreached[20] |= 0b11; // a configuration marked as never reached, checksum made to match
    reseal(&mut unreached);
    let mut far_goal = good.clone();
    // The goal (all on peg 4) has the last rank: its two bits are the last used ones.
    let goal_bit = 2 * ((table.canonical_len() - 1) % 32) as usize;
    let goal_byte = 13 + 8 * ((table.canonical_len() - 1) / 32) as usize + goal_bit / 8;
    far_goal[goal_byte] ^= 1 << (goal_bit % 8);
    reseal(&mut far_goal);
    let mut old_format = good.clone();
    old_format[..8].copy_from_slice(b"HANOI4R2");
    let mut discs = good.clone();
    discs[8] = 20;
    for (bytes, why) in [
        (
            &good[..last],
            format!(
                "{} bytes where a 7-disc goal table has {}",
                last,
                good.len()
            ),
        ),
        (&good[..5], "shorter than a table's header".to_string()),
        (
            &flipped[..],
            "its checksum does not match its contents".to_string(),
        ),
        (
            &unreached[..],
            "some configurations are marked as never reached".to_string(),
        ),
        (&far_goal[..], "the goal is not at distance 0".to_string()),
        (
            &old_format[..],
            "not a four-peg goal table of this version (rebuild it)".to_string(),
        ),
        (&discs[..], "its disc count is out of range".to_string()),
    ] {
        std::fs::write(&path, bytes).unwrap();
        let error = store.load(7).err().unwrap().to_string();
        assert_eq!(
            error,
            format!("{}: not a usable table: {why}", path.display())
        );
    }
    // A whole table of another disc count, under this count's name.
    let (eight, _) = crate::GoalTable::build(8, 1, |_, _| {}).unwrap();
    eight.save(&path, true).unwrap();
    let error = store.load(7).err().unwrap().to_string();
    assert_eq!(
        error,
        format!(
            "{}: not a usable table: it holds 8 discs, not 7",
            path.display()
        )
    );
    // A folder that cannot be made is refused at once.
    let blocked = path.join("below-a-file");
    assert!(matches!(
        TableDir::create(&blocked),
        Err(SolveError::TableIo { .. })
    ));
    assert!(matches!(
        TableDir::open(dir.join("missing")),
        Err(SolveError::TableIo { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn goal_table_reproduces_korf_at_11_discs() {
    goal_table_eccentricities(11..=11);
}

#[test]
#[ignore = "slow (12 to 15 discs, 15 s): CI runs it with --include-ignored"]
fn goal_table_reproduces_korf_beyond_the_dense_table() {
    goal_table_eccentricities(12..=15);
}

/// Korf 2004: the farthest configurations from a tower are 113 moves away for 14 discs; for
/// 15 discs 130 (588 configurations), where Frame-Stewart gives 129.
fn goal_table_eccentricities(sizes: std::ops::RangeInclusive<usize>) {
    let expected = [(11, 65), (12, 81), (13, 97), (14, 113), (15, 130)];
    for &(n, eccentricity) in expected.iter().filter(|(n, _)| sizes.contains(n)) {
        let (_, levels) = crate::GoalTable::build(n, 2, |_, _| {}).unwrap();
        assert_eq!(levels.max_distance(), eccentricity, "n = {n}");
        assert_eq!(levels.reached(), 1 << (2 * n));
        if n == 15 {
            assert_eq!(*levels.sizes().last().unwrap(), 588);
        }
    }
}

#[test]
fn pattern_database_search_equals_the_exact_table() {
    // Small groups make the heuristic weak, so A* really searches.
    let mut solver = Solver::new(10).unwrap();
    // (discs, largest group, or 0 and the two-bit windows' width)
    for (n, max_group, window) in [
        (6, 2, 0),
        (8, 3, 0),
        (9, 4, 0),
        (10, 6, 0),
        (9, 0, 7),
        (10, 0, 8),
        (9, 0, 8),
        (10, 0, 6),
    ] {
        let mut search = if window > 0 {
            let table = crate::GoalTable::build(window, 1, |_, _| {}).unwrap().0;
            crate::PdbSearch::with_goal_table(n, table).unwrap()
        } else {
            crate::PdbSearch::new(n, max_group).unwrap()
        };
        let view = solver.distances_to_tower(n, Peg::LAST);
        let mut rng = fastrand::Rng::with_seed(0x51u64 + n as u64);
        for _ in 0..40 {
            let packed = rng.u64(..1 << (2 * n));
            let config = Config::unpack(packed, n);
            let solution = search.solve(&config).unwrap();
            assert_eq!(
                solution.moves.len() as u32,
                view.distance_packed(packed),
                "n={n} {config:?}"
            );
            assert_eq!(replay(&config, &solution.moves)[3].len(), n);
        }
    }
}

#[test]
fn every_engine_gives_the_same_counts() {
    let starts: Vec<Config> = (1..=10usize)
        .map(|n| Config::unpack(0x9E37_79B9_7F4A_7C15 % (1 << (2 * n)), n))
        .collect();
    let answers: Vec<Vec<usize>> = [Engine::Table, Engine::GoalTable, Engine::Pdb]
        .into_iter()
        .map(|engine| {
            let solution = solve_by(&starts, Some(engine), None).unwrap();
            for (start, moves) in starts.iter().zip(&solution.moves) {
                assert_eq!(replay(start, moves)[3].len(), start.n_discs());
            }
            solution.moves.iter().map(Vec::len).collect()
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
    let fourteen = [Config::tower(14, Peg::FIRST).unwrap()];
    assert!(solve_by(&fourteen, Some(Engine::Table), None).is_err());
}

#[test]
fn saved_tables_serve_the_goal_table_engine_and_the_windows() {
    let dir = TableDir::create(temporary_dir("tables")).unwrap();
    let starts: Vec<Config> = (9..=12usize)
        .map(|n| Config::unpack(0x2545_F491_4F6C_DD1D % (1 << (2 * n)), n))
        .collect();
    // Solving never writes a table: the folder stays empty.
    solve_by(&starts[..1], Some(Engine::GoalTable), Some(&dir)).unwrap();
    assert!(!dir.contains(9));
    // With the 9-disc table saved, A* measures windows of 9 discs with it.
    let (nine, _) = crate::GoalTable::build(9, 2, |_, _| {}).unwrap();
    dir.save(&nine, false).unwrap();
    let windows = solve_by(&starts, Some(Engine::Pdb), Some(&dir)).unwrap();
    // With its detour table saved too, the windows count their detours.
    dir.save_detour(
        &crate::DetourTable::build(&nine, 2, |_, _| {}).unwrap(),
        false,
    )
    .unwrap();
    let detours = solve_by(&starts, Some(Engine::Pdb), Some(&dir)).unwrap();
    let table = solve_by(&starts, Some(Engine::Table), None).unwrap();
    std::fs::remove_dir_all(dir.path()).unwrap();
    for (((start, a), b), c) in starts
        .iter()
        .zip(&windows.moves)
        .zip(&table.moves)
        .zip(&detours.moves)
    {
        assert_eq!(a.len(), b.len(), "{start:?}");
        assert_eq!(c.len(), b.len(), "{start:?}");
        assert_eq!(replay(start, a)[3].len(), start.n_discs());
        assert_eq!(replay(start, c)[3].len(), start.n_discs());
    }
}

#[test]
#[ignore = "slow (14-disc tables): CI runs it with --include-ignored"]
fn pattern_databases_equal_the_two_bit_goal_table_past_the_dense_table() {
    // A* over 14 + 0 and 12 + 2 disc databases against the goal table.
    let n = 14;
    let (goal_table, _) = crate::GoalTable::build(n, 2, |_, _| {}).unwrap();
    for max_group in [14, 12] {
        let mut search = crate::PdbSearch::new(n, max_group).unwrap();
        let mut rng = fastrand::Rng::with_seed(0x5eed_1234u64);
        for _ in 0..12 {
            let config = Config::unpack(rng.u64(..1 << (2 * n)), n);
            let moves = search.solve(&config).unwrap().moves;
            assert_eq!(moves.len() as u32, goal_table.distance(&config));
            assert_eq!(replay(&config, &moves)[3].len(), n);
        }
    }
}

/// What a judge input means: each case's four pegs, their discs from the bottom up.
type Cases = Vec<[Vec<usize>; 4]>;

/// The README's format read from its words, sharing nothing with `parse`: `C` (1 to
/// 1,000,000), then per case `n` (1 to 20) alone on its line and four lines `k d1 .. dk` of
/// discs from 1 to `n`, strictly decreasing on a peg, every disc exactly once; nothing after.
fn reference(text: &str) -> Option<Cases> {
    let lines = judge::testing::reference_lines(text);
    let (first, mut rest) = lines.split_first()?;
    let [count] = first[..] else { return None };
    let count = judge::testing::reference_number(count, 1..=1_000_000)?;
    let mut cases = Vec::new();
    for _ in 0..count {
        let (case, after) = rest.split_first_chunk::<5>()?;
        rest = after;
        let [n] = case[0][..] else { return None };
        let n = judge::testing::reference_number(n, 1..=20)?;
        let mut pegs: [Vec<usize>; 4] = Default::default();
        for (peg, tokens) in pegs.iter_mut().zip(&case[1..]) {
            let (k, discs) = tokens.split_first()?;
            if judge::testing::reference_number(k, 0..=u64::MAX)? != discs.len() as u64 {
                return None;
            }
            for disc in discs {
                peg.push(judge::testing::reference_number(disc, 1..=n)? as usize);
            }
            if !peg.windows(2).all(|pair| pair[0] > pair[1]) {
                return None;
            }
        }
        let mut all: Vec<usize> = pegs.concat();
        all.sort_unstable();
        if all != (1..=n as usize).collect::<Vec<_>>() {
            return None;
        }
        cases.push(pegs);
    }
    rest.is_empty().then_some(cases)
}

/// Random text over the format's own characters and some others, random edits of a valid
/// input, and edits that keep it valid more often than not: `parse` accepts exactly what the
/// reference reader accepts and reads the same pegs, refuses with an error naming a line, and
/// never panics.
#[test]
fn parse_matches_the_reference_on_arbitrary_text() {
    // The README's sample: pegs of several discs, whose order a swap can break.
    let sample =
        "3\n5\n1 1\n1 3\n2 5 4\n1 2\n3\n1 2\n0\n2 3 1\n0\n10\n2 8 7\n2 5 4\n3 6 3 2\n3 10 9 1\n";
    judge::testing::parse_matches_reference(
        judge::testing::Mutations {
            seed: 8,
            sample,
            alphabet: &[
                "0",
                "1",
                "2",
                "3",
                "13",
                "21",
                "-1",
                " ",
                "\t",
                "\n",
                "\r\n",
                "\u{feff}",
                "x",
                "99999999999999999999",
            ],
        },
        |text| parse(text).map(|configs| configs.iter().map(Config::stacks).collect()),
        reference,
    );
}

#[test]
fn pegs_and_discs_show_the_numbers_users_see() {
    let step = Move {
        from: Peg::FIRST,
        to: Peg::LAST,
    };
    assert_eq!(format!("{step}"), "1 4");
    assert_eq!(format!("{step:?}"), "Move { from: Peg(1), to: Peg(4) }");
    assert_eq!(crate::Disc::new(0), None);
    assert_eq!(crate::Disc::new(crate::Disc::MAX + 1), None);
    assert_eq!(crate::Disc::new(3).map(crate::Disc::number), Some(3));
}

/// Every refusal in the judge data (`testdata/hanoi4/bad`), its message reviewed as a snapshot.
#[test]
fn judge_data_refusals() {
    for (path, name) in judge::testing::judge_files(env!("CARGO_MANIFEST_DIR"), "hanoi4/bad", "in")
    {
        let message = judge::testing::refusal(&path, parse);
        insta::with_settings!({ snapshot_suffix => name, input_file => &path }, {
            insta::assert_snapshot!(message);
        });
    }
}

/// The Frame-Stewart numbers for 1 to 20 discs as published (OEIS A007664).
const FRAME_STEWART_TO_20: [u64; 20] = [
    1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 129, 161, 193, 225, 257, 289,
];

#[test]
fn the_frame_stewart_construction_moves_towers_legally_in_the_published_number_of_moves() {
    for n in 1..=20 {
        assert_eq!(
            crate::frame_stewart(n),
            FRAME_STEWART_TO_20[n - 1],
            "n = {n}"
        );
        for from in Peg::ALL {
            for to in Peg::ALL.into_iter().filter(|&t| t != from) {
                let moves = crate::tower_moves(n, from, to);
                assert_eq!(moves.len() as u64, FRAME_STEWART_TO_20[n - 1]);
                let end = replay(&Config::tower(n, from).unwrap(), &moves);
                assert_eq!(end[to.index()].len(), n, "n = {n}, {from} to {to}");
            }
        }
        assert!(crate::tower_moves(n, Peg::LAST, Peg::LAST).is_empty());
    }
    // Against the exact distances of the two-bit table: optimal towards peg 4.
    for n in 1..=10 {
        let (table, _) = crate::GoalTable::build(n, 2, |_, _| {}).unwrap();
        for from in Peg::ALL {
            let tower = Config::tower(n, from).unwrap();
            let expected = crate::tower_moves(n, from, Peg::LAST).len() as u32;
            assert_eq!(table.distance(&tower), expected, "n = {n} from {from}");
        }
    }
}

#[test]
fn towers_past_the_dense_table_are_answered_without_a_search() {
    // 20 discs would need minutes of tables if anything were built; towers need none.
    let starts: Vec<Config> = [(20, 0), (17, 3), (14, 2), (19, 1)]
        .iter()
        .map(|&(n, peg)| Config::tower(n, Peg::from_index(peg).unwrap()).unwrap())
        .collect();
    let solution = solve_by(&starts, None, None).unwrap();
    let lengths: Vec<usize> = solution.moves.iter().map(Vec::len).collect();
    assert_eq!(lengths, [289, 0, 113, 257]);
    for (start, moves) in starts.iter().zip(&solution.moves) {
        assert_eq!(replay(start, moves)[3].len(), start.n_discs());
    }
}

#[test]
#[ignore = "slow (a 15-disc goal table, 15 s): CI runs it with --include-ignored"]
fn a_few_cases_of_15_discs_go_through_a_star_and_agree_with_the_goal_table() {
    assert_eq!(Engine::default_for(15, 3), Engine::Pdb);
    assert_eq!(
        Engine::default_for(15, Engine::GOAL_TABLE_FROM[0]),
        Engine::GoalTable
    );
    let mut rng = fastrand::Rng::with_seed(15);
    let starts: Vec<Config> = (0..3)
        .map(|_| Config::unpack(rng.u64(..1 << 30), 15))
        .collect();
    let by_default = solve_by(&starts, None, None).unwrap();
    let (table, _) = crate::GoalTable::build(15, 2, |_, _| {}).unwrap();
    for (start, moves) in starts.iter().zip(&by_default.moves) {
        assert_eq!(moves.len() as u32, table.distance(start));
        assert_eq!(replay(start, moves)[3].len(), 15);
    }
}

#[test]
fn solve_tells_its_progress_the_engine_the_table_build_and_the_cases() {
    let starts = parse(
        "3\n8\n8 8 7 6 5 4 3 2 1\n0\n0\n0\n8\n0\n8 8 7 6 5 4 3 2 1\n0\n0\n3\n3 3 2 1\n0\n0\n0\n",
    )
    .unwrap();
    let mut events = Vec::new();
    let mut record = |p| events.push(p);
    let options = Options {
        engine: Some(Engine::GoalTable),
        progress: Some(&mut record),
        ..Options::default()
    };
    let solution = crate::solve(&starts, options).unwrap();
    assert_eq!(solution.to_string(), "33\n33\n5");
    // Disc counts in increasing order: first 3 discs (one case), then 8 (two cases).
    assert_eq!(
        events[0],
        crate::Progress::Engine {
            n_discs: 3,
            cases: 1,
            engine: Engine::GoalTable
        }
    );
    let eight = events
        .iter()
        .position(|p| matches!(p, crate::Progress::Engine { n_discs: 8, .. }))
        .unwrap();
    assert_eq!(
        events[eight],
        crate::Progress::Engine {
            n_discs: 8,
            cases: 2,
            engine: Engine::GoalTable
        }
    );
    let levels: Vec<u32> = events[eight..]
        .iter()
        .filter_map(|p| match p {
            crate::Progress::TableLevel {
                n_discs: 8, level, ..
            } => Some(*level),
            _ => None,
        })
        .collect();
    assert_eq!(
        levels,
        (0..=33).collect::<Vec<_>>(),
        "every level of the 8-disc build"
    );
    assert_eq!(
        events.last(),
        Some(&crate::Progress::Cases {
            n_discs: 8,
            done: 2,
            cases: 2
        })
    );
}

#[test]
fn every_strategy_of_solve_all_agrees_with_the_reference_search() {
    use crate::dense::{Strategy, strategy};
    assert_eq!(strategy(13, 1), Strategy::PerCase);
    assert_eq!(strategy(13, 2), Strategy::PerCase);
    assert_eq!(strategy(13, 3), Strategy::Ball(60));
    assert_eq!(strategy(13, 199), Strategy::Ball(60));
    assert_eq!(strategy(13, 200), Strategy::Full);
    assert_eq!(strategy(12, 5), Strategy::Ball(50));
    let mut solver = Solver::new(7).unwrap();
    let mut rng = fastrand::Rng::with_seed(14);
    for n in 1..=7 {
        let reference = reference_distances(n);
        // Groups of these sizes take every strategy; a ball of radius 5/8 of the largest
        // distance holds some starts and misses others.
        for size in [1, 2, 3, 5, 40, 63, 64, 300] {
            let configs: Vec<Config> = (0..size)
                .map(|_| Config::unpack(rng.u64(..1 << (2 * n)), n))
                .collect();
            let all = solver.solve_all(&configs);
            for (config, moves) in configs.iter().zip(&all.moves) {
                let want = reference[&stacks_of(config)];
                assert_eq!(
                    moves.len() as u32,
                    want,
                    "n = {n}, {size} cases, {config:?}"
                );
                assert_eq!(replay(config, moves)[3].len(), n, "{config:?}");
            }
        }
    }
}

#[test]
fn nearly_solved_cases_past_16_discs_are_answered_without_building_a_table() {
    // The k smallest of 17 discs anywhere, the others on peg 4: the distance is that of the
    // k-disc configuration (peg 4's discs are all larger), by the independent reference BFS.
    let mut rng = fastrand::Rng::with_seed(17);
    let mut starts = Vec::new();
    let mut want = Vec::new();
    for k in [1, 2, 3, 4, 4, 5] {
        let small = Config::unpack(rng.u64(..1 << (2 * k)), k);
        want.push(reference_distances(k)[&stacks_of(&small)]);
        let mut packed = (1u64 << 34) - 1;
        packed &= !((1u64 << (2 * k)) - 1);
        packed |= small.pack();
        starts.push(Config::unpack(packed, 17));
    }
    let mut built = Vec::new();
    let mut record = |p| {
        if let crate::Progress::TableLevel { n_discs, .. } = p {
            built.push(n_discs);
        }
    };
    let options = Options {
        progress: Some(&mut record),
        ..Options::default()
    };
    let solution = crate::solve(&starts, options).unwrap();
    assert!(built.is_empty(), "tables built: {built:?}");
    for ((start, moves), want) in starts.iter().zip(&solution.moves).zip(want) {
        assert_eq!(moves.len() as u32, want, "{start:?}");
        assert_eq!(replay(start, moves)[3].len(), 17);
    }
}

#[test]
fn a_case_that_exhausts_its_budget_escalates_up_to_its_own_goal_table() {
    use crate::ladder::wider;
    // Small widths fit any machine that runs the tests.
    assert_eq!(
        wider(15, None),
        Some(15),
        "14-disc databases: the exact 15-disc table"
    );
    assert_eq!(wider(17, None), Some(16));
    assert_eq!(
        wider(17, Some(16)),
        Some(17),
        "the exact 17-disc table next"
    );
    assert_eq!(wider(14, Some(14)), None, "nothing past the exact table");
    // Nothing wider than the goal tables' limit, and never past the case's own discs.
    assert_eq!(wider(20, Some(19)), None);
    assert_eq!(wider(16, Some(16)), None);
    // 18 and 19 discs wide are refused only by memory: when allowed, one disc at a time.
    if let Some(next) = wider(20, Some(17)) {
        assert_eq!(next, 18);
    }
}

/// The message a solver's panic carries, from `work` run on a solver for 4 discs.
fn solver_panic(work: impl FnOnce(&mut Solver)) -> String {
    let mut solver = Solver::new(4).unwrap();
    let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&mut solver)))
        .expect_err("the solver refuses");
    payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn a_case_with_more_discs_than_the_solver_is_refused_by_name() {
    let want = "a configuration of 5 discs, more than the 4 this solver was made for";
    let start = Config::tower(5, Peg::FIRST).unwrap();
    let goal = Config::tower(5, Peg::LAST).unwrap();
    assert_eq!(
        solver_panic(|solver| drop(solver.solve(&start, &goal))),
        want
    );
    // Many cases, so that the shared full search would have been chosen.
    let mut starts = vec![Config::tower(3, Peg::FIRST).unwrap(); 100];
    starts.push(start.clone());
    assert_eq!(solver_panic(|solver| drop(solver.solve_all(&starts))), want);
    // Fewer discs than the solver's are solved.
    let mut solver = Solver::new(4).unwrap();
    let three = Config::tower(3, Peg::FIRST).unwrap();
    assert_eq!(
        solver
            .solve(&three, &Config::tower(3, Peg::LAST).unwrap())
            .len(),
        5
    );
}

/// A report whose levels do not add up to `4^n` is refused, never printed: the figures of a
/// resume from a half-undone table (16 discs adding up to 4,129,501,228).
#[test]
fn levels_that_do_not_add_up_to_the_space_are_refused() {
    let short = statespace::Levels::from_sizes(vec![1, 3, 4_129_501_224]);
    let refused = SolveError::check_levels(16, &short).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the 16-disc search's levels add up to 4129501228 configurations, not 4^16 = 4294967296: its table cannot be trusted"
    );
    // Levels adding up to 4^2 = 16 pass.
    let whole = statespace::Levels::from_sizes(vec![1, 3, 3, 9]);
    assert!(SolveError::check_levels(2, &whole).is_ok());
}
