//! The proofs that need grading, in the order they are made: the untouched
//! handout, the reference, each blank filled alone, then wrong versions of
//! each blank until every test has failed for one of them.
//!
//! Grading is a function handed in (`grade(id, code)`: in `queens homework
//! check`, the grader's own pipeline; in tests, a table), so the order, the
//! stopping rule and the judgements are tested without a build.
//!
//! Every grade is a build, so mutants are graded only while they can still
//! fail a free test: each blank's mutants until its own tests and every
//! end-to-end test have failed for one of them. Then every plain wrong
//! answer of the case table, each of which must lose points.

use std::collections::VecDeque;

use serde::Serialize;

use super::cases::Case;
use super::mutants::{Mutant, mutants};
use super::proofs::{self, Kills, Outcomes, Proof};
use crate::fingerprint;
use crate::markers::{self, MarkerError};
use crate::results::Outcome;

/// What grading one version of the file gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Graded {
    /// The tests ran: every test's outcome.
    Ran(Outcomes),
    /// It does not compile: the first error line.
    DidNotCompile(String),
}

/// Grades one version of the homework's file: `(id, code)`; `Err` when the
/// grader itself cannot grade (the check stops).
pub type Grade<'a> = dyn FnMut(&str, &str) -> Result<Graded, String> + 'a;

/// What is proved: a homework's graded tests, its reference and its cases.
#[derive(Debug, Clone)]
pub struct Subject<'a> {
    /// The reference's path, for marker errors.
    pub file: &'a str,
    /// The reference's text.
    pub reference: &'a str,
    /// Every graded test's name, in order.
    pub tests: Vec<&'a str>,
    /// The case table's wrong answers.
    pub cases: Vec<Case>,
}

/// How much grading the proofs took.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Versions graded (each a build).
    pub grades: usize,
    /// Mutants graded, compiled or not.
    pub mutants: usize,
    /// Of those, the ones that did not compile (skipped).
    pub not_compiled: usize,
    /// Cases of the table graded.
    pub cases: usize,
}

