//! `queens watch [PATH]`: the student's loop. Save the handout and see at once
//! which blanks pass, the first failure and what to do next; everything else
//! is one key away.
//!
//! A file watcher ([`files`]: notify's events, or its polling with `--poll`)
//! wakes the loop on every save of the homework's file; a worker thread
//! grades it with [`Grader::grade`], the instructor's tests under the harness
//! and limits of `cargo test -p exercises` and `queens grade`; the main thread
//! draws the screen ([`screen`]) and reads the keys in raw mode: `h` the next
//! hint of the first unfinished blank, `r` grade now, `↑`/`↓` choose a blank
//! and `x` reset it to its `todo!()` (after `y`, the file kept in
//! [`reset::backup_folder`], `exercises/.backups/`), `e` the next homework of the registry, `l` the
//! homeworks with their blanks done, `q` quit. A save made while its file is
//! being graded makes that grade stale: it is cancelled (its test processes
//! killed, [`Grader::grade_unless`]) and the new file graded, the last save
//! only; the screen shows the save being graded and for how long. The
//! terminal is restored on every way out, a panic included ([`Terminal`]'s
//! `Drop`).

mod files;
mod reset;
mod screen;

use std::collections::BTreeMap;
use std::io::{IsTerminal, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::{Duration, Instant, SystemTime};

use crossterm::event::{self, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetForegroundColor};
use crossterm::{QueueableCommand, cursor, terminal};
use queens_grader::cancel::Cancel;
use queens_grader::course::Course;
use queens_grader::grader::{Config, Grade, Grader};
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::markers::{self, Blank};
use queens_grader::settings::Settings;

use self::files::{FileWatch, Report, Silence};
use self::screen::{Line, Running, Tone, View};
use super::{Failure, Output};

/// How often the loop looks at the file's modification time (for saves
/// without an event).
const TICK: Duration = Duration::from_millis(500);

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
    /// The course's settings, scored in their points as `queens grade` scores
    /// [default: the course's queens.toml when there is one].
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Look at the file twice a second instead of waiting for file events:
    /// for folders that send none (WSL on a Windows drive, network file
    /// systems, Docker on a Mac).
    #[arg(long)]
    pub poll: bool,
}

/// A key's meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Hint,
    Regrade,
    Reset,
    Switch,
    List,
    Up,
    Down,
    Yes,
    No,
    /// Closes what a key opened.
    Close,
    Quit,
}

/// What wakes the loop.
enum Event {
    /// Files of a watched folder were written.
    Written(Vec<PathBuf>),
    /// A grade finished.
    Graded(Box<Grade>),
    /// A grade was cancelled: a newer save made it stale.
    Dropped,
    /// The watcher or the grader reported a problem (the watch goes on).
    Problem(String),
    /// The terminal changed size.
    Resized,
    /// A key.
    Key(Key),
}

/// One grade to run: a homework's file, and what cancels it.
struct Job {
    homework: &'static Homework,
    source: PathBuf,
    cancel: Cancel,
}

/// The grade running now.
struct Grading {
    homework: &'static Homework,
    /// Cancels it when a newer save makes it stale.
    cancel: Cancel,
    /// When the file it grades was saved.
    saved: Option<SystemTime>,
    started: Instant,
}

