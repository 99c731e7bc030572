//! What a student's feedback page says, before it is Markdown or HTML: per
//! blank the score, the first failure in the homework's own words, the next
//! hint; compile errors with the student's lines; code-quality notes.

use crate::fingerprint::BlankCode;
use crate::grader::{Grade, Status};
use crate::homework::Squares;
use crate::markers::Blank;
use crate::report::{scored_groups, totals};

/// One student's feedback, ready to render.
#[derive(Debug, Clone)]
pub struct Page {
    /// The submission's id (its folder's name).
    pub id: String,
    /// The homework's name and title.
    pub homework: String,
    /// How its boards are drawn.
    pub squares: Squares,
    /// Points earned and possible.
    pub score: (u32, u32),
    /// `graded`, `compile-error`, …
    pub status: String,
    /// Why it was not simply graded (one line), else empty.
    pub detail: String,
    /// What the grader noticed (ignored files, edited tests).
    pub notes: Vec<String>,
    /// Abnormal endings in words ("2 tests ran past the time limit").
    pub warnings: Vec<String>,
    /// The compiler's errors, pointed at the student's file; empty when it compiled.
    pub compile_errors: String,
    /// The student's lines the compiler's errors point at: (line, its text).
    pub error_lines: Vec<(usize, String)>,
    /// One section per blank, then end-to-end.
    pub sections: Vec<Section>,
    /// Clippy's notes inside the student's blanks, never scored.
    pub quality: Vec<String>,
    /// What the grader observed of each test, one line each: only when
    /// `queens.toml` sets `[feedback] show_observations` (else empty; the
    /// instructor's log has it).
    pub observations: Vec<String>,
}

/// One group of tests on the page.
#[derive(Debug, Clone)]
pub struct Section {
    /// `Blank 2: insert`, `End to end`.
    pub heading: String,
    /// Points earned and possible.
    pub score: (u32, u32),
    /// Tests passed, by name.
    pub passed: Vec<String>,
    /// Tests failed, by name.
    pub failed: Vec<String>,
    /// The first failed test and its message, in the homework's words.
    pub first_failure: Option<(String, String)>,
    /// That message's parts, when it draws a board or a mask (else the
    /// message is prose, or a homework's text that draws its boards as rows).
    pub first_failure_parts: Vec<crate::explanation::Part>,
    /// The blank's first hint, when it has failures.
    pub hint: Option<String>,
    /// The command that prints the next hints.
    pub hint_command: String,
    /// No test of it ran (the code does not compile).
    pub not_run: bool,
}

/// What a page says instead of a score when the grader could not grade.
pub const NOT_GRADED: &str = "the grader could not grade this submission (its own problem, not your code); \
     it will be graded again";

impl Page {
    /// Whether the page has a score (not when the grader could not grade).
    pub fn scored(&self) -> bool {
        Status::from_name(&self.status).is_none_or(Status::scored)
    }

    /// The page of `grade`; `source` is the submission's file when it was
    /// read, `quality` clippy's notes in its blanks.
    pub fn new(grade: &Grade, source: Option<&str>, quality: Vec<String>) -> Self {
        let hints: Vec<Blank> =
            serde_json::from_str(grade.homework.files.hints).unwrap_or_default();
        let compiled = grade.status != Status::CompileError;
        let sections = scored_groups(grade)
            .into_iter()
            .map(|group| {
                let heading = match group.id {
                    Some(id) => format!("Blank {id}: {}", group.title),
                    None => capitalised(&group.title),
                };
                let (passed, failed) = group.tests.iter().partition::<Vec<_>, _>(|t| t.passed);
                let failing = group.first_failure().filter(|_| compiled);
                let first_failure =
                    failing.map(|t| (t.name.clone(), without_hint_lines(&t.message)));
                let first_failure_parts = failing.map(|t| t.parts.clone()).unwrap_or_default();
                let hint = group
                    .id
                    .filter(|_| compiled && !failed.is_empty())
                    .and_then(|id| hints.iter().find(|b| b.id == id))
                    .and_then(|blank| blank.hints.first().cloned());
                Section {
                    heading,
                    score: (group.score, group.max_score),
                    passed: passed.iter().map(|t| t.name.clone()).collect(),
                    failed: failed.iter().map(|t| t.name.clone()).collect(),
                    first_failure,
                    first_failure_parts,
                    hint,
                    hint_command: group.hint.clone(),
                    not_run: !compiled,
                }
            })
            .collect();
        let error_lines = match (source, &grade.source) {
            (Some(code), Some(path)) if !compiled => {
                lines_pointed_at(&grade.compile_errors, &path.display().to_string(), code)
            }
            _ => Vec::new(),
        };
        Self {
            id: grade.submission.clone(),
            homework: format!("{}: {}", grade.homework.name, grade.homework.title),
            squares: grade.homework.squares,
            score: totals(grade),
            status: grade.status.name().to_owned(),
            detail: grade.detail.clone(),
            notes: grade.notes.clone(),
            warnings: crate::report::warnings(grade),
            compile_errors: grade.compile_errors.clone(),
            error_lines,
            sections,
            quality,
            observations: if grade.scheme.show_observations {
                super::observations::summary(grade)
            } else {
                Vec::new()
            },
        }
    }
}

/// A message without its `hint: cargo run -- hint 2` lines (the page says
/// the hint command once per blank).
fn without_hint_lines(message: &str) -> String {
    message
        .lines()
        .filter(|line| !line.starts_with("hint: "))
        .collect::<Vec<_>>()
        .join("\n")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The lines of `code` that rustc's `--> path:line:col` locations in
/// `errors` point at, each once, in order.
fn lines_pointed_at(errors: &str, path: &str, code: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut found: Vec<(usize, String)> = Vec::new();
    for line in errors.lines() {
        let Some(at) = line.trim_start().strip_prefix("--> ") else {
            continue;
        };
        let Some(rest) = at.strip_prefix(path).and_then(|r| r.strip_prefix(':')) else {
            continue;
        };
        let Some(number) = rest.split(':').next().and_then(|n| n.parse::<usize>().ok()) else {
            continue;
        };
        if let Some(text) = lines.get(number.wrapping_sub(1))
            && !found.iter().any(|(n, _)| *n == number)
        {
            found.push((number, (*text).to_owned()));
        }
    }
    found
}

/// The blank a line of the student's file is in, if any.
pub fn blank_at(blanks: &[BlankCode], line: usize) -> Option<u32> {
    blanks
        .iter()
        .find(|b| b.start_line < line && line < b.end_line)
        .map(|b| b.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compile_errors_name_the_students_lines() {
        let errors = "error[E0308]: mismatched types\n  --> hand-ins/ada/src/lib.rs:2:5\n   |\n\
                      error: again\n --> hand-ins/ada/src/lib.rs:2:9\n --> /rust/std/lib.rs:1:1";
        let code = "fn f() -> u8 {\n    \"no\"\n}\n";
        assert_eq!(
            lines_pointed_at(errors, "hand-ins/ada/src/lib.rs", code),
            vec![(2, "    \"no\"".to_owned())]
        );
    }
}
