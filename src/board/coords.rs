//! Cells, and the two identities that make N-Queens fast.
//!
//! Number rows top to bottom and columns left to right, both from 0.
//!
//! * A step **down-right** adds 1 to the row and 1 to the column, so `row - col`
//!   does not change: it names a *main diagonal* (top-left to bottom-right).
//! * A step **down-left** adds 1 to the row and takes 1 from the column, so
//!   `row + col` does not change: it names an *anti-diagonal* (top-right to
//!   bottom-left).
//!
//! An `n × n` board has `2n - 1` of each. `row - col` runs from `-(n - 1)` to
//! `n - 1`, so it needs a signed integer; [`diagonal_offset`] shifts it to
//! `0..2n - 1` for code that indexes an array.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A square of the board: `row` counts down from the top, `col` right from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Cell {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }

    /// The main diagonal through this cell: `row - col`.
    pub const fn diagonal(self) -> isize {
        diagonal(self.row, self.col)
    }

    /// The anti-diagonal through this cell: `row + col`.
    pub const fn anti_diagonal(self) -> usize {
        anti_diagonal(self.row, self.col)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// The main diagonal (top-left to bottom-right) through `(row, col)`: `row - col`.
///
/// Constant along the diagonal because a step down-right adds 1 to both.
/// Negative above the longest diagonal, hence `isize`.
///
/// ```
/// use queens::board::coords::diagonal;
/// assert_eq!(diagonal(2, 1), 1);
/// assert_eq!(diagonal(3, 2), 1); // one step down-right: same diagonal
/// assert_eq!(diagonal(0, 3), -3);
/// ```
pub const fn diagonal(row: usize, col: usize) -> isize {
    row as isize - col as isize
}

/// The anti-diagonal (top-right to bottom-left) through `(row, col)`: `row + col`.
///
/// Constant along the anti-diagonal because a step down-left adds 1 to the row
/// and takes 1 from the column.
///
/// ```
/// use queens::board::coords::anti_diagonal;
/// assert_eq!(anti_diagonal(2, 1), 3);
/// assert_eq!(anti_diagonal(3, 0), 3); // one step down-left: same anti-diagonal
/// ```
pub const fn anti_diagonal(row: usize, col: usize) -> usize {
    row + col
}

/// `row - col` shifted by `n - 1` into `0..2n - 1`, for indexing an array.
///
/// Written as `row + (n - 1) - col` so that no intermediate value is negative.
///
/// ```
/// use queens::board::coords::diagonal_offset;
/// assert_eq!(diagonal_offset(8, 0, 7), 0);  // top-right corner: row - col = -7
/// assert_eq!(diagonal_offset(8, 7, 0), 14); // bottom-left corner: row - col = 7
/// ```
pub const fn diagonal_offset(n: usize, row: usize, col: usize) -> usize {
    row + (n - 1) - col
}

/// How many main diagonals (and, equally, anti-diagonals) an `n × n` board has: `2n - 1`.
pub const fn diagonal_count(n: usize) -> usize {
    (2 * n).saturating_sub(1)
}

/// Whether queens on `a` and `b` attack each other (same row, column or diagonal).
pub const fn attack_each_other(a: Cell, b: Cell) -> bool {
    a.row == b.row
        || a.col == b.col
        || diagonal(a.row, a.col) == diagonal(b.row, b.col)
        || anti_diagonal(a.row, a.col) == anti_diagonal(b.row, b.col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_diagonal_index_names_exactly_the_cells_a_bishop_reaches() {
        for n in 1..=9 {
            for a in 0..n * n {
                for b in 0..n * n {
                    let (a, b) = (Cell::new(a / n, a % n), Cell::new(b / n, b % n));
                    let dr = a.row.abs_diff(b.row);
                    let dc = a.col.abs_diff(b.col);
                    let same_main = dr == dc && (a.row >= b.row) == (a.col >= b.col);
                    let same_anti = dr == dc && (a.row >= b.row) == (a.col <= b.col);
                    assert_eq!(a.diagonal() == b.diagonal(), same_main, "{a} {b}");
                    assert_eq!(a.anti_diagonal() == b.anti_diagonal(), same_anti, "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn offsets_cover_exactly_two_n_minus_one_diagonals() {
        for n in 1..=12 {
            let mut seen = std::collections::BTreeSet::new();
            let mut anti = std::collections::BTreeSet::new();
            for row in 0..n {
                for col in 0..n {
                    seen.insert(diagonal_offset(n, row, col));
                    anti.insert(anti_diagonal(row, col));
                }
            }
            let expected: Vec<usize> = (0..diagonal_count(n)).collect();
            assert_eq!(seen.into_iter().collect::<Vec<_>>(), expected);
            assert_eq!(anti.into_iter().collect::<Vec<_>>(), expected);
        }
        assert_eq!(diagonal_count(0), 0);
    }
}
