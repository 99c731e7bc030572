//! What homework 2's test process asks the student's Sudoku code, and what
//! it writes down: where `is_taken` says a digit is taken, the sets after an
//! `insert` or a `delete`, the solutions, nodes and steps of a search.
//! Nothing here judges: the grader compares each answer with the reference's.
//!
//! `exercises/tests/sudoku.rs` implements [`Blanks`] for the handout's types.

use queens::sudoku::box_of;
use serde::{Deserialize, Serialize};

/// A Sudoku grid: `grid[row][col]` is a digit 1 to 9, or 0 for an empty cell
/// (the handout's `Grid`).
pub type Grid = [[u8; 9]; 9];

/// A digit on the grid: `(row, col, digit)`.
pub type Given = (usize, usize, u8);

/// Every cell, row by row.
pub fn cells() -> impl Iterator<Item = (usize, usize)> + Clone {
    (0..9).flat_map(|row| (0..9).map(move |col| (row, col)))
}

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

/// Keys of one set, as `SudokuView::new` takes them.
type Keys = Vec<(usize, u8)>;

impl SudokuView {
    /// The sets, each sorted and without repeats.
    pub fn new(
        rows: impl IntoIterator<Item = (usize, u8)>,
        columns: impl IntoIterator<Item = (usize, u8)>,
        boxes: impl IntoIterator<Item = (usize, u8)>,
    ) -> Self {
        fn sorted(keys: impl IntoIterator<Item = (usize, u8)>) -> Keys {
            let mut keys: Keys = keys.into_iter().collect();
            keys.sort_unstable();
            keys.dedup();
            keys
        }
        Self {
            rows: sorted(rows),
            columns: sorted(columns),
            boxes: sorted(boxes),
        }
    }

    /// The sets holding the digits `givens`.
    pub fn holding(givens: &[Given]) -> Self {
        Self::new(
            givens.iter().map(|&(row, _, digit)| (row, digit)),
            givens.iter().map(|&(_, col, digit)| (col, digit)),
            givens
                .iter()
                .map(|&(row, col, digit)| (box_of(row, col), digit)),
        )
    }
}

/// Which sets a question reads back after an insert or a delete (a test of
/// one set is not failed by a mistake in another).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Read {
    /// All three.
    All,
    /// The rows set alone.
    Rows,
    /// The columns set alone.
    Columns,
    /// The boxes set alone.
    Boxes,
}

impl Read {
    /// `sets` with only these keys kept.
    pub fn of(self, sets: SudokuView) -> SudokuView {
        match self {
            Self::All => sets,
            Self::Rows => SudokuView::new(sets.rows, [], []),
            Self::Columns => SudokuView::new([], sets.columns, []),
            Self::Boxes => SudokuView::new([], [], sets.boxes),
        }
    }
}

/// One question a Sudoku graded test asks the student's code. A search is
/// the handout's `explore(puzzle, budget)`, the budget the reference's nodes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// Fill the sets, ask `is_taken` of every cell and digit.
    Taken(SudokuView),
    /// `Insert(on, at, read)`: fill the sets with the digits `on` the grid,
    /// insert the digit `at`, read back the sets `read`.
    Insert(Vec<Given>, Given, Read),
    /// `Delete(on, at, read)`: the same with `delete` (`at` is one of `on`).
    Delete(Vec<Given>, Given, Read),
    /// `Solutions(puzzle, budget)`: the solutions of a search.
    Solutions(Grid, u64),
    /// `Nodes(puzzle, budget)`: the nodes of a search.
    Nodes(Grid, u64),
    /// `Count(puzzle, budget)`: how many solutions a search finds, in how
    /// many nodes.
    Count(Grid, u64),
    /// `Steps(puzzle, budget)`: every step of a search.
    Steps(Grid, u64),
    /// `Solve(puzzle, budget)`: `solve_sudoku(puzzle)`, once a search ended
    /// (`solve_sudoku` has no budget).
    Solve(Grid, u64),
}

