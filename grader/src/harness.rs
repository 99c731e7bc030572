//! The graded tests' harness: libtest's look, one subprocess per test.
//!
//! `exercises/tests/graded.rs` is a test target with `harness = false` whose
//! `main` lists its tests and hands them to [`Harness::run`]. Run by cargo, the
//! harness parses libtest's arguments (filters, `--exact`, `--list`,
//! `--test-threads`, so `cargo test` and `cargo nextest` both work) and runs
//! every selected test by starting its own executable again with
//! [`CHILD_ENV`] naming that one test. The child runs it and writes a small
//! report; the parent turns whatever happened into a pass or a failure:
//!
//! * a report: passed, failed with the test's message, or panicked (a
//!   `todo!()` reads "not yet implemented: blank 2 — …");
//! * past the timeout: killed, "your code ran for more than 5 s — an infinite
//!   loop in blank 1?";
//! * a stack overflow: "stack overflow — does your recursion stop?";
//! * no report at all: the code ended the process (`std::process::exit`).
//!
//! The child's output is drained and capped, so a blank printing megabytes
//! neither blocks nor floods. With [`RESULTS_ENV`] set, each result is also
//! appended as one JSON line ([`TestRecord`]) for the grader.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use serde::{Deserialize, Serialize};

use super::process::{self, Ending, Limits};
use super::results::{Outcome, TestRecord, blank_of, group_of, hint_command};

/// Names the one test a child process runs.
pub const CHILD_ENV: &str = "QUEENS_GRADING_CHILD";
/// Where a child writes its report.
pub const REPORT_ENV: &str = "QUEENS_GRADING_REPORT";
/// Per-test wall-clock timeout in milliseconds (default [`DEFAULT_TIMEOUT`]).
pub const TIMEOUT_ENV: &str = "QUEENS_GRADING_TIMEOUT_MS";
/// A file to append one JSON line per finished test to.
pub const RESULTS_ENV: &str = "QUEENS_GRADING_RESULTS";
/// The default per-test timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
/// Bytes kept of a test's stdout and of its stderr.
const OUTPUT_CAP: usize = 64 * 1024;
/// Bytes of a test's output shown in its failure message.
const OUTPUT_SHOWN: usize = 1500;

/// A graded test's body: `Err` carries the message a student reads.
pub type TestFn = fn() -> Result<(), String>;

/// One named graded test.
#[derive(Debug, Clone, Copy)]
pub struct Test {
    name: &'static str,
    body: TestFn,
}

impl Test {
    /// A test named `group::name` (the group says which blank it grades).
    pub fn new(name: &'static str, body: TestFn) -> Self {
        Self { name, body }
    }

    /// Its full name.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

/// Lists graded tests by path, naming each after its path:
/// `graded_tests![blank_1_prune_check::empty_sets_attack_nothing, …]`.
#[macro_export]
macro_rules! graded_tests {
    ($($group:ident :: $test:ident),* $(,)?) => {
        vec![$($crate::harness::Test::new(
            concat!(stringify!($group), "::", stringify!($test)),
            $group::$test,
        )),*]
    };
}

/// The graded tests and how to explain their panics.
#[derive(Debug, Clone)]
pub struct Harness {
    tests: Vec<Test>,
    explanations: Vec<(&'static str, &'static str)>,
}

impl Harness {
    /// A harness for `tests`.
    pub fn new(tests: Vec<Test>) -> Self {
        Self {
            tests,
            explanations: Vec::new(),
        }
    }

    /// Adds `explanation` to the message of any panic whose text contains
    /// `panic_contains` (say, what an overflow in `row - col` means).
    pub fn explain(mut self, panic_contains: &'static str, explanation: &'static str) -> Self {
        self.explanations.push((panic_contains, explanation));
        self
    }

    /// Runs as libtest would (parent), or runs the one test a parent asked for
    /// (child). Returns the exit code for `main`.
    pub fn run(self) -> ExitCode {
        if let Ok(name) = std::env::var(CHILD_ENV) {
            return run_child(&self.tests, &name);
        }
        let arguments = Arguments::from_args();
        let timeout = std::env::var(TIMEOUT_ENV)
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(DEFAULT_TIMEOUT, Duration::from_millis);
        let results = std::env::var_os(RESULTS_ENV).and_then(|path| {
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .ok()
                .map(|file| Arc::new(Mutex::new(file)))
        });
        let explanations = Arc::new(self.explanations);
        let trials = self
            .tests
            .iter()
            .map(|test| {
                let name = test.name;
                let explanations = Arc::clone(&explanations);
                let results = results.clone();
                Trial::test(name, move || {
                    let record = run_in_child(name, timeout, &explanations);
                    if let Some(file) = results {
                        append(&file, &record);
                    }
                    if record.outcome.passed() {
                        Ok(())
                    } else {
                        Err(Failed::from(record.message))
                    }
                })
            })
            .collect();
        libtest_mimic::run(&arguments, trials).exit_code()
    }
}

fn append(file: &Mutex<File>, record: &TestRecord) {
    if let Ok(mut line) = serde_json::to_string(record) {
        line.push('\n');
        let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = file.write_all(line.as_bytes()).and_then(|()| file.flush());
    }
}

/// What a child reports about its one test.
#[derive(Debug, Serialize, Deserialize)]
struct ChildReport {
    /// `Ok(())`: passed; `Err(Failure)`: failed or panicked.
    result: Result<(), ChildFailure>,
}

#[derive(Debug, Serialize, Deserialize)]
struct ChildFailure {
    panicked: bool,
    message: String,
}

/// The panic a child's test ended with: message and location.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn run_child(tests: &[Test], name: &str) -> ExitCode {
    let Some(test) = tests.iter().find(|t| t.name == name) else {
        eprintln!("no graded test is named {name}");
        return ExitCode::from(101);
    };
    // The parent reports the panic; the default hook's lines would repeat it.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        let located = match info.location() {
            Some(at) => format!("{message} (at {}:{}:{})", at.file(), at.line(), at.column()),
            None => message,
        };
        *LAST_PANIC.lock().unwrap_or_else(PoisonError::into_inner) = Some(located);
    }));
    let body = test.body;
    let result = match std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(body)
        .map(|handle| handle.join())
    {
        Ok(Ok(Ok(()))) => Ok(()),
        Ok(Ok(Err(message))) => Err(ChildFailure {
            panicked: false,
            message,
        }),
        Ok(Err(_)) => Err(ChildFailure {
            panicked: true,
            message: LAST_PANIC
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
                .unwrap_or_else(|| "a panic".to_owned()),
        }),
        Err(error) => Err(ChildFailure {
            panicked: false,
            message: format!("could not start the test thread: {error}"),
        }),
    };
    let report = ChildReport { result };
    let Some(path) = std::env::var_os(REPORT_ENV) else {
        eprintln!("{report:?}");
        return ExitCode::SUCCESS;
    };
    match serde_json::to_vec(&report).map(|bytes| std::fs::write(path, bytes)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        _ => ExitCode::from(101),
    }
}

