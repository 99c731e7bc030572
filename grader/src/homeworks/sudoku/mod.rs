//! Homework 2, Sudoku with the same three ideas: the prune check, insert and
//! delete of `SudokuSets` (`exercises/src/sudoku.rs`), graded one blank at a
//! time and then end to end on the course's diabolical puzzles.
//!
//! [`questions`]: what the test process asks and the [`SudokuBlanks`] its
//! test target implements; [`checks`]: the expected answers and the messages.

pub mod checks;
pub mod questions;

use std::marker::PhantomData;
use std::process::ExitCode;

pub use questions::{Explored, Grid, Stop, SudokuAnswer, SudokuBlanks, SudokuQuestion, SudokuView};

use crate::homework::{Homework, Squares, Test};

/// Homework 2, as the grader's core sees it.
pub const HOMEWORK: Homework = Homework {
    name: "sudoku",
    title: "Sudoku: the same prune check and sets for digits in rows, columns and boxes",
    default: false,
    source: "src/sudoku.rs",
    reference: "solutions/src/sudoku.rs",
    hints: "sudoku-hints.json",
    test_target: "sudoku",
    test_file: "tests/sudoku.rs",
    tests: TESTS,
    verdicts: checks::verdicts,
    next: "Next: the rest of notebook 07 (notebooks/07-sudoku.ipynb, `cargo run -- lab`): the search with the most constrained cell first, then naked singles.",
    explanations: &[],
    squares: Squares::Boxes(3),
    #[cfg(feature = "instructor")]
    files: crate::homework::Files {
        tests: include_str!("../../../../exercises/tests/sudoku.rs"),
        hints: include_str!("../../../../exercises/sudoku-hints.json"),
    },
};

const fn test(name: &'static str, rule: &'static str) -> Test {
    Test { name, rule }
}

/// Every graded test, in order, with the rule it checks.
pub const TESTS: &[Test] = &[
    test(
        "blank_1_prune_check::empty_sets_take_nothing",
        "with no digit placed, no digit is taken in any cell",
    ),
    test(
        "blank_1_prune_check::a_digit_in_a_row_is_taken_along_that_row",
        "a (row, digit) key makes that digit taken in every cell of that row, and nowhere else",
    ),
    test(
        "blank_1_prune_check::a_digit_in_a_column_is_taken_down_that_column",
        "a (column, digit) key makes that digit taken in every cell of that column, and nowhere else",
    ),
    test(
        "blank_1_prune_check::a_digit_in_a_box_is_taken_in_that_box",
        "a (box, digit) key makes that digit taken in the nine cells of that box, and nowhere else",
    ),
    test(
        "blank_1_prune_check::givens_take_digits_through_all_three_sets",
        "with a few givens in all three sets, a digit is taken where any set holds its key",
    ),
    test(
        "blank_2_insert::insert_records_the_row",
        "insert(row, col, digit) on empty sets puts (row, digit) in the rows set",
    ),
    test(
        "blank_2_insert::insert_records_the_column",
        "insert(row, col, digit) on empty sets puts (col, digit) in the columns set",
    ),
    test(
        "blank_2_insert::insert_records_the_box",
        "insert(row, col, digit) on empty sets puts (box, digit) in the boxes set",
    ),
    test(
        "blank_2_insert::insert_keeps_the_digits_already_there",
        "insert adds one digit's keys and keeps the keys already there",
    ),
    test(
        "blank_3_delete::delete_frees_the_row",
        "delete(row, col, digit) of the only digit takes (row, digit) out of the rows set",
    ),
    test(
        "blank_3_delete::delete_frees_the_column",
        "delete(row, col, digit) of the only digit takes (col, digit) out of the columns set",
    ),
    test(
        "blank_3_delete::delete_frees_the_box",
        "delete(row, col, digit) of the only digit takes (box, digit) out of the boxes set",
    ),
    test(
        "blank_3_delete::delete_keeps_the_other_digits",
        "delete takes out one digit's keys and keeps the other digits' keys",
    ),
    test(
        "end_to_end::solutions_match_the_reference",
        "your search finds the library's one solution of each of the course's puzzles",
    ),
    test(
        "end_to_end::nodes_match_the_reference",
        "your search explores as many nodes as the library's naive search on each puzzle",
    ),
    test(
        "end_to_end::solve_sudoku_returns_the_solution",
        "solve_sudoku(puzzle) returns the library's solution",
    ),
    test(
        "end_to_end::no_solution_and_two_solutions",
        "a grid with no solution gives none; on the empty grid the search stops at its second solution",
    ),
    test(
        "end_to_end::steps_replay_the_search",
        "every node but the root is one digit written, undone by one backtrack",
    ),
];

/// The graded tests of the Sudoku handout whose types `S` adapts
/// (`exercises/tests/sudoku.rs`).
#[derive(Debug)]
pub struct Harness<S> {
    blanks: PhantomData<S>,
}

impl<S: SudokuBlanks> Default for Harness<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: SudokuBlanks> Harness<S> {
    /// The harness for the Sudoku handout `S`.
    pub fn new() -> Self {
        Self {
            blanks: PhantomData,
        }
    }

    /// Runs as libtest would (parent), or answers the one test a parent asked
    /// for (child). Returns the exit code for `main`.
    pub fn run(self) -> ExitCode {
        crate::harness::main(&HOMEWORK, |name| {
            let questions = checks::questions(name);
            crate::harness::answering(questions, questions::answer::<S>)
        })
    }
}
