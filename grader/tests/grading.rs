//! The handout, the reference and the grader keep each other honest.
//!
//! Each test grades scratch copies of the handout (untouched, one blank filled
//! from the reference, all filled) with the instructor's tests, the way
//! `queens grade` does: every copy is built offline in its own scratch
//! workspace, all sharing `target/grading-scratch`, so the library compiles
//! once and a copy costs one small crate.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::describe;
use queens_grader::batch;
use queens_grader::course::Course;
use queens_grader::grader::{Config, Grade, Grader, Status};
use queens_grader::homeworks;
use queens_grader::markers;
use queens_grader::report;
use queens_grader::results::{blank_of, group_of};
use queens_grader::sandbox::Mode;
use queens_grader::student_copy;

fn root() -> PathBuf {
    queens_grader::course::course_root()
}

fn grader() -> Grader {
    Grader::new(Config::built_in()).expect("a scratch workspace")
}

fn reference() -> String {
    std::fs::read_to_string(root().join(homeworks::default().reference))
        .expect("solutions/src/lib.rs")
}

fn blank_of_test(name: &str) -> Option<u32> {
    blank_of(group_of(name))
}

/// Grades the cases `ids` of the first homework as a batch: the CSV header,
/// rows and grades.
fn run_batch(
    ids: &[&str],
    test_timeout: Duration,
) -> (Vec<String>, Vec<csv::StringRecord>, Vec<Grade>) {
    let made = common::cases_in_folder(ids);
    let dir = made.path().join("batch").join(homeworks::default().name);
    let mut config = Config::built_in();
    config.test_timeout = test_timeout;
    let grader = Grader::new(config).unwrap();
    let mut csv = Vec::new();
    let grades = batch::run(&grader, &dir, &mut csv, &mut |_, _, _| {}).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_slice());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader.records().map(Result::unwrap).collect();
    (header, rows, grades)
}

#[test]
#[ignore = "slow: grades a batch of every kind of submission (CI runs it)"]
fn batch_gives_every_submission_a_row_with_a_clear_status() {
    let ids = [
        "correct",
        "edited-tests",
        "half-correct",
        "non-compiling",
        "process-exit",
        "stack-overflow",
        "usize-diagonal",
    ];
    let (header, mut rows, mut grades) = run_batch(&ids, Duration::from_secs(5));
    assert_eq!(header[0], "id");
    assert_eq!(header[1], "blank_1");
    assert_eq!(rows.len(), ids.len(), "one row per submission");
    // The endless loop, with a short per-test timeout: its 9 looping tests
    // then cost 9 s of the two cores' time.
    let (loop_header, loop_rows, loop_grades) =
        run_batch(&["endless-loop"], Duration::from_secs(1));
    assert_eq!(loop_header, header);
    assert_eq!(loop_rows.len(), 1);
    rows.extend(loop_rows);
    grades.extend(loop_grades);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = |id: &str| rows.iter().find(|r| &r[0] == id).unwrap();
    let grade = |id: &str| grades.iter().find(|g| g.submission == id).unwrap();
    let points = |id: &str, col: &str| row(id)[column(col)].parse::<u32>().unwrap();
    let max = points("correct", "max");
    assert!(max > 0);

    // Correct, answered differently (i64 diagonals, other orders, `any`,
    // `retain`): full marks.
    assert_eq!(
        points("correct", "total"),
        max,
        "{}",
        describe(grade("correct"))
    );
    assert_eq!(&row("correct")[column("status")], "graded");
    assert_eq!(&row("correct")[column("problems")], "");

    let half = points("half-correct", "total");
    assert!(
        0 < half && half < max,
        "{}",
        describe(grade("half-correct"))
    );
    assert_eq!(
        points("half-correct", "blank_1"),
        points("correct", "blank_1")
    );

    assert_eq!(&row("non-compiling")[column("status")], "compile-error");
    assert_eq!(points("non-compiling", "total"), 0);
    assert!(row("non-compiling")[column("detail")].contains("error"));
    // The errors point at the student's file, not at the grader's scratch copy.
    let detail = &row("non-compiling")[column("detail")];
    assert!(detail.contains("non-compiling/src/lib.rs:"), "{detail}");
    let errors = &grade("non-compiling").compile_errors;
    assert!(errors.contains("non-compiling/src/lib.rs:"), "{errors}");
    assert!(!errors.contains("--> exercises/src/lib.rs"), "{errors}");

    // The loop in blank 1 costs blank 1 and the end-to-end tests, nothing else.
    let looping = row("endless-loop");
    assert!(
        looping[column("problems")].contains("timed-out"),
        "{looping:?}"
    );
    assert_eq!(points("endless-loop", "blank_1"), 0);
    assert_eq!(
        points("endless-loop", "blank_2"),
        points("correct", "blank_2")
    );
    assert_eq!(
        points("endless-loop", "blank_3"),
        points("correct", "blank_3")
    );

    assert!(row("stack-overflow")[column("problems")].contains("stack-overflow"));
    assert!(row("process-exit")[column("problems")].contains("exited"));

    // Edited tests change nothing: blank 3 is still a todo!().
    let edited = row("edited-tests");
    assert!(edited[column("notes")].contains("tests/nqueens.rs was edited"));
    assert_eq!(points("edited-tests", "blank_3"), 0);
    assert_eq!(&edited[column("status")], "graded");

    // A usize Diagonal is explained by the sign of row - col.
    let usize_grade = grade("usize-diagonal");
    assert!(
        usize_grade
            .tests
            .iter()
            .any(|t| t.message.contains("negative above the main diagonal")),
        "{}",
        describe(usize_grade)
    );
}

