//! The Sudoku homework's wrong answers are blamed on their own blanks.
//!
//! Scratch copies of `exercises/src/sudoku.rs` with one wrong answer are
//! graded with `--exercise sudoku` the way `queens grade` does (what every
//! homework promises is checked in `tests/homeworks.rs`).

mod common;

use std::path::PathBuf;

use common::describe;
use queens_grader::grader::{Config, Grader, Status};
use queens_grader::handout;
use queens_grader::homeworks::sudoku;
use queens_grader::results::{Outcome, blank_of, group_of};

fn root() -> PathBuf {
    handout::course_root()
}

fn grader() -> Grader {
    let mut config = Config::built_in();
    config.homework = &sudoku::HOMEWORK;
    Grader::new(config).expect("a scratch workspace")
}

fn reference() -> String {
    std::fs::read_to_string(root().join(sudoku::HOMEWORK.reference))
        .expect("solutions/src/sudoku.rs")
}

/// The blank a test grades (`None` for end-to-end tests).
fn blank(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

/// The reference with `from` replaced by `to` (exactly once).
fn wrong(from: &str, to: &str) -> String {
    let reference = reference();
    assert_eq!(reference.matches(from).count(), 1, "{from}");
    reference.replacen(from, to, 1)
}

#[test]
fn wrong_answers_fail_their_own_blanks_tests() {
    let grader = grader();
    let cases = [
        (
            "&& for ||",
            wrong(
                "self.rows.contains(&(row, digit))\n            ||",
                "self.rows.contains(&(row, digit))\n            &&",
            ),
            1,
            "your prune check says it can",
        ),
        (
            "box check dropped",
            wrong(
                "\n            || self.boxes.contains(&(box_of(row, col), digit))",
                "",
            ),
            1,
            "box",
        ),
        (
            "wrong box key",
            wrong(
                "self.boxes.insert((box_of(row, col), digit));",
                "self.boxes.insert((row / 3 + col / 3, digit));",
            ),
            2,
            "box set must hold",
        ),
        (
            "delete clears everything",
            wrong(
                "self.rows.remove(&(row, digit));\n        self.columns.remove(&(col, digit));\n        \
                 self.boxes.remove(&(box_of(row, col), digit));",
                "self.rows.clear();\n        self.columns.clear();\n        self.boxes.clear();",
            ),
            3,
            "after deleting",
        ),
    ];
    for (what, code, blamed, says) in cases {
        let grade = grader.grade_code(what, &code);
        assert_eq!(grade.status, Status::Graded, "{what}: {}", describe(&grade));
        let own_failed: Vec<_> = grade
            .tests
            .iter()
            .filter(|t| blank(&t.name) == Some(blamed) && !t.outcome.passed())
            .collect();
        assert!(!own_failed.is_empty(), "{what}: {}", describe(&grade));
        assert!(
            own_failed.iter().any(|t| t.message.contains(says)),
            "{what}: no message says {says:?}\n{}",
            describe(&grade)
        );
        for test in &grade.tests {
            if let Some(other) = blank(&test.name).filter(|&b| b != blamed) {
                assert_eq!(
                    test.outcome,
                    Outcome::Passed,
                    "{what}: blank {other} blamed\n{}",
                    describe(&grade)
                );
            }
        }
        assert!(
            grade
                .tests
                .iter()
                .any(|t| blank(&t.name).is_none() && !t.outcome.passed()),
            "{what}: the end-to-end tests should fail too\n{}",
            describe(&grade)
        );
    }
}
