//! The graded tests' harness: libtest's look, one contained process per test,
//! verdicts written where no student code runs.
//!
//! Each homework's test target in `exercises/tests/` has `harness = false`;
//! its `main` adapts the handout's types and runs the homework's typed
//! harness, which calls [`main`] with the [`Homework`] and how a child
//! answers. Run by cargo, the harness parses libtest's arguments (filters,
//! `--exact`, `--list`, `--test-threads`, so `cargo test` and `cargo nextest`
//! both work) and runs every selected test with [`run_test`]: its own
//! executable again, with [`CHILD_ENV`] naming the test, in a session of its
//! own under resource limits ([`super::sandbox`]). The child only answers the
//! test's questions ([`super::wire`]); this process judges the answers
//! ([`super::verdict`]):
//!
//! * a wrong answer: the test's message ("a queen at (2, 1) must block …");
//! * a panic: its message (a `todo!()` reads "not yet implemented: blank 2 — …");
//! * past the timeout: killed, "your code ran for more than 5 s — an infinite
//!   loop in blank 1?";
//! * a stack overflow, a resource limit, a signal, an early exit: said so.
//!
//! The grader (`queens grade`) runs the compiled tests the same way, with
//! [`run_test`], in a bubblewrap sandbox when it works. The child's output is
//! drained and capped, and the test's deadline holds even when a process it
//! started keeps the output open. With [`RESULTS_ENV`] set, each result is
//! also appended as one JSON line ([`TestRecord`]).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};

use super::cancel::Cancel;
use super::homework::Homework;
use super::process::{self, Ending, Limits};
use super::results::{Observed, Outcome, TestRecord, hint_command_of};
use super::sandbox::{self, Bubblewrap, Mode, Resources};
use super::verdict;
use super::wire::{self, Line};

/// Names the one test a child process runs.
pub const CHILD_ENV: &str = "QUEENS_GRADING_CHILD";
/// Where a child writes its answers.
pub const REPORT_ENV: &str = "QUEENS_GRADING_REPORT";
/// Per-test wall-clock timeout in milliseconds (default [`DEFAULT_TIMEOUT`]).
pub const TIMEOUT_ENV: &str = "QUEENS_GRADING_TIMEOUT_MS";
/// A file to append one JSON line per finished test to.
pub const RESULTS_ENV: &str = "QUEENS_GRADING_RESULTS";
/// `required`, `auto` or `off` (default): sandbox `cargo test -p exercises`'s
/// tests with bubblewrap.
pub const SANDBOX_ENV: &str = "QUEENS_GRADING_SANDBOX";
/// The default per-test timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
/// Bytes kept of a test's stdout and of its stderr.
const OUTPUT_CAP: usize = 64 * 1024;
/// Bytes of a test's output shown in its failure message.
const OUTPUT_SHOWN: usize = 1500;
/// The answers' file name in a test's report folder.
const REPORT_FILE: &str = "answers.jsonl";

/// How every graded test process runs.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Wall-clock limit per test.
    pub timeout: Duration,
    /// Resource limits per test.
    pub resources: Resources,
    /// The sandbox, when one is used.
    pub sandbox: Option<Bubblewrap>,
    /// Without the sandbox: run each test in a network namespace of its own
    /// (`unshare -rn`; only where [`sandbox::unshare_works`]).
    pub unshare_network: bool,
    /// Stops a test as soon as it is cancelled (its processes killed).
    pub cancel: Option<Cancel>,
}

impl Settings {
    /// `timeout`, default limits (CPU time: the timeout and a second), no sandbox.
    pub fn new(timeout: Duration) -> Self {
        Self {
            timeout,
            resources: Resources {
                cpu_seconds: timeout.as_secs() + 1,
                ..Resources::default()
            },
            sandbox: None,
            unshare_network: false,
            cancel: None,
        }
    }
}

/// How a child answers its test's questions: writes the answers to `out`,
/// a panic's text coming from the hook.
pub type Answering =
    Box<dyn FnOnce(&mut dyn Write, &dyn Fn() -> String) -> std::io::Result<()> + Send>;

/// How a child puts `questions` to the student's code with `ask`: `None`
/// when there are none (an unknown test).
pub fn answering<Q, A>(questions: Vec<Q>, ask: fn(&Q) -> A) -> Option<Answering>
where
    Q: std::panic::RefUnwindSafe + Send + 'static,
    A: serde::Serialize + 'static,
{
    (!questions.is_empty()).then(|| {
        Box::new(move |out: &mut dyn Write, panic: &dyn Fn() -> String| {
            wire::answer_each(&questions, ask, out, panic)
        }) as Answering
    })
}

