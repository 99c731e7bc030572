//! The autograders for grading platforms, tried as the platforms run them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::platforms::{
    CLASSROOM_COURSE_DIR, CLASSROOM_TOOLCHAIN, GITHUB_CLASSROOM_WORKFLOW, step_id,
};
use yaml_rust2::{Yaml, YamlLoader};

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
/// out (`source/`, `run_autograder`, an empty `submission/`), with
/// `settings` as the course's queens.toml; returns the folder (kept alive by
/// the first) and the layout's root.
fn gradescope_layout(
    homework: &queens_grader::homework::Homework,
    settings: Option<&str>,
) -> (tempfile::TempDir, PathBuf) {
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
    // The instructor's queens.toml, as the bundle carries it.
    if let Some(settings) = settings {
        std::fs::write(root.join("source/queens.toml"), settings).unwrap();
    }
    std::fs::create_dir_all(root.join("submission")).unwrap();
    (dir, root)
}

/// The file of the case `id` of the grader's case table (made from the
/// reference by scripts/make-batch).
fn case_file(homework: &queens_grader::homework::Homework, id: &str) -> String {
    let made = tempfile::tempdir().unwrap();
    let ran = Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg(made.path().join("made"))
        .args(["--only", id])
        .status()
        .unwrap();
    assert!(ran.success(), "scripts/make-batch --only {id}");
    std::fs::read_to_string(
        made.path()
            .join("made")
            .join(homework.name)
            .join(id)
            .join("src")
            .join(homework.file_name()),
    )
    .unwrap()
}

/// Runs the layout's `run_autograder` as Gradescope does, with `env` added.
/// setup.sh installs Rust and builds queens (minutes, with network): here
/// the binary under test stands in, with the course's warm scratch
/// (`scripts/gradescope-chroot` runs setup.sh itself, in a bare root).
fn run_autograder_in(root: &Path, env: &[(&str, &str)]) -> std::process::Output {
    let _ = std::fs::remove_file(root.join("results/results.json"));
    Command::new("bash")
        .arg(root.join("run_autograder"))
        .env("AUTOGRADER_ROOT", root)
        .env("QUEENS", env!("CARGO_BIN_EXE_queens"))
        .env("QUEENS_SCRATCH", course().join("target/grading-scratch"))
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

/// The layout's results.json after a run that must have succeeded.
fn results_of(root: &Path, ran: &std::process::Output) -> serde_json::Value {
    assert!(
        ran.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr)
    );
    let results = std::fs::read_to_string(root.join("results/results.json")).unwrap();
    let results = serde_json::from_str(&results).unwrap();
    follows_gradescopes_specification(&results);
    results
}

/// Unpacks `homework`'s bundle as Gradescope does, grades the case `id` of
/// the grader's case table uploaded as the homework's file alone with
/// `run_autograder`, and returns results.json.
fn run_autograder(
    homework: &queens_grader::homework::Homework,
    id: &str,
    settings: Option<&str>,
) -> serde_json::Value {
    let (_dir, root) = gradescope_layout(homework, settings);
    std::fs::write(
        root.join("submission").join(homework.file_name()),
        case_file(homework, id),
    )
    .unwrap();
    let ran = run_autograder_in(&root, &[]);
    results_of(&root, &ran)
}

/// The fields of Gradescope's `results.json` and their JSON types, from its
/// autograder specification
/// (<https://gradescope-autograders.readthedocs.io/en/latest/specs/>,
/// "Output format"): the submission's, then each test's.
const SUBMISSION_FIELDS: [(&str, &str); 11] = [
    ("score", "number"),
    ("execution_time", "number"),
    ("output", "string"),
    ("output_format", "format"),
    ("test_output_format", "format"),
    ("test_name_format", "format"),
    ("visibility", "visibility"),
    ("stdout_visibility", "visibility"),
    ("extra_data", "object"),
    ("tests", "array"),
    ("leaderboard", "array"),
];
const TEST_FIELDS: [(&str, &str); 11] = [
    ("score", "number"),
    ("max_score", "number"),
    ("status", "status"),
    ("name", "string"),
    ("name_format", "format"),
    ("number", "string"),
    ("output", "string"),
    ("output_format", "format"),
    ("tags", "strings"),
    ("visibility", "visibility"),
    ("extra_data", "object"),
];

