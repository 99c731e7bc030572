//! `queens homework check` for one homework: the file proofs, then the graded
//! ones, graded by the grader's own pipeline ([`Grader::grade_code`]) on
//! versions of the reference.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::cases::{Case, wrong_cases};
use super::files;
use super::graded::{self, Counts, Grade, Graded, Subject};
use super::proofs::Proof;
use crate::course::Course;
use crate::grader::{Grader, Status};
use crate::homework::Homework;
use crate::reference::Answers;

/// Everything proved about one homework.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The homework.
    pub homework: &'static Homework,
    /// Each proof, in the order made.
    pub proofs: Vec<Proof>,
    /// How much grading it took.
    pub counts: Counts,
    /// How long it took, in whole seconds in JSON.
    #[serde(serialize_with = "seconds")]
    pub elapsed: Duration,
}

fn seconds<S: serde::Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_u64(elapsed.as_secs())
}

impl Report {
    /// Whether every proof holds.
    pub fn holds(&self) -> bool {
        self.proofs.iter().all(|proof| proof.holds)
    }
}

/// Proves everything about `homework` in `course`, grading with `grade`
/// (normally [`grading`]) and making its reference's answers with
/// `make_answers`; each proof is handed to `said` as it is made.
/// `Err` (one line) when the homework cannot be checked at all: its
/// reference unreadable, its markers or case table broken, the grader
/// unable to grade.
pub fn check(
    course: &Course,
    homework: &'static Homework,
    grade: &mut Grade,
    make_answers: &mut MakeAnswers,
    said: &mut dyn FnMut(&Proof),
) -> Result<Report, String> {
    let start = Instant::now();
    let mut proofs = Vec::new();
    let mut keep = |proof: Proof| {
        said(&proof);
        proofs.push(proof);
    };
    keep(Proof::from("hints", files::hints(course, homework)));
    keep(Proof::from(
        "up to date",
        files::up_to_date(course, homework),
    ));
    keep(Proof::from(
        "answers",
        answers_up_to_date(course, homework, homework.judging.answers, make_answers()?),
    ));
    let path = course.root().join(homework.reference);
    let reference = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: cannot read the reference ({e})", homework.reference))?;
    let subject = Subject {
        file: homework.reference,
        reference: &reference,
        tests: homework.test_names().collect(),
        cases: case_table(course, homework, &reference)?,
    };
    let counts = graded::prove(&subject, grade, &mut keep)?;
    Ok(Report {
        homework,
        proofs,
        counts,
        elapsed: start.elapsed(),
    })
}

/// Makes the reference's answers as `answers.json` holds them (normally
/// [`Grader::reference_answers`]: the reference built and asked every
/// question); `Err` when the grader cannot.
pub type MakeAnswers<'a> = dyn FnMut() -> Result<String, String> + 'a;

/// Proof 6 for a homework judged against its reference: its `answers.json`
/// holds the reference's answers today (`made`), and this program was built
/// with that file (`built_in`).
pub fn answers_up_to_date(
    course: &Course,
    homework: &Homework,
    built_in: &str,
    made: String,
) -> Result<String, String> {
    let path = homework.answers_file();
    let on_disk = std::fs::read_to_string(course.root().join(&path))
        .map_err(|e| format!("{path}: cannot read it ({e})"))?;
    let same = |a: &str, b: &str| match (Answers::parse(a), Answers::parse(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !same(&made, &on_disk) {
        Err(format!(
            "{path} is not what {} answers today: run `queens handout --answers --exercise {}`",
            homework.reference, homework.name
        ))
    } else if !same(&on_disk, built_in) {
        Err(format!(
            "{path} changed since this program was built: build it again \
             (`cargo build -p queens-cli`)"
        ))
    } else {
        let tests = Answers::parse(&made).map_or(0, |answers| answers.tests.len());
        Ok(format!(
            "{path} holds what {} answers to the questions of its {tests} tests",
            homework.reference
        ))
    }
}

/// The case table's wrong answers (the homework's `instructor/cases.toml`;
/// none when the homework has no table).
pub fn case_table(
    course: &Course,
    homework: &Homework,
    reference: &str,
) -> Result<Vec<Case>, String> {
    let path = homework.cases();
    match std::fs::read_to_string(course.root().join(&path)) {
        Ok(table) => wrong_cases(&table, reference).map_err(|e| format!("{path}: {e}")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

/// Grading by `grader` (its homework's tests, contained as any submission's):
/// a grader error stops the check, a compile error is a version skipped.
pub fn grading(grader: &Grader) -> impl FnMut(&str, &str) -> Result<Graded, String> + '_ {
    |id, code| {
        let grade = grader.grade_code(id, code);
        match grade.status {
            Status::GraderError => Err(grade.detail),
            Status::CompileError => Ok(Graded::DidNotCompile(grade.detail)),
            _ => Ok(Graded::Ran(
                grade
                    .tests
                    .iter()
                    .map(|test| (test.name.clone(), test.outcome))
                    .collect(),
            )),
        }
    }
}
