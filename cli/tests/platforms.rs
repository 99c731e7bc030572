//! The autograders for grading platforms, tried as the platforms run them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::workflows::TOOLCHAIN;
use queens_grader::workflows::actions::{ACTIONS_WORKFLOW, COURSE_DIR, RESULTS_DIR, SCRATCH_DIR};
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

/// About 8 s: CI runs it with the platforms' other slow tests
/// (`-- --ignored`).
#[test]
#[ignore = "about 8 s; run with --ignored"]
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
/// queens.toml, for every homework. About 11 s: CI runs it with the
/// platforms' other slow tests (`-- --ignored`).
#[test]
#[ignore = "about 11 s; run with --ignored"]
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

/// The bundle is made from the course's commit, as a student copy is: an
/// answer key lying untracked in `exercises/`, a note in a homework's
/// folder and a filled-in handout never committed stay out, each named in a
/// `WARNING:` line.
#[test]
fn gradescope_bundle_takes_the_committed_files_only() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("course");
    let cloned = Command::new("git")
        .args(["clone", "-q", "--no-hardlinks"])
        .arg(course())
        .arg(&copy)
        .status()
        .unwrap();
    assert!(cloned.success());
    let homework = homeworks::default();
    let handout = format!("exercises/{}", homework.source);
    let committed = std::fs::read(copy.join(&handout)).unwrap();
    let note = format!(
        "{}/NOTE-FOR-TAS.md",
        queens_grader::homework::folder(homework.name)
    );
    for (file, text) in [
        ("exercises/ANSWER-KEY.md", "the answers"),
        (note.as_str(), "grade blank 2 leniently"),
        (handout.as_str(), "// FILLED IN, NEVER COMMITTED\n"),
    ] {
        std::fs::write(copy.join(file), text).unwrap();
    }
    let bundle = dir.path().join("autograder.zip");
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["autograder", "gradescope", "--course"])
        .arg(&copy)
        .arg("--out")
        .arg(&bundle)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&made.stderr).into_owned();
    assert!(made.status.success(), "{said}");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
    let names: Vec<String> = archive
        .file_names()
        .map(|name| name.unwrap().into_owned())
        .collect();
    for left_out in ["exercises/ANSWER-KEY.md", note.as_str()] {
        assert!(
            !names.iter().any(|n| n == left_out),
            "{left_out} is in the bundle"
        );
        assert!(
            said.lines()
                .any(|line| line.starts_with("WARNING: ") && line.contains(left_out)),
            "no warning names {left_out}: {said}"
        );
    }
    let mut bundled = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_name(&handout).unwrap(), &mut bundled).unwrap();
    assert_eq!(
        bundled, committed,
        "the bundle's {handout} is not the committed one"
    );
    assert!(
        said.lines()
            .any(|line| line.starts_with("WARNING: ") && line.contains(&handout)),
        "no warning names {handout}: {said}"
    );
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
        homework.handout_in(&course()).unwrap(),
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
    if homework.is_default() {
        String::new()
    } else {
        format!("{homework}-")
    }
}

/// A submission to GitHub: its label, the homework files handed in (each a
/// case of the grader's case table), and whether the rest of the student's
/// repository is edited.
type Submission<'a> = (&'a str, Vec<(&'a Homework, &'a str)>, bool);

/// A full commit id for the generated workflows.
const REVISION: &str = "0123456789abcdef0123456789abcdef01234567";

/// `queens handout --out DIR --workflow actions` for the course repository
/// `teacher/queens` at [`REVISION`]: the template repository.
fn actions_template(dir: &Path) -> (PathBuf, Yaml) {
    let template = dir.join("template");
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["handout", "--workflow", "actions", "--out"])
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
    let text = std::fs::read_to_string(template.join(ACTIONS_WORKFLOW)).unwrap();
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

/// The course's warm grading scratch, shared by every run here as one
/// runner's scratch is shared by its steps.
fn shared_scratch() -> PathBuf {
    course().join("target/grading-scratch")
}

