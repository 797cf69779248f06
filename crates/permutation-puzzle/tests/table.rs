//! Saved tables: `god FILE --save TABLE` writes the two-bit table, `solve FILE --table TABLE`
//! reads it back. A table that is missing, cut short, damaged or saved for another definition
//! (or the other metric, when that changes the moves) is refused in the house shape, one line
//! naming the file and what is wrong, exit 2, nothing on stdout: never used for an answer.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

const BINARY: &str = env!("CARGO_BIN_EXE_permutation-puzzle");

fn run(args: &[&str]) -> judge::testing::Run {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    judge::testing::run(BINARY.as_ref(), &args, b"")
}

/// A definition of the judge data, or `None` outside the workspace.
fn definition(name: &str) -> Option<String> {
    judge::testing::judge_data_present(env!("CARGO_MANIFEST_DIR"), "permutation-puzzle").then(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../testdata/permutation-puzzle")
                .join(name)
                .to_str()
                .expect("a UTF-8 path")
                .to_string()
        },
    )
}

/// A folder of its own for one test, removed when it ends (however it ends).
struct Folder(PathBuf);

impl Folder {
    fn new(test: &str) -> Folder {
        let path = std::env::temp_dir().join(format!(
            "permutation-puzzle-table-{}-{test}",
            std::process::id()
        ));
        std::fs::create_dir_all(&path).expect("a temporary folder");
        Folder(path)
    }

    /// The path of `name` in it, as text.
    fn file(&self, name: &str) -> String {
        self.0
            .join(name)
            .to_str()
            .expect("a UTF-8 path")
            .to_string()
    }

