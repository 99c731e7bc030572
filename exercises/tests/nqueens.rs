//! The graded tests of homework 1: `cargo test -p exercises --test nqueens`.
//!
//! Each test is named after the blank it grades (`blank_1_prune_check::…`,
//! `blank_2_insert::…`, `blank_3_delete::…`) and asks only that blank: it
//! fills the three sets' fields directly, calls the one method, and reads the
//! fields back. The `end_to_end` tests then run the whole search and compare
//! it with the reference library (boards in order, nodes explored). The
//! questions and the expected answers live in the harness
//! (`queens_grader::homeworks::nqueens`); this file only lets it reach your
//! code.
//!
//! Run one blank's tests with `cargo test -p exercises --test nqueens -- blank_2`. Each test
//! runs in a process of its own with a time limit, so an endless loop or a
//! stack overflow fails that test instead of stopping the run. That process
//! only reports what your code answered; the verdict is written outside it.
//!
//! `queens grade` grades with the instructor's copy of this file, not yours:
//! editing it changes what you see here, not your grade.

use exercises::{ConstraintSets, Diagonal};
use queens_grader::homeworks::nqueens::{Blanks, SetsView, run};

fn main() -> std::process::ExitCode {
    run::<Handout>()
}

/// Your handout, as the graded tests see it.
struct Handout;

impl Blanks for Handout {
    type Sets = ConstraintSets;

    fn fill(view: &SetsView) -> Result<ConstraintSets, i128> {
        let mut sets = ConstraintSets::new();
        sets.columns.extend(view.columns.iter().copied());
        for &key in &view.diagonals {
            sets.diagonals
                .insert(Diagonal::try_from(key).map_err(|_| key)?);
        }
        sets.anti_diagonals
            .extend(view.anti_diagonals.iter().copied());
        Ok(sets)
    }

    fn read(sets: &ConstraintSets) -> SetsView {
        SetsView::new(
            sets.columns.iter().copied(),
            // Whatever integer type `Diagonal` is, i128 holds it.
            sets.diagonals
                .iter()
                .map(|&key| i128::try_from(key).unwrap_or(i128::MAX)),
            sets.anti_diagonals.iter().copied(),
        )
    }

    fn is_attacked(sets: &ConstraintSets, row: usize, col: usize) -> bool {
        sets.is_attacked(row, col)
    }

    fn insert(sets: &mut ConstraintSets, row: usize, col: usize) {
        sets.insert(row, col);
    }

    fn delete(sets: &mut ConstraintSets, row: usize, col: usize) {
        sets.delete(row, col);
    }

    fn solve(n: usize) -> Vec<Vec<String>> {
        exercises::solve_n_queens(n)
    }
}