fn run_in_child(
    name: &str,
    timeout: Duration,
    explanations: &[(&'static str, &'static str)],
) -> TestRecord {
    let blank = blank_of(group_of(name));
    let record = |outcome: Outcome, message: String, elapsed: Duration| TestRecord {
        name: name.to_owned(),
        outcome,
        message: if outcome.passed() {
            message
        } else {
            format!("{message}\nhint: {}", hint_command(blank))
        },
        elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        printed_bytes: 0,
    };
    let harness_error = |what: String| record(Outcome::HarnessError, what, Duration::ZERO);
    let executable = match std::env::current_exe() {
        Ok(path) => path,
        Err(error) => return harness_error(format!("cannot find the test executable: {error}")),
    };
    let report_file = match tempfile::NamedTempFile::new() {
        Ok(file) => file,
        Err(error) => return harness_error(format!("cannot create a report file: {error}")),
    };
    let report_path: PathBuf = report_file.path().to_owned();
    let mut command = Command::new(executable);
    command
        .env(CHILD_ENV, name)
        .env(REPORT_ENV, &report_path)
        .env_remove(RESULTS_ENV);
    let limits = Limits {
        timeout,
        output_cap: OUTPUT_CAP,
        own_process_group: false,
    };
    let run = match process::run(command, limits) {
        Ok(run) => run,
        Err(error) => return harness_error(format!("cannot start the test process: {error}")),
    };
    let printed = printed(&run);
    let report: Option<ChildReport> = std::fs::read(&report_path)
        .ok()
        .filter(|bytes| !bytes.is_empty())
        .and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let (outcome, message) = match (run.ending, report) {
        (Ending::TimedOut, _) => (
            Outcome::TimedOut,
            format!(
                "your code ran for more than {} — an infinite loop in {}?",
                seconds(timeout),
                blank.map_or("one of the blanks".to_owned(), |id| format!("blank {id}"))
            ),
        ),
        (Ending::Finished(_), Some(ChildReport { result: Ok(()) })) => {
            (Outcome::Passed, String::new())
        }
        (
            Ending::Finished(_),
            Some(ChildReport {
                result: Err(failure),
            }),
        ) => {
            if !failure.panicked {
                (Outcome::Failed, failure.message)
            } else if failure.message.starts_with("not yet implemented") {
                (Outcome::NotImplemented, failure.message)
            } else {
                let explained = explanations
                    .iter()
                    .filter(|(pattern, _)| failure.message.contains(pattern))
                    .map(|(_, explanation)| format!("\n{explanation}"))
                    .collect::<String>();
                (
                    Outcome::Panicked,
                    format!("your code panicked: {}{explained}", failure.message),
                )
            }
        }
        (Ending::Finished(status), None) => {
            if run.stderr.text.contains("has overflowed its stack") {
                (
                    Outcome::StackOverflow,
                    "stack overflow — does your recursion stop? (a method that calls itself forever?)"
                        .to_owned(),
                )
            } else if let Some(signal) = run.signal() {
                (
                    Outcome::Crashed,
                    format!("the test process was killed by signal {signal}"),
                )
            } else {
                (
                    Outcome::Exited,
                    format!(
                        "the test process ended before the test finished ({status}) — does your code call std::process::exit?"
                    ),
                )
            }
        }
    };
    let message = if outcome.passed() || printed.is_empty() {
        message
    } else {
        format!("{message}\n{printed}")
    };
    TestRecord {
        printed_bytes: run.stdout.total_bytes + run.stderr.total_bytes,
        ..record(outcome, message, run.elapsed)
    }
}

/// What the test printed, capped, for its failure message.
fn printed(run: &process::Run) -> String {
    let mut parts = Vec::new();
    for (stream, captured) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        let text = captured.text.trim_end();
        if !text.is_empty() {
            parts.push(format!(
                "your code printed ({stream}):\n{}",
                process::excerpt(text, captured.total_bytes, OUTPUT_SHOWN)
            ));
        }
    }
    parts.join("\n")
}

fn seconds(duration: Duration) -> String {
    let ms = duration.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", duration.as_secs_f64())
    }
}
