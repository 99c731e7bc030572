//! Build: the graded tests compiled offline around the submission, in the
//! sandbox when there is one; compile errors pointed at the student's file.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use cargo_metadata::Message;
use cargo_metadata::diagnostic::DiagnosticLevel;

use super::confine;
use super::toolchain::Toolchain;
use super::workspace::Scratch;
use crate::homework::Homework;
#[cfg(test)]
use crate::homeworks;
use crate::process::{self, Ending, Limits};
use crate::sandbox::Bubblewrap;

/// Cargo names a submission's artifacts after the path inside its workspace,
/// the same in every slot: graders of one process build (and copy their test
/// executable) one at a time.
static BUILDING: Mutex<()> = Mutex::new(());

/// Bytes kept of cargo's JSON messages and of the harness's output.
const CARGO_OUTPUT_CAP: usize = 16 * 1024 * 1024;
/// Bytes of the compiler's errors kept for the grade.
const COMPILE_ERRORS_SHOWN: usize = 4000;

/// Why a build gave no test executable.
pub(super) enum BuildFailure {
    /// The submission does not compile: the errors, capped.
    Compile(String),
    /// The build ran past the submission's deadline.
    TimedOut,
    /// The grader itself failed (cargo missing, a file not written).
    Grader(String),
}

/// What one `cargo build` of the graded tests gave.
struct Compiled {
    /// Whether cargo said the build finished.
    success: bool,
    /// The test executable, when it was built.
    executable: Option<PathBuf>,
    /// The compiler's errors: the file of the target each came from, and
    /// the error as rustc rendered it.
    errors: Vec<(PathBuf, String)>,
    /// What cargo printed on stderr (its own errors), capped.
    stderr: String,
    /// How the run ended.
    ending: Ending,
}

/// Writes the scratch workspace around `code` and runs `cargo build` of the
/// graded tests, one build at a time across graders and processes; the test
/// executable, when built, is copied into `binaries` before the next build
/// may start, and the handout crate's outputs are then deleted from the
/// shared target folder ([`confine::scrub`]).
fn compile(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    code: &str,
    deadline: Instant,
    binaries: Option<&Path>,
) -> Result<Compiled, BuildFailure> {
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
    // Other processes grading with the same scratch (a `watch` beside a
    // `grade`, two batches) build the same artifacts: one at a time across
    // processes too, until the executable is copied.
    let _one_process_at_a_time = lock_scratch(scratch).map_err(|e| {
        BuildFailure::Grader(format!("cannot lock the scratch's target folder: {e}"))
    })?;
    scratch
        .write(code)
        .map_err(|e| BuildFailure::Grader(format!("cannot write the scratch workspace: {e}")))?;
    std::fs::create_dir_all(scratch.config.scratch_dir.join("target")).map_err(|e| {
        BuildFailure::Grader(format!("cannot create the scratch's target folder: {e}"))
    })?;
    let command = cargo_command(scratch, sandbox, "build").map_err(BuildFailure::Grader)?;
    let limits = Limits {
        timeout: remaining(deadline),
        output_cap: CARGO_OUTPUT_CAP,
        own_process_group: true,
    };
    let run = process::run(command, limits);
    let target = scratch.config.scratch_dir.join("target");
    let run = match run {
        Ok(run) if run.ending == Ending::TimedOut => {
            scrub(&target)?;
            return Err(BuildFailure::TimedOut);
        }
        Ok(run) => run,
        Err(e) => {
            scrub(&target)?;
            return Err(BuildFailure::Grader(format!("cannot run cargo: {e}")));
        }
    };
    let mut compiled = Compiled {
        success: false,
        executable: None,
        errors: Vec::new(),
        stderr: process::excerpt(run.stderr.text.trim(), run.stderr.total_bytes, 600),
        ending: run.ending,
    };
    for message in Message::parse_stream(run.stdout.text.as_bytes()).flatten() {
        match message {
            Message::CompilerMessage(message)
                if matches!(
                    message.message.level,
                    DiagnosticLevel::Error | DiagnosticLevel::Ice
                ) =>
            {
                compiled.errors.push((
                    message.target.src_path.into_std_path_buf(),
                    message.message.rendered.unwrap_or(message.message.message),
                ));
            }
            Message::CompilerArtifact(artifact)
                if artifact.target.name == scratch.config.homework.test_target =>
            {
                compiled.executable = artifact.executable.map(PathBuf::from);
            }
            Message::BuildFinished(finished) => compiled.success = finished.success,
            _ => {}
        }
    }
    // A private copy: the original is deleted with the rest of the handout
    // crate's outputs. It goes where the tests' unprivileged users can reach
    // it (the scratch may be under a private home).
    if let (true, Some(built), Some(binaries)) = (compiled.success, &compiled.executable, binaries)
    {
        let copy = binaries.join("graded-tests");
        if let Err(e) = std::fs::copy(built, &copy) {
            scrub(&target)?;
            return Err(BuildFailure::Grader(format!(
                "cannot copy {}: {e}",
                built.display()
            )));
        }
        compiled.executable = Some(copy);
    }
    scrub(&target)?;
    Ok(compiled)
}

