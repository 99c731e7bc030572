//! Homework 2's notebook (the one whose metadata says `course.homework:
//! "sudoku"`): its check cells and its "your search step by step" on the
//! handout as shipped (every blank `todo!()`) and on the reference. Instructor
//! only, like the reference beside it.

use queens::notebook::feedback::{BlankCheck, Progress, State};
use queens::sudoku::feedback::{compare, difference_of};
use queens::sudoku::handout::{Stopped, SudokuHandout, reference};
use queens::sudoku::{Grid, bank};

/// The handout as a student gets it (generated from the reference).
#[path = "../../../../../exercises/src/sudoku.rs"]
#[allow(dead_code)]
mod handout;

/// The reference.
#[path = "reference.rs"]
#[allow(dead_code)]
mod answers;

/// The third puzzle, the one the notebook searches step by step.
fn puzzle() -> Grid {
    bank::diabolical()[2].grid
}

/// The notebook's blank 1 check, on the handout as shipped: not yet, never passed.
#[test]
fn the_untouched_handout_is_not_started_and_its_search_says_why() {
    let check = BlankCheck::run(1, "prune check", true, || {
        handout::SudokuSets::new().is_taken(0, 2, 5)
    })
    .hints_of("sudoku");
    assert_eq!(check.state, State::NotYet);
    let text = check.to_string();
    assert!(
        text.contains("`cargo queens hint 1 --exercise sudoku`"),
        "{text}"
    );
    let yours = SudokuHandout::new(
        handout::SudokuSets::new(),
        handout::SudokuSets::is_taken,
        handout::SudokuSets::insert,
        handout::SudokuSets::delete,
    )
    .explore(&puzzle(), 100_000);
    assert!(matches!(yours.stopped, Some(Stopped::Panicked(ref why)) if why.is_todo()));
    let naive = reference(&puzzle(), 100_000).unwrap();
    assert_eq!(difference_of(&yours, &naive, None), None);
    let said = compare(&yours, &naive, None);
    assert!(
        said.starts_with("Your search has not taken a step yet: blank 1"),
        "{said}"
    );
}

/// The reference answers take the reference's steps, node for node: what the
/// published page of the Sudoku homework's notebook shows.
#[test]
fn the_reference_answers_take_the_reference_s_steps() {
    let yours = SudokuHandout::new(
        answers::SudokuSets::new(),
        answers::SudokuSets::is_taken,
        answers::SudokuSets::insert,
        answers::SudokuSets::delete,
    )
    .explore(&puzzle(), 100_000);
    let naive = reference(&puzzle(), 100_000).unwrap();
    assert_eq!(yours.stopped, None);
    assert_eq!((yours.nodes, yours.solutions.len()), (684, 1));
    assert_eq!(yours.nodes, naive.nodes);
    assert!(compare(&yours, &naive, None).starts_with("passed"));
}

/// A delete that clears every set, with the first two blanks right: the
/// search step by step blames blank 3 (knowing that 1 and 2 pass).
#[test]
fn a_delete_that_clears_the_sets_is_blamed_on_blank_3() {
    fn clears(sets: &mut answers::SudokuSets, _: usize, _: usize, _: u8) {
        *sets = answers::SudokuSets::new();
    }
    let yours = SudokuHandout::new(
        answers::SudokuSets::new(),
        answers::SudokuSets::is_taken,
        answers::SudokuSets::insert,
        clears,
    )
    .explore(&puzzle(), 100_000);
    let progress = Progress::new([
        &BlankCheck::run(1, "prune check", 1, || 1),
        &BlankCheck::run(2, "insert", 1, || 1),
        &BlankCheck::run(3, "delete", 1, || 2),
    ]);
    let naive = reference(&puzzle(), 100_000).unwrap();
    let said = compare(&yours, &naive, Some(&progress));
    assert!(said.ends_with("Look at blank 3 first."), "{said}");
}

/// The homework's notebook shows the student's search beside the
/// reference's, on the third puzzle.
#[test]
fn the_notebook_shows_the_student_s_search_beside_the_reference_s() {
    let cells = crate::homeworks::notebook_cells("sudoku").join("\n");
    for needed in [
        "SudokuHandout::new(",
        "SudokuSets::new(), SudokuSets::is_taken, SudokuSets::insert, SudokuSets::delete,",
        "compare(&yours, &naive, Some(&progress))",
        "steps_around(",
        "Walkthrough::of_run(&yours",
        "bank::diabolical()[2]",
    ] {
        assert!(cells.contains(needed), "the notebook lacks {needed}");
    }
}

/// No check cell of the notebook holds its answer or its check's code: the
/// checks belong in the library, where a cell cannot show what they expect.
#[test]
fn no_cell_of_the_notebook_holds_a_check_s_answer() {
    for cell in crate::homeworks::notebook_cells("sudoku") {
        for harness in ["answer(", "judge(", "check(\"", "BlankCheck"] {
            assert!(
                !cell.contains(harness),
                "a cell holds `{harness}`, its check belongs in the library:\n{cell}"
            );
        }
    }
}