/// Runs the workflow's steps as Actions would, in `workspace` holding the
/// student's repository in `submission/` and the instructor's course (this
/// checkout) in `.queens/course`: each `run` with `bash -e`, the job summary
/// in a file; returns the summary and, per homework, its results.
fn run_actions(workflow: &Yaml, workspace: &Path) -> (String, BTreeMap<String, serde_json::Value>) {
    let job = &workflow["jobs"]["grade"];
    std::fs::create_dir_all(workspace.join(".queens")).unwrap();
    let link = workspace.join(COURSE_DIR);
    if !link.exists() {
        std::os::unix::fs::symlink(course(), &link).unwrap();
    }
    let summary = workspace.join("summary.md");
    for step in job["steps"].as_vec().unwrap() {
        let id = step["id"].as_str().unwrap_or_default();
        if RUNNER_SETUP.contains(&id) {
            continue;
        }
        if let Some(run) = step["run"].as_str() {
            let ran = Command::new("bash")
                .arg("-e")
                .arg("-c")
                .arg(run)
                .current_dir(workspace)
                .env("QUEENS", env!("CARGO_BIN_EXE_queens"))
                .env("QUEENS_SCRATCH", shared_scratch())
                .env("GITHUB_STEP_SUMMARY", &summary)
                .output()
                .unwrap();
            assert!(
                ran.status.success(),
                "step {id}: {run}\n{}",
                String::from_utf8_lossy(&ran.stderr)
            );
        }
    }
    let mut results = BTreeMap::new();
    for entry in std::fs::read_dir(workspace.join(RESULTS_DIR)).unwrap() {
        let path = entry.unwrap().path();
        let homework = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        results.insert(homework, serde_json::from_str(&text).unwrap());
    }
    (std::fs::read_to_string(summary).unwrap(), results)
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

/// Makes the grader's cases `ids` into `dir/made`; returns where a case's
/// homework file is.
fn made_cases(dir: &Path, ids: &[&str]) -> impl Fn(&Homework, &str) -> PathBuf + use<> {
    let made = dir.join("made");
    let ran = Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg(&made)
        .args(["--only", &ids.join(",")])
        .status()
        .unwrap();
    assert!(ran.success());
    move |homework: &Homework, id: &str| {
        made.join(homework.name)
            .join(id)
            .join("src")
            .join(homework.file_name())
    }
}

/// A Gradescope-format results file's points: (earned, possible).
fn points(results: &serde_json::Value) -> (u64, u64) {
    let tests = results["tests"].as_array().unwrap();
    let sum = |key: &str| tests.iter().map(|t| t[key].as_f64().unwrap() as u64).sum();
    (sum("score"), sum("max_score"))
}

#[test]
fn actions_workflow_grades_with_the_pinned_course_and_reports_every_homework() {
    let dir = tempfile::tempdir().unwrap();
    let (template, workflow) = actions_template(dir.path());
    let job = &workflow["jobs"]["grade"];
    assert!(job["timeout-minutes"].as_i64().is_some_and(|m| m > 0));
    assert_eq!(workflow["permissions"]["contents"].as_str(), Some("read"));
    let steps = job["steps"].as_vec().unwrap();
    // No GitHub Classroom left: no classroom action, no reporter.
    let text = std::fs::read_to_string(template.join(ACTIONS_WORKFLOW)).unwrap();
    assert!(!text.contains("classroom-resources/"), "{text}");
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
    assert_eq!(checkouts[1]["with"]["path"].as_str(), Some(COURSE_DIR));
    // Pinned toolchain, cached build (not the scratch), the grader built
    // from the course.
    let position = |id: &str| {
        steps
            .iter()
            .position(|s| s["id"].as_str() == Some(id))
            .unwrap_or_else(|| panic!("no step {id}"))
    };
    let toolchain = steps[position("toolchain")]["run"].as_str().unwrap();
    assert!(toolchain.contains(&format!("rustup default {TOOLCHAIN}")));
    // bubblewrap from fresh package lists: a runner image's may be stale or
    // absent, and `apt-get install` alone then fails to find it.
    let bubblewrap = steps[position("bubblewrap")]["run"].as_str().unwrap();
    let apt: Vec<&str> = (bubblewrap.lines())
        .filter(|line| line.contains("apt-get"))
        .collect();
    assert!(
        apt.len() == 2
            && apt[0].trim() == "sudo apt-get update -qq"
            && apt[1].contains("apt-get install -y -qq bubblewrap"),
        "{bubblewrap}"
    );
    let cache = steps
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("actions/cache@"))
        })
        .unwrap();
    let cached = cache["with"]["path"].as_str().unwrap();
    assert!(cached.contains(&format!("{COURSE_DIR}/target")), "{cached}");
    assert!(!cached.contains(SCRATCH_DIR), "{cached}");
    let build = &steps[position("build")];
    assert!(build["timeout-minutes"].as_i64().is_some());
    assert!(
        build["run"]
            .as_str()
            .unwrap()
            .contains(&format!("--manifest-path {COURSE_DIR}/Cargo.toml"))
    );
    // The library and the graded tests are built in a step of their own,
    // after the grader and before the first submission is graded.
    let warm = position("warm");
    assert!(position("build") < warm);
    for homework in homeworks::ALL {
        assert!(warm < position(&format!("grade-{homework}")), "{homework}");
    }
    let warm_run = steps[warm]["run"].as_str().unwrap();
    for homework in homeworks::ALL {
        assert!(
            warm_run.contains(&format!(
                "grade --prepare --exercise {homework} --course {COURSE_DIR}"
            )),
            "{warm_run}"
        );
    }
    // Nothing of the student's repository is built: every command names the
    // course's binary or reads results.
    for step in steps {
        let run = step["run"].as_str().unwrap_or_default();
        assert!(!run.contains("cargo test"), "{run}");
        assert!(!run.contains("-p exercises"), "{run}");
    }
    // After the build, every step runs whatever the ones before did; the
    // results are uploaded and summarised.
    for step in &steps[position("build") + 1..] {
        if step["id"].as_str() == Some("warm") {
            continue;
        }
        assert_eq!(
            step["if"].as_str(),
            Some("${{ !cancelled() }}"),
            "{:?}",
            step["name"]
        );
    }
    let upload = &steps[position("upload")];
    assert!(
        upload["uses"]
            .as_str()
            .unwrap()
            .starts_with("actions/upload-artifact@")
    );
    assert_eq!(
        upload["with"]["path"].as_str(),
        Some(&*format!("{RESULTS_DIR}/"))
    );
    assert!(
        steps[position("summary")]["run"]
            .as_str()
            .unwrap()
            .contains("GITHUB_STEP_SUMMARY")
    );
    // The header says what grades, with which settings, and what remains.
    for needle in [
        "queens.toml at commit 0123456789ab",
        "What remains possible",
        "Cargo.lock",
    ] {
        assert!(text.contains(needle), "the header does not say {needle}");
    }

    assert_eq!(
        workflow["env"]["QUEENS_SCRATCH"].as_str(),
        Some(&*format!("${{{{ github.workspace }}}}/{SCRATCH_DIR}"))
    );
}

