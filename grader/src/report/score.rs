//! What every format reports: the tests grouped by blank, each worth the
//! points `queens.toml` gives it (one by default: [`crate::settings`]), and
//! the problems seen, counted by kind.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::grader::{Grade, Status};
use crate::results::{Outcome, TestRecord, blank_of, group_of, hint_command_of};
use crate::settings::Scheme;

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
    /// Points earned: all of its points or 0.
    pub score: u32,
    /// Points possible (one unless `queens.toml` says otherwise).
    pub max_score: u32,
    /// Why it failed (empty when it passed).
    pub message: String,
    /// The message's parts, when it draws a board or a mask.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<crate::explanation::Part>,
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

/// The groups of a grade's tests, in the points of its [`Scheme`]: what
/// every report shows.
pub fn scored_groups(grade: &Grade) -> Vec<GroupScore> {
    scheme_groups(&grade.scheme, &grade.tests)
}

/// The groups of `tests`, scored by `scheme`.
pub fn scheme_groups(scheme: &Scheme, tests: &[TestRecord]) -> Vec<GroupScore> {
    let homework = scheme.homework;
    let mut groups: Vec<GroupScore> = Vec::new();
    for record in tests {
        let group = group_of(&record.name);
        let index = match groups.iter().position(|g| g.group == group) {
            Some(index) => index,
            None => {
                let id = blank_of(group);
                let title = match id {
                    Some(id) => group
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
                    hint: hint_command_of(homework, group),
                    tests: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let passed = record.outcome.passed();
        let max_score = scheme.points(&record.name);
        let score = if passed { max_score } else { 0 };
        let entry = &mut groups[index];
        entry.score += score;
        entry.max_score += max_score;
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
            max_score,
            message: record.message.clone(),
            parts: record.parts.clone(),
            elapsed_ms: record.elapsed_ms,
        });
    }
    groups
}

/// A test that printed more than this is reported as printing a lot.
const FLOOD_BYTES: u64 = crate::verdict::PRINTING_BYTES;

/// Abnormal endings, counted, one cause per test and kind:
/// `[("timed-out", 8), ("printed-megabytes", 1)]`; limits hit
/// (`out-of-memory`, `too-many-processes`, `cpu-time`, `file-too-large`,
/// `output-limit`), processes left running (`left-running`) and, for a
/// submission whose tests ran, tests that never ran (`not-run`). A test that
/// hit a limit or printed a lot counts under that cause, not under how it
/// ended (a hog stopped at its timeout is `out-of-memory`, not `timed-out`
/// as well).
pub fn problems(grade: &Grade) -> Vec<(&'static str, usize)> {
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let tests_ran = matches!(grade.status, Status::Graded | Status::TimedOut);
    for record in &grade.tests {
        let mut causes: Vec<&'static str> = record
            .problems
            .iter()
            .map(
                |problem| match problem.split(':').next().unwrap_or_default() {
                    "out-of-memory" => "out-of-memory",
                    "too-many-processes" => "too-many-processes",
                    "cpu-time" => "cpu-time",
                    "file-too-large" => "file-too-large",
                    "output-limit" => "output-limit",
                    "printed-megabytes" => "printed-megabytes",
                    "left-running" => "left-running",
                    "touched-files" => "touched-files",
                    _ => "other-limit",
                },
            )
            .collect();
        // What ended the test, when the harness named it.
        let named = causes
            .iter()
            .any(|cause| !["left-running", "touched-files"].contains(cause));
        if record.printed_bytes > FLOOD_BYTES && !causes.contains(&"output-limit") {
            causes.push("printed-megabytes");
        }
        let ending = match record.outcome {
            Outcome::TimedOut if !named => Some("timed-out"),
            Outcome::StackOverflow => Some("stack-overflow"),
            Outcome::Exited => Some("exited"),
            Outcome::Crashed if !named => Some("crashed"),
            Outcome::HarnessError => Some("harness-error"),
            Outcome::Panicked if !named => Some("panicked"),
            Outcome::NotRun if tests_ran => Some("not-run"),
            _ => None,
        };
        causes.extend(ending);
        causes.sort_unstable();
        causes.dedup();
        for cause in causes {
            *counts.entry(cause).or_default() += 1;
        }
    }
    counts.into_iter().collect()
}

/// What the containment stopped or saw a submission do, the instructor's
/// flags (the CSV's `flags`, the JSON's, the index's): a limit hit
/// (`out-of-memory`, `too-many-processes`, `cpu-time`, `file-too-large`),
/// output stopped at its budget (`output-limit`), processes left running and
/// killed (`left-running`), files written into or removed from its home or
/// working folder (`touched-files`). A wrong answer, a loop, a panic or a
/// printout is not a flag.
pub const FLAGS: [&str; 7] = [
    "out-of-memory",
    "too-many-processes",
    "cpu-time",
    "file-too-large",
    "output-limit",
    "left-running",
    "touched-files",
];

/// The grade's [`FLAGS`], in that order.
pub fn flags(grade: &Grade) -> Vec<&'static str> {
    let seen = problems(grade);
    FLAGS
        .into_iter()
        .filter(|flag| seen.iter().any(|(problem, _)| problem == flag))
        .collect()
}