#[test]
fn student_copy_leaves_the_answers_out_and_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("course");
    let report = student_copy::write(&Course::built_in(), &out).unwrap();
    assert!(report.files > 10);
    assert!(!out.join("solutions").exists());
    assert!(!out.join("grader/tests").exists());
    assert!(!out.join("tests/reference_answers.rs").exists());
    for homework in homeworks::ALL {
        let instructor = out.join(homework.cases());
        assert!(
            !instructor.parent().unwrap().exists(),
            "{}",
            instructor.display()
        );
        assert!(
            out.join(format!("grader/src/homeworks/{homework}/mod.rs"))
                .is_file()
        );
    }
    let generated = markers::generate(&reference()).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.join("exercises").join(homeworks::default().source)).unwrap(),
        generated.source
    );
    assert!(
        out.join("exercises")
            .join(homeworks::default().test_file)
            .exists()
    );
    let manifest = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(!manifest.contains("\"solutions\""), "{manifest}");
    // The workspace resolves without the reference.
    let metadata = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--offline",
            "--no-deps",
            "--format-version",
            "1",
        ])
        .arg("--manifest-path")
        .arg(out.join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(
        metadata.status.success(),
        "{}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    let text = String::from_utf8_lossy(&metadata.stdout);
    assert!(text.contains("\"name\":\"exercises\""));
    assert!(!text.contains("\"name\":\"solutions\""));
}

/// Where [`student_copy_builds_and_grades`] makes its copy and builds it: a
/// folder of its own under the system's temporary folder, kept between runs
/// so that the copy's dependencies build once (the course's `target/` is
/// not used: a copy shares nothing with the course). Returns the copy's
/// folder (removed, for a fresh copy), the target folder, and the lock held
/// while they are in use (another run waits for it).
fn student_copy_place() -> (PathBuf, PathBuf, std::fs::File) {
    let place = std::env::temp_dir().join("queens-student-copy");
    std::fs::create_dir_all(&place).unwrap();
    let lock = std::fs::File::create(place.join("lock")).unwrap();
    lock.lock().unwrap();
    let copy = place.join("course");
    if copy.exists() {
        std::fs::remove_dir_all(&copy).unwrap();
    }
    (copy, place.join("target"), lock)
}

/// Runs `cargo ARGS` in the student copy `copy` with its own `target`
/// folder; returns whether it succeeded and its output, stdout and stderr
/// interleaved as cargo and the tests print them.
fn cargo_in_copy(copy: &Path, target: &Path, args: &[&str]) -> (bool, String) {
    let log = copy.with_extension("log");
    let file = std::fs::File::create(&log).unwrap();
    let status = std::process::Command::new(env!("CARGO"))
        .args(args)
        .current_dir(copy)
        .env("CARGO_TARGET_DIR", target)
        .stdin(std::process::Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    (status.success(), std::fs::read_to_string(&log).unwrap())
}

/// The tests `cargo test`'s output says failed, each as `binary (file):
/// test` (from the `Running file (path/binary-hash)` line above it), and
/// the compile errors.
fn failures(output: &str) -> Vec<String> {
    let mut running = String::new();
    let mut failed = Vec::new();
    for line in output.lines() {
        if let Some(target) = line.trim().strip_prefix("Running ") {
            let (file, binary) = target.split_once(" (").unwrap_or((target, ""));
            let binary = binary.rsplit('/').next().unwrap_or(binary);
            let binary = binary.rsplit_once('-').map_or(binary, |(name, _hash)| name);
            running = format!("{binary} ({file})");
        } else if let Some(test) = line
            .strip_prefix("test ")
            .and_then(|rest| rest.strip_suffix(" ... FAILED"))
        {
            failed.push(format!("{running}: {test}"));
        } else if line.starts_with("error[") || line.starts_with("error: could not compile") {
            failed.push(line.to_owned());
        }
    }
    failed
}

/// A fresh student copy passes the README's test commands, `cargo test` and
/// `cargo test -p exercises` (the handout's tests, ignored until a homework
/// is started), with nothing of the instructor's in it, and grades its
/// handout with `queens grade`: a full compile of the course in a new place,
/// so run on demand (`.ci/run` runs it):
/// `cargo test -p queens-grader --test grader -- --ignored student_copy_builds_and_grades`.
/// Measured on 2 cores shared with other builds (load 5 to 7): 345 s the
/// first time (the copy's own target folder is empty), 152 s after (the
/// dependencies are kept; the copy's own crates and tests build again, and
/// `queens grade` builds its scratch).
#[test]
#[ignore = "compiles the whole course again; run with --ignored"]
fn student_copy_builds_and_grades() {
    let (out, target, _lock) = student_copy_place();
    student_copy::write(&Course::built_in(), &out).unwrap();
    // Each command with the test binaries it must run (not a run of none).
    for (command, binaries) in [
        (
            &["test", "--offline", "--no-fail-fast"][..],
            &["course", "cli", "queens_grader"][..],
        ),
        (
            &["test", "--offline", "--no-fail-fast", "-p", "exercises"],
            &["nqueens"],
        ),
    ] {
        let (passed, output) = cargo_in_copy(&out, &target, command);
        let failed = failures(&output);
        for binary in binaries {
            assert!(
                output.contains(&format!("/deps/{binary}-")),
                "`cargo {}` in a student copy ran no `{binary}` tests:\n{output}",
                command.join(" ")
            );
        }
        let tail: Vec<&str> = output.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        assert!(
            passed && failed.is_empty(),
            "`cargo {}` fails in a student copy ({}):\n  {}\n\nthe end of its output:\n{}",
            command.join(" "),
            out.display(),
            failed.join("\n  "),
            tail.join("\n")
        );
    }
    let output = std::process::Command::new(target.join("debug/queens"))
        .args(["grade", "exercises", "--format", "json"])
        .current_dir(&out)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["score"], 0);
    assert!(json["max_score"].as_u64().unwrap() > 0);
}

/// Grades the case `id` with `config`.
fn grade_fixture(id: &str, config: Config) -> Grade {
    let (_made, path) = common::case(id);
    Grader::new(config).unwrap().grade(id, &path)
}

/// The `/proc` folders of the `sleep 300.5` processes alive now (Linux): the
/// fixture's odd length, so that anyone else's `sleep 300` on the machine is
/// not taken for one the grader left behind (a watcher's `sleep 300` once was).
fn sleeper_dirs() -> Vec<std::path::PathBuf> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|dir| std::fs::read(dir.join("cmdline")).is_ok_and(|c| c == b"sleep\x00300.5\x00"))
        .collect()
}

