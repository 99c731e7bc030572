//! The Sudoku handout, its reference and the grader keep each other honest.
//!
//! Scratch copies of `exercises/src/sudoku.rs` (untouched, the reference, one
//! blank filled, wrong answers) are graded with `--exercise sudoku` the way
//! `queens grade` does, sharing `target/grading-scratch` with
//! `tests/grading.rs`, so the library compiles once.

mod common;

use std::path::PathBuf;

use common::describe;
use queens_grader::exercise::Exercise;
use queens_grader::grader::{Config, Grader, Status};
use queens_grader::handout::{self, Course};
use queens_grader::judge_sudoku;
use queens_grader::report;
use queens_grader::results::{Outcome, blank_of, group_of};

fn root() -> PathBuf {
    handout::course_root()
}

fn grader() -> Grader {
    let mut config = Config::built_in();
    config.exercise = Exercise::Sudoku;
    Grader::new(config).expect("a scratch workspace")
}

fn reference() -> String {
    std::fs::read_to_string(root().join(handout::SUDOKU_REFERENCE))
        .expect("solutions/src/sudoku.rs")
}

/// The blank a test grades (`None` for end-to-end tests).
fn blank(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

#[test]
fn every_sudoku_test_is_named_after_its_blank() {
    for name in judge_sudoku::TESTS {
        assert!(name.starts_with("sudoku_"), "{name}");
        let group = group_of(name);
        assert!(
            blank(name).is_some() || group == "sudoku_end_to_end",
            "{name}"
        );
    }
    let handout = Course::built_in()
        .generate_exercise(Exercise::Sudoku, &[])
        .expect("the Sudoku reference's markers parse");
    let titles: Vec<&str> = handout.blanks.iter().map(|b| b.title.as_str()).collect();
    assert_eq!(titles, ["prune check", "insert", "delete"]);
    for blank in &handout.blanks {
        let group = format!("sudoku_{}", blank.test_group());
        assert!(
            judge_sudoku::TESTS.iter().any(|t| group_of(t) == group),
            "no tests in {group}"
        );
    }
}

#[test]
fn untouched_sudoku_handout_fails_every_test_as_not_yet_implemented() {
    let grade = grader().grade("handout", &root().join("exercises"));
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert_eq!(grade.tests.len(), judge_sudoku::TESTS.len());
    for test in &grade.tests {
        assert_eq!(
            test.outcome,
            Outcome::NotImplemented,
            "{}",
            describe(&grade)
        );
        assert!(
            test.message.contains("--exercise sudoku"),
            "{}",
            describe(&grade)
        );
    }
}

#[test]
fn reference_passes_every_sudoku_test_and_each_blank_alone_passes_exactly_its_tests() {
    let grader = grader();
    let grade = grader.grade("reference", &root().join(handout::SUDOKU_REFERENCE));
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert_eq!(grade.tests.len(), judge_sudoku::TESTS.len());
    assert!(
        grade.tests.iter().all(|t| t.outcome == Outcome::Passed),
        "{}",
        describe(&grade)
    );
    let json = report::json(&grade);
    assert_eq!(json.score, json.max_score);

    let reference = reference();
    for id in 1..=3 {
        let code = handout::generate_exercise(Exercise::Sudoku, &reference, &[id])
            .unwrap()
            .source;
        let grade = grader.grade_code(&format!("blank {id} only"), &code);
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        for test in &grade.tests {
            let expected = if blank(&test.name) == Some(id) {
                Outcome::Passed
            } else {
                Outcome::NotImplemented
            };
            assert_eq!(test.outcome, expected, "{}", describe(&grade));
        }
    }
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

#[test]
fn an_nqueens_grade_is_unchanged_next_to_the_sudoku_tests() {
    // The scratch manifest declares both test targets; grading N-Queens by
    // default still builds and runs only its own tests.
    let grader = Grader::new(Config::built_in()).expect("a scratch workspace");
    let grade = grader.grade("handout", &root().join("exercises"));
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert!(
        grade.tests.iter().all(|t| !t.name.starts_with("sudoku_")),
        "{}",
        describe(&grade)
    );
    assert!(
        grade.notes.iter().all(|n| !n.contains("sudoku.rs")),
        "{:?}",
        grade.notes
    );
}
