//! A [`Grade`] as a per-blank scorecard: text, JSON, CSV, JUnit XML, or
//! Gradescope's `results.json`.
//!
//! Every graded test is worth one point. Tests are grouped by the part of their
//! name before `::`: `blank_1_prune_check` is blank 1, `end_to_end` runs the
//! whole search. `score` is the sum over all groups, blanks and end-to-end.

use std::collections::BTreeMap;

use serde::Serialize;

use super::grader::{Grade, Status};
use super::results::{Outcome, TestRecord, blank_of, group_of, hint_command_of};

/// The output formats of `queens grade`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A scorecard for people.
    Text,
    /// Everything, as JSON.
    Json,
    /// One row per submission (the batch format).
    Csv,
    /// JUnit XML, one test suite per blank.
    Junit,
    /// Gradescope's `results.json`.
    Gradescope,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [Format; 5] = [
        Self::Text,
        Self::Json,
        Self::Csv,
        Self::Junit,
        Self::Gradescope,
    ];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Json => "json",
            Self::Csv => "csv",
            Self::Junit => "junit",
            Self::Gradescope => "gradescope",
        }
    }

    /// What the format is, in one line.
    pub const fn summary(self) -> &'static str {
        match self {
            Self::Text => "A scorecard for people",
            Self::Json => "Everything, as JSON",
            Self::Csv => "One row per submission (the batch format)",
            Self::Junit => "JUnit XML, one test suite per blank",
            Self::Gradescope => "Gradescope's `results.json`",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| format!("unknown format '{name}'"))
    }
}

/// One test on the scorecard.
#[derive(Debug, Clone, Serialize)]
pub struct TestScore {
    /// The test's name within its group.
    pub name: String,
    /// The full name (`blank_1_prune_check::empty_sets_attack_nothing`).
    pub full_name: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Whether it passed.
    pub passed: bool,
    /// Points earned: 1 or 0.
    pub score: u32,
    /// Points possible: 1.
    pub max_score: u32,
    /// Why it failed (empty when it passed).
    pub message: String,
    /// Wall-clock time of its process.
    pub elapsed_ms: u64,
}

/// One group of tests: a blank, or the end-to-end tests.
#[derive(Debug, Clone, Serialize)]
pub struct GroupScore {
    /// The blank's number; `None` for end-to-end and other groups.
    pub id: Option<u32>,
    /// The group's name (`blank_1_prune_check`, `end_to_end`).
    pub group: String,
    /// For people: `prune check`, `end to end`.
    pub title: String,
    /// Points earned.
    pub score: u32,
    /// Points possible.
    pub max_score: u32,
    /// The command that prints this blank's hints.
    pub hint: String,
    /// Its tests, in order.
    pub tests: Vec<TestScore>,
}

impl GroupScore {
    /// The first failed test, if any.
    pub fn first_failure(&self) -> Option<&TestScore> {
        self.tests.iter().find(|t| !t.passed)
    }
}

