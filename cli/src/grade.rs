//! `queens grade [PATH]` and `queens grade --batch DIR`: grade with the
//! instructor's tests, in a scratch copy.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use queens_grader::grader::{Config, Grade, Grader, Status};
use queens_grader::homework::Homework;
use queens_grader::report::{self, Format};
use queens_grader::sandbox::Mode;
use queens_grader::settings::Settings;

use crate::choice::{formats, homework_of, homework_of_batch, homeworks};
use queens_grader::feedback::Feedback;
use queens_grader::lms::{self, Lms, Roster};
use queens_grader::{batch, course::Course};

mod interrupt;
mod progress;

use super::{Failure, Output};

/// The exit code when the grader itself could not grade (`grader-error`):
/// no score was given, the submission must be graded again once the grader
/// is fixed. Distinct from 1 (a submission that did not pass: compile error,
/// time-out…) so that scripts (Gradescope's `run_autograder`, a workflow)
/// can tell a broken grader from a failing student.
pub const EXIT_GRADER_ERROR: u8 = 3;

pub(crate) fn grader_failure(message: impl std::fmt::Display) -> Failure {
    Failure {
        message: message.to_string(),
        code: EXIT_GRADER_ERROR,
    }
}

/// Arguments of `queens grade`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// An exercises crate folder, or a single lib.rs [default: ./exercises].
    pub path: Option<PathBuf>,
    /// Only build the library, the harness and the graded tests into the
    /// scratch (what the first submission would otherwise wait for; never
    /// counted in a submission's time), then exit: 0 when grading can
    /// start, 3 when the grader cannot grade here (a required sandbox
    /// missing, the toolchain or the build failing).
    #[arg(long, conflicts_with_all = ["path", "batch"])]
    pub prepare: bool,
    /// Grade every submission in this folder (sub-folders or .rs files; their
    /// names are the ids) and write one CSV row each.
    #[arg(long, value_name = "DIR", conflicts_with = "path")]
    pub batch: Option<PathBuf>,
    /// How to report one submission (a batch always writes CSV).
    #[arg(long, value_parser = formats(), default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report (or the batch's CSV) to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Wall-clock limit per submission, build and tests, in seconds
    /// [default: queens.toml's, else 120].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,
    /// Wall-clock limit per graded test, in seconds [default: queens.toml's,
    /// else 5].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub test_timeout: Option<f64>,
    /// The course's settings: points, time limits, sandbox, visibility
    /// [default: <course>/queens.toml when there is one].
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
    /// Scratch workspaces and their shared target folder
    /// [default: <course>/target/grading-scratch].
    #[arg(long, value_name = "DIR")]
    pub scratch: Option<PathBuf>,
    /// The course whose `queens` library the tests use [default: the one this
    /// program was built from].
    #[arg(long, value_name = "DIR")]
    pub course: Option<PathBuf>,
    /// Without the sandbox, let the tests use the network (by default they run
    /// in a network namespace of their own when `unshare -rn` works; the
    /// sandbox always cuts it).
    #[arg(long)]
    pub allow_network: bool,
    /// Run each graded test in a bubblewrap sandbox: `required` refuses to
    /// grade without one, `auto` uses it when it works (and says loudly when
    /// it does not), `off` never does [default: queens.toml's, else auto].
    #[arg(long, value_name = "MODE", value_parser = sandbox_modes())]
    pub sandbox: Option<Mode>,
    /// The homework graded [default: the one whose file PATH is, else the
    /// first].
    #[arg(long, value_name = "NAME", value_parser = homeworks())]
    pub exercise: Option<&'static Homework>,
    /// What a batch writes besides its CSV.
    #[command(flatten)]
    pub outputs: BatchOutputs,
}

