//! Notebook 11's self-checks: each prediction's expected value, computed
//! here, and its hint, so that the check cell passes the student's answers
//! and holds neither (as [`crate::notebook::checks`] does for 01-06).
//!
//! ```
//! use queens::csp::checks;
//! assert_eq!(checks::four_queens(None, None).passed(), 0);
//! assert_eq!(checks::four_queens(Some(7), Some(4)).passed(), 2);
//! ```

use super::arc;
use super::problem::Problem;
use super::search::{Inference, Order, solve};
use super::sudoku as as_csp;
use crate::notebook::attempt::answer;
use crate::notebook::checks::Checked;
use crate::sudoku::{self, bank};

/// The cells of the 4 × 4 board left to the rows after a queen in row 0,
/// column 1: by forward checking, and by arc consistency.
pub fn four_queens(forward: Option<usize>, arc_consistency: Option<usize>) -> Checked {
    let four = Problem::queens(4);
    let mut domains = four.starting_domains();
    domains[0] = vec![1];
    let kept_forward: usize = (0..4)
        .map(|row| {
            (domains[row].iter())
                .filter(|&&col| row == 0 || four.allows(row, col, 0, 1))
                .count()
        })
        .sum();
    let kept_arc = arc::ac3(&four, domains)
        .domains
        .map_or(0, |d| d.iter().map(Vec::len).sum());
    Checked(vec![
        answer(
            "cells kept by forward checking, the queen's own included",
            kept_forward,
            forward,
            "in each row below, strike the queen's column and its two diagonals; count what is left, row 0's queen too.",
        ),
        answer(
            "cells kept by arc consistency",
            kept_arc,
            arc_consistency,
            "a row left with one cell is a queen too: strike its lines from the other rows, and repeat.",
        ),
    ])
}

/// Which enters fewer nodes on the forty diabolical Sudokus: `"MAC"` (with
/// the fewest values first) or `"singles"` (the course's).
pub fn fewer_sudoku_nodes(fewer: Option<&str>) -> Checked {
    let (mut mac, mut singles) = (0, 0);
    for line in bank::diabolical() {
        let problem = as_csp::problem(&line.grid);
        mac += solve(&problem, Inference::Mac, Order::FewestValues, 2).nodes;
        singles += sudoku::solve(&line.grid, sudoku::Strategy::Singles).nodes;
    }
    let expected = if mac < singles { "MAC" } else { "singles" };
    Checked(vec![answer(
        "fewer nodes on the forty Sudokus",
        expected,
        fewer,
        "arc consistency compares two cells at a time; which rule looks at a whole row, column or box?",
    )])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untouched_checks_pass_nothing_and_wrong_ones_do_not_tell() {
        assert_eq!(four_queens(None, None).passed(), 0);
        let wrong = four_queens(Some(8), Some(5)).to_string();
        assert!(!wrong.contains('7') && !wrong.contains(" 4"), "{wrong}");
        assert_eq!(four_queens(Some(7), Some(4)).passed(), 2);
        assert_eq!(fewer_sudoku_nodes(None).passed(), 0);
        assert_eq!(fewer_sudoku_nodes(Some("singles")).passed(), 1);
        assert!(
            !fewer_sudoku_nodes(Some("MAC"))
                .to_string()
                .contains("singles\"")
        );
    }
}
