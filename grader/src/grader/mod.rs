//! `queens grade`: build a submission with the instructor's tests and run
//! them, one step after another, each in its own file; data flows one way:
//!
//! 1. `intake`: the homework's one file found in what was handed in
//!    ([`Config::homework`]), read as text or rejected, notes on what else is
//!    there and ignored;
//! 2. `workspace`: a scratch workspace with that file next to the
//!    instructor's `exercises/Cargo.toml` and every homework's tests, embedded
//!    in this program when it was built (so edited tests or an added
//!    `build.rs` change nothing), the other homeworks' files left empty, and
//!    the `queens` library and the
//!    harness copied in (`vendor/`): it names nothing of the course by path;
//! 3. `build`: the homework's test target built offline, in bubblewrap when
//!    it works, with a wall-clock limit; compile errors pointed at the
//!    student's file. Every scratch workspace shares one target folder
//!    ([`Config::scratch_dir`]`/target`), so the library and the harness
//!    compile once and a submission costs one small crate;
//! 4. `run`: each graded test in its own contained process
//!    ([`crate::harness::run_test`]: timeout, resource limits, session,
//!    bubblewrap), judged as it ends where no student code runs
//!    ([`crate::verdict`]);
//! 5. `record`: the [`Grade`], test by test.
//!
//! Before the first submission's clock starts, [`Grader::prepare`] builds the
//! library, the harness and the graded tests around the untouched handout
//! once per scratch folder and homework: that build is the grader's, never
//! charged to a submission, whose time limit covers only its own small
//! incremental build and its tests.
//!
//! Whatever happens (no file, compile errors, endless loops, crashes),
//! [`Grader::grade`] returns a [`Grade`] with a status, never an error; when
//! the grader itself could not grade, that status is
//! [`Status::GraderError`], which carries no score.

mod build;
mod config;
mod confine;
mod intake;
mod record;
mod run;
mod toolchain;
mod workspace;

use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

pub use config::{Config, INSTRUCTOR_MANIFEST};
pub use confine::BUILD_USER;
pub use record::{Grade, Status};
pub use toolchain::Toolchain;

use crate::cancel::Cancel;
use crate::sandbox;

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

/// The warm-up builds of this process, by scratch folder and homework, and
/// how each went: one per pair, shared by every grader of a batch (a failed
/// one is not tried again for each submission).
static PREPARED: Mutex<Vec<Prepared>> = Mutex::new(Vec::new());