/// A batch's feedback pages, LMS file and resumption (`--batch` only).
#[derive(Debug, clap::Args)]
pub struct BatchOutputs {
    /// Write each student's feedback here as their row is written: DIR/<id>.md,
    /// DIR/<id>.html (self-contained), and DIR/index.html linking them.
    #[arg(long, value_name = "DIR", requires = "batch")]
    pub feedback: Option<PathBuf>,
    /// Add clippy's notes inside the blanks to each feedback page (never
    /// scored; a second, check-only compile per submission, in the sandbox).
    #[arg(long, requires = "feedback")]
    pub clippy: bool,
    /// Write the grades as this LMS imports them, joined to --roster.
    #[arg(long, value_name = "LMS", requires_all = ["batch", "roster"], value_parser = lms_names())]
    pub lms: Option<Lms>,
    /// The class roster: a CSV with a login, id or e-mail column the
    /// submissions are named by; a Canvas gradebook export or a Moodle grade
    /// export works as it is.
    #[arg(long, value_name = "ROSTER.csv", requires = "lms")]
    pub roster: Option<PathBuf>,
    /// Where the LMS file goes [default: next to --out, named after it:
    /// grades.csv gives grades-<LMS>.csv]. A file already there is replaced,
    /// with a WARNING naming it.
    #[arg(long, value_name = "FILE", requires = "lms")]
    pub lms_out: Option<PathBuf>,
    /// The LMS column to fill: a column of a Canvas or Moodle export given as
    /// --roster, by its header or its title, else a new assignment so named
    /// [default: the roster's column named after the homework, else a new
    /// `queens <homework>`].
    #[arg(long, value_name = "NAME", requires = "lms")]
    pub assignment: Option<String>,
    /// Resume a batch stopped half-way: the rows already in --out (and their
    /// feedback) are kept and their submissions skipped.
    #[arg(long, requires_all = ["batch", "out"])]
    pub resume: bool,
}

fn lms_names() -> impl clap::builder::TypedValueParser<Value = Lms> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Lms::ALL.map(Lms::name))
        .try_map(|name| name.parse::<Lms>())
}

pub(crate) fn sandbox_modes() -> impl clap::builder::TypedValueParser<Value = Mode> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Mode::ALL.map(Mode::name))
        .try_map(|name| name.parse::<Mode>())
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "expected a number of seconds such as 5 or 0.5, got '{text}'"
        )),
    }
}

/// Grades one submission, or a batch.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let course = args
        .course
        .clone()
        .map_or_else(Course::built_in, Course::new);
    // queens.toml first, then the flags given over it.
    let settings =
        Settings::given_or_load(args.settings.as_deref(), course.root()).map_err(Failure::usage)?;
    let mut config = Config::new(course.root()).with_settings(settings);
    if let Some(scratch) = &args.scratch {
        config.scratch_dir = scratch.clone();
    }
    if let Some(timeout) = args.timeout {
        config.timeout = Duration::from_secs_f64(timeout);
    }
    if let Some(test_timeout) = args.test_timeout {
        config.test_timeout = Duration::from_secs_f64(test_timeout);
    }
    config.isolate_network = !args.allow_network;
    if let Some(sandbox) = args.sandbox {
        config.sandbox = sandbox;
    }
    let homework = match &args.batch {
        Some(dir) => {
            let (homework, inferred) =
                homework_of_batch(dir, args.exercise).map_err(Failure::usage)?;
            if let Some(line) = inferred {
                eprintln!("{line}");
            }
            homework
        }
        None => homework_of(args.path.as_deref(), args.exercise).map_err(Failure::usage)?,
    };
    config.homework = homework;
    let grader = Grader::new(config)
        .map_err(|e| grader_failure(format!("cannot create the scratch workspace: {e}")))?;
    if args.prepare {
        return prepare(&grader, out);
    }
    if let Some(dir) = &args.batch {
        return run_batch(&grader, dir, args.out.as_ref(), &args.outputs);
    }
    let path = args
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from("exercises"));
    if !path.exists() {
        return Err(Failure::usage(format!(
            "{} does not exist; give an exercises crate folder or a {}",
            path.display(),
            homework.file_name()
        )));
    }
    let id = path.display().to_string();
    // The grader's own build first, off the submission's clock.
    let grade = progress::while_grading(grader.config(), || {
        let _ = grader.prepare();
        grader.grade(&id, &path)
    });
    let format = if out.json() {
        Format::Json
    } else {
        args.format
    };
    if grade.status.is_grader_error() && format == Format::Gradescope {
        // No results.json at all: Gradescope then shows that the autograder
        // failed, and the submission can be regraded; never a 0.
        return Err(grader_failure(format!(
            "grader-error: {} (no results written: the grader could not grade this \
             submission; fix it and regrade)",
            grade.detail
        )));
    }
    let text = render(&grade, format)?;
    match &args.out {
        Some(file) => std::fs::write(file, &text)
            .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?,
        None => out.line(text.trim_end())?,
    }
    match grade.status {
        Status::Graded => Ok(()),
        Status::GraderError => Err(grader_failure(format!(
            "grader-error: {} (no score: fix the grader and grade this submission again)",
            grade.detail
        ))),
        status => Err(Failure::new(format!(
            "{}: {}",
            status.name(),
            if grade.detail.is_empty() {
                "see above"
            } else {
                &grade.detail
            }
        ))),
    }
}

