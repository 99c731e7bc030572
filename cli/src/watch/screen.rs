//! What `queens watch` shows after a grade: one line per blank, the total, the
//! first failure and what to do next. Pure text, so it is tested without a
//! terminal; the tones become colours on the way out.

use std::path::Path;
use std::time::{Duration, SystemTime};

use queens_grader::grader::{Grade, Status};
use queens_grader::homework::Homework;
use queens_grader::report::{self, GroupScore};
use queens_grader::results::{TestRecord, hint_command};
use queens_grader::settings::Scheme;

/// The part of a [`Grade`] the screen shows.
#[derive(Debug, Clone, Copy)]
pub struct Outcome<'a> {
    /// How grading went as a whole.
    pub status: Status,
    /// Every graded test, in the harness's order.
    pub tests: &'a [TestRecord],
    /// The homework graded and each test's points, as `queens grade` scores
    /// them (`queens.toml`).
    pub scheme: &'a Scheme,
    /// One line saying why, unless it was simply graded.
    pub detail: &'a str,
    /// The compiler's errors, pointing at the student's file.
    pub compile_errors: &'a str,
    /// Wall-clock time of the grade.
    pub elapsed: Duration,
}

impl<'a> From<&'a Grade> for Outcome<'a> {
    fn from(grade: &'a Grade) -> Self {
        Self {
            status: grade.status,
            tests: &grade.tests,
            scheme: &grade.scheme,
            detail: &grade.detail,
            compile_errors: &grade.compile_errors,
            elapsed: grade.elapsed,
        }
    }
}

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Ordinary text.
    Plain,
    /// The heading and the total.
    Strong,
    /// A group with every test passing, the congratulation.
    Done,
    /// A group with some tests passing.
    Partial,
    /// A group with no test passing yet.
    Todo,
    /// A compile error or a grader problem.
    Error,
    /// Keys and the watcher's state.
    Dim,
}

/// One line of the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its text, without a newline.
    pub text: String,
    /// How to draw it.
    pub tone: Tone,
}

impl Line {
    /// A line of `text` drawn in `tone`.
    pub fn new(tone: Tone, text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            tone,
        }
    }

    /// An empty line.
    pub fn blank() -> Self {
        Self::new(Tone::Plain, "")
    }
}

/// What the screen shows.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    /// The file being watched and graded.
    pub source: &'a Path,
    /// The latest grade, once there is one.
    pub grade: Option<Outcome<'a>>,
    /// The grade running now, if one is.
    pub grading: Option<Running>,
    /// A problem of the watcher itself, shown until the next save.
    pub problem: Option<&'a str>,
    /// Whether the keys work (a terminal in raw mode).
    pub keys: bool,
    /// The blank under the cursor (`↑`/`↓`), if one was chosen.
    pub selected: Option<u32>,
    /// What a key asked to see (a hint, the homeworks, a question), below
    /// the scores until the next key.
    pub panel: &'a [Line],
    /// Saves were seen on disk without a file event: suggest `--poll`.
    pub suggest_poll: bool,
    /// Watching with `--poll`.
    pub polling: bool,
    /// Grades finished since the watch started (`r` adds one).
    pub grades: usize,
    /// What to do once every test passes (`course::next_step`).
    pub next_step: &'a str,
}

/// A grade running: the save it grades and how long it has run.
#[derive(Debug, Clone, Copy)]
pub struct Running {
    /// When the file graded was saved (its modification time).
    pub saved: Option<SystemTime>,
    /// How long the grade has run.
    pub elapsed: Duration,
}

impl Running {
    /// `grading your save of 10:42:03… 4 s`, the time in the student's
    /// own time zone (with its date when the save is not from today).
    fn describe(&self) -> String {
        let what = match self.saved {
            Some(saved) => {
                let saved = chrono::DateTime::<chrono::Local>::from(saved);
                let format = if saved.date_naive() == chrono::Local::now().date_naive() {
                    "%H:%M:%S"
                } else {
                    "%Y-%m-%d %H:%M:%S"
                };
                format!("grading your save of {}", saved.format(format))
            }
            None => "grading your file".to_owned(),
        };
        format!("{what}… {} s", self.elapsed.as_secs())
    }
}

/// The first blank of `grade` whose tests do not all pass: the one `h` gives
/// a hint for and `x` resets when no blank is chosen.
pub fn first_unfinished(grade: Outcome<'_>) -> Option<u32> {
    report::scheme_groups(grade.scheme, grade.tests)
        .iter()
        .find(|group| group.id.is_some() && group.score < group.max_score)
        .and_then(|group| group.id)
}

