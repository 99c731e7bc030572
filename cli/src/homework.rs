//! `queens homework check [NAME]`: prove every homework (or one) sound with
//! the grader's own pipeline (`queens_grader::authoring`), one line per
//! proof as it is made, exit 0 only when every proof holds; `queens homework
//! new NAME`: a skeleton homework that the check passes.

use std::path::PathBuf;

use queens_grader::authoring::{self, Graded, Report};
use queens_grader::course::Course;
use queens_grader::grader::{Config, Grader};
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::results::{blank_of, group_of};
use queens_grader::sandbox::Mode;

use super::grade::{grader_failure, sandbox_modes};
use super::{Failure, Output};
use crate::choice::homeworks as homework_names;

/// Arguments of `queens homework`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: HomeworkCommand,
}

/// The subcommands of `queens homework`.
#[derive(Debug, clap::Subcommand)]
pub enum HomeworkCommand {
    /// Prove a homework sound: the handout fails every test as not yet
    /// implemented, the reference passes them all, each blank alone passes
    /// exactly its own tests, every plain wrong answer of its case table
    /// loses points, every test gets a wrong answer from some wrong version
    /// of a blank (a crash alone does not count; none passes for free),
    /// every blank has hints, the handout and the answers are up to date.
    /// Exit 0 only if all hold; 3 when the grader or the harness cannot
    /// grade (a test without questions, say).
    Check(CheckArgs),
    /// Write a new homework NAME to start from: a reference with one blank
    /// (its instruction and a hint), a graded test of the blank and one end
    /// to end, the adapter, the handout and hints, a case table, the
    /// reference's answers and a notebook; `homework check` and the course's
    /// tests pass it as it is (the command says what to do next).
    New(NewArgs),
}

/// Arguments of `queens homework new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The homework's name: a Rust module's name (`map_colouring`).
    #[arg(value_name = "NAME")]
    pub name: String,
    /// The course folder; default: the one this program was built from.
    #[arg(long, value_name = "DIR")]
    pub course: Option<PathBuf>,
}

/// Arguments of `queens homework check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The homework [default: every one, in the course's order].
    #[arg(value_name = "NAME", value_parser = homework_names())]
    pub name: Option<&'static Homework>,
    /// The course folder (holding solutions/ and exercises/); default: the one
    /// this program was built from.
    #[arg(long, value_name = "DIR")]
    pub course: Option<PathBuf>,
    /// Run each graded test in a bubblewrap sandbox, as `queens grade` does
    /// [default: auto].
    #[arg(long, value_name = "MODE", value_parser = sandbox_modes())]
    pub sandbox: Option<Mode>,
    /// Say on stderr each version graded (the handout, the reference, each
    /// blank alone, each mutant and case) and how its tests went.
    #[arg(long, short)]
    pub verbose: bool,
}

/// Runs `queens homework …`.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    match args.command {
        HomeworkCommand::Check(args) => check(args, out),
        HomeworkCommand::New(args) => new(args, out),
    }
}

fn new(args: NewArgs, out: &mut Output) -> Result<(), Failure> {
    let course = args.course.map_or_else(Course::built_in, Course::new);
    let name = args.name;
    let written = authoring::skeleton::write(&course, &name).map_err(Failure::usage)?;
    if out.json() {
        return out
            .write_json(&serde_json::json!({ "homework": name, "written": written }))
            .map_err(Failure::from);
    }
    out.line(format!(
        "homework {name}: wrote {} files in {}",
        written.len(),
        course.root().display()
    ))?;
    for path in &written {
        out.line(format!("  {path}"))?;
    }
    let folder = queens_grader::homework::folder(&name);
    out.line(format!(
        "next, as it is: cargo (which builds the grader with the new folder) proves it sound, \
         then the course's tests:\n  \
         cargo run -q -p queens-cli -- homework check {name}\n  \
         cargo test\n\
         then make it yours: the blank in {folder}/instructor/reference.rs, the question in \
         {folder}/questions.rs and its tests in {folder}/mod.rs, the adapter \
         exercises/tests/{name}.rs, the cases in {folder}/instructor/cases.toml, the notebook; \
         after each change of the reference or a question:\n  \
         cargo run -q -p queens-cli -- handout\n  \
         cargo run -q -p queens-cli -- handout --answers --exercise {name}\n  \
         cargo run -q -p queens-cli -- homework check {name}"
    ))?;
    Ok(())
}

