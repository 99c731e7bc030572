//! Verdicts: a test's answers judged against the reference, and how its
//! process ended, in the student's terms.
//!
//! This runs only where no student code does: in the harness's parent
//! process (`cargo test -p exercises`) and in the grader (`queens grade`).
//! A homework gives one [`Check`] per question (the question the test
//! process is asked and how its typed answer is judged); [`verdicts`] turns
//! them into the untyped [`Verdict`]s the core applies to the report's lines
//! ([`judge`]).

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::homework::Homework;
use crate::results::{Outcome, blank_of, group_of};
use crate::wire::Line;

pub use crate::homework::Verdict;

/// How one typed answer is judged: `Err` is the student's message.
type Judge<A> = Box<dyn Fn(&A) -> Result<(), String>>;

/// One question of a homework and how to judge its answer.
pub struct Check<Q, A> {
    /// What the test process is asked.
    pub question: Q,
    judge: Judge<A>,
}

impl<Q, A> Check<Q, A> {
    /// `question`, judged by `judge`.
    pub fn new(question: Q, judge: impl Fn(&A) -> Result<(), String> + 'static) -> Self {
        Self {
            question,
            judge: Box::new(judge),
        }
    }

    /// The student's answer, compared with the reference.
    pub fn judge(&self, answer: &A) -> Result<(), String> {
        (self.judge)(answer)
    }
}

/// The questions of `checks`, in order (what the test process is asked).
pub fn questions<Q, A>(checks: Vec<Check<Q, A>>) -> Vec<Q> {
    checks.into_iter().map(|check| check.question).collect()
}

/// The verdicts of `checks`: each answer read back into `A` (an answer of
/// another shape is a wrong answer, never a pass) and judged.
pub fn verdicts<Q: 'static, A: DeserializeOwned + 'static>(
    checks: Vec<Check<Q, A>>,
) -> Vec<Verdict> {
    checks
        .into_iter()
        .map(|check| {
            Box::new(move |value: &serde_json::Value| {
                match serde_json::from_value::<A>(value.clone()) {
                    Ok(answer) => check.judge(&answer),
                    Err(_) => Err(format!(
                        "the test process gave an answer of the wrong kind: {value}"
                    )),
                }
            }) as Verdict
        })
        .collect()
}

/// How a test's process ended, as far as the verdict cares: what the grader
/// saw of the process, never what it printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// It ended on its own (whatever its exit status).
    Ended,
    /// It was killed at the per-test timeout.
    TimedOut,
    /// It was killed at the per-test timeout after printing this many bytes
    /// (more than [`PRINTING_BYTES`]): the printing is named, not a loop.
    TimedOutPrinting(u64),
    /// It printed more than its output budget (this many bytes) and was
    /// stopped there.
    TooMuchOutput(u64),
    /// It overflowed its stack.
    StackOverflow,
    /// It hit a resource limit (`out-of-memory`, `too-many-processes`, …).
    Limit(&'static str),
    /// It was killed by this signal.
    Signal(i32),
    /// It exited with this code before answering everything.
    Exited(String),
}

/// The verdict on test `name` of `homework` from the report `lines` its
/// process wrote and how that process ended: the outcome and the student's
/// message.
pub fn judge(
    homework: &Homework,
    name: &str,
    lines: &[Line],
    ending: &Ending,
    timeout: Duration,
) -> (Outcome, String) {
    let checks = (homework.verdicts)(name);
    if checks.is_empty() {
        return (
            Outcome::HarnessError,
            format!("no graded test of {homework} is named {name}"),
        );
    }
    let mut answered = 0;
    for line in lines {
        match line {
            Line::Answer(answer) => {
                let Some(check) = checks.get(answered) else {
                    break;
                };
                if let Err(message) = check(answer) {
                    return (Outcome::Failed, message);
                }
                answered += 1;
            }
            Line::Panicked(message) => {
                if message.starts_with("not yet implemented") {
                    return (Outcome::NotImplemented, message.clone());
                }
                let explained: String = homework
                    .explanations
                    .iter()
                    .filter(|(pattern, _)| message.contains(pattern))
                    .map(|(_, explanation)| format!("\n{explanation}"))
                    .collect();
                return (
                    Outcome::Panicked,
                    format!("your code panicked: {message}{explained}"),
                );
            }
            Line::LeftRunning(_) => {}
        }
    }
    if answered >= checks.len() {
        return (Outcome::Passed, String::new());
    }
    let in_blank =
        blank_of(group_of(name)).map_or("one of the blanks".to_owned(), |id| format!("blank {id}"));
    match ending {
        Ending::TimedOut => (
            Outcome::TimedOut,
            format!(
                "your code ran for more than {} — an infinite loop in {in_blank}?",
                seconds(timeout)
            ),
        ),
        Ending::TimedOutPrinting(bytes) => (
            Outcome::TimedOut,
            format!(
                "your code printed {} and ran for more than {}: printing that much takes \
                 time — take out the println!/dbg! calls in {in_blank} (or does it print in \
                 an endless loop?)",
                size(*bytes),
                seconds(timeout)
            ),
        ),
        Ending::TooMuchOutput(bytes) => (
            Outcome::Crashed,
            format!(
                "your code printed more than {} and was stopped there — take out the \
                 println!/dbg! calls in {in_blank} (or does it print in an endless loop?)",
                size(*bytes)
            ),
        ),
        Ending::StackOverflow => (
            Outcome::StackOverflow,
            "stack overflow — does your recursion stop? (a method that calls itself forever?)"
                .to_owned(),
        ),
        Ending::Limit(limit) => (Outcome::Crashed, limit_message(limit)),
        Ending::Signal(signal) => (
            Outcome::Crashed,
            format!("the test process was killed by signal {signal}"),
        ),
        Ending::Exited(status) => (
            Outcome::Exited,
            format!(
                "the test process ended before the test finished ({status}) — does your code \
                 call std::process::exit?"
            ),
        ),
        Ending::Ended => (
            Outcome::Exited,
            "the test process ended before the test finished — does your code call \
             std::process::exit?"
                .to_owned(),
        ),
    }
}

/// A resource limit in the student's words.
pub fn limit_message(limit: &str) -> String {
    match limit {
        "out-of-memory" => "your code ran out of memory (the test may use 1 GiB): a collection \
                            that grows without end?"
            .to_owned(),
        "too-many-processes" => {
            "your code started too many processes or threads (the test may start a few)".to_owned()
        }
        "cpu-time" => "your code used more than its CPU time: an infinite loop?".to_owned(),
        "file-too-large" => "your code wrote a file larger than the test allows".to_owned(),
        other => format!("your code hit a limit: {other}"),
    }
}

/// A test that printed more than this is said to print a lot: its timeout is
/// put down to its printing.
pub const PRINTING_BYTES: u64 = 1_000_000;

/// `450 MB`, `1.2 MB`, `900 kB`, `12 bytes` (decimal units, as a student's
/// file manager shows them).
pub fn size(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{} kB", bytes / 1_000),
        1_000_000..10_000_000 => format!("{:.1} MB", bytes as f64 / 1e6),
        10_000_000..1_000_000_000 => format!("{} MB", bytes / 1_000_000),
        _ => format!("{:.1} GB", bytes as f64 / 1e9),
    }
}

/// `5 s`, `0.5 s`.
pub fn seconds(duration: Duration) -> String {
    let ms = duration.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", duration.as_secs_f64())
    }
}

/// A sorted set as a student writes it: `{-3, 0, 2}`.
pub fn show_set<T: std::fmt::Debug>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(|item| format!("{item:?}")).collect();
    format!("{{{}}}", items.join(", "))
}