/// `value` is of the specification's `kind`.
fn is_kind(value: &serde_json::Value, kind: &str) -> bool {
    let one_of = |names: &[&str]| value.as_str().is_some_and(|v| names.contains(&v));
    match kind {
        "number" => value.is_number(),
        "string" => value.is_string(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "strings" => value
            .as_array()
            .is_some_and(|items| items.iter().all(serde_json::Value::is_string)),
        "format" => one_of(&["text", "html", "simple_format", "md", "ansi"]),
        "visibility" => one_of(&["hidden", "after_due_date", "after_published", "visible"]),
        "status" => one_of(&["passed", "failed"]),
        other => panic!("unknown kind {other}"),
    }
}

/// Only the specification's fields, each of its type; what we promise
/// besides: Markdown, a tag per test, scores adding up.
fn follows_gradescopes_specification(results: &serde_json::Value) {
    let check = |object: &serde_json::Value, fields: &[(&str, &str)]| {
        for (key, value) in object.as_object().expect("an object") {
            let (_, kind) = fields
                .iter()
                .find(|(name, _)| name == key)
                .unwrap_or_else(|| panic!("{key} is not a field of Gradescope's results.json"));
            assert!(is_kind(value, kind), "{key} = {value} is not a {kind}");
        }
    };
    check(results, &SUBMISSION_FIELDS);
    assert_eq!(results["output_format"], "md");
    assert_eq!(results["test_output_format"], "md");
    let tests = results["tests"].as_array().unwrap();
    let mut score = 0.0;
    for test in tests {
        check(test, &TEST_FIELDS);
        assert_eq!(test["tags"].as_array().unwrap().len(), 1, "{test}");
        assert!(test["extra_data"]["test"].is_string(), "{test}");
        score += test["score"].as_f64().unwrap();
    }
    assert_eq!(results["score"].as_f64().unwrap(), score);
    assert!(results["extra_data"]["groups"].is_object(), "{results}");
}

#[test]
fn gradescope_bundle_grades_a_submission_where_gradescope_puts_it() {
    let nqueens = homeworks::default();
    let count = nqueens.tests.len();
    let results = run_autograder(nqueens, "correct", None);
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), count);
    assert_eq!(results["score"], count);
    assert!(tests.iter().all(|t| t["status"] == "passed"), "{results}");
    assert!(
        tests.iter().all(|t| t["visibility"] == "visible"),
        "{results}"
    );
    let half = run_autograder(nqueens, "half-correct", None);
    let score = half["score"].as_u64().unwrap();
    assert!(0 < score && score < count as u64, "{half}");
    // A submission that does not compile: 0, the compiler's errors fenced.
    let broken = run_autograder(nqueens, "non-compiling", None);
    assert_eq!(broken["score"], 0);
    let output = broken["output"].as_str().unwrap();
    assert!(output.contains("compile-error"), "{output}");
    assert!(output.contains("```text\nerror"), "{output}");
    assert!(output.trim_end().ends_with("```"), "{output}");
    // Another homework's bundle grades that homework's file.
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let results = run_autograder(sudoku, "sudoku-wrong-b2-box-key", None);
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), sudoku.tests.len(), "{results}");
    let score = results["score"].as_u64().unwrap();
    assert!(0 < score && score < sudoku.tests.len() as u64, "{results}");
}

