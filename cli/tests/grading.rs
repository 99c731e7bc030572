//! The instructor's commands end to end: `queens hint`, `queens grade`,
//! `queens handout`.

use assert_cmd::Command;
use predicates::prelude::*;

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
        .stderr(
            predicate::str::contains("does not exist").and(predicate::str::contains("\n").count(1)),
        );
}

#[test]
fn handout_check_passes_on_the_committed_handout() {
    Command::cargo_bin("queens")
        .unwrap()
        .args(["handout", "--check"])
        .assert()
        .success();
}
