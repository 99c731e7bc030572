//! The three constraint sets of the JavaScript article and the interactive lesson: the data structure the exercises teach.
//!
//! Placing a queen on `(row, col)` blocks its column, its main diagonal
//! `row - col` and its anti-diagonal `row + col` for every row below. Three sets
//! remember what is blocked, so the prune check is three look-ups:
//!
//! ```text
//! cols.has(c) || diags.has(r - c) || antiDiags.has(r + c)
//! ```

use std::collections::{BTreeSet, HashSet};

use rustc_hash::FxBuildHasher;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::Rules;
use crate::board::constraint::Attack;
use crate::board::coords::{Cell, anti_diagonal, diagonal};

/// Columns, main diagonals (`row - col`) and anti-diagonals (`row + col`) that
/// hold a queen.
///
/// ```
/// use queens::stores::sets::ConstraintSets;
/// let mut sets = ConstraintSets::new();
/// sets.insert(0, 1);                 // a queen on row 0, column 1
/// assert!(sets.is_attacked(2, 1));   // same column
/// assert!(sets.is_attacked(1, 2));   // same diagonal: 1 - 2 = 0 - 1
/// assert!(sets.is_attacked(1, 0));   // same anti-diagonal: 1 + 0 = 0 + 1
/// assert!(!sets.is_attacked(1, 3));
/// sets.delete(0, 1);
/// assert!(sets.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ConstraintSets {
    // std's `HashSet` with a faster hash function. The default, SipHash with a
    // random key, protects servers from crafted keys and costs about 20 ns per
    // look-up: half the search's time went there. The keys here are board
    // coordinates, so Fx (one multiplication, as in rustc) does: about 3x faster.
    columns: HashSet<usize, FxBuildHasher>,
    diagonals: HashSet<isize, FxBuildHasher>,
    anti_diagonals: HashSet<usize, FxBuildHasher>,
}

impl ConstraintSets {
    /// Three empty sets: an empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// The sets for the queens of a placement (`queens[row] = col`).
    pub fn from_placement(queens: &[usize]) -> Self {
        let mut sets = Self::new();
        for (row, &col) in queens.iter().enumerate() {
            sets.insert(row, col);
        }
        sets
    }

    /// The prune check: whether a queen already blocks `(row, col)`.
    pub fn is_attacked(&self, row: usize, col: usize) -> bool {
        self.columns.contains(&col)
            || self.diagonals.contains(&diagonal(row, col))
            || self.anti_diagonals.contains(&anti_diagonal(row, col))
    }

    /// Which of the three constraints block `(row, col)`: the interactive lesson's red, amber
    /// and purple.
    pub fn attack(&self, row: usize, col: usize) -> Attack {
        Attack {
            column: self.columns.contains(&col),
            diagonal: self.diagonals.contains(&diagonal(row, col)),
            anti_diagonal: self.anti_diagonals.contains(&anti_diagonal(row, col)),
        }
    }

    /// Records a queen on `(row, col)` in all three sets.
    pub fn insert(&mut self, row: usize, col: usize) {
        self.columns.insert(col);
        self.diagonals.insert(diagonal(row, col));
        self.anti_diagonals.insert(anti_diagonal(row, col));
    }

    /// Forgets the queen on `(row, col)` when the search backtracks.
    pub fn delete(&mut self, row: usize, col: usize) {
        self.columns.remove(&col);
        self.diagonals.remove(&diagonal(row, col));
        self.anti_diagonals.remove(&anti_diagonal(row, col));
    }

    /// Whether no queen is recorded.
    pub fn is_empty(&self) -> bool {
        self.columns.is_empty() && self.diagonals.is_empty() && self.anti_diagonals.is_empty()
    }

    /// Blocked columns, in increasing order.
    pub fn columns(&self) -> BTreeSet<usize> {
        self.columns.iter().copied().collect()
    }

    /// Blocked main diagonals (`row - col`), in increasing order.
    pub fn diagonals(&self) -> BTreeSet<isize> {
        self.diagonals.iter().copied().collect()
    }

    /// Blocked anti-diagonals (`row + col`), in increasing order.
    pub fn anti_diagonals(&self) -> BTreeSet<usize> {
        self.anti_diagonals.iter().copied().collect()
    }
}

impl std::fmt::Display for ConstraintSets {
    /// `cols {1, 3}  diags {-2, -1}  antiDiags {1, 4}`: each set in increasing
    /// order, named as the JavaScript article names its sets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cols {:?}  diags {:?}  antiDiags {:?}",
            self.columns(),
            self.diagonals(),
            self.anti_diagonals()
        )
    }
}

impl Rules for ConstraintSets {
    fn attack(&self, cell: Cell) -> Attack {
        ConstraintSets::attack(self, cell.row, cell.col)
    }
    fn insert(&mut self, cell: Cell) {
        ConstraintSets::insert(self, cell.row, cell.col)
    }
    fn delete(&mut self, cell: Cell) {
        ConstraintSets::delete(self, cell.row, cell.col)
    }
}