/// The harness of `homework`'s test target: as libtest would (parent), or
/// the child answering one test (`answering` gives its questions' answerer,
/// `None` for an unknown test).
pub fn main(
    homework: &'static Homework,
    answering: impl Fn(&str) -> Option<Answering>,
) -> ExitCode {
    if let Ok(name) = std::env::var(CHILD_ENV) {
        return run_child(&name, answering(&name));
    }
    let arguments = Arguments::from_args();
    let timeout = std::env::var(TIMEOUT_ENV)
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(DEFAULT_TIMEOUT, Duration::from_millis);
    let mut settings = Settings::new(timeout);
    let mode = std::env::var(SANDBOX_ENV)
        .ok()
        .and_then(|mode| mode.parse().ok())
        .unwrap_or(Mode::Off);
    match sandbox::probe(mode) {
        Ok((found, _)) => settings.sandbox = found,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(2);
        }
    }
    let executable = match std::env::current_exe() {
        Ok(path) => path,
        Err(error) => {
            eprintln!("cannot find the test executable: {error}");
            return ExitCode::from(2);
        }
    };
    let results = std::env::var_os(RESULTS_ENV).and_then(|path| {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
            .map(|file| Arc::new(Mutex::new(file)))
    });
    // A homework whose every blank still holds its todo!() is not started:
    // its tests are listed as ignored and the run stays green, so finishing
    // one homework turns `cargo test -p exercises` green.
    let not_started =
        whole_run(&arguments) && results.is_none() && not_started(&executable, homework, &settings);
    if not_started {
        println!(
            "\n{homework}: not started (every blank still holds its todo!()); its {} tests \
             are shown as ignored.\nWhen you start it: {}\n",
            homework.tests.len(),
            homework.test_command()
        );
    }
    let settings = Arc::new(settings);
    let executable = Arc::new(executable);
    let trials = homework
        .test_names()
        .map(|name| {
            let results = results.clone();
            let settings = Arc::clone(&settings);
            let executable = Arc::clone(&executable);
            Trial::test(name, move || {
                let record = run_test(&executable, homework, name, &settings);
                if let Some(file) = results {
                    append(&file, &record);
                }
                if record.outcome.passed() {
                    Ok(())
                } else {
                    Err(Failed::from(record.message))
                }
            })
            .with_ignored_flag(not_started)
        })
        .collect();
    libtest_mimic::run(&arguments, trials).exit_code()
}

/// Whether cargo asked for every test (no filter, no `--list`, ignored tests
/// not asked for by name): only then is a homework not started skipped.
fn whole_run(arguments: &Arguments) -> bool {
    arguments.filter.is_none()
        && arguments.skip.is_empty()
        && !arguments.list
        && !arguments.ignored
        && !arguments.include_ignored
}

/// Whether the first test of each blank of `homework` stops at a `todo!()`.
fn not_started(executable: &Path, homework: &Homework, settings: &Settings) -> bool {
    let mut groups: Vec<&str> = homework
        .test_names()
        .filter(|name| crate::results::blank_of(crate::results::group_of(name)).is_some())
        .collect();
    groups.dedup_by(|a, b| crate::results::group_of(a) == crate::results::group_of(b));
    !groups.is_empty()
        && groups.iter().all(|name| {
            run_test(executable, homework, name, settings).outcome == Outcome::NotImplemented
        })
}

fn append(file: &Mutex<File>, record: &TestRecord) {
    if let Ok(mut line) = serde_json::to_string(record) {
        line.push('\n');
        let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = file.write_all(line.as_bytes()).and_then(|()| file.flush());
    }
}

/// The panic a child's test ended with: message and location.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn run_child(name: &str, answering: Option<Answering>) -> ExitCode {
    let Some(answer_all) = answering else {
        eprintln!("no graded test is named {name}");
        return ExitCode::from(101);
    };
    // The parent reports the panic; the default hook's lines would repeat it.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        let located = match info.location() {
            Some(at) => format!(
                "{message} (at {}:{}:{})",
                crate::results::student_path(at.file()),
                at.line(),
                at.column()
            ),
            None => message,
        };
        *LAST_PANIC.lock().unwrap_or_else(PoisonError::into_inner) = Some(located);
    }));
    let mut out: Box<dyn Write + Send> = match std::env::var_os(REPORT_ENV) {
        Some(path) => match OpenOptions::new().create(true).append(true).open(path) {
            Ok(file) => Box::new(file),
            Err(error) => {
                eprintln!("cannot write the report: {error}");
                return ExitCode::from(101);
            }
        },
        None => Box::new(std::io::stderr()),
    };
    let answered = std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            let panic_message = || {
                LAST_PANIC
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take()
                    .unwrap_or_else(|| "a panic".to_owned())
            };
            let written = answer_all(&mut out, &panic_message);
            let left = left_running();
            if !left.is_empty() {
                let _ = wire::write_line(&mut out, &Line::LeftRunning(left));
            }
            written
        })
        .map(|handle| handle.join());
    match answered {
        Ok(Ok(Ok(()))) => ExitCode::SUCCESS,
        _ => ExitCode::from(101),
    }
}

