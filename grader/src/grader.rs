//! `queens grade`: build a submission with the instructor's tests and run them.
//!
//! Only the student's `lib.rs` is taken. It goes into a scratch workspace next
//! to the instructor's copies of `exercises/Cargo.toml` and
//! `exercises/tests/graded.rs`, embedded in this program when it was built, so
//! edited tests or an added `build.rs` change nothing. Every scratch workspace
//! shares one target folder ([`Config::scratch_dir`]`/target`), so the library
//! and the harness compile once and a submission costs one small crate.
//!
//! The build runs offline with a wall-clock limit; the test binary runs with
//! what is left of it, in a process group of its own that is killed whole on
//! timeout, without network when `unshare -rn` works. Each graded test then has
//! its own per-test timeout inside the harness ([`super::harness`]).
//! Whatever happens (no file, compile errors, endless loops, crashes), [`Grader::grade`]
//! returns a [`Grade`] with a status, never an error.

use std::cell::OnceCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use cargo_metadata::Message;
use cargo_metadata::diagnostic::DiagnosticLevel;
use serde::Serialize;

use super::harness::{CHILD_ENV, REPORT_ENV, RESULTS_ENV, TIMEOUT_ENV};
use super::process::{self, Ending, Limits};
use super::results::{Outcome, TestRecord};

/// The instructor's graded tests, as they were when this program was built.
pub const INSTRUCTOR_TESTS: &str = include_str!("../../exercises/tests/graded.rs");
/// The instructor's manifest of the handout crate.
pub const INSTRUCTOR_MANIFEST: &str = include_str!("../../exercises/Cargo.toml");
/// The untouched handout (its build lists the tests when a submission does not compile).
pub const HANDOUT: &str = include_str!("../../exercises/src/lib.rs");

/// Where and how to grade.
#[derive(Debug, Clone)]
pub struct Config {
    /// The `queens` library the graded tests use (the course root).
    pub queens_dir: PathBuf,
    /// Scratch workspaces and their shared target folder.
    pub scratch_dir: PathBuf,
    /// Wall-clock limit of each graded test.
    pub test_timeout: Duration,
    /// Wall-clock limit of one whole submission: build and tests.
    pub timeout: Duration,
    /// Run the tests without network (`unshare -rn`) when the system allows it.
    pub isolate_network: bool,
}

impl Config {
    /// Defaults for the course in `queens_dir`: scratch in
    /// `queens_dir/target/grading-scratch`, 5 s per test, 120 s per submission.
    pub fn new(queens_dir: impl Into<PathBuf>) -> Self {
        let queens_dir = queens_dir.into();
        Self {
            scratch_dir: queens_dir.join("target").join("grading-scratch"),
            queens_dir,
            test_timeout: super::harness::DEFAULT_TIMEOUT,
            timeout: Duration::from_secs(120),
            isolate_network: true,
        }
    }

    /// Defaults for the course this program was built from.
    pub fn built_in() -> Self {
        Self::new(super::handout::course_root())
    }
}

/// How grading a submission went, as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The tests ran (each test's outcome says how it went).
    Graded,
    /// The submission does not compile.
    CompileError,
    /// Build and tests together ran past the submission's time limit.
    TimedOut,
    /// No `lib.rs` was found.
    NoSubmission,
    /// The grader itself failed (missing toolchain, offline dependencies…).
    GraderError,
}

impl Status {
    /// Its name, as in JSON and CSV (`compile-error`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Graded => "graded",
            Self::CompileError => "compile-error",
            Self::TimedOut => "timed-out",
            Self::NoSubmission => "no-submission",
            Self::GraderError => "grader-error",
        }
    }
}

/// One graded submission.
#[derive(Debug, Clone, Serialize)]
pub struct Grade {
    /// Who or what was graded (a folder name in a batch).
    pub submission: String,
    /// The `lib.rs` that was graded.
    pub source: Option<PathBuf>,
    /// How it went as a whole.
    pub status: Status,
    /// One line saying why, unless it was simply graded.
    pub detail: String,
    /// Every graded test, in the harness's order.
    pub tests: Vec<TestRecord>,
    /// What the grader noticed: edited tests, ignored files.
    pub notes: Vec<String>,
    /// The compiler's errors (capped), for a submission that does not compile.
    pub compile_errors: String,
    /// Wall-clock time for the submission.
    pub elapsed: Duration,
}

impl Grade {
    fn new(id: &str) -> Self {
        Self {
            submission: id.to_owned(),
            source: None,
            status: Status::Graded,
            detail: String::new(),
            tests: Vec::new(),
            notes: Vec::new(),
            compile_errors: String::new(),
            elapsed: Duration::ZERO,
        }
    }
}

