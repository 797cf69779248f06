//! The `hanoi4` binary follows the command-line conventions; its help text is a reviewed snapshot.

#[test]
fn command_line_conventions_and_help() {
    let help = judge::testing::conventions(
        env!("CARGO_BIN_EXE_hanoi4").as_ref(),
        "hanoi4",
        (&[], include_bytes!("../../../testdata/hanoi4/sample.in")),
    );
    insta::assert_snapshot!("help", help);
}

#[test]
fn the_rendered_page_of_a_small_case_is_a_reviewed_snapshot() {
    let binary = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let html = judge::testing::rendered_page(
        binary,
        &["--case", "1"],
        "2\n2\n1 2\n0\n1 1\n0\n1\n1 1\n0\n0\n0\n",
    );
    insta::assert_snapshot!("render", html);
}

#[test]
fn the_eccentricity_plot_is_a_reviewed_snapshot() {
    let plot = std::env::temp_dir().join(format!("hanoi4-plot-{}.svg", std::process::id()));
    let args = [
        std::ffi::OsStr::new("eccentricity"),
        std::ffi::OsStr::new("6"),
        std::ffi::OsStr::new("--plot"),
        plot.as_os_str(),
    ];
    let run = judge::testing::run(env!("CARGO_BIN_EXE_hanoi4").as_ref(), &args, b"");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert!(
        run.stdout.contains("largest distance to a tower 17"),
        "{}",
        run.stdout
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    std::fs::remove_file(&plot).unwrap();
    assert!(svg.contains("largest: 17"));
    insta::assert_snapshot!("eccentricity_plot", svg);
}

/// `table build N --detour` saves both tables (loading a saved goal table), `table info` checks
/// either kind, a second build is refused, and `--tables` with `--stats` answers as the default
/// engines do while telling the time of each disc count on stderr.
#[test]
fn detour_tables_are_built_checked_and_used() {
    let binary: &std::path::Path = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let dir = std::env::temp_dir().join(format!("hanoi4-cli-detour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str], stdin: &str| {
        let mut all: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        if args.first() == Some(&"table") && args.get(1) == Some(&"build") {
            all.extend([std::ffi::OsStr::new("--dir"), dir.as_os_str()]);
        }
        judge::testing::run(binary, &all, stdin.as_bytes())
    };
    let goal = run(&["table", "build", "8"], "");
    assert_eq!(goal.status, Some(0), "{goal:?}");
    let both = run(&["table", "build", "8", "--detour"], "");
    assert_eq!(both.status, Some(0), "{both:?}");
    assert!(
        both.stdout.contains("the saved goal table"),
        "{}",
        both.stdout
    );
    assert!(
        both.stdout.contains("detour table saved in"),
        "{}",
        both.stdout
    );
    let again = run(&["table", "build", "8", "--detour"], "");
    assert_eq!(again.status, Some(2));
    assert!(again.stdout.is_empty());
    assert!(
        again.stderr.contains("refusing to replace"),
        "{}",
        again.stderr
    );
    let wide = run(&["table", "build", "19", "--detour"], "");
    assert_eq!(wide.status, Some(2));
    assert!(wide.stderr.contains("at most 18 discs"), "{}", wide.stderr);
    let detour_file = dir.join("hanoi4-n08.d2");
    let info = judge::testing::run(
        binary,
        &["table".as_ref(), "info".as_ref(), detour_file.as_os_str()],
        b"",
    );
    assert_eq!(info.status, Some(0), "{info:?}");
    assert!(
        info.stdout
            .contains("detour table of 8 discs, values from 20")
    );
    // Cases of 10 to 12 discs: A* with windows of 8 and their detour, against the defaults.
    let mut input = String::from("3\n");
    for n in 10..=12usize {
        let mut pegs = vec![Vec::new(); 4];
        for disc in (1..=n).rev() {
            pegs[(disc * 7 + n) % 4].push(disc.to_string());
        }
        input.push_str(&format!("{n}\n"));
        for peg in pegs {
            let line = std::iter::once(peg.len().to_string()).chain(peg);
            input.push_str(&format!("{}\n", line.collect::<Vec<_>>().join(" ")));
        }
    }
    let tables = dir.to_str().expect("a UTF-8 path");
    let with = run(&["--engine", "pdb", "--tables", tables, "--stats"], &input);
    let without = run(&[], &input);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(with.status, Some(0), "{with:?}");
    assert_eq!(with.stdout, without.stdout);
    let stats: Vec<&str> = with.stderr.lines().collect();
    assert_eq!(stats.len(), 3, "{}", with.stderr);
    for (line, n) in stats.iter().zip(10..) {
        assert!(
            line.starts_with(&format!("hanoi4: {n} discs, 1 case, engine pdb: ")),
            "{line}"
        );
        assert!(line.contains("s getting ready"), "{line}");
    }
}

/// Under `ulimit -v` (1 GiB of address space) a table that cannot fit is refused at once, in
/// one line with the figures and the limit, before anything is allocated; forced past the
/// check, the refused allocation is one line too; a small one is built.
#[test]
fn a_table_too_large_for_the_address_space_is_refused_before_the_build() {
    let binary = env!("CARGO_BIN_EXE_hanoi4");
    let dir = std::env::temp_dir().join(format!("hanoi4-admission-{}", std::process::id()));
    let under_limit = |args: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 1048576 && exec \"$0\" {args}"))
            .arg(binary)
            .output()
            .expect("sh runs")
    };
    let refused = under_limit(&format!("table build 18 --dir {}", dir.display()));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(refused.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("hanoi4: the 18-disc goal table needs 2.")
            && stderr.contains(" GiB of memory, but the address-space limit (ulimit -v) allows "),
        "{stderr}"
    );
    assert!(!dir.join("hanoi4-n18.t2").exists());
    // Told to build anyway, the allocation fails: a clean error, not an abort.
    let failed = under_limit(&format!(
        "table build 18 --dir {} --ignore-memory-limits",
        dir.display()
    ));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(2), "{stderr}");
    assert!(failed.stdout.is_empty());
    assert_eq!(
        stderr,
        "hanoi4: the 18-disc goal table could not be allocated: the system refused 2.67 GiB (ulimit -v, the memory cgroup, or too little memory left)\n"
    );
    assert!(!dir.join("hanoi4-n18.t2").exists());
    let built = under_limit(&format!("table build 8 --dir {}", dir.display()));
    assert_eq!(
        built.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `eccentricity N` refuses too many discs in one shape, naming both ranges, whether clap
/// refuses the number (beyond the spread search's) or one process does (beyond its own);
/// a missing N and a missing subcommand are named.
#[test]
fn refusals_name_what_is_wrong() {
    let binary: &std::path::Path = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let refused = |args: &[&str]| {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let run = judge::testing::run(binary, &args, b"");
        assert_eq!(run.status, Some(2), "{run:?}");
        assert!(run.stdout.is_empty(), "{run:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{run:?}");
        run.stderr
    };
    let (one, spread) = (
        hanoi4::GoalTable::MAX_DISCS,
        hanoi4::GoalTable::MAX_SPREAD_DISCS,
    );
    let ranges = format!(
        "discs: the table in memory takes 1 to {one}, on disk (--disk DIR) or spread (--processes P) 1 to {spread}"
    );
    for n in [one + 1, spread + 1, 0].map(|n| n.to_string()) {
        let n = n.as_str();
        let message = refused(&["eccentricity", n]);
        assert!(message.contains(&format!("{n} {ranges}")), "{message}");
    }
    assert!(refused(&["eccentricity"]).contains("not provided: <N>"));
    assert!(refused(&["table", "build", "12"]).contains("not provided: --dir <DIR>"));
    assert!(refused(&["table"]).contains("a subcommand is needed: build, info"));
    // A folder that is not there is named with its flag.
    let missing = refused(&["--tables", "/nonexistent-hanoi4-tables"]);
    assert!(
        missing.starts_with("hanoi4: --tables: /nonexistent-hanoi4-tables: "),
        "{missing}"
    );
}

/// `eccentricity N --disk DIR` prints the levels of the search in memory; run again, the
/// finished search answers from its folder with the same levels.
#[test]
fn the_eccentricity_on_disk_is_the_one_in_memory() {
    let binary: &std::path::Path = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let dir = std::env::temp_dir().join(format!("hanoi4-cli-disk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let levels = |args: &[&std::ffi::OsStr]| {
        let run = judge::testing::run(binary, args, b"");
        assert_eq!(run.status, Some(0), "{run:?}");
        run.stdout
            .lines()
            .filter(|line| line.starts_with("distance"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let memory = levels(&["eccentricity".as_ref(), "11".as_ref()]);
    assert_eq!(memory.len(), 66, "levels 0 to 65 of 11 discs");
    let on_disk = [
        "eccentricity".as_ref(),
        "11".as_ref(),
        "--disk".as_ref(),
        dir.as_os_str(),
    ];
    assert_eq!(levels(&on_disk), memory);
    assert_eq!(levels(&on_disk), memory, "answered from the folder");
    // The spread search (two workers of one process) with its slices in files of a folder of
    // its own: the same levels, and the files gone after.
    let slices = dir.join("slices");
    let spread = [
        "eccentricity".as_ref(),
        "11".as_ref(),
        "--workers".as_ref(),
        "2".as_ref(),
        "--disk".as_ref(),
        slices.as_os_str(),
    ];
    assert_eq!(levels(&spread), memory);
    assert_eq!(std::fs::read_dir(&slices).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `table build 14 --dir DIR --disk` builds the goal table on disk (a second build is refused),
/// and the judge mode with `--tables DIR` answers 14-disc cases from it, as the default
/// engines do.
#[test]
fn a_goal_table_built_on_disk_answers_the_judge_mode() {
    let binary: &std::path::Path = env!("CARGO_BIN_EXE_hanoi4").as_ref();
    let dir = std::env::temp_dir().join(format!("hanoi4-cli-disk-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let tables = dir.to_str().expect("a UTF-8 path");
    let run = |args: &[&str], stdin: &str| {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        judge::testing::run(binary, &args, stdin.as_bytes())
    };
    let built = run(&["table", "build", "14", "--dir", tables, "--disk"], "");
    assert_eq!(built.status, Some(0), "{built:?}");
    assert!(
        built.stdout.contains("largest distance to a tower 113"),
        "{built:?}"
    );
    let again = run(&["table", "build", "14", "--dir", tables, "--disk"], "");
    assert_eq!(again.status, Some(2), "{again:?}");
    assert!(again.stderr.contains("hanoi4-n14.disk"), "{again:?}");
    let mut input = String::from("3\n");
    for shift in 0..3usize {
        let mut pegs = vec![Vec::new(); 4];
        for disc in (1..=14usize).rev() {
            pegs[(disc * 5 + shift * disc / 3) % 4].push(disc.to_string());
        }
        input.push_str("14\n");
        for peg in pegs {
            let line = std::iter::once(peg.len().to_string()).chain(peg);
            input.push_str(&format!("{}\n", line.collect::<Vec<_>>().join(" ")));
        }
    }
    let with = run(&["--tables", tables, "--stats"], &input);
    let without = run(&[], &input);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(with.status, Some(0), "{with:?}");
    assert_eq!(with.stdout, without.stdout);
    assert!(
        with.stderr.contains("14 discs, 3 cases, engine goal-table"),
        "{}",
        with.stderr
    );
}
