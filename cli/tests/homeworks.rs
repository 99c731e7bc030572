//! Every homework on the command line: `--exercise NAME`, or the homework
//! whose file is given; `queens hint N --exercise sudoku` shows the Sudoku
//! handout's hints one at a time, apart from the N-Queens ones; `queens
//! tests` lists what is graded.

use assert_cmd::Command;
use predicates::prelude::*;
use queens_grader::course::course_root;
use queens_grader::homeworks;
use queens_grader::markers::Blank;

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

#[test]
fn queens_tests_lists_every_graded_test_with_its_rule() {
    let tmp = tempfile::tempdir().unwrap();
    let state = tmp.path().join("state.json");
    let text = stdout(&queens(&state, &["tests"]));
    for homework in homeworks::ALL {
        assert!(text.contains(&homework.test_command()), "{text}");
        for test in homework.tests {
            let (_, name) = test.name.split_once("::").unwrap();
            assert!(text.contains(&format!("{name}: {}", test.rule)), "{text}");
        }
    }
    let json: serde_json::Value = serde_json::from_str(&stdout(&queens(
        &state,
        &["tests", "--exercise", "sudoku", "--json"],
    )))
    .unwrap();
    let listed = json.as_array().unwrap();
    assert_eq!(listed.len(), 1);
    let sudoku = homeworks::by_name("sudoku").unwrap();
    assert_eq!(
        listed[0]["tests"].as_array().unwrap().len(),
        sudoku.tests.len()
    );
    assert_eq!(listed[0]["tests"][0]["blank"], 1);
    assert_eq!(listed[0]["points"], sudoku.tests.len());
    assert!(text.contains("tests, one point each; run them"), "{text}");
}

#[test]
fn queens_tests_lists_the_points_of_queens_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let state = tmp.path().join("state.json");
    let settings = tmp.path().join("queens.toml");
    // 10 points over blank 1's five tests, the rest one point each.
    std::fs::write(&settings, "[exercise.sudoku.points]\nblank_1 = 10\n").unwrap();
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let (group, first) = sudoku.tests[0].name.split_once("::").unwrap();
    let in_blank_1 = sudoku.test_names().filter(|t| t.starts_with(group)).count();
    assert_eq!(in_blank_1, 5, "the points below assume five tests");
    let args = ["tests", "--exercise", "sudoku", "--settings"];
    let args = [&args[..], &[settings.to_str().unwrap()]].concat();
    let text = stdout(&queens(&state, &args));
    let total = sudoku.tests.len() - in_blank_1 + 10;
    assert!(
        text.contains(&format!("tests, {total} points; run them")),
        "{text}"
    );
    assert!(text.contains(&format!("({group}): 10 points")), "{text}");
    assert!(
        text.contains(&format!("    {first} (2 points): ")),
        "{text}"
    );
    let last = sudoku
        .tests
        .last()
        .unwrap()
        .name
        .split_once("::")
        .unwrap()
        .1;
    assert!(text.contains(&format!("    {last} (1 point): ")), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&queens(&state, &[&args[..], &["--json"]].concat()))).unwrap();
    assert_eq!(json[0]["points"], total);
    assert_eq!(json[0]["tests"][0]["points"], 2);
}

