//! What homework 1's test process asks the student's code, and what it
//! writes down: `is_attacked` for every cell, the sets after an `insert` or a
//! `delete`, the boards and node counts of a search. Nothing here judges
//! ([`super::checks`] does, where no student code runs).
//!
//! The handout's own types are adapted by `exercises/tests/nqueens.rs`, which
//! implements [`Blanks`] for them.

use queens::notebook::handout::{Handout, Step};
use serde::{Deserialize, Serialize};

/// The board the blank tests look at: every cell of an 8 × 8 board.
pub const N: usize = 8;

/// The three sets' contents in plain numbers, sorted: what a test fills the
/// student's sets with, or reads back from them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetsView {
    /// The columns that hold a queen.
    pub columns: Vec<usize>,
    /// The diagonals (`row - col`), whatever integer type the student chose.
    pub diagonals: Vec<i128>,
    /// The anti-diagonals (`row + col`).
    pub anti_diagonals: Vec<usize>,
}

impl SetsView {
    /// The sets, each sorted and without repeats.
    pub fn new(
        columns: impl IntoIterator<Item = usize>,
        diagonals: impl IntoIterator<Item = i128>,
        anti_diagonals: impl IntoIterator<Item = usize>,
    ) -> Self {
        fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
            let mut items: Vec<T> = items.into_iter().collect();
            items.sort();
            items.dedup();
            items
        }
        Self {
            columns: sorted(columns),
            diagonals: sorted(diagonals),
            anti_diagonals: sorted(anti_diagonals),
        }
    }

    /// The sets of queens on rows 0, 1, … at `queens[row]`.
    pub fn holding(queens: &[usize]) -> Self {
        Self::holding_cells(queens.iter().copied().enumerate())
    }

    /// The sets of queens on `cells`.
    pub fn holding_cells(cells: impl IntoIterator<Item = (usize, usize)> + Clone) -> Self {
        Self::new(
            cells.clone().into_iter().map(|(_, col)| col),
            cells
                .clone()
                .into_iter()
                .map(|(row, col)| row as i128 - col as i128),
            cells.into_iter().map(|(row, col)| row + col),
        )
    }
}

/// One question a graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// Fill the sets with `sets` and ask `is_attacked` about every cell of the
    /// [`N`] × [`N`] board, row by row.
    Attacks {
        /// The sets' contents.
        sets: SetsView,
    },
    /// Fill the sets with `start`, `insert(row, col)`, read the sets back.
    Insert {
        /// The sets before.
        start: SetsView,
        /// The queen's row.
        row: usize,
        /// The queen's column.
        col: usize,
    },
    /// Fill the sets with `start`, `delete(row, col)`, read the sets back.
    Delete {
        /// The sets before.
        start: SetsView,
        /// The queen's row.
        row: usize,
        /// The queen's column.
        col: usize,
    },
    /// Run the handout's backtracking core on the three blanks
    /// (`queens::notebook::handout`), giving up past `budget` nodes.
    Explore {
        /// The board size.
        n: usize,
        /// Nodes allowed.
        budget: u64,
    },
    /// Call `solve_n_queens(n)`.
    Solve {
        /// The board size.
        n: usize,
    },
    /// Run the core as for `Explore` and report every step (small boards:
    /// the judge finds the first step that leaves the reference's search).
    Trace {
        /// The board size.
        n: usize,
        /// Nodes allowed.
        budget: u64,
    },
}

/// What the student's code answered to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// `is_attacked` for every cell, row by row.
    Attacks(Vec<bool>),
    /// The sets, read back.
    Sets(SetsView),
    /// A whole search.
    Explored {
        /// The boards found, in order.
        boards: Vec<Vec<String>>,
        /// Nodes explored, the root included.
        nodes: u64,
        /// Queens placed.
        places: usize,
        /// Queens taken off again.
        backtracks: usize,
        /// Solutions recorded.
        solutions: usize,
    },
    /// The search explored more nodes than the budget.
    OverBudget,
    /// The boards `solve_n_queens` returned.
    Boards(Vec<Vec<String>>),
    /// The student's `Diagonal` type cannot hold this diagonal.
    CannotHold(i128),
    /// Every step of a search, in order.
    Steps(Vec<Step>),
}

/// The handout's three blanks and its `solve_n_queens`, as a graded test sees
/// them: `exercises/tests/nqueens.rs` implements this for the student's types.
pub trait Blanks {
    /// The student's constraint sets.
    type Sets;
    /// Sets holding `view`, filled by hand (not through `insert`); `Err` with
    /// a diagonal the student's `Diagonal` type cannot hold.
    fn fill(view: &SetsView) -> Result<Self::Sets, i128>;
    /// The sets' contents.
    fn read(sets: &Self::Sets) -> SetsView;
    /// Blank 1.
    fn is_attacked(sets: &Self::Sets, row: usize, col: usize) -> bool;
    /// Blank 2.
    fn insert(sets: &mut Self::Sets, row: usize, col: usize);
    /// Blank 3.
    fn delete(sets: &mut Self::Sets, row: usize, col: usize);
    /// The handout's `solve_n_queens`.
    fn solve(n: usize) -> Vec<Vec<String>>;
}

/// Asks the student's code one question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    match question {
        Question::Attacks { sets } => match B::fill(sets) {
            Ok(sets) => Answer::Attacks(
                (0..N)
                    .flat_map(|row| (0..N).map(move |col| (row, col)))
                    .map(|(row, col)| B::is_attacked(&sets, row, col))
                    .collect(),
            ),
            Err(key) => Answer::CannotHold(key),
        },
        Question::Insert { start, row, col } => match B::fill(start) {
            Ok(mut sets) => {
                B::insert(&mut sets, *row, *col);
                Answer::Sets(B::read(&sets))
            }
            Err(key) => Answer::CannotHold(key),
        },
        Question::Delete { start, row, col } => match B::fill(start) {
            Ok(mut sets) => {
                B::delete(&mut sets, *row, *col);
                Answer::Sets(B::read(&sets))
            }
            Err(key) => Answer::CannotHold(key),
        },
        Question::Explore { n, budget } => {
            let Ok(empty) = B::fill(&SetsView::default()) else {
                return Answer::CannotHold(0);
            };
            let yours = Handout::new(empty, B::is_attacked, B::insert, B::delete);
            match yours.explore(*n, *budget) {
                Ok(run) => {
                    let count = |wanted: fn(&Step) -> bool| {
                        run.steps.iter().filter(|step| wanted(step)).count()
                    };
                    Answer::Explored {
                        places: count(|s| matches!(s, Step::Place { .. })),
                        backtracks: count(|s| matches!(s, Step::Backtrack { .. })),
                        solutions: count(|s| matches!(s, Step::Solution { .. })),
                        boards: run.boards,
                        nodes: run.nodes,
                    }
                }
                Err(_) => Answer::OverBudget,
            }
        }
        Question::Solve { n } => Answer::Boards(B::solve(*n)),
        Question::Trace { n, budget } => {
            let Ok(empty) = B::fill(&SetsView::default()) else {
                return Answer::CannotHold(0);
            };
            let yours = Handout::new(empty, B::is_attacked, B::insert, B::delete);
            match yours.explore(*n, *budget) {
                Ok(run) => Answer::Steps(run.steps),
                Err(_) => Answer::OverBudget,
            }
        }
    }
}
