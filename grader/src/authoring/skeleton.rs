//! `queens homework new NAME`: a working homework to start from, in the
//! course's shape: a reference with one blank (its `todo:` and a hint), a
//! graded test of the blank and one end to end, the adapter that lets the test reach the
//! student's code, the handout and hints generated from the reference, a
//! case table, the reference's answers (`answers.json`, what `queens handout
//! --answers` makes of this reference), and its notebook ([`super::notebook`]).
//! `queens homework check NAME` and the course's `cargo test` pass it as it
//! is.
//!
//! The blank: whether two queens attack each other. Replace it, the question,
//! the adapter and the notebook with the homework's own.

use std::path::Path;

use crate::course::Course;
use crate::homework::INSTRUCTOR_FOLDER;
use crate::homeworks;
use crate::markers;
use crate::reference::{Answers, Asked};

/// Every file of the homework `name`, its place in the course `order`:
/// `(path from the course root, text)`; `exercises/Cargo.toml` is not among
/// them (see [`test_target`]).
pub fn files(name: &str, order: u32) -> Vec<(String, String)> {
    let fill = |template: &str| {
        template
            .replace("__NAME__", name)
            .replace("__ORDER__", &order.to_string())
    };
    let reference = fill(REFERENCE);
    let handout = markers::generate(&reference).expect("the skeleton's markers parse");
    let folder = crate::homework::folder(name);
    vec![
        (format!("{folder}/mod.rs"), fill(MOD)),
        (format!("{folder}/questions.rs"), fill(QUESTIONS)),
        (format!("{folder}/answers.json"), answers()),
        (
            format!("{folder}/{INSTRUCTOR_FOLDER}/reference.rs"),
            reference,
        ),
        (format!("exercises/src/{name}.rs"), handout.source.clone()),
        (format!("exercises/{name}-hints.json"), handout.hints_json()),
        (format!("exercises/tests/{name}.rs"), fill(ADAPTER)),
        (
            format!("{folder}/{INSTRUCTOR_FOLDER}/cases.toml"),
            fill(CASES),
        ),
    ]
}

/// The skeleton's graded tests, as the registry names them, and the board
/// sizes each asks about.
const TESTS: [(&str, &[usize]); 2] = [
    ("blank_1_attack::every_pair_of_a_4_by_4_board", &[4]),
    (
        "end_to_end::every_pair_of_boards_of_1_to_5",
        &[1, 2, 3, 4, 5],
    ),
];

/// The reference's answers to the skeleton's questions, as `queens handout
/// --answers` writes them: `attack` (the reference's expression) on every
/// pair of cells of an `n` × `n` board, row by row. Made here, since the
/// grader that would build the reference knows no homework it was not built
/// with; `queens homework check` proves them equal to what the reference
/// answers.
pub fn answers() -> String {
    let attack = |a: (usize, usize), b: (usize, usize)| {
        a.0 == b.0 || a.1 == b.1 || a.0 + b.1 == b.0 + a.1 || a.0 + a.1 == b.0 + b.1
    };
    let asked = |n: usize| {
        let cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        let pairs: Vec<bool> = cells
            .iter()
            .flat_map(|&a| cells.iter().map(move |&b| attack(a, b)))
            .collect();
        Asked {
            question: serde_json::json!({ "Pairs": { "n": n } }),
            answer: serde_json::json!({ "Pairs": pairs }),
        }
    };
    let mut answers = Answers::default();
    for (test, sizes) in TESTS {
        let each = sizes.iter().map(|&n| asked(n)).collect();
        answers.tests.insert(test.to_owned(), each);
    }
    answers.to_text()
}

/// The `[[test]]` block of `exercises/Cargo.toml` for the homework `name`.
pub fn test_target(name: &str) -> String {
    format!("\n[[test]]\nname = \"{name}\"\npath = \"tests/{name}.rs\"\nharness = false\n")
}

/// Whether `name` can name a homework: a Rust module's name in lower case
/// (`map_colouring`), not a keyword, not a homework already.
pub fn check_name(name: &str) -> Result<(), String> {
    let shaped = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !shaped || syn::parse_str::<syn::Ident>(name).is_err() {
        return Err(format!(
            "{name:?} cannot name a homework: lower-case letters, digits and _, starting \
             with a letter, not a Rust keyword (it names a module and a test target)"
        ));
    }
    if homeworks::by_name(name).is_ok() {
        return Err(format!("there is already a homework named {name}"));
    }
    Ok(())
}