/// How many `sleep 300.5` processes are alive now.
fn sleepers() -> usize {
    sleeper_dirs().len()
}

/// The `sleep 300.5` processes alive now, each with its parent and its
/// process ids in every PID namespace (from `/proc/PID/status`): what a
/// failed count says, to tell a leak of the grader's from another's.
fn sleepers_described() -> String {
    let mut found = Vec::new();
    for dir in sleeper_dirs() {
        let status = std::fs::read_to_string(dir.join("status")).unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .map(str::trim)
                .unwrap_or("?")
                .to_owned()
        };
        let parent = field("PPid:");
        let parent_command = std::fs::read(format!("/proc/{parent}/cmdline"))
            .map(|c| {
                String::from_utf8_lossy(&c)
                    .replace('\0', " ")
                    .trim()
                    .to_owned()
            })
            .unwrap_or_default();
        found.push(format!(
            "pid {} (parent {parent}: `{parent_command}`, namespaces' pids {}, state {})",
            dir.file_name().unwrap_or_default().to_string_lossy(),
            field("NSpid:"),
            field("State:")
        ));
    }
    found.join("; ")
}

/// Held by every test that counts `sleep 300.5` processes: they run one at a
/// time, since another such test's sleeps would count against this one's.
static COUNTING_SLEEPERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Takes [`COUNTING_SLEEPERS`] (a test that failed while holding it does not
/// poison the others).
fn counting_sleepers() -> std::sync::MutexGuard<'static, ()> {
    COUNTING_SLEEPERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether the `sleep 300.5` processes are back to `before` within a few
/// seconds: a process killed a moment ago may still be listed until its
/// parent (or its PID namespace's init) has reaped it, and tests running at
/// the same time start and kill their own.
fn sleepers_back_to(before: usize) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        if sleepers() <= before {
            return true;
        }
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "grades twice with a sleeping child (5 s); CI runs it with --ignored a_child_process"]
fn a_child_process_neither_stalls_grading_nor_outlives_its_test() {
    let _alone = counting_sleepers();
    let before = sleepers();
    for sandbox in [Mode::Auto, Mode::Off] {
        let mut config = Config::built_in();
        config.sandbox = sandbox;
        let grade = grade_fixture("spawns-sleep", config);
        assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
        let (score, max) = report::totals(&grade);
        assert_eq!(score, max, "{}", describe(&grade));
        // Build and 17 tests; waiting for the child would take 17 × 300 s.
        assert!(
            grade.elapsed < Duration::from_secs(60),
            "{:?}",
            grade.elapsed
        );
        // Said once, as a warning naming what was left, not again as a note.
        let warnings = report::warnings(&grade);
        let said = |text: &str| warnings.iter().filter(|w| w.contains(text)).count();
        assert_eq!(said("left processes running (sleep)"), 1, "{warnings:?}");
        assert!(
            !grade.notes.iter().any(|n| n.contains("left processes")),
            "{:?}",
            grade.notes
        );
        let problems = report::problems(&grade);
        assert!(
            problems.iter().any(|(p, _)| *p == "left-running"),
            "{problems:?}"
        );
    }
    assert!(sleepers_back_to(before), "a sleep 300.5 outlived grading");
}

