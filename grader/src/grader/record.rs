//! The grade record: how grading a submission went, test by test.

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

use crate::homework::Homework;
use crate::results::{Outcome, TestRecord};
use crate::settings::Scheme;

/// How grading a submission went, as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The tests ran (each test's outcome says how it went).
    Graded,
    /// The submission does not compile.
    CompileError,
    /// Build and tests together ran past the submission's time limit.
    TimedOut,
    /// No `lib.rs` was found.
    NoSubmission,
    /// The grader itself could not grade (a required sandbox missing, the
    /// toolchain or the library's build failing, the scratch unwritable):
    /// never a score, the submission is graded again once the grader is fixed.
    GraderError,
    /// The submission was not graded: its `lib.rs` is not a small text file
    /// inside the submission (binary, too large, a link pointing outside).
    Rejected,
}

impl Status {
    /// Its name, as in JSON and CSV (`compile-error`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Graded => "graded",
            Self::CompileError => "compile-error",
            Self::TimedOut => "timed-out",
            Self::NoSubmission => "no-submission",
            Self::GraderError => "grader-error",
            Self::Rejected => "rejected",
        }
    }

    /// Whether the grader itself could not grade: no score anywhere (an
    /// empty cell, never a 0), the submission listed for a regrade, and a
    /// non-zero exit.
    pub fn is_grader_error(self) -> bool {
        self == Self::GraderError
    }

    /// Whether a grade with this status carries a score (every status but
    /// [`Status::GraderError`]: a submission that does not compile scores 0).
    pub fn scored(self) -> bool {
        !self.is_grader_error()
    }

    /// The status named `name` (`grader-error`), as [`Status::name`] spells it.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Self::Graded,
            Self::CompileError,
            Self::TimedOut,
            Self::NoSubmission,
            Self::GraderError,
            Self::Rejected,
        ]
        .into_iter()
        .find(|status| status.name() == name)
    }
}

/// One graded submission.
#[derive(Debug, Clone, Serialize)]
pub struct Grade {
    /// Who or what was graded (a folder name in a batch).
    pub submission: String,
    /// The homework it was graded as.
    pub homework: &'static Homework,
    /// The `lib.rs` that was graded.
    pub source: Option<PathBuf>,
    /// How it went as a whole.
    pub status: Status,
    /// One line saying why, unless it was simply graded.
    pub detail: String,
    /// Every graded test, in the harness's order.
    pub tests: Vec<TestRecord>,
    /// What the grader noticed: edited tests, ignored files.
    pub notes: Vec<String>,
    /// The compiler's errors (capped), for a submission that does not compile.
    pub compile_errors: String,
    /// Wall-clock time for the submission.
    pub elapsed: Duration,
    /// How its tests are scored (`queens.toml`'s points and visibility).
    #[serde(skip)]
    pub scheme: Scheme,
}

impl Grade {
    /// A grade of `id` in `scheme`, before anything is graded (status
    /// `graded`, no tests yet).
    pub fn new(id: &str, scheme: Scheme) -> Self {
        let homework = scheme.homework;
        Self {
            submission: id.to_owned(),
            homework,
            source: None,
            status: Status::Graded,
            detail: String::new(),
            tests: Vec::new(),
            notes: Vec::new(),
            compile_errors: String::new(),
            elapsed: Duration::ZERO,
            scheme,
        }
    }
}

impl Grade {
    /// Whether this grade carries a score: false when the grader itself could
    /// not grade ([`Status::is_grader_error`]).
    pub fn scored(&self) -> bool {
        self.status.scored()
    }

    /// Marks the grade as the grader's own failure (`why`): no test ran, no
    /// score, to be graded again once the grader is fixed.
    pub fn grader_error(&mut self, why: String) {
        self.status = Status::GraderError;
        self.detail = why;
        self.fill_not_run("the grader could not grade this submission: it will be graded again");
    }

    /// Takes the tests' records; a test the harness could not run or judge
    /// (an [`Outcome::HarnessError`]: a test without questions, the
    /// reference's answers out of date, a test process that could not start)
    /// makes the whole grade the grader's error, never a score.
    pub(super) fn take_tests(&mut self, records: Vec<TestRecord>) {
        let failed = records
            .iter()
            .find(|record| record.outcome == Outcome::HarnessError)
            .map(|record| format!("{}: {}", record.name, record.message));
        self.tests = records;
        if let Some(why) = failed {
            self.grader_error(why);
        }
    }

    /// Marks every test of the homework as not run (the submission never got
    /// that far), so the scorecard still shows what it was graded out of.
    pub(super) fn fill_not_run(&mut self, why: &str) {
        self.tests = self
            .homework
            .test_names()
            .map(|name| not_run(name, why))
            .collect();
    }
}

pub(super) fn not_run(name: &str, why: &str) -> TestRecord {
    TestRecord {
        parts: Vec::new(),
        name: name.to_owned(),
        outcome: Outcome::NotRun,
        message: why.to_owned(),
        elapsed_ms: 0,
        printed_bytes: 0,
        problems: Vec::new(),
        observed: crate::results::Observed::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A harness error in one test is the grader's: no score, the test named.
    #[test]
    fn a_harness_error_makes_the_grade_a_grader_error() {
        let homework = crate::homeworks::default();
        let mut grade = Grade::new("x", Scheme::one_point_each(homework));
        let mut records: Vec<TestRecord> = homework
            .test_names()
            .map(|name| TestRecord {
                outcome: Outcome::Passed,
                ..not_run(name, "")
            })
            .collect();
        grade.take_tests(records.clone());
        assert_eq!(grade.status, Status::Graded);
        records[1].outcome = Outcome::HarnessError;
        records[1].message = "grader error, not a grade: stale".to_owned();
        grade.take_tests(records);
        assert_eq!(grade.status, Status::GraderError);
        assert!(!grade.scored());
        let second = homework.tests[1].name;
        assert_eq!(
            grade.detail,
            format!("{second}: grader error, not a grade: stale")
        );
    }
}
