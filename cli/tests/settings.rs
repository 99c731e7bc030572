//! `queens.toml` from the command line: `queens grade` scores in its points
//! and takes its limits, a flag wins over it, and a bad file is one line
//! naming the file, the line and the key, for every command that reads it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use queens_grader::homeworks;
use queens_grader::results::group_of;

fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .unwrap()
}

/// The case `id` of the grader's case table for the course's first homework.
fn case(dir: &Path, id: &str) -> PathBuf {
    let made = dir.join("made");
    let ran = Command::new("python3")
        .arg(queens_grader::course::course_root().join("scripts/make-batch"))
        .arg(&made)
        .args(["--only", id])
        .output()
        .unwrap();
    assert!(ran.status.success(), "scripts/make-batch --only {id}");
    made.join(homeworks::default().name).join(id)
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&output.stderr));
    })
}

/// The one error line of a failed command.
fn error_line(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

#[test]
#[ignore = "grades a submission three times (CI runs it)"]
fn grade_scores_in_the_points_of_queens_toml_and_flags_win_over_it() {
    let dir = tempfile::tempdir().unwrap();
    let submission = case(dir.path(), "correct");
    let submission = submission.to_str().unwrap();
    let homework = homeworks::default();
    let first = group_of(homework.tests[0].name);
    let tests = homework
        .test_names()
        .filter(|t| group_of(t) == first)
        .count();
    let settings = dir.path().join("queens.toml");
    std::fs::write(
        &settings,
        format!(
            "[grading]\ntimeout = \"1ms\"\n[exercise.{homework}.points]\n{first} = {}\n",
            10 * tests
        ),
    )
    .unwrap();
    let settings = settings.to_str().unwrap();
    let expected = 10 * tests + (homework.tests.len() - tests);
    // Its limit: no build finishes in a millisecond.
    let limited = queens(&[
        "grade",
        submission,
        "--settings",
        settings,
        "--format",
        "json",
    ]);
    assert_eq!(json(&limited)["status"], "timed-out");
    // The flag wins: graded, in the file's points.
    let graded = queens(&[
        "grade",
        submission,
        "--settings",
        settings,
        "--timeout",
        "300",
        "--format",
        "json",
    ]);
    let report = json(&graded);
    assert_eq!(report["status"], "graded", "{report}");
    assert_eq!(report["score"], expected);
    assert_eq!(report["max_score"], expected);
    assert_eq!(report["blanks"][0]["max_score"], 10 * tests);
    // The CSV row counts the same points.
    let csv = queens(&[
        "grade",
        submission,
        "--settings",
        settings,
        "--timeout",
        "300",
        "--format",
        "csv",
    ]);
    let text = String::from_utf8_lossy(&csv.stdout).into_owned();
    let mut rows = text.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let row: Vec<&str> = rows.next().unwrap().split(',').collect();
    let column = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(column("total"), expected.to_string(), "{text}");
    assert_eq!(column("max"), expected.to_string(), "{text}");
    // Without the file, one point a test.
    let plain = json(&queens(&["grade", submission, "--format", "json"]));
    assert_eq!(plain["score"], homework.tests.len());
}

#[test]
fn a_bad_queens_toml_is_one_line_naming_the_file_the_line_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let homework = homeworks::default();
    let bad = dir.path().join("queens.toml");
    std::fs::write(
        &bad,
        format!("[grading]\ntest_timeout = \"5s\"\n[exercise.{homework}.points]\nblank_77 = 3\n"),
    )
    .unwrap();
    let line = error_line(&queens(&["grade", "--settings", bad.to_str().unwrap()]));
    assert!(line.contains("queens.toml:4:"), "{line}");
    assert!(line.contains("blank_77"), "{line}");
    // The commands that show the points refuse it the same way.
    let handout = queens_grader::course::course_root().join("exercises");
    for command in [&["tests"][..], &["watch", handout.to_str().unwrap()]] {
        let line = error_line(&queens(
            &[command, &["--settings", bad.to_str().unwrap()]].concat(),
        ));
        assert!(line.contains("queens.toml:4:"), "{command:?}: {line}");
    }
    // The Gradescope bundle and the GitHub workflows refuse it too, before
    // writing anything.
    std::fs::write(dir.path().join("Cargo.toml"), "").unwrap();
    let course = dir.path().to_str().unwrap();
    let zip = dir.path().join("autograder.zip");
    let line = error_line(&queens(&[
        "autograder",
        "gradescope",
        "--course",
        course,
        "--out",
        zip.to_str().unwrap(),
    ]));
    assert!(line.contains("queens.toml:4:"), "{line}");
    assert!(!zip.exists());
    let out = dir.path().join("copy");
    let line = error_line(&queens(&[
        "handout",
        "--course",
        course,
        "--out",
        out.to_str().unwrap(),
        "--workflow",
        "actions",
        "--course-repository",
        "teacher/queens",
        "--course-revision",
        &"a".repeat(40),
    ]));
    assert!(line.contains("queens.toml:4:"), "{line}");
    assert!(!out.exists());
}

#[test]
fn the_github_workflows_need_a_repository_and_a_full_commit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("copy");
    let out = out.to_str().unwrap();
    for workflow in ["actions", "classroom50"] {
        let missing = queens(&["handout", "--out", out, "--workflow", workflow]);
        assert_eq!(missing.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&missing.stderr).contains("--course-repository"));
        let line = error_line(&queens(&[
            "handout",
            "--out",
            out,
            "--workflow",
            workflow,
            "--course-repository",
            "teacher/queens",
            "--course-revision",
            "main",
        ]));
        assert!(line.contains("full commit id"), "{line}");
    }
    // GitHub Classroom is gone: its flag says what replaced it.
    let line = error_line(&queens(&[
        "handout",
        "--out",
        out,
        "--github-classroom",
        "--course-repository",
        "teacher/queens",
        "--course-revision",
        &"a".repeat(40),
    ]));
    assert!(line.contains("discontinued on 2026-08-28"), "{line}");
    assert!(line.contains("--workflow classroom50"), "{line}");
    assert!(line.contains("--workflow actions"), "{line}");
    assert!(!std::path::Path::new(out).exists());
}
