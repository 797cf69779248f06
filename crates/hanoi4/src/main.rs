//! `hanoi4`: the judge solver (stdin to stdout) by default; `table` and `eccentricity`
//! subcommands build, save, check and explore the two-bit goal tables.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use hanoi4::{DetourTable, Engine, GoalTable, SolveError, TableDir};
use judge::cli;
use statespace::Levels;
use statespace_timely::Cluster;

/// Four-peg Tower of Hanoi from any configuration (algospot HANOI4).
///
/// Without a subcommand, reads a judge input on stdin: C, then per case a line with n and four
/// lines `k d1 .. dk` (each peg's discs from the bottom up, 1 the smallest), and prints per case
/// the fewest moves that bring every disc to peg 4. Up to 20 discs.
#[derive(Parser)]
#[command(
    version,
    args_conflicts_with_subcommands = true,
    override_usage = "hanoi4 [--moves] [--engine ENGINE] [--tables DIR] [--render FILE.html [--case K]] [--stats] < INPUT\n       hanoi4 table build N --dir DIR [--replace] [--detour]\n       hanoi4 table info FILE\n       hanoi4 eccentricity N [--plot FILE.svg] [--workers W] [--processes P --process I [--hostfile FILE]]\n                          [--checkpoint DIR | --resume DIR] [--stop-after LEVEL] [--stats]"
)]
struct Arguments {
    /// After each count, one line `A B` per move of an optimal sequence (pegs 1 to 4).
    #[arg(long)]
    moves: bool,
    /// The engine for every disc count (default: chosen per disc count).
    #[arg(long, value_enum)]
    engine: Option<EngineName>,
    /// A folder of saved goal and detour tables (`hanoi4 table build`) to read; never written.
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
    /// Also write a page that plays the solution to this HTML file (self-contained: open it in
    /// any browser).
    #[arg(long, value_name = "FILE.html")]
    render: Option<PathBuf>,
    /// The case that --render shows (1 for the first).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "render")]
    case: usize,
    /// After solving, tell on stderr how long each disc count took: its engine, the time getting
    /// ready (tables built or loaded), and the median and largest time of a case.
    #[arg(long)]
    stats: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The engines, as the command line names them.
#[derive(Clone, Copy, ValueEnum)]
enum EngineName {
    /// Bidirectional or full BFS on the 2^26-entry table: up to 13 discs.
    Table,
    /// The two-bit goal table, loaded or built (seconds to minutes): up to 19 discs.
    GoalTable,
    /// A* over pattern databases or windows of a goal table: up to 20 discs.
    Pdb,
}

#[derive(Subcommand)]
enum Command {
    /// Build, save and check two-bit goal tables.
    #[command(subcommand)]
    Table(TableCommand),
    /// Build the goal table of N discs in memory and print how many configurations lie at each
    /// distance from the tower on peg 4, and the largest distance.
    Eccentricity {
        /// The number of discs (1 to 19 on one machine; 15: 10 s, 16: 40 s, 17: 3 min, 18: 14
        /// min, 19: 48 min and 12 GB of memory on two cores). Up to 31 spread over processes,
        /// as far as their memory goes.
        #[arg(value_parser = clap::value_parser!(u8).range(1..=GoalTable::MAX_SPREAD_DISCS as i64))]
        n: u8,
        /// Also draw the number of configurations at each distance as a bar chart (SVG).
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        #[command(flatten)]
        cluster: ClusterArguments,
    },
}

/// Running the search on timely-dataflow, over threads, processes and machines. Any of these
/// flags selects it; each process holds its workers' slices of the table.
#[derive(clap::Args)]
#[command(next_help_heading = "Spreading the search (timely-dataflow)")]
struct ClusterArguments {
    /// Worker threads in this process [default: 1 with --processes, else the cores].
    #[arg(long, short = 'w', value_name = "W", value_parser = clap::value_parser!(u16).range(1..=1024))]
    workers: Option<u16>,
    /// The number of processes; every one runs this command with its own --process.
    #[arg(long, short = 'n', value_name = "P", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    processes: u16,
    /// This process's number, 0 to P-1; process 0 prints the report, the others only errors.
    #[arg(long, short = 'p', value_name = "I", default_value_t = 0)]
    process: u16,
    /// The processes' addresses, one `host:port` a line, process i at line i (default:
    /// localhost:2101, localhost:2102, ...).
    #[arg(long, short = 'H', value_name = "FILE")]
    hostfile: Option<PathBuf>,
    /// Seconds to wait for the other processes to start and connect.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    connect_timeout: u64,
    /// Save every worker's slice in DIR after every --checkpoint-every levels (each file
    /// written under a temporary name, then renamed).
    #[arg(long, value_name = "DIR", conflicts_with = "resume")]
    checkpoint: Option<PathBuf>,
    /// Levels between two checkpoints.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    checkpoint_every: u32,
    /// Continue from the newest level that every worker saved in DIR (same processes and
    /// workers), and keep saving there.
    #[arg(long, value_name = "DIR")]
    resume: Option<PathBuf>,
    /// Stop once the level LEVEL is found and saved (with --checkpoint or --resume), to go on
    /// later with --resume.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u32).range(1..))]
    stop_after: Option<u32>,
    /// After the report, the ranks that crossed workers at each level and each process's peak
    /// memory.
    #[arg(long)]
    stats: bool,
}

impl ClusterArguments {
    fn wanted(&self) -> bool {
        self.workers.is_some()
            || self.processes > 1
            || self.hostfile.is_some()
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || self.stats
            || self.stop_after.is_some()
    }
}

#[derive(Subcommand)]
enum TableCommand {
    /// Build the goal table of N discs, save it in DIR as hanoi4-nNN.t2 and print the
    /// eccentricity report. DIR is created when missing and checked before the build starts.
    Build {
        /// The number of discs (1 to 19).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=GoalTable::MAX_DISCS as i64))]
        n: u8,
        /// The folder to save the table in.
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// Replace a table already saved there (otherwise refused before building).
        #[arg(long)]
        replace: bool,
        /// Also build the detour table of N discs (hanoi4-nNN.d2, N up to 18; about the goal
        /// table's time again), which A* uses with windows of N discs for N + 1 to N + 4 discs.
        /// A goal table already saved is loaded, not rebuilt.
        #[arg(long)]
        detour: bool,
    },
    /// Check a saved table (header, size, checksum, contents) and describe it.
    Info {
        /// The table file.
        file: PathBuf,
    },
}

const EXAMPLES: &str = "  printf '1\\n3\\n1 3\\n1 2\\n1 1\\n0\\n' | hanoi4               3
  hanoi4 --moves < cases.txt                               counts and moves
  hanoi4 table build 16 --dir tables                       40 s, a 171 MiB file
  hanoi4 --tables tables < cases.txt                       uses the saved tables
  hanoi4 eccentricity 15                                   130, reached by 588 configurations
  hanoi4 --render case2.html --case 2 < cases.txt          a page that plays case 2
  hanoi4 eccentricity 12 --plot levels.svg                 the levels as a bar chart
  hanoi4 eccentricity 15 -n 2 -p 1 & hanoi4 eccentricity 15 -n 2 -p 0
                                                           two processes (localhost:2101, 2102)";

fn main() -> ExitCode {
    let arguments = match cli::arguments::<Arguments>("hanoi4", EXAMPLES) {
        Ok(arguments) => arguments,
        Err(code) => return code,
    };
    let result = match arguments.command {
        Some(Command::Eccentricity { n, plot, cluster }) if cluster.wanted() => {
            spread(usize::from(n), &cluster, plot.as_deref())
        }
        Some(Command::Eccentricity { n, .. }) if usize::from(n) > GoalTable::MAX_DISCS => {
            Err(SolveError::TooManyDiscs {
                engine: Engine::GoalTable,
                max: GoalTable::MAX_DISCS,
                n_discs: usize::from(n),
            })
        }
        Some(Command::Eccentricity { n, plot, .. }) => {
            eccentricity(usize::from(n), None, false, plot.as_deref())
        }
        Some(Command::Table(TableCommand::Build {
            n,
            dir,
            replace,
            detour: false,
        })) => TableDir::create(dir)
            .and_then(|dir| eccentricity(usize::from(n), Some(dir), replace, None)),
        Some(Command::Table(TableCommand::Build {
            n,
            dir,
            replace,
            detour: true,
        })) => build_with_detour(usize::from(n), dir, replace),
        Some(Command::Table(TableCommand::Info { file })) => info(&file),
        None => return judge_mode(&arguments),
    };
    match result {
        Ok(code) => code,
        Err(error) => cli::fail("hanoi4", error),
    }
}

fn judge_mode(arguments: &Arguments) -> ExitCode {
    let tables = match arguments.tables.clone().map(TableDir::open).transpose() {
        Ok(tables) => tables,
        Err(error) => return cli::fail("hanoi4", error),
    };
    let input = match cli::read_stdin("hanoi4") {
        Ok(input) => input,
        Err(code) => return code,
    };
    let starts = match hanoi4::parse(&input) {
        Ok(starts) => starts,
        Err(error) => return cli::fail("hanoi4", error),
    };
    let engine = arguments.engine.map(|name| match name {
        EngineName::Table => Engine::Table,
        EngineName::GoalTable => Engine::GoalTable,
        EngineName::Pdb => Engine::Pdb,
    });
    let shown = match &arguments.render {
        Some(_) => match cli::case_index("hanoi4", arguments.case, starts.len()) {
            Ok(index) => Some(index),
            Err(code) => return code,
        },
        None => None,
    };
    let mut status = Status::new(cli::progress_wanted());
    let mut stats = Stats::default();
    let solved = hanoi4::solve_file_with(&starts, engine, tables.as_ref(), &mut |p| {
        status.update(p);
        stats.update(p);
    });
    status.clear();
    if arguments.stats {
        stats.print();
    }
    let solution = match solved {
        Ok(solution) => solution,
        Err(error) => return cli::fail("hanoi4", error),
    };
    if let (Some(path), Some(index)) = (&arguments.render, shown) {
        let start = &starts[index];
        let n = start.n_discs();
        let mut pegs = vec![Vec::new(); 4];
        for number in (1..=n).rev() {
            let disc = hanoi4::Disc::new(number).expect("a disc of the case");
            pegs[start.peg_of(disc).index()].push(number as u32);
        }
        let moves = &solution.moves[index];
        let scene = render::PegsScene {
            title: format!(
                "Four-peg Hanoi, case {}: {n} discs to peg 4 in {} moves",
                index + 1,
                moves.len()
            ),
            pegs: 4,
            start: pegs,
            moves: render::PegMoves::List(
                moves
                    .iter()
                    .map(|m| (m.from.index() as u8, m.to.index() as u8))
                    .collect(),
            ),
        };
        if let Err(code) = cli::write_file("hanoi4", path, &render::pegs_page(&scene)) {
            return code;
        }
    }
    cli::write_stdout("hanoi4", |out| {
        if arguments.moves {
            write!(out, "{}", solution.with_moves())
        } else {
            write!(out, "{solution}")
        }
    })
}

/// What `--stats` tells: per disc count, when it started, when its cases were answered.
#[derive(Default)]
struct Stats {
    groups: Vec<Group>,
}

/// One disc count's timings.
struct Group {
    n_discs: usize,
    cases: usize,
    engine: Engine,
    started: Instant,
    /// When the last answer came, and how many were answered then.
    last: (Instant, usize),
    /// Getting ready: until the first progress of its cases (tables, and the first cheap try
    /// past 16 discs).
    setup: Option<std::time::Duration>,
    /// The cases answered one at a time, each with its own time.
    each: Vec<std::time::Duration>,
}

impl Stats {
    fn update(&mut self, progress: hanoi4::Progress) {
        let now = Instant::now();
        match progress {
            hanoi4::Progress::Engine {
                n_discs,
                cases,
                engine,
            } => self.groups.push(Group {
                n_discs,
                cases,
                engine,
                started: now,
                last: (now, 0),
                setup: None,
                each: Vec::new(),
            }),
            hanoi4::Progress::Cases { done, .. } => {
                let Some(group) = self.groups.last_mut() else {
                    return;
                };
                let (at, before) = group.last;
                if done == before + 1 && group.setup.is_some() {
                    group.each.push(now - at);
                } else if group.setup.is_none() {
                    group.setup = Some(now - group.started);
                }
                group.last = (now, done);
            }
            hanoi4::Progress::TableLevel { .. }
            | hanoi4::Progress::DetourLevel { .. }
            | hanoi4::Progress::Escalating { .. } => {}
        }
    }

