//! `queens handout`: regenerate the handout from the reference's markers.

use std::path::PathBuf;

use queens_grader::course::Course;
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::workflows::{self, PinnedCourse};

use crate::choice::homeworks as homework_names;

use super::{Failure, Output};

/// Arguments of `queens handout`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only check that the committed handout is what the reference generates
    /// (exit 1 if not); write nothing.
    #[arg(long, conflicts_with_all = ["out", "print"])]
    pub check: bool,
    /// Also make each homework's reference answers
    /// (`grader/src/homeworks/<name>/answers.json`): its reference built with
    /// the graded tests, every question answered in a process of its own (a
    /// build: about a minute the first time). With --exercise, that one only.
    #[arg(long, conflicts_with_all = ["check", "print", "out"])]
    pub answers: bool,
    /// Print the generated handout's lib.rs instead of writing it (scripts use
    /// this with --fill to get "a student who solved blank N").
    #[arg(long, conflicts_with = "out")]
    pub print: bool,
    /// With --print: answer blank N as the reference does (repeatable).
    #[arg(long, value_name = "N", requires = "print")]
    pub fill: Vec<u32>,
    /// The homework: with --print, the handout printed [default: the first];
    /// with --workflow classroom50, the assignment's homework [default: the
    /// first; one homework per assignment]; with --workflow actions, the one
    /// homework graded [default: every one].
    #[arg(long, value_name = "NAME", value_parser = homework_names())]
    pub exercise: Option<&'static Homework>,
    /// Write a student copy of the whole course into this new folder instead
    /// (the files the course's git repository tracks, at HEAD): no
    /// solutions/ nor any homework's instructor/ folder, no instructor
    /// tests, no course CI, a workspace without
    /// `solutions`. With --workflow classroom50, the folder receives the
    /// Classroom 50 autograder instead.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --out: grading on GitHub with the course at --course-repository
    /// and --course-revision. `actions`: the student copy with a plain GitHub
    /// Actions workflow (.github/workflows/queens-grade.yml). `classroom50`:
    /// Classroom 50's autograder.py and runtime block, for your classroom50
    /// repository.
    #[arg(long, value_name = "TARGET", requires_all = ["out", "course_repository", "course_revision"])]
    pub workflow: Option<Workflow>,
    /// Retired: GitHub Classroom was discontinued on 2026-08-28; use
    /// --workflow classroom50 or --workflow actions.
    #[arg(long, hide = true)]
    pub github_classroom: bool,
    /// With --workflow: the repository the grading takes the grader and the
    /// tests from (OWNER/NAME: the template repository).
    #[arg(long, value_name = "OWNER/NAME")]
    pub course_repository: Option<String>,
    /// With --workflow: the commit of that repository it grades with (40
    /// hexadecimal digits: `git rev-parse HEAD`); its queens.toml is the one
    /// graded with.
    #[arg(long, value_name = "SHA")]
    pub course_revision: Option<String>,
    /// The course folder (holding solutions/ and exercises/); default: the one
    /// this program was built from.
    #[arg(long, value_name = "DIR")]
    pub course: Option<PathBuf>,
}

/// Where grading on GitHub happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Workflow {
    /// Classroom 50 (foundation50/classroom50): its custom grader.
    Classroom50,
    /// A plain GitHub Actions workflow in the student's repository.
    Actions,
}