/// The bundle grades in the points and visibility of the course's
/// queens.toml, for every homework.
#[test]
fn gradescope_bundle_grades_in_the_points_of_queens_toml() {
    for homework in homeworks::ALL {
        let groups: Vec<&str> = {
            let mut groups: Vec<&str> = homework
                .test_names()
                .map(queens_grader::results::group_of)
                .collect();
            groups.dedup();
            groups
        };
        let (first, last) = (groups[0], groups[groups.len() - 1]);
        let tests_of = |group: &str| {
            homework
                .test_names()
                .filter(|t| queens_grader::results::group_of(t) == group)
                .count() as u64
        };
        let settings = format!(
            "[exercise.{homework}.points]\n{first} = {}\n\
             [exercise.{homework}.visibility]\n{last} = \"after_due_date\"\n",
            10 * tests_of(first)
        );
        let results = run_autograder(
            homework,
            &format!("{}correct", prefix(homework)),
            Some(&settings),
        );
        let tests = results["tests"].as_array().unwrap();
        let expected = 10 * tests_of(first) + (homework.tests.len() as u64 - tests_of(first));
        assert_eq!(results["score"].as_u64(), Some(expected), "{results}");
        for test in tests {
            let group = test["tags"][0].as_str().unwrap();
            let points = if group == first { 10 } else { 1 };
            assert_eq!(test["max_score"].as_u64(), Some(points), "{test}");
            let visibility = if group == last {
                "after_due_date"
            } else {
                "visible"
            };
            assert_eq!(test["visibility"], visibility, "{test}");
        }
        assert_eq!(
            results["extra_data"]["groups"][first]["max_score"].as_u64(),
            Some(10 * tests_of(first))
        );
    }
}

/// The bundle carries what building and grading need and nothing a student
/// may not read: no reference answers, no course tests (their cases are
/// full solutions), no class data; setup.sh fails loudly.
#[test]
fn gradescope_bundle_carries_nothing_a_student_may_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("autograder.zip");
    queens_writes(&["autograder", "gradescope"], &bundle);
    let archive = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
    let names: Vec<String> = archive
        .file_names()
        .map(|name| name.unwrap().into_owned())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    for forbidden in [
        "solutions/",
        "grader/tests/",
        "cli/tests/",
        "tests/",
        "notebooks/",
        ".github/",
        "scripts/",
    ] {
        assert!(
            !names.iter().any(|n| n.starts_with(forbidden)),
            "{forbidden} is in the bundle"
        );
    }
    for needed in [
        "Cargo.lock",
        "src/lib.rs",
        "grader/src/lib.rs",
        "exercises/src/lib.rs",
    ] {
        assert!(names.contains(&needed), "{needed} is missing");
    }
    let manifest = {
        let mut archive = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
        let mut text = String::new();
        std::io::Read::read_to_string(&mut archive.by_name("Cargo.toml").unwrap(), &mut text)
            .unwrap();
        text
    };
    assert!(!manifest.contains("\"solutions\""), "{manifest}");
    let setup = queens_grader::platforms::gradescope_setup(homeworks::default());
    assert!(setup.contains("set -euo pipefail"), "{setup}");
    assert!(!setup.contains("|| true"), "{setup}");
    assert!(setup.contains("grade --prepare"), "{setup}");
    assert!(setup.contains("chmod 700 \"$root/source\""), "{setup}");
}

/// A grader problem fails the autograder (Gradescope shows it failed, to be
/// regraded) instead of giving every student a 0: here the course requires
/// the sandbox and bubblewrap cannot run.
#[test]
fn gradescope_fails_on_a_grader_problem_instead_of_giving_a_zero() {
    let homework = homeworks::default();
    let (_dir, root) = gradescope_layout(homework, None);
    std::fs::write(
        root.join("submission").join(homework.file_name()),
        std::fs::read_to_string(course().join("exercises").join(homework.source)).unwrap(),
    )
    .unwrap();
    let missing = root.join("no-such-bwrap");
    let ran = run_autograder_in(
        &root,
        &[
            ("QUEENS_SANDBOX", "required"),
            (queens_grader::sandbox::BWRAP_ENV, missing.to_str().unwrap()),
        ],
    );
    assert!(!ran.status.success(), "run_autograder succeeded");
    assert!(
        !root.join("results/results.json").exists(),
        "a results.json was written: {}",
        std::fs::read_to_string(root.join("results/results.json")).unwrap_or_default()
    );
    let said = String::from_utf8_lossy(&ran.stderr);
    assert!(said.contains("could not grade"), "{said}");
}