/// Makes proofs 1 to 4 of `subject` and the case table's, each handed to
/// `said` as it is made;
/// `Err` when the reference's markers are broken or the grader cannot grade.
pub fn prove(
    subject: &Subject,
    grade: &mut Grade,
    said: &mut dyn FnMut(Proof),
) -> Result<Counts, String> {
    let marker_error = |mut error: MarkerError| {
        error.file = subject.file.to_owned();
        error.to_string()
    };
    let handout = markers::generate(subject.reference).map_err(marker_error)?;
    let tests = &subject.tests;
    let mut counts = Counts::default();
    let mut run = |id: &str, code: &str, counts: &mut Counts| {
        counts.grades += 1;
        grade(id, code)
    };

    let outcomes = match run("handout", &handout.source, &mut counts)? {
        Graded::Ran(outcomes) => proofs::handout(tests, &outcomes),
        Graded::DidNotCompile(error) => Err(format!("the handout does not compile: {error}")),
    };
    said(Proof::from("handout", outcomes));

    let reference = match run("reference", subject.reference, &mut counts)? {
        Graded::Ran(outcomes) => proofs::reference(tests, &outcomes),
        Graded::DidNotCompile(error) => Err(format!("the reference does not compile: {error}")),
    };
    let reference_passes = reference.is_ok();
    said(Proof::from("reference", reference));

    let blanks = handout.blanks.len();
    let mut alone = Vec::new();
    for blank in &handout.blanks {
        let code = markers::generate_filling(subject.reference, &[blank.id])
            .map_err(marker_error)?
            .source;
        let id = format!("blank {} alone", blank.id);
        alone.push(match run(&id, &code, &mut counts)? {
            Graded::Ran(outcomes) => proofs::alone(tests, blank.id, blanks, &outcomes),
            Graded::DidNotCompile(error) => Err(format!(
                "blank {} filled alone does not compile: {error}",
                blank.id
            )),
        });
    }
    let alone = match alone.into_iter().find_map(Result::err) {
        Some(error) => Err(error),
        None => Ok(format!(
            "{} filled alone {} own tests ({})",
            proofs::all(blanks, "blank", "blanks"),
            if blanks == 1 {
                "passes exactly its"
            } else {
                "pass exactly their"
            },
            handout
                .blanks
                .iter()
                .map(|blank| {
                    let own = tests
                        .iter()
                        .filter(|t| proofs::blank_of_test(t) == Some(blank.id))
                        .count();
                    own.to_string()
                })
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    said(Proof::from("blanks alone", alone));

    if !reference_passes {
        said(Proof::from(
            "wrong versions",
            Err("not tried: the reference does not pass every test".to_owned()),
        ));
        return Ok(counts);
    }
    let blank_ids: Vec<u32> = handout.blanks.iter().map(|blank| blank.id).collect();
    let mut kills = Kills::new(tests, &blank_ids);
    let mut queues: Vec<(u32, VecDeque<Mutant>)> = Vec::new();
    let mut unreadable = Vec::new();
    for blank in fingerprint::blanks(subject.reference) {
        match mutants(&blank.code) {
            Ok(made) => queues.push((blank.id, made.into())),
            Err(why) => unreadable.push(format!("blank {}: {why}", blank.id)),
        }
    }
    for (blank, queue) in &mut queues {
        while kills.wanted_from(*blank)
            && let Some(made) = queue.pop_front()
        {
            counts.mutants += 1;
            let code = markers::with_answer(subject.reference, *blank, &made.code)?;
            let id = format!("blank {blank}: {}", made.change);
            match run(&id, &code, &mut counts)? {
                Graded::Ran(outcomes) => {
                    kills.record(&id, Some(*blank), &outcomes);
                }
                Graded::DidNotCompile(_) => counts.not_compiled += 1,
            }
        }
    }
    // The case table, every plain wrong answer of it: each must lose points
    // (the table says so), and each may fail a test still free.
    let mut kept = Vec::new();
    for case in &subject.cases {
        let blank = match case.blanks.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        counts.cases += 1;
        let id = format!("case {}", case.id);
        match run(&id, &case.code, &mut counts)? {
            Graded::Ran(outcomes) => {
                kills.record(&id, blank, &outcomes);
                let loses = outcomes
                    .values()
                    .any(|&o| !matches!(o, Outcome::Passed | Outcome::NotImplemented));
                if !loses {
                    kept.push(format!("{} (full marks)", case.id));
                }
            }
            Graded::DidNotCompile(_) => {
                counts.not_compiled += 1;
                kept.push(format!("{} (does not compile)", case.id));
            }
        }
    }
    said(Proof::from(
        "cases",
        proofs::cases(subject.cases.len(), &kept),
    ));
    let mut tried = format!(
        "{} mutants graded, {} of them not compiling; {} cases",
        counts.mutants, counts.not_compiled, counts.cases
    );
    for why in &unreadable {
        tried.push_str(&format!("; no mutants of {why}"));
    }
    said(Proof::from(
        "wrong versions",
        proofs::wrong_versions(&kills, &tried),
    ));
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two blanks: `a` doubles, `b` adds one; the tests call them.
    const REFERENCE: &str = "\
fn a(x: u32) -> u32 {
    // BLANK 1: double
    // todo: double {x}
    x * 2
    // END BLANK 1
}
fn b(x: u32) -> u32 {
    // BLANK 2: plus one
    // todo: add one to {x}
    x + 1
    // END BLANK 2
}
";

    const TESTS: [&str; 4] = [
        "blank_1_double::doubles",
        "blank_2_plus_one::adds",
        "end_to_end::both",
        "end_to_end::always_passes",
    ];

    /// "Runs" a version: reads each blank's answer and judges it as the
    /// tests would; `end_to_end::always_passes` passes whatever the answers
    /// (unless one is a `todo!()`): a test made to always pass.
    fn fake_grader(
        graded: &mut Vec<String>,
    ) -> impl FnMut(&str, &str) -> Result<Graded, String> + '_ {
        |id, code| {
            graded.push(id.to_owned());
            let answers: Vec<String> = fingerprint::blanks(code)
                .into_iter()
                .map(|b| {
                    b.code
                        .lines()
                        .filter(|l| !l.trim_start().starts_with("//"))
                        .collect::<Vec<_>>()
                        .join(" ")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            if answers.iter().any(|a| a.contains("- - ")) {
                return Ok(Graded::DidNotCompile("expected expression".to_owned()));
            }
            let todo = |a: &String| a.starts_with("todo!");
            let judge = |a: &String, right: &str| {
                if todo(a) {
                    Outcome::NotImplemented
                } else if a == right {
                    Outcome::Passed
                } else {
                    Outcome::Failed
                }
            };
            let one = judge(&answers[0], "x * 2");
            let two = judge(&answers[1], "x + 1");
            let both = if todo(&answers[0]) || todo(&answers[1]) {
                Outcome::NotImplemented
            } else if one.passed() && two.passed() {
                Outcome::Passed
            } else {
                Outcome::Failed
            };
            let always = if both == Outcome::NotImplemented {
                both
            } else {
                Outcome::Passed
            };
            Ok(Graded::Ran(
                TESTS
                    .iter()
                    .map(|t| t.to_string())
                    .zip([one, two, both, always])
                    .collect(),
            ))
        }
    }

    #[test]
    fn every_proof_is_made_and_a_test_that_always_passes_is_named_free() {
        let subject = Subject {
            file: "demo.rs",
            reference: REFERENCE,
            tests: TESTS.to_vec(),
            cases: vec![Case {
                id: "plus-two".to_owned(),
                blanks: vec![2],
                code: markers::with_answer(REFERENCE, 2, "x + 2").unwrap(),
            }],
        };
        let mut graded = Vec::new();
        let mut proofs = Vec::new();
        let counts = prove(&subject, &mut fake_grader(&mut graded), &mut |p| {
            proofs.push(p)
        })
        .unwrap();
        let names: Vec<&str> = proofs.iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            [
                "handout",
                "reference",
                "blanks alone",
                "cases",
                "wrong versions"
            ]
        );
        for proof in &proofs[..4] {
            assert!(proof.holds, "{proof:?}");
        }
        let wrong = &proofs[4];
        assert!(!wrong.holds);
        assert!(
            wrong
                .detail
                .ends_with("pass for free: end_to_end::always_passes (for blanks 1, 2)"),
            "{}",
            wrong.detail
        );
        // The free test keeps the mutants coming: all of them, and the case.
        assert_eq!(counts.cases, 1);
        assert_eq!(counts.grades, 4 + counts.mutants + counts.cases);
        assert_eq!(
            graded[..4],
            ["handout", "reference", "blank 1 alone", "blank 2 alone"]
        );
        assert_eq!(graded[4], "blank 1: `*` → `/` in `x * 2`");
    }

    #[test]
    fn grading_stops_once_every_test_has_failed() {
        let tests = &TESTS[..3];
        let subject = Subject {
            file: "demo.rs",
            reference: REFERENCE,
            tests: tests.to_vec(),
            cases: Vec::new(),
        };
        let mut graded = Vec::new();
        let mut proofs = Vec::new();
        let counts = prove(&subject, &mut fake_grader(&mut graded), &mut |p| {
            proofs.push(p)
        })
        .unwrap();
        assert!(proofs.iter().all(|p| p.holds), "{proofs:#?}");
        // One mutant a blank fails its own test and the end-to-end one.
        assert_eq!(counts.mutants, 2, "{graded:#?}");
        assert_eq!(graded[5], "blank 2: `+` → `-` in `x + 1`");
    }

    /// The case table is graded whole, though every test has failed for a
    /// mutant already, and a case that loses no point is named.
    #[test]
    fn every_case_is_graded_and_one_that_loses_nothing_is_named() {
        let case = |id: &str, blank: u32, answer: &str| Case {
            id: id.to_owned(),
            blanks: vec![blank],
            code: markers::with_answer(REFERENCE, blank, answer).unwrap(),
        };
        let subject = Subject {
            file: "demo.rs",
            reference: REFERENCE,
            tests: TESTS[..3].to_vec(),
            cases: vec![
                case("plus-two", 2, "x + 2"),
                case("times-three", 1, "x * 3"),
                case("same", 1, "x  *  2"),
            ],
        };
        let mut graded = Vec::new();
        let mut proofs = Vec::new();
        let counts = prove(&subject, &mut fake_grader(&mut graded), &mut |p| {
            proofs.push(p)
        })
        .unwrap();
        assert_eq!(counts.cases, 3, "{graded:#?}");
        assert!(graded.ends_with(&[
            "case plus-two".to_owned(),
            "case times-three".to_owned(),
            "case same".to_owned()
        ]));
        let cases = proofs.iter().find(|p| p.name == "cases").unwrap();
        assert!(!cases.holds);
        assert_eq!(
            cases.detail,
            "1 of the case table's 3 wrong answers loses no point: same (full marks)"
        );
        let held = proofs::cases(2, &[]).unwrap();
        assert_eq!(held, "the case table's 2 wrong answers each lose points");
    }

    #[test]
    fn a_grader_that_cannot_grade_stops_the_check() {
        let subject = Subject {
            file: "demo.rs",
            reference: REFERENCE,
            tests: TESTS.to_vec(),
            cases: Vec::new(),
        };
        let mut grade = |_: &str, _: &str| Err("no sandbox".to_owned());
        let error = prove(&subject, &mut grade, &mut |_| {}).unwrap_err();
        assert_eq!(error, "no sandbox");
        let broken = Subject {
            reference: "fn f() {}\n// END BLANK 1\n",
            ..subject
        };
        let error = prove(&broken, &mut grade, &mut |_| {}).unwrap_err();
        assert!(error.starts_with("demo.rs:2:"), "{error}");
    }
}
