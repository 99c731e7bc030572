//! The whole grade as JSON (`--format json`).

use super::score::*;
use crate::grader::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole grade as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct JsonReport<'a> {
    /// Who or what was graded.
    pub submission: &'a str,
    /// The graded file.
    pub source: Option<String>,
    /// How grading went.
    pub status: Status,
    /// Why, in one line.
    pub detail: &'a str,
    /// Points earned, over all groups; `null` when the grader could not
    /// grade (`grader-error`).
    pub score: Option<u32>,
    /// Points possible.
    pub max_score: u32,
    /// One entry per blank.
    pub blanks: Vec<GroupScore>,
    /// The end-to-end tests.
    pub end_to_end: Option<GroupScore>,
    /// Any other group of tests.
    pub other: Vec<GroupScore>,
    /// Abnormal endings, counted by kind.
    pub problems: BTreeMap<&'static str, usize>,
    /// What the containment stopped or saw ([`FLAGS`]).
    pub flags: Vec<&'static str>,
    /// What the grader observed of each test's process, in the harness's
    /// order: for the instructor.
    pub observed: Vec<ObservedTest<'a>>,
    /// What the grader ignored (edited tests…).
    pub notes: &'a [String],
    /// The compiler's errors, if it did not compile.
    pub compile_errors: &'a str,
    /// Wall-clock time for the submission.
    pub elapsed_ms: u64,
}

/// One test as the grader observed it.
#[derive(Debug, Clone, Serialize)]
pub struct ObservedTest<'a> {
    /// The test's full name.
    pub name: &'a str,
    /// Wall-clock time of its process, milliseconds.
    pub elapsed_ms: u64,
    /// Bytes it printed, stdout and stderr.
    pub printed_bytes: u64,
    /// Its labels (`out-of-memory`, `left-running: sleep`…).
    pub problems: &'a [String],
    /// Memory, processes, kept output, containment, files touched.
    #[serde(flatten)]
    pub observed: &'a crate::results::Observed,
}

/// Builds the JSON report.
pub fn json(grade: &Grade) -> JsonReport<'_> {
    let mut blanks = Vec::new();
    let mut end_to_end = None;
    let mut other = Vec::new();
    for group in scored_groups(grade) {
        if group.id.is_some() {
            blanks.push(group);
        } else if group.group == "end_to_end" {
            end_to_end = Some(group);
        } else {
            other.push(group);
        }
    }
    let (score, max_score) = totals(grade);
    JsonReport {
        submission: &grade.submission,
        source: grade.source.as_ref().map(|p| p.display().to_string()),
        status: grade.status,
        detail: &grade.detail,
        score: grade.scored().then_some(score),
        max_score,
        blanks,
        end_to_end,
        other,
        problems: problems(grade).into_iter().collect(),
        flags: flags(grade),
        observed: grade
            .tests
            .iter()
            .filter(|t| t.outcome != crate::results::Outcome::NotRun)
            .map(|t| ObservedTest {
                name: &t.name,
                elapsed_ms: t.elapsed_ms,
                printed_bytes: t.printed_bytes,
                problems: &t.problems,
                observed: &t.observed,
            })
            .collect(),
        notes: &grade.notes,
        compile_errors: &grade.compile_errors,
        elapsed_ms: u64::try_from(grade.elapsed.as_millis()).unwrap_or(u64::MAX),
    }
}