/// Gradescope uploads as students make them: one `.rs` file of any name, a
/// repository folder holding the homework's file, or two candidate files
/// (one clear rejection, not a grade). Slow: two submissions built.
#[test]
#[ignore = "slow: builds two submissions"]
fn gradescope_accepts_a_renamed_upload_and_a_nested_folder() {
    let homework = homeworks::default();
    let correct = case_file(homework, "correct");
    let (_dir, root) = gradescope_layout(homework, None);
    let submission = root.join("submission");
    std::fs::write(submission.join("nqueens.rs"), &correct).unwrap();
    let results = results_of(&root, &run_autograder_in(&root, &[]));
    assert_eq!(results["score"], homework.tests.len(), "{results}");
    std::fs::remove_file(submission.join("nqueens.rs")).unwrap();
    let nested = submission.join("myrepo/exercises/src");
    std::fs::create_dir_all(&nested).unwrap();
    std::fs::write(nested.join(homework.file_name()), &correct).unwrap();
    std::fs::write(submission.join("myrepo/README.md"), "mine\n").unwrap();
    let results = results_of(&root, &run_autograder_in(&root, &[]));
    assert_eq!(results["score"], homework.tests.len(), "{results}");
    std::fs::remove_dir_all(submission.join("myrepo")).unwrap();
    std::fs::write(submission.join("a.rs"), &correct).unwrap();
    std::fs::write(submission.join("b.rs"), &correct).unwrap();
    let results = results_of(&root, &run_autograder_in(&root, &[]));
    assert_eq!(results["extra_data"]["status"], "rejected", "{results}");
    let output = results["output"].as_str().unwrap();
    assert!(
        output.contains("a.rs") && output.contains("b.rs"),
        "{output}"
    );
}

/// The case ids of a homework other than the first start with its name.
fn prefix(homework: &queens_grader::homework::Homework) -> String {
    if homework.default {
        String::new()
    } else {
        format!("{homework}-")
    }
}

/// A submission to the Classroom: its label, the homework files handed in
/// (each a case of the grader's case table), and whether the rest of the
/// student's repository is edited.
type Submission<'a> = (&'a str, Vec<(&'a Homework, &'a str)>, bool);

/// A full commit id for the generated workflows.
const REVISION: &str = "0123456789abcdef0123456789abcdef01234567";

/// `queens handout --out DIR --github-classroom` for the course repository
/// `teacher/queens` at [`REVISION`]: the template repository.
fn classroom_template(dir: &Path) -> (PathBuf, Yaml) {
    let template = dir.join("template");
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["handout", "--github-classroom", "--out"])
        .arg(&template)
        .args(["--course-repository", "teacher/queens"])
        .args(["--course-revision", REVISION])
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let text = std::fs::read_to_string(template.join(GITHUB_CLASSROOM_WORKFLOW)).unwrap();
    let mut docs = YamlLoader::load_from_str(&text).unwrap();
    assert_eq!(docs.len(), 1);
    (template, docs.remove(0))
}

/// Copies the folder `from` into `to`.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The steps that set up a runner and that this test does not repeat: the
/// toolchain (this one is installed), bubblewrap (installed or not, the same
/// `--sandbox` policy decides), and the course's build (the binary under
/// test is that build: `QUEENS`).
const RUNNER_SETUP: [&str; 3] = ["toolchain", "bubblewrap", "build"];

/// What the workflow reported: per homework, the points of its test steps
/// that passed; and every test step's output, by its name (`HOMEWORK TEST`).
struct Reported {
    scores: BTreeMap<String, u64>,
    outputs: BTreeMap<String, String>,
}

