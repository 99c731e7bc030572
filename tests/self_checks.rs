//! The notebooks' self-checks are honest: run untouched, none passes, none
//! shows an expected value before the student has answered, and no check
//! cell holds its answer: the expected values and the hints live in the
//! library (`queens::notebook::checks`), as the quiz's letters do.

use crate::cells;
use cells::{code_cells, first_cell_with, notebooks};
use queens::notebook::attempt::answer;
use queens::notebook::checks;
use queens::notebook::playground::Playground;
use queens::notebook::quiz::{QUESTIONS, ask, score};

/// The variable a line declares as a self-check's placeholder,
/// `let NAME: Option<…> = None;`: the only start that no answer can match.
fn placeholder(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("let ")?;
    let (name, ty) = rest.split_once(':')?;
    (ty.trim_start().starts_with("Option<") && ty.trim_end().ends_with("= None;")).then_some(name)
}

/// Every self-check of every notebook (`answer("…", …)` in the homework
/// notebooks, the library's `checks::…(…)` in 01–06, and whatever a new
/// notebook adds), found in the cells: each variable the student fills is
/// declared once as `None` and goes to a check.
#[test]
fn every_answer_starts_as_none_and_goes_to_a_check() {
    let mut found = 0;
    for notebook in notebooks() {
        let cells = code_cells(&notebook);
        let lines: Vec<&str> = cells.iter().flat_map(|c| c.lines()).collect();
        let checks: Vec<&str> = cells
            .iter()
            .map(String::as_str)
            .filter(|c| c.contains("answer(\"") || c.contains("checks::"))
            .collect();
        let variables: Vec<&str> = lines.iter().filter_map(|l| placeholder(l)).collect();
        for variable in &variables {
            let declared = lines
                .iter()
                .filter(|l| l.trim_start().starts_with(&format!("let {variable}:")))
                .count();
            assert_eq!(
                declared, 1,
                "{notebook}: {variable} declared {declared} times"
            );
            let word = |c: &str| {
                c.split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
                    .any(|w| w == *variable)
            };
            assert!(
                checks.iter().any(|c| word(c)),
                "{notebook}: {variable} goes to no check"
            );
        }
        assert!(
            variables.len() >= lines.iter().filter(|l| l.contains("answer(\"")).count(),
            "{notebook}: an answer(…) check without a placeholder of its own"
        );
        found += variables.len();
    }
    assert!(found > 0, "no self-check in any notebook");
    let untouched = answer("1. row - col of (5, 2)", 3isize, None, "hint");
    assert!(!untouched.passed && !untouched.to_string().contains('3'));
}

/// A check cell that computes or spells its expected value, or holds its
/// hint, gives the answer away to whoever reads it (06 once held
/// `answer("…times wider", 2, …)`, 04 the hint "1 + 4 + 4^2 + 4^3 + 4^4").
#[test]
fn no_check_cell_of_the_queens_notebooks_holds_its_answer() {
    for notebook in [
        "01-diagonals",
        "02-place-the-queens",
        "03-build-the-solver",
        "04-explored-nodes",
        "05-your-call",
        "06-beyond",
    ] {
        for cell in code_cells(notebook) {
            for harness in [
                "answer(",
                "judge(",
                "check(\"",
                "BlankCheck",
                "4^2",
                "times wider\"",
            ] {
                assert!(
                    !cell.contains(harness),
                    "{notebook}: a cell holds `{harness}`, its check belongs in the library:\n{cell}"
                );
            }
        }
    }
    // The library's checks themselves: untouched, nothing passes and nothing is shown.
    let untouched = checks::walks_wider(None).to_string();
    assert!(untouched.starts_with("not answered yet") && !untouched.contains("Hint"));
}

/// No check of a blank holds its answer: the expected value a
/// `BlankCheck::run` takes is computed (by the library, or from the
/// notebook's own data), never written out in the cell.
#[test]
fn no_blank_check_holds_its_answer() {
    let mut checks = 0;
    for name in notebooks() {
        for cell in code_cells(&name) {
            for (at, _) in cell.match_indices("BlankCheck::run(") {
                // The blank's number, its title in quotes, then the expected value.
                let args = &cell[at + "BlankCheck::run(".len()..];
                let after_title = args.splitn(3, '"').nth(2).unwrap_or_default();
                let expected = after_title.trim_start_matches(',').trim_start();
                let literal = expected.starts_with(['[', '(', '"', '\'', '-'])
                    || expected.starts_with(|c: char| c.is_ascii_digit())
                    || ["vec!", "Some(", "None", "true", "false"]
                        .iter()
                        .any(|word| expected.starts_with(word));
                assert!(!literal, "{name}: a check holds its answer: {cell}");
                checks += 1;
            }
        }
    }
    assert!(
        checks >= 6,
        "the homework notebooks' checks were not found ({checks})"
    );
}

/// Notebook 01's questions are about a board none of its pictures draws
/// (they are all smaller), so no answer can be read off a picture, and its
/// prose asks about the cell the check checks.
#[test]
fn notebook_01_s_questions_are_about_a_board_not_drawn_above_them() {
    let n = checks::DIAGONALS_BOARD;
    let (row, col) = checks::DIAGONALS_CELL;
    let cells = code_cells("01-diagonals");
    let checked = first_cell_with(&cells, "checks::diagonals(", "the check");
    for cell in &cells[..checked] {
        for call in [
            "BoardPicture::new(",
            "BoardPicture::numbers(",
            "Gallery::walk(",
            "Playground::new(",
        ] {
            for (at, _) in cell.match_indices(call) {
                let size: String = cell[at + call.len()..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                assert!(
                    size.parse::<usize>().is_ok_and(|size| size < n),
                    "a picture above the questions may show their {n} × {n} board: {cell}"
                );
            }
        }
    }
    let text = crate::common::notebook_text("01-diagonals");
    assert!(
        text.contains(&format!("`({row}, {col})`")) && text.contains(&format!("{n} × {n} board")),
        "notebook 01's questions name another cell or board than its check"
    );
}

/// Notebook 02 asks how many cells a board leaves free before anything draws
/// that board: no cell above the prediction places queens on a board of its
/// size, and the pictures after it do.
#[test]
fn notebook_02_s_prediction_is_about_a_board_not_drawn_above_it() {
    let (n, queens) = checks::FREE_CELLS_BOARD;
    let cells = code_cells("02-place-the-queens");
    let asked = first_cell_with(&cells, "let prediction_1", "the prediction cell");
    for cell in &cells[..asked] {
        for drawn in [format!("Playground::new({n})"), format!("walk({n},")] {
            assert!(
                !cell.contains(&drawn),
                "drawn before the prediction: {cell}"
            );
        }
    }
    let walk = format!("Gallery::walk({n}, &[{}, {}", queens[0], queens[1]);
    let shown = first_cell_with(&cells, &walk, "the picture that answers");
    let checked = first_cell_with(&cells, "checks::free_cells(", "the check");
    assert!(
        asked < checked && checked < shown,
        "predict, check, then draw"
    );
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
