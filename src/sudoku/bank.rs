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

use super::cells::CELLS;
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
        let rated = |hash, puzzle, rating: &str| {
            Ok(Self {
                hash: Some(hash),
                grid: grid(puzzle)?,
                rating: Some(rating.parse().map_err(|_| ParseError::BadRating {
                    rating: rating.to_owned(),
                })?),
            })
        };
        // The bank's own layout is read by position; other lines are split
        // (at most four fields kept, ASCII lines without the Unicode tables).
        if let Some((hash, puzzle, rating)) = bank_fields(line) {
            return rated(hash, puzzle, rating);
        }
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
            [hash, puzzle, rating] => rated(hash, puzzle, rating),
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

/// A line laid out as the bank writes them, `hash puzzle rating`: 12
/// characters, one space, 81 cells, then whitespace and one more field. The
/// same three fields a split would find, found by position (a file of the
/// bank's puzzles reads a line each); `None` for any other line.
fn bank_fields(line: &str) -> Option<(&str, &str, &str)> {
    const HASH: usize = 12;
    const PUZZLE: std::ops::Range<usize> = HASH + 1..HASH + 1 + CELLS;
    let bytes = line.as_bytes();
    let puzzle = bytes.get(PUZZLE)?;
    let (after, rating) = (bytes.get(PUZZLE.end)?, line.get(PUZZLE.end..)?.trim_ascii());
    let laid_out = bytes[..HASH].iter().all(u8::is_ascii_graphic)
        && bytes[HASH] == b' '
        && Grid::cells_only(puzzle)
        && after.is_ascii_whitespace()
        && !rating.is_empty()
        && rating.bytes().all(|b| b.is_ascii_graphic());
    laid_out.then(|| (&line[..HASH], &line[PUZZLE], rating))
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PUZZLE: &str =
        "083020090000800100029300008000098700070000060006740000300006980002005000010030540";

    /// The three fields a split finds, when it finds three.
    fn split(line: &str) -> Option<(&str, &str, &str)> {
        match first_fields(line.split_whitespace()) {
            ([hash, puzzle, rating, _], 3) => Some((hash, puzzle, rating)),
            _ => None,
        }
    }

    /// Read by position, a bank line has the fields a split gives it; other
    /// lines are left to the split.
    #[test]
    fn the_bank_layout_reads_as_a_split_would() {
        let bank = format!("00015097c6c3 {PUZZLE}  7.2");
        for (line, by_position) in [
            (bank.clone(), true),
            (format!("{bank}  \t"), true),
            (format!("00015097c6c3 {PUZZLE}\t7.2"), true),
            (format!("00015097c6c3 {}.{PUZZLE:.80}  7.2", ""), true),
            (format!("00015097c6c3 {PUZZLE}  7.2 extra"), false),
            (format!("00015097c6c3 {PUZZLE}"), false),
            (format!("00015097c6c3 {PUZZLE}  "), false),
            (format!("00015097c6c3 {PUZZLE}7.2"), false),
            (format!("00015097c6c  {PUZZLE}  7.2"), false),
            (format!("00015097c6ce\u{301} {PUZZLE}  7.2"), false),
            (format!("00015097c6c3 {PUZZLE:.80}x  7.2"), false),
            (format!("00015097c6c3 {PUZZLE}\u{e9}7.2"), false),
            (format!("00015097c6c3 {PUZZLE}\u{a0}7.2"), false),
            (PUZZLE.to_owned(), false),
        ] {
            let fields = bank_fields(&line);
            assert_eq!(fields.is_some(), by_position, "{line:?}");
            if fields.is_some() {
                assert_eq!(fields, split(&line), "{line:?}");
            }
        }
    }

    proptest! {
        /// Lines near the bank's layout, with spaces, tabs, dots, letters
        /// and non-ASCII characters in unexpected places.
        #[test]
        fn reading_by_position_never_disagrees_with_the_split(
            pieces in proptest::collection::vec(
                prop_oneof![
                    Just("0"), Just("7"), Just("."), Just(" "), Just("\t"),
                    Just("a"), Just("\u{e9}"), Just("\u{a0}"), Just("7.2"),
                ],
                0..12,
            ),
            at in 0usize..110,
        ) {
            let mut line = format!("00015097c6c3 {PUZZLE}  7.2");
            let mut at = at.min(line.len());
            while !line.is_char_boundary(at) {
                at -= 1;
            }
            line.insert_str(at, &pieces.concat());
            if let Some(fields) = bank_fields(&line) {
                prop_assert_eq!(Some(fields), split(&line));
            }
            // Either way the line reads as it did before the shortcut.
            let general = match first_fields(line.split_whitespace()) {
                ([puzzle, ..], 1) => Grid::parse(puzzle).map(|grid| (None, grid)),
                ([hash, puzzle, _, _], 3) => Grid::parse(puzzle).map(|grid| (Some(hash), grid)),
                (_, count) => Err(ParseError::BadLine { fields: count }),
            };
            let read = PuzzleLineRef::parse(&line);
            match (&read, &general) {
                (Ok(read), Ok((hash, grid))) => {
                    prop_assert_eq!(read.hash, *hash);
                    prop_assert_eq!(read.grid, *grid);
                }
                (Err(_), Err(_)) => {}
                // A good grid with a bad rating is an error of the rating.
                (Err(ParseError::BadRating { .. }), Ok(_)) => {}
                _ => prop_assert!(false, "{:?}: {:?} against {:?}", line, read, general),
            }
        }
    }
}
