//! The instructor's commands end to end: `queens hint`, `queens grade`,
//! `queens handout`.

use assert_cmd::Command;
use predicates::prelude::*;

/// One line on standard error, saying `text`.
fn one_error_line(text: &str) -> impl Predicate<str> {
    predicate::str::contains(text).and(predicate::str::contains("\n").count(1))
}

#[test]
fn hint_prints_a_blanks_hints_and_refuses_a_missing_blank() {
    let seen = tempfile::tempdir().unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .args(["hint", "2"])
        .env("QUEENS_HINT_STATE", seen.path().join("seen.json"))
        .assert()
        .success()
        .stdout(
            predicate::str::contains("blank 2: insert").and(predicate::str::contains("hint 1 of")),
        );
    Command::cargo_bin("queens")
        .unwrap()
        .args(["hint", "9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("there is no blank 9"));
}

#[test]
fn grade_refuses_a_missing_path_in_one_line() {
    Command::cargo_bin("queens")
        .unwrap()
        .args(["grade", "no/such/folder"])
        .assert()
        .code(2)
        .stderr(one_error_line("does not exist"));
}

#[test]
fn handout_check_passes_on_the_committed_handout() {
    Command::cargo_bin("queens")
        .unwrap()
        .args(["handout", "--check"])
        .assert()
        .success();
}

/// Submissions `ids` of the first homework, made by `scripts/make-batch`.
fn batch_of(ids: &[&str]) -> (tempfile::TempDir, std::path::PathBuf) {
    let made = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = std::process::Command::new("python3")
        .arg(root.join("scripts/make-batch"))
        .arg(made.path().join("batch"))
        .args(["--only", &ids.join(",")])
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let dir = made.path().join("batch").join("nqueens");
    (made, dir)
}

#[test]
fn a_batch_writes_feedback_and_the_canvas_file_and_says_what_did_not_join() {
    let (made, dir) = batch_of(&["correct", "wrong-b2-no-columns"]);
    let roster = made.path().join("roster.csv");
    std::fs::write(
        &roster,
        "Student,ID,SIS User ID,SIS Login ID,Section\n\"Lovelace, Ada\",7,S7,correct,A\nNobody,8,S8,absent,B\n",
    )
    .unwrap();
    let (csv, canvas, pages) = (
        made.path().join("grades.csv"),
        made.path().join("canvas.csv"),
        made.path().join("pages"),
    );
    let run = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(&dir)
        .arg("--out")
        .arg(&csv)
        .arg("--feedback")
        .arg(&pages)
        .args(["--lms", "canvas", "--roster"])
        .arg(&roster)
        .arg("--lms-out")
        .arg(&canvas)
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    // Not a terminal: plain lines, an ETA until the last.
    assert!(
        stderr.contains("[1/2] ") && stderr.contains("(eta "),
        "{stderr}"
    );
    assert!(
        stderr.contains("[2/2] ") && stderr.contains("(done)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("WARNING: 1 submissions match no student of the roster")
            && stderr.contains("wrong-b2-no-columns"),
        "{stderr}"
    );
    assert!(
        stderr.contains("creating a new Canvas assignment 'queens nqueens'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("WARNING: 1 students of the roster have no submission")
            && stderr.contains("absent"),
        "{stderr}"
    );
    let canvas = std::fs::read_to_string(&canvas).unwrap();
    assert_eq!(
        canvas,
        "Student,ID,SIS User ID,SIS Login ID,Section,queens nqueens\n\
         Points Possible,,,,,17\n\
         \"Lovelace, Ada\",7,S7,correct,A,17\n",
        "no empty cell: it would erase the absent student's grade"
    );
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(
        index.contains("href=\"correct.html\"") && index.contains("absent"),
        "{index}"
    );
    // Resumed with nothing left: the rows kept, nothing graded again.
    let resumed = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(&dir)
        .arg("--out")
        .arg(&csv)
        .arg("--resume")
        .assert()
        .success();
    let stderr = String::from_utf8_lossy(&resumed.get_output().stderr).into_owned();
    assert!(stderr.contains("resuming: 2 rows kept"), "{stderr}");
    assert!(!stderr.contains("[1/"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 3);
    // Another homework's batch is refused in one line (a folder of no
    // homework's files: this folder's would be refused before, as not
    // holding the homework named).
    let elsewhere = tempfile::tempdir().unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(elsewhere.path())
        .arg("--out")
        .arg(&csv)
        .args(["--resume", "--exercise", "sudoku"])
        .assert()
        .code(2)
        .stderr(one_error_line("cannot resume"));
}

#[test]
fn a_bad_roster_is_refused_before_any_build() {
    let made = tempfile::tempdir().unwrap();
    let roster = made.path().join("roster.csv");
    std::fs::write(&roster, "name\nAda\n").unwrap();
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(made.path())
        .args(["--lms", "moodle", "--roster"])
        .arg(&roster)
        .assert()
        .code(2)
        .stderr(one_error_line("no login column"));
}

#[test]
#[ignore = "builds the graded tests in a fresh scratch (about a minute)"]
fn a_first_grade_says_it_builds_before_it_does() {
    let (made, dir) = batch_of(&["correct"]);
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg(dir.join("correct"))
        .arg("--scratch")
        .arg(made.path().join("scratch"))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "building the graded tests, about a minute the first time",
        ));
}