/// Writes the homework `name` into `course`, after every homework there,
/// its notebook after every notebook; returns the files written. Refuses to
/// overwrite any file.
pub fn write(course: &Course, name: &str) -> Result<Vec<String>, String> {
    check_name(name)?;
    let order = homeworks::ALL
        .iter()
        .map(|homework| homework.order)
        .max()
        .unwrap_or(0)
        + 1;
    let root = course.root();
    let mut files = files(name, order);
    files.push(super::notebook::notebook(root, name, order)?);
    let notebooks = root.join("notebooks");
    let taken = queens::notebook::names(&notebooks).unwrap_or_default();
    if let Some(taken) = taken.iter().find(|taken| {
        taken
            .split_once('-')
            .is_some_and(|(_, words)| words == format!("{}-homework", name.replace('_', "-")))
    }) {
        return Err(format!(
            "notebooks/{taken}.ipynb exists already: nothing written"
        ));
    }
    if let Some((taken, _)) = files.iter().find(|(path, _)| root.join(path).exists()) {
        return Err(format!("{taken} exists already: nothing written"));
    }
    let manifest = root.join("exercises/Cargo.toml");
    let mut cargo =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    if cargo.contains(&format!("name = \"{name}\"")) {
        return Err(format!(
            "exercises/Cargo.toml already has a test target {name}: nothing written"
        ));
    }
    for (path, text) in &files {
        write_file(&root.join(path), text)?;
    }
    cargo.push_str(&test_target(name));
    write_file(&manifest, &cargo)?;
    let mut written: Vec<String> = files.into_iter().map(|(path, _)| path).collect();
    written.push("exercises/Cargo.toml".to_owned());
    Ok(written)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

const REFERENCE: &str = r#"//! Homework __ORDER__ (`__NAME__`), the reference: made by `queens homework new
//! __NAME__`. One blank between markers; `queens handout` writes the student's
//! copy (`exercises/src/__NAME__.rs`) and its hints from it.

/// A square of the board: `(row, column)`.
pub type Cell = (usize, usize);

/// Whether queens on `a` and `b` attack each other (a queen attacks its own
/// cell too).
pub fn attack(a: Cell, b: Cell) -> bool {
    // BLANK 1: attack
    // todo: do queens on {a:?} and {b:?} share a row, a column or a diagonal?
    // hint: Compare the rows, then the columns.
    // hint: On a diagonal `row - col` is the same for both; on an anti-diagonal `row + col`.
    a.0 == b.0 || a.1 == b.1 || a.0 + b.1 == b.0 + a.1 || a.0 + a.1 == b.0 + b.1
    // END BLANK 1
}
"#;

const MOD: &str = r#"//! Homework __ORDER__ (`__NAME__`), made by `queens homework new __NAME__`: its
//! graded tests (the table below, each named once with its rule and the
//! questions it asks), the questions ([`mod@questions`]), and the reference's
//! answers (`answers.json`, written again by `queens handout --answers
//! --exercise __NAME__` whenever the reference or a question changes).

pub mod questions;

pub use questions::{Answer, Blanks, Question};

crate::homework! {
    name: "__NAME__",
    title: "__NAME__: when two queens attack each other",
    order: __ORDER__,
    next: "the pairs of cells your function says attack each other, checked against the library's",
}

crate::graded_tests! {
    question: Question;
    blank_1_attack {
        every_pair_of_a_4_by_4_board:
            "two queens attack each other exactly when they share a row, a column or a diagonal"
            => vec![Question::Pairs { n: 4 }],
    }
    end_to_end {
        every_pair_of_boards_of_1_to_5:
            "your function says which queens attack each other on every board from 1 × 1 to 5 × 5"
            => (1..=5).map(|n| Question::Pairs { n }).collect(),
    }
}
"#;

const QUESTIONS: &str = r#"//! What the `__NAME__` homework's test process asks the student's code, and
//! what it writes down. Nothing here judges: the grader compares each answer
//! with the reference's.

use serde::{Deserialize, Serialize};

/// A square of the board: `(row, column)`.
pub type Cell = (usize, usize);

/// One question a graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// Ask `attack` about every pair of cells of an `n` × `n` board, row by
    /// row.
    Pairs {
        /// The board's size.
        n: usize,
    },
}

