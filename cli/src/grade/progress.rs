//! What `queens grade` says while it works: a spinner through a single
//! grade (its first build takes about a minute), a bar with the ETA through
//! a batch; plain lines instead when stderr is not a terminal (a log, CI,
//! the tests).

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use queens_grader::grader::Config;

/// What the first build costs, said before it happens.
pub const FIRST_BUILD: &str = "building the graded tests, about a minute the first time";

/// What the warm-up build of a batch or `--prepare` is, said before it.
pub const FIRST_BUILD_ONCE: &str = "building the library and the graded tests (once per \
     scratch folder; minutes the first time, never counted in a submission's time limit)";

/// Whether the scratch's shared target folder has built nothing yet.
fn first_build(config: &Config) -> bool {
    !config.scratch_dir.join("target").join("debug").is_dir()
}

/// Runs `grade` with a spinner on a terminal; elsewhere one plain line
/// before a first build.
pub fn while_grading<T>(config: &Config, grade: impl FnOnce() -> T) -> T {
    let message = if first_build(config) {
        FIRST_BUILD
    } else {
        "grading"
    };
    if !std::io::stderr().is_terminal() {
        if first_build(config) {
            eprintln!("queens: {FIRST_BUILD}");
        }
        return grade();
    }
    let spinner = ProgressBar::new_spinner()
        .with_style(
            ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        )
        .with_message(message);
    spinner.enable_steady_tick(Duration::from_millis(120));
    let result = grade();
    spinner.finish_and_clear();
    result
}

/// A batch's progress: a bar with the ETA on a terminal, else one line per
/// row (`[3/50] ada  17/17 graded  4.1 s  (eta 2:10)`).
pub struct Batch {
    bar: ProgressBar,
    terminal: bool,
}

impl Batch {
    /// The progress of a batch graded with `config`.
    pub fn new(config: &Config) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let note = if first_build(config) {
            format!("{FIRST_BUILD}; ")
        } else {
            String::new()
        };
        // Hidden off a terminal: it still keeps the rate the ETA comes from.
        let bar = if terminal {
            ProgressBar::new(0)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} submissions, {elapsed} ({msg})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(format!("{note}eta after the first row"));
        if terminal {
            bar.enable_steady_tick(Duration::from_millis(500));
        } else if !note.is_empty() {
            eprintln!("queens: {FIRST_BUILD}");
        }
        Self { bar, terminal }
    }

    /// Row `index` of `count` is written: `line` says what it is.
    pub fn row(&mut self, line: &str, index: usize, count: usize) {
        self.bar.set_length(count as u64);
        self.bar.set_position(index as u64);
        let eta = if index < count {
            format!("eta {}", minutes(self.bar.eta()))
        } else {
            "done".to_owned()
        };
        if self.terminal {
            self.bar.println(format!("[{index}/{count}] {line}"));
            self.bar.set_message(eta);
        } else {
            eprintln!("[{index}/{count}] {line}  ({eta})");
        }
    }

    /// Takes the bar off the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `2:05` for 125 s.
fn minutes(duration: Duration) -> String {
    let seconds = duration.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
