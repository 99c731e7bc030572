//! The notebooks' self-checks are honest: run untouched, none passes, and
//! none shows an expected value before the student has answered.

use queens::notebook::attempt::answer;
use queens::notebook::playground::Playground;
use queens::notebook::quiz::{QUESTIONS, ask, score};
#[path = "common/cells.rs"]
mod cells;
use cells::code_cells;

/// Every `answer(…)` self-check of the notebooks, by the variable the student
/// fills: notebook 01's questions, and the predictions of 02, 03, 04 and 06.
const SELF_CHECKS: &[(&str, &[&str])] = &[
    (
        "01-diagonals",
        &[
            "answer_1", "answer_2", "answer_3", "answer_4", "answer_5", "answer_6",
        ],
    ),
    ("02-place-the-queens", &["prediction_1", "prediction_2"]),
    ("03-build-the-solver", &["first_solution_nodes"]),
    ("04-explored-nodes", &["brute_at_4", "columns_at_4"]),
    ("06-beyond", &["left_half", "times_wider"]),
    ("07-sudoku", &[]),
];

#[test]
fn every_answer_starts_as_none_so_no_placeholder_can_be_right() {
    for (notebook, variables) in SELF_CHECKS {
        let cells = code_cells(notebook);
        let lines: Vec<&str> = cells.iter().flat_map(|c| c.lines()).collect();
        for variable in *variables {
            let declared: Vec<&&str> = lines
                .iter()
                .filter(|l| l.trim_start().starts_with(&format!("let {variable}:")))
                .collect();
            assert_eq!(
                declared.len(),
                1,
                "{notebook}: {variable} declared {declared:?}"
            );
            assert!(
                declared[0].contains(": Option<") && declared[0].trim_end().ends_with("= None;"),
                "{notebook}: a placeholder that could be right: {}",
                declared[0]
            );
            // Checked with `answer(…)`, which never passes `None` and never
            // prints the expected value for it.
            assert!(
                cells
                    .iter()
                    .any(|c| c.contains("answer(\"") && c.contains(&format!(", {variable},"))),
                "{notebook}: {variable} is not checked with answer()"
            );
        }
        let checks = lines.iter().filter(|l| l.contains("answer(\"")).count();
        assert_eq!(
            checks,
            variables.len(),
            "{notebook}: a self-check not in SELF_CHECKS"
        );
    }
    let untouched = answer("1. row - col of (5, 2)", 3isize, None, "hint");
    assert!(!untouched.passed && !untouched.to_string().contains('3'));
}

/// Notebook 02's "Your turn": the board as handed out is not a solution, so
/// its check says "not yet" until the student finishes it.
#[test]
fn notebook_02_s_board_by_hand_starts_unsolved() {
    let cells = code_cells("02-place-the-queens");
    let given = cells
        .iter()
        .find(|c| c.contains("let mut mine = Playground::new(6);"))
        .expect("the cell of the student's board");
    assert!(given.contains("mine.place(1).place(3);"), "{given}");
    let mut mine = Playground::new(6);
    mine.place(1).place(3);
    assert!(!mine.is_solved());
    assert!(
        cells
            .iter()
            .any(|c| c.contains("mine.is_solved()") && c.contains("not yet")),
        "the check of the student's board"
    );
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