/// The blanks of `grade` whose tests all pass, and how many blanks it has.
pub fn blanks_done(grade: Outcome<'_>) -> (usize, usize) {
    let groups = report::scheme_groups(grade.scheme, grade.tests);
    let blanks = groups.iter().filter(|group| group.id.is_some());
    let done = blanks
        .clone()
        .filter(|group| group.max_score > 0 && group.score == group.max_score)
        .count();
    (done, blanks.count())
}

/// The keys, always the screen's last line.
pub const KEYS: &str = "h hint · r grade now · ↑↓ choose a blank · x reset it to todo!() · \
                        e next homework · l homeworks · q quit";

/// Lines at the end of every screen that a short terminal never cuts: the
/// watcher's state and the keys.
pub const FOOTER: usize = 2;

/// Lines of a failure message shown at most.
const MESSAGE_LINES: usize = 12;
/// Lines of the compiler's first error shown at most.
const ERROR_LINES: usize = 24;
/// Cells of a group's bar.
const BAR: u32 = 10;

/// The screen for `view`.
pub fn lines(view: &View<'_>) -> Vec<Line> {
    let mut lines = vec![heading(view), Line::blank()];
    match view.grade {
        None => lines.push(Line::new(
            Tone::Plain,
            "building your code with the graded tests (the first build compiles the \
             course's library: a minute or two)…",
        )),
        Some(grade) => scorecard(grade, view.selected, view.next_step, &mut lines),
    }
    if !view.panel.is_empty() {
        lines.push(Line::blank());
        lines.extend(view.panel.iter().cloned());
    }
    if let Some(problem) = view.problem {
        lines.push(Line::blank());
        lines.push(Line::new(Tone::Error, format!("watcher: {problem}")));
    }
    lines.push(Line::blank());
    let dir = view
        .source
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let how = if view.polling { " (polling)" } else { "" };
    // The watcher's state is part of the footer, which a short terminal
    // never cuts: the `--poll` suggestion is seen wherever it matters.
    lines.push(if view.suggest_poll {
        Line::new(
            Tone::Error,
            format!(
                "a save of {} came with no file event (WSL, a network or Docker folder?): \
                 graded anyway; `cargo queens watch --poll` looks every {} ms instead",
                view.source.display(),
                super::files::POLL_EVERY.as_millis()
            ),
        )
    } else {
        Line::new(
            Tone::Dim,
            format!(
                "watching {}{how}: every save is graded again",
                dir.display()
            ),
        )
    });
    lines.push(Line::new(
        Tone::Dim,
        if view.keys {
            KEYS
        } else {
            "no keys without a terminal: Ctrl-C ends"
        },
    ));
    lines
}

fn heading(view: &View<'_>) -> Line {
    let state = match (view.grading, view.grade) {
        (Some(running), None) => format!("{} (building first)", running.describe()),
        (Some(running), Some(_)) => {
            format!("{} (below: the save before)", running.describe())
        }
        (None, Some(grade)) => format!(
            "graded in {:.1} s (grade {})",
            grade.elapsed.as_secs_f64(),
            view.grades
        ),
        (None, None) => String::new(),
    };
    Line::new(
        Tone::Strong,
        format!("queens watch · {} · {state}", view.source.display()),
    )
}

fn scorecard(grade: Outcome<'_>, selected: Option<u32>, when_done: &str, lines: &mut Vec<Line>) {
    let groups = report::scheme_groups(grade.scheme, grade.tests);
    let ran = grade.status == Status::Graded || grade.status == Status::TimedOut;
    let names: Vec<String> = groups.iter().map(group_name).collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    for (group, name) in groups.iter().zip(&names) {
        let tone = if !ran || group.score == 0 {
            Tone::Todo
        } else if group.score == group.max_score {
            Tone::Done
        } else {
            Tone::Partial
        };
        let note = if ran { "" } else { "  not run" };
        let cursor = if group.id.is_some() && group.id == selected {
            '›'
        } else {
            ' '
        };
        lines.push(Line::new(
            tone,
            format!(
                "{cursor} {name:<width$}  {}  {}/{}{note}",
                bar(group.score, group.max_score),
                group.score,
                group.max_score
            ),
        ));
    }
    let score: u32 = groups.iter().map(|g| g.score).sum();
    let max: u32 = groups.iter().map(|g| g.max_score).sum();
    lines.push(Line::new(
        Tone::Strong,
        format!(
            "  {:<width$}  {:<bar$}  {score}/{max}",
            "total",
            "",
            bar = BAR as usize
        ),
    ));
    lines.push(Line::blank());
    match grade.status {
        Status::Graded if score == max && max > 0 => congratulate(when_done, &groups, max, lines),
        Status::Graded | Status::TimedOut => {
            if grade.status == Status::TimedOut {
                lines.push(Line::new(
                    Tone::Error,
                    format!("timed out: {}", grade.detail),
                ));
            }
            next_step(grade.scheme.homework, &groups, lines);
        }
        Status::CompileError => compile_error(grade, lines),
        Status::NoSubmission => lines.push(Line::new(
            Tone::Error,
            format!("nothing to grade: {}", grade.detail),
        )),
        // The grader failed, or a status this screen does not know yet.
        status => lines.push(Line::new(
            Tone::Error,
            format!("the grader stopped ({}): {}", status.name(), grade.detail),
        )),
    }
}

