//! What the grading tests share.

use queens_grader::grader::Grade;

/// A grade as lines, for assertion messages: the submission, its status and
/// detail, each test's outcome and message, and the compiler's errors.
pub fn describe(grade: &Grade) -> String {
    let mut lines = vec![format!(
        "{}: {:?} {}",
        grade.submission, grade.status, grade.detail
    )];
    lines.extend(
        grade
            .tests
            .iter()
            .map(|t| format!("  {} {:?}: {}", t.name, t.outcome, t.message)),
    );
    lines.push(grade.compile_errors.clone());
    lines.join("\n")
}
