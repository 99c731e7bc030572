//! Gradescope's `results.json` (`--format gradescope`).

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
    for (g, group) in scored_groups(grade).into_iter().enumerate() {
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
