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

use crate::choice::{formats, homework_of, homeworks};
use queens_grader::{batch, course::Course};

use super::{Failure, Output};

/// Arguments of `queens grade`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// An exercises crate folder, or a single lib.rs [default: ./exercises].
    pub path: Option<PathBuf>,
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
}

fn sandbox_modes() -> impl clap::builder::TypedValueParser<Value = Mode> {
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
    let settings = match &args.settings {
        Some(file) => Settings::read(file),
        None => Settings::load(course.root()),
    }
    .map_err(Failure::usage)?;
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
    let homework = homework_of(args.path.as_deref(), args.exercise).map_err(Failure::usage)?;
    config.homework = homework;
    // A build must not see the other students' work.
    config.hidden_from_builds.extend(args.batch.clone());
    let grader = Grader::new(config)
        .map_err(|e| Failure::new(format!("cannot create the scratch workspace: {e}")))?;
    if let Some(dir) = &args.batch {
        return run_batch(&grader, dir, args.out.as_ref());
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
    let grade = grader.grade(&id, &path);
    let format = if out.json() {
        Format::Json
    } else {
        args.format
    };
    let text = render(&grade, format)?;
    match &args.out {
        Some(file) => std::fs::write(file, &text)
            .map_err(|e| Failure::new(format!("cannot write {}: {e}", file.display())))?,
        None => out.line(text.trim_end())?,
    }
    match grade.status {
        Status::Graded => Ok(()),
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

fn render(grade: &Grade, format: Format) -> Result<String, Failure> {
    Ok(match format {
        Format::Text => report::text(grade),
        Format::Json => serde_json::to_string_pretty(&report::json(grade)).map_err(Failure::new)?,
        Format::Gradescope => {
            serde_json::to_string_pretty(&report::gradescope(grade)).map_err(Failure::new)?
        }
        Format::Csv => report::csv(grade).map_err(Failure::new)?,
        Format::Junit => report::junit(grade).map_err(Failure::new)?,
    })
}

fn run_batch(grader: &Grader, dir: &Path, out_file: Option<&PathBuf>) -> Result<(), Failure> {
    if !dir.is_dir() {
        return Err(Failure::usage(format!("{} is not a folder", dir.display())));
    }
    let mut sink: Box<dyn Write> = match out_file {
        Some(file) => Box::new(
            std::fs::File::create(file)
                .map_err(|e| Failure::new(format!("cannot create {}: {e}", file.display())))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    if let Err(why) = grader.sandbox() {
        return Err(Failure::new(why));
    }
    eprintln!(
        "grading every submission in {} (scratch {})\n{}",
        dir.display(),
        grader.config().scratch_dir.display(),
        grader.protection()
    );
    let mut progress = |grade: &Grade, index: usize, count: usize| {
        let (score, max) = report::totals(grade);
        eprintln!(
            "[{index}/{count}] {:<24} {score:>3}/{max} {:<14} {:.1} s",
            grade.submission,
            grade.status.name(),
            grade.elapsed.as_secs_f64()
        );
    };
    let grades = batch::run(grader, dir, &mut sink, &mut progress).map_err(Failure::new)?;
    eprintln!("graded {} submissions", grades.len());
    Ok(())
}
