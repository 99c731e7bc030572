//! The notebooks' self-checks: each question's expected value, computed by
//! the library, and its hint live here, as the quiz's letters live in
//! [`quiz`](crate::notebook::quiz). A check cell passes the student's answers
//! and shows neither (`checks::diagonals(answer_1, …)`), so reading the cell
//! gives nothing away.
//!
//! ```
//! use queens::notebook::checks;
//! let untouched = checks::tree_sizes(None, None);
//! assert_eq!(untouched.passed(), 0);
//! let right = checks::tree_sizes(Some(341), Some(65));
//! assert_eq!(right.passed(), 2);
//! assert!(!checks::tree_sizes(Some(256), None).to_string().contains("341"));
//! ```

use crate::board::coords::{
    Cell, anti_diagonal, attack_each_other, diagonal, diagonal_count, diagonal_offset,
};
use crate::notebook::attempt::{Verdict, answer};
use crate::report::branching::available_per_row;
use crate::report::trace::Event;
use crate::strategy::Strategy;

/// The verdicts of one check cell, one line each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked(pub Vec<Verdict>);

impl Checked {
    /// How many answers are right.
    pub fn passed(&self) -> usize {
        self.0.iter().filter(|v| v.passed).count()
    }

    /// Shows the lines as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<String> = self.0.iter().map(Verdict::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

/// The board notebook 01's questions are about: its pictures are all 8 × 8,
/// so none shows the answers; the formulas give them (`tests/self_checks.rs`).
pub const DIAGONALS_BOARD: usize = 12;

/// The cell notebook 01's questions 1, 2 and 6 name, on [`DIAGONALS_BOARD`].
pub const DIAGONALS_CELL: (usize, usize) = (9, 4);

/// Notebook 01's six questions on the names of the lines, in order.
pub fn diagonals(
    answer_1: Option<isize>,
    answer_2: Option<usize>,
    answer_3: Option<bool>,
    answer_4: Option<usize>,
    answer_5: Option<usize>,
    answer_6: Option<usize>,
) -> Checked {
    let n = DIAGONALS_BOARD;
    let (row, col) = DIAGONALS_CELL;
    Checked(vec![
        answer(
            &format!("1. row - col of ({row}, {col})"),
            diagonal(row, col),
            answer_1,
            "row first, then subtract the column.",
        ),
        answer(
            &format!("2. row + col of ({row}, {col})"),
            anti_diagonal(row, col),
            answer_2,
            "add the row and the column.",
        ),
        answer(
            "3. (2, 5) and (6, 1)",
            attack_each_other(Cell::new(2, 5), Cell::new(6, 1)),
            answer_3,
            "compare the columns, then row - col, then row + col of the two cells.",
        ),
        answer(
            &format!("4. offset of (2, 6), n = {n}"),
            diagonal_offset(n, 2, 6),
            answer_4,
            &format!("row + (n - 1) - col, with n = {n}."),
        ),
        answer(
            &format!("5. main diagonals, n = {n}"),
            diagonal_count(n),
            answer_5,
            "row - col runs from -(n - 1) to n - 1.",
        ),
        answer(
            &format!("6. the article's positive diagonal of ({row}, {col})"),
            anti_diagonal(row, col),
            answer_6,
            "the table above: which of our two names is the article's positive diagonal?",
        ),
    ])
}

/// The board notebook 02's predictions are about: `n` and the queens'
/// columns, row by row. No cell draws it before the predictions are asked
/// (`tests/self_checks.rs`); the pictures after them do.
pub const FREE_CELLS_BOARD: (usize, [usize; 2]) = (5, [1, 3]);

/// Notebook 02's predictions: the free cells of rows 2 and 4 under
/// [`FREE_CELLS_BOARD`].
pub fn free_cells(prediction_1: Option<usize>, prediction_2: Option<usize>) -> Checked {
    let (n, queens) = FREE_CELLS_BOARD;
    let free = available_per_row(n, &queens);
    Checked(vec![
        answer(
            "1. free cells in row 2 under (0, 1), (1, 3), n = 5",
            free[2],
            prediction_1,
            "for each cell of row 2, compare its column, row - col and row + col with both queens'.",
        ),
        answer(
            "2. free cells in row 4 under (0, 1), (1, 3), n = 5",
            free[4],
            prediction_2,
            "check every cell of row 4 against both queens: a diagonal reaches every row below a queen, not only the next one.",
        ),
    ])
}

/// Notebook 03's count: the nodes the 4 × 4 search enters up to and including
/// its first solution, the root counted.
pub fn first_solution(nodes: Option<u64>) -> Checked {
    let steps = crate::run::trace(4, Strategy::Sets).unwrap_or_default();
    let until = steps
        .iter()
        .position(|e| matches!(e, Event::Solution { .. }))
        .unwrap_or(0);
    let places = steps[..until]
        .iter()
        .filter(|e| matches!(e, Event::Place { .. }))
        .count();
    Checked(vec![answer(
        "nodes up to the first solution, n = 4",
        places as u64 + 1,
        nodes,
        "count the circles in the order the search enters them, the root first, up to the first green one.",
    )])
}

/// Notebook 04's predictions: the nodes `brute` and `columns` enter on the
/// 4 × 4 board, the root counted.
pub fn tree_sizes(brute: Option<u64>, columns: Option<u64>) -> Checked {
    let nodes = |strategy| crate::run::count(4, strategy).map_or(0, |s| s.nodes);
    Checked(vec![
        answer(
            "brute, n = 4",
            nodes(Strategy::Brute),
            brute,
            "add up the levels: level k of brute force's tree has n times the nodes of level k - 1.",
        ),
        answer(
            "columns, n = 4",
            nodes(Strategy::Columns),
            columns,
            "add up the levels: level k has n!/(n-k)! nodes, and the root is level 0.",
        ),
    ])
}

/// Notebook 06's first prediction: how many of the 92 solutions of the
/// 8 × 8 board have their first queen in columns 0 to 3.
pub fn mirror_half(left_half: Option<usize>) -> Checked {
    let found = crate::run::solve(8)
        .unwrap_or_default()
        .iter()
        .filter(|rows| rows[0].find('Q').is_some_and(|col| col < 4))
        .count();
    Checked(vec![answer(
        "solutions with the first queen in columns 0 to 3",
        found,
        left_half,
        "reflect a solution left to right: where does its first queen go?",
    )])
}

/// The walks of notebook 06's estimate, and the fewer walks its prediction asks about.
pub const WALKS: (u64, u64) = (2_000, 500);

/// Notebook 06's second prediction: how many times wider the ± of Knuth's
/// estimate is from [`WALKS`]`.1` walks than from `.0`. The standard error
/// of an average shrinks like one over the square root of the walks.
pub fn walks_wider(times_wider: Option<u64>) -> Checked {
    let (many, few) = WALKS;
    let wider = (many as f64 / few as f64).sqrt().round() as u64;
    Checked(vec![answer(
        &format!("the ± with {few} walks instead of {many}, times wider"),
        wider,
        times_wider,
        "how does the standard error of an average depend on the number of values averaged?",
    )])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untouched_checks_pass_nothing_and_show_no_expected_value() {
        let all = [
            diagonals(None, None, None, None, None, None),
            free_cells(None, None),
            first_solution(None),
            tree_sizes(None, None),
            mirror_half(None),
            walks_wider(None),
        ];
        for checked in &all {
            assert_eq!(checked.passed(), 0, "{checked}");
            // One verdict each (a long one wrapped to the page).
            for verdict in &checked.0 {
                let said = verdict.to_string();
                assert!(said.starts_with("not answered yet:"), "{said}");
                assert!(!said.contains("Hint"), "{said}");
            }
        }
    }

    #[test]
    fn the_expected_values_are_the_library_s() {
        // (9, 4): 9 - 4, 9 + 4; (2, 6) on 12 × 12: 2 + 11 - 6; 2 · 12 - 1.
        let right = diagonals(Some(5), Some(13), Some(true), Some(7), Some(23), Some(13));
        assert_eq!(right.passed(), 6, "{right}");
        assert_eq!(free_cells(Some(1), Some(2)).passed(), 2);
        // 0 · 0 1 3 (dead) · 0 2 (dead) 3 1 · 1 3 0 2: the root and 8 places.
        assert_eq!(first_solution(Some(9)).passed(), 1);
        assert_eq!(
            tree_sizes(Some(1 + 4 + 16 + 64 + 256), Some(1 + 4 + 12 + 24 + 24)).passed(),
            2
        );
        assert_eq!(mirror_half(Some(46)).passed(), 1);
        assert_eq!(walks_wider(Some(2)).passed(), 1);
    }

    #[test]
    fn a_wrong_answer_gets_a_hint_and_not_the_value() {
        let wrong = tree_sizes(Some(256), Some(64)).to_string();
        assert!(!wrong.contains("341") && !wrong.contains("65"), "{wrong}");
        assert_eq!(wrong.matches("Hint:").count(), 2, "{wrong}");
        let wider = walks_wider(Some(4)).to_string();
        assert!(
            wider.contains("4 is not it") && !wider.contains(": 2"),
            "{wider}"
        );
    }
}
