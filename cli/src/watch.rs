//! `queens watch [PATH]`: the student's loop. Save the handout and see at once
//! which blanks pass, the first failure and what to do next.
//!
//! A file watcher (notify with its debouncer, no polling) wakes the loop on every save
//! of the handout's `lib.rs`; a worker thread grades it with
//! [`Grader::grade`], the instructor's tests under the harness and limits of
//! `cargo test -p exercises` and `queens grade`; the main thread draws the
//! screen ([`screen`]) and reads the keys in raw mode, so `q` quits without
//! Enter. Saves made while a grade runs are graded once it ends, the last one
//! only. The terminal is restored on every way out, a panic included
//! ([`Terminal`]'s `Drop`).

mod screen;

use std::ffi::OsString;
use std::io::{IsTerminal, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Sender};
use std::time::Duration;

use crossterm::event::{self, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetForegroundColor};
use crossterm::{QueueableCommand, cursor, terminal};
use notify::RecursiveMode;
use notify::event::{AccessKind, AccessMode, EventKind};
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use queens_grader::grader::{Config, Grade, Grader};
use queens_grader::homework::Homework;
use queens_grader::markers::Blank;

use self::screen::{Line, Tone, View};
use super::{Failure, Output};

/// How long a burst of file events must be quiet before one grade starts
/// (an editor's save is often several writes and a rename).
const DEBOUNCE: Duration = Duration::from_millis(200);

/// Arguments of `queens watch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The handout: an exercises crate folder, or a homework's file
    /// (`exercises/src/sudoku.rs`) [default: exercises].
    pub path: Option<PathBuf>,
    /// The homework watched [default: the one whose file PATH is, else the
    /// first].
    #[arg(long, value_name = "NAME", value_parser = crate::choice::homeworks())]
    pub exercise: Option<&'static Homework>,
}

/// What wakes the loop.
enum Event {
    /// The handout was saved.
    Saved,
    /// A grade finished.
    Graded(Box<Grade>),
    /// The watcher reported a problem (it keeps watching).
    WatchProblem(String),
    /// The terminal changed size.
    Resized,
    /// `q` or Ctrl-C.
    Quit,
}

/// Watches the handout and redraws its grade on every save, until `q`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    if out.json() {
        return Err(Failure::usage(
            "watch draws a screen and has no --json; `queens grade --json` grades once",
        ));
    }
    let path = args.path.unwrap_or_else(|| PathBuf::from("exercises"));
    let homework =
        crate::choice::homework_of(Some(&path), args.exercise).map_err(Failure::usage)?;
    let source = handout_source(&path, homework)?;
    let mut config = Config::built_in();
    config.homework = homework;
    let grader = Grader::new(config)
        .map_err(|e| Failure::new(format!("cannot create the scratch workspace: {e}")))?;

    let (events, inbox) = mpsc::channel();
    // Watch the folder, not the file: editors save by writing a new file and
    // renaming it over the old one, which a watch on the file itself misses.
    let folder = source
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned();
    let name: Option<OsString> = source.file_name().map(OsString::from);
    let saved = events.clone();
    let mut debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let event = match result {
            Ok(changes)
                if changes.iter().any(|change| {
                    writes(change.kind)
                        && change
                            .paths
                            .iter()
                            .any(|p| p.file_name() == name.as_deref())
                }) =>
            {
                Event::Saved
            }
            Ok(_) => return,
            Err(errors) => Event::WatchProblem(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        };
        let _ = saved.send(event);
    })
    .map_err(|e| Failure::new(format!("cannot watch {}: {e}", folder.display())))?;
    debouncer
        .watch(&folder, RecursiveMode::NonRecursive)
        .map_err(|e| Failure::new(format!("cannot watch {}: {e}", folder.display())))?;

    let (jobs, queue) = mpsc::channel::<()>();
    let graded = events.clone();
    let id = source.display().to_string();
    let graded_file = source.clone();
    let worker = std::thread::spawn(move || {
        for () in queue {
            let grade = grader.grade(&id, &graded_file);
            if graded.send(Event::Graded(Box::new(grade))).is_err() {
                break;
            }
        }
    });

    let mut terminal = Terminal::start(events)?;
    let mut latest: Option<Grade> = None;
    let mut grading = true;
    let mut again = false;
    let mut problem: Option<String> = None;
    let _ = jobs.send(());
    loop {
        let view = View {
            source: &source,
            grade: latest.as_ref().map(screen::Outcome::from),
            grading,
            problem: problem.as_deref(),
            keys: terminal.keys,
        };
        terminal.draw(&screen::lines(&view))?;
        let Ok(event) = inbox.recv() else { break };
        match event {
            Event::Saved if grading => again = true,
            Event::Saved => {
                grading = true;
                problem = None;
                let _ = jobs.send(());
            }
            Event::Graded(grade) => {
                latest = Some(*grade);
                grading = again;
                if again {
                    again = false;
                    let _ = jobs.send(());
                }
            }
            Event::WatchProblem(message) => problem = Some(message),
            Event::Resized => {}
            Event::Quit => break,
        }
    }
    drop(debouncer);
    drop(jobs);
    // An idle worker ends at once and its grader removes its scratch
    // workspace; a busy one is left to the process's exit rather than making
    // the student wait for a build after `q`.
    if !grading {
        let _ = worker.join();
    }
    terminal.finish()
}

/// Whether a file event changed the file. Reading it (the grader does) is an
/// access event too, and must not start another grade.
fn writes(kind: EventKind) -> bool {
    match kind {
        EventKind::Access(access) => access == AccessKind::Close(AccessMode::Write),
        EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
        EventKind::Any | EventKind::Other => false,
    }
}

