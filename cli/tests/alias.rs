//! `cargo queens …` from anywhere in the course: the alias in
//! `.cargo/config.toml`, seen by cargo from the root and from `exercises/`,
//! and the command it runs taking the folder it is run in.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::Command as CargoBin;
use predicates::prelude::*;
use queens_grader::course::course_root;

/// The command the alias stands for.
const ALIAS: &str = "run --package queens-cli --bin queens --";

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The two folders a student types commands in.
fn folders() -> [PathBuf; 2] {
    let root = course_root();
    [root.clone(), root.join("exercises")]
}

#[test]
fn the_alias_is_in_the_courses_cargo_config() {
    let text = std::fs::read_to_string(course_root().join(".cargo/config.toml")).unwrap();
    let config: toml_edit::DocumentMut = text.parse().expect(".cargo/config.toml is TOML");
    assert_eq!(config["alias"]["queens"].as_str(), Some(ALIAS));
}

#[test]
fn cargo_knows_the_alias_from_the_root_and_from_exercises() {
    for folder in folders() {
        let out = cargo()
            .args(["help", "queens"])
            .current_dir(&folder)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {out:?}", folder.display());
        assert!(said.contains(ALIAS), "{}: {said}", folder.display());
    }
}

/// A copy of the handout crate, as a student's `exercises/` folder.
fn exercises_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let from = course_root().join("exercises");
    let mut files = vec!["Cargo.toml".to_owned()];
    for homework in queens_grader::homeworks::ALL {
        files.extend([homework.source, homework.test_file, homework.hints].map(str::to_owned));
    }
    for file in files {
        let to = tmp.path().join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from.join(&file), &to).unwrap();
    }
    tmp
}

/// Inside `exercises/`, `grade` with no path grades this folder (the root's
/// `exercises/` is what it grades from the root).
#[test]
fn grade_inside_exercises_grades_that_folder() {
    let tmp = exercises_copy();
    let out = CargoBin::cargo_bin("queens")
        .unwrap()
        .args(["grade", "--json"])
        .current_dir(tmp.path())
        .assert()
        .success();
    let grade: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(grade["submission"], ".", "{grade}");
    let nqueens = queens_grader::homeworks::default();
    assert_eq!(grade["max_score"], nqueens.tests.len(), "{grade}");
    // An empty folder is neither: the message names exercises/.
    let empty = tempfile::tempdir().unwrap();
    CargoBin::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .current_dir(empty.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exercises does not exist"));
}

/// The real thing, `cargo queens hint 2` and `cargo queens grade` from both
/// folders, in a target folder of its own (the tests' `queens` binary is
/// built with the tests' features, and is running): the first run builds the
/// command line, minutes on 2 cores.
#[test]
#[ignore = "builds the command line in its own target folder (minutes)"]
fn cargo_queens_runs_from_the_root_and_from_exercises() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("alias-target");
    let hints = tempfile::tempdir().unwrap();
    for folder in folders() {
        let run = |args: &[&str]| {
            let out = cargo()
                .arg("queens")
                .args(args)
                .current_dir(&folder)
                .env("CARGO_TARGET_DIR", &target)
                .env("QUEENS_HINT_STATE", hints.path().join("shown.json"))
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}: {args:?}: {out:?}",
                folder.display()
            );
            String::from_utf8(out.stdout).unwrap()
        };
        assert!(run(&["hint", "2"]).starts_with("blank 2: insert\n"));
        let grade: serde_json::Value = serde_json::from_str(&run(&["grade", "--json"])).unwrap();
        assert!(grade["max_score"].as_u64().unwrap() > 0, "{grade}");
    }
}
