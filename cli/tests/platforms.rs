//! The autograders for grading platforms, tried as the platforms run them.

use std::path::PathBuf;
use std::process::Command;

use queens_grader::homeworks;
use queens_grader::platforms::{GITHUB_CLASSROOM_WORKFLOW, step_id};

fn course() -> PathBuf {
    queens_grader::course::course_root()
}

/// Runs `queens ARGS --out OUT` and insists it succeeds.
fn queens_writes(args: &[&str], out: &std::path::Path) {
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "queens {args:?}: {}",
        String::from_utf8_lossy(&made.stderr)
    );
}

/// Unpacks `homework`'s bundle into a folder laid out as Gradescope lays it
/// out (`source/`, `run_autograder`, `submission/`, `results/`), grades the
/// case `id` of the grader's case table with `run_autograder`, and returns
/// results.json.
fn run_autograder(homework: &queens_grader::homework::Homework, id: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("autograder.zip");
    queens_writes(
        &["autograder", "gradescope", "--exercise", homework.name],
        &bundle,
    );
    let root = dir.path().join("autograder");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
    archive.extract(root.join("source")).unwrap();
    for script in ["setup.sh", "run_autograder"] {
        let text = std::fs::read_to_string(root.join("source").join(script)).unwrap();
        assert!(text.starts_with("#!/usr/bin/env bash"), "{script}");
        let syntax = Command::new("bash")
            .arg("-n")
            .arg(root.join("source").join(script))
            .status()
            .unwrap();
        assert!(syntax.success(), "{script} is not valid bash");
    }
    std::fs::copy(
        root.join("source/run_autograder"),
        root.join("run_autograder"),
    )
    .unwrap();
    // A student who uploaded only their lib.rs.
    std::fs::create_dir_all(root.join("submission")).unwrap();
    // The case `id` of the grader's case table, made from the reference.
    let made = root.join("made");
    let ran = Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg(&made)
        .args(["--only", id])
        .status()
        .unwrap();
    assert!(ran.success(), "scripts/make-batch --only {id}");
    std::fs::copy(
        made.join(homework.name)
            .join(id)
            .join("src")
            .join(homework.file_name()),
        root.join("submission").join(homework.file_name()),
    )
    .unwrap();
    // setup.sh installs Rust and builds queens (minutes, with network): here
    // the binary under test stands in, with the course's warm scratch.
    let ran = Command::new("bash")
        .arg(root.join("run_autograder"))
        .env("AUTOGRADER_ROOT", &root)
        .env("QUEENS", env!("CARGO_BIN_EXE_queens"))
        .env("QUEENS_SCRATCH", course().join("target/grading-scratch"))
        .output()
        .unwrap();
    assert!(
        ran.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr)
    );
    let results = std::fs::read_to_string(root.join("results/results.json")).unwrap();
    serde_json::from_str(&results).unwrap()
}

#[test]
fn gradescope_bundle_grades_a_submission_where_gradescope_puts_it() {
    let nqueens = homeworks::default();
    let count = nqueens.tests.len();
    let results = run_autograder(nqueens, "correct");
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), count);
    assert_eq!(results["score"], count);
    assert!(tests.iter().all(|t| t["status"] == "passed"), "{results}");
    let half = run_autograder(nqueens, "half-correct");
    let score = half["score"].as_u64().unwrap();
    assert!(0 < score && score < count as u64, "{half}");
    // Another homework's bundle grades that homework's file.
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let results = run_autograder(sudoku, "sudoku-wrong-b2-box-key");
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), sudoku.tests.len(), "{results}");
    let score = results["score"].as_u64().unwrap();
    assert!(0 < score && score < sudoku.tests.len() as u64, "{results}");
}

#[test]
fn github_classroom_workflow_lists_every_graded_test_with_its_point() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("course");
    queens_writes(&["handout", "--github-classroom"], &out);
    let yaml = std::fs::read_to_string(out.join(GITHUB_CLASSROOM_WORKFLOW)).unwrap();
    let names: Vec<&str> = yaml
        .lines()
        .filter_map(|l| l.trim().strip_prefix("test-name: "))
        .collect();
    let expected: Vec<String> = homeworks::ALL
        .iter()
        .flat_map(|h| h.test_names().map(move |t| format!("{h} {t}")))
        .collect();
    assert_eq!(names, expected, "one entry per graded test, in order");
    assert_eq!(yaml.matches("max-score: 1\n").count(), expected.len());
    for homework in homeworks::ALL {
        for test in homework.test_names() {
            let command = format!("--test {} -- --exact {test}\n", homework.test_target);
            assert!(yaml.contains(&command), "{test}");
            let result = format!("steps.{}.outputs.result", step_id(homework, test));
            assert!(yaml.contains(&result), "{test}");
        }
        // The tests it names are the ones the student copy's harness runs.
        assert!(out.join("exercises").join(homework.test_file).is_file());
    }
}
