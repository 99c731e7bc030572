//! `queens lab`'s steps as the student sees them: "step 2/6, 4:12" with an
//! indicatif spinner when standard error is a terminal (a command's output
//! shown one line at a time beside it, all of it printed if it fails), plain
//! lines when it is not, or one JSON object per step with `--json`; or
//! nothing at all for steps done on a thread of their own, whose results the
//! shown steps then report ([`Steps::quiet`]).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use crate::Failure;

/// Lines of a failed command's output printed under its error.
const TAIL: usize = 40;

/// How the steps are shown.
enum Shown {
    /// A spinner on standard error (a terminal).
    Spinner(ProgressBar),
    /// A line on standard error for each thing done.
    Plain,
    /// One JSON object on standard output per step.
    Json,
    /// Nothing: a command's output is kept (its last lines) for the steps
    /// that are shown to report.
    Quiet,
}

/// The steps of one `queens lab`, counted and timed.
pub struct Steps {
    total: usize,
    number: usize,
    name: &'static str,
    /// What the current step did, if anything (else it was already done).
    did: Option<String>,
    /// What the student may do now, said when the current step ends.
    note: Option<&'static str>,
    start: Instant,
    step_start: Instant,
    shown: Shown,
    /// The last lines of the last command run [`Shown::Quiet`].
    kept: Vec<String>,
}