/// What the student's code answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// For each pair, in order, whether the two queens attack each other.
    Pairs(Vec<bool>),
}

/// The student's blanks, as the adapter (`exercises/tests/__NAME__.rs`)
/// reaches them.
pub trait Blanks {
    /// Blank 1: whether queens on `a` and `b` attack each other.
    fn attack(a: Cell, b: Cell) -> bool;
}

/// Asks the blanks `B` the question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    match *question {
        Question::Pairs { n } => {
            let cells: Vec<Cell> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
            Answer::Pairs(
                cells
                    .iter()
                    .flat_map(|&a| cells.iter().map(move |&b| B::attack(a, b)))
                    .collect(),
            )
        }
    }
}
"#;

const ADAPTER: &str = r#"//! The graded tests of the `__NAME__` homework: `cargo test -p exercises --test
//! __NAME__`. The questions and the reference's answers live in the grader
//! (`queens_grader::homeworks::__NAME__`); this file only lets it reach your
//! code.

use queens_grader::homeworks::__NAME__::{Blanks, run};

// The handout is a file of its own, next to the others.
#[path = "../src/__NAME__.rs"]
#[allow(dead_code)]
mod __NAME__;

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// Your handout, as the graded tests see it.
struct Handout;

impl Blanks for Handout {
    fn attack(a: (usize, usize), b: (usize, usize)) -> bool {
        __NAME__::attack(a, b)
    }
}
"#;

const CASES: &str = r#"# The grader's test submissions of the `__NAME__` homework (the fields: the
# header of nqueens/instructor/cases.toml): `queens homework check` grades its
# wrong answers too.

[homework]
name = "__NAME__"
reference = "grader/src/homeworks/__NAME__/instructor/reference.rs"
handout = "exercises/src/__NAME__.rs"

[[case]]
id = "__NAME__-correct"
score = "full"
clean = true

[[case]]
id = "__NAME__-untouched-handout"
handout = true
score = "zero"

[[case]]
id = "__NAME__-wrong-b1-no-diagonals"
score = "zero"
blame = 1
says = "your answer differs from the reference's"
blanks.1 = "a.0 == b.0 || a.1 == b.1"
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skeleton_s_handout_is_generated_and_its_names_filled() {
        let files = files("sample", 4);
        let text = |end: &str| {
            files
                .iter()
                .find(|(path, _)| path.ends_with(end))
                .map(|(_, text)| text.as_str())
                .unwrap()
        };
        assert!(files.iter().all(|(_, text)| !text.contains("__")));
        assert!(text("homeworks/sample/mod.rs").contains("order: 4,"));
        assert!(text("exercises/src/sample.rs").contains("todo!(\"blank 1 — attack: do queens"));
        assert!(text("sample-hints.json").contains("On a diagonal"));
        assert!(text("tests/sample.rs").contains("mod sample;"));
        assert!(test_target("sample").contains("path = \"tests/sample.rs\""));
        for (test, _) in TESTS {
            let name = test.split("::").nth(1).unwrap();
            assert!(text("homeworks/sample/mod.rs").contains(name), "{test}");
        }
        let answers = Answers::parse(text("sample/answers.json")).unwrap();
        assert_eq!(answers.tests[TESTS[1].0].len(), 5);
        let asked = &answers.tests[TESTS[0].0];
        let pairs = asked[0].answer["Pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), 256);
        // (0, 0) attacks itself, (0, 1), and not (1, 2).
        assert_eq!(pairs[0], true);
        assert_eq!(pairs[1], true);
        assert_eq!(pairs[6], false);
    }

    #[test]
    fn a_name_is_a_module_s_name_and_new() {
        assert!(check_name("map_colouring").is_ok());
        for bad in ["Map", "1st", "fn", "a-b", ""] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        let taken = homeworks::default().name;
        assert!(check_name(taken).unwrap_err().contains("already"));
    }
}