/// Runs the workflow's steps as Actions would, in `workspace` holding the
/// student's repository in `submission/` and the instructor's course (this
/// checkout) in `.queens/course`: each `run` with `bash -e`, each command
/// grader's command in a shell with only PATH and HOME (as that action
/// runs it), its points counted when it exits 0.
fn run_classroom(workflow: &Yaml, workspace: &Path) -> Reported {
    let job = &workflow["jobs"]["run-autograding-tests"];
    let queens_dir = workspace.join(".queens");
    std::fs::create_dir_all(&queens_dir).unwrap();
    let link = workspace.join(CLASSROOM_COURSE_DIR);
    if !link.exists() {
        std::os::unix::fs::symlink(course(), &link).unwrap();
    }
    let mut reported = Reported {
        scores: BTreeMap::new(),
        outputs: BTreeMap::new(),
    };
    for step in job["steps"].as_vec().unwrap() {
        let id = step["id"].as_str().unwrap_or_default();
        if RUNNER_SETUP.contains(&id) {
            continue;
        }
        let uses = step["uses"].as_str().unwrap_or_default();
        if let Some(run) = step["run"].as_str() {
            let ran = Command::new("bash")
                .arg("-e")
                .arg("-c")
                .arg(run)
                .current_dir(workspace)
                .env("QUEENS", env!("CARGO_BIN_EXE_queens"))
                .output()
                .unwrap();
            assert!(
                ran.status.success(),
                "step {id}: {run}\n{}",
                String::from_utf8_lossy(&ran.stderr)
            );
        } else if uses.starts_with("classroom-resources/autograding-command-grader@") {
            let with = &step["with"];
            let command = with["command"].as_str().unwrap();
            let ran = Command::new("bash")
                .arg("-c")
                .arg(command)
                .current_dir(workspace)
                .env_clear()
                .env("PATH", std::env::var("PATH").unwrap())
                .env("HOME", std::env::var("HOME").unwrap())
                .output()
                .unwrap();
            let name = with["test-name"].as_str().unwrap();
            let homework = name.split_once(' ').unwrap().0;
            let points = with["max-score"].as_i64().unwrap() as u64;
            *reported.scores.entry(homework.to_owned()).or_default() +=
                if ran.status.success() { points } else { 0 };
            reported.outputs.insert(
                name.to_owned(),
                String::from_utf8_lossy(&ran.stdout).into_owned(),
            );
        }
    }
    reported
}

/// `queens grade PATH --exercise HOMEWORK --format json` here: the score.
fn local_score(path: &Path, homework: &str) -> u64 {
    let ran = Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("grade")
        .arg(path)
        .args(["--exercise", homework, "--format", "json"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&ran.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&ran.stderr)));
    report["score"].as_u64().unwrap()
}

