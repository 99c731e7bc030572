//! What travels from a graded test's process to the grader: one JSON line per
//! answer, nothing that says "passed".
//!
//! The test process runs student code, so nothing it writes can be trusted to
//! judge. It only puts its homework's questions to the student's code and
//! writes down the answers ([`answer_each`]); the process that started it
//! (the harness's parent, or the grader, neither of which runs student code)
//! reads them back ([`read_lines`]) and judges them against the reference
//! ([`crate::verdict`]). Forging a pass then means giving the right answers.
//!
//! An answer is whatever its homework's answer type serialises to; the core
//! never looks inside it.

use std::io::Write;

use serde::{Deserialize, Serialize};

/// One line of a test process's report file (JSON lines).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// The answer to the next question, as its homework serialised it.
    Answer(serde_json::Value),
    /// The student's code panicked; no more answers follow.
    Panicked(String),
    /// Processes still running when the test's questions were answered (by
    /// command name): they are killed with the test, and noted.
    LeftRunning(Vec<String>),
}

/// Answers `questions` one by one with `ask`, writing each answer to `out` as
/// a JSON line as soon as it is known (so an answer given before a later loop
/// or crash still counts). A panic is written as the last line and ends the
/// answers; its text comes from `panic_message` (the caller's hook).
pub fn answer_each<Q: std::panic::RefUnwindSafe, A: Serialize>(
    questions: &[Q],
    ask: impl Fn(&Q) -> A + std::panic::RefUnwindSafe,
    out: &mut dyn Write,
    panic_message: &dyn Fn() -> String,
) -> std::io::Result<()> {
    for question in questions {
        let line = match std::panic::catch_unwind(|| ask(question)) {
            Ok(answer) => {
                Line::Answer(serde_json::to_value(answer).map_err(std::io::Error::other)?)
            }
            Err(_) => Line::Panicked(panic_message()),
        };
        let stop = matches!(line, Line::Panicked(_));
        write_line(out, &line)?;
        if stop {
            break;
        }
    }
    Ok(())
}

/// Writes one report line and flushes it.
pub fn write_line(out: &mut dyn Write, line: &Line) -> std::io::Result<()> {
    let mut text = serde_json::to_string(line).map_err(std::io::Error::other)?;
    text.push('\n');
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Reads a report file's lines; anything that is not a report line is skipped.
pub fn read_lines(text: &str) -> Vec<Line> {
    text.lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_go_out_as_lines_and_come_back() {
        let mut out = Vec::new();
        answer_each(&[1u32, 2, 3], |q| q * 10, &mut out, &|| "boom".to_owned()).unwrap();
        let lines = read_lines(std::str::from_utf8(&out).unwrap());
        let expected: Vec<Line> = [10, 20, 30]
            .into_iter()
            .map(|n| Line::Answer(serde_json::json!(n)))
            .collect();
        assert_eq!(lines, expected);
    }

    #[test]
    fn a_panic_is_the_last_line() {
        let mut out = Vec::new();
        let ask = |q: &u32| {
            assert!(*q != 2, "two");
            *q
        };
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        answer_each(&[1u32, 2, 3], ask, &mut out, &|| "it panicked".to_owned()).unwrap();
        std::panic::set_hook(hook);
        let lines = read_lines(std::str::from_utf8(&out).unwrap());
        assert_eq!(
            lines,
            vec![
                Line::Answer(serde_json::json!(1)),
                Line::Panicked("it panicked".to_owned())
            ]
        );
    }
}