/// Grades submissions one after another in one scratch workspace.
#[derive(Debug)]
pub struct Grader {
    config: Config,
    slot: PathBuf,
    handout_tests: OnceCell<Result<Vec<String>, String>>,
    unshare_works: OnceCell<bool>,
}

/// Numbers the scratch workspaces of one process.
static SLOTS: AtomicUsize = AtomicUsize::new(0);
/// Cargo names a submission's artifacts after the path inside its workspace,
/// the same in every slot: graders of one process build (and copy their test
/// executable) one at a time.
static BUILDING: Mutex<()> = Mutex::new(());

/// Bytes kept of cargo's JSON messages and of the harness's output.
const CARGO_OUTPUT_CAP: usize = 16 * 1024 * 1024;
const COMPILE_ERRORS_SHOWN: usize = 4000;

impl Grader {
    /// A grader with its own scratch workspace in `config.scratch_dir/work`.
    pub fn new(config: Config) -> std::io::Result<Self> {
        let slot = config.scratch_dir.join("work").join(format!(
            "{}-{}",
            std::process::id(),
            SLOTS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&slot)?;
        Ok(Self {
            config,
            slot,
            handout_tests: OnceCell::new(),
            unshare_works: OnceCell::new(),
        })
    }

    /// Its configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The graded tests' names, listed by building the untouched handout
    /// (once per grader).
    pub fn handout_tests(&self) -> Result<Vec<String>, String> {
        self.handout_tests
            .get_or_init(|| {
                let deadline = Instant::now() + self.config.timeout;
                let executable =
                    self.build(HANDOUT, deadline)
                        .map_err(|failure| match failure {
                            BuildFailure::Compile(errors) => {
                                format!("the instructor's handout does not compile: {errors}")
                            }
                            BuildFailure::TimedOut => "building the handout timed out".to_owned(),
                            BuildFailure::Grader(message) => message,
                        })?;
                self.list(&executable)
            })
            .clone()
    }

    /// Grades the submission at `path` (an exercises crate folder, a folder
    /// holding `lib.rs`, or a `.rs` file), calling it `id`.
    pub fn grade(&self, id: &str, path: &Path) -> Grade {
        let start = Instant::now();
        let mut grade = Grade::new(id);
        self.grade_path(&mut grade, path, start + self.config.timeout);
        grade.elapsed = start.elapsed();
        grade
    }

    /// Grades `code`, the text of a `lib.rs`, calling it `id`.
    pub fn grade_code(&self, id: &str, code: &str) -> Grade {
        let start = Instant::now();
        let mut grade = Grade::new(id);
        self.grade_text(&mut grade, code, start + self.config.timeout);
        grade.elapsed = start.elapsed();
        grade
    }

    fn grade_path(&self, grade: &mut Grade, path: &Path, deadline: Instant) {
        let Some(source) = find_lib_rs(path) else {
            grade.status = Status::NoSubmission;
            grade.detail = format!(
                "no lib.rs in {} (looked for src/lib.rs, lib.rs, exercises/src/lib.rs)",
                path.display()
            );
            self.fill_not_run(grade, "no submission");
            return;
        };
        grade.notes = notice_edits(path);
        let code = match std::fs::read(&source) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                grade.status = Status::NoSubmission;
                grade.detail = format!("cannot read {}: {error}", source.display());
                self.fill_not_run(grade, "no submission");
                return;
            }
        };
        grade.source = Some(source);
        self.grade_text(grade, &code, deadline);
    }

    fn grade_text(&self, grade: &mut Grade, code: &str, deadline: Instant) {
        let executable = match self.build(code, deadline) {
            Ok(executable) => executable,
            Err(BuildFailure::Compile(errors)) => {
                // The scratch copy is the submission verbatim: same lines, so
                // the errors can point at the file the student edits.
                let errors = match &grade.source {
                    Some(source) => point_at(&errors, source),
                    None => errors,
                };
                grade.status = Status::CompileError;
                grade.detail = first_error_line(&errors);
                grade.compile_errors = errors;
                self.fill_not_run(grade, "your code does not compile");
                return;
            }
            Err(BuildFailure::TimedOut) => {
                grade.status = Status::TimedOut;
                grade.detail = format!(
                    "the build took more than {} s",
                    self.config.timeout.as_secs()
                );
                self.fill_not_run(grade, "the build timed out");
                return;
            }
            Err(BuildFailure::Grader(message)) => {
                grade.status = Status::GraderError;
                grade.detail = message;
                self.fill_not_run(grade, "the grader failed");
                return;
            }
        };
        let names = match self.list(&executable) {
            Ok(names) => names,
            Err(message) => {
                grade.status = Status::GraderError;
                grade.detail = message;
                return;
            }
        };
        match self.run_tests(&executable, deadline) {
            Ok((records, timed_out)) => {
                grade.tests = names
                    .iter()
                    .map(|name| {
                        records
                            .iter()
                            .find(|r| &r.name == name)
                            .cloned()
                            .unwrap_or_else(|| {
                                not_run(
                                    name,
                                    if timed_out {
                                        "the submission's time ran out before this test ran"
                                    } else {
                                        "the harness ended without running this test"
                                    },
                                )
                            })
                    })
                    .collect();
                if timed_out {
                    grade.status = Status::TimedOut;
                    grade.detail = format!(
                        "the tests took more than the submission's {} s",
                        self.config.timeout.as_secs()
                    );
                }
            }
            Err(message) => {
                grade.status = Status::GraderError;
                grade.detail = message;
            }
        }
    }

    /// Marks every test of the handout as not run (the submission never got
    /// that far), so the scorecard still shows what it was graded out of.
    fn fill_not_run(&self, grade: &mut Grade, why: &str) {
        match self.handout_tests() {
            Ok(names) => grade.tests = names.iter().map(|name| not_run(name, why)).collect(),
            Err(message) => grade
                .notes
                .push(format!("cannot list the graded tests: {message}")),
        }
    }

    /// Writes the scratch workspace around `code` and builds the graded tests;
    /// returns a private copy of the test executable.
    fn build(&self, code: &str, deadline: Instant) -> Result<PathBuf, BuildFailure> {
        let _one_at_a_time = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
        self.write_workspace(code).map_err(|e| {
            BuildFailure::Grader(format!("cannot write the scratch workspace: {e}"))
        })?;
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
        let mut command = Command::new(cargo);
        command
            .args([
                "build",
                "--offline",
                "--message-format=json",
                "--test",
                "graded",
                "-p",
                "exercises",
            ])
            .arg("--manifest-path")
            .arg(self.slot.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(self.config.scratch_dir.join("target"))
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR");
        let limits = Limits {
            timeout: remaining(deadline),
            output_cap: CARGO_OUTPUT_CAP,
            own_process_group: true,
        };
        let run = process::run(command, limits)
            .map_err(|e| BuildFailure::Grader(format!("cannot run cargo: {e}")))?;
        if run.ending == Ending::TimedOut {
            return Err(BuildFailure::TimedOut);
        }
        let mut errors = Vec::new();
        let mut executable = None;
        let mut success = false;
        for message in Message::parse_stream(run.stdout.text.as_bytes()).flatten() {
            match message {
                Message::CompilerMessage(message)
                    if matches!(
                        message.message.level,
                        DiagnosticLevel::Error | DiagnosticLevel::Ice
                    ) =>
                {
                    errors.push(message.message.rendered.unwrap_or(message.message.message));
                }
                Message::CompilerArtifact(artifact) if artifact.target.name == "graded" => {
                    executable = artifact.executable.map(PathBuf::from);
                }
                Message::BuildFinished(finished) => success = finished.success,
                _ => {}
            }
        }
        match (success, executable) {
            (true, Some(built)) => {
                // A private copy: another grader sharing the target folder may
                // rebuild the original while this one runs.
                let copy = self.slot.join("graded-tests");
                std::fs::copy(&built, &copy).map_err(|e| {
                    BuildFailure::Grader(format!("cannot copy {}: {e}", built.display()))
                })?;
                Ok(copy)
            }
            _ if !errors.is_empty() => Err(BuildFailure::Compile(process::excerpt(
                &errors.join("\n"),
                errors.iter().map(|e| e.len() as u64 + 1).sum(),
                COMPILE_ERRORS_SHOWN,
            ))),
            _ => Err(BuildFailure::Grader(format!(
                "cargo could not build the graded tests (offline): {}",
                process::excerpt(run.stderr.text.trim(), run.stderr.total_bytes, 600)
            ))),
        }
    }

    fn write_workspace(&self, code: &str) -> std::io::Result<()> {
        let crate_dir = self.slot.join("exercises");
        if crate_dir.exists() {
            std::fs::remove_dir_all(&crate_dir)?;
        }
        std::fs::create_dir_all(crate_dir.join("src"))?;
        std::fs::create_dir_all(crate_dir.join("tests"))?;
        std::fs::write(self.slot.join("Cargo.toml"), self.workspace_manifest())?;
        let lock = self.config.queens_dir.join("Cargo.lock");
        if lock.exists() && !self.slot.join("Cargo.lock").exists() {
            std::fs::copy(lock, self.slot.join("Cargo.lock"))?;
        }
        std::fs::write(crate_dir.join("Cargo.toml"), INSTRUCTOR_MANIFEST)?;
        std::fs::write(crate_dir.join("tests").join("graded.rs"), INSTRUCTOR_TESTS)?;
        std::fs::write(crate_dir.join("src").join("lib.rs"), code)
    }

    /// A workspace of one member, `exercises`, with the course's package
    /// settings and the course's `queens` and harness as workspace dependencies.
    fn workspace_manifest(&self) -> String {
        let course: Option<toml_edit::DocumentMut> =
            std::fs::read_to_string(self.config.queens_dir.join("Cargo.toml"))
                .ok()
                .and_then(|text| text.parse().ok());
        let package = course
            .as_ref()
            .and_then(|doc| doc.get("workspace")?.get("package")?.as_table().cloned())
            .map_or_else(
                || "edition = \"2024\"\n".to_owned(),
                |table| table.to_string(),
            );
        let queens = toml_edit::Value::from(self.config.queens_dir.to_string_lossy().into_owned());
        let harness = toml_edit::Value::from(
            self.config
                .queens_dir
                .join("grader")
                .to_string_lossy()
                .into_owned(),
        );
        format!(
            "# Written by `queens grade`: one submission, graded with the instructor's tests.\n\
             [workspace]\nmembers = [\"exercises\"]\nresolver = \"3\"\n\n\
             [workspace.package]\n{package}\n\
             [workspace.dependencies]\nqueens = {{ path = {queens}, default-features = false }}\n\
             queens-grader = {{ path = {harness}, default-features = false }}\n\n\
             # Small artifacts: every submission relinks the test binary.\n\
             [profile.dev]\ndebug = false\n\n\
             [profile.dev.package.queens]\nopt-level = 2\n\n\
             # As in the course: the end-to-end tests search 50,000 nodes; overflow\n\
             # checks stay on.\n\
             [profile.dev.package.exercises]\nopt-level = 1\n"
        )
    }

    /// The test names, from the harness's `--list`.
    fn list(&self, executable: &Path) -> Result<Vec<String>, String> {
        let mut command = Command::new(executable);
        command.arg("--list").env_remove(CHILD_ENV);
        let limits = Limits {
            timeout: Duration::from_secs(30),
            output_cap: 1024 * 1024,
            own_process_group: true,
        };
        let run =
            process::run(command, limits).map_err(|e| format!("cannot list the tests: {e}"))?;
        let names: Vec<String> = run
            .stdout
            .text
            .lines()
            .filter_map(|line| line.strip_suffix(": test"))
            .map(str::to_owned)
            .collect();
        if names.is_empty() {
            return Err(format!(
                "the graded tests listed no test: {}",
                process::excerpt(run.stderr.text.trim(), run.stderr.total_bytes, 600)
            ));
        }
        Ok(names)
    }

    /// Runs every graded test; returns the records and whether the
    /// submission's time ran out.
    fn run_tests(
        &self,
        executable: &Path,
        deadline: Instant,
    ) -> Result<(Vec<TestRecord>, bool), String> {
        let results = self.slot.join("results.jsonl");
        std::fs::write(&results, "")
            .map_err(|e| format!("cannot write {}: {e}", results.display()))?;
        let mut command = if self.config.isolate_network && self.unshare_works() {
            let mut command = Command::new("unshare");
            command
                .args(["--user", "--map-root-user", "--net", "--"])
                .arg(executable);
            command
        } else {
            Command::new(executable)
        };
        command
            .current_dir(self.slot.join("exercises"))
            .env(RESULTS_ENV, &results)
            .env(
                TIMEOUT_ENV,
                self.config.test_timeout.as_millis().to_string(),
            )
            .env_remove(CHILD_ENV)
            .env_remove(REPORT_ENV)
            .env("RUST_BACKTRACE", "0");
        let limits = Limits {
            timeout: remaining(deadline),
            output_cap: 1024 * 1024,
            own_process_group: true,
        };
        let run =
            process::run(command, limits).map_err(|e| format!("cannot run the tests: {e}"))?;
        let text = std::fs::read_to_string(&results).unwrap_or_default();
        let records = text
            .lines()
            .filter_map(|line| serde_json::from_str::<TestRecord>(line).ok())
            .collect();
        Ok((records, run.ending == Ending::TimedOut))
    }

    /// Whether `unshare -rn` can make a network namespace here (containers
    /// often forbid it); checked once.
    fn unshare_works(&self) -> bool {
        *self.unshare_works.get_or_init(|| {
            Command::new("unshare")
                .args(["--user", "--map-root-user", "--net", "--", "true"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        })
    }

    /// Whether the tests run without network.
    pub fn network_isolated(&self) -> bool {
        self.config.isolate_network && self.unshare_works()
    }
}

impl Drop for Grader {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.slot);
    }
}

