//! One graded test's result, as the harness records it for the grader.

use serde::{Deserialize, Serialize};

use crate::homework::Homework;

/// How a graded test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// It passed.
    Passed,
    /// One of its checks failed (a wrong answer).
    Failed,
    /// It reached a `todo!()`: the blank is not filled yet.
    NotImplemented,
    /// The code panicked (an overflow, an `unwrap`, an index out of range…).
    Panicked,
    /// It ran past the wall-clock timeout: an endless loop?
    TimedOut,
    /// It overflowed its stack: a recursion that never stops?
    StackOverflow,
    /// The test process ended before the test did (`std::process::exit`).
    Exited,
    /// The test process was killed by a signal.
    Crashed,
    /// The harness itself could not run the test.
    HarnessError,
    /// The grader stopped before the test ran (the submission's time was up).
    NotRun,
}

impl Outcome {
    /// Whether the test passed.
    pub fn passed(self) -> bool {
        self == Self::Passed
    }

    /// A short name for the outcome, as in the JSON (`timed_out`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Passed => "passed",
            Self::Failed => "failed",
            Self::NotImplemented => "not_implemented",
            Self::Panicked => "panicked",
            Self::TimedOut => "timed_out",
            Self::StackOverflow => "stack_overflow",
            Self::Exited => "exited",
            Self::Crashed => "crashed",
            Self::HarnessError => "harness_error",
            Self::NotRun => "not_run",
        }
    }

    /// Whether the test ended abnormally: not a plain pass or a wrong answer,
    /// but a loop, a crash, an early exit (the grader reports these).
    pub fn is_abnormal(self) -> bool {
        matches!(
            self,
            Self::TimedOut
                | Self::StackOverflow
                | Self::Exited
                | Self::Crashed
                | Self::HarnessError
                | Self::NotRun
        )
    }
}

/// One graded test's result: one JSON line in the file named by
/// [`RESULTS_ENV`](super::harness::RESULTS_ENV).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRecord {
    /// Its full name (`blank_2_insert::insert_records_the_column`).
    pub name: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it failed, in the student's terms (empty when it passed).
    #[serde(default)]
    pub message: String,
    /// Wall-clock time of its process, in milliseconds.
    #[serde(default)]
    pub elapsed_ms: u64,
    /// Bytes the test printed (stdout and stderr; only the start is kept).
    #[serde(default)]
    pub printed_bytes: u64,
    /// Limits it hit and what it left running (`out-of-memory`,
    /// `too-many-processes`, `left-running: sleep`), whatever its outcome.
    #[serde(default)]
    pub problems: Vec<String>,
    /// What the grader saw of its process, for the instructor.
    #[serde(default)]
    pub observed: Observed,
    /// The message's parts when it holds a board or a mask (the HTML page
    /// draws them; `message` is their text).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<crate::explanation::Part>,
}

/// What the grader observed of one test's process, from outside it: for the
/// instructor (the JSON report, the batch's instructor log), never on a
/// student's page unless `queens.toml` says so (`[feedback] show_observations`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observed {
    /// The kernel's high-water mark of its largest process's virtual memory,
    /// bytes.
    #[serde(default)]
    pub peak_memory_bytes: u64,
    /// The most processes and threads seen at once (read while it ran and at
    /// its end).
    #[serde(default)]
    pub peak_tasks: u64,
    /// Its standard output as kept: the start, and the end when more was
    /// printed (the bytes between are counted in `printed_bytes`, not kept).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stdout: String,
    /// Its standard error, kept the same way.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stderr: String,
    /// How it was contained: `bubblewrap: no network, …` or what it was not.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub containment: String,
    /// Files it left in, or removed from, its writable folders (its home and
    /// working folder; under bubblewrap its `/tmp` is private and vanishes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files_touched: Vec<String>,
}

/// The group a test belongs to: the part of its name before `::`.
pub fn group_of(test_name: &str) -> &str {
    test_name
        .split_once("::")
        .map_or(test_name, |(group, _)| group)
}

/// The blank a test group grades: `blank_2_insert` is blank 2.
pub fn blank_of(group: &str) -> Option<u32> {
    group
        .strip_prefix("blank_")?
        .split('_')
        .next()?
        .parse()
        .ok()
}

/// A panic location's file as the student knows it: `..` resolved
/// (`exercises/tests/../src/sudoku.rs`, the graded test's `#[path]` module, is
/// `exercises/src/sudoku.rs`) and an absolute path (the grader's scratch
/// workspace, another machine's checkout) cut to the part from the handout
/// crate's `exercises/` on. Any other path is left as it is.
///
/// ```
/// use queens_grader::results::student_path;
/// assert_eq!(student_path("exercises/tests/../src/sudoku.rs"), "exercises/src/sudoku.rs");
/// assert_eq!(student_path("/tmp/scratch/slot-1/exercises/src/lib.rs"), "exercises/src/lib.rs");
/// assert_eq!(student_path("src/lib.rs"), "src/lib.rs");
/// ```
pub fn student_path(file: &str) -> String {
    let file = file.replace('\\', "/");
    let mut parts: Vec<&str> = Vec::new();
    for part in file.split('/') {
        match part {
            ".." if parts
                .last()
                .is_some_and(|last| !last.is_empty() && *last != "..") =>
            {
                parts.pop();
            }
            "." => {}
            _ => parts.push(part),
        }
    }
    let absolute = file.starts_with('/') || file.chars().nth(1) == Some(':');
    if absolute && let Some(handout) = parts.iter().rposition(|part| *part == "exercises") {
        parts.drain(..handout);
    }
    parts.join("/")
}

/// The command that prints `homework`'s hints for `blank` (all blanks' when
/// `None`); the course's first homework needs no `--exercise`.
/// Spelled once, in the library ([`queens::notebook::feedback::hint_command`]),
/// for the notebooks' progress tables too.
pub fn hint_command(homework: &Homework, blank: Option<u32>) -> String {
    queens::notebook::feedback::hint_command(
        (!homework.is_default()).then_some(homework.name),
        blank.map(|id| id as usize),
    )
}

/// The command that prints the hints of the blank the test `name` grades.
pub fn hint_command_of(homework: &Homework, name: &str) -> String {
    hint_command(homework, blank_of(group_of(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_blanks_come_from_the_test_name() {
        assert_eq!(group_of("blank_12_prune_check::x"), "blank_12_prune_check");
        assert_eq!(blank_of("blank_12_prune_check"), Some(12));
        assert_eq!(blank_of("end_to_end"), None);
        let first = crate::homeworks::default();
        let second = crate::homeworks::ALL[1];
        assert_eq!(
            hint_command_of(first, "blank_2_insert::x"),
            "cargo queens hint 2"
        );
        assert_eq!(
            hint_command_of(second, "blank_1_prune_check::x"),
            format!("cargo queens hint 1 --exercise {second}")
        );
        assert_eq!(group_of("loose"), "loose");
    }
}