/// [`confine::scrub`], a failure of which is the grader's.
fn scrub(target: &Path) -> Result<(), BuildFailure> {
    confine::scrub(target).map_err(|e| {
        BuildFailure::Grader(format!(
            "cannot clear the last build's outputs from {}: {e}",
            target.display()
        ))
    })
}

/// The errors, capped, as a grade shows them.
fn compile_failure(errors: &[(PathBuf, String)]) -> BuildFailure {
    let texts: Vec<&str> = errors.iter().map(|(_, text)| text.as_str()).collect();
    BuildFailure::Compile(process::excerpt(
        &texts.join("\n"),
        texts.iter().map(|e| e.len() as u64 + 1).sum(),
        COMPILE_ERRORS_SHOWN,
    ))
}

/// Writes the scratch workspace around `code` and builds the graded tests;
/// returns a private copy of the test executable in `binaries`.
pub(super) fn build(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    binaries: &Path,
    code: &str,
    deadline: Instant,
) -> Result<PathBuf, BuildFailure> {
    let compiled = compile(scratch, sandbox, code, deadline, Some(binaries))?;
    match (compiled.success, compiled.executable) {
        (true, Some(copy)) => Ok(copy),
        _ if !compiled.errors.is_empty() => Err(compile_failure(&compiled.errors)),
        (built, executable) => Err(BuildFailure::Grader(format!(
            "cargo could not build the graded tests (offline; {:?}, build {}, {}): {}",
            compiled.ending,
            if built { "finished" } else { "failed" },
            if executable.is_some() {
                "an executable"
            } else {
                "no executable"
            },
            compiled.stderr
        ))),
    }
}

/// Builds what every submission's build shares, the library and the harness
/// with the features the graded tests take, before any submission's clock
/// starts. The handout crate holds a stand-in ([`super::workspace::NOT_GRADED`]):
/// the grader compiles in no file a student edits (a save would rebuild it),
/// and `solutions/` is not everywhere it runs. So the graded tests themselves
/// fail to compile against the stand-in, and that is expected; an error in any
/// other crate (the library, the harness) is the grader's problem.
pub(super) fn warm_up(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    deadline: Instant,
) -> Result<(), BuildFailure> {
    let compiled = compile(
        scratch,
        sandbox,
        super::workspace::NOT_GRADED,
        deadline,
        None,
    )?;
    // Cargo names files absolute; the scratch may be given relative or
    // through a link.
    let handout_crate = scratch.slot.join(scratch.member);
    let roots = [
        std::path::absolute(&handout_crate).ok(),
        handout_crate.canonicalize().ok(),
    ];
    let elsewhere: Vec<(PathBuf, String)> = compiled
        .errors
        .iter()
        .filter(|(file, _)| !roots.iter().flatten().any(|root| file.starts_with(root)))
        .cloned()
        .collect();
    if compiled.success || (!compiled.errors.is_empty() && elsewhere.is_empty()) {
        Ok(())
    } else if !elsewhere.is_empty() {
        Err(compile_failure(&elsewhere))
    } else {
        let ending = match compiled.ending {
            Ending::Finished(status) => status.to_string(),
            other => format!("{other:?}"),
        };
        Err(BuildFailure::Grader(format!(
            "cargo could not build the library and the harness (offline; cargo's {ending}): {}",
            compiled.stderr
        )))
    }
}

