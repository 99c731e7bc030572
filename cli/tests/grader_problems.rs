//! A grader problem is never a student's grade: the grader's own build is not
//! charged to a submission, and when the grader cannot grade, no score is
//! written anywhere, the command exits 3 and a stopped batch's rows stay.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use queens_grader::batch;
use queens_grader::homeworks;
use queens_grader::report::CsvLayout;
use queens_grader::sandbox::BWRAP_ENV;
use queens_grader::settings::Settings;

/// The exit code of a grader that could not grade.
const GRADER_ERROR: i32 = 3;

fn course() -> PathBuf {
    queens_grader::course::course_root()
}

/// `queens grade` where bubblewrap cannot run (its program missing) and the
/// course requires it.
fn grade_without_bubblewrap(scratch: &Path) -> Command {
    let mut command = Command::cargo_bin("queens").unwrap();
    command
        .arg("grade")
        .args(["--sandbox", "required", "--scratch"])
        .arg(scratch)
        .env(BWRAP_ENV, scratch.join("no-such-bwrap"));
    command
}

/// The cells of a one-row CSV, by column name.
fn csv_row(text: &str) -> Vec<(String, String)> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let row = reader.records().next().expect("a row").unwrap();
    header
        .into_iter()
        .zip(row.iter().map(str::to_owned))
        .collect()
}

#[test]
fn a_required_sandbox_that_cannot_run_is_a_grader_error_with_no_score() {
    let scratch = tempfile::tempdir().unwrap();
    let handout = course().join("exercises/src/lib.rs");
    let run = grade_without_bubblewrap(scratch.path())
        .arg(&handout)
        .args(["--format", "csv"])
        .assert()
        .code(GRADER_ERROR)
        .stderr(predicate::str::contains("grader-error"));
    let text = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let row = csv_row(&text);
    let cell = |name: &str| &row.iter().find(|(h, _)| h == name).unwrap().1;
    assert_eq!(cell("status"), "grader-error", "{text}");
    assert_eq!(cell("total"), "", "a grader problem is no 0: {text}");
    assert!(
        row.iter()
            .filter(|(h, _)| h.starts_with("blank_") || h == "end_to_end")
            .all(|(_, v)| v.is_empty()),
        "{text}"
    );
    // Gradescope's results.json is not written at all.
    let results = scratch.path().join("results.json");
    grade_without_bubblewrap(scratch.path())
        .arg(&handout)
        .args(["--format", "gradescope", "--out"])
        .arg(&results)
        .assert()
        .code(GRADER_ERROR);
    assert!(!results.exists(), "a results.json claims a score");
    // The warm-up says the same, before any submission.
    grade_without_bubblewrap(scratch.path())
        .args(["--prepare", "--exercise", homeworks::default().name])
        .assert()
        .code(GRADER_ERROR)
        .stderr(predicate::str::contains("bubblewrap"));
}

/// A batch that cannot grade refuses before it writes: the rows of the
/// stopped batch it was to resume are still there.
#[test]
fn a_batch_that_cannot_grade_exits_non_zero_and_keeps_the_rows_to_resume() {
    let scratch = tempfile::tempdir().unwrap();
    let submissions = scratch.path().join("hand-ins");
    std::fs::create_dir_all(submissions.join("ada")).unwrap();
    std::fs::copy(
        course().join("exercises/src/lib.rs"),
        submissions.join("ada/lib.rs"),
    )
    .unwrap();
    let scheme = Settings::default().scheme(homeworks::default());
    let layout = CsvLayout::new(&scheme);
    let mut kept = csv::Writer::from_writer(Vec::new());
    kept.write_record(layout.header()).unwrap();
    let row: Vec<String> = layout
        .header()
        .iter()
        .map(|column| match column.as_str() {
            "id" => "bob".to_owned(),
            "status" => "graded".to_owned(),
            "homework" => homeworks::default().name.to_owned(),
            _ => "1".to_owned(),
        })
        .collect();
    kept.write_record(&row).unwrap();
    let kept = kept.into_inner().unwrap();
    let out = scratch.path().join("grades.csv");
    std::fs::write(&out, &kept).unwrap();
    grade_without_bubblewrap(scratch.path())
        .arg("--batch")
        .arg(&submissions)
        .arg("--out")
        .arg(&out)
        .arg("--resume")
        .assert()
        .code(GRADER_ERROR);
    assert_eq!(
        std::fs::read(&out).unwrap(),
        kept,
        "the kept rows were lost"
    );
}

/// A resumed batch grades again the submissions the grader could not grade.
#[test]
fn a_resumed_batch_regrades_the_grader_errors() {
    let dir = tempfile::tempdir().unwrap();
    let scheme = Settings::default().scheme(homeworks::default());
    let layout = CsvLayout::new(&scheme);
    let header = layout.header();
    let row = |id: &str, total: &str, status: &str| -> Vec<String> {
        header
            .iter()
            .map(|h| match h.as_str() {
                "id" => id.to_owned(),
                "total" => total.to_owned(),
                "status" => status.to_owned(),
                "homework" => homeworks::default().name.to_owned(),
                _ => String::new(),
            })
            .collect()
    };
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    writer.write_record(row("ada", "50", "graded")).unwrap();
    writer.write_record(row("bob", "", "grader-error")).unwrap();
    writer
        .write_record(row("cy", "0", "compile-error"))
        .unwrap();
    let file = dir.path().join("grades.csv");
    std::fs::write(&file, writer.into_inner().unwrap()).unwrap();
    let kept: Vec<String> = batch::kept_rows(&file, &scheme)
        .unwrap()
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(kept, ["ada", "cy"]);
}

/// The grader's own first build (library, harness, graded tests) is not
/// charged to the first submission: with a fresh scratch and a 30 s limit,
/// the reference gets full marks (it got 0, `timed-out`, "the build took
/// more than 30 s"). Slow: a whole first build.
#[test]
#[ignore = "slow: a first build of the library and the graded tests in a fresh scratch"]
fn a_fresh_scratch_grades_the_reference_to_full_marks_within_a_small_limit() {
    let dir = tempfile::tempdir().unwrap();
    let made = dir.path().join("made");
    let status = std::process::Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg(&made)
        .args(["--only", "correct"])
        .status()
        .unwrap();
    assert!(status.success());
    let homework = homeworks::default();
    let correct = made
        .join(homework.name)
        .join("correct/src")
        .join(homework.file_name());
    let run = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg(&correct)
        .args(["--timeout", "30", "--format", "json", "--scratch"])
        .arg(dir.path().join("fresh-scratch"))
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&run.get_output().stdout).unwrap();
    assert_eq!(report["status"], "graded", "{report}");
    assert_eq!(report["score"], report["max_score"], "{report}");
}
