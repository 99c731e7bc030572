//! The two rules that fill a cell without a guess, as notebook 07 teaches
//! them, on a whole grid at once (the strategies apply them inside their
//! search, with bitmasks).
//!
//! * A **naked single**: an empty cell with one candidate left.
//! * A **hidden single**, Norvig's second rule ("Solving Every Sudoku
//!   Puzzle", <https://norvig.com/sudoku.html>): "when a unit has only one
//!   place left for a digit, the digit goes there". The cell may have other
//!   candidates; the unit (row, column or box) has no other place for it.
//!
//! ```
//! use queens::sudoku::{Grid, rules};
//! let puzzle: Grid = "083020090000800100029300008000098700070000060006740000300006980002005000010030540".parse()?;
//! let hidden = rules::hidden_singles(&puzzle);
//! assert!(!hidden.is_empty());
//! let first = hidden[0];
//! // The digit fits the cell, and no other cell of the unit can take it.
//! let units = queens::sudoku::Units::from_grid(&puzzle).unwrap();
//! assert!(units.candidates(first.cell).contains(first.digit));
//! # Ok::<(), queens::sudoku::ParseError>(())
//! ```

use crate::board::coords::Cell;

use super::cells::SIDE;
use super::grid::Grid;
use super::units::{Unit, Units};

/// A cell forced by Norvig's second rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HiddenSingle {
    /// The only cell of `unit` where `digit` can go.
    pub cell: Cell,
    /// The digit.
    pub digit: u8,
    /// The row, column or box with one place left for `digit`.
    pub unit: Unit,
}

/// Every unit, rows first, then columns, then boxes.
pub fn every_unit() -> impl Iterator<Item = Unit> {
    (0..SIDE)
        .map(Unit::Row)
        .chain((0..SIDE).map(Unit::Column))
        .chain((0..SIDE).map(Unit::Box))
}

/// The naked singles of `grid`: each empty cell with one candidate, with it,
/// row by row. A grid whose givens clash has none.
pub fn naked_singles(grid: &Grid) -> Vec<(Cell, u8)> {
    let Ok(units) = Units::from_grid(grid) else {
        return Vec::new();
    };
    grid.empty_cells()
        .filter_map(|cell| {
            let candidates = units.candidates(cell);
            (candidates.len() == 1).then(|| (cell, candidates.iter().next().unwrap_or(0)))
        })
        .collect()
}

/// The hidden singles of `grid`, unit by unit (rows, columns, boxes), digits
/// ascending in each: the digit is missing from the unit and exactly one of
/// its empty cells has it as a candidate. A cell forced in two units is listed
/// for each. A grid whose givens clash has none.
pub fn hidden_singles(grid: &Grid) -> Vec<HiddenSingle> {
    let Ok(units) = Units::from_grid(grid) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for unit in every_unit() {
        for digit in 1..=9 {
            let mut places = unit
                .cells()
                .filter(|&cell| grid.get(cell).is_none())
                .filter(|&cell| units.candidates(cell).contains(digit));
            let (Some(cell), None) = (places.next(), places.next()) else {
                continue;
            };
            found.push(HiddenSingle { cell, digit, unit });
        }
    }
    found
}