/// The other processes of this process's session: what the student's code
/// started and left running (Linux).
fn left_running() -> Vec<String> {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        // SAFETY: getsid(0) and getppid have no preconditions.
        let (session, parent) = unsafe { (i64::from(libc::getsid(0)), libc::getppid()) };
        // Neither the sandbox's init (pid 1) nor the parent was started by the
        // student's code.
        let theirs = |pid: u32| pid != me && pid != 1 && i64::from(pid) != i64::from(parent);
        process::processes()
            .into_iter()
            .filter(|p| theirs(p.pid) && p.session == session)
            .map(|p| p.name)
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    Vec::new()
}

/// Runs the graded test `name` of `homework` (built into `executable`) in a
/// contained process and judges its answers.
pub fn run_test(
    executable: &Path,
    homework: &Homework,
    name: &str,
    settings: &Settings,
) -> TestRecord {
    // A hint is for the student's failures; a harness error is the grader's.
    let record = |outcome: Outcome, message: String, elapsed: Duration| TestRecord {
        name: name.to_owned(),
        outcome,
        message: if outcome.passed() || outcome == Outcome::HarnessError {
            message
        } else {
            format!("{message}\nhint: {}", hint_command_of(homework, name))
        },
        elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        printed_bytes: 0,
        problems: Vec::new(),
        observed: Observed::default(),
        parts: Vec::new(),
    };
    let harness_error = |what: String| {
        record(
            Outcome::HarnessError,
            format!("grader error, not a grade: {what}"),
            Duration::ZERO,
        )
    };
    // A test that asks nothing proves nothing, and its process would only
    // say so on stderr, which is the student's output.
    if (homework.judging.questions)(name).is_empty() {
        return harness_error(format!(
            "{homework} has no graded test {name} that asks a question (an empty question list \
             in its graded_tests! table, or no such test)"
        ));
    }
    let report_dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(error) => return harness_error(format!("cannot create a report folder: {error}")),
    };
    // As root, the test runs as a user of its own, if that user can reach
    // the binary (the grader puts it where it can).
    let user = sandbox::run_as().filter(|_| sandbox::reachable_by_others(executable));
    if let Err(error) = prepare(report_dir.path()) {
        return harness_error(format!("cannot prepare the report folder: {error}"));
    }
    let command = test_command(executable, name, settings, report_dir.path());
    let limits = Limits {
        timeout: settings.timeout,
        output_cap: OUTPUT_CAP,
        own_process_group: true,
    };
    let run = match process::run_contained(
        command,
        limits,
        settings.resources,
        user,
        settings.cancel.as_ref(),
    ) {
        Ok(run) => run,
        Err(error) => return harness_error(format!("cannot start the test process: {error}")),
    };
    // The verdict: what the test process observed, judged here.
    let text = std::fs::read_to_string(report_dir.path().join(REPORT_FILE)).unwrap_or_default();
    let lines = wire::read_lines(&text);
    let ending = ending(&run, settings.sandbox.is_some(), &settings.resources);
    let (outcome, explanation) = verdict::judge(homework, name, &lines, &ending, settings.timeout);
    let message = explanation.to_text();
    // The parts travel only when they hold more than prose (a board, a mask):
    // the HTML page draws those.
    let parts = if explanation
        .parts
        .iter()
        .any(|part| !matches!(part, crate::explanation::Part::Text(_)))
    {
        explanation.parts
    } else {
        Vec::new()
    };
    let mut problems = problems(&run, &lines, &ending, &settings.resources);
    let files_touched = files_touched(report_dir.path());
    if !files_touched.is_empty() {
        problems.push(format!("touched-files: {}", files_touched.join(", ")));
    }
    // A panic that a refused spawn caused says which limit refused it.
    let message = match outcome {
        Outcome::Panicked if problems.iter().any(|p| p == "too-many-processes") => {
            format!(
                "{message}\n{}",
                verdict::limit_message("too-many-processes")
            )
        }
        _ => message,
    };
    let printed = printed(&run);
    let message = if outcome == Outcome::HarnessError {
        format!("grader error, not a grade: {message}")
    } else if outcome.passed() || printed.is_empty() {
        message
    } else {
        format!("{message}\n{printed}")
    };
    TestRecord {
        printed_bytes: run.stdout.total_bytes + run.stderr.total_bytes,
        problems,
        observed: Observed {
            peak_memory_bytes: run.peak.virtual_bytes,
            peak_tasks: run.peak.tasks,
            stdout: kept(&run.stdout),
            stderr: kept(&run.stderr),
            containment: containment(settings),
            files_touched,
        },
        parts,
        ..record(outcome, message, run.elapsed)
    }
}