/// `blank 1  prune check`, or a group's own title (`end to end`).
fn group_name(group: &GroupScore) -> String {
    match group.id {
        Some(id) => format!("blank {id}  {}", group.title),
        None => group.title.clone(),
    }
}

fn bar(score: u32, max: u32) -> String {
    let full = (score * BAR).checked_div(max).unwrap_or(0).min(BAR) as usize;
    format!("{}{}", "█".repeat(full), "░".repeat(BAR as usize - full))
}

fn congratulate(next_step: &str, groups: &[GroupScore], max: u32, lines: &mut Vec<Line>) {
    let blanks = groups.iter().filter(|g| g.id.is_some()).count();
    lines.push(Line::new(
        Tone::Done,
        format!(
            "Well done: all {max} graded tests pass. Your {blanks} blanks make a search that \
             finds what the reference finds, in its order, with its node counts."
        ),
    ));
    lines.push(Line::new(Tone::Plain, next_step));
}

fn next_step(homework: &Homework, groups: &[GroupScore], lines: &mut Vec<Line>) {
    let Some((group, test)) = groups
        .iter()
        .find_map(|g| g.first_failure().map(|t| (g, t)))
    else {
        return;
    };
    lines.push(Line::new(
        Tone::Plain,
        format!("first failing test: {}", test.full_name),
    ));
    let message: Vec<&str> = test
        .message
        .lines()
        .filter(|line| !line.starts_with("hint: "))
        .collect();
    for line in message.iter().take(MESSAGE_LINES) {
        lines.push(Line::new(Tone::Plain, format!("  {line}")));
    }
    if message.len() > MESSAGE_LINES {
        lines.push(Line::new(
            Tone::Dim,
            format!("  … ({} more lines)", message.len() - MESSAGE_LINES),
        ));
    }
    lines.push(Line::blank());
    let next = match group.id {
        Some(id) => format!(
            "blank {id} is next: stuck? `{}` shows one hint, the next one each time",
            hint_command(homework, Some(id))
        ),
        None => format!(
            "every blank passes its own tests, but the whole search does not yet: \
             `{} -- {}` shows it on its own",
            homework.test_command(),
            group.group
        ),
    };
    lines.push(Line::new(Tone::Strong, next));
}

fn compile_error(grade: Outcome<'_>, lines: &mut Vec<Line>) {
    lines.push(Line::new(
        Tone::Error,
        "your code does not compile, so no test ran. The compiler's first error:",
    ));
    let first = first_error(grade.compile_errors);
    for line in first.iter().take(ERROR_LINES) {
        lines.push(Line::new(Tone::Plain, format!("  {line}")));
    }
    lines.push(Line::blank());
    lines.push(Line::new(
        Tone::Strong,
        "fix it and save: the tests run again",
    ));
}

/// The lines of the first diagnostic in rustc's rendered errors: up to the
/// next line that starts a new one.
fn first_error(errors: &str) -> Vec<&str> {
    let mut lines = errors.lines().skip_while(|line| line.trim().is_empty());
    let Some(first) = lines.next() else {
        return vec!["(the compiler said nothing more)"];
    };
    let mut shown = vec![first];
    shown.extend(lines.take_while(|line| !line.starts_with("error")));
    while shown.last().is_some_and(|line| line.trim().is_empty()) {
        shown.pop();
    }
    shown
}

#[cfg(test)]
mod tests {
    use queens_grader::results::Outcome as TestOutcome;

    use super::*;

