//! The grid's geometry: 81 cells on a side of 9, read row by row, and the
//! box identity, shared by the grid and its units.

use crate::board::coords::Cell;

/// Cells on a side of the grid (and digits, rows, columns, boxes).
pub const SIDE: usize = 9;
/// Cells in the grid.
pub const CELLS: usize = SIDE * SIDE;

/// The box of `(row, col)`: `(row / 3) * 3 + col / 3`, numbered 0 to 8 left to
/// right, top to bottom. Integer division names the band (`row / 3`) and the
/// stack (`col / 3`); the box is band × 3 + stack, just as `row - col` names a
/// queen's diagonal.
///
/// ```
/// use queens::sudoku::box_of;
/// assert_eq!(box_of(0, 0), 0);
/// assert_eq!(box_of(2, 8), 2); // top band, right stack
/// assert_eq!(box_of(4, 4), 4); // the centre
/// assert_eq!(box_of(8, 0), 6);
/// ```
pub const fn box_of(row: usize, col: usize) -> usize {
    (row / 3) * 3 + col / 3
}

/// The cell at `index` (0 to 80, row by row).
pub const fn cell_at(index: usize) -> Cell {
    Cell::new(index / SIDE, index % SIDE)
}
