//! Puzzle files: one puzzle a line, either bare (81 cells) or in the Sudoku
//! Exchange puzzle bank's format `hash puzzle rating`.
//!
//! ```
//! use queens::sudoku::bank::PuzzleLine;
//! let line = "00015097c6c3 083020090000800100029300008000098700070000060006740000300006980002005000010030540  7.2";
//! let puzzle: PuzzleLine = line.parse()?;
//! assert_eq!(puzzle.hash.as_deref(), Some("00015097c6c3"));
//! assert_eq!(puzzle.rating, Some(7.2));
//! # Ok::<(), queens::sudoku::ParseError>(())
//! ```

use std::str::FromStr;

use super::grid::{Grid, ParseError};

/// The diabolical puzzles the course ships (`data/sudoku/diabolical-40.txt`):
/// the first 40 of the Sudoku Exchange puzzle bank's `diabolical.txt`, public
/// domain (see `data/sudoku/README.md`).
pub const DIABOLICAL_40: &str = include_str!("../../data/sudoku/diabolical-40.txt");

/// One line of a puzzle file.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleLine {
    /// The bank's 12-character hash, if the line has one.
    pub hash: Option<String>,
    /// The puzzle.
    pub grid: Grid,
    /// The bank's difficulty rating, if the line has one.
    pub rating: Option<f64>,
}

impl PuzzleLine {
    /// The line borrowing its hash, as [`PuzzleLineRef::parse`] reads it.
    pub fn as_ref(&self) -> PuzzleLineRef<'_> {
        PuzzleLineRef {
            hash: self.hash.as_deref(),
            grid: self.grid,
            rating: self.rating,
        }
    }
}

impl FromStr for PuzzleLine {
    type Err = ParseError;

    /// A bare puzzle, or `hash puzzle rating` separated by whitespace.
    fn from_str(line: &str) -> Result<Self, ParseError> {
        PuzzleLineRef::parse(line).map(PuzzleLineRef::to_puzzle_line)
    }
}

/// One line of a puzzle file whose hash borrows the line: reading a file a
/// line at a time copies nothing (`queens sudoku solve --file`).
///
/// ```
/// use queens::sudoku::bank::PuzzleLineRef;
/// let line = PuzzleLineRef::parse("00015097c6c3 083020090000800100029300008000098700070000060006740000300006980002005000010030540  7.2")?;
/// assert_eq!(line.hash, Some("00015097c6c3"));
/// assert_eq!(line.to_puzzle_line().hash.as_deref(), Some("00015097c6c3"));
/// # Ok::<(), queens::sudoku::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleLineRef<'a> {
    /// The bank's 12-character hash, if the line has one.
    pub hash: Option<&'a str>,
    /// The puzzle.
    pub grid: Grid,
    /// The bank's difficulty rating, if the line has one.
    pub rating: Option<f64>,
}

impl<'a> PuzzleLineRef<'a> {
    /// A bare puzzle, or `hash puzzle rating` separated by whitespace.
    pub fn parse(line: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(line, Grid::parse)
    }

    /// As [`PuzzleLineRef::parse`], the puzzle read by
    /// [`Grid::parse_unchecked`] (its givens may clash: a solver's 0 nodes
    /// tell, and [`PuzzleLineRef::parse`] names the clash).
    pub fn parse_unchecked(line: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(line, Grid::parse_unchecked)
    }

    fn parse_with(
        line: &'a str,
        grid: fn(&str) -> Result<Grid, ParseError>,
    ) -> Result<Self, ParseError> {
        // At most four fields kept, and ASCII lines split without the
        // Unicode tables: a file of puzzles reads a line each.
        let (fields, count) = if line.is_ascii() {
            first_fields(line.split_ascii_whitespace())
        } else {
            first_fields(line.split_whitespace())
        };
        match fields[..count.min(4)] {
            [puzzle] => Ok(Self {
                hash: None,
                grid: grid(puzzle)?,
                rating: None,
            }),
            [hash, puzzle, rating] => Ok(Self {
                hash: Some(hash),
                grid: grid(puzzle)?,
                rating: Some(rating.parse().map_err(|_| ParseError::BadRating {
                    rating: rating.to_owned(),
                })?),
            }),
            _ => Err(ParseError::BadLine { fields: count }),
        }
    }

    /// The line with its own copy of the hash.
    pub fn to_puzzle_line(self) -> PuzzleLine {
        PuzzleLine {
            hash: self.hash.map(str::to_owned),
            grid: self.grid,
            rating: self.rating,
        }
    }
}

/// The first four of `fields`, and how many there are.
fn first_fields<'a>(fields: impl Iterator<Item = &'a str>) -> ([&'a str; 4], usize) {
    let mut first = [""; 4];
    let mut count = 0;
    for field in fields {
        if let Some(slot) = first.get_mut(count) {
            *slot = field;
        }
        count += 1;
    }
    (first, count)
}

/// Every puzzle line of `text` with its line number (from 1); blank lines and
/// lines starting with `#` are skipped.
pub fn read(text: &str) -> impl Iterator<Item = (usize, Result<PuzzleLine, ParseError>)> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim();
            !line.is_empty() && !line.starts_with('#')
        })
        .map(|(index, line)| (index + 1, line.parse()))
}

/// The shipped diabolical puzzles, parsed.
pub fn diabolical() -> Vec<PuzzleLine> {
    read(DIABOLICAL_40)
        .map(|(line, puzzle)| {
            puzzle.unwrap_or_else(|e| panic!("data/sudoku/diabolical-40.txt:{line}: {e}"))
        })
        .collect()
}