/// What replaced `--github-classroom`.
pub const GITHUB_CLASSROOM_RETIRED: &str = "GitHub Classroom was discontinued on 2026-08-28 \
     and --github-classroom is retired; use --workflow classroom50 (Classroom 50) or \
     --workflow actions (plain GitHub Actions) with --course-repository and \
     --course-revision (docs/instructors.md, \"Grading on GitHub\")";

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
            out.line("the handouts are up to date with their references")?;
        }
        if !stale.is_empty() {
            return Err(Failure::new(format!(
                "{} differ from what their references generate; run 'queens handout'",
                stale.join(" and ")
            )));
        }
        return Ok(());
    }
    if args.github_classroom {
        return Err(Failure::usage(GITHUB_CLASSROOM_RETIRED));
    }
    if args.answers {
        let homeworks = args
            .exercise
            .as_ref()
            .map_or(homeworks::ALL, std::slice::from_ref);
        return write_answers(&course, homeworks, out);
    }
    if args.workflow.is_none()
        && (args.course_repository.is_some() || args.course_revision.is_some())
    {
        return Err(Failure::usage(
            "--course-repository and --course-revision go with --workflow classroom50 or \
             --workflow actions",
        ));
    }
    if let Some(dir) = args.out {
        let homeworks = args
            .exercise
            .as_ref()
            .map_or(homeworks::ALL, std::slice::from_ref);
        // A bad queens.toml, repository or commit is refused before anything
        // is written.
        let pinned = match args.workflow {
            Some(_) => {
                let pinned = PinnedCourse::from_course(
                    course.root(),
                    args.course_repository.as_deref().unwrap_or_default(),
                    args.course_revision.as_deref().unwrap_or_default(),
                )
                .map_err(Failure::usage)?;
                for warning in &pinned.warnings {
                    eprintln!("WARNING: {warning}");
                }
                Some(pinned)
            }
            None => None,
        };
        if let (Some(Workflow::Classroom50), Some(pinned)) = (args.workflow, &pinned) {
            // One homework per assignment: a Classroom 50 grade job has 15
            // minutes, and an assignment's score is one homework's.
            let homework = args.exercise.unwrap_or(homeworks::default());
            if args.exercise.is_none() {
                eprintln!(
                    "the Classroom 50 autograder grades the {homework} homework (the first); \
                     for another, one assignment each: --exercise NAME ({})",
                    homeworks::ALL
                        .iter()
                        .map(|h| h.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            let written =
                workflows::write_classroom50(&dir, pinned, &[homework]).map_err(Failure::new)?;
            if out.json() {
                out.write_json(&serde_json::json!({ "written": written }))?;
            } else {
                for path in written {
                    out.line(format!("wrote {}", path.display()))?;
                }
                out.line(format!(
                    "put autograder.py in your classroom50 repository as \
                     CLASSROOM/autograders/ASSIGNMENT/autograder.py, and give the assignment \
                     the runtime in runtime.json (see {})",
                    dir.join("README.md").display()
                ))?;
            }
            return Ok(());
        }
        let report = queens_grader::student_copy::write(&course, &dir).map_err(Failure::new)?;
        if !report.uncommitted.is_empty() {
            eprintln!(
                "WARNING: tracked files with uncommitted changes were copied as committed at {} \
                 (commit them to hand them out): {}",
                &report.revision[..12.min(report.revision.len())],
                report.uncommitted.join(", ")
            );
        }
        if !report.reference_uncommitted.is_empty() {
            eprintln!(
                "WARNING: the handout was generated from the reference as it is in the folder, \
                 with uncommitted changes: {}",
                report.reference_uncommitted.join(", ")
            );
        }
        let workflow = match &pinned {
            Some(pinned) => {
                Some(workflows::write_actions(&dir, pinned, homeworks).map_err(Failure::new)?)
            }
            None => None,
        };
        if out.json() {
            out.write_json(&report)?;
        } else {
            out.line(format!(
                "wrote a student copy of the course at commit {} to {} ({} files; without {})",
                &report.revision[..12.min(report.revision.len())],
                dir.display(),
                report.files,
                report.left_out.join(", ")
            ))?;
            if let Some(workflow) = workflow {
                out.line(format!(
                    "wrote {} (grading on GitHub Actions)",
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

/// Writes the reference's answers of each of `homeworks` judged against
/// them, into its folder of the grader.
fn write_answers(
    course: &Course,
    homeworks: &[&'static Homework],
    out: &mut Output,
) -> Result<(), Failure> {
    for &homework in homeworks {
        let mut config = queens_grader::grader::Config::new(course.root());
        config.homework = homework;
        let grader = queens_grader::grader::Grader::new(config)
            .map_err(|e| Failure::new(format!("cannot create the scratch workspace: {e}")))?;
        let answers = grader.reference_answers().map_err(Failure::new)?;
        let path = course.root().join(homework.answers_file());
        std::fs::write(&path, answers.to_text())
            .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))?;
        let questions: usize = answers.tests.values().map(Vec::len).sum();
        out.line(format!(
            "{homework}: the reference's answers to {} tests ({questions} questions) in {}",
            answers.tests.len(),
            path.display()
        ))?;
    }
    Ok(())
}