/// The answers test `name` of `homework` gives when `executable` is built
/// from the reference: every question answered, in order, or why not (a
/// panic, a process that ended before answering everything). Run contained
/// as any test is, without judging: this is how the reference's answers are
/// made ([`crate::reference`]).
pub fn answers_of(
    executable: &Path,
    homework: &Homework,
    name: &str,
    settings: &Settings,
) -> Result<Vec<serde_json::Value>, String> {
    let report_dir = tempfile::tempdir().map_err(|e| format!("a report folder: {e}"))?;
    prepare(report_dir.path()).map_err(|e| format!("the report folder: {e}"))?;
    let user = sandbox::run_as().filter(|_| sandbox::reachable_by_others(executable));
    let command = test_command(executable, name, settings, report_dir.path());
    let limits = Limits {
        timeout: settings.timeout,
        output_cap: OUTPUT_CAP,
        own_process_group: true,
    };
    let run = process::run_contained(command, limits, settings.resources, user, None)
        .map_err(|e| format!("cannot start the test process: {e}"))?;
    let text = std::fs::read_to_string(report_dir.path().join(REPORT_FILE)).unwrap_or_default();
    let mut answers = Vec::new();
    for line in wire::read_lines(&text) {
        match line {
            Line::Answer(answer) => answers.push(answer),
            Line::Panicked(message) => return Err(format!("{name} panicked: {message}")),
            Line::LeftRunning(_) => {}
        }
    }
    let asked = (homework.judging.questions)(name).len();
    if answers.len() != asked {
        let ending = ending(&run, settings.sandbox.is_some(), &settings.resources);
        return Err(format!(
            "{name} answered {} of its {asked} questions ({ending:?})",
            answers.len()
        ));
    }
    Ok(answers)
}

/// The test's home inside its report folder, with one file in it: what the
/// test adds to it or takes from it is seen afterwards ([`files_touched`]).
const HOME: &str = "home";
/// The file put in the test's home, and its text.
const HOME_FILE: (&str, &str) = ("notes.txt", "the home of a graded test\n");

/// Makes the report folder and the home in it writable by the test's user,
/// the home holding [`HOME_FILE`].
fn prepare(report_dir: &Path) -> std::io::Result<()> {
    sandbox::prepare_report_dir(report_dir)?;
    let home = report_dir.join(HOME);
    std::fs::create_dir(&home)?;
    std::fs::write(home.join(HOME_FILE.0), HOME_FILE.1)?;
    sandbox::prepare_report_dir(&home)
}

/// What the test left in its report folder and home beyond its answers, or
/// took from them: `home/x (new)`, `home/notes.txt (removed)`; at most 20.
fn files_touched(report_dir: &Path) -> Vec<String> {
    let mut touched = Vec::new();
    let mut folders = vec![(report_dir.to_owned(), 0)];
    while let Some((folder, depth)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten().take(200) {
            let path = entry.path();
            let name = path
                .strip_prefix(report_dir)
                .map_or_else(|_| path.display().to_string(), |p| p.display().to_string());
            let expected = name == REPORT_FILE
                || name == HOME
                || (name == format!("{HOME}/{}", HOME_FILE.0)
                    && std::fs::read_to_string(&path).is_ok_and(|text| text == HOME_FILE.1));
            if name == format!("{HOME}/{}", HOME_FILE.0) && !expected {
                touched.push(format!("{name} (changed)"));
            } else if !expected {
                touched.push(format!("{name} (new)"));
            }
            if entry.file_type().is_ok_and(|t| t.is_dir()) && depth < 3 {
                folders.push((path, depth + 1));
            }
        }
    }
    if !report_dir.join(HOME).join(HOME_FILE.0).exists() {
        touched.push(format!("{HOME}/{} (removed)", HOME_FILE.0));
    }
    touched.sort();
    touched.truncate(20);
    touched
}

/// How the test was contained, for the instructor.
fn containment(settings: &Settings) -> String {
    if settings.sandbox.is_some() {
        "bubblewrap: no network, read-only system, private /tmp, own processes".to_owned()
    } else if settings.unshare_network {
        "no bubblewrap; no network (unshare), limits, own session".to_owned()
    } else {
        "no bubblewrap; network allowed, limits, own session".to_owned()
    }
}

/// A stream as kept: its start and, when more was printed, its end.
fn kept(captured: &process::Captured) -> String {
    if captured.tail.is_empty() {
        return captured.text.clone();
    }
    let kept = (captured.text.len() + captured.tail.len()) as u64;
    format!(
        "{}\n[… {} not kept …]\n{}",
        captured.text,
        verdict::size(captured.total_bytes.saturating_sub(kept)),
        captured.tail
    )
}

