//! What homework 2's test process asks the student's Sudoku code, and what
//! it writes down: `is_taken` for every cell and digit, the sets after an
//! `insert` or a `delete`, the solutions and node counts of a search. Nothing
//! here judges ([`super::checks`] does, where no student code runs).
//!
//! `exercises/tests/sudoku.rs` implements [`SudokuBlanks`] for the handout's
//! types and runs [`super::Harness`].

use serde::{Deserialize, Serialize};

/// A Sudoku grid: `grid[row][col]` is a digit 1 to 9, or 0 for an empty cell
/// (the handout's `Grid`).
pub type Grid = [[u8; 9]; 9];

/// The three sets' keys `(index, digit)`, sorted: what a test fills the
/// student's sets with, or reads back from them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SudokuView {
    /// `(row, digit)` keys.
    pub rows: Vec<(usize, u8)>,
    /// `(col, digit)` keys.
    pub columns: Vec<(usize, u8)>,
    /// `(box, digit)` keys.
    pub boxes: Vec<(usize, u8)>,
}

impl SudokuView {
    /// The sets, each sorted and without repeats.
    pub fn new(
        rows: impl IntoIterator<Item = (usize, u8)>,
        columns: impl IntoIterator<Item = (usize, u8)>,
        boxes: impl IntoIterator<Item = (usize, u8)>,
    ) -> Self {
        fn sorted(items: impl IntoIterator<Item = (usize, u8)>) -> Vec<(usize, u8)> {
            let mut items: Vec<_> = items.into_iter().collect();
            items.sort_unstable();
            items.dedup();
            items
        }
        Self {
            rows: sorted(rows),
            columns: sorted(columns),
            boxes: sorted(boxes),
        }
    }

    /// The sets holding the digits `(row, col, digit)`.
    pub fn holding(givens: &[(usize, usize, u8)]) -> Self {
        Self::new(
            givens.iter().map(|&(row, _, digit)| (row, digit)),
            givens.iter().map(|&(_, col, digit)| (col, digit)),
            givens
                .iter()
                .map(|&(row, col, digit)| ((row / 3) * 3 + col / 3, digit)),
        )
    }
}

/// One question a Sudoku graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SudokuQuestion {
    /// Fill the sets with `sets` and ask `is_taken` about every cell (row by
    /// row) and every digit 1 to 9.
    Taken {
        /// The sets' contents.
        sets: SudokuView,
    },
    /// Fill the sets with `start`, `insert(row, col, digit)`, read them back.
    Insert {
        /// The sets before.
        start: SudokuView,
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The digit.
        digit: u8,
    },
    /// Fill the sets with `start`, `delete(row, col, digit)`, read them back.
    Delete {
        /// The sets before.
        start: SudokuView,
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The digit.
        digit: u8,
    },
    /// Run the handout's `explore(puzzle, budget)`.
    Explore {
        /// The puzzle.
        puzzle: Grid,
        /// Nodes allowed.
        budget: u64,
    },
    /// Call `solve_sudoku(puzzle)`.
    Solve {
        /// The puzzle.
        puzzle: Grid,
    },
}

/// What a whole search of the handout did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explored {
    /// The solutions found (at most 2), in order.
    pub solutions: Vec<Grid>,
    /// Nodes explored, the root included.
    pub nodes: u64,
    /// Digits written.
    pub places: usize,
    /// Digits skipped as taken.
    pub prunes: usize,
    /// Digits rubbed out again.
    pub backtracks: usize,
    /// Solutions recorded as steps.
    pub solution_steps: usize,
}

/// Why the handout's `explore` gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stop {
    /// It says two givens clash.
    GivensClash,
    /// It explored more nodes than the budget.
    OverBudget,
}

/// What the student's Sudoku code answered to one [`SudokuQuestion`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SudokuAnswer {
    /// `is_taken` for every cell and digit: `taken[(row * 9 + col) * 9 + digit - 1]`.
    Taken(Vec<bool>),
    /// The sets, read back.
    Sets(SudokuView),
    /// A whole search.
    Explored(Explored),
    /// The search stopped early.
    Stopped(Stop),
    /// What `solve_sudoku` returned.
    Solved(Option<Grid>),
}

/// The Sudoku handout's three blanks and its search, as a graded test sees
/// them: `exercises/tests/sudoku.rs` implements this.
pub trait SudokuBlanks {
    /// The student's three sets.
    type Sets;
    /// Sets holding `view`, filled by hand (not through `insert`).
    fn fill(view: &SudokuView) -> Self::Sets;
    /// The sets' contents.
    fn read(sets: &Self::Sets) -> SudokuView;
    /// Blank 1.
    fn is_taken(sets: &Self::Sets, row: usize, col: usize, digit: u8) -> bool;
    /// Blank 2.
    fn insert(sets: &mut Self::Sets, row: usize, col: usize, digit: u8);
    /// Blank 3.
    fn delete(sets: &mut Self::Sets, row: usize, col: usize, digit: u8);
    /// The handout's `explore`.
    fn explore(puzzle: &Grid, budget: u64) -> Result<Explored, Stop>;
    /// The handout's `solve_sudoku`.
    fn solve(puzzle: &Grid) -> Option<Grid>;
}

/// Asks the student's code one question.
pub fn answer<S: SudokuBlanks>(question: &SudokuQuestion) -> SudokuAnswer {
    match question {
        SudokuQuestion::Taken { sets } => {
            let sets = S::fill(sets);
            SudokuAnswer::Taken(
                (0..81)
                    .flat_map(|cell| (1..=9).map(move |digit| (cell / 9, cell % 9, digit)))
                    .map(|(row, col, digit)| S::is_taken(&sets, row, col, digit))
                    .collect(),
            )
        }
        SudokuQuestion::Insert {
            start,
            row,
            col,
            digit,
        } => {
            let mut sets = S::fill(start);
            S::insert(&mut sets, *row, *col, *digit);
            SudokuAnswer::Sets(S::read(&sets))
        }
        SudokuQuestion::Delete {
            start,
            row,
            col,
            digit,
        } => {
            let mut sets = S::fill(start);
            S::delete(&mut sets, *row, *col, *digit);
            SudokuAnswer::Sets(S::read(&sets))
        }
        SudokuQuestion::Explore { puzzle, budget } => match S::explore(puzzle, *budget) {
            Ok(explored) => SudokuAnswer::Explored(explored),
            Err(stop) => SudokuAnswer::Stopped(stop),
        },
        SudokuQuestion::Solve { puzzle } => SudokuAnswer::Solved(S::solve(puzzle)),
    }
}
