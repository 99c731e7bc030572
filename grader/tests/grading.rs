//! The handout, the reference and the grader keep each other honest.
//!
//! Each test grades scratch copies of the handout (untouched, one blank filled
//! from the reference, all filled) with the instructor's tests, the way
//! `queens grade` does: every copy is built offline in its own scratch
//! workspace, all sharing `target/grading-scratch`, so the library compiles
//! once and a copy costs one small crate.

use std::path::{Path, PathBuf};
use std::time::Duration;

use queens_grader::batch;
use queens_grader::grader::{Config, Grade, Grader, Status};
use queens_grader::handout::{self, Course};
use queens_grader::report;
use queens_grader::results::{Outcome, blank_of, group_of};
use queens_grader::student_copy;

fn root() -> PathBuf {
    handout::course_root()
}

fn grader() -> Grader {
    Grader::new(Config::built_in()).expect("a scratch workspace")
}

fn reference() -> String {
    std::fs::read_to_string(root().join(handout::REFERENCE)).expect("solutions/src/lib.rs")
}

fn blank_of_test(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

fn describe(grade: &Grade) -> String {
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

#[test]
fn committed_handout_is_what_the_reference_generates() {
    let checks = Course::built_in()
        .check()
        .expect("the reference's markers parse");
    for check in &checks {
        assert!(
            check.up_to_date,
            "{} differs from what solutions/src/lib.rs generates: run `cargo run -- handout`",
            check.path
        );
    }
    assert_eq!(checks.len(), 2);
}

#[test]
fn untouched_handout_fails_every_graded_test_as_not_yet_implemented() {
    let grade = grader().grade("handout", &root().join("exercises"));
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert!(grade.tests.len() >= 10, "{}", describe(&grade));
    for test in &grade.tests {
        assert_eq!(
            test.outcome,
            Outcome::NotImplemented,
            "{}",
            describe(&grade)
        );
        assert!(
            test.message.starts_with("not yet implemented: blank "),
            "{}",
            test.message
        );
        assert!(
            test.message.contains("cargo run -- hint"),
            "{}",
            test.message
        );
    }
    let json = report::json(&grade);
    assert_eq!(json.score, 0);
    assert_eq!(json.max_score as usize, grade.tests.len());
    let blanks = handout::generate(&reference()).unwrap().blanks;
    assert_eq!(json.blanks.len(), blanks.len());
    assert!(json.end_to_end.is_some());
}

#[test]
fn reference_passes_every_graded_test() {
    let grade = grader().grade("reference", &root().join(handout::REFERENCE));
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert!(grade.tests.len() >= 10);
    assert!(
        grade.tests.iter().all(|t| t.outcome == Outcome::Passed),
        "{}",
        describe(&grade)
    );
    let json = report::json(&grade);
    assert_eq!(json.score, json.max_score);
}

#[test]
fn filling_one_blank_passes_exactly_that_blanks_tests() {
    let reference = reference();
    let blanks = handout::generate(&reference).unwrap().blanks;
    assert!(!blanks.is_empty());
    let grader = grader();
    for blank in &blanks {
        let code = handout::generate_filling(&reference, &[blank.id])
            .unwrap()
            .source;
        let grade = grader.grade_code(&format!("blank {} only", blank.id), &code);
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        let own = grade
            .tests
            .iter()
            .filter(|t| blank_of_test(&t.name) == Some(blank.id))
            .count();
        assert!(own > 0, "blank {} has no tests of its own", blank.id);
        for test in &grade.tests {
            if blank_of_test(&test.name) == Some(blank.id) {
                assert_eq!(test.outcome, Outcome::Passed, "{}", describe(&grade));
            } else {
                assert_eq!(
                    test.outcome,
                    Outcome::NotImplemented,
                    "{}",
                    describe(&grade)
                );
            }
        }
    }
}

/// Copies the fixture submissions named in `ids` into a fresh batch folder.
fn batch_folder(ids: &[&str]) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for id in ids {
        copy(
            &root().join("grader/tests/fixtures/submissions").join(id),
            &dir.path().join(id),
        );
    }
    dir
}

/// Grades the fixtures `ids` as a batch: the CSV header, rows and grades.
fn run_batch(
    ids: &[&str],
    test_timeout: Duration,
) -> (Vec<String>, Vec<csv::StringRecord>, Vec<Grade>) {
    let dir = batch_folder(ids);
    let mut config = Config::built_in();
    config.test_timeout = test_timeout;
    let grader = Grader::new(config).unwrap();
    let mut csv = Vec::new();
    let grades = batch::run(&grader, dir.path(), &mut csv, &mut |_, _, _| {}).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_slice());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader.records().map(Result::unwrap).collect();
    (header, rows, grades)
}

