//! [`LevelBar`]: the one progress bar of the binaries' long searches (God's algorithm, an
//! eccentricity, a table build), on stderr when it is a terminal only.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of a level-by-level search: the level, the states found of those there are, the time
/// elapsed and an estimate of the time left (from the states found so far, so rough while the
/// levels grow). Drawn on stderr only when it is a terminal (as [`progress_wanted`](super::progress_wanted) says); hidden
/// otherwise, so that piped output is unchanged. Clear it ([`LevelBar::clear`]) before the
/// report is printed. Clones share one bar, and a level may be reported from any thread.
#[derive(Clone, Debug)]
pub struct LevelBar {
    bar: ProgressBar,
}

impl LevelBar {
    /// A bar named `name`, for a search of at most `total` states (`unit`: what they are
    /// called), drawn when stderr is a terminal.
    pub fn new(name: &str, total: u64, unit: &str) -> Self {
        Self::drawn(
            std::io::IsTerminal::is_terminal(&std::io::stderr()),
            name,
            total,
            unit,
        )
    }

    /// A bar drawn on stderr when `shown` (else hidden: every call does nothing visible).
    pub fn drawn(shown: bool, name: &str, total: u64, unit: &str) -> Self {
        if !shown {
            return LevelBar {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        let template = format!(
            "{{prefix}} level {{msg:>3}} {{wide_bar}} {{human_pos}}/{{human_len}} {unit} \
             [{{elapsed_precise}}, about {{eta}} left]"
        );
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_prefix(name.to_string());
        bar.set_message("0");
        // The elapsed time moves between levels, which may take minutes.
        bar.enable_steady_tick(Duration::from_millis(250));
        LevelBar { bar }
    }

    /// Level `level` found with `count` states: the level shown, the states added.
    pub fn level(&self, level: u32, count: u64) {
        self.bar.set_message(level.to_string());
        self.bar.inc(count);
    }

    /// Removes the bar from the terminal (before the report is printed).
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }

    /// Whether it is drawn.
    pub fn is_shown(&self) -> bool {
        !self.bar.is_hidden()
    }
}