enum BuildFailure {
    Compile(String),
    TimedOut,
    Grader(String),
}

fn remaining(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

fn not_run(name: &str, why: &str) -> TestRecord {
    TestRecord {
        name: name.to_owned(),
        outcome: Outcome::NotRun,
        message: why.to_owned(),
        elapsed_ms: 0,
        printed_bytes: 0,
    }
}

/// The file to grade in `path`.
fn find_lib_rs(path: &Path) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path.to_owned());
    }
    ["src/lib.rs", "lib.rs", "exercises/src/lib.rs"]
        .iter()
        .map(|candidate| path.join(candidate))
        .find(|candidate| candidate.is_file())
}

/// Notes on what in a submission folder is ignored: edited tests or manifest,
/// a build script, other source files.
fn notice_edits(path: &Path) -> Vec<String> {
    let crate_dir =
        if path.join("exercises/src/lib.rs").is_file() && !path.join("src/lib.rs").is_file() {
            path.join("exercises")
        } else {
            path.to_owned()
        };
    if !crate_dir.is_dir() {
        return Vec::new();
    }
    let mut notes = Vec::new();
    let differs = |file: &str, instructor: &str| {
        std::fs::read_to_string(crate_dir.join(file)).is_ok_and(|text| text != instructor)
    };
    if differs("tests/graded.rs", INSTRUCTOR_TESTS) {
        notes.push("tests/graded.rs was edited: graded with the instructor's copy".to_owned());
    }
    if differs("Cargo.toml", INSTRUCTOR_MANIFEST) {
        notes.push("Cargo.toml was edited: graded with the instructor's copy".to_owned());
    }
    if crate_dir.join("build.rs").exists() {
        notes.push("build.rs is ignored: only src/lib.rs is graded".to_owned());
    }
    if let Ok(entries) = std::fs::read_dir(crate_dir.join("src")) {
        let mut others: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name != "lib.rs")
            .collect();
        others.sort();
        if !others.is_empty() {
            notes.push(format!(
                "only src/lib.rs is graded; ignored: {}",
                others.join(", ")
            ));
        }
    }
    notes
}