    fn print(&self) {
        for group in &self.groups {
            let total = group.last.0 - group.started;
            let mut each = group.each.clone();
            each.sort();
            let cases = match each.len() {
                0 => String::new(),
                k => format!(
                    "; {k} answered one by one: median {:.3} s, largest {:.3} s",
                    each[k / 2].as_secs_f64(),
                    each[k - 1].as_secs_f64()
                ),
            };
            eprintln!(
                "hanoi4: {} discs, {} case{}, engine {}: {:.3} s in all, {:.3} s getting ready (tables built or loaded){cases}",
                group.n_discs,
                group.cases,
                if group.cases == 1 { "" } else { "s" },
                group.engine,
                total.as_secs_f64(),
                group.setup.unwrap_or(total).as_secs_f64(),
            );
        }
    }
}

/// One status line on stderr while a file is solved, on a terminal only, once the work has
/// lasted half a second: the engine of the current disc count and what it is doing. Cleared at
/// the end, so nothing stays on the screen.
struct Status {
    terminal: bool,
    started: Instant,
    shown: Option<Instant>,
    engine: String,
}

impl Status {
    fn new(terminal: bool) -> Self {
        Self {
            terminal,
            started: Instant::now(),
            shown: None,
            engine: String::new(),
        }
    }

    fn update(&mut self, progress: hanoi4::Progress) {
        if let hanoi4::Progress::Escalating { n_discs, from, to } = progress {
            // Said whether or not stderr is a terminal: minutes of work follow.
            let before = from.map_or("14-disc databases".to_owned(), |w| {
                format!("{w}-disc windows")
            });
            let next = if to == n_discs {
                format!("the {to}-disc goal table, which answers every case exactly")
            } else {
                format!("the {to}-disc tables")
            };
            if self.shown.is_some() {
                eprint!("\r{:79}\r", "");
            }
            eprintln!(
                "hanoi4: a {n_discs}-disc case needs more than {before}: building {next} in memory \
                 (`hanoi4 table build {to}` saves it for next time)"
            );
            return;
        }
        if !self.terminal {
            return;
        }
        let detail = match progress {
            hanoi4::Progress::Engine {
                n_discs,
                cases,
                engine,
            } => {
                self.engine = format!(
                    "{cases} case{} of {n_discs} discs, engine {engine}",
                    if cases == 1 { "" } else { "s" }
                );
                String::new()
            }
            hanoi4::Progress::TableLevel { n_discs, level, .. } => {
                format!(": building the {n_discs}-disc goal table, distance {level}")
            }
            hanoi4::Progress::DetourLevel { n_discs, level, .. } => {
                format!(": building the {n_discs}-disc detour table, value {level}")
            }
            hanoi4::Progress::Cases { done, cases, .. } => format!(": {done} of {cases} answered"),
            hanoi4::Progress::Escalating { .. } => String::new(),
        };
        let due = self.shown.is_none_or(|at| at.elapsed().as_millis() >= 100);
        if self.started.elapsed().as_millis() >= 500 && due {
            eprint!("\r{:<79.79}", format!("hanoi4: {}{detail}", self.engine));
            self.shown = Some(Instant::now());
        }
    }