    #[test]
    fn a_running_grade_names_its_save_and_its_seconds() {
        let now = SystemTime::now();
        let today = Running {
            saved: Some(now),
            elapsed: Duration::from_millis(4_300),
        };
        let clock = chrono::DateTime::<chrono::Local>::from(now)
            .format("%H:%M:%S")
            .to_string();
        assert_eq!(
            today.describe(),
            format!("grading your save of {clock}… 4 s")
        );
        let old = Running {
            saved: Some(now - Duration::from_secs(3 * 86_400)),
            elapsed: Duration::ZERO,
        };
        let date = chrono::DateTime::<chrono::Local>::from(now - Duration::from_secs(3 * 86_400))
            .format("%Y-%m-%d ")
            .to_string();
        assert!(old.describe().contains(&date), "{}", old.describe());
        let unknown = Running {
            saved: None,
            elapsed: Duration::from_secs(2),
        };
        assert_eq!(unknown.describe(), "grading your file… 2 s");
    }

    fn record(name: &str, outcome: TestOutcome, message: &str) -> TestRecord {
        TestRecord {
            name: name.to_owned(),
            outcome,
            message: message.to_owned(),
            elapsed_ms: 1,
            printed_bytes: 0,
            problems: Vec::new(),
            observed: Default::default(),
            parts: Vec::new(),
        }
    }

    fn graded<'a>(status: Status, tests: &'a [TestRecord], compile_errors: &'a str) -> Outcome<'a> {
        let homework = queens_grader::homeworks::default();
        Outcome {
            status,
            tests,
            scheme: Box::leak(Box::new(Scheme::one_point_each(homework))),
            detail: "",
            compile_errors,
            elapsed: Duration::from_millis(800),
        }
    }

    fn text(grade: Outcome<'_>) -> String {
        let course = queens_grader::course::Course::built_in();
        let next_step = crate::course::next_step(course.root(), grade.scheme.homework);
        let view = View {
            source: Path::new("exercises/src/lib.rs"),
            grade: Some(grade),
            grading: None,
            problem: None,
            keys: true,
            selected: None,
            panel: &[],
            suggest_poll: false,
            polling: false,
            grades: 1,
            next_step: &next_step,
        };
        lines(&view)
            .into_iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_half_done_handout_names_the_next_blank_and_its_hint() {
        let tests = [
            record("blank_1_prune_check::a", TestOutcome::Passed, ""),
            record("blank_1_prune_check::b", TestOutcome::Passed, ""),
            record(
                "blank_2_insert::c",
                TestOutcome::NotImplemented,
                "not yet implemented: blank 2\nhint: cargo queens hint 2",
            ),
            record("end_to_end::d", TestOutcome::Failed, "wrong boards"),
        ];
        let screen = text(graded(Status::Graded, &tests, ""));
        assert!(
            screen.contains("blank 1  prune check  ██████████  2/2"),
            "{screen}"
        );
        assert!(
            screen.contains("blank 2  insert       ░░░░░░░░░░  0/1"),
            "{screen}"
        );
        assert!(screen.contains("2/4"), "{screen}");
        assert!(
            screen.contains(
                "first failing test: blank_2_insert::c\n  not yet implemented: blank 2\n"
            ),
            "{screen}"
        );
        assert!(
            screen.contains("blank 2 is next: stuck? `cargo queens hint 2`"),
            "{screen}"
        );
        assert!(!screen.contains("Well done"), "{screen}");
    }

    #[test]
    fn a_compile_error_shows_only_the_first_error() {
        let tests = [record("blank_1_prune_check::a", TestOutcome::NotRun, "")];
        let errors = "error[E0308]: mismatched types\n  --> exercises/src/lib.rs:45:9\n\n\
                      error: aborting due to 1 previous error\n";
        let screen = text(graded(Status::CompileError, &tests, errors));
        assert!(
            screen.contains("  --> exercises/src/lib.rs:45:9"),
            "{screen}"
        );
        assert!(!screen.contains("aborting"), "{screen}");
        assert!(screen.contains("0/1  not run"), "{screen}");
    }

    #[test]
    fn full_marks_congratulate_and_point_at_the_next_notebook() {
        let tests = [
            record("blank_1_prune_check::a", TestOutcome::Passed, ""),
            record("end_to_end::d", TestOutcome::Passed, ""),
        ];
        let screen = text(graded(Status::Graded, &tests, ""));
        assert!(screen.contains("2/2\n"), "{screen}");
        assert!(
            screen.contains("Well done: all 2 graded tests pass"),
            "{screen}"
        );
        assert!(screen.contains("; then 04 · Explored nodes"), "{screen}");
        assert!(!screen.contains("Sudoku"), "{screen}");
    }
}