/// One warm-up build: the scratch folder, the homework, how it went.
type Prepared = (PathBuf, &'static str, Result<(), String>);

/// How long the warm-up build may take: a first build of the library on a
/// busy grading host takes minutes, never this long.
pub const WARM_UP_LIMIT: Duration = Duration::from_secs(30 * 60);

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

    /// The graded tests' names (built into the grader: [`crate::homework::Homework::tests`]).
    pub fn handout_tests(&self) -> Result<Vec<String>, String> {
        Ok(self
            .config
            .homework
            .test_names()
            .map(str::to_owned)
            .collect())
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
            Ok((Some(_), _)) => "builds and tests sandboxed with bubblewrap (the build sees the \
                                 toolchain, the crates and the submission only; the tests no \
                                 network, no course files, a private /tmp, their own PID \
                                 namespace) and resource limits"
                .to_owned(),
            Ok((None, why)) => format!(
                "NOT SANDBOXED ({}): {}; student code could read {}{}",
                why.unwrap_or_default(),
                if sandbox::is_root() {
                    format!(
                        "the build ran as an unprivileged user (uid {}) and the tests as users \
                         of their own, with resource limits and sessions of their own",
                        confine::BUILD_USER
                    )
                } else {
                    "the tests ran with resource limits and a session of their own only".to_owned()
                },
                if sandbox::is_root() {
                    "every file any user may read"
                } else {
                    "your files"
                },
                if self.config.isolate_network && sandbox::unshare_works() {
                    " (network cut with unshare -rn)"
                } else {
                    " and use the network"
                }
            ),
            Err(why) => why,
        }
    }

    /// Builds the library and the harness the graded tests link into the
    /// scratch's shared target folder, around a stand-in for the handout (the
    /// grader holds no file a student edits, so the graded tests themselves
    /// fail to compile against it, as expected), once per process, scratch
    /// folder and homework (later calls return at once), so that a
    /// submission's time limit covers only its own build and tests.
    /// `Err` says why the grader cannot grade at all: a required sandbox
    /// missing, the toolchain or the library's build failing, the scratch
    /// unwritable. Returns how long the build took (zero when already done).
    pub fn prepare(&self) -> Result<Duration, String> {
        self.sandbox()?;
        let homework = self.config.homework.name;
        let scratch_dir = std::path::absolute(&self.config.scratch_dir)
            .unwrap_or_else(|_| self.config.scratch_dir.clone());
        let mut prepared = PREPARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((.., done)) = prepared
            .iter()
            .find(|(dir, name, _)| *dir == scratch_dir && *name == homework)
        {
            return done.clone().map(|()| Duration::ZERO);
        }
        let start = Instant::now();
        // A slot of its own, kept: a later process finds it built.
        let slot = self
            .config
            .scratch_dir
            .join("work")
            .join(format!("warm-up-{homework}"));
        let scratch = workspace::Scratch {
            config: &self.config,
            slot: &slot,
            member: workspace::WARM_UP_CRATE,
        };
        let sandbox = self.sandbox().ok().and_then(|(found, _)| found);
        let built = std::fs::create_dir_all(&slot)
            .map_err(|e| {
                build::BuildFailure::Grader(format!("cannot create {}: {e}", slot.display()))
            })
            .and_then(|()| build::warm_up(&scratch, sandbox.as_ref(), start + WARM_UP_LIMIT))
            .map_err(|failure| match failure {
                build::BuildFailure::Compile(errors) => format!(
                    "the library or the harness does not compile with this toolchain \
                     ({}): the course or the toolchain is broken, not the submission",
                    build::first_error_line(&errors)
                ),
                build::BuildFailure::TimedOut => format!(
                    "the warm-up build of the library and the graded tests took more than {} min",
                    WARM_UP_LIMIT.as_secs() / 60
                ),
                build::BuildFailure::Grader(message) => message,
            });
        prepared.push((scratch_dir, homework, built.clone()));
        built.map(|()| start.elapsed())
    }

    /// Grades the submission at `path` (an exercises crate folder, a folder
    /// holding `lib.rs`, or a `.rs` file), calling it `id`. The clock starts
    /// after [`Grader::prepare`].
    pub fn grade(&self, id: &str, path: &Path) -> Grade {
        self.grade_until(id, path, &Cancel::new())
    }

    /// Grades the submission at `path` as [`Grader::grade`] does, unless
    /// `cancel` is cancelled first (`queens watch`, when a newer save makes
    /// this one stale): then the tests running are killed, none starts after
    /// them, and there is no grade. A build under way ends first.
    pub fn grade_unless(&self, id: &str, path: &Path, cancel: &Cancel) -> Option<Grade> {
        let grade = self.grade_until(id, path, cancel);
        (!cancel.is_cancelled()).then_some(grade)
    }

    fn grade_until(&self, id: &str, path: &Path, cancel: &Cancel) -> Grade {
        let mut grade = Grade::new(id, self.config.scheme());
        if let Err(why) = self.prepare() {
            grade.grader_error(why);
            return grade;
        }
        let start = Instant::now();
        self.grade_path(&mut grade, path, start + self.config.timeout, cancel);
        grade.elapsed = start.elapsed();
        grade
    }

    /// Builds the graded tests around `code` (a `lib.rs`) and returns the
    /// test binary, as `cargo test -p exercises` would run it (it lives as
    /// long as this grader).
    pub fn test_binary(&self, code: &str) -> Result<PathBuf, String> {
        self.build(code, Instant::now() + self.config.timeout)
            .map_err(|failure| match failure {
                build::BuildFailure::Compile(errors) => format!("does not compile: {errors}"),
                build::BuildFailure::TimedOut => "the build timed out".to_owned(),
                build::BuildFailure::Grader(message) => message,
            })
    }

    /// The reference's answers to every graded test of the homework: its
    /// reference (`Homework::reference`) built with the graded tests and each test's
    /// questions answered in a contained process of its own, as a
    /// submission's are (`queens handout --answers` writes them to the
    /// homework's `answers.json`).
    pub fn reference_answers(&self) -> Result<crate::reference::Answers, String> {
        let homework = self.config.homework;
        let path = self.config.queens_dir.join(homework.reference);
        let code = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read the reference {}: {e}", path.display()))?;
        self.prepare()?;
        let executable = self
            .test_binary(&code)
            .map_err(|why| format!("the reference of {homework} {why}"))?;
        let mut settings = crate::harness::Settings::new(self.config.test_timeout * 4);
        settings.resources = self.config.resources;
        settings.resources.cpu_seconds = settings.timeout.as_secs() + 1;
        let mut answers = crate::reference::Answers::default();
        for test in homework.tests {
            let asked = crate::harness::answers_of(&executable, homework, test.name, &settings)
                .map_err(|why| format!("the reference of {homework}: {why}"))?;
            let questions = (homework.judging.questions)(test.name);
            let asked = questions
                .into_iter()
                .zip(asked)
                .map(|(question, answer)| crate::reference::Asked { question, answer })
                .collect();
            answers.tests.insert(test.name.to_owned(), asked);
        }
        Ok(answers)
    }

    /// Grades `code`, the text of a `lib.rs`, calling it `id` (the clock
    /// starts after [`Grader::prepare`]).
    pub fn grade_code(&self, id: &str, code: &str) -> Grade {
        let mut grade = Grade::new(id, self.config.scheme());
        if let Err(why) = self.prepare() {
            grade.grader_error(why);
            return grade;
        }
        let start = Instant::now();
        self.grade_text(
            &mut grade,
            code,
            start + self.config.timeout,
            &Cancel::new(),
        );
        grade.elapsed = start.elapsed();
        grade
    }

    fn grade_path(&self, grade: &mut Grade, path: &Path, deadline: Instant, cancel: &Cancel) {
        let homework = self.config.homework;
        let source = match intake::find_source(path, homework) {
            Ok(source) => source,
            Err((status, detail)) => {
                grade.status = status;
                grade.detail = detail;
                grade.fill_not_run(if status == Status::NoSubmission {
                    "no submission"
                } else {
                    "not graded"
                });
                return;
            }
        };
        grade.notes = intake::notice_edits(path, homework);
        let code = match intake::read_submission(path, &source) {
            Ok(code) => code,
            Err((status, detail)) => {
                grade.status = status;
                grade.detail = detail;
                grade.source = Some(source);
                grade.fill_not_run("not graded");
                return;
            }
        };
        grade.source = Some(source);
        self.grade_text(grade, &code, deadline, cancel);
    }

    fn grade_text(&self, grade: &mut Grade, code: &str, deadline: Instant, cancel: &Cancel) {
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
                grade.grader_error(why);
                return;
            }
        };
        if cancel.is_cancelled() {
            return;
        }
        let executable = match self.build(code, deadline) {
            Ok(executable) => executable,
            Err(build::BuildFailure::Compile(errors)) => {
                // The scratch copy is the submission verbatim: same lines, so
                // the errors can point at the file the student edits.
                let errors = match &grade.source {
                    Some(source) => build::point_at(
                        &errors,
                        &build::scratch_source(self.config.homework),
                        source,
                    ),
                    None => errors,
                };
                grade.status = Status::CompileError;
                grade.detail = build::first_error_line(&errors);
                grade.compile_errors = errors;
                grade.fill_not_run("your code does not compile");
                return;
            }
            Err(build::BuildFailure::TimedOut) => {
                grade.status = Status::TimedOut;
                grade.detail = format!(
                    "the build took more than {} s",
                    self.config.timeout.as_secs()
                );
                grade.fill_not_run("the build timed out");
                return;
            }
            Err(build::BuildFailure::Grader(message)) => {
                grade.grader_error(message);
                return;
            }
        };
        if cancel.is_cancelled() {
            return;
        }
        let run = run::run_tests(&self.config, &executable, sandbox, deadline, cancel);
        grade.take_tests(run.records);
        if !grade.scored() {
            return;
        }
        // Processes left running are one of the tests' problems, said once
        // by the reports (not again as a note).
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

    /// Writes the scratch workspace around `code` and builds the graded
    /// tests: a private copy of the test executable.
    fn build(&self, code: &str, deadline: Instant) -> Result<PathBuf, build::BuildFailure> {
        let scratch = workspace::Scratch {
            config: &self.config,
            slot: &self.slot,
            member: workspace::SUBMISSION_CRATE,
        };
        let sandbox = self.sandbox().ok().and_then(|(found, _)| found);
        build::build(
            &scratch,
            sandbox.as_ref(),
            self.binaries.path(),
            code,
            deadline,
        )
    }

    /// Clippy's warnings on `code` (the homework's file), `(line, rendered)`:
    /// compile time only, in the same sandboxed offline build as the tests.
    pub fn lint(&self, code: &str) -> Result<Vec<(usize, String)>, String> {
        let scratch = workspace::Scratch {
            config: &self.config,
            slot: &self.slot,
            member: workspace::SUBMISSION_CRATE,
        };
        let sandbox = self.sandbox().ok().and_then(|(found, _)| found);
        build::lint(
            &scratch,
            sandbox.as_ref(),
            code,
            Instant::now() + self.config.timeout,
        )
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

impl Drop for Grader {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.slot);
    }
}
