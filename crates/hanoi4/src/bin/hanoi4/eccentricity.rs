//! `hanoi4 eccentricity N`: the goal table built in memory (or over timely-dataflow workers and
//! processes), and the report of its levels, optionally drawn as a chart.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use hanoi4::{GoalTable, SolveError, TableDir};
use judge::cli::{self, Failure, Stdout};
use statespace::{Levels, Space, Weight};
use statespace_timely::{Cluster, ClusterSearch, Report, RunOnCluster};

use crate::args::{ClusterArguments, discs_refused};
use crate::status::{level_bar, with_level_progress};

/// `eccentricity N [--plot FILE]` on this machine's cores; with `check_memory`, refused at once
/// when the table would not fit.
pub fn run(n: usize, plot: Option<&Path>, check_memory: bool) -> Result<Stdout<'static>, Failure> {
    if n > GoalTable::MAX_DISCS {
        return Err(Failure::new(discs_refused(n)));
    }
    build(n, None, false, plot, check_memory)
}

/// `eccentricity N --disk DIR`: the goal table searched in a file of `dir`
/// ([`GoalTable::build_on_disk`]), going on from the folder's checkpoint when it has one; with
/// `check_memory`, refused at once when the search's bitmaps would not fit.
pub fn on_disk(
    n: usize,
    dir: &Path,
    plot: Option<&Path>,
    check_memory: bool,
) -> Result<Stdout<'static>, Failure> {
    if check_memory {
        memory::admit(GoalTable::disk_memory_needed(n)).map_err(|refusal| SolveError::Memory {
            what: format!("{n}-disc search on disk"),
            refusal,
        })?;
    }
    let threads = cores();
    if cli::progress_wanted() && !dir.join("checkpoint").exists() {
        eprintln!(
            "hanoi4: writing the {:.1} GB table in {} before the search",
            GoalTable::disk_bytes(n) as f64 / 1e9,
            dir.display()
        );
    }
    let ((_, levels), seconds) = with_level_progress(n, |progress| {
        GoalTable::build_on_disk(n, threads, dir, progress)
    })?;
    draw(n, &levels, plot)?;
    Ok(Stdout::display(report(
        n,
        &levels,
        true,
        seconds,
        &format!("{threads} threads, the table on disk in {}", dir.display()),
    )))
}

/// Builds the goal table of `n` discs, saves it in `dir` when given (refusing at once, before
/// the build, to replace a saved table unless `replace`, and with `check_memory` a table that
/// would not fit), draws `plot` when asked, and reports
/// every level, the largest distance and how many configurations reach it.
pub(crate) fn build(
    n: usize,
    dir: Option<&TableDir>,
    replace: bool,
    plot: Option<&Path>,
    check_memory: bool,
) -> Result<Stdout<'static>, Failure> {
    if let Some(dir) = dir
        && !replace
        && dir.contains(n)
    {
        return Err(SolveError::TableExists { path: dir.file(n) }.into());
    }
    if check_memory && n <= GoalTable::MAX_DISCS {
        GoalTable::admit(n)?;
    }
    let threads = cores();
    let ((table, levels), built) =
        with_level_progress(n, |progress| GoalTable::build(n, threads, progress))?;
    if let Some(dir) = dir {
        dir.save(&table, replace)?;
    }
    draw(n, &levels, plot)?;
    Ok(Stdout::display(report(
        n,
        &levels,
        true,
        built,
        &format!("{threads} threads"),
    )))
}

/// The threads a build runs on: one per core.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Draws `levels` to `plot` when asked.
fn draw(n: usize, levels: &Levels, plot: Option<&Path>) -> Result<(), Failure> {
    let Some(path) = plot else { return Ok(()) };
    let chart = render::bar_chart_svg(
        &format!("Four-peg Hanoi, {n} discs: configurations by distance to the tower on peg 4"),
        "moves to the tower on peg 4",
        "configurations (log scale)",
        levels.sizes(),
    );
    cli::write_file(path, &chart)
}

/// The eccentricity search on timely-dataflow: this process's share, the report from process 0;
/// with `disk`, this process's slices kept in files of that folder.
pub fn spread(
    n: usize,
    arguments: &ClusterArguments,
    disk: Option<&Path>,
    plot: Option<&Path>,
) -> Result<Stdout<'static>, Failure> {
    let processes = usize::from(arguments.processes);
    let process = usize::from(arguments.process);
    let workers = arguments
        .workers
        .map_or(if processes > 1 { 1 } else { cores() }, usize::from);
    let cluster = cluster(arguments, workers)?;
    quiet_lost_connections();
    let started = Instant::now();
    let terminal = process == 0 && cli::progress_wanted();
    let bar = level_bar(terminal, n);
    let shown = bar.clone();
    let hold = arguments.hold_after;
    let search = GoalTable::spread_search(n)?
        .progress(move |level, count| {
            shown.level(level, count);
            if hold == Some(level) {
                held(level);
            }
        })
        .on_cluster(GoalTable::spread_name(n));
    let result = with_settings(search, arguments, disk)?.run(&cluster);
    bar.clear();
    let result = result.map_err(SolveError::from)?;
    if result.complete {
        SolveError::check_levels(n, &result.levels)?;
    }
    if process != 0 {
        return Ok(Stdout::nothing());
    }
    let seconds = started.elapsed().as_secs_f64();
    let shape = format!(
        "{processes} process{} x {workers} worker{}",
        if processes == 1 { "" } else { "es" },
        if workers == 1 { "" } else { "s" }
    );
    draw(n, &result.levels, plot)?;
    let mut out = report(n, &result.levels, result.complete, seconds, &shape);
    if let Some(level) = result.resumed_at {
        writeln!(out, "resumed after level {level}").expect("writing to memory");
    }
    if arguments.stats {
        stats(&mut out, &result);
    }
    Ok(Stdout::display(out))
}