/// The groups of `tests`, in order of first appearance.
pub fn groups(tests: &[TestRecord]) -> Vec<GroupScore> {
    let mut groups: Vec<GroupScore> = Vec::new();
    for record in tests {
        let group = group_of(&record.name);
        let index = match groups.iter().position(|g| g.group == group) {
            Some(index) => index,
            None => {
                let id = blank_of(group);
                let title = match id {
                    Some(id) => group
                        .strip_prefix("sudoku_")
                        .unwrap_or(group)
                        .strip_prefix(&format!("blank_{id}_"))
                        .unwrap_or(group)
                        .replace('_', " "),
                    None => group.replace('_', " "),
                };
                groups.push(GroupScore {
                    id,
                    group: group.to_owned(),
                    title,
                    score: 0,
                    max_score: 0,
                    hint: hint_command_of(group),
                    tests: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let passed = record.outcome.passed();
        let score = u32::from(passed);
        let entry = &mut groups[index];
        entry.score += score;
        entry.max_score += 1;
        entry.tests.push(TestScore {
            name: record
                .name
                .split_once("::")
                .map_or(record.name.as_str(), |(_, name)| name)
                .to_owned(),
            full_name: record.name.clone(),
            outcome: record.outcome,
            passed,
            score,
            max_score: 1,
            message: record.message.clone(),
            elapsed_ms: record.elapsed_ms,
        });
    }
    groups
}

/// A test that printed more than this is reported as flooding its output.
const FLOOD_BYTES: u64 = 1024 * 1024;

/// Abnormal endings, counted: `[("timed-out", 8), ("printed-megabytes", 1)]`;
/// limits hit (`out-of-memory`, `too-many-processes`, `cpu-time`,
/// `file-too-large`), processes left running (`left-running`) and, for a
/// submission whose tests ran, tests that never ran (`not-run`).
pub fn problems(grade: &Grade) -> Vec<(&'static str, usize)> {
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let tests_ran = matches!(grade.status, Status::Graded | Status::TimedOut);
    for record in &grade.tests {
        let limit_hit = record
            .problems
            .iter()
            .any(|p| !p.starts_with("left-running"));
        let problem = match record.outcome {
            Outcome::TimedOut => Some("timed-out"),
            Outcome::StackOverflow => Some("stack-overflow"),
            Outcome::Exited => Some("exited"),
            // A limit names the crash better.
            Outcome::Crashed if !limit_hit => Some("crashed"),
            Outcome::HarnessError => Some("harness-error"),
            Outcome::Panicked if !limit_hit => Some("panicked"),
            Outcome::NotRun if tests_ran => Some("not-run"),
            _ => None,
        };
        if let Some(problem) = problem {
            *counts.entry(problem).or_default() += 1;
        }
        for problem in &record.problems {
            let name = match problem.split(':').next().unwrap_or_default() {
                "out-of-memory" => "out-of-memory",
                "too-many-processes" => "too-many-processes",
                "cpu-time" => "cpu-time",
                "file-too-large" => "file-too-large",
                "left-running" => "left-running",
                _ => "other-limit",
            };
            *counts.entry(name).or_default() += 1;
        }
        if record.printed_bytes > FLOOD_BYTES {
            *counts.entry("printed-megabytes").or_default() += 1;
        }
    }
    counts.into_iter().collect()
}

/// A problem in words, for the text scorecard.
fn describe_problem(problem: &str, count: usize) -> String {
    let tests = if count == 1 { "test" } else { "tests" };
    match problem {
        "timed-out" => format!("{count} {tests} ran past the time limit: an endless loop?"),
        "stack-overflow" => {
            format!("{count} {tests} overflowed the stack: a recursion that never stops?")
        }
        "exited" => format!("{count} {tests} ended the process early: std::process::exit?"),
        "crashed" => format!("{count} {tests} crashed"),
        "panicked" => format!("{count} {tests} panicked (beyond a todo!())"),
        "printed-megabytes" => format!("{count} {tests} printed over a megabyte (output capped)"),
        "out-of-memory" => format!("{count} {tests} ran out of memory (the limit per test)"),
        "too-many-processes" => format!("{count} {tests} started too many processes"),
        "cpu-time" => format!("{count} {tests} used up their CPU time"),
        "file-too-large" => format!("{count} {tests} wrote a file past the size limit"),
        "left-running" => {
            format!("{count} {tests} left processes running (killed after the test)")
        }
        "not-run" => format!("{count} {tests} never ran: the submission's time ran out"),
        other => format!("{count} {tests}: {other}"),
    }
}

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
    /// Points earned, over all groups.
    pub score: u32,
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
    /// What the grader ignored (edited tests…).
    pub notes: &'a [String],
    /// The compiler's errors, if it did not compile.
    pub compile_errors: &'a str,
    /// Wall-clock time for the submission.
    pub elapsed_ms: u64,
}

/// Builds the JSON report.
pub fn json(grade: &Grade) -> JsonReport<'_> {
    let mut blanks = Vec::new();
    let mut end_to_end = None;
    let mut other = Vec::new();
    for group in groups(&grade.tests) {
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
        score,
        max_score,
        blanks,
        end_to_end,
        other,
        problems: problems(grade).into_iter().collect(),
        notes: &grade.notes,
        compile_errors: &grade.compile_errors,
        elapsed_ms: u64::try_from(grade.elapsed.as_millis()).unwrap_or(u64::MAX),
    }
}

/// Points earned and possible.
pub fn totals(grade: &Grade) -> (u32, u32) {
    let passed = grade.tests.iter().filter(|t| t.outcome.passed()).count();
    (
        u32::try_from(passed).unwrap_or(u32::MAX),
        u32::try_from(grade.tests.len()).unwrap_or(u32::MAX),
    )
}

/// The scorecard for people.
pub fn text(grade: &Grade) -> String {
    let mut out = String::new();
    let source = grade
        .source
        .as_ref()
        .map_or_else(|| grade.submission.clone(), |p| p.display().to_string());
    out.push_str(&format!("Grading {source} with the instructor's tests\n"));
    for note in &grade.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    match grade.status {
        Status::Graded => {}
        Status::CompileError => {
            out.push_str("\nYour code does not compile, so no test could run:\n");
            out.push_str(&indent(&grade.compile_errors, "  "));
            out.push('\n');
        }
        _ => out.push_str(&format!("\n{}: {}\n", grade.status.name(), grade.detail)),
    }
    for group in groups(&grade.tests) {
        let heading = match group.id {
            Some(id) => format!("blank {id}: {}", group.title),
            None => group.title.clone(),
        };
        out.push_str(&format!(
            "\n{heading:<40} {:>3} / {}\n",
            group.score, group.max_score
        ));
        if grade.status == Status::CompileError {
            continue;
        }
        for test in &group.tests {
            let mark = if test.passed { "ok  " } else { "FAIL" };
            out.push_str(&format!("  {mark}  {}\n", test.name));
        }
        if let Some(failure) = group.first_failure() {
            out.push_str(&format!("  first failure ({}):\n", failure.name));
            let message: String = failure
                .message
                .lines()
                .filter(|line| !line.starts_with("hint: "))
                .collect::<Vec<_>>()
                .join("\n");
            out.push_str(&indent(&process_excerpt(&message), "    "));
            out.push_str(&format!("\n  hint: {}\n", group.hint));
        }
    }
    let problems = problems(grade);
    if !problems.is_empty() {
        out.push('\n');
        for (problem, count) in problems {
            out.push_str(&format!("warning: {}\n", describe_problem(problem, count)));
        }
    }
    let (score, max_score) = totals(grade);
    out.push_str(&format!(
        "\nscore {score} / {max_score}  ({}, {:.1} s)\n",
        grade.status.name(),
        grade.elapsed.as_secs_f64()
    ));
    out
}

fn process_excerpt(text: &str) -> String {
    super::process::excerpt(text, text.len() as u64, 1500)
}

fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|line| format!("{prefix}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The CSV columns for submissions graded against `tests` (the handout's
/// test list): one column of points per group.
#[derive(Debug, Clone)]
pub struct CsvLayout {
    groups: Vec<(String, u32)>,
}

impl CsvLayout {
    /// The layout of the groups in `tests`.
    pub fn new(tests: &[TestRecord]) -> Self {
        Self {
            groups: groups(tests)
                .into_iter()
                .map(|g| (g.group, g.max_score))
                .collect(),
        }
    }

    /// The header row.
    pub fn header(&self) -> Vec<String> {
        let mut header = vec!["id".to_owned()];
        header.extend(self.groups.iter().map(|(group, _)| column_name(group)));
        header.extend(
            [
                "total", "max", "status", "problems", "notes", "detail", "seconds",
            ]
            .map(str::to_owned),
        );
        header
    }

    /// The row of one grade.
    pub fn row(&self, grade: &Grade) -> Vec<String> {
        let scored = groups(&grade.tests);
        let mut row = vec![grade.submission.clone()];
        for (group, _) in &self.groups {
            let score = scored
                .iter()
                .find(|g| &g.group == group)
                .map_or(0, |g| g.score);
            row.push(score.to_string());
        }
        let (score, _) = totals(grade);
        let max: u32 = self.groups.iter().map(|(_, max)| max).sum();
        let detail = if grade.detail.is_empty() {
            scored
                .iter()
                .find_map(GroupScore::first_failure)
                .map(|t| {
                    format!(
                        "{}: {}",
                        t.full_name,
                        t.message.lines().next().unwrap_or("")
                    )
                })
                .unwrap_or_default()
        } else {
            grade.detail.clone()
        };
        row.push(score.to_string());
        row.push(max.to_string());
        row.push(grade.status.name().to_owned());
        row.push(
            problems(grade)
                .iter()
                .map(|(problem, count)| format!("{problem}:{count}"))
                .collect::<Vec<_>>()
                .join("; "),
        );
        row.push(grade.notes.join("; "));
        row.push(detail);
        row.push(format!("{:.1}", grade.elapsed.as_secs_f64()));
        row
    }
}

/// `blank_1` for `blank_1_prune_check`; other groups keep their name.
fn column_name(group: &str) -> String {
    match blank_of(group) {
        Some(id) => format!("blank_{id}"),
        None => group.to_owned(),
    }
}

/// One grade as CSV: the header and one row.
pub fn csv(grade: &Grade) -> Result<String, csv::Error> {
    let layout = CsvLayout::new(&grade.tests);
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(layout.header())?;
    writer.write_record(layout.row(grade))?;
    let bytes = writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The grade as JUnit XML: one test suite per group.
pub fn junit(grade: &Grade) -> Result<String, quick_junit::SerializeError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    let mut report = Report::new(format!("queens grade {}", grade.submission));
    report.set_time(grade.elapsed);
    for group in groups(&grade.tests) {
        let mut suite = TestSuite::new(group.group.clone());
        for test in &group.tests {
            let status = if test.passed {
                TestCaseStatus::success()
            } else {
                let kind = if test.outcome.is_abnormal() {
                    NonSuccessKind::Error
                } else {
                    NonSuccessKind::Failure
                };
                let mut status = TestCaseStatus::non_success(kind);
                status
                    .set_message(test.message.lines().next().unwrap_or_default())
                    .set_type(test.outcome.name())
                    .set_description(test.message.clone());
                status
            };
            let mut case = TestCase::new(test.name.clone(), status);
            case.set_classname(group.group.clone())
                .set_time(std::time::Duration::from_millis(test.elapsed_ms));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report.to_string()
}

/// Gradescope's `results.json` (its autograder specification).
#[derive(Debug, Clone, Serialize)]
pub struct Gradescope {
    /// Points earned.
    pub score: u32,
    /// Wall-clock seconds.
    pub execution_time: f64,
    /// Shown above the tests: the status and the notes.
    pub output: String,
    /// One entry per graded test.
    pub tests: Vec<GradescopeTest>,
}

/// One test in Gradescope's format.
#[derive(Debug, Clone, Serialize)]
pub struct GradescopeTest {
    /// `blank 1: prune check — empty_sets_attack_nothing`.
    pub name: String,
    /// `1.1`: group, then test.
    pub number: String,
    /// Points earned.
    pub score: u32,
    /// Points possible.
    pub max_score: u32,
    /// `passed` or `failed`.
    pub status: &'static str,
    /// The failure message.
    pub output: String,
    /// Always `visible`: the students see their tests.
    pub visibility: &'static str,
}

/// Builds Gradescope's `results.json`.
pub fn gradescope(grade: &Grade) -> Gradescope {
    let mut tests = Vec::new();
    for (g, group) in groups(&grade.tests).into_iter().enumerate() {
        let heading = match group.id {
            Some(id) => format!("blank {id}: {}", group.title),
            None => group.title.clone(),
        };
        for (t, test) in group.tests.into_iter().enumerate() {
            tests.push(GradescopeTest {
                name: format!("{heading} — {}", test.name),
                number: format!("{}.{}", g + 1, t + 1),
                score: test.score,
                max_score: test.max_score,
                status: if test.passed { "passed" } else { "failed" },
                output: test.message,
                visibility: "visible",
            });
        }
    }
    let mut output = vec![format!("status: {}", grade.status.name())];
    if !grade.detail.is_empty() {
        output.push(grade.detail.clone());
    }
    output.extend(grade.notes.iter().cloned());
    if !grade.compile_errors.is_empty() {
        output.push(grade.compile_errors.clone());
    }
    Gradescope {
        score: totals(grade).0,
        execution_time: grade.elapsed.as_secs_f64(),
        output: output.join("\n"),
        tests,
    }
}