/// Grades four submissions of every homework through the workflow's steps:
/// minutes, so run on demand (`--ignored`).
#[test]
#[ignore = "grades four submissions of every homework; run with --ignored"]
fn actions_workflow_run_as_actions_would_gives_the_local_scores() {
    let dir = tempfile::tempdir().unwrap();
    let (template, workflow) = actions_template(dir.path());
    // Run it: each submission in the student's repository made from the
    // template, the course next to it, as Actions would.
    let nqueens = homeworks::default();
    // Every homework of the registry, correct: its case table's `correct`
    // (the first homework's) or `NAME-correct` (as `queens homework new`
    // writes it), so a homework added later is graded here too.
    let correct: Vec<(&Homework, &str)> = homeworks::ALL
        .iter()
        .map(|&homework| {
            let id: &'static str = if homework.name == nqueens.name {
                "correct"
            } else {
                Box::leak(format!("{}-correct", homework.name).into_boxed_str())
            };
            (homework, id)
        })
        .collect();
    let mut ids = vec![
        "half-correct",
        "non-compiling",
        "sudoku-wrong-b2-box-key",
        "bitmask-wrong-b2-shifts-swapped",
    ];
    ids.extend(correct.iter().map(|&(_, id)| id));
    let case = made_cases(dir.path(), &ids);
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let bitmask = homeworks::by_name("bitmask").unwrap();
    let submissions: [Submission; 4] = [
        ("correct", correct.clone(), false),
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
            // files is never built: a library, a grader, tests and settings
            // that would pass everything change nothing.
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
            std::fs::write(
                repository.join("queens.toml"),
                "[exercise.nqueens.points]\nblank_1 = 1000\n",
            )
            .unwrap();
        }
        let (summary, results) = run_actions(&workflow, &workspace);
        for homework in homeworks::ALL {
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
            let (score, max) = points(&results[homework.name]);
            assert_eq!(score, local, "{label}: {homework}");
            assert_eq!(max, homework.tests.len() as u64, "{label}: {homework}");
            assert!(
                summary.contains(&format!("## {homework}: {score} / {max}")),
                "{label}: {summary}"
            );
        }
        match label {
            "correct" => {
                for homework in homeworks::ALL {
                    let (score, max) = points(&results[homework.name]);
                    assert_eq!(score, max, "{homework}");
                }
            }
            "wrong" | "src-edited" => {
                let (score, max) = points(&results[nqueens.name]);
                assert!(0 < score && score < max, "{label}");
            }
            "non-compiling" => {
                assert_eq!(points(&results[nqueens.name]).0, 0);
                assert!(summary.contains("compile-error"), "{summary}");
            }
            _ => unreachable!(),
        }
    }
}

