//! Every homework of the registry keeps the same promises, checked the same
//! way: its tests are named after its blanks, the untouched handout fails
//! every test as not yet implemented, the reference passes them all, one
//! blank filled passes exactly that blank's tests, and `cargo test -p
//! exercises --test <homework>` is green once it is done and says "not
//! started" before.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::describe;
use queens_grader::course::Course;
use queens_grader::grader::{Config, Grader, Status};
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::markers;
use queens_grader::report;
use queens_grader::results::{Outcome, blank_of, group_of};

fn root() -> PathBuf {
    queens_grader::course::course_root()
}

fn grader(homework: &'static Homework) -> Grader {
    let mut config = Config::built_in();
    config.homework = homework;
    Grader::new(config).expect("a scratch workspace")
}

fn reference(homework: &Homework) -> String {
    std::fs::read_to_string(root().join(homework.reference)).expect("the reference")
}

fn blank(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

#[test]
fn committed_handouts_are_what_their_references_generate() {
    let checks = Course::built_in()
        .check()
        .expect("the references' markers parse");
    for check in &checks {
        assert!(
            check.up_to_date,
            "{} differs from what its reference generates: run `cargo run -- handout`",
            check.path
        );
    }
    assert_eq!(
        checks.len(),
        2 * homeworks::ALL.len(),
        "a handout and hints each"
    );
}

#[test]
fn every_test_is_named_after_its_blank_and_every_blank_has_tests() {
    for &homework in homeworks::ALL {
        for name in homework.test_names() {
            assert!(
                blank(name).is_some() || group_of(name) == "end_to_end",
                "{homework}: {name}"
            );
        }
        let handout = Course::built_in()
            .generate_exercise(homework, &[])
            .expect("the reference's markers parse");
        for blank in &handout.blanks {
            let group = blank.test_group();
            assert!(
                homework.test_names().any(|t| group_of(t) == group),
                "{homework}: no tests in {group}"
            );
        }
    }
}

#[test]
#[ignore = "builds and grades every homework's handout (CI runs homeworks::)"]
fn untouched_handouts_fail_every_test_as_not_yet_implemented() {
    for &homework in homeworks::ALL {
        let grade = grader(homework).grade("handout", &root().join("exercises"));
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        assert_eq!(grade.tests.len(), homework.tests.len());
        for test in &grade.tests {
            let hint = queens_grader::results::hint_command(homework, blank(&test.name));
            assert_eq!(
                test.outcome,
                Outcome::NotImplemented,
                "{}",
                describe(&grade)
            );
            assert!(
                test.message.starts_with("not yet implemented: blank "),
                "{}",
                test.message
            );
            assert!(test.message.contains(&hint), "{hint}: {}", test.message);
        }
        let json = report::json(&grade);
        assert_eq!(json.score, Some(0));
        assert_eq!(json.max_score as usize, grade.tests.len());
        assert!(
            json.end_to_end.is_some(),
            "{homework}: end_to_end in the JSON"
        );
        assert!(json.other.is_empty(), "{homework}: no other groups");
    }
}

#[test]
#[ignore = "slow: grades every homework's reference and each blank alone (CI runs it)"]
fn references_pass_and_each_blank_alone_passes_exactly_its_tests() {
    for &homework in homeworks::ALL {
        let grader = grader(homework);
        let grade = grader.grade("reference", &root().join(homework.reference));
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        assert_eq!(grade.tests.len(), homework.tests.len());
        assert!(
            grade.tests.iter().all(|t| t.outcome == Outcome::Passed),
            "{}",
            describe(&grade)
        );
        let reference = reference(homework);
        let blanks = markers::generate(&reference).unwrap().blanks;
        for filled in &blanks {
            let code = markers::generate_exercise(homework, &reference, &[filled.id])
                .unwrap()
                .source;
            let grade = grader.grade_code(&format!("{homework} blank {} only", filled.id), &code);
            assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
            for test in &grade.tests {
                let expected = if blank(&test.name) == Some(filled.id) {
                    Outcome::Passed
                } else {
                    Outcome::NotImplemented
                };
                assert_eq!(test.outcome, expected, "{}", describe(&grade));
            }
        }
    }
}

/// A copy of the `exercises` crate with `homework` done (the reference's
/// answers) and every other homework untouched, in a workspace of its own.
fn course_with_one_homework_done(dir: &Path, homework: &'static Homework) {
    let exercises = dir.join("exercises");
    for sub in ["src", "tests"] {
        std::fs::create_dir_all(exercises.join(sub)).unwrap();
    }
    // The manifest names the library and the harness from the course.
    let manifest = std::fs::read_to_string(root().join("exercises/Cargo.toml")).unwrap();
    let manifest = manifest
        .replace("edition.workspace = true", "edition = \"2024\"")
        .replace(
            "queens-grader.workspace = true",
            &format!(
                "queens-grader = {{ path = {:?}, default-features = false }}",
                root().join("grader")
            ),
        )
        .replace(
            "queens.workspace = true",
            &format!(
                "queens = {{ path = {:?}, default-features = false }}",
                root()
            ),
        );
    std::fs::write(
        exercises.join("Cargo.toml"),
        format!("{manifest}\n[workspace]\n"),
    )
    .unwrap();
    std::fs::copy(root().join("Cargo.lock"), exercises.join("Cargo.lock")).unwrap();
    for &other in homeworks::ALL {
        let code = if other == homework {
            reference(other)
        } else {
            std::fs::read_to_string(root().join("exercises").join(other.source)).unwrap()
        };
        std::fs::write(exercises.join(other.source), code).unwrap();
        std::fs::copy(
            root().join("exercises").join(other.test_file),
            exercises.join(other.test_file),
        )
        .unwrap();
    }
}

#[test]
#[ignore = "builds the handout's tests in a target folder of its own (CI runs homeworks::)"]
fn cargo_test_is_green_with_one_homework_done_and_says_the_others_are_not_started() {
    let dir = tempfile::tempdir().unwrap();
    let done = homeworks::default();
    course_with_one_homework_done(dir.path(), done);
    let target = root().join("target/one-homework-done");
    let ran = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["test", "--offline", "--manifest-path"])
        .arg(dir.path().join("exercises/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&ran.stdout);
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(ran.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("test result: ok. {} passed", done.tests.len())),
        "{stdout}"
    );
    for &other in homeworks::ALL.iter().filter(|&&h| h != done) {
        assert!(
            stdout.contains(&format!("{other}: not started")),
            "{other}: {stdout}"
        );
        assert!(stdout.contains(&other.test_command()), "{stdout}");
    }
    assert!(
        !stdout.contains(&format!("{done}: not started")),
        "{stdout}"
    );
}

#[test]
#[ignore = "slow: grades a wrong version of every blank of every homework (CI runs it)"]
fn a_wrong_blank_loses_points_only_in_its_own_blank_and_end_to_end() {
    // One case per blank of each homework from the case table (the ones that
    // name a message); the whole table is graded by the ignored batch test.
    let cases = common::cases();
    for &homework in homeworks::ALL {
        let grader = grader(homework);
        let mut blamed: Vec<u64> = Vec::new();
        for case in cases.iter().filter(|c| c["homework"] == homework.name) {
            let (Some(blame), Some(says)) = (case["blame"].as_u64(), case["says"].as_str()) else {
                continue;
            };
            if blamed.contains(&blame) || case["problems"].is_array() {
                continue;
            }
            blamed.push(blame);
            let id = case["id"].as_str().unwrap();
            let (_made, path) = common::case(id);
            let grade = grader.grade(id, &path);
            assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
            for test in &grade.tests {
                match blank(&test.name) {
                    Some(b) if u64::from(b) == blame => {}
                    Some(other) => assert!(
                        test.outcome.passed(),
                        "{id}: blank {other} blamed\n{}",
                        describe(&grade)
                    ),
                    None => {}
                }
            }
            assert!(
                grade.tests.iter().any(|t| blank(&t.name).is_some()
                    && !t.outcome.passed()
                    && t.message.contains(says)),
                "{id}: no failing test says {says:?}\n{}",
                describe(&grade)
            );
            let end_to_end = homework.test_names().any(|t| blank(t).is_none());
            assert!(
                !end_to_end
                    || grade
                        .tests
                        .iter()
                        .any(|t| blank(&t.name).is_none() && !t.outcome.passed()),
                "{id}: the end-to-end tests should fail too\n{}",
                describe(&grade)
            );
            if case["blames_end_to_end"] == true {
                let named = format!("blank {blame}");
                assert!(
                    grade
                        .tests
                        .iter()
                        .any(|t| blank(&t.name).is_none() && t.message.contains(&named)),
                    "{id}: no end-to-end message names {named}\n{}",
                    describe(&grade)
                );
            }
        }
        assert!(
            blamed.len()
                >= markers::generate(&reference(homework))
                    .unwrap()
                    .blanks
                    .len(),
            "{homework}: the table names a case per blank: {blamed:?}"
        );
    }
}

#[test]
fn the_case_table_names_the_registry_s_homeworks_and_files() {
    // One file of cases per homework, saying where its files are as the
    // registry does.
    for homework in homeworks::ALL {
        let file = root().join(homework.cases());
        let table = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{homework} has no case file {}: {e}", file.display()));
        assert!(
            table.contains(&format!(
                "[homework]\nname = \"{homework}\"\nreference = \"{}\"\nhandout = \"exercises/{}\"\n",
                homework.reference, homework.source
            )),
            "{}'s [homework] differs from the registry",
            file.display()
        );
    }
}

/// Every slot's handout crate has the same artifacts in the shared target
/// folder: a file graded again unchanged, after another slot built another
/// submission, must be built again, not given the other one's grade.
#[test]
#[ignore = "grades five times (6 s); CI runs it with --ignored homeworks::"]
fn a_slot_never_takes_what_another_slot_built() {
    let homework = homeworks::default();
    let handout = std::fs::read_to_string(root().join("exercises").join(homework.source))
        .expect("the handout");
    let (first, second) = (grader(homework), grader(homework));
    let score = |grader: &Grader, id: &str, code: &str| {
        let grade = grader.grade_code(id, code);
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        report::json(&grade).score
    };
    assert_eq!(score(&first, "ada", &handout), Some(0));
    let full = score(&second, "bob", &reference(homework));
    assert!(full.is_some_and(|points| points > 0), "{full:?}");
    assert_eq!(
        score(&first, "carl", &handout),
        Some(0),
        "carl's untouched handout took bob's build"
    );
}

/// `queens homework check` on the course's first homework with the real
/// pipeline's grades, each passed through `rig` (the outcome of the homework's
/// first test, wherever it ran) before the check judges them: no second grader
/// build, the rigging is in the grading handed to the check. Returns the
/// rigged test's name and the report.
fn check_with_the_first_test_rigged(
    mut rig: impl FnMut(&mut Outcome),
) -> (&'static str, queens_grader::authoring::Report) {
    use queens_grader::authoring::{self, Graded};
    let homework = homeworks::default();
    let grader = grader(homework);
    let rigged = homework.tests[0].name;
    let mut real = authoring::grading(&grader);
    let mut grade = |id: &str, code: &str| {
        real(id, code).map(|graded| match graded {
            Graded::Ran(mut outcomes) => {
                if let Some(outcome) = outcomes.get_mut(rigged) {
                    rig(outcome);
                }
                Graded::Ran(outcomes)
            }
            other => other,
        })
    };
    let mut make_answers = || grader.reference_answers().map(|answers| answers.to_text());
    let report = authoring::check(
        &Course::built_in(),
        homework,
        &mut grade,
        &mut make_answers,
        &mut |_| {},
    )
    .expect("the check runs");
    (rigged, report)
}

/// `queens homework check` fails, naming the test, when a test is made to
/// always pass: one of the first homework's tests is rigged to accept any
/// answer (its outcome "passed" wherever it ran: a check that cannot tell
/// right from wrong).
#[test]
#[ignore = "slow: grades the handout, the reference and the mutants of a blank (minutes)"]
fn homework_check_names_a_test_made_to_always_pass() {
    let (rigged, report) = check_with_the_first_test_rigged(|outcome| {
        if *outcome != Outcome::NotImplemented {
            *outcome = Outcome::Passed;
        }
    });
    assert!(!report.holds());
    for proof in &report.proofs {
        let expected = proof.name != "wrong versions";
        assert_eq!(proof.holds, expected, "{proof:?}");
    }
    let wrong = report.proofs.last().expect("the proofs");
    assert!(
        wrong.detail.contains(&format!("pass for free: {rigged}")),
        "{wrong:?}"
    );
    assert!(report.counts.mutants > 0, "{:?}", report.counts);
}

/// `queens homework check` fails, naming the test, when a test discards its
/// blank's answer: rigged so that every wrong answer passes it, it still
/// fails the mutants that crash (a panic, an overflow, a timeout), and a
/// crash alone does not prove that the test can tell right from wrong.
#[test]
#[ignore = "slow: grades the handout, the reference and the mutants of a blank (minutes)"]
fn homework_check_names_a_test_that_only_crashes_can_fail() {
    let mut crashes = 0;
    let (rigged, report) = check_with_the_first_test_rigged(|outcome| {
        if *outcome == Outcome::Failed {
            *outcome = Outcome::Passed;
        } else if !matches!(*outcome, Outcome::Passed | Outcome::NotImplemented) {
            crashes += 1;
        }
    });
    let wrong = report
        .proofs
        .iter()
        .find(|proof| proof.name == "wrong versions")
        .expect("the wrong versions' proof");
    assert!(!wrong.holds, "{wrong:?}");
    assert!(
        wrong.detail.contains(&format!("pass for free: {rigged}")),
        "{wrong:?}"
    );
    eprintln!("{rigged}: {crashes} wrong versions crashed it");
}

/// The reference's answer lines of each blank of `homework`, from its
/// markers.
fn answers(homework: &Homework) -> Vec<Vec<String>> {
    let mut answers: Vec<Vec<String>> = Vec::new();
    let mut open = false;
    for line in reference(homework).lines().map(str::trim) {
        if line.starts_with("// BLANK ") {
            answers.push(Vec::new());
            open = true;
        } else if line.starts_with("// END BLANK ") {
            open = false;
        } else if open && !line.starts_with("//") {
            answers.last_mut().unwrap().push(line.to_owned());
        }
    }
    answers
}

/// N-Queens' hints (`queens hint`) go from a nudge to the code, and only
/// the last one gives the reference's code. (Here with the reference, which
/// a student copy leaves out; `cli/tests/hint.rs` runs `queens hint` itself.)
#[test]
fn only_the_last_hint_gives_the_code() {
    let homework = homeworks::default();
    let text =
        std::fs::read_to_string(root().join("exercises").join(homework.hints)).expect("the hints");
    let blanks: Vec<markers::Blank> = serde_json::from_str(&text).expect("hints are JSON");
    let answers = answers(homework);
    assert_eq!(blanks.len(), answers.len());
    for (blank, answer) in blanks.iter().zip(&answers) {
        let (last, earlier) = blank.hints.split_last().expect("hints");
        assert!(last.starts_with("The code: "), "blank {}: {last}", blank.id);
        for hint in earlier {
            assert!(!hint.contains("The code"), "blank {}: {hint}", blank.id);
            for line in answer.iter().filter(|l| l.len() > 8) {
                let code = line.trim_end_matches(';');
                assert!(
                    !hint.contains(code),
                    "blank {}'s hint gives the code `{code}` before the last: {hint}",
                    blank.id
                );
            }
        }
        // The first hint only nudges: no code at all.
        assert!(
            !blank.hints[0].contains("self."),
            "blank {}: {}",
            blank.id,
            blank.hints[0]
        );
    }
}
