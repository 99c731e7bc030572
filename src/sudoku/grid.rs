//! The 9 × 9 grid: 81 cells read row by row, the box identity, and the ways a
//! puzzle's text can be wrong.

use std::fmt;
use std::str::FromStr;

use crate::board::coords::Cell;

use super::cells::{CELLS, SIDE, cell_at};
use super::units::{Clash, Units};

/// A Sudoku grid: a digit 1 to 9 or nothing in each of its 81 cells.
///
/// [`Grid::parse`] reads 81 characters row by row (`1`-`9` a given, `0` or `.`
/// an empty cell) and refuses givens that already clash.
///
/// ```
/// use queens::sudoku::Grid;
/// let text = "083020090000800100029300008000098700070000060006740000300006980002005000010030540";
/// let grid: Grid = text.parse()?;
/// assert_eq!(grid.givens(), 28);
/// assert_eq!(grid.to_string(), text);
/// # Ok::<(), queens::sudoku::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Default for Grid {
    fn default() -> Self {
        Self::empty()
    }
}

impl Grid {
    /// The grid with no digit.
    pub const fn empty() -> Self {
        Self { cells: [0; CELLS] }
    }

    /// Reads 81 cells row by row: `1`-`9` are givens, `0` and `.` empty cells.
    /// Whitespace around the text is ignored; the givens must not clash.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        // The common case, 81 ASCII cells, read byte by byte; anything else
        // takes the character-by-character reading below for its error.
        if let Some(grid) = Self::from_ascii(text.as_bytes()) {
            if givens_clash(&grid.cells) {
                Units::from_grid(&grid).map_err(ParseError::Clash)?;
            }
            return Ok(grid);
        }
        let count = text.chars().count();
        if count != CELLS {
            return Err(ParseError::WrongLength { cells: count });
        }
        let mut grid = Self::empty();
        for (index, character) in text.chars().enumerate() {
            grid.cells[index] = match character {
                '0' | '.' => 0,
                '1'..='9' => character as u8 - b'0',
                _ => {
                    return Err(ParseError::BadCharacter {
                        character,
                        cell: cell_at(index),
                    });
                }
            };
        }
        Units::from_grid(&grid).map_err(ParseError::Clash)?;
        Ok(grid)
    }

    /// 81 bytes of `1`-`9`, `0` or `.`, unchecked for clashes; `None` for
    /// anything else.
    fn from_ascii(bytes: &[u8]) -> Option<Self> {
        let bytes: &[u8; CELLS] = bytes.try_into().ok()?;
        if !Self::cells_only(bytes) {
            return None;
        }
        let mut grid = Self::empty();
        for (cell, &byte) in grid.cells.iter_mut().zip(bytes) {
            *cell = if byte == b'.' { 0 } else { byte - b'0' };
        }
        Some(grid)
    }

    /// Whether every byte is a cell as the bank writes them, `0`-`9` or `.`
    /// (without a branch a byte: the loop compiles to vector code).
    pub(super) fn cells_only(bytes: &[u8]) -> bool {
        bytes
            .iter()
            .fold(true, |ok, &b| ok & (b.is_ascii_digit() | (b == b'.')))
    }

    /// As [`Grid::parse`], without the check that the givens do not clash: for
    /// a caller that solves the grid next, as `queens sudoku solve --file`
    /// does a line at a time. Clashing givens have no solution and every
    /// strategy reports a search of 0 nodes for them; [`Grid::parse`] then
    /// names the clash.
    ///
    /// ```
    /// use queens::sudoku::{Grid, Strategy, solve};
    /// let twice = format!("55{}", "0".repeat(79));
    /// let grid = Grid::parse_unchecked(&twice)?;
    /// assert_eq!(solve(&grid, Strategy::Singles).nodes, 0);
    /// assert!(Grid::parse(&twice).is_err());
    /// # Ok::<(), queens::sudoku::ParseError>(())
    /// ```
    pub fn parse_unchecked(text: &str) -> Result<Self, ParseError> {
        match Self::from_ascii(text.trim().as_bytes()) {
            Some(grid) => Ok(grid),
            None => Self::parse(text),
        }
    }

    /// A grid of the 81 digits (0 for empty) a solver wrote, unchecked: no
    /// clash check, and a digit over 9 is not refused.
    pub const fn from_cells(cells: [u8; CELLS]) -> Self {
        Self { cells }
    }

    /// The digit in `cell`, or `None` when it is empty.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        match self.cells[cell.row * SIDE + cell.col] {
            0 => None,
            digit => Some(digit),
        }
    }

    /// Writes `digit` (1 to 9) into `cell`; no check against the other cells.
    ///
    /// # Panics
    /// If `digit` is not 1 to 9 or `cell` is off the grid.
    pub fn set(&mut self, cell: Cell, digit: u8) {
        assert!((1..=9).contains(&digit), "a Sudoku digit is 1 to 9");
        self.cells[cell.row * SIDE + cell.col] = digit;
    }

    /// Empties `cell`.
    pub fn clear(&mut self, cell: Cell) {
        self.cells[cell.row * SIDE + cell.col] = 0;
    }

    /// The 81 cells row by row, 0 for an empty one.
    pub fn digits(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The empty cells, row by row.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..CELLS).filter(|&i| self.cells[i] == 0).map(cell_at)
    }

    /// Every cell filled and no digit twice in a row, a column or a box.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&d| d != 0) && Units::from_grid(self).is_ok()
    }

    /// Whether this grid is a solution of `puzzle`: solved, and it keeps every
    /// given of the puzzle.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.is_solved()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &digit)| given == 0 || given == digit)
    }

    /// The grid as nine lines of text with the boxes marked, `.` for empty:
    ///
    /// ```text
    /// . 8 3 | . 2 . | . 9 .
    /// ```
    pub fn pretty(&self) -> String {
        let mut text = String::new();
        for row in 0..SIDE {
            if row > 0 && row % 3 == 0 {
                text.push_str("------+-------+------\n");
            }
            for col in 0..SIDE {
                if col > 0 {
                    text.push_str(if col % 3 == 0 { " | " } else { " " });
                }
                match self.get(Cell::new(row, col)) {
                    Some(digit) => text.push(char::from(b'0' + digit)),
                    None => text.push('.'),
                }
            }
            text.push('\n');
        }
        text
    }
}

