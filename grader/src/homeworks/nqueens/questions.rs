//! What homework 1's test process asks the student's code, and what it
//! writes down: `is_attacked` for every cell, the sets after an `insert` or a
//! `delete`, the boards, node counts and steps of a search. Nothing here
//! judges: the grader compares each answer with the reference's.
//!
//! The handout's own types are adapted by `exercises/tests/nqueens.rs`, which
//! implements [`Blanks`] for them.

use queens::notebook::handout::{Exploration, Handout, Step};
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

/// Which of the three sets a question reads back after an insert or a
/// delete (a test of one set is not failed by a mistake in another).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keys {
    /// All three sets.
    All,
    /// The columns set alone.
    Columns,
    /// The diagonals set alone.
    Diagonals,
    /// The anti-diagonals set alone.
    AntiDiagonals,
}

impl Keys {
    /// `sets` with only these keys kept.
    pub fn of(self, sets: SetsView) -> SetsView {
        match self {
            Self::All => sets,
            Self::Columns => SetsView::new(sets.columns, [], []),
            Self::Diagonals => SetsView::new([], sets.diagonals, []),
            Self::AntiDiagonals => SetsView::new([], [], sets.anti_diagonals),
        }
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
    /// Fill the sets with `start`, `insert(row, col)`, read `keys` back.
    Insert {
        /// The sets before.
        start: SetsView,
        /// The queen's row.
        row: usize,
        /// The queen's column.
        col: usize,
        /// The sets read back.
        keys: Keys,
    },
    /// Fill the sets with `start`, `delete(row, col)`, read `keys` back.
    Delete {
        /// The sets before.
        start: SetsView,
        /// The queen's row.
        row: usize,
        /// The queen's column.
        col: usize,
        /// The sets read back.
        keys: Keys,
    },
    /// Run the handout's backtracking core on the three blanks
    /// (`queens::notebook::handout`), giving up past `budget` nodes, and
    /// report the boards it found.
    Boards {
        /// The board size.
        n: usize,
        /// Nodes allowed.
        budget: u64,
    },
    /// Run the core as for `Boards` and report the nodes it explored.
    Nodes {
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
    /// Nodes explored, the root included.
    Nodes(u64),
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
        Question::Insert {
            start,
            row,
            col,
            keys,
        } => match B::fill(start) {
            Ok(mut sets) => {
                B::insert(&mut sets, *row, *col);
                Answer::Sets(keys.of(B::read(&sets)))
            }
            Err(key) => Answer::CannotHold(key),
        },
        Question::Delete {
            start,
            row,
            col,
            keys,
        } => match B::fill(start) {
            Ok(mut sets) => {
                B::delete(&mut sets, *row, *col);
                Answer::Sets(keys.of(B::read(&sets)))
            }
            Err(key) => Answer::CannotHold(key),
        },
        Question::Boards { n, budget } => {
            explore::<B>(*n, *budget, |run| Answer::Boards(run.boards))
        }
        Question::Nodes { n, budget } => explore::<B>(*n, *budget, |run| Answer::Nodes(run.nodes)),
        Question::Solve { n } => Answer::Boards(B::solve(*n)),
        Question::Trace { n, budget } => explore::<B>(*n, *budget, |run| Answer::Steps(run.steps)),
    }
}

/// The handout's search on the student's blanks, from empty sets, read by
/// `read` (or why it stopped).
fn explore<B: Blanks>(n: usize, budget: u64, read: impl Fn(Exploration) -> Answer) -> Answer {
    let Ok(empty) = B::fill(&SetsView::default()) else {
        return Answer::CannotHold(0);
    };
    let yours = Handout::new(empty, B::is_attacked, B::insert, B::delete);
    match yours.explore(n, budget) {
        Ok(run) => read(run),
        Err(_) => Answer::OverBudget,
    }
}