/// Where the scratch workspace keeps the submission, as rustc names it.
const SCRATCH_LIB_RS: &str = "exercises/src/lib.rs";

/// `errors` with the scratch copy's path replaced by `source`, on the lines
/// where rustc gives a location (`--> exercises/src/lib.rs:77:31`).
fn point_at(errors: &str, source: &Path) -> String {
    let shown = source.display().to_string();
    errors
        .lines()
        .map(|line| match line.split_once("--> ") {
            Some((indent, at)) if at.starts_with(SCRATCH_LIB_RS) => {
                format!("{indent}--> {shown}{}", &at[SCRATCH_LIB_RS.len()..])
            }
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `error[E0308]: mismatched types (src/lib.rs:12)` from rustc's rendered errors.
fn first_error_line(errors: &str) -> String {
    let mut lines = errors.lines();
    let headline = lines.next().unwrap_or("does not compile").trim().to_owned();
    let location = lines
        .find_map(|line| line.trim_start().strip_prefix("--> "))
        .map(|at| format!(" ({})", at.trim()))
        .unwrap_or_default();
    format!("{headline}{location}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compile_errors_point_at_the_submission() {
        let errors = "error[E0308]: mismatched types\n  --> exercises/src/lib.rs:77:31\n   |\n\
                      note: method defined here\n  --> /rust/library/std/src/lib.rs:9:1";
        let pointed = point_at(errors, Path::new("hand-ins/ada/src/lib.rs"));
        assert!(
            pointed.contains("  --> hand-ins/ada/src/lib.rs:77:31"),
            "{pointed}"
        );
        assert!(
            pointed.contains("--> /rust/library/std/src/lib.rs:9:1"),
            "{pointed}"
        );
        assert_eq!(
            first_error_line(&pointed),
            "error[E0308]: mismatched types (hand-ins/ada/src/lib.rs:77:31)"
        );
    }
}