#[test]
fn a_forged_report_scores_zero() {
    let grade = grade_fixture("forged-report", Config::built_in());
    assert_eq!(grade.status, Status::Graded, "{}", describe(&grade));
    assert_eq!(report::totals(&grade).0, 0, "{}", describe(&grade));
}

#[test]
fn bad_submissions_get_a_row_each_with_a_clear_detail() {
    let dir = tempfile::tempdir().unwrap();
    let at = |id: &str| dir.path().join(id);
    std::fs::create_dir_all(at("no-lib-rs")).unwrap();
    std::fs::write(at("no-lib-rs/README.md"), "my answers are in my head\n").unwrap();
    std::fs::create_dir_all(at("binary/src")).unwrap();
    std::fs::write(
        at("binary/src/lib.rs"),
        b"\x7fELF\x02\x01\x01\0\0\0\xff\xfe",
    )
    .unwrap();
    std::fs::create_dir_all(at("huge/src")).unwrap();
    let line = "// padding padding padding padding padding padding padding padding\n";
    std::fs::write(at("huge/src/lib.rs"), line.repeat(50_000_000 / line.len())).unwrap();
    std::fs::create_dir_all(at("symlink/src")).unwrap();
    std::os::unix::fs::symlink(
        root().join(homeworks::default().reference),
        at("symlink/src/lib.rs"),
    )
    .unwrap();
    let grader = grader();
    let mut csv = Vec::new();
    let grades = batch::run(&grader, dir.path(), &mut csv, &mut |_, _, _| {}).unwrap();
    assert_eq!(grades.len(), 4);
    let grade = |id: &str| grades.iter().find(|g| g.submission == id).unwrap();
    assert_eq!(grade("no-lib-rs").status, Status::NoSubmission);
    assert!(grade("no-lib-rs").detail.contains("no lib.rs"));
    for (id, says) in [
        ("binary", "is not text"),
        ("huge", "50.0 MB"),
        ("symlink", "outside the submission"),
    ] {
        let graded = grade(id);
        assert_eq!(graded.status, Status::Rejected, "{}", describe(graded));
        assert!(graded.detail.contains(says), "{}", describe(graded));
        assert_eq!(report::totals(graded), (0, 17));
    }
    let text = String::from_utf8(csv).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.contains("rejected"), "{text}");
}