#[test]
fn a_homework_s_file_is_graded_as_that_homework_and_never_as_another() {
    let tmp = tempfile::tempdir().unwrap();
    let sudoku = homeworks::by_name("sudoku").unwrap();
    let file = tmp.path().join(sudoku.file_name());
    std::fs::copy(course_root().join("exercises").join(sudoku.source), &file).unwrap();
    // Inferred from the file's name: the Sudoku homework's tests, all todo.
    let graded = Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg(&file)
        .args(["--format", "json", "--sandbox", "off"])
        .output()
        .unwrap();
    assert!(graded.status.success(), "{graded:?}");
    let json: serde_json::Value = serde_json::from_slice(&graded.stdout).unwrap();
    assert_eq!(json["max_score"], sudoku.tests.len());
    assert_eq!(json["score"], 0);
    // Asked to grade it as another homework: one clear line, exit 2.
    Command::cargo_bin("queens")
        .unwrap()
        .arg("grade")
        .arg(&file)
        .args(["--exercise", "nqueens"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("is the sudoku homework's file, not the nqueens homework's")
                .and(predicate::str::contains("\n").count(1)),
        );
}

/// `queens homework new` writes a skeleton homework into a course (its
/// files and its test target in the manifest), and refuses a second time, a
/// name that cannot name a module and a homework's name, in one line each.
#[test]
fn homework_new_writes_a_skeleton_once_and_refuses_bad_names() {
    let course = tempfile::tempdir().unwrap();
    let root = course.path();
    std::fs::create_dir_all(root.join("exercises")).unwrap();
    let manifest = root.join("exercises/Cargo.toml");
    std::fs::write(&manifest, "[package]\nname = \"exercises\"\n").unwrap();
    let dir = root.to_str().unwrap();
    let state = root.join("hints.json");
    let name = "skeleton_made_by_a_test";
    let said = stdout(&queens(&state, &["homework", "new", name, "--course", dir]));
    assert!(
        said.contains(&format!("handout --answers --exercise {name}")),
        "{said}"
    );
    for file in [
        format!("grader/src/homeworks/{name}/mod.rs"),
        format!("grader/src/homeworks/{name}/questions.rs"),
        format!("grader/src/homeworks/{name}/answers.json"),
        format!("grader/src/homeworks/{name}/instructor/reference.rs"),
        format!("exercises/src/{name}.rs"),
        format!("exercises/tests/{name}.rs"),
        format!("exercises/{name}-hints.json"),
        format!("grader/src/homeworks/{name}/instructor/cases.toml"),
        "notebooks/01-skeleton-made-by-a-test-homework.ipynb".to_owned(),
    ] {
        assert!(root.join(&file).is_file(), "{file}: {said}");
    }
    let targets = std::fs::read_to_string(&manifest).unwrap();
    assert!(
        targets.contains(&format!("[[test]]\nname = \"{name}\"\n")),
        "{targets}"
    );
    for (asked, says) in [
        (name, "exists already"),
        ("Fn", "cannot name a homework"),
        (homeworks::default().name, "already a homework"),
    ] {
        let output = queens(&state, &["homework", "new", asked, "--course", dir]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.starts_with("queens: error: "), "{stderr}");
        assert!(
            stderr.contains(says) && stderr.lines().count() == 1,
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_to_string(&manifest).unwrap(), targets);
}

/// What `homework new` promises: in a copy of this course (its tracked
/// files as they are now), the homework it writes, as it is, with nothing
/// run by hand, passes `homework check` and the course's own tests of its
/// notebooks and its registry (the notebooks' rules, the self-checks, the
/// layers; the index and README; every homework's notebook and next step;
/// the registry's promises that need no grading of every homework). Built
/// in a target folder of its own: a copy has the checkout's package hashes,
/// so a shared target folder would hold the copy's build of the course.
#[test]
#[ignore = "builds the command line and the course's tests in a copy of the course (minutes)"]
fn a_new_homework_is_answered_and_passes_its_check_and_the_course_s_tests_untouched() {
    let root = course_root();
    let copy = tempfile::tempdir().unwrap();
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert!(listed.status.success(), "{listed:?}");
    for file in listed
        .stdout
        .split(|&byte| byte == 0)
        .filter(|f| !f.is_empty())
    {
        let file = std::path::Path::new(std::str::from_utf8(file).unwrap());
        let to = copy.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        if root.join(file).is_file() {
            std::fs::copy(root.join(file), to).unwrap();
        }
    }
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-homework-target");
    let cargo = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO"))
            .args(args)
            .current_dir(copy.path())
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{args:?}: {said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        said
    };
    let run = |args: &[&str]| {
        cargo(&[&["run", "-q", "--offline", "-p", "queens-cli", "--"], args].concat())
    };
    let name = "sample_made_by_a_test";
    let said = run(&["homework", "new", name]);
    assert!(said.contains(&format!("homework check {name}")), "{said}");
    let checked = run(&["homework", "check", name]);
    assert!(
        checked.contains("every proof holds for 1 homework"),
        "{checked}"
    );
    // What `homework new` wrote is what `handout --answers` writes.
    let answers = copy
        .path()
        .join(format!("grader/src/homeworks/{name}/answers.json"));
    let written = std::fs::read_to_string(&answers).unwrap();
    let answered = run(&["handout", "--answers", "--exercise", name]);
    assert!(answered.contains("answers to 2 tests"), "{answered}");
    assert_eq!(std::fs::read_to_string(&answers).unwrap(), written);
    let git = std::process::Command::new("git")
        .args(["diff", "--no-index", "--quiet"])
        .arg(root.join("README.md"))
        .arg(copy.path().join("README.md"))
        .status()
        .unwrap();
    assert!(git.success(), "homework new edited README.md");
    let tests = [
        &[
            "test",
            "-q",
            "--offline",
            "--test",
            "course",
            "--",
            "notebooks",
            "self_checks",
            "layers",
        ][..],
        &[
            "test",
            "-q",
            "--offline",
            "-p",
            "queens-cli",
            "--lib",
            "--",
            "book::",
            "course::",
        ],
        &[
            "test",
            "-q",
            "--offline",
            "-p",
            "queens-grader",
            "--test",
            "grader",
            "--",
            "homeworks::",
        ],
        &[
            "test",
            "-q",
            "--offline",
            "-p",
            "queens-cli",
            "--test",
            "cli",
            "--",
            "docs::",
        ],
    ];
    for args in tests {
        let said = cargo(args);
        assert!(!said.contains(" 0 passed"), "{args:?} ran nothing: {said}");
    }
}
