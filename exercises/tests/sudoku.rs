//! The graded tests of homework 2, Sudoku: `cargo test -p exercises --test sudoku`.
//!
//! Each test is named after the blank it grades (`blank_1_prune_check::…`,
//! `blank_2_insert::…`, `blank_3_delete::…`) and asks only that
//! blank: it fills the three sets' fields directly, calls the one method, and
//! reads the fields back. The `end_to_end` tests then run the whole
//! search on the course's diabolical puzzles. The questions live in the
//! harness (`queens_grader::homeworks::sudoku`) and the reference solution's
//! answers to them beside it; this file only lets it reach your code.
//!
//! Each test runs in a process of its own with a time limit, and only reports
//! what your code answered; the verdict is written outside it. `queens grade
//! --exercise sudoku` grades with the instructor's copy of this file.

use queens_grader::homeworks::sudoku::{Answer, Blanks, Grid, Run, Step, SudokuView, run};

// The Sudoku handout is a file of its own, next to the N-Queens `lib.rs`.
#[path = "../src/sudoku.rs"]
#[allow(dead_code)]
mod sudoku;

use sudoku::{Stopped, SudokuSets};

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// Your Sudoku handout, as the graded tests see it.
struct Handout;

impl Blanks for Handout {
    type Sets = SudokuSets;

    fn fill(view: &SudokuView) -> SudokuSets {
        let mut sets = SudokuSets::new();
        sets.rows.extend(view.rows.iter().copied());
        sets.columns.extend(view.columns.iter().copied());
        sets.boxes.extend(view.boxes.iter().copied());
        sets
    }

    fn read(sets: &SudokuSets) -> SudokuView {
        SudokuView::new(
            sets.rows.iter().copied(),
            sets.columns.iter().copied(),
            sets.boxes.iter().copied(),
        )
    }

    fn is_taken(sets: &SudokuSets, row: usize, col: usize, digit: u8) -> bool {
        sets.is_taken(row, col, digit)
    }

    fn insert(sets: &mut SudokuSets, row: usize, col: usize, digit: u8) {
        sets.insert(row, col, digit);
    }

    fn delete(sets: &mut SudokuSets, row: usize, col: usize, digit: u8) {
        sets.delete(row, col, digit);
    }

    fn explore(puzzle: &Grid, budget: u64) -> Result<Run, Answer> {
        let run = sudoku::explore(puzzle, budget).map_err(|stopped| match stopped {
            Stopped::GivensClash => Answer::GivensClash,
            Stopped::OverBudget { .. } => Answer::OverBudget,
        })?;
        let steps = run.steps.iter().map(|step| match *step {
            sudoku::Step::Place { row, col, digit } => Step::Place(row, col, digit),
            sudoku::Step::Prune { row, col, digit } => Step::Prune(row, col, digit),
            sudoku::Step::Backtrack { row, col, digit } => Step::Backtrack(row, col, digit),
            sudoku::Step::Solution { .. } => Step::Solution,
        });
        Ok(Run {
            steps: steps.collect(),
            solutions: run.solutions,
            nodes: run.nodes,
        })
    }

    fn solve(puzzle: &Grid) -> Option<Grid> {
        sudoku::solve_sudoku(puzzle)
    }
}