#[test]
fn github_classroom_workflow_grades_with_the_pinned_course_and_never_skips_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let (template, workflow) = classroom_template(dir.path());
    let job = &workflow["jobs"]["run-autograding-tests"];
    assert!(job["timeout-minutes"].as_i64().is_some_and(|m| m > 0));
    assert!(
        job["if"]
            .as_str()
            .unwrap()
            .contains("github-classroom[bot]")
    );
    let steps = job["steps"].as_vec().unwrap();
    // The student's repository and the course, side by side; the course at
    // the pinned commit.
    let checkouts: Vec<&Yaml> = steps
        .iter()
        .filter(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/checkout@"))
        })
        .collect();
    assert_eq!(checkouts.len(), 2);
    assert_eq!(checkouts[0]["with"]["path"].as_str(), Some("submission"));
    assert_eq!(
        checkouts[1]["with"]["repository"].as_str(),
        Some("teacher/queens")
    );
    assert_eq!(checkouts[1]["with"]["ref"].as_str(), Some(REVISION));
    assert_eq!(
        checkouts[1]["with"]["path"].as_str(),
        Some(CLASSROOM_COURSE_DIR)
    );
    // Pinned toolchain, cached build, the grader built from the course.
    let by_id = |id: &str| {
        steps
            .iter()
            .find(|s| s["id"].as_str() == Some(id))
            .unwrap_or_else(|| panic!("no step {id}"))
    };
    let toolchain = by_id("toolchain")["run"].as_str().unwrap();
    assert!(toolchain.contains(&format!("rustup default {CLASSROOM_TOOLCHAIN}")));
    assert!(steps.iter().any(|s| {
        s["uses"]
            .as_str()
            .is_some_and(|u| u.starts_with("actions/cache@"))
            && s["with"]["path"]
                .as_str()
                .is_some_and(|p| p.contains(&format!("{CLASSROOM_COURSE_DIR}/target")))
    }));
    let build = by_id("build");
    assert!(build["timeout-minutes"].as_i64().is_some());
    assert!(build["run"].as_str().unwrap().contains(&format!(
        "--manifest-path {CLASSROOM_COURSE_DIR}/Cargo.toml"
    )));
    // Nothing of the student's repository is built: every command names the
    // course's binary or reads results.
    for step in steps {
        let run = step["run"].as_str().unwrap_or_default().to_owned()
            + step["with"]["command"].as_str().unwrap_or_default();
        assert!(!run.contains("cargo test"), "{run}");
        assert!(!run.contains("-p exercises"), "{run}");
    }
    // After the build, every step runs whatever the ones before did.
    let build_at = steps
        .iter()
        .position(|s| s["id"].as_str() == Some("build"))
        .unwrap();
    for step in &steps[build_at + 1..] {
        assert_eq!(
            step["if"].as_str(),
            Some("${{ !cancelled() }}"),
            "{:?}",
            step["name"]
        );
    }
    assert!(
        steps
            .iter()
            .all(|s| !s["if"].as_str().unwrap_or_default().contains("success()"))
    );
    // One command grader per graded test of every homework, worth its points,
    // each with a timeout in minutes; the reporter names them all.
    let graders: Vec<&Yaml> = steps
        .iter()
        .filter(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("classroom-resources/autograding-command-grader@"))
        })
        .collect();
    let expected: Vec<String> = homeworks::ALL
        .iter()
        .flat_map(|h| h.test_names().map(move |t| format!("{h} {t}")))
        .collect();
    let names: Vec<&str> = graders
        .iter()
        .map(|s| s["with"]["test-name"].as_str().unwrap())
        .collect();
    assert_eq!(names, expected);
    for grader in &graders {
        assert_eq!(grader["with"]["timeout"].as_i64(), Some(1));
        assert_eq!(grader["with"]["max-score"].as_i64(), Some(1));
    }
    let reporter = steps.last().unwrap();
    assert!(
        reporter["uses"]
            .as_str()
            .unwrap()
            .starts_with("classroom-resources/autograding-grading-reporter@")
    );
    let runners = reporter["with"]["runners"].as_str().unwrap();
    assert_eq!(runners.split(',').count(), expected.len());
    for homework in homeworks::ALL {
        for test in homework.test_names() {
            let id = step_id(homework, test);
            assert!(runners.split(',').any(|r| r == id), "{id}");
        }
    }
    // The header lists what to protect and what remains possible.
    let text = std::fs::read_to_string(template.join(GITHUB_CLASSROOM_WORKFLOW)).unwrap();
    for path in [
        ".github/",
        "src/",
        "grader/",
        "exercises/tests/",
        "Cargo.toml",
        "Cargo.lock",
        "queens.toml",
    ] {
        assert!(text.contains(path), "the header does not name {path}");
    }
    assert!(text.contains("What remains possible"));

    // Run it: each submission in the student's repository made from the
    // template, the course next to it, as Actions would.
    let made = dir.path().join("made");
    let ids = [
        "correct",
        "half-correct",
        "non-compiling",
        "sudoku-correct",
        "sudoku-wrong-b2-box-key",
        "bitmask-correct",
        "bitmask-wrong-b2-shifts-swapped",
    ];
    let ran = Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg(&made)
        .args(["--only", &ids.join(",")])
        .status()
        .unwrap();
    assert!(ran.success());
    let case = |homework: &Homework, id: &str| {
        made.join(homework.name)
            .join(id)
            .join("src")
            .join(homework.file_name())
    };
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let bitmask = homeworks::by_name("bitmask").unwrap();
    let nqueens = homeworks::default();
    // (label, the files handed in, whether src/, grader/, the tests and the
    // manifests of the student's repository are edited to pass everything).
    let submissions: [Submission; 4] = [
        (
            "correct",
            vec![
                (nqueens, "correct"),
                (sudoku, "sudoku-correct"),
                (bitmask, "bitmask-correct"),
            ],
            false,
        ),
        (
            "wrong",
            vec![
                (nqueens, "half-correct"),
                (sudoku, "sudoku-wrong-b2-box-key"),
                (bitmask, "bitmask-wrong-b2-shifts-swapped"),
            ],
            false,
        ),
        ("non-compiling", vec![(nqueens, "non-compiling")], false),
        ("src-edited", vec![(nqueens, "half-correct")], true),
    ];
    // Local grading of each file once (the same file, the same score).
    let mut local_scores: BTreeMap<(&str, Option<&str>), u64> = BTreeMap::new();
    for (label, files, edited) in submissions {
        let workspace = dir.path().join(label);
        let repository = workspace.join("submission");
        copy_tree(&template, &repository);
        for &(homework, id) in &files {
            std::fs::copy(
                case(homework, id),
                repository.join("exercises").join(homework.source),
            )
            .unwrap();
        }
        if edited {
            // Whatever the student's repository holds besides the homework
            // files is never built: a library, a grader and tests that would
            // pass everything change nothing.
            std::fs::write(
                repository.join("src/lib.rs"),
                "compile_error!(\"edited\");\n",
            )
            .unwrap();
            std::fs::write(repository.join("grader/src/lib.rs"), "").unwrap();
            for homework in homeworks::ALL {
                std::fs::write(
                    repository.join("exercises").join(homework.test_file),
                    "#[test]\nfn everything_passes() {}\n",
                )
                .unwrap();
            }
            let manifest = repository.join("exercises/Cargo.toml");
            let text = std::fs::read_to_string(&manifest).unwrap();
            std::fs::write(&manifest, text.replace("[[test]]", "[[bench]]")).unwrap();
            std::fs::write(
                repository.join("queens.toml"),
                "[exercise.nqueens.points]\nblank_1 = 1000\n",
            )
            .unwrap();
        }
        let reported = run_classroom(&workflow, &workspace);
        for homework in homeworks::ALL {
            // Local grading of the same file (the untouched handout where
            // none was handed in).
            let handed_in = files
                .iter()
                .find(|(h, _)| *h == *homework)
                .map(|&(_, id)| id);
            let local = *local_scores
                .entry((homework.name, handed_in))
                .or_insert_with(|| match handed_in {
                    Some(id) => local_score(&case(homework, id), homework.name),
                    None => local_score(&template.join("exercises"), homework.name),
                });
            assert_eq!(
                reported.scores.get(homework.name).copied().unwrap_or(0),
                local,
                "{label}: {homework}: {:?}",
                reported.outputs.values().next()
            );
        }
        match label {
            "correct" => {
                for homework in homeworks::ALL {
                    assert_eq!(
                        reported.scores[homework.name],
                        homework.tests.len() as u64,
                        "{homework}"
                    );
                }
            }
            "wrong" | "src-edited" => {
                let score = reported.scores[nqueens.name];
                assert!(0 < score && score < nqueens.tests.len() as u64, "{label}");
            }
            "non-compiling" => {
                assert_eq!(reported.scores[nqueens.name], 0);
                for test in nqueens.test_names() {
                    let output = &reported.outputs[&format!("{nqueens} {test}")];
                    assert!(output.contains("compile-error"), "{test}: {output}");
                    assert!(
                        output.contains("The compiler's errors:"),
                        "{test}: {output}"
                    );
                }
            }
            _ => unreachable!(),
        }
    }
}
