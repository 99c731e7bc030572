//! What a graded test's process does: ask the student's code questions and
//! write down what it answered, nothing more.
//!
//! The test process runs student code, so nothing it writes can be trusted to
//! say "passed". It only reports observations: `is_attacked` for every cell,
//! the sets after an `insert` or a `delete`, the boards and node counts of a
//! search. The process that started it (the harness's parent, or the grader,
//! neither of which runs student code) compares them with the reference
//! ([`super::judge`]) and writes the score and the message. Forging a pass
//! then means giving the right answers.
//!
//! The handout's own types are adapted by `exercises/tests/graded.rs`, which
//! implements [`Blanks`] for them.

use std::io::Write;

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
    /// An answer of the Sudoku handout ([`super::observe_sudoku`]).
    Sudoku(super::observe_sudoku::SudokuAnswer),
}

/// One line of a test process's report file (JSON lines).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// The answer to the next question.
    Answer(Answer),
    /// The student's code panicked; no more answers follow.
    Panicked(String),
    /// Processes still running when the test's questions were answered (by
    /// command name): they are killed with the test, and noted.
    LeftRunning(Vec<String>),
}

/// The handout's three blanks and its `solve_n_queens`, as a graded test sees
/// them: `exercises/tests/graded.rs` implements this for the student's types.
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

/// Answers `questions` one by one, writing each answer to `out` as a JSON
/// line as soon as it is known (so an answer given before a later loop or
/// crash still counts). A panic is written as the last line and ends the
/// answers; the panic's text comes from `panic_message` (the caller's hook).
pub fn answer_all<B: Blanks>(
    questions: &[Question],
    out: &mut dyn Write,
    panic_message: &dyn Fn() -> String,
) -> std::io::Result<()> {
    answer_each(questions, answer::<B>, out, panic_message)
}

/// [`answer_all`] for any kind of question: `ask` puts one to the student's
/// code (the Sudoku handout's questions go through here too).
pub(crate) fn answer_each<Q: std::panic::RefUnwindSafe>(
    questions: &[Q],
    ask: fn(&Q) -> Answer,
    out: &mut dyn Write,
    panic_message: &dyn Fn() -> String,
) -> std::io::Result<()> {
    for question in questions {
        let line = match std::panic::catch_unwind(|| ask(question)) {
            Ok(answer) => Line::Answer(answer),
            Err(_) => Line::Panicked(panic_message()),
        };
        let stop = matches!(line, Line::Panicked(_));
        write_line(out, &line)?;
        if stop {
            break;
        }
    }
    Ok(())
}

/// Writes one report line and flushes it.
pub fn write_line(out: &mut dyn Write, line: &Line) -> std::io::Result<()> {
    let mut text = serde_json::to_string(line).map_err(std::io::Error::other)?;
    text.push('\n');
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Reads a report file's lines; anything that is not a report line is skipped.
pub fn read_lines(text: &str) -> Vec<Line> {
    text.lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}