/// `queens grade --prepare`: the grader's own build, then exit.
fn prepare(grader: &Grader, out: &mut Output) -> Result<(), Failure> {
    let config = grader.config();
    eprintln!("queens: {}", progress::FIRST_BUILD_ONCE);
    let took = grader
        .prepare()
        .map_err(|why| grader_failure(format!("the grader cannot grade here: {why}")))?;
    let toolchain = queens_grader::grader::Toolchain::of_course(&config.queens_dir)
        .map_err(|why| grader_failure(format!("the grader cannot grade here: {why}")))?;
    out.line(format!(
        "ready to grade {}: the library and the graded tests are built in {} ({:.0} s) \
         with the toolchain at {}; {}",
        config.homework,
        config.scratch_dir.display(),
        took.as_secs_f64(),
        toolchain.sysroot.display(),
        grader.protection()
    ))?;
    Ok(())
}

fn render(grade: &Grade, format: Format) -> Result<String, Failure> {
    Ok(match format {
        Format::Text => report::text(grade),
        Format::Json => serde_json::to_string_pretty(&report::json(grade)).map_err(Failure::new)?,
        Format::Gradescope => match report::gradescope(grade) {
            Some(results) => serde_json::to_string_pretty(&results).map_err(Failure::new)?,
            None => return Err(grader_failure(format!("grader-error: {}", grade.detail))),
        },
        Format::Csv => report::csv(grade).map_err(Failure::new)?,
        Format::Junit => report::junit(grade).map_err(Failure::new)?,
    })
}