/// The hostile fixtures under bubblewrap (required): memory, processes,
/// snooping on the course at run time and at compile time. About a minute on
/// two cores: run by CI with
/// `cargo test -p queens-grader --test grader -- --ignored hostile`.
#[test]
#[ignore = "needs bubblewrap; about a minute; run with --ignored hostile"]
fn hostile_submissions_are_contained_by_the_sandbox() {
    let config = || {
        let mut config = Config::built_in();
        config.sandbox = Mode::Required;
        config.test_timeout = Duration::from_secs(30);
        config
    };
    // A memory hog stops at its limit, well before its timeout.
    let hog = grade_fixture("memory-hog", config());
    let problems = report::problems(&hog);
    assert!(
        problems.iter().any(|(p, _)| *p == "out-of-memory"),
        "{}",
        describe(&hog)
    );
    for test in hog
        .tests
        .iter()
        .filter(|t| t.problems.iter().any(|p| p == "out-of-memory"))
    {
        // Under the 30 s timeout: the limit stopped it, not the clock (15 s
        // was passed once on a 2-core machine flushing a deleted target folder).
        assert!(test.elapsed_ms < 25_000, "{}", describe(&hog));
        assert!(test.message.contains("out of memory"), "{}", test.message);
    }
    let many = grade_fixture("many-processes", config());
    assert!(
        report::problems(&many)
            .iter()
            .any(|(p, _)| *p == "too-many-processes"),
        "{}",
        describe(&many)
    );
    // Neither the solutions nor a file outside the sandbox: full marks, and
    // no file written.
    let marker = root().join("target/queens-grading-snoop");
    let _ = std::fs::remove_file(&marker);
    let _ = std::fs::remove_file("/tmp/queens-grading-snoop");
    let snoop = grade_fixture("snooping", config());
    assert_eq!(report::totals(&snoop).0, 17, "{}", describe(&snoop));
    assert!(!marker.exists());
    assert!(!Path::new("/tmp/queens-grading-snoop").exists());
    // A submission out of time names the tests still running and counts
    // those that never ran.
    let mut short = config();
    short.timeout = Duration::from_secs(25);
    short.test_timeout = Duration::from_secs(60);
    let looping = grade_fixture("endless-loop", short);
    assert_eq!(looping.status, Status::TimedOut, "{}", describe(&looping));
    assert!(
        looping
            .detail
            .contains("still running: blank_1_prune_check::"),
        "{}",
        looping.detail
    );
    assert!(
        looping.detail.contains("tests never ran"),
        "{}",
        looping.detail
    );
    assert!(
        report::problems(&looping)
            .iter()
            .any(|(p, _)| *p == "not-run"),
        "{}",
        describe(&looping)
    );
    // Nor at compile time.
    let include = grade_fixture("include-solutions", config());
    assert_eq!(
        include.status,
        Status::CompileError,
        "{}",
        describe(&include)
    );
    assert!(
        include.detail.contains("couldn't read"),
        "{}",
        include.detail
    );
}