/// The checks Classroom 50's runner and score collection make of a
/// `result.json` (`validate_result` in its runner.py, "The result.json
/// contract" in its wiki), with the identity this test gave.
fn follows_classroom50s_contract(result: &serde_json::Value) {
    let text = |key: &str| {
        result[key]
            .as_str()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| panic!("{key} is not a non-empty string: {result}"))
            .to_owned()
    };
    assert_eq!(text("schema"), "classroom50/result/v1");
    assert_eq!(text("classroom"), "cs-principles");
    assert_eq!(text("assignment"), "queens");
    assert!(text("submission").starts_with("submit/"));
    for key in ["commit", "release", "review", "datetime"] {
        text(key);
    }
    let count = |value: &serde_json::Value, key: &str| {
        assert!(
            value[key].is_u64(),
            "{key} is not a non-negative integer: {value}"
        );
        value[key].as_u64().unwrap()
    };
    let (score, max) = (count(result, "score"), count(result, "max-score"));
    assert!(score <= max);
    let tests = result["tests"].as_array().unwrap();
    let (mut scores, mut maxes) = (0, 0);
    let mut names = std::collections::BTreeSet::new();
    for test in tests {
        let name = test["test-name"].as_str().unwrap();
        assert!(!name.is_empty() && name.len() <= 100, "{test}");
        assert!(names.insert(name.to_owned()), "{name} twice");
        assert!(test["passed"].is_boolean(), "{test}");
        let (earned, possible) = (count(test, "score"), count(test, "max-score"));
        assert!(earned <= possible, "{test}");
        scores += earned;
        maxes += possible;
    }
    assert_eq!((score, max), (scores, maxes));
}

