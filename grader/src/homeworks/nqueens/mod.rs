//! Homework 1, N-Queens with three sets: the prune check, insert and delete
//! of `ConstraintSets` (`exercises/src/lib.rs`), graded one blank at a time
//! and then end to end against the library's search.
//!
//! [`questions`]: what the test process asks the student's code and the
//! [`Blanks`] its test target implements; [`checks`]: the expected answers
//! and the messages.

pub mod checks;
pub mod questions;

use std::marker::PhantomData;
use std::process::ExitCode;

pub use questions::{Answer, Blanks, N, Question, SetsView};

use crate::homework::{Homework, Squares, Test};

/// Homework 1, as the grader's core sees it.
pub const HOMEWORK: Homework = Homework {
    name: "nqueens",
    title: "N-Queens: the prune check and the three sets",
    default: true,
    source: "src/lib.rs",
    reference: "solutions/src/lib.rs",
    hints: "hints.json",
    test_target: "nqueens",
    test_file: "tests/nqueens.rs",
    tests: TESTS,
    verdicts: checks::verdicts,
    next: "Next: notebook 04 · Explored nodes (notebooks/04-explored-nodes.ipynb, `cargo run -- lab`): what each pruning idea saves, counted in nodes.",
    explanations: &[("attempt to subtract with overflow", checks::SIGN)],
    squares: Squares::Chequered,
    #[cfg(feature = "instructor")]
    files: crate::homework::Files {
        tests: include_str!("../../../../exercises/tests/nqueens.rs"),
        hints: include_str!("../../../../exercises/hints.json"),
    },
};

const fn test(name: &'static str, rule: &'static str) -> Test {
    Test { name, rule }
}

/// Every graded test, in order, with the rule it checks.
pub const TESTS: &[Test] = &[
    test(
        "blank_1_prune_check::empty_sets_attack_nothing",
        "with no queen placed, no cell of the 8 x 8 board is attacked",
    ),
    test(
        "blank_1_prune_check::a_taken_column_attacks_its_cells",
        "a column in the columns set attacks exactly the cells of that column",
    ),
    test(
        "blank_1_prune_check::a_taken_diagonal_attacks_its_cells",
        "a diagonal (row - col) in its set attacks exactly the cells with that row - col",
    ),
    test(
        "blank_1_prune_check::a_taken_anti_diagonal_attacks_its_cells",
        "an anti-diagonal (row + col) in its set attacks exactly the cells with that row + col",
    ),
    test(
        "blank_1_prune_check::queens_attack_through_all_three_sets",
        "with a few queens' keys in all three sets, a cell is attacked when any set holds its key",
    ),
    test(
        "blank_2_insert::insert_records_the_column",
        "insert(row, col) on empty sets puts col in the columns set",
    ),
    test(
        "blank_2_insert::insert_records_the_diagonal",
        "insert(row, col) on empty sets puts row - col in the diagonals set",
    ),
    test(
        "blank_2_insert::insert_records_the_anti_diagonal",
        "insert(row, col) on empty sets puts row + col in the anti-diagonals set",
    ),
    test(
        "blank_2_insert::insert_keeps_the_queens_already_there",
        "insert adds one queen's keys and keeps the keys already there",
    ),
    test(
        "blank_3_delete::delete_frees_the_column",
        "delete(row, col) of the only queen takes col out of the columns set",
    ),
    test(
        "blank_3_delete::delete_frees_the_diagonal",
        "delete(row, col) of the only queen takes row - col out of the diagonals set",
    ),
    test(
        "blank_3_delete::delete_frees_the_anti_diagonal",
        "delete(row, col) of the only queen takes row + col out of the anti-diagonals set",
    ),
    test(
        "blank_3_delete::delete_keeps_the_other_queens",
        "delete takes out one queen's keys and keeps the other queens' keys",
    ),
    test(
        "end_to_end::boards_match_the_reference_for_n_1_to_10",
        "your search finds the same boards, in the same order, as the library for n = 1 to 10",
    ),
    test(
        "end_to_end::nodes_match_the_reference_for_n_1_to_10",
        "your search explores as many nodes as Knuth's tree for n = 1 to 10 (2,057 at n = 8)",
    ),
    test(
        "end_to_end::solve_n_queens_returns_the_boards",
        "solve_n_queens(n) returns the library's boards for n = 1 to 6",
    ),
    test(
        "end_to_end::steps_replay_the_search",
        "for n = 6 every node but the root is one place, undone by one backtrack",
    ),
];

/// The graded tests of the handout whose types `B` adapts
/// (`exercises/tests/nqueens.rs`).
#[derive(Debug)]
pub struct Harness<B> {
    blanks: PhantomData<B>,
}

impl<B: Blanks> Default for Harness<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Blanks> Harness<B> {
    /// The harness for the handout `B`.
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
            crate::harness::answering(questions, questions::answer::<B>)
        })
    }
}