/// `4:12` for 252 seconds.
fn clock(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

impl Steps {
    /// `total` steps, shown as JSON objects when `json`, else with a spinner
    /// when standard error is a terminal.
    pub fn new(total: usize, json: bool) -> Self {
        let shown = if json {
            Shown::Json
        } else if std::io::stderr().is_terminal() {
            let style =
                ProgressStyle::with_template("{spinner} step {prefix}, {clock} · {wide_msg}")
                    .expect("a valid template")
                    .with_key(
                        "clock",
                        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                            let _ = w.write_str(&clock(state.elapsed()));
                        },
                    );
            let bar = ProgressBar::new_spinner().with_style(style);
            bar.enable_steady_tick(Duration::from_millis(120));
            Shown::Spinner(bar)
        } else {
            Shown::Plain
        };
        Self::showing(total, shown)
    }

    fn showing(total: usize, shown: Shown) -> Self {
        Self {
            total,
            number: 0,
            name: "",
            did: None,
            note: None,
            start: Instant::now(),
            step_start: Instant::now(),
            shown,
            kept: Vec::new(),
        }
    }

    /// Steps that show nothing, for work on a thread of its own: what each
    /// did is [`Steps::take_did`], a failed command's last lines of output
    /// [`Steps::take_output`].
    pub fn quiet() -> Self {
        Self::showing(0, Shown::Quiet)
    }

    /// What the current step did (`None`: it was already done), taken.
    pub fn take_did(&mut self) -> Option<String> {
        self.did.take()
    }

    /// The last lines of output of the last command run quietly, taken.
    pub fn take_output(&mut self) -> Vec<String> {
        std::mem::take(&mut self.kept)
    }

    /// Prints `lines`, a quiet command's output, on standard error (above
    /// the spinner if there is one): what a failure of it showed.
    pub fn show_output(&self, lines: &[String]) {
        let print = || lines.iter().for_each(|line| eprintln!("{line}"));
        match &self.shown {
            Shown::Spinner(bar) => bar.suspend(print),
            _ => print(),
        }
    }

    /// The next step, `name` (`the Rust kernel`); the one before ends.
    pub fn begin(&mut self, name: &'static str) {
        self.end();
        self.number += 1;
        self.name = name;
        self.did = None;
        self.step_start = Instant::now();
        if let Shown::Spinner(bar) = &self.shown {
            bar.set_prefix(format!("{}/{}", self.number, self.total));
            bar.set_message(format!("{name}: checking"));
        }
    }

    /// The current step does `text` (it was not already done).
    pub fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        match &self.shown {
            Shown::Spinner(bar) => bar.set_message(text.clone()),
            Shown::Plain => eprintln!(
                "lab: step {}/{}, {}: {text}",
                self.number,
                self.total,
                clock(self.start.elapsed())
            ),
            Shown::Json | Shown::Quiet => {}
        }
        self.did = Some(text);
    }

    /// The current step ends now, saying `text`: what the student may do
    /// meanwhile (a line under its ✓ line, a plain line, or the `note` of its
    /// JSON object).
    pub fn note(&mut self, text: &'static str) {
        self.note = Some(text);
        self.end();
    }

    /// Ends the current step: a line above the spinner, or its JSON object.
    pub fn end(&mut self) {
        if self.name.is_empty() {
            return;
        }
        let seconds = self.step_start.elapsed().as_secs_f64();
        let note = self.note.take();
        match &self.shown {
            Shown::Spinner(bar) => {
                bar.println(format!(
                    "✓ step {}/{}, {} · {}",
                    self.number,
                    self.total,
                    clock(self.start.elapsed()),
                    self.did
                        .as_deref()
                        .unwrap_or(&format!("{}: already done", self.name))
                ));
                if let Some(note) = note {
                    bar.println(format!("lab: {note}"));
                }
            }
            Shown::Plain => {
                if let Some(note) = note {
                    eprintln!("lab: {note}");
                }
            }
            Shown::Json => {
                let mut object = serde_json::json!({
                    "step": self.number,
                    "of": self.total,
                    "name": self.name,
                    "done": self.did.as_deref().unwrap_or("already done"),
                    "seconds": (seconds * 10.0).round() / 10.0,
                    "elapsed_seconds": self.start.elapsed().as_secs(),
                });
                if let Some(note) = note {
                    object["note"] = note.into();
                }
                let mut stdout = std::io::stdout().lock();
                let _ = writeln!(stdout, "{object}");
                let _ = stdout.flush();
            }
            Shown::Quiet => {}
        }
        self.name = "";
    }

    /// Ends the last step and the spinner.
    pub fn finish(&mut self) {
        self.end();
        if let Shown::Spinner(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }

    /// Runs `command` for the current step; a failure becomes one line naming
    /// `what`. Beside a spinner its output shows one line at a time (and in
    /// full if it fails); with `--json` it goes to standard error, keeping
    /// standard output for the steps' objects.
    pub fn run(&mut self, command: &mut Command, what: &str) -> Result<(), Failure> {
        let program = format!("{:?}", command.get_program());
        let start_error =
            |e: std::io::Error| Failure::new(format!("{what}: could not start {program}: {e}"));
        let status = match &self.shown {
            Shown::Plain => command.status().map_err(start_error)?,
            Shown::Quiet => {
                let output = command.output().map_err(start_error)?;
                let text = [output.stdout, output.stderr]
                    .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
                let lines: Vec<String> = text
                    .iter()
                    .flat_map(|t| t.lines())
                    .map(String::from)
                    .collect();
                self.kept = lines[lines.len().saturating_sub(TAIL)..].to_vec();
                output.status
            }
            Shown::Json => command
                .stdout(Stdio::from(std::io::stderr()))
                .status()
                .map_err(start_error)?,
            Shown::Spinner(bar) => {
                let mut child = command
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .map_err(start_error)?;
                let (lines, inbox) = mpsc::channel::<String>();
                let readers: Vec<_> = [
                    child
                        .stdout
                        .take()
                        .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
                    child
                        .stderr
                        .take()
                        .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
                ]
                .into_iter()
                .flatten()
                .map(|stream| {
                    let lines = lines.clone();
                    std::thread::spawn(move || {
                        for line in BufReader::new(stream).lines().map_while(Result::ok) {
                            if lines.send(line).is_err() {
                                break;
                            }
                        }
                    })
                })
                .collect();
                drop(lines);
                let mut tail: VecDeque<String> = VecDeque::with_capacity(TAIL);
                let doing = self.did.clone().unwrap_or_else(|| self.name.to_owned());
                for line in inbox {
                    let shown = line.trim();
                    if !shown.is_empty() {
                        bar.set_message(format!("{doing} · {shown}"));
                    }
                    if tail.len() == TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
                for reader in readers {
                    let _ = reader.join();
                }
                bar.set_message(doing);
                let status = child.wait().map_err(start_error)?;
                if !status.success() {
                    bar.suspend(|| {
                        for line in &tail {
                            eprintln!("{line}");
                        }
                    });
                }
                status
            }
        };
        if status.success() {
            Ok(())
        } else {
            Err(Failure::new(format!(
                "{what} failed ({status}); see the messages above"
            )))
        }
    }
}

impl Drop for Steps {
    fn drop(&mut self) {
        // A failed step leaves no spinner drawn under the error line.
        if let Shown::Spinner(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::clock;
    use std::time::Duration;

    #[test]
    fn the_clock_reads_minutes_and_seconds() {
        assert_eq!(clock(Duration::from_secs(252)), "4:12");
        assert_eq!(clock(Duration::from_secs(5)), "0:05");
        assert_eq!(clock(Duration::from_secs(3600)), "60:00");
    }
}
