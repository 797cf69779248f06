//! The command line of `hanoi4`: its arguments and subcommands (clap), and the examples of its
//! `--help`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use hanoi4::{Engine, GoalTable};
use judge::cli;

/// Four-peg Tower of Hanoi from any configuration (algospot HANOI4).
///
/// Without a subcommand, reads a judge input on stdin: C, then per case a line with n and four
/// lines `k d1 .. dk` (each peg's discs from the bottom up, 1 the smallest), and prints per case
/// the fewest moves that bring every disc to peg 4. Up to 20 discs.
#[derive(Parser)]
#[command(
    version,
    args_conflicts_with_subcommands = true,
    override_usage = "hanoi4 [--moves] [--engine ENGINE] [--tables DIR] [--render FILE.html [--case K]] [--stats] < INPUT\n       hanoi4 table build N --dir DIR [--replace] [--detour] [--ignore-memory-limits]\n       hanoi4 table info FILE\n       hanoi4 eccentricity N [--plot FILE.svg] [--workers W] [--processes P --process I [--hostfile FILE]]\n                          [--checkpoint DIR | --resume DIR] [--stop-after LEVEL] [--stats]"
)]
pub struct Arguments {
    /// After each count, one line `A B` per move of an optimal sequence (pegs 1 to 4).
    #[arg(long)]
    pub moves: bool,
    /// The engine for every disc count (default: chosen per disc count).
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
    /// A folder of saved goal and detour tables (`hanoi4 table build`) to read; never written.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    #[command(flatten)]
    pub page: cli::PageArguments,
    /// After solving, tell on stderr how long each disc count took: its engine, the time getting
    /// ready (tables built or loaded), and the median and largest time of a case.
    #[arg(long)]
    pub stats: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Build, save and check two-bit goal tables.
    #[command(subcommand)]
    Table(TableCommand),
    /// Build the goal table of N discs in memory and print how many configurations lie at each
    /// distance from the tower on peg 4, and the largest distance.
    Eccentricity {
        /// The number of discs (1 to 19 in memory; the table and its build time grow fourfold
        /// a disc, build times in docs/performance.md). Up to 31 on disk (--disk) or spread
        /// over processes, as far as the disk or their memory goes.
        #[arg(value_parser = discs)]
        n: u8,
        /// Also draw the number of configurations at each distance as a bar chart (SVG).
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        /// Build even when the table would not fit in the memory this process may take
        /// (MemAvailable, the memory cgroup, ulimit -v), which is otherwise refused at once.
        #[arg(long)]
        ignore_memory_limits: bool,
        /// Keep the table in a file of DIR instead of memory (4^N / 24 bytes: 20 discs, 45.8
        /// GB), for tables larger than memory; memory holds what the kernel caches of it. Run
        /// the same command again after a stop and it goes on from its last checkpoint. With
        /// --processes, each process keeps its workers' slices in files of its own DIR (made
        /// at the start, removed at the end; --checkpoint and --resume as in memory).
        #[arg(long, value_name = "DIR")]
        disk: Option<PathBuf>,
        #[command(flatten)]
        cluster: ClusterArguments,
    },
}

/// Running the search on timely-dataflow, over threads, processes and machines. Any of these
/// flags selects it; each process holds its workers' slices of the table.
#[derive(clap::Args)]
#[command(next_help_heading = "Spreading the search (timely-dataflow)")]
pub struct ClusterArguments {
    /// Worker threads in this process [default: 1 with --processes, else the cores].
    #[arg(long, short = 'w', value_name = "W", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub workers: Option<u16>,
    /// The number of processes; every one runs this command with its own --process.
    #[arg(long, short = 'n', value_name = "P", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub processes: u16,
    /// This process's number, 0 to P-1; process 0 prints the report, the others only errors.
    #[arg(long, short = 'p', value_name = "I", default_value_t = 0)]
    pub process: u16,
    /// The processes' addresses, one `host:port` a line, process i at line i (default:
    /// localhost:2101, localhost:2102, ...).
    #[arg(long, short = 'H', value_name = "FILE")]
    pub hostfile: Option<PathBuf>,
    /// Seconds to wait for the other processes to start and connect.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub connect_timeout: u64,
    /// Seconds without a heartbeat from another process (stopped, frozen, cut off) before
    /// this one stops with an error naming it; a busy process keeps beating.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = positive_seconds)]
    pub peer_timeout: f64,
    /// Save every worker's slice in DIR after every --checkpoint-every levels (each file
    /// written under a temporary name, then renamed).
    #[arg(long, value_name = "DIR", conflicts_with = "resume")]
    pub checkpoint: Option<PathBuf>,
    /// Levels between two checkpoints.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub checkpoint_every: u32,
    /// Continue from the newest level that every worker saved in DIR (same processes and
    /// workers), and keep saving there.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Stop once the level LEVEL is found and saved (with --checkpoint or --resume), to go on
    /// later with --resume.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u32).range(1..))]
    pub stop_after: Option<u32>,
    /// For fault-injection tests (hidden from --help): process 0 says `hanoi4: held after
    /// level LEVEL` on stderr once that level is found, then waits for a line (or the end) on
    /// stdin before it goes on, so a test can land a fault at a known point of the run
    /// whatever the machine's speed.
    #[arg(long, value_name = "LEVEL", hide = true)]
    pub hold_after: Option<u32>,
    /// After the report, the ranks that crossed workers at each level and each process's peak
    /// memory.
    #[arg(long)]
    pub stats: bool,
}