    /// Writes `text` to `name` in it.
    fn write(&self, name: &str, text: &str) -> String {
        let path = self.file(name);
        std::fs::write(&path, text).expect("written");
        path
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Saves the table of `definition` (after `metric`, `--qtm` or nothing) to `table`.
fn save(definition: &str, metric: &[&str], table: &str) {
    let mut args = metric.to_vec();
    args.extend(["god", definition, "--threads", "2", "--save", table]);
    let saved = run(&args);
    assert_eq!(saved.status, Some(0), "{saved:?}");
}

/// Solves `scramble` of `definition` with `table` (or by search without one).
fn solve(
    definition: &str,
    metric: &[&str],
    scramble: &str,
    table: Option<&str>,
) -> judge::testing::Run {
    let mut args = metric.to_vec();
    args.extend([
        "solve",
        definition,
        "--threads",
        "2",
        "--scramble",
        scramble,
    ]);
    if let Some(table) = table {
        args.extend(["--table", table]);
    }
    run(&args)
}

/// Asserts that `run` refuses `table` in the house shape, its message containing `what`.
#[track_caller]
fn assert_refused(run: &judge::testing::Run, table: &str, what: &str) {
    let message = judge::testing::assert_refusal("permutation-puzzle", run);
    let why = message
        .strip_prefix(&format!("{table}: "))
        .unwrap_or_else(|| panic!("{message:?} does not name {table}"));
    assert!(why.contains(what), "{message:?} does not say {what:?}");
}

#[test]
fn a_saved_table_answers_as_the_search_does() {
    let Some(pancakes) = definition("pancakes_6.tws") else {
        return;
    };
    let folder = Folder::new("answers");
    let table = folder.file("pancakes6.t2");
    save(&pancakes, &[], &table);
    // One flip of the whole stack undoes a flip of the whole stack.
    let answer = solve(&pancakes, &[], "P6", Some(&table));
    assert_eq!(answer.stdout, "scramble 1 P6\n", "{answer:?}");
    for scramble in ["", "P3 P6 P2", "P2 P3 P4 P5 P6 P2 P4"] {
        let by_table = solve(&pancakes, &[], scramble, Some(&table));
        let by_search = solve(&pancakes, &[], scramble, None);
        assert_eq!(by_table.status, Some(0), "{by_table:?}");
        assert_eq!(by_table.stdout, by_search.stdout, "{scramble}");
    }
}

#[test]
fn a_missing_table_is_refused() {
    let Some(pancakes) = definition("pancakes_6.tws") else {
        return;
    };
    let folder = Folder::new("missing");
    let table = folder.file("pancakes6.t2");
    save(&pancakes, &[], &table);
    std::fs::remove_file(&table).unwrap();
    assert_refused(
        &solve(&pancakes, &[], "P3", Some(&table)),
        &table,
        "No such file",
    );
    let never_saved = folder.file("never.t2");
    assert_refused(
        &solve(&pancakes, &[], "P3", Some(&never_saved)),
        &never_saved,
        "No such file",
    );
}

#[test]
fn a_table_cut_short_or_grown_is_refused() {
    let Some(cube) = definition("cube2_fixed_corner.tws") else {
        return;
    };
    let folder = Folder::new("cut");
    let table = folder.file("cube.t2");
    save(&cube, &[], &table);
    let whole = std::fs::read(&table).unwrap();
    // The header (32 bytes) and 3,674,160 positions of 2 bits, in words of 8 bytes.
    assert_eq!(whole.len(), 32 + 3_674_160usize.div_ceil(32) * 8);
    let damaged = folder.file("damaged.t2");
    for (length, what) in [
        (whole.len() / 2, "cut short"),
        (whole.len() - 1, "cut short"),
        (whole.len() - 8, "cut short"),
        (32, "cut short"),
        (31, "cut short"),
        (5, "cut short"),
        (0, "cut short"),
    ] {
        std::fs::write(&damaged, &whole[..length]).unwrap();
        assert_refused(&solve(&cube, &[], "R U", Some(&damaged)), &damaged, what);
    }
    let mut longer = whole.clone();
    longer.extend([0; 8]);
    std::fs::write(&damaged, &longer).unwrap();
    assert_refused(
        &solve(&cube, &[], "R U", Some(&damaged)),
        &damaged,
        "past its end",
    );
    // Not a table at all: another file of the same length.
    std::fs::write(&damaged, vec![b'x'; whole.len()]).unwrap();
    assert_refused(
        &solve(&cube, &[], "R U", Some(&damaged)),
        &damaged,
        "not a table",
    );
}

#[test]
fn a_table_with_one_byte_changed_is_refused() {
    let Some(pancakes) = definition("pancakes_6.tws") else {
        return;
    };
    let folder = Folder::new("flipped");
    let table = folder.file("pancakes6.t2");
    save(&pancakes, &[], &table);
    let whole = std::fs::read(&table).unwrap();
    // The header (32 bytes) and 720 positions of 2 bits, in words of 8 bytes: the last word
    // half padding (its last byte among them).
    assert_eq!(whole.len(), 32 + 720usize.div_ceil(32) * 8);
    let damaged = folder.file("damaged.t2");
    // Every byte of the header, the middle of the codes, their last byte; each bit of one.
    let middle = 32 + (whole.len() - 32) / 2;
    let mut changes: Vec<(usize, u8)> = (0..32).map(|at| (at, 0x01)).collect();
    changes.extend([(middle, 0xff), (whole.len() - 1, 0x80)]);
    changes.extend((0..8).map(|bit| (middle + 1, 1 << bit)));
    for (at, mask) in changes {
        let mut bytes = whole.clone();
        bytes[at] ^= mask;
        std::fs::write(&damaged, &bytes).unwrap();
        let refused = solve(&pancakes, &[], "P3 P5", Some(&damaged));
        let what = match at {
            0..8 => "not a table",
            8..12 => "another version",
            12..20 => "another definition",
            20..28 => "positions",
            _ => "damaged",
        };
        assert_refused(&refused, &damaged, what);
    }
}

/// Nine distinct pieces and four moves of order 20 (51 search moves): the permutation is
/// computed move by move, not searched, so an `Illegal` line leaves the rank as it is.
const NINE: &str = "Name Nine
Set P 9 1
Solved
P
1 2 3 4 5 6 7 8 9
End
Move A
P
2 3 4 1 6 7 8 9 5
End
Move B
P
1 3 5 7 9 2 4 6 8
End
Move C
P
9 1 2 3 4 5 6 7 8
End
Move D
P
5 1 2 3 4 7 8 9 6
End
";

#[test]
fn a_table_of_another_definition_or_metric_is_refused() {
    let (Some(cube), Some(skewb), Some(pancakes6), Some(pancakes5), Some(burnt6)) = (
        definition("cube2_fixed_corner.tws"),
        definition("skewb.tws"),
        definition("pancakes_6.tws"),
        definition("pancakes_5.tws"),
        definition("burnt_pancakes_6.tws"),
    ) else {
        return;
    };
    let (Some(loopover), Some(loopover_illegal)) = (
        definition("loopover_3x3.tws"),
        definition("loopover_3x3_illegal.tws"),
    ) else {
        return;
    };
    let folder = Folder::new("other");
    let cube_table = folder.file("cube.t2");
    save(&cube, &[], &cube_table);
    let skewb_scramble = "UFR UBL'";
    assert_refused(
        &solve(&skewb, &[], skewb_scramble, Some(&cube_table)),
        &cube_table,
        "another definition",
    );
    // The quarter-turn metric drops U2, R2, F2: another space, another table.
    assert_refused(
        &solve(&cube, &["--qtm"], "R U", Some(&cube_table)),
        &cube_table,
        "another definition",
    );
    let pancakes_table = folder.file("pancakes6.t2");
    save(&pancakes6, &[], &pancakes_table);
    assert_refused(
        &solve(&pancakes5, &[], "P3", Some(&pancakes_table)),
        &pancakes_table,
        "another definition",
    );
    assert_refused(
        &solve(&burnt6, &[], "P3", Some(&pancakes_table)),
        &pancakes_table,
        "another definition",
    );
    // The same moves and Solved, other `Illegal` lines.
    let loopover_table = folder.file("loopover.t2");
    save(&loopover, &[], &loopover_table);
    assert_refused(
        &solve(&loopover_illegal, &[], "R1 C1", Some(&loopover_table)),
        &loopover_table,
        "another definition",
    );
    // The same rank too: only the `Illegal` line tells the tables apart.
    let nine = folder.write("nine.tws", NINE);
    let nine_illegal = folder.write("nine_illegal.tws", &format!("{NINE}Illegal P 1 9\n"));
    let info = |file: &str| {
        run(&["info", file])
            .stdout
            .lines()
            .filter(|l| l.starts_with("coordinate") || l.starts_with("rank"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(info(&nine).contains("computed"), "{}", info(&nine));
    assert_eq!(info(&nine), info(&nine_illegal));
    let nine_table = folder.file("nine.t2");
    save(&nine, &[], &nine_table);
    assert_refused(
        &solve(&nine_illegal, &[], "C A'", Some(&nine_table)),
        &nine_table,
        "another definition",
    );
}

#[test]
fn a_table_is_used_where_only_names_differ_or_the_metric_changes_nothing() {
    let Some(pancakes) = definition("pancakes_6.tws") else {
        return;
    };
    let folder = Folder::new("same");
    let table = folder.file("pancakes6.t2");
    save(&pancakes, &[], &table);
    // Another name, a comment, an alias and a rotation: the same search.
    let text = std::fs::read_to_string(&pancakes).unwrap();
    assert!(text.contains("Name Pancakes6"), "{text}");
    let renamed = folder.write(
        "renamed.tws",
        &format!(
            "# renamed\n{}MoveAlias Flip P6\nMove Fv\nSTACK\n6 5 4 3 2 1\nEnd\n",
            text.replace("Name Pancakes6", "Name Stack")
        ),
    );
    // Every flip has order 2: the quarter-turn metric has the same moves.
    for (definition, metric, scramble) in [
        (&renamed, &[][..], "P4 Fv P6 Flip"),
        (&pancakes, &["--qtm"], "P4 P6 P2"),
    ] {
        let by_table = solve(definition, metric, scramble, Some(&table));
        let by_search = solve(definition, metric, scramble, None);
        assert_eq!(by_table.status, Some(0), "{by_table:?}");
        assert_eq!(by_table.stdout, by_search.stdout, "{scramble}");
    }
}
