//! `--exercise sudoku` on the command line: `queens hint N --exercise sudoku`
//! shows the Sudoku handout's hints one at a time, apart from the N-Queens
//! ones; `queens grade --exercise sudoku` looks for `sudoku.rs`.

use assert_cmd::Command;
use predicates::prelude::*;
use queens_grader::handout::{Blank, course_root};
use queens_grader::homeworks;

fn queens(state: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("queens")
        .unwrap()
        .args(args)
        .env("QUEENS_HINT_STATE", state)
        .output()
        .unwrap()
}

fn stdout(output: &std::process::Output) -> String {
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn sudoku_hints_come_one_at_a_time_and_keep_their_own_count() {
    let hints = format!("exercises/{}", homeworks::by_name("sudoku").unwrap().hints);
    let text = std::fs::read_to_string(course_root().join(hints)).unwrap();
    let blanks: Vec<Blank> = serde_json::from_str(&text).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let state = tmp.path().join("queens-hints.json");
    let sudoku = ["hint", "1", "--exercise", "sudoku"];

    let listed = stdout(&queens(&state, &["hint", "--exercise", "sudoku"]));
    assert!(listed.contains("blank 1: prune check"), "{listed}");
    assert!(listed.contains("box"), "{listed}");

    let total = blanks[0].hints.len();
    for number in 1..=total {
        let shown = stdout(&queens(&state, &sudoku));
        let hint = format!("hint {number} of {total}: {}", blanks[0].hints[number - 1]);
        assert!(shown.contains(&hint), "{shown}");
        assert!(
            number == total || shown.contains("hint 1 --exercise sudoku"),
            "{shown}"
        );
    }
    // The N-Queens hints of blank 1 start from the first all the same.
    let nqueens = stdout(&queens(&state, &["hint", "1"]));
    assert!(nqueens.contains("hint 1 of "), "{nqueens}");
    assert!(!nqueens.contains("--exercise"), "{nqueens}");
}

#[test]
fn grading_a_missing_sudoku_submission_names_sudoku_rs() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("nobody");
    Command::cargo_bin("queens")
        .unwrap()
        .args(["grade", "--exercise", "sudoku"])
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("sudoku.rs"));
    Command::cargo_bin("queens")
        .unwrap()
        .args(["grade", "--exercise", "chess"])
        .arg(&missing)
        .assert()
        .code(2);
}
