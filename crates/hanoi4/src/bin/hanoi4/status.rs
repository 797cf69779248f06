//! What `hanoi4` shows on stderr while it works: the status line of a judge file and the
//! progress bar of a table build or an eccentricity search (`judge::cli::LevelBar`), on a
//! terminal only, cleared at the end.

use std::time::Instant;

use hanoi4::Progress;
use judge::cli::{self, LevelBar};

/// One status line on stderr while a file is solved, on a terminal only, once the work has
/// lasted half a second: the engine of the current disc count and what it is doing. Cleared at
/// the end, so nothing stays on the screen. An escalation to a wider table is said whether or
/// not stderr is a terminal: minutes of work follow.
pub struct Status {
    terminal: bool,
    started: Instant,
    shown: Option<Instant>,
    engine: String,
}

impl Status {
    /// A status line, drawn only when `terminal`.
    pub fn new(terminal: bool) -> Self {
        Self {
            terminal,
            started: Instant::now(),
            shown: None,
            engine: String::new(),
        }
    }

    /// Takes one report of the solve.
    pub fn update(&mut self, progress: Progress) {
        if let Progress::Escalating { n_discs, from, to } = progress {
            self.escalating(n_discs, from, to);
            return;
        }
        if !self.terminal {
            return;
        }
        let detail = match progress {
            Progress::Engine {
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
            Progress::TableLevel { n_discs, level, .. } => {
                format!(": building the {n_discs}-disc goal table, distance {level}")
            }
            Progress::DetourLevel { n_discs, level, .. } => {
                format!(": building the {n_discs}-disc detour table, value {level}")
            }
            Progress::Cases { done, cases, .. } => format!(": {done} of {cases} answered"),
            Progress::Escalating { .. } => String::new(),
        };
        let due = self.shown.is_none_or(|at| at.elapsed().as_millis() >= 100);
        if self.started.elapsed().as_millis() >= 500 && due {
            eprint!("\r{:<79.79}", format!("hanoi4: {}{detail}", self.engine));
            self.shown = Some(Instant::now());
        }
    }

    fn escalating(&mut self, n_discs: usize, from: Option<usize>, to: usize) {
        let before = from.map_or("14-disc databases".to_owned(), |w| {
            format!("{w}-disc windows")
        });
        let next = if to == n_discs {
            format!("the {to}-disc goal table, which answers every case exactly")
        } else {
            format!("the {to}-disc tables")
        };
        self.clear();
        eprintln!(
            "hanoi4: a {n_discs}-disc case needs more than {before}: building {next} in memory \
             (`hanoi4 table build {to}` saves it for next time)"
        );
    }

    /// Clears the line, if one is shown.
    pub fn clear(&self) {
        if self.shown.is_some() {
            eprint!("\r{:79}\r", "");
        }
    }
}

/// The progress bar of an eccentricity search or a table build of `n` discs (at most `4^n`
/// configurations) on stderr, on a terminal only (`terminal`): the level, the configurations
/// found, the time and an estimate of what is left.
pub fn level_bar(terminal: bool, n: usize) -> LevelBar {
    let total = 4u64.checked_pow(n as u32).unwrap_or(u64::MAX);
    LevelBar::drawn(terminal, "hanoi4", total, "configurations")
}

/// Runs a table build of `n` discs with its levels shown as a bar on stderr when it is a
/// terminal (cleared after), and returns what it built with the seconds it took.
pub fn with_level_progress<T, E>(
    n: usize,
    build: impl FnOnce(Box<dyn Fn(u32, u64) + Send + Sync>) -> Result<T, E>,
) -> Result<(T, f64), E> {
    let started = Instant::now();
    let bar = level_bar(cli::progress_wanted(), n);
    let shown = bar.clone();
    let built = build(Box::new(move |level, count| shown.level(level, count)));
    bar.clear();
    Ok((built?, started.elapsed().as_secs_f64()))
}
