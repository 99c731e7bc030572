//! Homework 2, Sudoku with the same three ideas: the prune check, insert and
//! delete of `SudokuSets` (`exercises/src/sudoku.rs`), graded one blank at a
//! time and then end to end on the course's diabolical puzzles.
//!
//! The table below names each graded test once, with the rule it checks and
//! the questions it asks; [`questions`](mod@questions): how the test process
//! puts them to the student's code (the [`Blanks`] its test target
//! implements); the reference's answers are `answers.json`; [`explain`]: why
//! an answer differs, on the grid.

pub mod explain;
pub mod questions;

use std::sync::OnceLock;

pub use questions::{Answer, Blanks, Given, Grid, Question, Read, Run, Step, SudokuView};

use questions::cells;

use crate::homework::Squares;

crate::homework! {
    name: "sudoku",
    title: "Sudoku: the same prune check and sets for digits in rows, columns and boxes",
    order: 2,
    next: "your search step by step beside the library's",
    explain: explain::explain,
    squares: Squares::Boxes(3),
}

/// The digits the "keeps" tests write, in order.
const KEPT: [Given; 5] = [(0, 0, 5), (0, 4, 3), (4, 0, 7), (8, 8, 5), (1, 1, 7)];

/// Row 0 holds 1 to 8 and column 8 a 9: the cell (0, 8) has no digit left.
const STUCK: Grid = {
    let mut grid = [[0; 9]; 9];
    grid[0] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    grid[1][8] = 9;
    grid
};

/// The reference's nodes on `puzzle` (the library's naive search): the
/// budget of a search, so one that prunes too little stops at once.
fn budget(puzzle: &Grid) -> u64 {
    let line: String = puzzle.iter().flatten().map(u8::to_string).collect();
    let grid = queens::sudoku::Grid::parse_unchecked(&line).unwrap_or_default();
    queens::sudoku::solve(&grid, queens::sudoku::Strategy::Naive).nodes
}

/// The bank's puzzles whose naive search takes at most 5,000 nodes (the
/// tests' time limit is 5 s), with their budgets, found once per process.
fn puzzles() -> &'static [(Grid, u64)] {
    static PUZZLES: OnceLock<Vec<(Grid, u64)>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        let grids = queens::sudoku::bank::diabolical().into_iter().map(|line| {
            let digits = line.grid.digits();
            std::array::from_fn(|row| std::array::from_fn(|col| digits[row * 9 + col]))
        });
        let budgets = grids.map(|grid: Grid| (grid, budget(&grid)));
        budgets.filter(|&(_, nodes)| nodes <= 5_000).collect()
    })
}

/// One search question for each puzzle.
fn each_puzzle(ask: fn(Grid, u64) -> Question) -> Vec<Question> {
    puzzles()
        .iter()
        .map(|&(puzzle, budget)| ask(puzzle, budget))
        .collect()
}

/// A `(index, digit)` key in one set, for every index and each of `digits`.
fn one_key(digits: [u8; 3], sets: fn((usize, u8)) -> SudokuView) -> Vec<Question> {
    let keys = (0..9).flat_map(|i| digits.map(|digit| (i, digit)));
    keys.map(|key| Question::Taken(sets(key))).collect()
}

/// A digit at every cell, inserted on empty sets.
fn insert_each(read: Read) -> Vec<Question> {
    let at = |(r, c)| (r, c, ((r + 2 * c) % 9 + 1) as u8);
    cells()
        .map(|cell| Question::Insert(vec![], at(cell), read))
        .collect()
}

/// A digit at every cell, deleted as the only one.
fn delete_each(read: Read) -> Vec<Question> {
    let at = |(r, c)| (r, c, ((2 * r + c) % 9 + 1) as u8);
    cells()
        .map(|cell| Question::Delete(vec![at(cell)], at(cell), read))
        .collect()
}

crate::graded_tests! {
    question: Question;
    blank_1_prune_check {
        empty_sets_take_nothing: "with no digit placed, no digit is taken in any cell"
            => vec![Question::Taken(SudokuView::default())],
        a_digit_in_a_row_is_taken_along_that_row:
            "a (row, digit) key makes that digit taken in every cell of that row, and nowhere else"
            => one_key([1, 5, 9], |key| SudokuView::new([key], [], [])),
        a_digit_in_a_column_is_taken_down_that_column:
            "a (column, digit) key makes that digit taken in every cell of that column, and nowhere else"
            => one_key([2, 5, 8], |key| SudokuView::new([], [key], [])),
        a_digit_in_a_box_is_taken_in_that_box:
            "a (box, digit) key makes that digit taken in the nine cells of that box, and nowhere else"
            => one_key([3, 5, 7], |key| SudokuView::new([], [], [key])),
        givens_take_digits_through_all_three_sets:
            "with a few givens in all three sets, a digit is taken where any set holds its key"
            => [&[(0, 0, 5)][..], &[(4, 4, 1), (0, 8, 1)], &[(2, 3, 9), (7, 1, 4), (5, 5, 6), (8, 8, 9)]]
                .map(|givens| Question::Taken(SudokuView::holding(givens)))
                .into(),
    }
    blank_2_insert {
        insert_records_the_row:
            "insert(row, col, digit) on empty sets puts (row, digit) in the rows set"
            => insert_each(Read::Rows),
        insert_records_the_column:
            "insert(row, col, digit) on empty sets puts (col, digit) in the columns set"
            => insert_each(Read::Columns),
        insert_records_the_box:
            "insert(row, col, digit) on empty sets puts (box, digit) in the boxes set"
            => insert_each(Read::Boxes),
        insert_keeps_the_digits_already_there:
            "insert adds one digit's keys and keeps the keys already there"
            => (0..4).map(|k| Question::Insert(KEPT[..k].to_vec(), KEPT[k], Read::All)).collect(),
    }
    blank_3_delete {
        delete_frees_the_row:
            "delete(row, col, digit) of the only digit takes (row, digit) out of the rows set"
            => delete_each(Read::Rows),
        delete_frees_the_column:
            "delete(row, col, digit) of the only digit takes (col, digit) out of the columns set"
            => delete_each(Read::Columns),
        delete_frees_the_box:
            "delete(row, col, digit) of the only digit takes (box, digit) out of the boxes set"
            => delete_each(Read::Boxes),
        delete_keeps_the_other_digits:
            "delete takes out one digit's keys and keeps the other digits' keys"
            => KEPT.map(|at| Question::Delete(KEPT.to_vec(), at, Read::All)).into(),
    }
    end_to_end {
        solutions_match_the_reference:
            "your search finds the reference's one solution of each of the course's puzzles"
            => each_puzzle(Question::Solutions),
        nodes_match_the_reference:
            "your search explores as many nodes as the reference on each puzzle"
            => each_puzzle(Question::Nodes),
        solve_sudoku_returns_the_solution: "solve_sudoku(puzzle) returns the reference's solution"
            => each_puzzle(Question::Solve)[..5].to_vec(),
        no_solution_and_two_solutions:
            "a grid with no solution gives none; on the empty grid the search stops at its second solution"
            => [STUCK, Grid::default()].map(|grid| Question::Count(grid, budget(&grid))).into(),
        steps_match_the_reference:
            "on the first puzzle your search writes, prunes and rubs out digits as the reference does, step by step"
            => each_puzzle(Question::Steps)[..1].to_vec(),
    }
}