/// The generated batch of scripts/make-batch (about 45 submissions: every
/// fixture, the classic wrong blanks, correct variants, bad submissions),
/// graded as `queens grade --batch` does: each wrong blank is blamed on its
/// blank (and the end-to-end tests) only, each correct variant gets full
/// marks, each bad submission a row. About two minutes on two cores: CI runs
/// `cargo test -p queens-grader --test grader -- --ignored generated_batch`
/// (the time is measured by scripts/grade-times).
#[test]
#[ignore = "about two minutes; run with --ignored generated_batch"]
fn generated_batch_is_graded_and_blamed_right() {
    // Every case of the table, every homework: one batch each, as an
    // instructor runs them (`queens grade --batch DIR/<homework> --exercise
    // <homework>`).
    let made = tempfile::tempdir().unwrap();
    let batch_dir = made.path().join("batch");
    let listed = std::process::Command::new("python3")
        .arg(root().join("scripts/make-batch"))
        .arg(&batch_dir)
        .arg("--list")
        .output()
        .unwrap();
    assert!(listed.status.success());
    let cases: Vec<serde_json::Value> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let _alone = counting_sleepers();
    let before = sleepers();
    let sandboxed = queens_grader::sandbox::probe(queens_grader::sandbox::Mode::Auto)
        .is_ok_and(|(found, _)| found.is_some());
    let start = std::time::Instant::now();
    let mut graded = 0;
    for &homework in homeworks::ALL {
        let mut config = Config::built_in();
        config.homework = homework;
        let grader = Grader::new(config).unwrap();
        let mut csv = Vec::new();
        let folder = batch_dir.join(homework.name);
        let grades = batch::run(&grader, &folder, &mut csv, &mut |_, _, _| {}).unwrap();
        let text = String::from_utf8(csv).unwrap();
        assert_eq!(text.lines().count(), grades.len() + 1, "one row each");
        for case in cases.iter().filter(|c| c["homework"] == homework.name) {
            let id = case["id"].as_str().unwrap();
            let grade = grades
                .iter()
                .find(|g| g.submission == id)
                .unwrap_or_else(|| panic!("{homework}: no row for {id}"));
            check_case(case, grade, sandboxed);
            graded += 1;
        }
    }
    assert_eq!(graded, cases.len(), "every case graded");
    eprintln!(
        "generated batch: {graded} submissions of {} homeworks in {:.1} s",
        homeworks::ALL.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        sleepers_back_to(before),
        "a process outlived the batch ({before} before): {}",
        sleepers_described()
    );
}

