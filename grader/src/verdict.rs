//! Verdicts: a test's answers judged against the reference, and how its
//! process ended, in the student's terms.
//!
//! This runs only where no student code does: in the harness's parent
//! process (`cargo test -p exercises`) and in the grader (`queens grade`).
//! Each answer the test process wrote is compared with the reference's
//! answer to the same question ([`crate::reference`]); a difference is
//! explained by the homework's explainer, else in general terms ([`judge`]).

use std::time::Duration;

use crate::explanation::{Difference, Explanation, generic};
use crate::homework::{Homework, Judging};
use crate::results::{Outcome, blank_of, group_of};
use crate::wire::Line;

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
) -> (Outcome, Explanation) {
    let checks = match checks_of(homework, name) {
        Ok(checks) if !checks.is_empty() => checks,
        Ok(_) => {
            return (
                Outcome::HarnessError,
                Explanation::text(format!("no graded test of {homework} is named {name}")),
            );
        }
        Err(why) => return (Outcome::HarnessError, Explanation::text(why)),
    };
    let mut answered = 0;
    for line in lines {
        match line {
            Line::Answer(answer) => {
                let Some(check) = checks.get(answered) else {
                    break;
                };
                if let Err(explanation) = check(answer) {
                    return (Outcome::Failed, explanation);
                }
                answered += 1;
            }
            Line::Panicked(message) => {
                if message.starts_with("not yet implemented") {
                    return (Outcome::NotImplemented, Explanation::text(message.clone()));
                }
                let explained: String = homework
                    .explanations
                    .iter()
                    .filter(|(pattern, _)| message.contains(pattern))
                    .map(|(_, explanation)| format!("\n{explanation}"))
                    .collect();
                return (
                    Outcome::Panicked,
                    Explanation::text(format!("your code panicked: {message}{explained}")),
                );
            }
            Line::LeftRunning(_) => {}
        }
    }
    let (outcome, message) = ended_early(name, answered, checks.len(), ending, timeout);
    (outcome, Explanation::text(message))
}

/// One answer's check: `Err` explains what is wrong.
type AnswerCheck<'a> = Box<dyn Fn(&serde_json::Value) -> Result<(), Explanation> + 'a>;

/// The checks of test `name`, one per question, against the reference's
/// answers. `Err` is a grader problem (the reference's answers out of date
/// or unreadable).
fn checks_of<'a>(homework: &'a Homework, name: &str) -> Result<Vec<AnswerCheck<'a>>, String> {
    let Judging {
        questions,
        answers,
        explain,
    } = homework.judging;
    let Some(test) = homework.test(name) else {
        return Ok(Vec::new());
    };
    let questions = questions(name);
    let answers = crate::reference::built_in(homework.name, answers)?;
    let expected: Vec<serde_json::Value> =
        answers.of(name, &questions)?.into_iter().cloned().collect();
    Ok(questions
        .into_iter()
        .zip(expected)
        .enumerate()
        .map(|(index, (question, reference))| {
            Box::new(move |yours: &serde_json::Value| {
                if *yours == reference {
                    return Ok(());
                }
                let difference = Difference {
                    test: test.name,
                    rule: test.rule,
                    index,
                    question: &question,
                    reference: &reference,
                    yours,
                };
                Err(explain(&difference).unwrap_or_else(|| generic(&difference)))
            }) as AnswerCheck<'a>
        })
        .collect())
}

/// Why a test whose answers were all right so far did not pass: it passed
/// when every question was answered, else its process ended first.
fn ended_early(
    name: &str,
    answered: usize,
    questions: usize,
    ending: &Ending,
    timeout: Duration,
) -> (Outcome, String) {
    if answered >= questions {
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
        "out-of-memory" => "your code ran out of memory (the test may use 1 GiB, less where \
                            the grading machine has less): a collection that grows without end?"
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