fn run_batch(
    grader: &Grader,
    dir: &Path,
    out_file: Option<&PathBuf>,
    outputs: &BatchOutputs,
) -> Result<(), Failure> {
    if !dir.is_dir() {
        return Err(Failure::usage(format!("{} is not a folder", dir.display())));
    }
    let homework = grader.config().homework;
    // Everything that can be refused is, before the first build.
    let roster = outputs
        .roster
        .as_deref()
        .map(Roster::read)
        .transpose()
        .map_err(Failure::usage)?;
    let target = match (outputs.lms, &roster) {
        (Some(lms), Some(roster)) => Some(
            lms::target(lms, roster, outputs.assignment.as_deref(), homework)
                .map_err(Failure::usage)?,
        ),
        _ => None,
    };
    let lms_file = outputs
        .lms
        .map(|lms| lms_file(lms, out_file.map(PathBuf::as_path), outputs))
        .transpose()
        .map_err(Failure::usage)?;
    let kept = match (outputs.resume, out_file) {
        (true, Some(file)) => {
            batch::kept_rows(file, &grader.config().scheme()).map_err(Failure::usage)?
        }
        _ => Vec::new(),
    };
    let feedback = outputs
        .feedback
        .as_deref()
        .map(|folder| {
            Feedback::new(folder)
                .map_err(|e| Failure::new(format!("cannot create {}: {e}", folder.display())))
        })
        .transpose()?;
    if let Err(why) = grader.sandbox() {
        return Err(grader_failure(why));
    }
    // The grader's own build, before the first submission's clock starts
    // (and before --out is truncated: a resumed batch's rows stay on disk).
    eprintln!("queens: {}", progress::FIRST_BUILD_ONCE);
    match grader.prepare() {
        Ok(took) if !took.is_zero() => eprintln!(
            "built the library and the graded tests in {:.0} s (no submission is charged for it)",
            took.as_secs_f64()
        ),
        Ok(_) => {}
        Err(why) => return Err(grader_failure(format!("the grader cannot grade: {why}"))),
    }
    let mut sink: Box<dyn Write> = match out_file {
        Some(file) => Box::new(
            std::fs::File::create(file)
                .map_err(|e| Failure::new(format!("cannot create {}: {e}", file.display())))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    eprintln!(
        "grading every submission in {} (scratch {})\n{}",
        dir.display(),
        grader.config().scratch_dir.display(),
        grader.protection()
    );
    let ignored = batch::not_submissions(dir);
    if !ignored.is_empty() {
        eprintln!(
            "WARNING: {} files of {} are no submission (only folders and .rs files are graded; \
             unzip an archive into a folder named by its student's id): {}",
            ignored.len(),
            dir.display(),
            ignored.join(", ")
        );
    }
    if !kept.is_empty() {
        eprintln!(
            "resuming: {} kept from {}",
            queens::display::plural(kept.len(), "row", "rows"),
            out_file.map_or_else(String::new, |f| f.display().to_string())
        );
    }
    let interrupt = interrupt::Interrupt::catch()
        .map_err(|e| Failure::new(format!("cannot catch Ctrl-C to stop cleanly: {e}")))?;
    let options = batch::Options {
        feedback: feedback.as_ref(),
        kept,
        clippy: outputs.clippy,
        stop: Some(interrupt.flag()),
    };
    let mut bar = progress::Batch::new(grader.config());
    let mut progress = |grade: &Grade, index: usize, count: usize| {
        let (score, max) = report::totals(grade);
        bar.row(
            &format!(
                "{:<24} {score:>3}/{max} {:<14} {:.1} s",
                grade.submission,
                grade.status.name(),
                grade.elapsed.as_secs_f64()
            ),
            index,
            count,
        );
    };
    let outcome = batch::run_with(grader, dir, &mut sink, options, &mut progress);
    bar.finish();
    let outcome = outcome.map_err(Failure::new)?;
    if outcome.stopped {
        return Err(stopped(
            &outcome,
            feedback.as_ref(),
            dir,
            homework,
            interrupt.exit_code(),
            out_file.is_some(),
            outputs.resume,
        ));
    }
    eprintln!(
        "graded {} submissions{}",
        outcome.grades.len(),
        if outcome.rows.len() > outcome.grades.len() {
            format!(
                " ({} kept)",
                queens::display::plural(outcome.rows.len() - outcome.grades.len(), "row", "rows")
            )
        } else {
            String::new()
        }
    );
    let summary = match (outputs.lms, &roster, &target, &lms_file) {
        (Some(lms), Some(roster), Some(target), Some(file)) => {
            write_lms(lms, roster, target, &outcome, file)?
        }
        _ => Vec::new(),
    };
    if let Some(feedback) = &feedback {
        let title = format!("{homework}: feedback of {}", dir.display());
        feedback
            .write_index(&title, &outcome.index_lines(), &summary)
            .map_err(|e| Failure::new(format!("cannot write the feedback index: {e}")))?;
        eprintln!("feedback: {}", feedback.dir().join("index.html").display());
    }
    let regrade = outcome.regrade();
    if !regrade.is_empty() {
        return Err(grader_failure(format!(
            "{} of {} submissions need a regrade: the grader could not grade them \
             (grader-error, no score written: {}); fix the grader, then run the same command \
             with --resume",
            regrade.len(),
            outcome.rows.len(),
            regrade.join(", ")
        )));
    }
    Ok(())
}

/// Where the LMS file of a batch goes: `--lms-out`, else next to `--out`
/// and named after it (`grades.csv`: `grades-canvas.csv`), never the folder
/// the command runs in. Refused: neither given, or the file named is the
/// CSV or the roster (it would be written over).
fn lms_file(lms: Lms, out: Option<&Path>, outputs: &BatchOutputs) -> Result<PathBuf, String> {
    let file = match (&outputs.lms_out, out) {
        (Some(file), _) => file.clone(),
        (None, Some(out)) => {
            let stem = out
                .file_stem()
                .map_or_else(|| "grades".to_owned(), |s| s.to_string_lossy().into_owned());
            out.with_file_name(format!("{stem}-{}.csv", lms.name()))
        }
        (None, None) => {
            return Err(format!(
                "--lms {} needs --out FILE (the {} file goes next to it) or --lms-out FILE",
                lms.name(),
                lms.title()
            ));
        }
    };
    for (flag, other) in [("--out", out), ("--roster", outputs.roster.as_deref())] {
        if other.is_some_and(|other| same_file(&file, other)) {
            return Err(format!(
                "the {} file {} would be written over {flag}; give another --lms-out",
                lms.title(),
                file.display()
            ));
        }
    }
    Ok(file)
}

/// Whether `a` and `b` name the same file (it need not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => std::path::absolute(a).ok() == std::path::absolute(b).ok(),
    }
}

