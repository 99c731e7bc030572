//! The reference's answers: every graded test's questions put to the
//! reference solution, in a process of its own, and written down as data
//! (`grader/src/homeworks/<homework>/answers.json`, made by `queens handout
//! --answers`). A student's answer is right when it is the reference's.
//!
//! The file is data the grader is built with, never a file a student edits;
//! each question is stored beside its answer, so a question changed since the
//! file was made is found ([`Answers::of`]) instead of judged against an
//! answer to another question.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One question and the reference's answer to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    /// The question, as the homework serialises it.
    pub question: Value,
    /// The reference's answer.
    pub answer: Value,
}

/// The reference's answers of one homework, by test name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Answers {
    /// Each test's questions and answers, in order.
    pub tests: BTreeMap<String, Vec<Asked>>,
}

impl Answers {
    /// Reads an answers file.
    pub fn parse(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|error| format!("the reference's answers: {error}"))
    }

    /// The answers file's text: one test per line, so a change shows as the
    /// lines of the tests it changed.
    pub fn to_text(&self) -> String {
        let mut text = String::from("{\n");
        let lines: Vec<String> = self
            .tests
            .iter()
            .map(|(name, asked)| {
                let asked = serde_json::to_string(asked).unwrap_or_default();
                format!("{}: {asked}", Value::from(name.as_str()))
            })
            .collect();
        text.push_str(&lines.join(",\n"));
        text.push_str("\n}\n");
        text
    }

    /// The reference's answers to `questions`, the questions of test `name`:
    /// `Err` says the file is out of date (run `queens handout --answers`).
    pub fn of(&self, name: &str, questions: &[Value]) -> Result<Vec<&Value>, String> {
        let stale = || {
            format!(
                "the reference's answers to {name} are out of date (the instructor runs \
                 `queens handout --answers`)"
            )
        };
        let asked = self.tests.get(name).ok_or_else(stale)?;
        if asked.len() != questions.len()
            || asked.iter().zip(questions).any(|(a, q)| &a.question != q)
        {
            return Err(stale());
        }
        Ok(asked.iter().map(|a| &a.answer).collect())
    }
}

/// The answers built into the grader for a homework, read once (`text` is
/// its `answers.json`).
pub fn built_in(homework: &'static str, text: &'static str) -> Result<Arc<Answers>, String> {
    static READ: Mutex<Option<HashMap<&'static str, Arc<Answers>>>> = Mutex::new(None);
    let mut read = READ.lock().unwrap_or_else(PoisonError::into_inner);
    let read = read.get_or_insert_with(HashMap::new);
    if let Some(answers) = read.get(homework) {
        return Ok(Arc::clone(answers));
    }
    let answers = Arc::new(Answers::parse(text)?);
    read.insert(homework, Arc::clone(&answers));
    Ok(answers)
}

/// Declares a homework's graded tests, each once: its group (the blank it
/// grades, `blank_<n>_<what>`, or `end_to_end`), its name, the rule it
/// checks, and the questions it asks (an expression of the homework's
/// question type). Expands to `TESTS` (names and rules, in order) and
/// `questions(name)`, `questions_json(name)`.
#[macro_export]
macro_rules! graded_tests {
    (
        question: $question:ty;
        $( $group:ident {
            $( $test:ident : $rule:literal => $ask:expr ),+ $(,)?
        } )+
    ) => {
        /// Every graded test, in order, with the rule it checks.
        pub const TESTS: &[$crate::homework::Test] = &[
            $( $( $crate::homework::Test {
                name: concat!(stringify!($group), "::", stringify!($test)),
                rule: $rule,
            }, )+ )+
        ];

        /// The questions of the graded test `name`, in order (none for an
        /// unknown name).
        pub fn questions(name: &str) -> Vec<$question> {
            $( $(
                if name == concat!(stringify!($group), "::", stringify!($test)) {
                    return $ask;
                }
            )+ )+
            Vec::new()
        }

        /// The questions of the graded test `name` as the reference's answers
        /// store them.
        pub fn questions_json(name: &str) -> Vec<serde_json::Value> {
            questions(name)
                .iter()
                .map(|question| serde_json::to_value(question).unwrap_or_default())
                .collect()
        }
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    mod table {
        crate::graded_tests! {
            question: u32;
            blank_1_double {
                small: "doubles small numbers" => vec![1, 2],
            }
            end_to_end {
                all: "doubles everything" => (0..3).collect(),
            }
        }
    }

    #[test]
    fn a_table_names_each_test_once_with_its_questions() {
        let names: Vec<&str> = table::TESTS.iter().map(|t| t.name).collect();
        assert_eq!(names, ["blank_1_double::small", "end_to_end::all"]);
        assert_eq!(table::questions("end_to_end::all"), [0, 1, 2]);
        assert!(table::questions("end_to_end::none").is_empty());
        assert_eq!(
            table::questions_json("blank_1_double::small"),
            [json!(1), json!(2)]
        );
    }

    #[test]
    fn answers_round_trip_and_a_changed_question_is_stale() {
        let mut answers = Answers::default();
        answers.tests.insert(
            "end_to_end::all".into(),
            vec![Asked {
                question: json!(1),
                answer: json!(2),
            }],
        );
        let text = answers.to_text();
        assert_eq!(Answers::parse(&text).unwrap(), answers);
        assert_eq!(
            answers.of("end_to_end::all", &[json!(1)]).unwrap(),
            [&json!(2)]
        );
        assert!(answers.of("end_to_end::all", &[json!(3)]).is_err());
        assert!(answers.of("end_to_end::other", &[json!(1)]).is_err());
    }
}