#[test]
fn batch_gives_every_submission_a_row_with_a_clear_status() {
    let ids = [
        "correct",
        "edited-tests",
        "half-correct",
        "non-compiling",
        "process-exit",
        "stack-overflow",
        "usize-diagonal",
    ];
    let (header, mut rows, mut grades) = run_batch(&ids, Duration::from_secs(5));
    assert_eq!(header[0], "id");
    assert_eq!(header[1], "blank_1");
    assert_eq!(rows.len(), ids.len(), "one row per submission");
    // The endless loop, with a short per-test timeout: its 9 looping tests
    // then cost 9 s of the two cores' time.
    let (loop_header, loop_rows, loop_grades) =
        run_batch(&["endless-loop"], Duration::from_secs(1));
    assert_eq!(loop_header, header);
    assert_eq!(loop_rows.len(), 1);
    rows.extend(loop_rows);
    grades.extend(loop_grades);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = |id: &str| rows.iter().find(|r| &r[0] == id).unwrap();
    let grade = |id: &str| grades.iter().find(|g| g.submission == id).unwrap();
    let points = |id: &str, col: &str| row(id)[column(col)].parse::<u32>().unwrap();
    let max = points("correct", "max");
    assert!(max > 0);

    // Correct, answered differently (i64 diagonals, other orders, `any`,
    // `retain`): full marks.
    assert_eq!(
        points("correct", "total"),
        max,
        "{}",
        describe(grade("correct"))
    );
    assert_eq!(&row("correct")[column("status")], "graded");
    assert_eq!(&row("correct")[column("problems")], "");

    let half = points("half-correct", "total");
    assert!(
        0 < half && half < max,
        "{}",
        describe(grade("half-correct"))
    );
    assert_eq!(
        points("half-correct", "blank_1"),
        points("correct", "blank_1")
    );

    assert_eq!(&row("non-compiling")[column("status")], "compile-error");
    assert_eq!(points("non-compiling", "total"), 0);
    assert!(row("non-compiling")[column("detail")].contains("error"));
    // The errors point at the student's file, not at the grader's scratch copy.
    let detail = &row("non-compiling")[column("detail")];
    assert!(detail.contains("non-compiling/src/lib.rs:"), "{detail}");
    let errors = &grade("non-compiling").compile_errors;
    assert!(errors.contains("non-compiling/src/lib.rs:"), "{errors}");
    assert!(!errors.contains("--> exercises/src/lib.rs"), "{errors}");

    // The loop in blank 1 costs blank 1 and the end-to-end tests, nothing else.
    let looping = row("endless-loop");
    assert!(
        looping[column("problems")].contains("timed-out"),
        "{looping:?}"
    );
    assert_eq!(points("endless-loop", "blank_1"), 0);
    assert_eq!(
        points("endless-loop", "blank_2"),
        points("correct", "blank_2")
    );
    assert_eq!(
        points("endless-loop", "blank_3"),
        points("correct", "blank_3")
    );

    assert!(row("stack-overflow")[column("problems")].contains("stack-overflow"));
    assert!(row("process-exit")[column("problems")].contains("exited"));

    // Edited tests change nothing: blank 3 is still a todo!().
    let edited = row("edited-tests");
    assert!(edited[column("notes")].contains("tests/graded.rs was edited"));
    assert_eq!(points("edited-tests", "blank_3"), 0);
    assert_eq!(&edited[column("status")], "graded");

    // A usize Diagonal is explained by the sign of row - col.
    let usize_grade = grade("usize-diagonal");
    assert!(
        usize_grade
            .tests
            .iter()
            .any(|t| t.message.contains("negative above the main diagonal")),
        "{}",
        describe(usize_grade)
    );
}

#[test]
fn student_copy_leaves_the_answers_out_and_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("course");
    let report = student_copy::write(&Course::built_in(), &out).unwrap();
    assert!(report.files > 10);
    assert!(!out.join("solutions").exists());
    assert!(!out.join("grader/tests").exists());
    assert!(!out.join("tests/reference_answers.rs").exists());
    assert!(!out.join("grader/tests/fixtures/submissions").exists());
    let generated = handout::generate(&reference()).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join(handout::HANDOUT)).unwrap(),
        generated.source
    );
    assert!(out.join("exercises/tests/graded.rs").exists());
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(!manifest.contains("\"solutions\""), "{manifest}");
    // The workspace resolves without the reference.
    let metadata = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--offline",
            "--no-deps",
            "--format-version",
            "1",
        ])
        .arg("--manifest-path")
        .arg(out.join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(
        metadata.status.success(),
        "{}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    let text = String::from_utf8_lossy(&metadata.stdout);
    assert!(text.contains("\"name\":\"exercises\""));
    assert!(!text.contains("\"name\":\"solutions\""));
}

/// Builds a student copy from scratch and grades its handout: a full compile
/// of the library in a new place (minutes on two cores), so run on demand:
/// `cargo test --test grading -- --ignored`.
#[test]
#[ignore = "compiles the whole course again; run with --ignored"]
fn student_copy_builds_and_grades() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("course");
    student_copy::write(&Course::built_in(), &out).unwrap();
    let status = std::process::Command::new(env!("CARGO"))
        .args(["build", "--offline", "--workspace", "--tests"])
        .current_dir(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let output = std::process::Command::new(out.join("target/debug/queens"))
        .args(["grade", "exercises", "--format", "json"])
        .current_dir(&out)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["score"], 0);
    assert!(json["max_score"].as_u64().unwrap() > 0);
}