/// The command that runs test `name` of `executable`, reporting into
/// `report_dir`: inside bubblewrap, or bare with only `PATH` of the grader's
/// environment (and no network where `unshare` works).
fn test_command(executable: &Path, name: &str, settings: &Settings, report_dir: &Path) -> Command {
    if let Some(bwrap) = &settings.sandbox {
        let report = format!("{}/{REPORT_FILE}", sandbox::SANDBOX_REPORT_DIR);
        let env = [
            (CHILD_ENV, name),
            (REPORT_ENV, report.as_str()),
            ("RUST_BACKTRACE", "0"),
            MALLOC_ARENAS,
        ];
        return bwrap.command(executable, report_dir, &env);
    }
    let mut command = if settings.unshare_network {
        let mut command = Command::new("unshare");
        command
            .args(["--user", "--map-root-user", "--net", "--"])
            .arg(executable);
        command
    } else {
        Command::new(executable)
    };
    // Nothing of the grader's environment (tokens, paths) reaches the test
    // but PATH.
    command.env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    command
        .current_dir(report_dir)
        .env("HOME", report_dir.join(HOME))
        .env(CHILD_ENV, name)
        .env(REPORT_ENV, report_dir.join(REPORT_FILE))
        .env(TIMEOUT_ENV, settings.timeout.as_millis().to_string())
        .env("RUST_BACKTRACE", "0")
        .env(MALLOC_ARENAS.0, MALLOC_ARENAS.1)
        .env_remove(RESULTS_ENV);
    command
}

/// One malloc arena for every thread of a test. glibc gives threads that
/// allocate at the same moment arenas of their own, each reserving 64 MiB of
/// address space: about sixteen of them fill the test's 1 GiB, so a thread
/// bomb ran out of memory or out of processes first depending on how its
/// threads happened to meet (CI saw both in one run, and the labels differed
/// from run to run). With one arena its threads meet the process limit.
const MALLOC_ARENAS: (&str, &str) = ("MALLOC_ARENA_MAX", "1");

/// What went wrong around the verdict, one label per cause: a limit hit
/// (`out-of-memory`, `too-many-processes`, `cpu-time`, `file-too-large`,
/// `output-limit`), a timeout spent printing (`printed-megabytes`), processes
/// left running (`left-running: sleep`, killed with the test).
///
/// Each label comes from what the grader observed of the process: how it
/// ended (exit, signal, killed at the timeout or the output budget), the
/// bytes it printed (counted here as they are drained), the kernel's memory
/// high-water marks and the processes alive at its end (read before the
/// kill), and the processes seen while it ran. Some labels also read what
/// the test process itself said: for a test that already failed, Rust's
/// "memory allocation of … failed" before an abort and the error of a spawn
/// the process limit refused (`os error 11`, EAGAIN) in its panic; for any
/// test, the processes the harness's child found still running once it had
/// answered ([`Line::LeftRunning`]: a fork bomb that ignores its errors leaves
/// its children there, and under bubblewrap they die with the test before
/// the grader's last reading). Those words come from the student's process
/// and could be forged; a forged one only labels its own test, never turns a
/// failure into a pass or changes a point (a correct submission that prints
/// the crash words, `correct-prints-crash-words`, carries no label).
fn problems(
    run: &process::Run,
    lines: &[Line],
    ending: &verdict::Ending,
    resources: &Resources,
) -> Vec<String> {
    let mut problems = Vec::new();
    match ending {
        verdict::Ending::Limit(limit) => problems.push((*limit).to_owned()),
        verdict::Ending::TooMuchOutput(_) => problems.push("output-limit".to_owned()),
        verdict::Ending::TimedOutPrinting(_) => problems.push("printed-megabytes".to_owned()),
        _ => {}
    }
    let refused_spawn = lines.iter().any(|line| match line {
        Line::Panicked(message) => spawn_refused(message),
        _ => false,
    });
    // The processes the test process found still running in its session
    // once it had answered, one name each (under bubblewrap they die with
    // it, before the grader's last reading).
    let left_at_end: u64 = lines
        .iter()
        .map(|line| match line {
            Line::LeftRunning(names) => names.len() as u64,
            _ => 0,
        })
        .sum();
    if resources.processes > 0
        && (refused_spawn
            || reached_process_limit(run, resources)
            || left_at_end * 4 >= resources.processes * 3)
        && !problems.iter().any(|p| p == "too-many-processes")
    {
        problems.push("too-many-processes".to_owned());
    }
    // Every thread reserves its stack's address space, so a test whose
    // spawns were refused and that then failed an allocation ran out of
    // memory because of its threads: one cause, not two (which of the two
    // limits a thread bomb meets first is a race).
    if refused_spawn && problems.iter().any(|p| p == "too-many-processes") {
        problems.retain(|p| p != "out-of-memory");
    }
    let mut left: Vec<String> = run.left_running.clone();
    for line in lines {
        if let Line::LeftRunning(names) = line {
            left.extend(names.iter().cloned());
        }
    }
    left.sort();
    left.dedup();
    if !left.is_empty() {
        problems.push(format!("left-running: {}", left.join(", ")));
    }
    problems
}

