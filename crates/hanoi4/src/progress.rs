//! [`Progress`]: what solving a file is doing, for a caller that shows it; [`Timings`]: how
//! long each disc count took, gathered from the same reports.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::Engine;

/// What [`crate::solve`] is doing, for a caller that shows progress (the binary does on a
/// terminal): told to [`Options::progress`](crate::Options::progress).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The cases of `n_discs` discs (perfect towers past the dense table left out: they need no
    /// engine) go to `engine`.
    Engine {
        /// The disc count.
        n_discs: usize,
        /// How many of the file's cases have it.
        cases: usize,
        /// The engine that answers them.
        engine: Engine,
    },
    /// A goal table of `n_discs` discs is being built: `configurations` lie at distance
    /// `level` from the goal.
    TableLevel {
        /// The table's disc count.
        n_discs: usize,
        /// The distance just reached.
        level: u32,
        /// Configurations at that distance.
        configurations: u64,
    },
    /// A detour table of `n_discs` discs is being built (after its goal table):
    /// `configurations` have the value `level`.
    DetourLevel {
        /// The table's disc count.
        n_discs: usize,
        /// The value just reached.
        level: u32,
        /// Configurations with that value.
        configurations: u64,
    },
    /// A case of `n_discs` discs exhausted its budget with windows of `from` discs (`None`:
    /// 14-disc databases): the tables of `to` discs are built next (`to == n_discs`: the goal
    /// table, which answers every case exactly), and the case is tried again.
    Escalating {
        /// The disc count.
        n_discs: usize,
        /// The windows' width that was not enough.
        from: Option<usize>,
        /// The width built next.
        to: usize,
    },
    /// `done` of the `cases` cases of `n_discs` discs are answered.
    Cases {
        /// The disc count.
        n_discs: usize,
        /// Answered so far.
        done: usize,
        /// All of them.
        cases: usize,
    },
}

/// How long each disc count of a file took, gathered from [`Progress`] as it comes (what the
/// binary's `--stats` prints): its engine, the time getting ready (tables built or loaded, and
/// the first cheap tries past 16 discs), and the time of each case answered one by one.
///
/// ```
/// let starts = hanoi4::parse("2\n3\n1 3\n1 2\n1 1\n0\n2\n0\n0\n0\n2 2 1\n")?;
/// let mut timings = hanoi4::Timings::default();
/// let mut update = |p| timings.update(p);
/// let options = hanoi4::Options { progress: Some(&mut update), ..Default::default() };
/// hanoi4::solve(&starts, options)?;
/// assert_eq!(timings.groups().len(), 2);
/// assert_eq!(timings.groups()[0].n_discs, 2);
/// assert!(timings.to_string().starts_with("2 discs, 1 case, engine table: "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Timings {
    groups: Vec<GroupTimings>,
}

/// One disc count's timings ([`Timings`]).
#[derive(Clone, Debug)]
pub struct GroupTimings {
    /// The disc count.
    pub n_discs: usize,
    /// Its cases.
    pub cases: usize,
    /// The engine that answered them.
    pub engine: Engine,
    /// From its first report to its last.
    pub total: Duration,
    /// Getting ready: until the first case was answered or the first count of answers came.
    pub setup: Option<Duration>,
    /// The cases answered one at a time, each with its own time, in the order answered.
    pub each: Vec<Duration>,
    started: Instant,
    /// When the last answer came, and how many were answered then.
    last: (Instant, usize),
}

impl Timings {
    /// Takes one report.
    pub fn update(&mut self, progress: Progress) {
        let now = Instant::now();
        match progress {
            Progress::Engine {
                n_discs,
                cases,
                engine,
            } => self.groups.push(GroupTimings {
                n_discs,
                cases,
                engine,
                total: Duration::ZERO,
                setup: None,
                each: Vec::new(),
                started: now,
                last: (now, 0),
            }),
            Progress::Cases { done, .. } => {
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
                group.total = now - group.started;
            }
            Progress::TableLevel { .. }
            | Progress::DetourLevel { .. }
            | Progress::Escalating { .. } => {}
        }
    }

    /// The disc counts so far, in the order solved.
    pub fn groups(&self) -> &[GroupTimings] {
        &self.groups
    }
}

impl fmt::Display for Timings {
    /// One line a disc count: `17 discs, 3 cases, engine pdb: T s in all, ...`, `T` its time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, group) in self.groups.iter().enumerate() {
            if k > 0 {
                writeln!(f)?;
            }
            write!(f, "{group}")?;
        }
        Ok(())
    }
}

impl fmt::Display for GroupTimings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut each = self.each.clone();
        each.sort();
        write!(
            f,
            "{} discs, {} case{}, engine {}: {:.3} s in all, {:.3} s getting ready (tables built or loaded)",
            self.n_discs,
            self.cases,
            if self.cases == 1 { "" } else { "s" },
            self.engine,
            self.total.as_secs_f64(),
            self.setup.unwrap_or(self.total).as_secs_f64(),
        )?;
        match each.len() {
            0 => Ok(()),
            k => write!(
                f,
                "; {k} answered one by one: median {:.3} s, largest {:.3} s",
                each[k / 2].as_secs_f64(),
                each[k - 1].as_secs_f64()
            ),
        }
    }
}
