//! What `hanoi4` shows on stderr while it works: the status line of a judge file and the levels
//! of a table build, on a terminal only, cleared at the end.

use std::time::Instant;

use hanoi4::Progress;
use judge::cli;

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

/// The progress of an eccentricity search or a table build on stderr: each level as it is
/// found, on a terminal only, once the search has lasted a second.
pub fn level_progress(
    terminal: bool,
    started: Instant,
) -> impl Fn(u32, u64) + Send + Sync + 'static {
    move |level, count| {
        if terminal && started.elapsed().as_secs_f64() > 1.0 {
            eprint!(
                "\rlevel {level:>4}: {count:>14} configurations, {:>7.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}

/// Clears the line of [`level_progress`].
pub fn clear_levels(terminal: bool) {
    if terminal {
        eprint!("\r{:60}\r", "");
    }
}

/// Runs a table build with its levels shown on stderr when it is a terminal (the line cleared
/// after), and returns what it built with the seconds it took.
pub fn with_level_progress<T, E>(
    build: impl FnOnce(Box<dyn Fn(u32, u64) + Send + Sync>) -> Result<T, E>,
) -> Result<(T, f64), E> {
    let started = Instant::now();
    let terminal = cli::progress_wanted();
    let built = build(Box::new(level_progress(terminal, started)));
    clear_levels(terminal);
    Ok((built?, started.elapsed().as_secs_f64()))
}