/// Writes the LMS's import file for a finished batch to `file` and says what
/// it does (which column, which identifier to map by; a `WARNING:` when it
/// replaces a file that was there); returns the warnings, for the feedback
/// index too.
fn write_lms(
    lms: Lms,
    roster: &Roster,
    target: &lms::Target,
    outcome: &batch::Outcome,
    file: &Path,
) -> Result<Vec<(String, Vec<String>)>, Failure> {
    let scores: Vec<lms::Score> = outcome
        .rows
        .iter()
        .map(|row| lms::Score {
            id: outcome.field(row, "id").to_owned(),
            points: outcome.field(row, "total").to_owned(),
            max: outcome.field(row, "max").to_owned(),
            status: outcome.field(row, "status").to_owned(),
        })
        .collect();
    let export = lms::export(lms, roster, &scores, target).map_err(Failure::new)?;
    if file.exists() {
        eprintln!(
            "WARNING: {} was already there: replaced by this batch's {} import file",
            file.display(),
            lms.title()
        );
    }
    std::fs::write(file, &export.csv)
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?;
    let written = export.csv.lines().count().saturating_sub(match lms {
        Lms::Canvas => 2,
        Lms::Moodle => 1,
    });
    eprintln!(
        "{} import file: {} ({written} of the roster's {} students); {}",
        lms.name(),
        file.display(),
        roster.students.len(),
        target.describe(lms)
    );
    if lms == Lms::Moodle {
        match export.moodle_key {
            Some(key) => eprintln!("moodle: on upload, map users from '{key}'"),
            None if written > 0 => eprintln!(
                "WARNING: no identifier column (Email address, ID number, username) is filled \
                 for every student: Moodle stops an import at a row it cannot map"
            ),
            None => {}
        }
    }
    let summary = export.summary();
    for (heading, ids) in &summary {
        eprintln!("WARNING: {heading}: {}", ids.join(", "));
    }
    Ok(summary)
}

/// What a stopped batch leaves: the feedback index of the rows written, and
/// one line saying how far it got and how to finish, with the signal's exit
/// code (130 for Ctrl-C). No LMS file: it would lack the rest of the class.
fn stopped(
    outcome: &batch::Outcome,
    feedback: Option<&Feedback>,
    dir: &Path,
    homework: &Homework,
    exit_code: Option<u8>,
    to_file: bool,
    resumed: bool,
) -> Failure {
    if let Some(feedback) = feedback {
        let title = format!("{homework}: feedback of {} (stopped)", dir.display());
        match feedback.write_index(&title, &outcome.index_lines(), &[]) {
            Ok(()) => eprintln!("feedback: {}", feedback.dir().join("index.html").display()),
            Err(e) => eprintln!("queens: cannot write the feedback index: {e}"),
        }
    }
    let next = match (to_file, resumed) {
        (false, _) => "grade into a file (--out FILE) to be able to --resume",
        (true, false) => "run the same command with --resume to finish",
        (true, true) => "run the same command again to finish",
    };
    Failure {
        message: format!(
            "stopped: {} of {} graded; {next}",
            outcome.rows.len(),
            outcome.submissions
        ),
        code: exit_code.unwrap_or(super::EXIT_FAILURE),
    }
}
