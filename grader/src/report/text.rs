//! The scorecard for people (`--format text`).

use super::score::*;
use crate::grader::*;

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
    for group in scored_groups(grade) {
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
    let warnings = warnings(grade);
    if !warnings.is_empty() {
        out.push('\n');
        for warning in warnings {
            out.push_str(&format!("warning: {warning}\n"));
        }
    }
    let (score, max_score) = totals(grade);
    if grade.scored() {
        out.push_str(&format!(
            "\nscore {score} / {max_score}  ({}, {:.1} s)\n",
            grade.status.name(),
            grade.elapsed.as_secs_f64()
        ));
    } else {
        out.push_str(&format!(
            "\nno score: the grader could not grade this submission ({}); fix the grader \
             and grade it again\n",
            grade.status.name()
        ));
    }
    out
}

fn process_excerpt(text: &str) -> String {
    crate::process::excerpt(text, text.len() as u64, 1500)
}

fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|line| format!("{prefix}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
