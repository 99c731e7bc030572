//! Homework 3, the bitmask solver: the student writes the search's row
//! (`exercises/src/bitmask.rs`): the free columns of a row as one mask, the
//! choice of the lowest free bit and the recursive call one row down, and
//! the next free column. Graded one blank at a time, then end to end against
//! the library's walk of Knuth's tree and the published counts.
//!
//! [`questions`]: what the test process asks and the [`BitmaskBlanks`] its
//! test target implements; [`checks`]: the expected answers and the messages.

pub mod checks;
pub mod questions;

use std::marker::PhantomData;
use std::process::ExitCode;

pub use questions::{
    BitmaskAnswer, BitmaskBlanks, BitmaskQuestion, Explored, Masks, NodeView, Recorded,
};

use crate::homework::{Homework, Squares, Test};

/// Homework 3, as the grader's core sees it.
pub const HOMEWORK: Homework = Homework {
    name: "bitmask",
    title: "Bitmasks: the free columns of a row, the recursive call and the next column, on three machine words",
    default: false,
    source: "src/bitmask.rs",
    reference: "solutions/src/bitmask.rs",
    hints: "bitmask-hints.json",
    test_target: "bitmask",
    test_file: "tests/bitmask.rs",
    tests: TESTS,
    verdicts: checks::verdicts,
    next: "Next: notebook 08 (notebooks/08-bitmask-homework.ipynb, `cargo run -- lab`): your bitmask solver timed against your sets solver.",
    explanations: &[],
    squares: Squares::Chequered,
    #[cfg(feature = "instructor")]
    files: crate::homework::Files {
        tests: include_str!("../../../../exercises/tests/bitmask.rs"),
        hints: include_str!("../../../../exercises/bitmask-hints.json"),
    },
};

const fn test(name: &'static str, rule: &'static str) -> Test {
    Test { name, rule }
}

/// Every graded test, in order, with the rule it checks.
pub const TESTS: &[Test] = &[
    test(
        "blank_1_free_columns::an_empty_row_is_all_free",
        "with no queen placed, every column of the board is free (n = 1 to 12, 31 and 32)",
    ),
    test(
        "blank_1_free_columns::taken_columns_are_not_free",
        "a column in cols is not free; every other column is",
    ),
    test(
        "blank_1_free_columns::attacked_diagonals_are_not_free",
        "a column in diags or in anti is not free; every other column is",
    ),
    test(
        "blank_1_free_columns::bits_past_the_board_are_never_free",
        "the free mask holds only the board's n bits, whatever the masks hold past them",
    ),
    test(
        "blank_1_free_columns::every_node_of_the_six_queens_tree",
        "at every node of Knuth's 6 x 6 tree, the free columns are those no mask holds",
    ),
    test(
        "blank_2_choose_and_recurse::recurses_exactly_once",
        "choose_and_recurse goes one row down exactly once: one call of place",
    ),
    test(
        "blank_2_choose_and_recurse::takes_the_lowest_free_bit",
        "it places the lowest free bit, returns it, and passes cols | bit down",
    ),
    test(
        "blank_2_choose_and_recurse::the_diagonals_move_one_column_right",
        "the next row's diagonals are (diags | bit) << 1",
    ),
    test(
        "blank_2_choose_and_recurse::the_anti_diagonals_move_one_column_left",
        "the next row's anti-diagonals are (anti | bit) >> 1",
    ),
    test(
        "blank_3_next_free::clears_the_tried_column",
        "next_free(free, bit) no longer holds bit",
    ),
    test(
        "blank_3_next_free::keeps_the_other_free_columns",
        "next_free(free, bit) keeps every other bit of free",
    ),
    test(
        "blank_3_next_free::the_loop_tries_every_free_column_once",
        "taking the lowest bit and next_free until nothing is left tries each free column once, left to right",
    ),
    test(
        "end_to_end::the_search_walks_knuth_s_tree_node_by_node",
        "for n = 4 to 6 your search enters the nodes of Knuth's tree, in order, with the same masks and free columns",
    ),
    test(
        "end_to_end::solutions_match_the_reference_for_n_1_to_12",
        "your search counts the published number of solutions (OEIS A000170) for n = 1 to 12",
    ),
    test(
        "end_to_end::nodes_match_knuth_for_n_1_to_12",
        "your search enters as many nodes as Knuth's tree has (OEIS A319283) for n = 1 to 12",
    ),
    test(
        "end_to_end::count_solutions_returns_the_counts",
        "count_solutions(n) returns the solutions and nodes of n = 1 to 8",
    ),
];

/// The graded tests of the bitmask handout whose functions `B` adapts
/// (`exercises/tests/bitmask.rs`).
#[derive(Debug)]
pub struct Harness<B> {
    blanks: PhantomData<B>,
}

impl<B: BitmaskBlanks> Default for Harness<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: BitmaskBlanks> Harness<B> {
    /// The harness for the bitmask handout `B`.
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