/// Checks one graded case against what the table says of it.
fn check_case(case: &serde_json::Value, grade: &Grade, sandboxed: bool) {
    let id = case["id"].as_str().unwrap();
    if case["sandbox"] == true && !sandboxed {
        return;
    }
    let what = || format!("{id}: {case}\n{}", describe(grade));
    if case["status"] == "rejected-or-missing" {
        assert!(
            matches!(grade.status, Status::Rejected | Status::NoSubmission),
            "{}",
            what()
        );
        assert!(!grade.detail.is_empty(), "{}", what());
        return;
    }
    let status = case["status"].as_str().unwrap_or("graded");
    assert_eq!(grade.status.name(), status, "{}", what());
    let (score, max) = report::totals(grade);
    match case["score"].as_str() {
        Some("full") => assert_eq!(score, max, "{}", what()),
        Some("zero") => assert_eq!(score, 0, "{}", what()),
        Some("partial") => assert!(0 < score && score < max, "{}", what()),
        _ => {}
    }
    if let Some(blamed) = case["blame"].as_u64() {
        let blamed = u32::try_from(blamed).unwrap();
        let failed: Vec<_> = grade.tests.iter().filter(|t| !t.outcome.passed()).collect();
        assert!(
            failed
                .iter()
                .any(|t| blank_of_test(&t.name) == Some(blamed)),
            "{}",
            what()
        );
        assert!(
            failed.iter().all(|t| blank_of_test(&t.name).is_none()
                || blank_of_test(&t.name) == Some(blamed)),
            "blamed elsewhere: {}",
            what()
        );
    }
    if let (Some(blamed), true) = (case["blame"].as_u64(), case["blames_end_to_end"] == true) {
        let named = format!("blank {blamed}");
        assert!(
            grade.tests.iter().any(|t| blank_of_test(&t.name).is_none()
                && !t.outcome.passed()
                && t.message.contains(&named)),
            "no end-to-end test names {named}: {}",
            what()
        );
    }
    if let Some(says) = case["says"].as_str() {
        assert!(
            grade
                .tests
                .iter()
                .any(|t| !t.outcome.passed() && t.message.contains(says)),
            "no failing test says {says:?}: {}",
            what()
        );
    }
    let labels: Vec<&str> = grade
        .tests
        .iter()
        .flat_map(|t| &t.problems)
        .map(String::as_str)
        .collect();
    for wanted in case["problems"].as_array().into_iter().flatten() {
        let wanted = wanted.as_str().unwrap();
        assert!(labels.contains(&wanted), "no {wanted} label: {}", what());
    }
    if case["clean"] == true {
        assert!(labels.is_empty(), "labels {labels:?}: {}", what());
    }
}

/// The student's side: the same binary `cargo test -p exercises` runs, with
/// `sleep 300.5` started by the code, passes every test in seconds and leaves
/// no sleep behind.
#[test]
fn cargo_test_p_exercises_is_not_stalled_by_a_child_process() {
    let _alone = counting_sleepers();
    let before = sleepers();
    let grader = grader();
    let (_made, path) = common::case("spawns-sleep");
    let code = std::fs::read_to_string(path.join("src/lib.rs")).unwrap();
    let binary = grader.test_binary(&code).unwrap();
    let start = std::time::Instant::now();
    let mut command = std::process::Command::new(&binary);
    command
        .arg("--test-threads=2")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let output = queens_grader::process::spawn(&mut command)
        .and_then(std::process::Child::wait_with_output)
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("17 passed; 0 failed"), "{stdout}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
    assert!(
        sleepers_back_to(before),
        "a sleep 300.5 outlived cargo test"
    );
}

/// Grades case `id` `runs` times with `config`: each run's labels per test
/// (sorted, `left-running` names left out) and the grades.
fn labels_over_runs(id: &str, runs: usize, config: &Config) -> Vec<(Vec<Vec<String>>, Grade)> {
    let (_made, path) = common::case(id);
    let grader = Grader::new(config.clone()).unwrap();
    (0..runs)
        .map(|_| {
            let grade = grader.grade(id, &path);
            let labels = grade
                .tests
                .iter()
                .map(|t| {
                    let mut labels: Vec<String> = t
                        .problems
                        .iter()
                        .filter(|p| !p.starts_with("left-running"))
                        .cloned()
                        .collect();
                    labels.sort();
                    labels
                })
                .collect();
            (labels, grade)
        })
        .collect()
}

