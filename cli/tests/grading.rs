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
#[ignore = "grades a batch (CI runs it)"]
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
        stderr.contains("WARNING: 1 submission matches no student of the roster")
            && stderr.contains("wrong-b2-no-columns"),
        "{stderr}"
    );
    assert!(
        stderr.contains("creating a new Canvas assignment 'queens nqueens'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("WARNING: 1 student of the roster has no submission")
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
#[ignore = "grades a batch three times (CI runs it)"]
fn the_lms_file_goes_next_to_out_is_never_replaced_silently_and_has_no_row_for_no_file() {
    let (made, dir) = batch_of(&["correct"]);
    // Grace sent a folder without the homework's file: no submission, so
    // no row (a 0 would replace her grade in Canvas).
    std::fs::create_dir_all(dir.join("grace")).unwrap();
    std::fs::write(dir.join("grace/notes.txt"), "I ran out of time\n").unwrap();
    let roster = made.path().join("roster.csv");
    std::fs::write(&roster, "login,name\ncorrect,Ada\ngrace,Grace\n").unwrap();
    let class = made.path().join("class");
    let elsewhere = made.path().join("cwd");
    std::fs::create_dir_all(&class).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let grade = || {
        Command::cargo_bin("queens")
            .unwrap()
            .current_dir(&elsewhere)
            .arg("grade")
            .arg("--batch")
            .arg(&dir)
            .arg("--out")
            .arg(class.join("grades.csv"))
            .args(["--lms", "canvas", "--roster"])
            .arg(&roster)
            .assert()
            .success()
    };
    let first = grade();
    let stderr = String::from_utf8_lossy(&first.get_output().stderr).into_owned();
    let file = class.join("grades-canvas.csv");
    let canvas = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert_eq!(
        canvas,
        "Student,ID,SIS User ID,SIS Login ID,Section,queens nqueens\n\
         Points Possible,,,,,17\n\
         Ada,,,correct,,17\n",
        "{stderr}"
    );
    assert!(
        stderr.contains("1 student of the roster has no submission") && stderr.contains("grace"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("WARNING: ") || !stderr.contains("already there"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(&elsewhere).unwrap().count(),
        0,
        "the current folder"
    );
    // The next batch into the same --out replaces it, and says so.
    let second = grade();
    let stderr = String::from_utf8_lossy(&second.get_output().stderr).into_owned();
    assert!(
        stderr.lines().any(|line| line.starts_with("WARNING: ")
            && line.contains(&file.display().to_string())
            && line.contains("already there")),
        "{stderr}"
    );
    // Without --out or --lms-out there is nowhere for it: refused, before
    // any build; nor over the roster.
    Command::cargo_bin("queens")
        .unwrap()
        .current_dir(&elsewhere)
        .arg("grade")
        .arg("--batch")
        .arg(&dir)
        .args(["--exercise", "nqueens", "--lms", "canvas", "--roster"])
        .arg(&roster)
        .assert()
        .code(2)
        .stderr(one_error_line("needs --out FILE"));
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg("--batch")
        .arg(&dir)
        .arg("--out")
        .arg(class.join("grades.csv"))
        .args(["--exercise", "nqueens", "--lms", "canvas", "--roster"])
        .arg(&roster)
        .arg("--lms-out")
        .arg(&roster)
        .assert()
        .code(2)
        .stderr(one_error_line("would be written over --roster"));
    assert_eq!(
        std::fs::read_to_string(&roster).unwrap(),
        "login,name\ncorrect,Ada\ngrace,Grace\n"
    );
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