impl Grid {
    /// Appends the 81 cells to `text` as [`Display`](fmt::Display) writes
    /// them, without `fmt` (a file of puzzles prints a grid a line).
    pub fn push_to(&self, text: &mut String) {
        text.push_str(std::str::from_utf8(&self.ascii()).unwrap_or_default());
    }

    /// The 81 cells as ASCII digits, `0` for an empty cell (digits 0-9 are
    /// ASCII: reading them as UTF-8 cannot fail).
    fn ascii(&self) -> [u8; CELLS] {
        self.cells.map(|digit| b'0' + digit)
    }
}

/// The 81 characters row by row, `0` for an empty cell (the bank's format).
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One write of 81 bytes: a file of puzzles prints a grid per line.
        f.write_str(std::str::from_utf8(&self.ascii()).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

impl FromStr for Grid {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a puzzle's text is not a puzzle. Rows, columns and boxes are numbered
/// from 1 in the messages, as a person counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not 81 cells.
    WrongLength {
        /// How many characters there were.
        cells: usize,
    },
    /// A character that is not a digit, `0` or `.`.
    BadCharacter {
        /// The character.
        character: char,
        /// Where it is.
        cell: Cell,
    },
    /// Two givens with the same digit in one row, column or box.
    Clash(Clash),
    /// A line of a puzzle file that is neither a bare puzzle nor the bank's
    /// `hash puzzle rating`.
    BadLine {
        /// How many whitespace-separated fields the line has.
        fields: usize,
    },
    /// The bank format's rating is not a number.
    BadRating {
        /// The text found.
        rating: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongLength { cells } => write!(f, "a puzzle has 81 cells, this one has {cells}"),
            Self::BadCharacter { character, cell } => write!(
                f,
                "bad character {character:?} in row {}, column {}: a cell is 1-9, or 0 or . when empty",
                cell.row + 1,
                cell.col + 1
            ),
            Self::Clash(clash) => write!(f, "the givens clash: {clash}"),
            Self::BadLine { fields } => write!(
                f,
                "expected a puzzle of 81 cells or the bank's 'hash puzzle rating', found {fields} fields"
            ),
            Self::BadRating { rating } => write!(f, "the rating {rating:?} is not a number"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Whether two givens of `cells` share a digit and a row, column or box: one
/// bit per digit and unit, so that parsing a file of puzzles stays cheap
/// ([`Units::from_grid`] then names the clash).
fn givens_clash(cells: &[u8; CELLS]) -> bool {
    // A row's and a band's boxes' sets live in registers while the row is
    // read (an empty cell sets bit 0, which no digit uses): no branch a cell.
    let mut columns = [0u16; SIDE];
    let mut clash = 0;
    for band in cells.chunks_exact(3 * SIDE) {
        let mut boxes = [0u16; 3];
        for row in band.chunks_exact(SIDE) {
            let mut seen = 0u16;
            for (col, &digit) in row.iter().enumerate() {
                let bit = 1u16 << digit;
                clash |= (seen | columns[col] | boxes[col / 3]) & bit;
                seen |= bit;
                columns[col] |= bit;
                boxes[col / 3] |= bit;
            }
        }
    }
    clash & !1 != 0
}

/// A grid's sets: here, beside the grid they are read from, so that the
/// units know nothing of grids.
impl Units {
    /// The sets holding `grid`'s digits, or the first clash among them (cells
    /// read row by row).
    pub fn from_grid(grid: &Grid) -> Result<Self, Clash> {
        let mut units = Self::new();
        for index in 0..CELLS {
            let cell = cell_at(index);
            let Some(digit) = grid.get(cell) else {
                continue;
            };
            if let Some(unit) = units.clash(cell, digit) {
                let earlier = unit
                    .cells()
                    .find(|&other| other != cell && grid.get(other) == Some(digit))
                    .expect("a unit holding the digit has a cell with it");
                return Err(Clash {
                    digit,
                    unit,
                    cells: [earlier.min(cell), earlier.max(cell)],
                });
            }
            units.insert(cell, digit);
        }
        Ok(units)
    }
}