/// How long `q` waits for a cancelled grade to end (its tests end at once;
/// a build under way is left to the process's exit).
const QUIT_WAIT: Duration = Duration::from_secs(2);

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
    // Scored as `queens grade` scores: the course's queens.toml, if any.
    let settings = Settings::given_or_load(args.settings.as_deref(), Course::built_in().root())
        .map_err(Failure::usage)?;
    // The exercises folder: given, or the file's path without the
    // homework's `src/…` part; the other homeworks' files are found there.
    let crate_dir = if path.is_dir() {
        Some(path.clone())
    } else {
        source
            .ancestors()
            .nth(Path::new(homework.source).components().count())
            .map(Path::to_owned)
    };

    let (events, inbox) = mpsc::channel();
    let written = events.clone();
    let mut watch = FileWatch::start(&folder_of(&source), args.poll, move |report| {
        let _ = written.send(match report {
            Report::Written(paths) => Event::Written(paths),
            Report::Problem(problem) => Event::Problem(problem),
        });
    })
    .map_err(|e| {
        Failure::new(format!(
            "cannot watch {}: {e}",
            folder_of(&source).display()
        ))
    })?;

    let (jobs, queue) = mpsc::channel::<Job>();
    let graded = events.clone();
    let worker = std::thread::spawn(move || grade_jobs(&queue, &settings, &graded));

    let mut terminal = Terminal::start(events)?;
    let mut state = State {
        homework,
        silence: Silence::new(&source),
        source,
        crate_dir,
        grades: BTreeMap::new(),
        count: 0,
        grading: None,
        again: false,
        problem: None,
        selected: None,
        panel: Vec::new(),
        confirm: None,
        suggest_poll: false,
        jobs,
        next_steps: BTreeMap::new(),
    };
    state.grade_now();
    loop {
        let panel = state.panel.clone();
        // Read from the notebooks once per homework, not on every redraw.
        let homework = state.homework;
        let next_step = state
            .next_steps
            .entry(homework.name)
            .or_insert_with(|| crate::course::next_step(Course::built_in().root(), homework))
            .clone();
        let view = View {
            next_step: &next_step,
            source: &state.source,
            grade: state
                .grades
                .get(state.homework.name)
                .map(screen::Outcome::from),
            grading: state.grading.as_ref().map(|grading| Running {
                saved: grading.saved,
                elapsed: grading.started.elapsed(),
            }),
            problem: state.problem.as_deref(),
            keys: terminal.keys,
            selected: state.selected,
            panel: &panel,
            suggest_poll: state.suggest_poll,
            polling: args.poll,
            grades: state.count,
        };
        terminal.draw(&screen::lines(&view))?;
        let event = match inbox.recv_timeout(TICK) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout) => {
                // Polling needs no fallback: it is the fallback.
                if !args.poll && state.silence.check(&state.source, Instant::now()) {
                    state.suggest_poll = true;
                    state.grade_now();
                }
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        match event {
            Event::Written(paths) => {
                if paths.iter().any(|p| same_file(p, &state.source)) {
                    state.silence.heard(&state.source);
                    state.problem = None;
                    state.grade_now();
                }
            }
            Event::Graded(grade) => {
                state.count += 1;
                state.grades.insert(grade.homework.name, *grade);
                state.grading = None;
                if std::mem::take(&mut state.again) {
                    state.grade_now();
                }
            }
            Event::Dropped => {
                state.grading = None;
                if std::mem::take(&mut state.again) {
                    state.grade_now();
                }
            }
            Event::Problem(message) => state.problem = Some(message),
            Event::Resized => {}
            Event::Key(Key::Quit) => break,
            Event::Key(key) => {
                if let Some(folder) = state.key(key)? {
                    watch.add(&folder).map_err(|e| {
                        Failure::new(format!("cannot watch {}: {e}", folder.display()))
                    })?;
                }
            }
        }
    }
    drop(watch);
    // A grade running is cancelled: its tests end at once, and the worker
    // with them (its graders remove their scratch workspaces). A build under
    // way is left to the process's exit rather than making the student wait
    // for it after `q`.
    if let Some(grading) = &state.grading {
        grading.cancel.cancel();
    }
    drop(state);
    let quit = Instant::now();
    while !worker.is_finished() && quit.elapsed() < QUIT_WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    if worker.is_finished() {
        let _ = worker.join();
    }
    terminal.finish()
}

/// Grades each job as it comes, one grader (and scratch workspace) per
/// homework, made the first time it is graded.
fn grade_jobs(queue: &mpsc::Receiver<Job>, settings: &Settings, events: &Sender<Event>) {
    let mut graders: BTreeMap<&'static str, Grader> = BTreeMap::new();
    for job in queue {
        let grader = match graders.entry(job.homework.name) {
            std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::btree_map::Entry::Vacant(entry) => {
                let mut config = Config::built_in().with_settings(settings.clone());
                config.homework = job.homework;
                match Grader::new(config) {
                    Ok(grader) => entry.insert(grader),
                    Err(e) => {
                        let _ = events.send(Event::Problem(format!(
                            "cannot create the scratch workspace: {e}"
                        )));
                        continue;
                    }
                }
            }
        };
        let id = job.source.display().to_string();
        let event = match grader.grade_unless(&id, &job.source, &job.cancel) {
            Some(grade) => Event::Graded(Box::new(grade)),
            None => Event::Dropped,
        };
        if events.send(event).is_err() {
            break;
        }
    }
}

/// A reset waiting for its `y`.
#[derive(Debug, Clone, Copy)]
struct Confirm {
    homework: &'static Homework,
    blank: u32,
}

