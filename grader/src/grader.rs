//! `queens grade`: build a submission with the instructor's tests and run them.
//!
//! Only the student's `lib.rs` is taken (`sudoku.rs` with `--exercise
//! sudoku`, [`Config::exercise`]). It goes into a scratch workspace next to
//! the instructor's copies of `exercises/Cargo.toml`, the other handout and
//! `exercises/tests/graded.rs` and `sudoku_graded.rs` (the manifest names
//! both), embedded in this program when it was built, so
//! edited tests or an added `build.rs` change nothing. Every scratch workspace
//! shares one target folder ([`Config::scratch_dir`]`/target`), so the library
//! and the harness compile once and a submission costs one small crate.
//!
//! The scratch workspace names nothing of the course by path: the `queens`
//! library and the harness are copied into it (`vendor/`, sources only: no
//! solutions, no tests). The build runs offline with a wall-clock limit.
//! Then the grader runs each graded test itself ([`super::harness::run_test`]):
//! one process per test, with its own timeout, resource limits and session,
//! in a bubblewrap sandbox when it works ([`super::sandbox`]). The test
//! process only reports what the student's code answered; the verdict is
//! written here, where no student code runs ([`super::judge`]).
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

use super::harness::{self, Settings};
use super::homework::Homework;
use super::homeworks;
use super::process::{self, Ending, Limits};
use super::results::{Outcome, TestRecord};
use super::sandbox::{self, Bubblewrap, Mode, Resources};

/// The instructor's manifest of the handout crate (it names every
/// homework's test target).
pub const INSTRUCTOR_MANIFEST: &str = include_str!("../../exercises/Cargo.toml");

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
    /// Without the sandbox, run the tests without network (`unshare -rn`)
    /// when the system allows it (the sandbox always cuts the network).
    pub isolate_network: bool,
    /// Whether the tests run in a bubblewrap sandbox (default `auto`).
    pub sandbox: Mode,
    /// Resource limits of each graded test's process.
    pub resources: Resources,
    /// Graded tests run at once (default: the cores, at most 4).
    pub jobs: usize,
    /// Submissions a batch grades at once (default 2: one builds while the
    /// other's tests run).
    pub submissions_at_once: usize,
    /// Folders a sandboxed build must not see besides the course and the
    /// home folder (a batch's folder: the other students' work).
    pub hidden_from_builds: Vec<PathBuf>,
    /// The homework graded (default: the course's first).
    pub homework: &'static Homework,
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
            sandbox: Mode::Auto,
            resources: Resources::default(),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get().min(4)),
            submissions_at_once: 2,
            hidden_from_builds: Vec::new(),
            homework: homeworks::default(),
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
    /// The submission was not graded: its `lib.rs` is not a small text file
    /// inside the submission (binary, too large, a link pointing outside).
    Rejected,
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
            Self::Rejected => "rejected",
        }
    }
}

