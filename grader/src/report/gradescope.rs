//! Gradescope's `results.json` (`--format gradescope`), with the fields of
//! its autograder specification
//! (<https://gradescope-autograders.readthedocs.io/en/latest/specs/>): the
//! score in the course's points, Markdown output (compile errors and
//! messages as fenced code blocks), a tag and a visibility per test from its
//! group, and `extra_data` per blank.

use std::collections::BTreeMap;

use super::score::*;
use crate::grader::*;
use serde::Serialize;

/// Gradescope's `results.json` (its autograder specification).
#[derive(Debug, Clone, Serialize)]
pub struct Gradescope {
    /// Points earned.
    pub score: u32,
    /// Wall-clock seconds.
    pub execution_time: f64,
    /// Shown above the tests: the status, the notes, the compiler's errors.
    pub output: String,
    /// `md`: [`Gradescope::output`] is Markdown.
    pub output_format: &'static str,
    /// `md`: every test's output is Markdown.
    pub test_output_format: &'static str,
    /// `text`: test names are plain.
    pub test_name_format: &'static str,
    /// The homework, the status and each group's points, for the
    /// instructor's exports.
    pub extra_data: GradescopeData,
    /// One entry per graded test.
    pub tests: Vec<GradescopeTest>,
}

/// `extra_data` of the whole submission.
#[derive(Debug, Clone, Serialize)]
pub struct GradescopeData {
    /// The homework graded.
    pub homework: &'static str,
    /// How grading went (`graded`, `compile-error`…).
    pub status: &'static str,
    /// Points possible.
    pub max_score: u32,
    /// Per group (`blank_1_prune_check`, `end_to_end`): its points.
    pub groups: BTreeMap<String, GroupData>,
}

/// One group's entry of [`GradescopeData`].
#[derive(Debug, Clone, Serialize)]
pub struct GroupData {
    /// The blank's number (none for end-to-end).
    pub blank: Option<u32>,
    /// Points earned.
    pub score: u32,
    /// Points possible.
    pub max_score: u32,
    /// Tests passed of its tests.
    pub passed: usize,
    /// Its tests.
    pub tests: usize,
    /// The command that prints its hints.
    pub hint: String,
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
    /// The failure message, as Markdown.
    pub output: String,
    /// Its group: `blank_1_prune_check`, `end_to_end`.
    pub tags: Vec<String>,
    /// When students see it (`queens.toml`'s visibility of its group).
    pub visibility: &'static str,
    /// Its full name and how it ended, for the instructor.
    pub extra_data: TestData,
}

/// `extra_data` of one test.
#[derive(Debug, Clone, Serialize)]
pub struct TestData {
    /// `blank_1_prune_check::empty_sets_attack_nothing`.
    pub test: String,
    /// How it ended (`passed`, `timed_out`, `not_run`…).
    pub outcome: &'static str,
    /// Wall-clock milliseconds of its process.
    pub elapsed_ms: u64,
}

/// `text` as a fenced Markdown code block, the fence longer than any run of
/// backticks inside.
fn fenced(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{}\n{fence}", text.trim_end())
}

/// Builds Gradescope's `results.json`, or `None` for a grade the grader
/// could not give (`grader-error`): Gradescope must then see the autograder
/// fail (no `results.json`, a non-zero exit), never a score of 0.
pub fn gradescope(grade: &Grade) -> Option<Gradescope> {
    grade.scored().then(|| results(grade))
}

fn results(grade: &Grade) -> Gradescope {
    let mut tests = Vec::new();
    let mut groups = BTreeMap::new();
    for (g, group) in scored_groups(grade).into_iter().enumerate() {
        let heading = match group.id {
            Some(id) => format!("blank {id}: {}", group.title),
            None => group.title.clone(),
        };
        let visibility = grade.scheme.visibility(&group.group).name();
        groups.insert(
            group.group.clone(),
            GroupData {
                blank: group.id,
                score: group.score,
                max_score: group.max_score,
                passed: group.tests.iter().filter(|t| t.passed).count(),
                tests: group.tests.len(),
                hint: group.hint.clone(),
            },
        );
        for (t, test) in group.tests.into_iter().enumerate() {
            let output = if test.passed || test.message.is_empty() {
                String::new()
            } else {
                fenced(&test.message)
            };
            tests.push(GradescopeTest {
                name: format!("{heading} — {}", test.name),
                number: format!("{}.{}", g + 1, t + 1),
                score: test.score,
                max_score: test.max_score,
                status: if test.passed { "passed" } else { "failed" },
                output,
                tags: vec![group.group.clone()],
                visibility,
                extra_data: TestData {
                    test: test.full_name,
                    outcome: test.outcome.name(),
                    elapsed_ms: test.elapsed_ms,
                },
            });
        }
    }
    let mut output = vec![format!("**status:** {}", grade.status.name())];
    if !grade.detail.is_empty() {
        output.push(fenced(&grade.detail));
    }
    output.extend(grade.notes.iter().map(|note| format!("- {note}")));
    if !grade.compile_errors.is_empty() {
        output.push("The compiler's errors:".to_owned());
        output.push(fenced(&grade.compile_errors));
    }
    let (score, max_score) = totals(grade);
    Gradescope {
        score,
        execution_time: grade.elapsed.as_secs_f64(),
        output: output.join("\n\n"),
        output_format: "md",
        test_output_format: "md",
        test_name_format: "text",
        extra_data: GradescopeData {
            homework: grade.homework.name,
            status: grade.status.name(),
            max_score,
            groups,
        },
        tests,
    }
}

#[cfg(test)]
mod tests {
    use super::fenced;

    #[test]
    fn a_fence_is_longer_than_the_backticks_it_holds() {
        assert_eq!(fenced("a\n"), "```text\na\n```");
        assert_eq!(fenced("x ```` y"), "`````text\nx ```` y\n`````");
    }

    #[test]
    fn a_grader_error_is_no_score_in_any_report() {
        use crate::grader::Grade;
        let scheme = crate::settings::Settings::default().scheme(crate::homeworks::default());
        let mut grade = Grade::new("ada", scheme);
        grade.grader_error("--sandbox required, but bwrap is missing".to_owned());
        assert!(!grade.scored() && grade.status.is_grader_error());
        // Gradescope: no results.json at all (the autograder must fail).
        assert!(super::gradescope(&grade).is_none());
        // JSON: a null score.
        assert_eq!(super::super::json::json(&grade).score, None);
        // Text: no score line, a regrade said.
        let text = super::super::text::text(&grade);
        assert!(!text.contains("score 0"), "{text}");
        assert!(text.contains("no score"), "{text}");
        // CSV: every score cell empty, never 0; the maximum and status kept.
        let layout = super::super::csv::CsvLayout::new(&grade.scheme);
        let header = layout.header();
        let row = layout.row(&grade);
        let cell = |name: &str| &row[header.iter().position(|h| h == name).unwrap()];
        assert_eq!(cell("total"), "");
        assert_eq!(cell("status"), "grader-error");
        assert_ne!(cell("max"), "");
        for group in &row[1..=layout.group_count()] {
            assert_eq!(group, "", "{row:?}");
        }
        // A submission that does not compile is a grade: 0.
        let mut broken = Grade::new("bob", grade.scheme.clone());
        broken.status = crate::grader::Status::CompileError;
        assert_eq!(
            layout.row(&broken)[header.iter().position(|h| h == "total").unwrap()],
            "0"
        );
        assert!(super::gradescope(&broken).is_some_and(|r| r.score == 0));
    }
}