/// The loop's state between events.
struct State {
    homework: &'static Homework,
    source: PathBuf,
    /// The exercises folder, where `e` finds the other homeworks' files.
    crate_dir: Option<PathBuf>,
    /// The latest grade of each homework watched.
    grades: BTreeMap<&'static str, Grade>,
    /// Grades finished.
    count: usize,
    /// The grade running, if one is.
    grading: Option<Grading>,
    /// A save came while grading: grade again once done.
    again: bool,
    problem: Option<String>,
    selected: Option<u32>,
    panel: Vec<Line>,
    confirm: Option<Confirm>,
    silence: Silence,
    suggest_poll: bool,
    jobs: Sender<Job>,
    /// What each homework watched says to do once every test passes.
    next_steps: BTreeMap<&'static str, String>,
}

impl State {
    /// Grades the current file now, or once the running grade ends; a grade
    /// of this homework running on an older save is stale, and cancelled.
    fn grade_now(&mut self) {
        let saved = std::fs::metadata(&self.source)
            .and_then(|m| m.modified())
            .ok();
        if let Some(grading) = &self.grading {
            if grading.homework == self.homework {
                // One save may bring several events: the grade of that very
                // save goes on.
                if saved.is_some() && saved == grading.saved {
                    return;
                }
                grading.cancel.cancel();
            }
            self.again = true;
            return;
        }
        let cancel = Cancel::new();
        self.grading = Some(Grading {
            homework: self.homework,
            cancel: cancel.clone(),
            saved,
            started: Instant::now(),
        });
        let _ = self.jobs.send(Job {
            homework: self.homework,
            source: self.source.clone(),
            cancel,
        });
    }