fn check(args: CheckArgs, out: &mut Output) -> Result<(), Failure> {
    let course = args.course.map_or_else(Course::built_in, Course::new);
    let chosen = args
        .name
        .as_ref()
        .map_or(homeworks::ALL, std::slice::from_ref);
    let mut reports: Vec<Report> = Vec::new();
    for &homework in chosen {
        let mut config = Config::new(course.root());
        config.homework = homework;
        if let Some(sandbox) = args.sandbox {
            config.sandbox = sandbox;
        }
        let grader = Grader::new(config)
            .map_err(|e| grader_failure(format!("cannot create the scratch workspace: {e}")))?;
        let warm = grader
            .prepare()
            .map_err(|e| grader_failure(format!("{homework}: {e}")))?;
        if !out.json() && !warm.is_zero() {
            out.line(format!(
                "{homework}: library and harness built in {} s",
                warm.as_secs()
            ))?;
            out.finish()?;
        }
        let json = out.json();
        let mut said = |proof: &authoring::Proof| {
            if !json {
                let mark = if proof.holds { "ok  " } else { "FAIL" };
                let _ = out
                    .line(format!(
                        "{homework}: {mark} {}: {}",
                        proof.name, proof.detail
                    ))
                    .and_then(|()| out.finish());
            }
        };
        let mut grading = authoring::grading(&grader);
        let mut grade = |id: &str, code: &str| {
            let graded = grading(id, code);
            if args.verbose {
                eprintln!("{homework}: graded {id}: {}", how_it_went(&graded));
            }
            graded
        };
        let mut make_answers = || grader.reference_answers().map(|answers| answers.to_text());
        let report = authoring::check(&course, homework, &mut grade, &mut make_answers, &mut said)
            .map_err(|e| grader_failure(format!("{homework}: {e}")))?;
        if !json {
            let counts = report.counts;
            out.line(format!(
                "{homework}: {} grades ({} mutants, {} of them not compiling; {} cases) in {} s",
                counts.grades,
                counts.mutants,
                counts.not_compiled,
                counts.cases,
                report.elapsed.as_secs()
            ))?;
            out.finish()?;
        }
        reports.push(report);
    }
    if out.json() {
        out.write_json(&reports)?;
    }
    let failing: Vec<String> = reports
        .iter()
        .filter(|report| !report.holds())
        .map(|report| {
            let failed: Vec<&str> = report
                .proofs
                .iter()
                .filter(|proof| !proof.holds)
                .map(|proof| proof.name)
                .collect();
            format!("{} ({})", report.homework, failed.join(", "))
        })
        .collect();
    if failing.is_empty() {
        if !out.json() {
            out.line(format!(
                "homework check: every proof holds for {}",
                queens::display::plural(reports.len(), "homework", "homeworks")
            ))?;
        }
        Ok(())
    } else {
        Err(Failure::new(format!(
            "homework check failed ({} of {}): {}",
            failing.len(),
            queens::display::plural(reports.len(), "homework", "homeworks"),
            failing.join("; ")
        )))
    }
}

/// One version's grade in a few words: `3 of 17 tests failed`.
fn how_it_went(graded: &Result<Graded, String>) -> String {
    match graded {
        Ok(Graded::Ran(outcomes)) => {
            let failed: Vec<&str> = outcomes
                .iter()
                .filter(|(_, outcome)| !outcome.passed())
                .map(|(test, _)| test.as_str())
                .collect();
            // A blank's tests counted by group, the end-to-end ones named:
            // which wrong versions an end-to-end test tells apart.
            let mut said: Vec<String> = Vec::new();
            for test in &failed {
                let group = group_of(test);
                if blank_of(group).is_none() {
                    said.push((*test).to_owned());
                } else if !said.iter().any(|s| s.starts_with(group)) {
                    let count = failed.iter().filter(|t| group_of(t) == group).count();
                    said.push(format!("{group} ×{count}"));
                }
            }
            format!(
                "{} of {} tests did not pass{}",
                failed.len(),
                outcomes.len(),
                if said.is_empty() {
                    String::new()
                } else {
                    format!(": {}", said.join(", "))
                }
            )
        }
        Ok(Graded::DidNotCompile(error)) => format!("does not compile ({error})"),
        Err(error) => format!("grader error ({error})"),
    }
}