    fn clear(&self) {
        if self.shown.is_some() {
            eprint!("\r{:79}\r", "");
        }
    }
}

/// Builds the goal table of `n` discs, saves it in `dir` when given (refusing at once, before
/// the build, to replace a saved table unless `replace`), and prints every level, the largest
/// distance and how many configurations reach it. Progress goes to stderr when it is a terminal
/// and the build has lasted more than a second.
fn eccentricity(
    n: usize,
    dir: Option<TableDir>,
    replace: bool,
    plot: Option<&std::path::Path>,
) -> Result<ExitCode, SolveError> {
    if let Some(dir) = &dir
        && !replace
        && dir.contains(n)
    {
        return Err(SolveError::TableExists { path: dir.file(n) });
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let ((table, levels), built) =
        with_level_progress(|progress| GoalTable::build(n, threads, progress))?;
    if let Some(dir) = &dir {
        dir.save(&table, replace)?;
    }
    Ok(print_report(n, &levels, plot, |out| {
        report(out, n, &levels, true, built, &format!("{threads} threads"))
    }))
}

/// Runs a table build with its levels shown on stderr when it is a terminal (the line cleared
/// after), and returns what it built with the seconds it took.
fn with_level_progress<T>(
    build: impl FnOnce(Box<dyn Fn(u32, u64) + Send + Sync>) -> Result<T, SolveError>,
) -> Result<(T, f64), SolveError> {
    let started = Instant::now();
    let terminal = cli::progress_wanted();
    let built = build(Box::new(level_progress(terminal, started)))?;
    if terminal {
        eprint!("\r{:60}\r", "");
    }
    Ok((built, started.elapsed().as_secs_f64()))
}

/// `table build N --detour`: the goal table (loaded when saved, unless `replace`), then the
/// detour table, both saved; refused before any work when the detour table is saved already
/// (unless `replace`) or N is past [`DetourTable::MAX_DISCS`].
fn build_with_detour(n: usize, dir: PathBuf, replace: bool) -> Result<ExitCode, SolveError> {
    if n > DetourTable::MAX_DISCS {
        return Err(SolveError::DetourWidth {
            n_discs: n,
            reason: format!("is refused: at most {} discs", DetourTable::MAX_DISCS),
        });
    }
    let dir = TableDir::create(dir)?;
    if !replace && dir.contains_detour(n) {
        return Err(SolveError::TableExists {
            path: dir.detour_file(n),
        });
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut out = Vec::new();
    let goal = if dir.contains(n) && !replace {
        let goal = dir.load(n)?;
        writeln!(
            out,
            "{} discs: the saved goal table {}",
            n,
            dir.file(n).display()
        )
        .expect("writing to memory");
        goal
    } else {
        let ((goal, levels), built) =
            with_level_progress(|progress| GoalTable::build(n, threads, progress))?;
        dir.save(&goal, replace)?;
        report(
            &mut out,
            n,
            &levels,
            true,
            built,
            &format!("{threads} threads"),
        )
        .expect("writing to memory");
        goal
    };
    let (detour, built) =
        with_level_progress(|progress| DetourTable::build(&goal, threads, progress))?;
    let path = dir.save_detour(&detour, replace)?;
    writeln!(
        out,
        "{n} discs: detour table saved in {}, values from {} (a configuration on two pegs), {built:.2} s on {threads} threads",
        path.display(),
        detour.floor(),
    )
    .expect("writing to memory");
    Ok(cli::write_stdout("hanoi4", |w| w.write_all(&out)))
}

/// Draws `levels` to `plot` when asked, then writes the report.
fn print_report(
    n: usize,
    levels: &Levels,
    plot: Option<&std::path::Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> ExitCode {
    if let Some(path) = plot {
        let chart = render::bar_chart_svg(
            &format!("Four-peg Hanoi, {n} discs: configurations by distance to the tower on peg 4"),
            "moves to the tower on peg 4",
            "configurations (log scale)",
            levels.sizes(),
        );
        if let Err(code) = cli::write_file("hanoi4", path, &chart) {
            return code;
        }
    }
    cli::write_stdout("hanoi4", |out| write(out))
}

/// The eccentricity search on timely-dataflow: this process's share, the report from process 0.
fn spread(
    n: usize,
    arguments: &ClusterArguments,
    plot: Option<&std::path::Path>,
) -> Result<ExitCode, SolveError> {
    let processes = usize::from(arguments.processes);
    let process = usize::from(arguments.process);
    let workers = arguments.workers.map_or_else(
        || {
            if processes > 1 {
                1
            } else {
                std::thread::available_parallelism().map_or(1, usize::from)
            }
        },
        usize::from,
    );
    let cluster = match (&arguments.hostfile, processes) {
        (Some(file), _) => Cluster::from_hostfile(workers, processes, process, file),
        (None, 1) if process == 0 => Ok(Cluster::single(workers)),
        (None, _) => Cluster::localhost(workers, processes, process),
    }
    .map_err(SolveError::from)?
    .with_connect_timeout(std::time::Duration::from_secs(arguments.connect_timeout));
    quiet_lost_connections();
    let started = Instant::now();
    let terminal = process == 0 && cli::progress_wanted();
    let mut search = GoalTable::spread_search(n)?.progress(level_progress(terminal, started));
    if let Some(dir) = &arguments.checkpoint {
        std::fs::create_dir_all(dir).map_err(|source| SolveError::TableIo {
            path: dir.clone(),
            source,
        })?;
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
    let result = search.run(&cluster)?;
    if terminal {
        eprint!("\r{:60}\r", "");
    }
    if process != 0 {
        return Ok(ExitCode::SUCCESS);
    }
    let seconds = started.elapsed().as_secs_f64();
    let shape = format!(
        "{processes} process{} x {workers} worker{}",
        if processes == 1 { "" } else { "es" },
        if workers == 1 { "" } else { "s" }
    );
    Ok(print_report(n, &result.levels, plot, |out| {
        report(out, n, &result.levels, result.complete, seconds, &shape)?;
        if let Some(level) = result.resumed_at {
            writeln!(out, "resumed after level {level}")?;
        }
        if arguments.stats {
            for (distance, traffic) in result.traffic.iter().enumerate() {
                writeln!(
                    out,
                    "level {:>4}: {} ranks to another worker of the process, {} to another process ({} bytes)",
                    distance + 1,
                    traffic.within,
                    traffic.between,
                    8 * traffic.between
                )?;
            }
            for (index, memory) in result.peak_memory.iter().enumerate() {
                match memory {
                    Some(bytes) => writeln!(out, "process {index}: peak memory {bytes} bytes")?,
                    None => writeln!(out, "process {index}: peak memory unknown")?,
                }
            }
        }
        Ok(())
    }))
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

/// The progress of an eccentricity search on stderr: each level as it is found, on a terminal
/// only, once the search has lasted a second.
fn level_progress(terminal: bool, started: Instant) -> impl Fn(u32, u64) + Send + Sync + 'static {
    move |level, count| {
        if terminal && started.elapsed().as_secs_f64() > 1.0 {
            eprint!(
                "\rlevel {level:>4}: {count:>14} configurations, {:>7.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}

fn report(
    out: &mut dyn Write,
    n: usize,
    levels: &Levels,
    complete: bool,
    seconds: f64,
    workers: &str,
) -> io::Result<()> {
    for (distance, count) in levels.sizes().iter().enumerate() {
        writeln!(out, "distance {distance:>4}: {count} configurations")?;
    }
    if !complete {
        return writeln!(
            out,
            "{n} discs: stopped after level {}, {} configurations so far, {seconds:.2} s on {workers}",
            levels.max_distance(),
            levels.reached()
        );
    }
    writeln!(
        out,
        "{n} discs: {} configurations, largest distance to a tower {} ({} configurations), {seconds:.2} s on {workers}",
        levels.reached(),
        levels.max_distance(),
        levels.sizes().last().copied().unwrap_or(0),
    )
}

/// Loads `file` with every check and says what it holds.
fn info(file: &std::path::Path) -> Result<ExitCode, SolveError> {
    if file.extension().is_some_and(|e| e == "d2") {
        let table = DetourTable::load(file)?;
        return Ok(cli::write_stdout("hanoi4", |out| {
            writeln!(
                out,
                "{}: detour table of {} discs, values from {}; header, size, checksum and contents verified",
                file.display(),
                table.n_discs(),
                table.floor(),
            )
        }));
    }
    let table = GoalTable::load(file)?;
    let bytes = std::fs::metadata(file).map_err(|source| SolveError::TableIo {
        path: file.to_path_buf(),
        source,
    })?;
    Ok(cli::write_stdout("hanoi4", |out| {
        writeln!(
            out,
            "{}: goal table of {} discs, {} canonical configurations ({} configurations), {} bytes; header, size, checksum and contents verified",
            file.display(),
            table.n_discs(),
            table.canonical_len(),
            4u64.pow(table.n_discs() as u32),
            bytes.len(),
        )
    }))
}