/// A number of seconds above 0 (fractions allowed), for the timeouts.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() && seconds < 1e9 => Ok(seconds),
        _ => Err(format!("{text:?} is not a number of seconds above 0")),
    }
}

impl ClusterArguments {
    pub fn wanted(&self) -> bool {
        self.workers.is_some()
            || self.processes > 1
            || self.hostfile.is_some()
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || self.stats
            || self.stop_after.is_some()
            || self.hold_after.is_some()
    }
}

#[derive(Subcommand)]
pub enum TableCommand {
    /// Build the goal table of N discs, save it in DIR as hanoi4-nNN.t2 and print the
    /// eccentricity report. DIR is created when missing and checked before the build starts.
    Build {
        /// The number of discs (1 to 19; with --disk, up to 31 as far as the disk goes).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=GoalTable::MAX_SPREAD_DISCS as i64))]
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
        #[arg(long, conflicts_with = "disk")]
        detour: bool,
        /// Build the goal table on disk, in the folder DIR/hanoi4-nNN.disk (as `eccentricity N
        /// --disk`: a stopped build goes on when run again), for tables larger than memory;
        /// the judge mode reads it with --tables DIR.
        #[arg(long)]
        disk: bool,
        /// Build even when the tables would not fit in the memory this process may take
        /// (MemAvailable, the memory cgroup, ulimit -v), which is otherwise refused at once.
        #[arg(long)]
        ignore_memory_limits: bool,
    },
    /// Check a saved table (header, size, checksum, contents) and describe it.
    Info {
        /// The table file.
        file: PathBuf,
    },
}

/// The examples after `--help`.
pub const EXAMPLES: &str = "  printf '1\\n3\\n1 3\\n1 2\\n1 1\\n0\\n' | hanoi4               3
  hanoi4 --moves < cases.txt                               counts and moves
  hanoi4 table build 16 --dir tables                       5 s, a 171 MiB file
  hanoi4 --tables tables < cases.txt                       uses the saved tables
  hanoi4 eccentricity 15                                   130, reached by 588 configurations
  hanoi4 --render case2.html --case 2 < cases.txt          a page that plays case 2
  hanoi4 eccentricity 12 --plot levels.svg                 the levels as a bar chart
  hanoi4 eccentricity 15 -n 2 -p 1 & hanoi4 eccentricity 15 -n 2 -p 0
                                                           two processes (localhost:2101, 2102)";

/// Why `eccentricity N` refuses `n` discs: one message for the range of one process and for
/// the range of the spread search.
pub fn discs_refused(n: impl std::fmt::Display) -> String {
    format!(
        "{n} discs: the table in memory takes 1 to {}, on disk (--disk DIR) or spread (--processes P) 1 to {}",
        GoalTable::MAX_DISCS,
        GoalTable::MAX_SPREAD_DISCS
    )
}

/// The number of discs of `eccentricity N`: 1 to [`GoalTable::MAX_SPREAD_DISCS`], refused with
/// [`discs_refused`] otherwise.
pub fn discs(text: &str) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|&n| (1..=GoalTable::MAX_SPREAD_DISCS).contains(&usize::from(n)))
        .ok_or_else(|| discs_refused(text))
}