    fn outcome(&self) -> Option<screen::Outcome<'_>> {
        self.grades
            .get(self.homework.name)
            .map(screen::Outcome::from)
    }

    /// What `key` does; a folder to watch too when it switched homework.
    fn key(&mut self, key: Key) -> Result<Option<PathBuf>, Failure> {
        if let Some(confirm) = self.confirm.take() {
            self.panel = match key {
                Key::Yes => self.reset(confirm),
                _ => vec![Line::new(
                    Tone::Plain,
                    format!("kept: blank {} is as you wrote it", confirm.blank),
                )],
            };
            return Ok(None);
        }
        match key {
            Key::Hint => self.panel = self.hint(),
            Key::Regrade => {
                self.panel.clear();
                self.problem = None;
                self.grade_now();
            }
            Key::Up | Key::Down => self.move_cursor(key),
            Key::Reset => self.ask_reset(),
            Key::Switch => return Ok(self.switch()),
            Key::List => self.panel = self.list(),
            Key::Close | Key::Yes | Key::No => self.panel.clear(),
            Key::Quit => {}
        }
        Ok(None)
    }

    fn blanks(&self) -> Vec<Blank> {
        crate::hint::blanks_of(self.homework).unwrap_or_default()
    }

    fn move_cursor(&mut self, key: Key) {
        let count = self.blanks().len() as u32;
        if count == 0 {
            return;
        }
        self.selected = Some(match (key, self.selected) {
            (Key::Up, Some(id)) if id > 1 => id - 1,
            (Key::Up, Some(_)) => count,
            (Key::Up, None) => count,
            (_, Some(id)) if id < count => id + 1,
            (_, Some(_)) | (_, None) => 1,
        });
        self.panel.clear();
    }

    /// The next hint of the first unfinished blank, or of the chosen one.
    fn hint(&self) -> Vec<Line> {
        let unfinished = self.outcome().map_or(Some(1), screen::first_unfinished);
        let Some(id) = self.selected.or(unfinished) else {
            return vec![Line::new(
                Tone::Done,
                "every blank passes: no hint needed (↑↓ chooses a blank to see its hints)",
            )];
        };
        match crate::hint::next_hint(self.homework, id) {
            Ok((blank, number, hint)) => {
                let total = blank.hints.len();
                let mut lines = vec![
                    Line::new(
                        Tone::Strong,
                        format!("blank {id} · {} · hint {number} of {total}", blank.title),
                    ),
                    Line::new(
                        Tone::Plain,
                        format!("  the task: {}", crate::hint::plain(&blank.instruction)),
                    ),
                ];
                lines.extend(
                    hint.lines()
                        .map(|line| Line::new(Tone::Plain, format!("  {line}"))),
                );
                let next = if number >= total {
                    "that is the last hint: it gives the code".to_owned()
                } else {
                    format!("h again shows hint {} of {total}", number + 1)
                };
                lines.push(Line::new(Tone::Dim, next));
                lines
            }
            Err(failure) => vec![Line::new(Tone::Error, failure.message)],
        }
    }

    /// Asks before resetting the chosen blank, else the first failing one.
    fn ask_reset(&mut self) {
        let failing = self.outcome().and_then(screen::first_unfinished);
        let Some(id) = self.selected.or(failing) else {
            self.panel = vec![Line::new(
                Tone::Plain,
                "every blank passes: choose one with ↑↓ first to reset it",
            )];
            return;
        };
        let title = self
            .blanks()
            .into_iter()
            .find(|blank| blank.id == id)
            .map(|blank| blank.title)
            .unwrap_or_default();
        self.confirm = Some(Confirm {
            homework: self.homework,
            blank: id,
        });
        self.panel = vec![
            Line::new(
                Tone::Error,
                format!(
                    "reset blank {id} ({title}) to its todo!()? Your answer there is removed; \
                     the whole file is copied to {} first.",
                    self.backup_folder().display()
                ),
            ),
            Line::new(Tone::Strong, "y resets it · any other key keeps it"),
        ];
    }

    fn reset(&mut self, confirm: Confirm) -> Vec<Line> {
        let folder = self.backup_folder();
        match reset::reset(confirm.homework, &self.source, confirm.blank, &folder) {
            Ok(backup) => {
                // Our own write: its event grades it, and is no silence.
                self.silence.heard(&self.source);
                self.grade_now();
                vec![Line::new(
                    Tone::Plain,
                    format!(
                        "blank {} is back to its todo!(); your file as it was: {}",
                        confirm.blank,
                        backup.display()
                    ),
                )]
            }
            Err(why) => vec![Line::new(Tone::Error, why)],
        }
    }

    /// Where a reset keeps the file as it was: in the exercises folder, else
    /// beside the file's folder.
    fn backup_folder(&self) -> PathBuf {
        let crate_dir = self.crate_dir.clone().unwrap_or_else(|| {
            let folder = folder_of(&self.source);
            folder.parent().map_or(folder.clone(), Path::to_owned)
        });
        reset::backup_folder(&crate_dir)
    }

    /// The registry's next homework; the folder of its file.
    fn switch(&mut self) -> Option<PathBuf> {
        let all = homeworks::ALL;
        let at = all.iter().position(|h| *h == self.homework).unwrap_or(0);
        let next = all[(at + 1) % all.len()];
        let Some(crate_dir) = &self.crate_dir else {
            self.panel = vec![Line::new(
                Tone::Error,
                format!(
                    "watching one file, {}: give the exercises folder to switch homework",
                    self.source.display()
                ),
            )];
            return None;
        };
        match handout_source(crate_dir, next) {
            Ok(source) => {
                self.homework = next;
                self.source = source;
                self.selected = None;
                self.silence = Silence::new(&self.source);
                self.panel = vec![Line::new(
                    Tone::Plain,
                    format!(
                        "homework {}: {} (e for the next one)",
                        next.name, next.title
                    ),
                )];
                if !self.grades.contains_key(next.name) {
                    self.grade_now();
                }
                Some(folder_of(&self.source))
            }
            Err(failure) => {
                self.panel = vec![Line::new(Tone::Error, failure.message)];
                None
            }
        }
    }

    /// Every homework with its blanks done (graded this session) or
    /// written (its file read).
    fn list(&self) -> Vec<Line> {
        let mut lines = vec![Line::new(Tone::Strong, "the homeworks (e switches):")];
        let width = homeworks::ALL
            .iter()
            .map(|h| h.name.len())
            .max()
            .unwrap_or(0);
        for homework in homeworks::ALL {
            let mark = if *homework == self.homework {
                '›'
            } else {
                ' '
            };
            let state = match self.grades.get(homework.name) {
                Some(grade) => {
                    let (done, blanks) = screen::blanks_done(grade.into());
                    format!("{done} of {blanks} blanks done")
                }
                None => self.written(homework),
            };
            lines.push(Line::new(
                Tone::Plain,
                format!(
                    "{mark} {:<width$}  {:<40}  {state}",
                    homework.name, homework.title
                ),
            ));
        }
        lines
    }

    /// How many blanks of `homework`'s file are no longer the `todo!()`.
    fn written(&self, homework: &Homework) -> String {
        let Some(crate_dir) = &self.crate_dir else {
            return "not graded yet".to_owned();
        };
        let blanks = crate::hint::blanks_of(homework).unwrap_or_default();
        let Ok(text) = std::fs::read_to_string(crate_dir.join(homework.source)) else {
            return format!("no {}", homework.source);
        };
        let written = blanks
            .iter()
            .filter(|blank| markers::untouched(&text, blank) == Some(false))
            .count();
        format!(
            "not graded yet: {written} of {} blanks written",
            blanks.len()
        )
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(source: &Path) -> PathBuf {
    source
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned()
}

/// Whether an event's path is the watched file (events carry absolute paths).
fn same_file(event: &Path, source: &Path) -> bool {
    event.file_name() == source.file_name()
        && match (event.canonicalize(), source.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            // Renamed away mid-save: the name is enough.
            _ => true,
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

    /// Draws `lines` on a clear screen (raw mode needs `\r\n`); on a short
    /// terminal the middle is cut, never the footer with the keys.
    fn draw(&mut self, lines: &[Line]) -> Result<(), Failure> {
        let fitted;
        let lines = match terminal::size() {
            Ok((columns, rows)) if self.clears => {
                fitted = fit(lines, usize::from(columns), usize::from(rows));
                &fitted[..]
            }
            _ => lines,
        };
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

/// `lines` wrapped at word boundaries to `columns` (a continuation keeps the
/// line's indent) and cut to `rows` rows, the last [`screen::FOOTER`] lines
/// always kept.
fn fit(lines: &[Line], columns: usize, rows: usize) -> Vec<Line> {
    let wrapped = |line: &Line| -> Vec<Line> {
        let indent: String = line.text.chars().take_while(|c| *c == ' ').collect();
        let options = textwrap::Options::new(columns.max(1))
            .subsequent_indent(&indent)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        match textwrap::wrap(&line.text, options).as_slice() {
            [] => vec![Line::new(line.tone, "")],
            parts => parts
                .iter()
                .map(|part| Line::new(line.tone, part.to_string()))
                .collect(),
        }
    };
    let (body, footer) = lines.split_at(lines.len().saturating_sub(screen::FOOTER));
    let body: Vec<Line> = body.iter().flat_map(wrapped).collect();
    let footer: Vec<Line> = footer.iter().flat_map(wrapped).collect();
    if body.len() + footer.len() < rows || body.is_empty() {
        return body.into_iter().chain(footer).collect();
    }
    // One row for the note, one free: the cursor's after the last line.
    let room = rows.saturating_sub(footer.len() + 2);
    let mut kept: Vec<Line> = body.into_iter().take(room).collect();
    kept.push(Line::new(Tone::Dim, "… (a taller terminal shows the rest)"));
    kept.extend(footer);
    kept
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

/// Sends each key's [`Event::Key`] (`q`, Ctrl-C and Ctrl-D quit: raw mode
/// turns Ctrl-C into a key), and [`Event::Resized`].
fn read_keys(events: &Sender<Event>) {
    loop {
        let event = match event::read() {
            Ok(event::Event::Key(key)) if key.kind != KeyEventKind::Release => {
                let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
                let meaning = match key.code {
                    KeyCode::Char('c' | 'd') if ctrl => Key::Quit,
                    KeyCode::Char('q' | 'Q') => Key::Quit,
                    KeyCode::Char('h' | 'H') => Key::Hint,
                    KeyCode::Char('r' | 'R') => Key::Regrade,
                    KeyCode::Char('x' | 'X') => Key::Reset,
                    KeyCode::Char('e' | 'E') => Key::Switch,
                    KeyCode::Char('l' | 'L') => Key::List,
                    KeyCode::Char('y' | 'Y') => Key::Yes,
                    KeyCode::Char('n' | 'N') => Key::No,
                    KeyCode::Up | KeyCode::Char('k') => Key::Up,
                    KeyCode::Down | KeyCode::Char('j') => Key::Down,
                    KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' ') => Key::Close,
                    _ => continue,
                };
                Event::Key(meaning)
            }
            Ok(event::Event::Resize(..)) => Event::Resized,
            Ok(_) => continue,
            Err(_) => Event::Key(Key::Quit),
        };
        let quit = matches!(event, Event::Key(Key::Quit));
        if events.send(event).is_err() || quit {
            return;
        }
    }
}
