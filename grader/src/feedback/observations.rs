//! What the grader observed of each test's process, in words: the
//! instructor's log of a submission (`DIR/instructor/<id>.txt`) and, only
//! when `queens.toml` sets `[feedback] show_observations`, a summary on the
//! student's page.
//!
//! Everything here was seen from outside the student's process: how long it
//! ran, the kernel's memory high-water mark, the processes counted, the bytes
//! it printed (and the start and end of them, kept), the limits it hit, what
//! was left running and killed, the files it left in or took from its home,
//! and how it was contained (bubblewrap or not, network or not). What the
//! process only tried and was refused (a write to a read-only folder, a
//! connection with no network to reach) leaves no trace outside it and is
//! not claimed.

use crate::grader::Grade;
use crate::report::{flags, totals};
use crate::results::{Outcome, TestRecord};
use crate::verdict::size;

/// One line per test that ran: its time, memory peak, processes, bytes
/// printed and labels.
pub fn summary(grade: &Grade) -> Vec<String> {
    ran(grade).map(test_line).collect()
}

/// The instructor's log of `grade`: its flags, then every test with what was
/// seen of it and the output it kept.
pub fn log(grade: &Grade) -> String {
    let (score, max) = totals(grade);
    let flags = flags(grade);
    let mut out = format!(
        "{}: {} ({}), {score} / {max}, {:.1} s\nflags: {}\n",
        grade.submission,
        grade.homework.name,
        grade.status.name(),
        grade.elapsed.as_secs_f64(),
        if flags.is_empty() {
            "none".to_owned()
        } else {
            flags.join(", ")
        },
    );
    if !grade.detail.is_empty() {
        out.push_str(&format!("detail: {}\n", grade.detail));
    }
    for note in &grade.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    if let Some(contained) = ran(grade)
        .map(|t| t.observed.containment.as_str())
        .find(|c| !c.is_empty())
    {
        out.push_str(&format!("contained: {contained}\n"));
    }
    for test in ran(grade) {
        out.push_str(&format!("\n== {}\n", test_line(test)));
        for file in &test.observed.files_touched {
            out.push_str(&format!("file: {file}\n"));
        }
        for (stream, text) in [
            ("stdout", &test.observed.stdout),
            ("stderr", &test.observed.stderr),
        ] {
            if !text.is_empty() {
                out.push_str(&format!("-- {stream}:\n{}\n", text.trim_end()));
            }
        }
    }
    out
}

/// The tests whose process ran.
fn ran(grade: &Grade) -> impl Iterator<Item = &TestRecord> {
    grade
        .tests
        .iter()
        .filter(|t| !matches!(t.outcome, Outcome::NotRun | Outcome::HarnessError))
}

/// `blank_1_prune_check::x: crashed in 2.1 s, memory 1.0 GB, 3 processes,
/// printed 120 bytes [out-of-memory]`.
fn test_line(test: &TestRecord) -> String {
    let labels = if test.problems.is_empty() {
        String::new()
    } else {
        format!(" [{}]", test.problems.join("; "))
    };
    format!(
        "{}: {} in {:.1} s, memory {}, {} processes and threads, printed {}{labels}",
        test.name,
        test.outcome.name().replace('_', " "),
        test.elapsed_ms as f64 / 1000.0,
        size(test.observed.peak_memory_bytes),
        test.observed.peak_tasks,
        size(test.printed_bytes),
    )
}