/// The cluster `arguments` describe, `workers` threads in each process, with their timeouts.
fn cluster(arguments: &ClusterArguments, workers: usize) -> Result<Cluster, SolveError> {
    let processes = usize::from(arguments.processes);
    let process = usize::from(arguments.process);
    Ok(match (&arguments.hostfile, processes) {
        (Some(file), _) => Cluster::from_hostfile(workers, processes, process, file),
        (None, 1) if process == 0 => Ok(Cluster::single(workers)),
        (None, _) => Cluster::localhost(workers, processes, process),
    }
    .map_err(SolveError::from)?
    .with_connect_timeout(Duration::from_secs(arguments.connect_timeout))
    .with_peer_timeout(Duration::from_secs_f64(arguments.peer_timeout)))
}

/// `search` with the checkpoints, resume, last level and slice folder (`disk`) asked for.
fn with_settings<S: Space + Send + Sync + 'static, W: Weight + Send + 'static>(
    mut search: ClusterSearch<S, W>,
    arguments: &ClusterArguments,
    disk: Option<&Path>,
) -> Result<ClusterSearch<S, W>, SolveError> {
    if let Some(dir) = &arguments.checkpoint {
        created(dir)?;
        search = search.checkpoints(dir, arguments.checkpoint_every);
    }
    if let Some(dir) = &arguments.resume {
        search = search
            .checkpoints(dir, arguments.checkpoint_every)
            .resume(true);
    }
    if let Some(level) = arguments.stop_after {
        search = search.stop_after(level);
    }
    if let Some(dir) = disk {
        created(dir)?;
        search = search.slices_on_disk(dir);
    }
    Ok(search)
}

/// Creates the folder `dir` and its parents, refusing with the folder named when it cannot.
fn created(dir: &Path) -> Result<(), SolveError> {
    std::fs::create_dir_all(dir).map_err(|source| SolveError::TableIo {
        path: dir.to_path_buf(),
        source,
    })
}

/// Writes `--stats`: the ranks each level sent across workers and processes, the peak memory.
fn stats(out: &mut String, result: &Report) {
    for (distance, traffic) in result.traffic.iter().enumerate() {
        writeln!(
            out,
            "level {:>4}: {} ranks to another worker of the process, {} to another process ({} bytes)",
            distance + 1,
            traffic.within,
            traffic.between,
            8 * traffic.between
        )
        .expect("writing to memory");
    }
    for (index, memory) in result.peak_memory.iter().enumerate() {
        match memory {
            Some(bytes) => writeln!(out, "process {index}: peak memory {bytes} bytes"),
            None => writeln!(out, "process {index}: peak memory unknown"),
        }
        .expect("writing to memory");
    }
}

/// `--hold-after`: says so on stderr, then waits for a line (or the end) on stdin.
fn held(level: u32) {
    eprintln!("hanoi4: held after level {level}");
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
}

/// Timely's network threads panic when another process disappears (and joining them panics
/// again); the search turns that into one error line, so those panic messages are not shown.
fn quiet_lost_connections() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        let known = [
            "timely communication error",
            "MergeQueue poisoned",
            "Send thread panic",
            "Recv thread panic",
        ];
        if !known.iter().any(|start| message.starts_with(start)) {
            previous(info);
        }
    }));
}

/// The report: every level, then the largest distance and how many reach it (or where an
/// unfinished search stopped).
pub(crate) fn report(
    n: usize,
    levels: &Levels,
    complete: bool,
    seconds: f64,
    workers: &str,
) -> String {
    let mut out = String::new();
    for (distance, count) in levels.sizes().iter().enumerate() {
        writeln!(out, "distance {distance:>4}: {count} configurations").expect("writing to memory");
    }
    if complete {
        writeln!(
            out,
            "{n} discs: {} configurations, largest distance to a tower {} ({} configurations), {seconds:.2} s on {workers}",
            levels.reached(),
            levels.max_distance(),
            levels.sizes().last().copied().unwrap_or(0),
        )
    } else {
        writeln!(
            out,
            "{n} discs: stopped after level {}, {} configurations so far, {seconds:.2} s on {workers}",
            levels.max_distance(),
            levels.reached()
        )
    }
    .expect("writing to memory");
    out
}
