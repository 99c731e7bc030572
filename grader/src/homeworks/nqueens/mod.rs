//! Homework 1, N-Queens with three sets: the prune check, insert and delete
//! of `ConstraintSets` (`exercises/src/lib.rs`), graded one blank at a time
//! and then end to end against the library's search.
//!
//! The table below names each graded test once, with the rule it checks and
//! the questions it asks; [`questions`](mod@questions): how the test process puts them to
//! the student's code (the [`Blanks`] its test target implements); the
//! reference's answers to the same questions are `answers.json`;
//! [`explain`]: why an answer differs, in the student's terms.

pub mod explain;
pub mod questions;

pub use questions::{Answer, Blanks, Keys, N, Question, SetsView};

crate::homework! {
    name: "nqueens",
    title: "N-Queens: the prune check and the three sets",
    order: 1,
    next: "your search step by step, its tree, and its node counts against Knuth's",
    source: "src/lib.rs",
    reference: "solutions/src/lib.rs",
    hints: "hints.json",
    explain: explain::explain,
    explanations: &[("attempt to subtract with overflow", explain::SIGN)],
}

/// Room for a prune check that never prunes (56,000 nodes at n = 6).
const TRACE_BUDGET: u64 = 100_000;

/// Knuth's tree for `n` (the reference's node count): a search that
/// prunes too little stops there at once.
fn budget(n: usize) -> u64 {
    queens::run::count(n, queens::Strategy::Sets).map_or(u64::MAX, |stats| stats.nodes)
}

/// Every cell of the [`N`] × [`N`] board's sets with one queen at a cell.
fn one_queen_each() -> impl Iterator<Item = (usize, usize)> {
    (0..N).flat_map(|row| (0..N).map(move |col| (row, col)))
}

/// `insert` of each queen of `queens` in turn, onto the ones before it.
fn inserts(queens: &[usize]) -> Vec<Question> {
    (0..queens.len())
        .map(|row| Question::Insert {
            start: SetsView::holding(&queens[..row]),
            row,
            col: queens[row],
            keys: Keys::All,
        })
        .collect()
}

/// `insert` of one queen on empty sets at every cell, `keys` read back.
fn insert_each(keys: Keys) -> Vec<Question> {
    one_queen_each()
        .map(|(row, col)| Question::Insert {
            start: SetsView::default(),
            row,
            col,
            keys,
        })
        .collect()
}

/// `delete` of the only queen at every cell, `keys` read back.
fn delete_each(keys: Keys) -> Vec<Question> {
    one_queen_each()
        .map(|(row, col)| Question::Delete {
            start: SetsView::holding_cells([(row, col)]),
            row,
            col,
            keys,
        })
        .collect()
}

/// The search step by step on small boards, where a first difference is
/// easy to see, then `each` for n = 1 to 10.
fn steps_then(each: fn(usize) -> Question) -> Vec<Question> {
    let steps = (4..=6).map(|n| Question::Trace {
        n,
        budget: TRACE_BUDGET,
    });
    steps.chain((1..=10).map(each)).collect()
}

crate::graded_tests! {
    question: Question;
    blank_1_prune_check {
        empty_sets_attack_nothing: "with no queen placed, no cell of the 8 x 8 board is attacked"
            => vec![Question::Attacks { sets: SetsView::default() }],
        a_taken_column_attacks_its_cells:
            "a column in the columns set attacks exactly the cells of that column"
            => (0..N).map(|c| Question::Attacks { sets: SetsView::new([c], [], []) }).collect(),
        a_taken_diagonal_attacks_its_cells:
            "a diagonal (row - col) in its set attacks exactly the cells with that row - col"
            => (-(N as i128 - 1)..N as i128)
                .map(|d| Question::Attacks { sets: SetsView::new([], [d], []) })
                .collect(),
        a_taken_anti_diagonal_attacks_its_cells:
            "an anti-diagonal (row + col) in its set attacks exactly the cells with that row + col"
            => (0..2 * N - 1).map(|a| Question::Attacks { sets: SetsView::new([], [], [a]) }).collect(),
        queens_attack_through_all_three_sets:
            "with a few queens' keys in all three sets, a cell is attacked when any set holds its key"
            => [&[3][..], &[1, 3], &[2, 0, 3], &[0, 4, 7, 5]]
                .into_iter()
                .map(|queens| Question::Attacks { sets: SetsView::holding(queens) })
                .collect(),
    }
    blank_2_insert {
        insert_records_the_column: "insert(row, col) on empty sets puts col in the columns set"
            => insert_each(Keys::Columns),
        insert_records_the_diagonal: "insert(row, col) on empty sets puts row - col in the diagonals set"
            => insert_each(Keys::Diagonals),
        insert_records_the_anti_diagonal:
            "insert(row, col) on empty sets puts row + col in the anti-diagonals set"
            => insert_each(Keys::AntiDiagonals),
        insert_keeps_the_queens_already_there:
            "insert adds one queen's keys and keeps the keys already there"
            => inserts(&[1, 3, 0, 2]),
    }
    blank_3_delete {
        delete_frees_the_column: "delete(row, col) of the only queen takes col out of the columns set"
            => delete_each(Keys::Columns),
        delete_frees_the_diagonal:
            "delete(row, col) of the only queen takes row - col out of the diagonals set"
            => delete_each(Keys::Diagonals),
        delete_frees_the_anti_diagonal:
            "delete(row, col) of the only queen takes row + col out of the anti-diagonals set"
            => delete_each(Keys::AntiDiagonals),
        delete_keeps_the_other_queens:
            "delete takes out one queen's keys and keeps the other queens' keys"
            => (0..4)
                .map(|row| Question::Delete {
                    start: SetsView::holding(&[1, 3, 0, 2]),
                    row,
                    col: [1, 3, 0, 2][row],
                    keys: Keys::All,
                })
                .collect(),
    }
    end_to_end {
        boards_match_the_reference_for_n_1_to_10:
            "your search finds the same boards, in the same order, as the reference for n = 1 to 10"
            => steps_then(|n| Question::Boards { n, budget: budget(n) }),
        nodes_match_the_reference_for_n_1_to_10:
            "your search explores as many nodes as Knuth's tree for n = 1 to 10 (2,057 at n = 8)"
            => steps_then(|n| Question::Nodes { n, budget: budget(n) }),
        solve_n_queens_returns_the_boards:
            "solve_n_queens(n) returns the reference's boards for n = 1 to 6"
            => (1..=6)
                .flat_map(|n| [Question::Boards { n, budget: budget(n) }, Question::Solve { n }])
                .collect(),
        steps_match_the_reference_for_n_6:
            "for n = 6 your search places, prunes and backtracks exactly as the reference, step by step"
            => vec![Question::Trace { n: 6, budget: TRACE_BUDGET }],
    }
}
