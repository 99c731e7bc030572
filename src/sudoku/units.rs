//! The three constraint sets of Sudoku: the digits each row, each column and
//! each box already holds (N-Queens had columns, diagonals and anti-diagonals).
//!
//! A digit may go into a cell when none of the three sets of that cell holds it
//! yet: the same prune check as the queens', with the box identity
//! [`box_of`] in place of `row - col` and `row + col`.

use std::fmt;

use crate::board::coords::Cell;

use super::cells::{SIDE, box_of};

/// A set of digits 1 to 9, one bit each (bit `d` for digit `d`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Digits(u16);

impl Digits {
    /// No digit.
    pub const NONE: Self = Self(0);
    /// Every digit 1 to 9.
    pub const ALL: Self = Self(0b11_1111_1110);

    /// The set holding one `digit`.
    pub const fn only(digit: u8) -> Self {
        Self(1 << digit)
    }

    /// Its bits: bit `d` for digit `d`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: u8) -> bool {
        self.0 & (1 << digit) != 0
    }

    /// How many digits it holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether it holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its digits, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=9).filter(move |&d| self.contains(d))
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// One of the 27 units: a row, a column or a box, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "unit", content = "index", rename_all = "lowercase")
)]
pub enum Unit {
    /// A row, 0 at the top.
    Row(usize),
    /// A column, 0 at the left.
    Column(usize),
    /// A box, `(row / 3) * 3 + col / 3`.
    Box(usize),
}

impl Unit {
    /// The three units of `cell`: its row, its column, its box.
    pub const fn of(cell: Cell) -> [Unit; 3] {
        [
            Unit::Row(cell.row),
            Unit::Column(cell.col),
            Unit::Box(box_of(cell.row, cell.col)),
        ]
    }

    /// Its nine cells, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..SIDE).map(move |k| match self {
            Unit::Row(row) => Cell::new(row, k),
            Unit::Column(col) => Cell::new(k, col),
            Unit::Box(b) => Cell::new((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3),
        })
    }
}

/// Counted from 1 for people: `row 3`, `column 4`, `box 5`.
impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(row) => write!(f, "row {}", row + 1),
            Unit::Column(col) => write!(f, "column {}", col + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Two cells of one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Clash {
    /// The digit found twice.
    pub digit: u8,
    /// Where: the first unit of the later cell that already held the digit
    /// (row, then column, then box).
    pub unit: Unit,
    /// The two cells, the earlier one (row by row) first.
    pub cells: [Cell; 2],
}

/// `two 5s in row 3 (r3c2 and r3c7)`, counted from 1.
impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(
            f,
            "two {}s in {} (r{}c{} and r{}c{})",
            self.digit,
            self.unit,
            a.row + 1,
            a.col + 1,
            b.row + 1,
            b.col + 1
        )
    }
}

/// The three constraint sets as bitmasks: `rows[r]` holds the digits of row
/// `r`, `columns[c]` those of column `c`, `boxes[b]` those of box `b`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Units {
    /// The digits each row holds.
    pub rows: [Digits; SIDE],
    /// The digits each column holds.
    pub columns: [Digits; SIDE],
    /// The digits each box holds, by `(row / 3) * 3 + col / 3`.
    pub boxes: [Digits; SIDE],
}

impl Units {
    /// Three empty sets.
    pub fn new() -> Self {
        Self::default()
    }

    /// The prune check: the first of `cell`'s units (row, column, box) that
    /// already holds `digit`, or `None` when `digit` may go there.
    pub fn clash(&self, cell: Cell, digit: u8) -> Option<Unit> {
        let [row, column, square] = Unit::of(cell);
        if self.rows[cell.row].contains(digit) {
            Some(row)
        } else if self.columns[cell.col].contains(digit) {
            Some(column)
        } else if self.boxes[box_of(cell.row, cell.col)].contains(digit) {
            Some(square)
        } else {
            None
        }
    }

    /// Records `digit` in `cell`'s three sets.
    pub fn insert(&mut self, cell: Cell, digit: u8) {
        let bit = Digits::only(digit).0;
        self.rows[cell.row].0 |= bit;
        self.columns[cell.col].0 |= bit;
        self.boxes[box_of(cell.row, cell.col)].0 |= bit;
    }

    /// Forgets `digit` in `cell`'s three sets (the search backtracks).
    pub fn delete(&mut self, cell: Cell, digit: u8) {
        let bit = !Digits::only(digit).0;
        self.rows[cell.row].0 &= bit;
        self.columns[cell.col].0 &= bit;
        self.boxes[box_of(cell.row, cell.col)].0 &= bit;
    }

    /// The digits none of `cell`'s three sets holds: its candidates.
    pub fn candidates(&self, cell: Cell) -> Digits {
        let taken = self.rows[cell.row].0
            | self.columns[cell.col].0
            | self.boxes[box_of(cell.row, cell.col)].0;
        Digits(Digits::ALL.0 & !taken)
    }
}