/// One graded submission.
#[derive(Debug, Clone, Serialize)]
pub struct Grade {
    /// Who or what was graded (a folder name in a batch).
    pub submission: String,
    /// The homework it was graded as.
    pub homework: &'static Homework,
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
    fn new(id: &str, homework: &'static Homework) -> Self {
        Self {
            submission: id.to_owned(),
            homework,
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
    sandbox: OnceCell<Result<sandbox::Found, String>>,
    /// The test binary's folder, open to the tests' users.
    binaries: tempfile::TempDir,
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
        let binaries = {
            // In the scratch when the tests' users can reach it there
            // (/tmp may forbid running programs), else in /tmp.
            let mut builder = tempfile::Builder::new();
            builder.prefix("queens-grading-");
            let dir = if sandbox::reachable_by_others(&config.scratch_dir) {
                builder.tempdir_in(&config.scratch_dir)?
            } else {
                builder.tempdir()?
            };
            sandbox::prepare_binaries_dir(dir.path())?;
            dir
        };
        Ok(Self {
            config,
            slot,
            sandbox: OnceCell::new(),
            binaries,
        })
    }

    /// Its configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The graded tests' names (built into the grader: [`Homework::tests`]).
    pub fn handout_tests(&self) -> Result<Vec<String>, String> {
        Ok(self.config.homework.test_names().map(str::to_owned).collect())
    }

    /// The sandbox the tests run in: `Ok(None)` with the reason when they run
    /// without one (`auto` where bubblewrap does not work, or `off`); `Err`
    /// when it is required and does not work.
    pub fn sandbox(&self) -> Result<sandbox::Found, String> {
        self.sandbox
            .get_or_init(|| sandbox::probe(self.config.sandbox))
            .clone()
    }

    /// One line on how the tests are protected, for a batch's header and each
    /// unsandboxed row's notes.
    pub fn protection(&self) -> String {
        match self.sandbox() {
            Ok((Some(_), _)) => "tests sandboxed with bubblewrap (no network, no course files, \
                                 private /tmp, own PID namespace) and resource limits"
                .to_owned(),
            Ok((None, why)) => format!(
                "NOT SANDBOXED ({}): the tests ran with resource limits and a session of \
                 their own only; student code could read your files{}",
                why.unwrap_or_default(),
                if self.config.isolate_network && sandbox::unshare_works() {
                    " (network cut with unshare -rn)"
                } else {
                    " and use the network"
                }
            ),
            Err(why) => why,
        }
    }

    /// Grades the submission at `path` (an exercises crate folder, a folder
    /// holding `lib.rs`, or a `.rs` file), calling it `id`.
    pub fn grade(&self, id: &str, path: &Path) -> Grade {
        let start = Instant::now();
        let mut grade = Grade::new(id, self.config.homework);
        self.grade_path(&mut grade, path, start + self.config.timeout);
        grade.elapsed = start.elapsed();
        grade
    }

    /// Builds the graded tests around `code` (a `lib.rs`) and returns the
    /// test binary, as `cargo test -p exercises` would run it (it lives as
    /// long as this grader).
    pub fn test_binary(&self, code: &str) -> Result<PathBuf, String> {
        self.build(code, Instant::now() + self.config.timeout)
            .map_err(|failure| match failure {
                BuildFailure::Compile(errors) => format!("does not compile: {errors}"),
                BuildFailure::TimedOut => "the build timed out".to_owned(),
                BuildFailure::Grader(message) => message,
            })
    }

    /// Grades `code`, the text of a `lib.rs`, calling it `id`.
    pub fn grade_code(&self, id: &str, code: &str) -> Grade {
        let start = Instant::now();
        let mut grade = Grade::new(id, self.config.homework);
        self.grade_text(&mut grade, code, start + self.config.timeout);
        grade.elapsed = start.elapsed();
        grade
    }

    fn grade_path(&self, grade: &mut Grade, path: &Path, deadline: Instant) {
        let homework = self.config.homework;
        let Some(source) = find_source(path, homework) else {
            let file = homework.file_name();
            grade.status = Status::NoSubmission;
            grade.detail = format!(
                "no {file} in {} (looked for src/{file}, {file}, exercises/src/{file})",
                path.display()
            );
            self.fill_not_run(grade, "no submission");
            return;
        };
        grade.notes = notice_edits(path, homework);
        let code = match read_submission(path, &source) {
            Ok(code) => code,
            Err((status, detail)) => {
                grade.status = status;
                grade.detail = detail;
                grade.source = Some(source);
                self.fill_not_run(grade, "not graded");
                return;
            }
        };
        grade.source = Some(source);
        self.grade_text(grade, &code, deadline);
    }

    fn grade_text(&self, grade: &mut Grade, code: &str, deadline: Instant) {
        let sandbox = match self.sandbox() {
            Ok((sandbox, why)) => {
                if sandbox.is_none() {
                    grade.notes.push(format!(
                        "NOT SANDBOXED: {}",
                        why.unwrap_or_else(|| "bubblewrap is off".to_owned())
                    ));
                }
                sandbox
            }
            Err(why) => {
                grade.status = Status::GraderError;
                grade.detail = why;
                self.fill_not_run(
                    grade,
                    "the grader refused to run the tests without a sandbox",
                );
                return;
            }
        };
        let executable = match self.build(code, deadline) {
            Ok(executable) => executable,
            Err(BuildFailure::Compile(errors)) => {
                // The scratch copy is the submission verbatim: same lines, so
                // the errors can point at the file the student edits.
                let errors = match &grade.source {
                    Some(source) => point_at(&errors, &scratch_source(self.config.homework), source),
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
        let run = self.run_tests(&executable, sandbox, deadline);
        grade.tests = run.records;
        let left: Vec<&str> = grade
            .tests
            .iter()
            .flat_map(|t| &t.problems)
            .filter_map(|p| p.strip_prefix("left-running: "))
            .collect();
        if !left.is_empty() {
            let mut names: Vec<&str> = left.iter().flat_map(|l| l.split(", ")).collect();
            names.sort_unstable();
            names.dedup();
            grade.notes.push(format!(
                "{} tests left processes running ({}): killed after each test",
                left.len(),
                names.join(", ")
            ));
        }
        if !run.cut_short.is_empty() || run.not_run > 0 {
            grade.status = Status::TimedOut;
            let still = if run.cut_short.is_empty() {
                String::new()
            } else {
                format!("; still running: {}", run.cut_short.join(", "))
            };
            grade.detail = format!(
                "the tests took more than the submission's {} s{still}; {} tests never ran",
                self.config.timeout.as_secs(),
                run.not_run
            );
        }
    }

    /// Marks every test of the handout as not run (the submission never got
    /// that far), so the scorecard still shows what it was graded out of.
    fn fill_not_run(&self, grade: &mut Grade, why: &str) {
        grade.tests = self
            .config
            .homework
            .test_names()
            .map(|name| not_run(name, why))
            .collect();
    }

    /// Writes the scratch workspace around `code` and builds the graded tests;
    /// returns a private copy of the test executable.
    fn build(&self, code: &str, deadline: Instant) -> Result<PathBuf, BuildFailure> {
        let _one_at_a_time = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
        self.write_workspace(code).map_err(|e| {
            BuildFailure::Grader(format!("cannot write the scratch workspace: {e}"))
        })?;
        std::fs::create_dir_all(self.config.scratch_dir.join("target")).map_err(|e| {
            BuildFailure::Grader(format!("cannot create the scratch's target folder: {e}"))
        })?;
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
        let mut command = match self.sandbox() {
            // The build cannot see the course either: an `include!` of the
            // solutions, by any path, finds an empty folder.
            Ok((Some(bwrap), _)) => {
                let (hidden, writable, readable) = self.build_view();
                bwrap.build_command(&cargo, &hidden, &writable, &readable)
            }
            _ => Command::new(cargo),
        };
        command
            .args([
                "build",
                "--offline",
                "--message-format=json",
                "--test",
                self.config.homework.test_target,
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
                Message::CompilerArtifact(artifact)
                    if artifact.target.name == self.config.homework.test_target =>
                {
                    executable = artifact.executable.map(PathBuf::from);
                }
                Message::BuildFinished(finished) => success = finished.success,
                _ => {}
            }
        }
        match (success, executable) {
            (true, Some(built)) => {
                // A private copy: another grader sharing the target folder may
                // rebuild the original while this one runs. It goes where the
                // tests' unprivileged users can reach it (the scratch may be
                // under a private home).
                let copy = self.binaries.path().join("graded-tests");
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
        self.vendor()?;
        std::fs::write(self.slot.join("Cargo.toml"), WORKSPACE_MANIFEST)?;
        let lock = self.config.queens_dir.join("Cargo.lock");
        if lock.exists() && !self.slot.join("Cargo.lock").exists() {
            std::fs::copy(lock, self.slot.join("Cargo.lock"))?;
        }
        std::fs::write(crate_dir.join("Cargo.toml"), INSTRUCTOR_MANIFEST)?;
        // Every homework's handout and tests are there (the manifest names
        // every test target); the submission takes the place of the one graded.
        for homework in homeworks::ALL {
            let handout = if *homework == self.config.homework {
                code
            } else {
                homework.files.handout
            };
            std::fs::write(crate_dir.join(homework.test_file), homework.files.tests)?;
            std::fs::write(crate_dir.join(homework.source), handout)?;
        }
        Ok(())
    }

    /// What a sandboxed build sees: the course, the home folder, cargo's home
    /// and [`Config::hidden_from_builds`] hidden (emptied); bound back: this
    /// slot and the shared target folder (writable), the vendored sources,
    /// rustup's toolchains and cargo's programs and settings (read-only), its
    /// crate caches (writable). No other slot, no credentials.
    fn build_view(&self) -> (Vec<PathBuf>, Vec<PathBuf>, Vec<PathBuf>) {
        let absolute = |path: &Path| std::fs::canonicalize(path).unwrap_or(path.to_path_buf());
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let cargo_home = std::env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".cargo")))
            .map(|dir| absolute(&dir));
        let rustup_home = std::env::var_os("RUSTUP_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".rustup")));
        let scratch = absolute(&self.config.scratch_dir);
        let mut hidden = vec![absolute(&self.config.queens_dir)];
        hidden.extend(home.as_deref().map(absolute));
        hidden.extend(cargo_home.clone());
        hidden.extend(self.config.hidden_from_builds.iter().map(|p| absolute(p)));
        let mut writable = vec![scratch.join("target"), absolute(&self.slot)];
        let mut readable = vec![scratch.join("vendor")];
        readable.extend(rustup_home.as_deref().map(absolute));
        if let Some(cargo_home) = cargo_home {
            for cache in ["registry", "git", ".package-cache", ".package-cache-mutate"] {
                writable.push(cargo_home.join(cache));
            }
            for program in ["bin", "config.toml", "config"] {
                readable.push(cargo_home.join(program));
            }
        }
        (hidden, writable, readable)
    }

    /// Copies the sources of the `queens` library and of the harness into
    /// the scratch workspace's `vendor/` (files that changed only, so the
    /// shared target folder keeps them compiled), with manifests that name
    /// nothing outside the scratch.
    fn vendor(&self) -> std::io::Result<()> {
        let course = &self.config.queens_dir;
        let vendor = self.config.scratch_dir.join("vendor");
        let root: toml_edit::DocumentMut = std::fs::read_to_string(course.join("Cargo.toml"))?
            .parse()
            .map_err(std::io::Error::other)?;
        let grader: toml_edit::DocumentMut =
            std::fs::read_to_string(course.join("grader/Cargo.toml"))?
                .parse()
                .map_err(std::io::Error::other)?;
        for (name, manifest, src) in [
            ("queens", &root, course.join("src")),
            ("queens-grader", &grader, course.join("grader/src")),
        ] {
            let dir = vendor.join(name);
            copy_changed(&src, &dir.join("src"))?;
            // The library ships data its sources include (the Sudoku puzzles).
            if name == "queens" && course.join("data").is_dir() {
                copy_changed(&course.join("data"), &dir.join("data"))?;
            }
            write_changed(
                &dir.join("Cargo.toml"),
                &vendored_manifest(name, manifest, &root),
            )?;
        }
        // The slot's manifest names the vendored crates from next door.
        let link = self.slot.join("vendor");
        if !link.exists() {
            #[cfg(unix)]
            std::os::unix::fs::symlink(&vendor, &link)?;
        }
        Ok(())
    }

    /// Runs every graded test, `jobs` at a time, until the submission's
    /// deadline.
    fn run_tests(
        &self,
        executable: &Path,
        sandbox: Option<Bubblewrap>,
        deadline: Instant,
    ) -> TestsRun {
        let mut settings = Settings::new(self.config.test_timeout);
        settings.resources = Resources {
            cpu_seconds: self.config.test_timeout.as_secs() + 1,
            ..self.config.resources
        };
        settings.unshare_network =
            sandbox.is_none() && self.config.isolate_network && sandbox::unshare_works();
        settings.sandbox = sandbox;
        let homework = self.config.homework;
        let tests = homework.tests;
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<(usize, TestRecord, bool)>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..self.config.jobs.max(1) {
                scope.spawn(|| {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(name) = tests.get(index).map(|test| test.name) else {
                            break;
                        };
                        let left = deadline.saturating_duration_since(Instant::now());
                        let (record, cut) = if left.is_zero() {
                            let why = "the submission's time ran out before this test ran";
                            (not_run(name, why), false)
                        } else {
                            let mut settings = settings.clone();
                            let cut = left < settings.timeout;
                            settings.timeout = settings.timeout.min(left);
                            let record = harness::run_test(executable, homework, name, &settings);
                            let cut = cut && record.outcome == Outcome::TimedOut;
                            (record, cut)
                        };
                        results
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((index, record, cut));
                    }
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
        results.sort_by_key(|(index, ..)| *index);
        TestsRun {
            not_run: results
                .iter()
                .filter(|(_, r, _)| r.outcome == Outcome::NotRun)
                .count(),
            cut_short: results
                .iter()
                .filter(|(.., cut)| *cut)
                .map(|(_, r, _)| r.name.clone())
                .collect(),
            records: results.into_iter().map(|(_, r, _)| r).collect(),
        }
    }

    /// Whether the tests run without network: in the sandbox, or in a
    /// network namespace of their own.
    pub fn network_isolated(&self) -> bool {
        match self.sandbox() {
            Ok((Some(_), _)) => true,
            Ok((None, _)) => self.config.isolate_network && sandbox::unshare_works(),
            Err(_) => false,
        }
    }
}

/// What running a submission's tests gave.
struct TestsRun {
    records: Vec<TestRecord>,
    /// Tests the submission's deadline cut short.
    cut_short: Vec<String>,
    /// Tests that never started.
    not_run: usize,
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
        problems: Vec::new(),
    }
}

/// The file to grade in `path`: the homework's file (`lib.rs`, …).
fn find_source(path: &Path, homework: &Homework) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path.to_owned());
    }
    let file = homework.file_name();
    [
        format!("src/{file}"),
        file.to_owned(),
        format!("exercises/src/{file}"),
    ]
    .iter()
    .map(|candidate| path.join(candidate))
    .find(|candidate| candidate.is_file())
}

/// Notes on what in a submission folder is ignored: edited tests or manifest,
/// a build script, other source files.
fn notice_edits(path: &Path, homework: &Homework) -> Vec<String> {
    let graded = homework.source;
    let crate_dir = if path.join("exercises").join(graded).is_file() && !path.join(graded).is_file()
    {
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
    if differs(homework.test_file, homework.files.tests) {
        notes.push(format!(
            "{} was edited: graded with the instructor's copy",
            homework.test_file
        ));
    }
    if differs("Cargo.toml", INSTRUCTOR_MANIFEST) {
        notes.push("Cargo.toml was edited: graded with the instructor's copy".to_owned());
    }
    if crate_dir.join("build.rs").exists() {
        notes.push(format!("build.rs is ignored: only {graded} is graded"));
    }
    if let Ok(entries) = std::fs::read_dir(crate_dir.join("src")) {
        let mut others: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            // The other homeworks' handouts are expected there, and not graded.
            .filter(|name| !homeworks::ALL.iter().any(|h| h.file_name() == name))
            .collect();
        others.sort();
        if !others.is_empty() {
            notes.push(format!(
                "only {graded} is graded; ignored: {}",
                others.join(", ")
            ));
        }
    }
    notes
}

/// The scratch workspace: one member, `exercises`, and the vendored library
/// and harness (`vendor/`, copied from the course by [`Grader::vendor`]).
const WORKSPACE_MANIFEST: &str = "\
# Written by `queens grade`: one submission, graded with the instructor's tests.
[workspace]
members = [\"exercises\"]
resolver = \"3\"

[workspace.package]
edition = \"2024\"

[workspace.dependencies]
queens = { path = \"vendor/queens\", default-features = false }
queens-grader = { path = \"vendor/queens-grader\", default-features = false }

# Small artifacts: every submission relinks the test binary.
[profile.dev]
debug = false

[profile.dev.package.queens]
opt-level = 2

# As in the course: the end-to-end tests search 50,000 nodes; overflow
# checks stay on.
[profile.dev.package.exercises]
opt-level = 1
";

/// A vendored crate's manifest: the course's package `name` with its
/// features and dependencies, workspace entries resolved from `root`, and
/// `queens` named from next door.
fn vendored_manifest(
    name: &str,
    manifest: &toml_edit::DocumentMut,
    root: &toml_edit::DocumentMut,
) -> String {
    use toml_edit::{Item, Table, value};
    let workspace_deps = root
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(Item::as_table_like);
    let resolve = |deps: &Item| -> Table {
        let mut out = Table::new();
        let Some(deps) = deps.as_table_like() else {
            return out;
        };
        for (dep, spec) in deps.iter() {
            let mut entry = toml_edit::InlineTable::new();
            let inherits = spec
                .as_table_like()
                .and_then(|t| t.get("workspace"))
                .and_then(Item::as_bool)
                .unwrap_or(false);
            let base = if inherits {
                workspace_deps.and_then(|w| w.get(dep)).cloned()
            } else {
                Some(spec.clone())
            };
            match base.as_ref().and_then(Item::as_value) {
                Some(toml_edit::Value::String(version)) => {
                    entry.insert("version", version.value().as_str().into());
                }
                Some(toml_edit::Value::InlineTable(table)) => {
                    for (key, v) in table.iter() {
                        entry.insert(key, v.clone());
                    }
                }
                _ => {}
            }
            if let Some(table) = base.as_ref().and_then(Item::as_table) {
                for (key, v) in table.iter() {
                    if let Some(v) = v.as_value() {
                        entry.insert(key, v.clone());
                    }
                }
            }
            if let Some(local) = spec.as_table_like() {
                for (key, v) in local.iter() {
                    if key != "workspace"
                        && let Some(v) = v.as_value()
                    {
                        entry.insert(key, v.clone());
                    }
                }
            }
            if dep == "queens" {
                entry.insert("path", "../queens".into());
            }
            out.insert(dep, value(entry));
        }
        out
    };
    let mut doc = toml_edit::DocumentMut::new();
    let mut package = Table::new();
    package.insert("name", value(name));
    package.insert("version", value("0.1.0"));
    package.insert("edition", value("2024"));
    package.insert("publish", value(false));
    doc.insert("package", Item::Table(package));
    if let Some(features) = manifest.get("features") {
        doc.insert("features", features.clone());
    }
    if let Some(deps) = manifest.get("dependencies") {
        doc.insert("dependencies", Item::Table(resolve(deps)));
    }
    if let Some(targets) = manifest.get("target").and_then(Item::as_table_like) {
        let mut target = Table::new();
        target.set_implicit(true);
        for (cfg, table) in targets.iter() {
            if let Some(deps) = table.get("dependencies") {
                let mut inner = Table::new();
                inner.set_implicit(true);
                inner.insert("dependencies", Item::Table(resolve(deps)));
                target.insert(cfg, Item::Table(inner));
            }
        }
        doc.insert("target", Item::Table(target));
    }
    format!("# Copied by `queens grade` from the course's {name}: sources only.\n{doc}")
}

/// Writes `text` to `path` unless it already holds it (keeping its time, so
/// cargo does not rebuild).
fn write_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)
}

/// Copies the folder `from` into `to`, writing only files that changed and
/// removing files `from` no longer has.
fn copy_changed(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut names = Vec::new();
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        names.push(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_changed(&entry.path(), &target)?;
        } else {
            let bytes = std::fs::read(entry.path())?;
            if std::fs::read(&target).ok().as_deref() != Some(bytes.as_slice()) {
                std::fs::write(&target, bytes)?;
            }
        }
    }
    for entry in std::fs::read_dir(to)?.flatten() {
        if !names.contains(&entry.file_name()) {
            let path = entry.path();
            if path.is_dir() {
                std::fs::remove_dir_all(path)?;
            } else {
                std::fs::remove_file(path)?;
            }
        }
    }
    Ok(())
}

/// The largest `lib.rs` graded: a handout is a few KB.
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// The text of `source`, the `lib.rs` found in the submission `path`, or why
/// it is not graded: a link pointing outside the submission, a file too large,
/// binary data.
fn read_submission(path: &Path, source: &Path) -> Result<String, (Status, String)> {
    let shown = source.display();
    let reject = |detail: String| Err((Status::Rejected, detail));
    let inside = if path.is_file() {
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    } else {
        path.to_path_buf()
    };
    let real = std::fs::canonicalize(source)
        .map_err(|e| (Status::NoSubmission, format!("cannot read {shown}: {e}")))?;
    let root = std::fs::canonicalize(&inside).unwrap_or(inside);
    if !real.starts_with(&root) {
        return reject(format!(
            "{shown} is a link to {}, outside the submission: not graded",
            real.display()
        ));
    }
    let size = std::fs::metadata(&real).map_or(0, |m| m.len());
    if size > MAX_SOURCE_BYTES {
        return reject(format!(
            "{shown} is {:.1} MB; a handout is a few KB (limit {} KiB): not graded",
            size as f64 / 1e6,
            MAX_SOURCE_BYTES / 1024
        ));
    }
    let bytes = std::fs::read(&real)
        .map_err(|e| (Status::NoSubmission, format!("cannot read {shown}: {e}")))?;
    match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\0') => Ok(text),
        Ok(text) => reject(format!(
            "{shown} is not text (a NUL byte at byte {}): not graded",
            text.find('\0').unwrap_or(0)
        )),
        Err(error) => reject(format!(
            "{shown} is not text (not UTF-8 at byte {}): not graded",
            error.utf8_error().valid_up_to()
        )),
    }
}

/// Where the scratch workspace keeps the submission of `homework`, as rustc
/// names it: the crate's root by its path, a homework that is a module of
/// its test target by the test's `#[path = "../src/…"]`.
fn scratch_source(homework: &Homework) -> String {
    if homework.source == "src/lib.rs" {
        format!("exercises/{}", homework.source)
    } else {
        format!("exercises/tests/../{}", homework.source)
    }
}

/// `errors` with the scratch copy's path replaced by `source`, on the lines
/// where rustc gives a location (`--> exercises/src/lib.rs:77:31`).
fn point_at(errors: &str, scratch: &str, source: &Path) -> String {
    let shown = source.display().to_string();
    errors
        .lines()
        .map(|line| match line.split_once("--> ") {
            Some((indent, at)) if at.starts_with(scratch) => {
                format!("{indent}--> {shown}{}", &at[scratch.len()..])
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
        let pointed = point_at(errors, &scratch_source(homeworks::default()), Path::new("hand-ins/ada/src/lib.rs"));
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