/// Runs the Classroom 50 `autograder` as its runner does (`python3
/// autograder.py` in the student's checkout, the identity in the
/// environment), with the binary under test and this course standing in for
/// the fetched and built one. Returns the exit status and `result.json`.
fn run_classroom50(
    autograder: &Path,
    checkout: &Path,
    queens: &str,
) -> (std::process::ExitStatus, Option<serde_json::Value>) {
    let temp = checkout.with_extension("runner-temp");
    std::fs::create_dir_all(&temp).unwrap();
    let ran = Command::new("python3")
        .arg(autograder)
        .current_dir(checkout)
        .env("CLASSROOM", "cs-principles")
        .env("ASSIGNMENT", "queens")
        .env("SUBMISSION_TAG", "submit/2026-12-02T08-00-00Z-abcdef0")
        .env("COMMIT_URL", "https://github.com/o/r/commit/abc")
        .env(
            "RELEASE_URL",
            "https://github.com/o/r/releases/tag/submit%2F1",
        )
        .env("RUNNER_TEMP", &temp)
        .env("QUEENS", queens)
        .env("QUEENS_COURSE_DIR", course())
        .env("QUEENS_SCRATCH", shared_scratch())
        .output()
        .unwrap();
    let result = std::fs::read_to_string(checkout.join("result.json"))
        .ok()
        .map(|text| serde_json::from_str(&text).unwrap());
    if ran.status.success() {
        assert!(result.is_some(), "{}", String::from_utf8_lossy(&ran.stderr));
    }
    (ran.status, result)
}

#[test]
fn classroom50_autograder_is_for_the_classroom50_repository_and_a_grader_problem_is_no_grade() {
    let dir = tempfile::tempdir().unwrap();
    // Without --exercise: the first homework alone (one per assignment, in
    // Classroom 50's 15-minute job), and the way to another said; a Python
    // script that compiles; the runtime block.
    let first = dir.path().join("first");
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["handout", "--workflow", "classroom50", "--out"])
        .arg(&first)
        .args(["--course-repository", "teacher/queens"])
        .args(["--course-revision", REVISION])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert!(made.status.success(), "{stderr}");
    let default = homeworks::default();
    assert!(
        stderr.contains(&format!("grades the {default} homework")) && stderr.contains("--exercise"),
        "{stderr}"
    );
    let script = std::fs::read_to_string(first.join("autograder.py")).unwrap();
    assert!(
        script.contains(&format!("HOMEWORKS = [\"{default}\"]\n")),
        "{script}"
    );
    let readme = std::fs::read_to_string(first.join("README.md")).unwrap();
    assert!(
        readme.contains("One assignment, one homework") && readme.contains("--exercise NAME"),
        "{readme}"
    );
    // The error path as Classroom 50's runner takes it.
    assert!(
        readme.contains("Finalizer.error") && readme.contains("0/0"),
        "{readme}"
    );
    let compiled = Command::new("python3")
        .args(["-m", "py_compile"])
        .arg(first.join("autograder.py"))
        .status()
        .unwrap();
    assert!(compiled.success());
    let runtime: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(first.join("runtime.json")).unwrap())
            .unwrap();
    assert_eq!(runtime["rust"], TOOLCHAIN);
    // No student copy there: the folder is for the classroom50 repository.
    assert!(!first.join("exercises").exists());
    assert!(!first.join("Cargo.toml").exists());
    // Another homework by name, its own assignment.
    let sudoku = classroom50_for(homeworks::by_name("sudoku").unwrap(), &dir.path().join("s"));
    let script = std::fs::read_to_string(sudoku.join("autograder.py")).unwrap();
    assert!(script.contains("HOMEWORKS = [\"sudoku\"]\n"), "{script}");

    // A grader that cannot grade is not a grade: a non-zero exit and no
    // result.json (Classroom 50's runner then publishes its 0/0 with no
    // tests, status error).
    let one = classroom50_one_homework(dir.path());
    let checkout = dir.path().join("grader-problem");
    copy_tree(&course().join("exercises"), &checkout.join("exercises"));
    let (status, result) = run_classroom50(&one.join("autograder.py"), &checkout, "false");
    assert!(!status.success());
    assert!(result.is_none());
}

/// `queens handout --workflow classroom50` for the first homework alone.
fn classroom50_one_homework(dir: &Path) -> PathBuf {
    classroom50_for(homeworks::default(), &dir.join("one"))
}

/// `queens handout --workflow classroom50` for `homework` alone, into `out`.
fn classroom50_for(homework: &Homework, out: &Path) -> PathBuf {
    let made = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["handout", "--workflow", "classroom50", "--out"])
        .arg(out)
        .args(["--exercise", homework.name])
        .args(["--course-repository", "teacher/queens"])
        .args(["--course-revision", REVISION])
        .output()
        .unwrap();
    assert!(made.status.success(), "{homework}");
    out.to_owned()
}