/// Whether a panic's message is a spawn the process limit refused: the
/// system's EAGAIN, as `std::thread::spawn` (`Os { code: 11, … }`) and
/// `Command::spawn` (`os error 11`) report it.
fn spawn_refused(message: &str) -> bool {
    #[cfg(target_os = "linux")]
    return message.contains("os error 11")
        || message.contains("code: 11,")
        || message.contains("Resource temporarily unavailable");
    #[cfg(not(target_os = "linux"))]
    {
        let _ = message;
        false
    }
}

/// Whether the test was seen running about as many processes and threads as
/// its limit allows (the limit counts per user, so "about": three quarters).
fn reached_process_limit(run: &process::Run, resources: &Resources) -> bool {
    resources.processes > 0 && run.peak.tasks * 4 >= resources.processes * 3
}

/// Whether the test held half its address space or more (the kernel's
/// high-water mark): an allocation that failed past that is the limit's
/// doing, and a test stopped at its timeout holding that much was on its way
/// there.
fn reached_memory_limit(run: &process::Run, resources: &Resources) -> bool {
    resources.address_space > 0 && run.peak.virtual_bytes * 2 >= resources.address_space
}

/// Whether the test's stderr ends with Rust's words for a failed allocation
/// (read only for a process that aborted: see [`problems`]).
#[cfg_attr(not(unix), allow(dead_code))]
fn allocation_failed(run: &process::Run) -> bool {
    let said = |text: &str| {
        text.lines()
            .any(|line| line.starts_with("memory allocation of ") && line.ends_with(" failed"))
    };
    said(&run.stderr.tail) || said(&run.stderr.text)
}

/// How the test's process ended, as the verdict needs it: from its exit, its
/// signal and its peak use against `resources`.
fn ending(run: &process::Run, sandboxed: bool, resources: &Resources) -> verdict::Ending {
    let printed = run.stdout.total_bytes + run.stderr.total_bytes;
    match run.ending {
        Ending::TooMuchOutput => return verdict::Ending::TooMuchOutput(printed),
        // Stopped at the timeout: what it was doing names the cause, memory
        // first (a hog is slow because it grows), then processes (a fork
        // bomb spends its time on refused spawns), then printing.
        Ending::TimedOut if reached_memory_limit(run, resources) => {
            return verdict::Ending::Limit("out-of-memory");
        }
        Ending::TimedOut if reached_process_limit(run, resources) => {
            return verdict::Ending::Limit("too-many-processes");
        }
        Ending::TimedOut if printed > verdict::PRINTING_BYTES => {
            return verdict::Ending::TimedOutPrinting(printed);
        }
        Ending::TimedOut => return verdict::Ending::TimedOut,
        Ending::Finished(_) => {}
    }
    // bubblewrap reports a signal as the exit code 128 + signal.
    let signal = run.signal().or_else(|| match run.ending {
        Ending::Finished(status) if sandboxed => {
            status.code().filter(|c| *c > 128).map(|c| c - 128)
        }
        _ => None,
    });
    #[cfg(unix)]
    match signal {
        Some(libc::SIGXCPU) => return verdict::Ending::Limit("cpu-time"),
        Some(libc::SIGXFSZ) => return verdict::Ending::Limit("file-too-large"),
        // The kernel's OOM killer, at the memory limit of the cgroup the
        // test runs in (a container's: Gradescope's 768 MB), sends SIGKILL
        // and nothing else; its cgroup counted the kill while the test ran.
        Some(libc::SIGKILL) if run.oom_kills > 0 => {
            return verdict::Ending::Limit("out-of-memory");
        }
        // Rust aborts on a failed allocation and on a stack overflow (the
        // overflow's guard page is a SIGSEGV where no handler runs).
        Some(libc::SIGABRT | libc::SIGSEGV | libc::SIGBUS)
            if reached_memory_limit(run, resources) || allocation_failed(run) =>
        {
            return verdict::Ending::Limit("out-of-memory");
        }
        Some(libc::SIGABRT | libc::SIGSEGV | libc::SIGBUS)
            if run.stderr.text.contains("has overflowed its stack") =>
        {
            // The signal is observed; the text only tells an overflow from
            // another abort, and only the student's own crash can be relabelled.
            return verdict::Ending::StackOverflow;
        }
        Some(signal) => return verdict::Ending::Signal(signal),
        None => {}
    }
    #[cfg(not(unix))]
    if let Some(signal) = signal {
        return verdict::Ending::Signal(signal);
    }
    match run.ending {
        Ending::Finished(status) if !status.success() => {
            verdict::Ending::Exited(status.to_string())
        }
        _ => verdict::Ending::Ended,
    }
}