/// The same hostile submission gets the same labels on every run, known
/// from what the grader observed: a thread bomb that panics when a spawn is
/// refused (on main, sampling `/proc` missed its short peak in some runs:
/// `panicked` only), a fork bomb that ignores its errors, a memory hog at a
/// short test timeout and one holding its memory until the timeout stops it
/// (on main: `timed-out`, "an infinite loop in blank 1?"). One warning per
/// cause. Several runs each, a few minutes on two cores: CI runs
/// `cargo test -p queens-grader --test grader -- --ignored same_labels`.
#[test]
#[ignore = "a few minutes; run with --ignored same_labels"]
fn same_labels_on_every_run_for_hostile_submissions() {
    let mut config = Config::built_in();
    config.test_timeout = Duration::from_secs(3);
    // The first build of the library may be slow on a loaded machine.
    config.timeout = Duration::from_secs(900);
    for (id, label, runs) in [
        ("thread-bomb", "too-many-processes", 4),
        ("fork-bomb-ignoring-errors", "too-many-processes", 3),
        ("memory-hog", "out-of-memory", 3),
        ("memory-holder", "out-of-memory", 3),
    ] {
        let graded = labels_over_runs(id, runs, &config);
        let (first, grade) = &graded[0];
        // Every failing test of blank 1 and the end-to-end tests, or every
        // test that ran the bomb, carries the label.
        assert!(
            first.iter().any(|labels| labels.iter().any(|l| l == label)),
            "{id}: no {label}: {}",
            describe(grade)
        );
        for (test, labels) in grade.tests.iter().zip(first) {
            if !test.outcome.passed() {
                assert_eq!(labels, &[label.to_owned()], "{id}: {}", describe(grade));
            }
        }
        for (labels, again) in &graded[1..] {
            assert_eq!(
                labels,
                first,
                "{id}: labels differ between runs: {}",
                describe(again)
            );
        }
        // One warning for the cause: neither "timed-out" nor "panicked" too.
        let causes: Vec<&str> = report::problems(grade)
            .iter()
            .map(|(p, _)| *p)
            .filter(|p| *p != "left-running")
            .collect();
        assert_eq!(causes, [label], "{id}: {}", describe(grade));
        for test in grade.tests.iter().filter(|t| !t.outcome.passed()) {
            assert!(
                !test.message.contains("infinite loop"),
                "{id}: {}",
                test.message
            );
        }
    }
}

/// A correct submission that prints 400 MB: full marks, the bytes named in
/// one warning, never "an infinite loop" (on main: "printed over a megabyte
/// (output capped)", and at a loaded machine's 5 s two end-to-end timeouts).
/// Graded three times with room (20 s a test), about a minute:
/// `cargo test -p queens-grader --test grader -- --ignored printing`.
#[test]
#[ignore = "about a minute; run with --ignored printing"]
fn printing_is_counted_and_named_not_taken_for_a_loop() {
    let mut config = Config::built_in();
    config.test_timeout = Duration::from_secs(20);
    config.timeout = Duration::from_secs(900);
    for (_, grade) in labels_over_runs("prints-400-megabytes", 3, &config) {
        let (score, max) = report::totals(&grade);
        assert_eq!(score, max, "{}", describe(&grade));
        let printed: u64 = grade
            .tests
            .iter()
            .map(|t| t.printed_bytes)
            .filter(|bytes| *bytes > 1_000_000)
            .sum();
        assert!(printed > 400_000_000, "{printed} bytes");
        let warnings = report::warnings(&grade);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        let said = queens_grader::verdict::size(printed);
        assert!(
            warnings[0].contains(&format!("printed {said} in all")),
            "{warnings:?} ({printed} bytes)"
        );
    }
}