/// Grades a correct, a wrong and a non-compiling file with the Classroom 50
/// autograder: a minute or more, so run on demand (`--ignored`).
#[test]
#[ignore = "grades three submissions through autograder.py; run with --ignored"]
fn classroom50_result_json_on_a_correct_a_wrong_and_a_non_compiling_file() {
    let dir = tempfile::tempdir().unwrap();
    let nqueens = homeworks::default();
    let autograder = classroom50_one_homework(dir.path()).join("autograder.py");
    let case = made_cases(dir.path(), &["correct", "half-correct", "non-compiling"]);
    let max = nqueens.tests.len() as u64;
    for id in ["correct", "half-correct", "non-compiling"] {
        let checkout = dir.path().join(id);
        copy_tree(&course().join("exercises"), &checkout.join("exercises"));
        std::fs::copy(
            case(nqueens, id),
            checkout.join("exercises").join(nqueens.source),
        )
        .unwrap();
        let (status, result) =
            run_classroom50(&autograder, &checkout, env!("CARGO_BIN_EXE_queens"));
        assert!(status.success(), "{id}");
        let result = result.unwrap();
        follows_classroom50s_contract(&result);
        let tests = result["tests"].as_array().unwrap();
        assert_eq!(tests.len() as u64, max, "{id}");
        assert!(
            tests.iter().all(|t| t["test-name"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{nqueens} "))),
            "{result}"
        );
        let score = result["score"].as_u64().unwrap();
        assert_eq!(result["max-score"].as_u64(), Some(max));
        assert_eq!(score, local_score(&case(nqueens, id), nqueens.name), "{id}");
        let body = std::fs::read_to_string(checkout.join("release-body.md")).unwrap();
        assert!(body.contains(&format!("{score}/{max}")), "{body}");
        match id {
            "correct" => assert_eq!(score, max),
            "half-correct" => {
                assert!(0 < score && score < max, "{result}");
                assert!(body.contains("Failure details"), "{body}");
            }
            _ => {
                assert_eq!(score, 0);
                assert!(body.contains("compile-error"), "{body}");
            }
        }
    }
}

/// Every homework through Classroom 50's autograder, as its runner runs it:
/// the first right and the first partly wrong case of each homework's case
/// table, each scored as `queens grade` scores it locally (a few minutes:
/// `--ignored`).
#[test]
#[ignore = "grades two submissions of every homework through autograder.py; run with --ignored"]
fn classroom50_grades_every_homework() {
    let dir = tempfile::tempdir().unwrap();
    let listed = Command::new("python3")
        .arg(course().join("scripts/make-batch"))
        .arg("--list-only")
        .output()
        .unwrap();
    assert!(listed.status.success());
    let cases: Vec<serde_json::Value> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let first = |homework: &Homework, score: &str| -> String {
        let found = cases.iter().find(|case| {
            case["homework"] == homework.name
                && case["score"] == score
                && case.get("handout").is_none()
                && case.get("sandbox").is_none()
        });
        let found = found.unwrap_or_else(|| panic!("{homework}: no {score} case"));
        found["id"].as_str().unwrap().to_owned()
    };
    let chosen: Vec<(&Homework, String, String)> = homeworks::ALL
        .iter()
        .map(|&homework| {
            (
                homework,
                first(homework, "full"),
                first(homework, "partial"),
            )
        })
        .collect();
    let ids: Vec<&str> = (chosen.iter())
        .flat_map(|(_, full, partial)| [full.as_str(), partial.as_str()])
        .collect();
    let case = made_cases(dir.path(), &ids);
    for (homework, full, partial) in &chosen {
        let one = classroom50_for(homework, &dir.path().join(homework.name));
        let max = homework.tests.len() as u64;
        for id in [full, partial] {
            let checkout = dir.path().join(format!("{id}-checkout"));
            copy_tree(&course().join("exercises"), &checkout.join("exercises"));
            std::fs::copy(
                case(homework, id),
                checkout.join("exercises").join(homework.source),
            )
            .unwrap();
            let (status, result) = run_classroom50(
                &one.join("autograder.py"),
                &checkout,
                env!("CARGO_BIN_EXE_queens"),
            );
            assert!(status.success(), "{id}");
            let result = result.unwrap();
            follows_classroom50s_contract(&result);
            let score = result["score"].as_u64().unwrap();
            assert_eq!(result["max-score"].as_u64(), Some(max), "{id}");
            assert_eq!(
                score,
                local_score(&case(homework, id), homework.name),
                "{id}"
            );
            if id == full {
                assert_eq!(score, max, "{id}");
            } else {
                assert!(0 < score && score < max, "{id}: {result}");
            }
        }
    }
}

/// The local `queens.toml` is not what the pinned commit grades with: the
/// generated files say the commit's settings, and a warning says why.
#[test]
fn the_settings_graded_are_the_pinned_commits_and_a_different_local_one_is_warned() {
    let dir = tempfile::tempdir().unwrap();
    let course_dir = dir.path().join("course");
    let cloned = Command::new("git")
        .args(["clone", "-q"])
        .arg(course())
        .arg(&course_dir)
        .status()
        .unwrap();
    assert!(cloned.success());
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .arg("-C")
            .arg(&course_dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let first = git(&["rev-parse", "HEAD"]);
    let settings = course_dir.join("queens.toml");
    let generate = |revision: &str, workflow: &str, out: &str| {
        let out = dir.path().join(out);
        let made = Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["handout", "--course"])
            .arg(&course_dir)
            .args(["--workflow", workflow, "--out"])
            .arg(&out)
            .args(["--course-repository", "teacher/queens"])
            .args(["--course-revision", revision])
            .output()
            .unwrap();
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        let warnings: Vec<String> = String::from_utf8_lossy(&made.stderr)
            .lines()
            .filter(|l| l.starts_with("WARNING: "))
            .map(str::to_owned)
            .collect();
        let file = if workflow == "actions" {
            out.join(ACTIONS_WORKFLOW)
        } else {
            out.join("README.md")
        };
        (warnings, std::fs::read_to_string(file).unwrap())
    };
    // An uncommitted queens.toml: the pinned commit has none, grading uses
    // the defaults, and the header says so (not the local 60 s).
    std::fs::write(&settings, "[grading]\ntimeout = \"60s\"\n").unwrap();
    for workflow in ["actions", "classroom50"] {
        let (warnings, text) = generate(&first, workflow, &format!("uncommitted-{workflow}"));
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("queens.toml") && w.contains("not committed")),
            "{workflow}: {warnings:?}"
        );
        assert!(
            warnings.iter().any(|w| w.contains("has no queens.toml")),
            "{workflow}: {warnings:?}"
        );
        assert!(text.contains("120 s per submission"), "{workflow}: {text}");
        assert!(!text.contains("60 s per submission"), "{workflow}: {text}");
    }
    // Committed as a new commit: pinning the old one warns that they differ;
    // pinning the new one warns of nothing and writes its settings.
    git(&["add", "queens.toml"]);
    git(&["commit", "-q", "-m", "a minute per submission"]);
    let second = git(&["rev-parse", "HEAD"]);
    let (warnings, text) = generate(&first, "actions", "old");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("has no queens.toml"), "{warnings:?}");
    assert!(text.contains("120 s per submission"), "{text}");
    let (warnings, text) = generate(&second, "actions", "new");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(text.contains("60 s per submission"), "{text}");
    assert!(text.contains(&format!("queens.toml at commit {}", &second[..12])));
    // Edited again without a commit: the pinned commit's 60 s is graded.
    std::fs::write(&settings, "[grading]\ntimeout = \"90s\"\n").unwrap();
    let (warnings, text) = generate(&second, "actions", "edited");
    assert!(
        warnings.iter().any(|w| w.contains("not committed")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("differs from commit")),
        "{warnings:?}"
    );
    assert!(text.contains("60 s per submission"), "{text}");
}