/// One step of a search: a digit written, pruned or rubbed out at `(row,
/// col)`, or a solution recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `Place(row, col, digit)`: the digit fits, it is written.
    Place(usize, usize, u8),
    /// `Prune(row, col, digit)`: the digit is taken, skipped.
    Prune(usize, usize, u8),
    /// `Backtrack(row, col, digit)`: the digit is rubbed out again.
    Backtrack(usize, usize, u8),
    /// The grid is full.
    Solution,
}

/// What the handout's `explore` returned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Run {
    /// The solutions found (at most 2), in order.
    pub solutions: Vec<Grid>,
    /// Nodes explored, the root included.
    pub nodes: u64,
    /// Every step, in order.
    pub steps: Vec<Step>,
}

/// What the student's code answered to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// Every `(row, col, digit)` that `is_taken` says is taken, row by row.
    Taken(Vec<Given>),
    /// The sets, read back.
    Sets(SudokuView),
    /// The solutions of a search.
    Solutions(Vec<Grid>),
    /// The nodes of a search.
    Nodes(u64),
    /// `Count(solutions, nodes)` of a search.
    Count(usize, u64),
    /// Every step of a search.
    Steps(Vec<Step>),
    /// What `solve_sudoku` returned.
    Solved(Option<Grid>),
    /// The search explored more nodes than its budget.
    OverBudget,
    /// The search says two givens clash.
    GivensClash,
}

/// The Sudoku handout's three blanks and its search, as a graded test sees
/// them: `exercises/tests/sudoku.rs` implements this.
pub trait Blanks {
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
    /// The handout's `explore`: `Err` is [`Answer::OverBudget`] or
    /// [`Answer::GivensClash`].
    fn explore(puzzle: &Grid, budget: u64) -> Result<Run, Answer>;
    /// The handout's `solve_sudoku`.
    fn solve(puzzle: &Grid) -> Option<Grid>;
}

/// Asks the student's code one question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    let change = |on: &[Given], read: &Read, change: fn(&mut B::Sets, usize, usize, u8), at| {
        let (mut sets, (row, col, digit)) = (B::fill(&SudokuView::holding(on)), at);
        change(&mut sets, row, col, digit);
        Answer::Sets(read.of(B::read(&sets)))
    };
    match question {
        Question::Taken(sets) => {
            let sets = B::fill(sets);
            let asked = cells().flat_map(|(row, col)| (1..=9).map(move |digit| (row, col, digit)));
            Answer::Taken(
                asked
                    .filter(|&(r, c, d)| B::is_taken(&sets, r, c, d))
                    .collect(),
            )
        }
        Question::Insert(on, at, read) => change(on, read, B::insert, *at),
        Question::Delete(on, at, read) => change(on, read, B::delete, *at),
        Question::Solutions(puzzle, budget) => {
            search::<B>(puzzle, *budget, |run| Answer::Solutions(run.solutions))
        }
        Question::Nodes(puzzle, budget) => {
            search::<B>(puzzle, *budget, |run| Answer::Nodes(run.nodes))
        }
        Question::Count(puzzle, budget) => search::<B>(puzzle, *budget, |run| {
            Answer::Count(run.solutions.len(), run.nodes)
        }),
        Question::Steps(puzzle, budget) => {
            search::<B>(puzzle, *budget, |run| Answer::Steps(run.steps))
        }
        Question::Solve(puzzle, budget) => {
            search::<B>(puzzle, *budget, |_| Answer::Solved(B::solve(puzzle)))
        }
    }
}

/// A search of the student's handout, reported on (or why it stopped).
fn search<B: Blanks>(puzzle: &Grid, budget: u64, report: impl FnOnce(Run) -> Answer) -> Answer {
    B::explore(puzzle, budget).map_or_else(|stop| stop, report)
}