/// The file of `homework` at `path` (the exercises folder, or the file), if
/// it holds every blank's markers.
fn handout_source(path: &Path, homework: &Homework) -> Result<PathBuf, Failure> {
    let source = if path.is_dir() {
        path.join(homework.source)
    } else {
        path.to_owned()
    };
    let not_a_handout = |why: &str| {
        Failure::usage(format!(
            "{} is not the {homework} handout: {why}; give the exercises folder or its {}",
            path.display(),
            homework.source
        ))
    };
    if !path.exists() {
        return Err(not_a_handout("it does not exist"));
    }
    if source.extension().is_none_or(|e| e != "rs") {
        return Err(not_a_handout("it is neither a folder nor a .rs file"));
    }
    let text = std::fs::read_to_string(&source)
        .map_err(|e| not_a_handout(&format!("cannot read {}: {e}", source.display())))?;
    let blanks: Vec<Blank> = serde_json::from_str(homework.files.hints).map_err(|e| {
        Failure::new(format!(
            "exercises/{} is damaged ({e}); run 'queens handout'",
            homework.hints
        ))
    })?;
    let marker = |blank: &Blank| format!("// BLANK {}: {}", blank.id, blank.title);
    let missing: Vec<&Blank> = blanks
        .iter()
        .filter(|blank| !text.contains(&marker(blank)))
        .collect();
    match missing.as_slice() {
        [] => Ok(source),
        all if all.len() == blanks.len() => Err(not_a_handout(&format!(
            "{} has no `// BLANK n: title` marker",
            source.display()
        ))),
        [blank, ..] => Err(Failure::usage(format!(
            "{} is missing blank {}: its marker `{}` is gone (put it back above your answer, \
             with `// END BLANK {}` below it)",
            source.display(),
            blank.id,
            marker(blank),
            blank.id
        ))),
    }
}

/// The terminal while watching: raw mode and a hidden cursor when it is one,
/// restored by [`Terminal::finish`] or, on any other way out, by `Drop`.
struct Terminal {
    stdout: Stdout,
    /// Raw mode is on and keys are read.
    keys: bool,
    /// Standard output is a terminal: clear it before each screen.
    clears: bool,
    restored: bool,
}

impl Terminal {
    /// Raw mode and a thread reading keys when standard input is a terminal;
    /// without one, the screens follow one another and Ctrl-C ends.
    fn start(events: Sender<Event>) -> Result<Self, Failure> {
        let mut terminal = Self {
            stdout: std::io::stdout(),
            keys: false,
            clears: std::io::stdout().is_terminal(),
            restored: false,
        };
        if std::io::stdin().is_terminal() {
            terminal::enable_raw_mode()
                .map_err(|e| Failure::new(format!("cannot set up the terminal: {e}")))?;
            terminal.keys = true;
            terminal.stdout.queue(cursor::Hide)?;
            std::thread::spawn(move || read_keys(&events));
        }
        Ok(terminal)
    }

    /// Draws `lines` on a clear screen (raw mode needs `\r\n`).
    fn draw(&mut self, lines: &[Line]) -> Result<(), Failure> {
        if self.clears {
            self.stdout
                .queue(terminal::Clear(terminal::ClearType::All))?
                .queue(cursor::MoveTo(0, 0))?;
        } else {
            self.stdout.queue(Print("\n"))?;
        }
        let end = if self.keys { "\r\n" } else { "\n" };
        for line in lines {
            match color(line.tone) {
                Some(color) if self.clears => {
                    self.stdout
                        .queue(SetForegroundColor(color))?
                        .queue(Print(&line.text))?
                        .queue(ResetColor)?;
                }
                _ => {
                    self.stdout.queue(Print(&line.text))?;
                }
            }
            self.stdout.queue(Print(end))?;
        }
        self.stdout.flush()?;
        Ok(())
    }

    /// Leaves the terminal as it was found.
    fn finish(mut self) -> Result<(), Failure> {
        self.restore()
            .map_err(|e| Failure::new(format!("cannot restore the terminal: {e}")))
    }

    fn restore(&mut self) -> std::io::Result<()> {
        if self.restored {
            return Ok(());
        }
        self.restored = true;
        if self.keys {
            self.stdout.queue(cursor::Show)?;
            self.stdout.flush()?;
            terminal::disable_raw_mode()?;
        }
        Ok(())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.restore();
    }
}

fn color(tone: Tone) -> Option<Color> {
    match tone {
        // A blank not started is not an error: a fresh handout is not all red.
        Tone::Plain | Tone::Strong | Tone::Todo => None,
        Tone::Done => Some(Color::Green),
        Tone::Partial => Some(Color::Yellow),
        Tone::Error => Some(Color::Red),
        Tone::Dim => Some(Color::DarkGrey),
    }
}

/// Sends [`Event::Quit`] for `q`, Ctrl-C or Ctrl-D (raw mode turns Ctrl-C into
/// a key), and [`Event::Resized`].
fn read_keys(events: &Sender<Event>) {
    loop {
        let event = match event::read() {
            Ok(event::Event::Key(key)) if key.kind != KeyEventKind::Release => {
                let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
                match key.code {
                    KeyCode::Char('q' | 'Q') => Event::Quit,
                    KeyCode::Char('c' | 'd') if ctrl => Event::Quit,
                    _ => continue,
                }
            }
            Ok(event::Event::Resize(..)) => Event::Resized,
            Ok(_) => continue,
            Err(_) => Event::Quit,
        };
        let quit = matches!(event, Event::Quit);
        if events.send(event).is_err() || quit {
            return;
        }
    }
}