/// What the test printed, capped, for its failure message.
fn printed(run: &process::Run) -> String {
    let mut parts = Vec::new();
    for (stream, captured) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        let text = captured.text.trim_end();
        if !text.is_empty() {
            // Only bytes that were dropped make it "cut", not a trailing newline.
            let total = if captured.truncated() {
                captured.total_bytes
            } else {
                text.len() as u64
            };
            parts.push(format!(
                "your code printed ({stream}):\n{}",
                process::excerpt(text, total, OUTPUT_SHOWN)
            ));
        }
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::Captured;

    /// A test without questions is the grader's error before any process
    /// runs: never the student's output, never a hint to them.
    #[test]
    fn a_test_without_questions_is_a_grader_error_not_the_student_s_output() {
        let homework = crate::homeworks::default();
        let name = "blank_1_prune_check::asks_nothing";
        let settings = Settings::new(Duration::from_secs(5));
        let record = run_test(Path::new("/nonexistent/tests"), homework, name, &settings);
        assert_eq!(record.outcome, Outcome::HarnessError);
        assert!(
            record.message.starts_with("grader error, not a grade: ")
                && record.message.contains(name)
                && record.message.lines().count() == 1,
            "{}",
            record.message
        );
        assert!(!record.message.contains("your code"), "{}", record.message);
    }

    fn run_printing(text: &str, total_bytes: u64) -> process::Run {
        process::Run {
            ending: Ending::Finished(std::process::ExitStatus::default()),
            stdout: Captured {
                text: text.to_owned(),
                tail: String::new(),
                total_bytes,
            },
            stderr: Captured::default(),
            elapsed: Duration::ZERO,
            left_running: Vec::new(),
            peak: process::Peak::default(),
            oom_kills: 0,
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_sigkill_while_the_cgroup_counted_an_oom_kill_is_out_of_memory() {
        use std::os::unix::process::ExitStatusExt;
        let resources = Resources::default();
        let mut run = run_printing("", 0);
        run.ending = Ending::Finished(std::process::ExitStatus::from_raw(libc::SIGKILL));
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Signal(libc::SIGKILL)
        );
        run.oom_kills = 1;
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Limit("out-of-memory")
        );
        // Under bubblewrap: its exit code 128 + 9.
        run.ending = Ending::Finished(std::process::ExitStatus::from_raw(137 << 8));
        assert_eq!(
            ending(&run, true, &resources),
            verdict::Ending::Limit("out-of-memory")
        );
        // Another signal is not the OOM killer's, whatever was counted.
        run.ending = Ending::Finished(std::process::ExitStatus::from_raw(libc::SIGTERM));
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Signal(libc::SIGTERM)
        );
        let labels = problems(
            &run,
            &[],
            &verdict::Ending::Limit("out-of-memory"),
            &resources,
        );
        assert_eq!(labels, ["out-of-memory"]);
    }

    #[test]
    fn output_ending_in_a_newline_is_not_marked_as_cut() {
        let line = format!("{}\n", "x".repeat(94));
        let shown = printed(&run_printing(&line, 95));
        assert!(!shown.contains("bytes in all"), "{shown}");
        assert!(shown.contains(&"x".repeat(94)), "{shown}");
    }

    #[test]
    fn a_timeout_is_named_by_what_the_test_was_doing() {
        let resources = Resources::default();
        let mut run = run_printing("", 0);
        run.ending = Ending::TimedOut;
        assert_eq!(ending(&run, false, &resources), verdict::Ending::TimedOut);
        run.stdout.total_bytes = 450_000_000;
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::TimedOutPrinting(450_000_000)
        );
        run.peak.tasks = resources.processes;
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Limit("too-many-processes")
        );
        run.peak.virtual_bytes = resources.address_space * 3 / 4;
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Limit("out-of-memory")
        );
        run.ending = Ending::TooMuchOutput;
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::TooMuchOutput(450_000_000)
        );
    }

    #[test]
    fn a_refused_spawn_in_a_panic_is_the_process_limit() {
        let resources = Resources::default();
        let run = run_printing("", 0);
        let panicked = |message: &str| vec![Line::Panicked(message.to_owned())];
        let thread = "failed to spawn thread: Os { code: 11, kind: WouldBlock, message: \
                      \"Resource temporarily unavailable\" }";
        let labels = problems(&run, &panicked(thread), &verdict::Ending::Ended, &resources);
        assert_eq!(labels, ["too-many-processes"]);
        let other = problems(
            &run,
            &panicked("index out of bounds"),
            &verdict::Ending::Ended,
            &resources,
        );
        assert!(other.is_empty(), "{other:?}");
        // A fork bomb's children, counted by the test process once it answered.
        let left = vec![Line::LeftRunning(vec!["sleep".to_owned(); 60])];
        let labels = problems(&run, &left, &verdict::Ending::Ended, &resources);
        assert_eq!(labels, ["too-many-processes", "left-running: sleep"]);
        // A thread bomb that failed an allocation after a refused spawn.
        let out_of_memory = verdict::Ending::Limit("out-of-memory");
        let labels = problems(&run, &panicked(thread), &out_of_memory, &resources);
        assert_eq!(labels, ["too-many-processes"]);
        let hog = problems(
            &run,
            &panicked("capacity overflow"),
            &out_of_memory,
            &resources,
        );
        assert_eq!(hog, ["out-of-memory"]);
        let one = vec![Line::LeftRunning(vec!["sleep".to_owned()])];
        let labels = problems(&run, &one, &verdict::Ending::Ended, &resources);
        assert_eq!(labels, ["left-running: sleep"]);
    }

    /// A program past the memory limit of its cgroup, killed by the kernel's
    /// OOM killer, really is labelled out-of-memory: this test process is
    /// moved into a new 96 MiB memory cgroup (v1's memory controller, else
    /// v2's) while a 512 MiB allocation runs contained, then moved back.
    /// Needs root and a writable memory cgroup (`--ignored`).
    #[cfg(target_os = "linux")]
    #[test]
    #[ignore = "needs root and a memory cgroup to create; run with --ignored"]
    fn a_program_killed_at_its_cgroups_memory_limit_is_out_of_memory() {
        use std::path::{Path, PathBuf};
        let cgroups = std::fs::read_to_string("/proc/self/cgroup").unwrap();
        // (the new cgroup, this process's own, the files limiting it)
        let v1 = Path::new("/sys/fs/cgroup/memory");
        let (own, made, limits): (PathBuf, PathBuf, Vec<(&str, &str)>) =
            if v1.join("memory.limit_in_bytes").exists() {
                let path = cgroups
                    .lines()
                    .find_map(|l| l.split_once(":memory:").map(|(_, p)| p))
                    .expect("no v1 memory cgroup in /proc/self/cgroup");
                let own = v1.join(path.trim_start_matches('/'));
                let limits = vec![
                    ("memory.limit_in_bytes", "100663296"),
                    ("memory.memsw.limit_in_bytes", "100663296"),
                ];
                (own.clone(), own.join("queens-oom-test"), limits)
            } else {
                let root = Path::new("/sys/fs/cgroup");
                let path = cgroups
                    .lines()
                    .find_map(|l| l.strip_prefix("0::"))
                    .expect("no v2 cgroup in /proc/self/cgroup");
                let own = root.join(path.trim_start_matches('/'));
                let limits = vec![("memory.max", "100663296"), ("memory.swap.max", "0")];
                (own.clone(), own.join("queens-oom-test"), limits)
            };
        std::fs::create_dir_all(&made).expect("cannot make a memory cgroup (root?)");
        for (file, value) in limits {
            let path = made.join(file);
            if path.exists() {
                std::fs::write(&path, value).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            }
        }
        let pid = std::process::id().to_string();
        std::fs::write(made.join("cgroup.procs"), &pid).unwrap();
        let counter = process::OomCounter::of_this_process();
        let mut command = std::process::Command::new("python3");
        command.args(["-c", "b = bytearray(512 << 20); print(len(b))"]);
        let resources = Resources::default();
        let limits = Limits {
            timeout: Duration::from_secs(60),
            output_cap: OUTPUT_CAP,
            own_process_group: true,
        };
        let run = process::run_contained(command, limits, resources, None, None);
        // Back where it was before anything is asserted.
        std::fs::write(own.join("cgroup.procs"), &pid).unwrap();
        let _ = std::fs::remove_dir(&made);
        let counter = counter.expect("the new cgroup's OOM count cannot be read");
        assert!(counter.path.starts_with(&made), "{counter:?}");
        let run = run.unwrap();
        assert_eq!(run.signal(), Some(libc::SIGKILL), "{:?}", run.ending);
        assert!(run.oom_kills >= 1, "{run:?}");
        assert_eq!(
            ending(&run, false, &resources),
            verdict::Ending::Limit("out-of-memory")
        );
    }

    #[test]
    fn output_past_the_cap_is_marked_as_cut() {
        let kept = "y".repeat(OUTPUT_SHOWN + 10);
        let shown = printed(&run_printing(&kept, 10_000_000));
        assert!(shown.contains("(10000000 bytes in all)"), "{shown}");
    }
}
