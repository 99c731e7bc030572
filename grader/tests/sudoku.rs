//! The Sudoku handout, its reference and its graded tests keep each other honest.
//!
//! `exercises/src/sudoku.rs` and `exercises/sudoku-hints.json` are generated
//! from `solutions/src/sudoku.rs` by the same markers as the N-Queens handout
//! (`queens_grader::handout::generate`). The graded tests
//! (`exercises/tests/sudoku_graded.rs`) are run here on copies of the handout:
//! untouched (every test "not yet implemented"), the reference (every test
//! passes), each blank filled alone (exactly that blank's tests pass), and
//! wrong answers (the blank's tests fail, and say so). Each copy is built in a
//! scratch workspace like `queens grade`'s, sharing its target folder, so the
//! library compiles once. (In `grader/tests/`, which a student copy, with no `solutions/`, leaves out.)

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use queens_grader::handout;
use queens_grader::results::{Outcome, TestRecord};

const REFERENCE: &str = "solutions/src/sudoku.rs";
const HANDOUT: &str = "exercises/src/sudoku.rs";
const HINTS: &str = "exercises/sudoku-hints.json";
const TESTS: &str = "exercises/tests/sudoku_graded.rs";

fn root() -> PathBuf {
    handout::course_root()
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn generated() -> handout::Handout {
    handout::generate(&read(REFERENCE)).expect("the Sudoku reference's markers parse")
}

#[test]
fn committed_sudoku_handout_is_what_the_reference_generates() {
    let handout = generated();
    assert_eq!(handout.blanks.len(), 3);
    let titles: Vec<&str> = handout.blanks.iter().map(|b| b.title.as_str()).collect();
    assert_eq!(titles, ["prune check", "insert", "delete"]);
    for (path, text) in [(HANDOUT, &handout.source), (HINTS, &handout.hints_json())] {
        assert!(
            &read(path) == text,
            "{path} differs from what {REFERENCE} generates: run \
             `cargo test -p queens-grader --test sudoku -- --ignored write_the_sudoku_handout`"
        );
    }
    assert_eq!(handout.source.matches("todo!(").count(), 3);
}

/// Regenerates the committed handout and hints (until `queens handout` does).
#[test]
#[ignore = "writes exercises/src/sudoku.rs and exercises/sudoku-hints.json"]
fn write_the_sudoku_handout() {
    let handout = generated();
    std::fs::write(root().join(HANDOUT), &handout.source).unwrap();
    std::fs::write(root().join(HINTS), handout.hints_json()).unwrap();
}

/// The blank a Sudoku graded test grades: `sudoku_blank_2_insert::…` is 2.
fn blank_of(test: &str) -> Option<u32> {
    test.strip_prefix("sudoku_blank_")?
        .split('_')
        .next()?
        .parse()
        .ok()
}

/// Numbers the scratch workspaces of this process (tests run in parallel).
static SLOTS: AtomicUsize = AtomicUsize::new(0);
static BUILDING: Mutex<()> = Mutex::new(());

/// A scratch workspace with the handout crate, the graded tests declared.
struct Scratch {
    slot: PathBuf,
    target: PathBuf,
}

impl Scratch {
    fn new() -> Self {
        let scratch = root().join("target").join("grading-scratch");
        let slot = scratch.join("sudoku").join(format!(
            "{}-{}",
            std::process::id(),
            SLOTS.fetch_add(1, Ordering::Relaxed)
        ));
        let crate_dir = slot.join("exercises");
        std::fs::create_dir_all(crate_dir.join("src")).unwrap();
        std::fs::create_dir_all(crate_dir.join("tests")).unwrap();
        let course = read("Cargo.toml");
        let package: toml_edit::DocumentMut = course.parse().unwrap();
        let package = package["workspace"]["package"]
            .as_table()
            .unwrap()
            .to_string();
        let queens = toml_edit::Value::from(root().to_string_lossy().into_owned());
        let harness = toml_edit::Value::from(root().join("grader").to_string_lossy().into_owned());
        // As `queens grade` writes it, so that the library's build is shared.
        std::fs::write(
            slot.join("Cargo.toml"),
            format!(
                "[workspace]\nmembers = [\"exercises\"]\nresolver = \"3\"\n\n\
                 [workspace.package]\n{package}\n\
                 [workspace.dependencies]\nqueens = {{ path = {queens}, default-features = false }}\n\
                 queens-grader = {{ path = {harness}, default-features = false }}\n\n\
                 [profile.dev]\ndebug = false\n\n\
                 [profile.dev.package.queens]\nopt-level = 2\n\n\
                 [profile.dev.package.exercises]\nopt-level = 1\n"
            ),
        )
        .unwrap();
        std::fs::copy(root().join("Cargo.lock"), slot.join("Cargo.lock")).unwrap();
        let manifest = read("exercises/Cargo.toml")
            + "\n[[test]]\nname = \"sudoku_graded\"\nharness = false\n";
        std::fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
        std::fs::write(crate_dir.join("src/lib.rs"), read("exercises/src/lib.rs")).unwrap();
        std::fs::write(
            crate_dir.join("tests/graded.rs"),
            read("exercises/tests/graded.rs"),
        )
        .unwrap();
        std::fs::write(crate_dir.join("tests/sudoku_graded.rs"), read(TESTS)).unwrap();
        Self {
            slot,
            target: scratch.join("target"),
        }
    }

    /// Builds `code` as the Sudoku handout and runs its graded tests.
    fn grade(&self, code: &str) -> Vec<TestRecord> {
        // Cargo names the test binary after its path inside the workspace, the
        // same in every slot: one build and run at a time.
        let _one_at_a_time = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
        std::fs::write(self.slot.join("exercises/src/sudoku.rs"), code).unwrap();
        let results = self.slot.join("results.jsonl");
        let _ = std::fs::remove_file(&results);
        let output = Command::new(env!("CARGO"))
            .args([
                "test",
                "--offline",
                "-q",
                "-p",
                "exercises",
                "--test",
                "sudoku_graded",
            ])
            .arg("--manifest-path")
            .arg(self.slot.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(&self.target)
            .env_remove("CARGO_TARGET_DIR")
            .env("QUEENS_GRADING_RESULTS", &results)
            .output()
            .unwrap();
        let text = std::fs::read_to_string(&results).unwrap_or_else(|_| {
            panic!(
                "no results: the copy did not build?\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
        text.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.slot);
    }
}

fn describe(records: &[TestRecord]) -> String {
    records
        .iter()
        .map(|t| {
            format!(
                "  {} {:?} ({} ms): {}",
                t.name, t.outcome, t.elapsed_ms, t.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The reference with `from` replaced by `to` once, inside blank `blank`.
fn mutant(blank: u32, from: &str, to: &str) -> String {
    let reference = read(REFERENCE);
    let marker = reference.find(&format!("// BLANK {blank}:")).unwrap();
    // The answer starts after the marker's comment lines (hints mention `||`).
    let start = marker
        + reference[marker..]
            .split_inclusive('\n')
            .take_while(|line| line.trim_start().starts_with("//"))
            .map(str::len)
            .sum::<usize>();
    let end = reference.find(&format!("// END BLANK {blank}")).unwrap();
    let body = &reference[start..end];
    assert!(body.contains(from), "blank {blank} has no {from:?}");
    format!(
        "{}{}{}",
        &reference[..start],
        body.replacen(from, to, 1),
        &reference[end..]
    )
}

#[test]
fn sudoku_graded_tests_blame_the_right_blank() {
    let reference = read(REFERENCE);
    let scratch = Scratch::new();

    // The reference passes every test; there are tests of each blank and end to end.
    let records = scratch.grade(&reference);
    assert!(records.len() >= 15, "{}", describe(&records));
    assert!(
        records.iter().all(|t| t.outcome == Outcome::Passed),
        "{}",
        describe(&records)
    );
    for blank in 1..=3 {
        assert!(records.iter().any(|t| blank_of(&t.name) == Some(blank)));
    }
    assert!(
        records
            .iter()
            .any(|t| t.name.starts_with("sudoku_end_to_end::"))
    );

    // The untouched handout: every test reaches a todo!().
    let records = scratch.grade(&generated().source);
    assert!(
        records.iter().all(|t| t.outcome == Outcome::NotImplemented
            && t.message.starts_with("not yet implemented: blank ")),
        "{}",
        describe(&records)
    );

    // One blank filled: exactly its tests pass.
    for blank in 1..=3 {
        let code = handout::generate_filling(&reference, &[blank])
            .unwrap()
            .source;
        let records = scratch.grade(&code);
        for test in &records {
            let expected = if blank_of(&test.name) == Some(blank) {
                Outcome::Passed
            } else {
                Outcome::NotImplemented
            };
            assert_eq!(
                test.outcome,
                expected,
                "blank {blank} only:\n{}",
                describe(&records)
            );
        }
    }
}

#[test]
#[ignore = "builds four wrong answers; run with --ignored"]
fn wrong_answers_fail_their_blanks_tests() {
    let scratch = Scratch::new();
    for (blank, from, to, failing) in [
        // Too little pruned: `&&` instead of `||`.
        (
            1,
            "||",
            "&&",
            "sudoku_blank_1_prune_check::a_digit_in_a_row_is_taken_along_that_row",
        ),
        // The box forgotten in the prune check.
        (
            1,
            "|| self.boxes.contains(&(box_of(row, col), digit))",
            "",
            "sudoku_blank_1_prune_check::a_digit_in_a_box_is_taken_in_that_box",
        ),
        // A wrong box key on insert: the column's stack twice.
        (
            2,
            "self.boxes.insert((box_of(row, col), digit));",
            "self.boxes.insert((box_of(col, col), digit));",
            "sudoku_blank_2_insert::insert_records_the_box",
        ),
        // Delete forgets everything.
        (
            3,
            "self.rows.remove(&(row, digit));",
            "self.rows.clear();",
            "sudoku_blank_3_delete::delete_keeps_the_other_digits",
        ),
    ] {
        let records = scratch.grade(&mutant(blank, from, to));
        let named = records.iter().find(|t| t.name == failing).unwrap();
        assert_eq!(named.outcome, Outcome::Failed, "{}", describe(&records));
        assert!(!named.message.is_empty());
        // The other blanks' own tests still pass: the blame is on this one.
        for test in &records {
            if let Some(other) = blank_of(&test.name).filter(|&b| b != blank) {
                assert_eq!(
                    test.outcome,
                    Outcome::Passed,
                    "blank {other}: {}",
                    describe(&records)
                );
            }
        }
        // The search notices too.
        assert!(
            records
                .iter()
                .any(|t| t.name.starts_with("sudoku_end_to_end::") && !t.outcome.passed()),
            "{}",
            describe(&records)
        );
    }
}

#[test]
fn sudoku_graded_tests_are_named_after_their_blanks() {
    let tests = read(TESTS);
    for blank in generated().blanks {
        let group = format!("sudoku_{}", blank.test_group());
        assert!(tests.contains(&format!("mod {group} {{")), "{group}");
    }
}
