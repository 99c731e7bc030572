//! Batch folders as classes have them: one homework's files without
//! `--exercise`, Canvas's and Gradescope's downloads, LMS exports as rosters.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

/// One line on standard error, saying `text`.
fn one_error_line(text: &str) -> impl Predicate<str> {
    predicate::str::contains(text).and(predicate::str::contains("\n").count(1))
}

/// The submissions `ids` made by `scripts/make-batch`: `(folder, homework
/// folder → case folders)`.
fn cases(ids: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let made = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = std::process::Command::new("python3")
        .arg(root.join("scripts/make-batch"))
        .arg(made.path().join("cases"))
        .args(["--only", &ids.join(",")])
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let dir = made.path().join("cases");
    (made, dir)
}

/// The handout file of the course, as a student would send it untouched.
fn handout(file: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../exercises/src");
    std::fs::read_to_string(root.join(file)).unwrap()
}

#[test]
fn a_folder_of_several_homeworks_is_one_error_naming_exercise() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ada")).unwrap();
    std::fs::write(dir.path().join("ada/lib.rs"), handout("lib.rs")).unwrap();
    std::fs::create_dir_all(dir.path().join("bob")).unwrap();
    std::fs::write(dir.path().join("bob/sudoku.rs"), handout("sudoku.rs")).unwrap();
    // Renamed to the student's id: known by its code.
    std::fs::write(dir.path().join("eve.rs"), handout("sudoku.rs")).unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(
            one_error_line("several homeworks").and(predicate::str::contains(
                "nqueens (lib.rs): 1, sudoku (sudoku.rs): 2",
            )),
        )
        .stderr(predicate::str::contains("--exercise NAME"));
}

#[test]
fn asking_for_a_homework_no_submission_holds_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ada.rs"), handout("sudoku.rs")).unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(dir.path())
        .args(["--exercise", "nqueens"])
        .assert()
        .code(2)
        .stderr(
            one_error_line("no submission in").and(predicate::str::contains(
                "holds the nqueens homework's file (lib.rs)",
            )),
        );
}

#[test]
fn a_folder_of_files_of_no_homework_is_one_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ada.rs"), "fn main() {}\n").unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(one_error_line("cannot tell which homework"));
}

#[test]
#[ignore = "grades three submissions (about a minute once the scratch is warm)"]
fn canvas_and_gradescope_downloads_are_graded_and_join_their_lms_exports() {
    let (made, cases) = cases(&["sudoku-correct", "sudoku-wrong-b1-no-boxes", "correct"]);
    // A Canvas download of Sudoku files, named as Canvas names them; no
    // --exercise.
    let canvas = made.path().join("canvas");
    std::fs::create_dir(&canvas).unwrap();
    for (case, name) in [
        ("sudoku-correct", "lovelaceada_101_5551_sudoku.rs"),
        (
            "sudoku-wrong-b1-no-boxes",
            "hoppergrace_LATE_102_5552_sudoku-1.rs",
        ),
    ] {
        std::fs::copy(
            cases.join("sudoku").join(case).join("src/sudoku.rs"),
            canvas.join(name),
        )
        .unwrap();
    }
    // The gradebook as Canvas exports it, with the homework's own column.
    let roster = made.path().join("canvas-export.csv");
    std::fs::write(
        &roster,
        "Student,ID,SIS User ID,SIS Login ID,Section,Sudoku (1235),Current Points,Final Points\n\
         \x20   Points Possible,,,,,50.00,(read only),(read only)\n\
         \"Lovelace, Ada\",101,S1,ada,A,,0.00,0.00\n\
         \"Hopper, Grace\",102,S2,grace,B,,0.00,0.00\n\
         \"Babbage, Charles\",103,S3,charles,A,12.00,12.00,12.00\n\
         \"Student, Test\",104,,,A,,,\n",
    )
    .unwrap();
    let (csv, import) = (
        made.path().join("grades.csv"),
        made.path().join("import.csv"),
    );
    let run = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(&canvas)
        .arg("--out")
        .arg(&csv)
        .args(["--lms", "canvas", "--roster"])
        .arg(&roster)
        .arg("--lms-out")
        .arg(&import)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        stderr.starts_with("grading the sudoku homework: every submission in"),
        "{stderr}"
    );
    assert!(
        stderr.contains("updating Canvas column 'Sudoku (1235)'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1 student of the roster has no submission") && stderr.contains("charles"),
        "{stderr}"
    );
    let grades = std::fs::read_to_string(&csv).unwrap();
    assert!(
        grades.contains("\nhoppergrace_102,") && grades.contains("\nlovelaceada_101,"),
        "{grades}"
    );
    let import = std::fs::read_to_string(&import).unwrap();
    let lines: Vec<&str> = import.lines().collect();
    assert_eq!(
        lines[0],
        "Student,ID,SIS User ID,SIS Login ID,Section,Sudoku (1235)"
    );
    assert_eq!(lines.len(), 4, "{import}");
    assert!(
        lines[2].starts_with("\"Lovelace, Ada\",101,S1,ada,A,"),
        "{import}"
    );
    assert!(
        lines[3].starts_with("\"Hopper, Grace\",102,S2,grace,B,"),
        "{import}"
    );
    assert!(lines.iter().all(|line| !line.ends_with(',')), "{import}");

    // A Gradescope export of the first homework, joined to a Moodle export.
    let gradescope = made.path().join("gradescope");
    std::fs::create_dir_all(gradescope.join("submission_7001")).unwrap();
    std::fs::copy(
        cases.join("nqueens/correct/src/lib.rs"),
        gradescope.join("submission_7001/lib.rs"),
    )
    .unwrap();
    std::fs::write(
        gradescope.join("submission_metadata.yml"),
        "submission_7001:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: S1\n    \
         :email: ada@example.org\n  :created_at: 2026-11-30 10:00:00.000000000 +00:00\n  \
         :score: 50.0\n",
    )
    .unwrap();
    let moodle = made.path().join("moodle-export.csv");
    std::fs::write(
        &moodle,
        "First name,Last name,ID number,Institution,Department,Email address,\
         Assignment: N-Queens (Real),Last downloaded from this course\n\
         Ada,Lovelace,S1,Example,CS,ada@example.org,-,1764662400\n\
         Grace,Hopper,S2,Example,CS,grace@example.org,-,1764662400\n",
    )
    .unwrap();
    let (csv, import) = (made.path().join("gs.csv"), made.path().join("moodle.csv"));
    let run = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(&gradescope)
        .arg("--out")
        .arg(&csv)
        .args(["--lms", "moodle", "--roster"])
        .arg(&moodle)
        .arg("--lms-out")
        .arg(&import)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(
        stderr.contains("updating Moodle grade item 'Assignment: N-Queens (Real)'")
            && stderr.contains("map users from 'Email address'"),
        "{stderr}"
    );
    let grades = std::fs::read_to_string(&csv).unwrap();
    assert!(grades.contains("\nada@example.org,"), "{grades}");
    let import = std::fs::read_to_string(&import).unwrap();
    let lines: Vec<&str> = import.lines().collect();
    assert_eq!(
        lines[0],
        "First name,Last name,ID number,Email address,username,Assignment: N-Queens (Real)"
    );
    assert_eq!(lines.len(), 2, "Grace has no submission: no row, {import}");
    assert!(
        lines[1].starts_with("Ada,Lovelace,S1,ada@example.org,,"),
        "{import}"
    );
    assert!(!lines[1].ends_with(','), "{import}");
}
