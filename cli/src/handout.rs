//! `queens handout`: regenerate the handout from the reference's markers.

use std::path::PathBuf;

use queens_grader::course::Course;
use queens_grader::homework::Homework;
use queens_grader::homeworks;

use crate::choice::homeworks as homework_names;

use super::{Failure, Output};

/// Arguments of `queens handout`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only check that the committed handout is what the reference generates
    /// (exit 1 if not); write nothing.
    #[arg(long, conflicts_with_all = ["out", "print"])]
    pub check: bool,
    /// Print the generated handout's lib.rs instead of writing it (scripts use
    /// this with --fill to get "a student who solved blank N").
    #[arg(long, conflicts_with = "out")]
    pub print: bool,
    /// With --print: answer blank N as the reference does (repeatable).
    #[arg(long, value_name = "N", requires = "print")]
    pub fill: Vec<u32>,
    /// The homework: with --print, the handout printed [default: the first];
    /// with --github-classroom, the one homework graded [default: every one].
    #[arg(long, value_name = "NAME", value_parser = homework_names())]
    pub exercise: Option<&'static Homework>,
    /// Write a student copy of the whole course into this new folder instead:
    /// no solutions/, no instructor tests, a workspace without `solutions`.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --out: add a GitHub Classroom autograding workflow
    /// (.github/workflows/classroom.yml) that grades with the course at
    /// --course-repository and --course-revision, one entry per graded test
    /// worth its points in queens.toml.
    #[arg(long, requires_all = ["out", "course_repository", "course_revision"])]
    pub github_classroom: bool,
    /// With --github-classroom: the repository the workflow takes the grader
    /// and the tests from (OWNER/NAME: the template repository).
    #[arg(long, value_name = "OWNER/NAME", requires = "github_classroom")]
    pub course_repository: Option<String>,
    /// With --github-classroom: the commit of that repository it grades with
    /// (40 hexadecimal digits: `git rev-parse HEAD`).
    #[arg(long, value_name = "SHA", requires = "github_classroom")]
    pub course_revision: Option<String>,
    /// The course folder (holding solutions/ and exercises/); default: the one
    /// this program was built from.
    #[arg(long, value_name = "DIR")]
    pub course: Option<PathBuf>,
}

/// Regenerates, checks, or writes a student copy.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let course = args.course.map_or_else(Course::built_in, Course::new);
    if args.print {
        let handout = course
            .generate_exercise(args.exercise.unwrap_or(homeworks::default()), &args.fill)
            .map_err(Failure::new)?;
        let known: Vec<u32> = handout.blanks.iter().map(|b| b.id).collect();
        if let Some(unknown) = args.fill.iter().find(|n| !known.contains(n)) {
            return Err(Failure::usage(format!(
                "there is no blank {unknown}; the blanks are {known:?}"
            )));
        }
        if out.json() {
            out.write_json(&serde_json::json!({ "source": handout.source }))?;
        } else {
            // The source ends with its own newline.
            out.line(handout.source.trim_end_matches('\n'))?;
        }
        return Ok(());
    }
    if args.check {
        let checks = course.check().map_err(Failure::new)?;
        let stale: Vec<&str> = checks
            .iter()
            .filter(|c| !c.up_to_date)
            .map(|c| c.path.as_str())
            .collect();
        if out.json() {
            out.write_json(&serde_json::json!({ "up_to_date": stale.is_empty(), "stale": stale }))?;
        } else if stale.is_empty() {
            out.line("the handouts are up to date with their references in solutions/src/")?;
        }
        if !stale.is_empty() {
            return Err(Failure::new(format!(
                "{} differ from what their references in solutions/src/ generate; run 'queens handout'",
                stale.join(" and ")
            )));
        }
        return Ok(());
    }
    if let Some(dir) = args.out {
        // A bad queens.toml or course is refused before anything is written.
        let classroom = if args.github_classroom {
            let settings =
                queens_grader::settings::Settings::load(course.root()).map_err(Failure::usage)?;
            Some(
                queens_grader::platforms::ClassroomCourse::new(
                    args.course_repository.as_deref().unwrap_or_default(),
                    args.course_revision.as_deref().unwrap_or_default(),
                    settings,
                )
                .map_err(Failure::usage)?,
            )
        } else {
            None
        };
        let report = queens_grader::student_copy::write(&course, &dir).map_err(Failure::new)?;
        let workflow = if let Some(classroom) = &classroom {
            Some(
                queens_grader::platforms::write_github_classroom(
                    &dir,
                    classroom,
                    args.exercise
                        .as_ref()
                        .map_or(homeworks::ALL, std::slice::from_ref),
                )
                .map_err(Failure::new)?,
            )
        } else {
            None
        };
        if out.json() {
            out.write_json(&report)?;
        } else {
            out.line(format!(
                "wrote a student copy of the course to {} ({} files; without {})",
                dir.display(),
                report.files,
                report.left_out.join(", ")
            ))?;
            if let Some(workflow) = workflow {
                out.line(format!(
                    "wrote {} (GitHub Classroom autograding)",
                    workflow.display()
                ))?;
            }
        }
        return Ok(());
    }
    let changed = course.write().map_err(Failure::new)?;
    if out.json() {
        out.write_json(&serde_json::json!({ "changed": changed }))?;
    } else if changed.is_empty() {
        out.line("the handout is already up to date")?;
    } else {
        for path in changed {
            out.line(format!("wrote {path}"))?;
        }
    }
    Ok(())
}