/// The grade's problems in words, one line per cause (the text scorecard's
/// warnings, a feedback page's): [`problems`] described, the bytes printed
/// named.
pub fn warnings(grade: &Grade) -> Vec<String> {
    problems(grade)
        .into_iter()
        .map(|(problem, count)| match problem {
            "printed-megabytes" => {
                let printed: u64 = grade
                    .tests
                    .iter()
                    .filter(|t| t.printed_bytes > FLOOD_BYTES)
                    .map(|t| t.printed_bytes)
                    .sum();
                let tests = if count == 1 { "test" } else { "tests" };
                format!(
                    "{count} {tests} printed {} in all (only the start and the end of each \
                     are kept): printing that much is slow — take out the println!/dbg! calls",
                    crate::verdict::size(printed)
                )
            }
            "left-running" => {
                let mut names: Vec<&str> = grade
                    .tests
                    .iter()
                    .flat_map(|t| &t.problems)
                    .filter_map(|p| p.strip_prefix("left-running: "))
                    .flat_map(|names| names.split(", "))
                    .collect();
                names.sort_unstable();
                names.dedup();
                let tests = if count == 1 { "test" } else { "tests" };
                format!(
                    "{count} {tests} left processes running ({}): killed after each test",
                    names.join(", ")
                )
            }
            _ => describe_problem(problem, count),
        })
        .collect()
}

/// A problem in words, for the text scorecard.
pub fn describe_problem(problem: &str, count: usize) -> String {
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
        "output-limit" => format!("{count} {tests} printed past the output limit and were stopped"),
        "out-of-memory" => format!("{count} {tests} ran out of memory (the limit per test)"),
        "too-many-processes" => format!("{count} {tests} started too many processes or threads"),
        "cpu-time" => format!("{count} {tests} used up their CPU time"),
        "file-too-large" => format!("{count} {tests} wrote a file past the size limit"),
        "left-running" => {
            format!("{count} {tests} left processes running (killed after the test)")
        }
        "not-run" => format!("{count} {tests} never ran: the submission's time ran out"),
        "touched-files" => {
            format!("{count} {tests} wrote or removed files in their home or working folder")
        }
        other => format!("{count} {tests}: {other}"),
    }
}

/// Points earned and possible, in the grade's [`Scheme`].
pub fn totals(grade: &Grade) -> (u32, u32) {
    let points = |test: &TestRecord| grade.scheme.points(&test.name);
    (
        grade
            .tests
            .iter()
            .filter(|t| t.outcome.passed())
            .map(points)
            .sum(),
        grade.tests.iter().map(points).sum(),
    )
}