/// `cargo <subcommand>` of the homework's test target with the course's
/// toolchain, offline, seeing only what [`confine`] allows, on the
/// scratch's shared target folder.
fn cargo_command(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    subcommand: &str,
) -> Result<Command, String> {
    let toolchain = Toolchain::of_course(&scratch.config.queens_dir)?;
    let mut command = confine::build_command(scratch, sandbox, &toolchain)?;
    command
        .args([
            subcommand,
            "--offline",
            "--message-format=json",
            "--test",
            scratch.config.homework.test_target,
            "-p",
            "exercises",
        ])
        .arg("--manifest-path")
        .arg(scratch.slot.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(scratch.config.scratch_dir.join("target"));
    Ok(command)
}

/// Clippy's warnings on the student's file, `(line, rendered)`: a check of
/// the same test target in the same sandboxed offline build. Compile time
/// only (a build script or proc macro of the submission's own is impossible:
/// the manifest is the instructor's), so no student code runs.
pub(super) fn lint(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    code: &str,
    deadline: Instant,
) -> Result<Vec<(usize, String)>, String> {
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(PoisonError::into_inner);
    let _one_process_at_a_time =
        lock_scratch(scratch).map_err(|e| format!("cannot lock the scratch: {e}"))?;
    scratch
        .write(code)
        .map_err(|e| format!("cannot write the scratch workspace: {e}"))?;
    let command = cargo_command(scratch, sandbox, "clippy")?;
    let limits = Limits {
        timeout: remaining(deadline),
        output_cap: CARGO_OUTPUT_CAP,
        own_process_group: true,
    };
    let run = process::run(command, limits);
    confine::scrub(&scratch.config.scratch_dir.join("target"))
        .map_err(|e| format!("cannot clear the last check's outputs: {e}"))?;
    let run = run.map_err(|e| format!("cannot run clippy: {e}"))?;
    if run.ending == Ending::TimedOut {
        return Err("clippy timed out".to_owned());
    }
    let file = scratch_source(scratch.config.homework);
    let mut notes = Vec::new();
    for message in Message::parse_stream(run.stdout.text.as_bytes()).flatten() {
        let Message::CompilerMessage(message) = message else {
            continue;
        };
        let message = message.message;
        if message.level != DiagnosticLevel::Warning {
            continue;
        }
        let line = message
            .spans
            .iter()
            .find(|span| span.is_primary && span.file_name == file)
            .map(|span| span.line_start);
        if let Some(line) = line {
            notes.push((line, message.rendered.unwrap_or(message.message)));
        }
    }
    Ok(notes)
}

/// An exclusive lock on the scratch's shared target folder, held by the open
/// file until it is dropped.
fn lock_scratch(scratch: &Scratch<'_>) -> std::io::Result<std::fs::File> {
    let target = scratch.config.scratch_dir.join("target");
    std::fs::create_dir_all(&target)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(target.join(".queens-grade.lock"))?;
    file.lock()?;
    Ok(file)
}

fn remaining(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

/// Where the scratch workspace keeps the submission of `homework`, as rustc
/// names it: the crate's root by its path, a homework that is a module of
/// its test target by the test's `#[path = "../src/…"]`.
pub(super) fn scratch_source(homework: &Homework) -> String {
    if homework.source == "src/lib.rs" {
        format!("exercises/{}", homework.source)
    } else {
        format!("exercises/tests/../{}", homework.source)
    }
}

/// `errors` with the scratch copy's path replaced by `source`, on the lines
/// where rustc gives a location (`--> exercises/src/lib.rs:77:31`).
pub(super) fn point_at(errors: &str, scratch: &str, source: &Path) -> String {
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
pub(super) fn first_error_line(errors: &str) -> String {
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
        let pointed = point_at(
            errors,
            &scratch_source(homeworks::default()),
            Path::new("hand-ins/ada/src/lib.rs"),
        );
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
