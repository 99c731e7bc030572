//! The notebooks' self-checks are honest: run untouched, none passes, and
//! none shows an expected value before the student has answered.

use queens::notebook::attempt::answer;
use queens::notebook::quiz::{QUESTIONS, ask, score};
use serde_json::Value;

fn code_cells(name: &str) -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
    let nb: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("notebook")).expect("JSON");
    nb["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| c["cell_type"] == "code")
        .map(|c| match &c["source"] {
            Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
            other => other.as_str().unwrap_or_default().to_owned(),
        })
        .collect()
}

#[test]
fn notebook_01_answers_start_as_none_so_no_placeholder_can_be_right() {
    let cells = code_cells("01-diagonals");
    let answers: Vec<&str> = cells
        .iter()
        .flat_map(|c| c.lines())
        .filter(|l| l.trim_start().starts_with("let answer_"))
        .collect();
    assert_eq!(answers.len(), 5, "{answers:?}");
    for line in &answers {
        assert!(
            line.trim_end().ends_with("= None;"),
            "a placeholder that could be right: {line}"
        );
    }
    // Each answer is checked with `answer(…)`, which never passes `None` and
    // never prints the expected value for it.
    let checks = cells
        .iter()
        .find(|c| c.contains("answer(\"1."))
        .expect("the check cell");
    for k in 1..=5 {
        assert!(
            checks.contains(&format!(", answer_{k},")),
            "answer_{k} is not checked with answer()"
        );
    }
    let untouched = answer("1. row - col of (5, 2)", 3isize, None, "hint");
    assert!(!untouched.passed && !untouched.to_string().contains('3'));
}

#[test]
fn notebook_05_answers_start_unanswered_and_guessing_one_letter_fails() {
    let cells = code_cells("05-your-call");
    let placeholders = cells
        .iter()
        .flat_map(|c| c.lines())
        .filter(|l| l.trim_start().starts_with("let answer_"))
        .inspect(|l| assert!(l.contains("= '?';"), "{l}"))
        .count();
    assert_eq!(placeholders, QUESTIONS.len());
    assert_eq!(score(&['?'; 8]), (0, 8));
    for k in 1..=QUESTIONS.len() {
        let reply = ask(k, '?').verdict();
        assert!(reply.starts_with("*Not answered yet:*"), "{reply}");
    }
    for letter in 'A'..='D' {
        assert!(score(&[letter; 8]).0 <= 2, "answering {letter} everywhere");
    }
}

#[test]
fn notebook_08_checks_each_blank_with_blank_check_and_never_prints_the_expected_value() {
    let cells = code_cells("08-bitmask-homework");
    for k in 1..=3 {
        let check = cells
            .iter()
            .find(|c| c.contains(&format!("BlankCheck::run({k},")))
            .unwrap_or_else(|| panic!("no BlankCheck for blank {k}"));
        // The expected value comes from the library's `Row`, never a literal.
        assert!(check.contains("row.") || check.contains("wide."), "{check}");
    }
    for cell in &cells {
        for line in cell.lines().filter(|l| l.contains("println!")) {
            assert!(
                !line.contains("expected") && !line.contains(".free()"),
                "prints an expected value: {line}"
            );
        }
    }
    // Until the blanks are written, a check says "not yet" and shows no value.
    let row = queens::notebook::masks::Row::below(6, &[1, 3]);
    let unwritten = || -> queens::notebook::masks::Mask { todo!("blank 1 — free columns") };
    let untouched =
        queens::notebook::feedback::BlankCheck::run(1, "free columns", row.free(), unwritten);
    assert_eq!(untouched.state, queens::notebook::feedback::State::NotYet);
    assert!(!untouched.to_string().contains("0b100001"), "{untouched}");
}
