//! The search as a list of steps: place, prune, backtrack, solution.
//!
//! `queens trace 4` prints this; the notebooks replay it on a board.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::constraint::{Attack, Constraint};
use crate::board::coords::Cell;
use crate::search::{Flow, Observer};

/// One step of the search. Serialized with an `"event"` tag, for example
/// `{"event":"prune","row":1,"col":0,"by":["column"]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event {
    /// A queen goes on `(row, col)`; the search goes one level down.
    Place {
        /// Row of the queen.
        row: usize,
        /// Column of the queen.
        col: usize,
    },
    /// `(row, col)` is attacked, by the listed constraints; it is skipped.
    Prune {
        /// Row of the skipped cell.
        row: usize,
        /// Column of the skipped cell.
        col: usize,
        /// Every constraint that attacks the cell, in check order.
        by: Vec<Constraint>,
    },
    /// Forward checking: `(row, col)` is free but would leave `blocked_row`
    /// with no free cell, so it is skipped.
    DeadEnd {
        /// Row of the skipped cell.
        row: usize,
        /// Column of the skipped cell.
        col: usize,
        /// The later row that would have no free cell.
        blocked_row: usize,
    },
    /// The queen on `(row, col)` is taken back; the search goes one level up.
    Backtrack {
        /// Row of the queen taken back.
        row: usize,
        /// Column of the queen taken back.
        col: usize,
    },
    /// Every row has a queen and none attack each other.
    Solution {
        /// `queens[row] = col`.
        queens: Vec<usize>,
    },
}

/// One line a student reads: "place (0, 1)", "prune (1, 0) by column",
/// "backtrack (1, 2)", "solution [1, 3, 0, 2]".
impl std::fmt::Display for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Place { row, col } => write!(f, "place ({row}, {col})"),
            Self::Prune { row, col, by } if by.is_empty() => write!(f, "prune ({row}, {col})"),
            Self::Prune { row, col, by } => {
                let names: Vec<String> = by.iter().map(ToString::to_string).collect();
                write!(f, "prune ({row}, {col}) by {}", names.join(" and "))
            }
            Self::DeadEnd {
                row,
                col,
                blocked_row,
            } => write!(
                f,
                "skip ({row}, {col}): row {blocked_row} would have no free cell"
            ),
            Self::Backtrack { row, col } => write!(f, "backtrack ({row}, {col})"),
            Self::Solution { queens } => write!(f, "solution {queens:?}"),
        }
    }
}

/// The observer that records every [`Event`].
#[derive(Clone, Debug, Default)]
pub struct Tracer {
    /// The steps so far, in order.
    pub events: Vec<Event>,
}

impl Observer for Tracer {
    fn candidate(&mut self, cell: Cell, attack: Attack) {
        if attack.is_attacked() {
            self.events.push(Event::Prune {
                row: cell.row,
                col: cell.col,
                by: attack.constraints().collect(),
            });
        }
    }
    fn dead_end(&mut self, cell: Cell, blocked_row: usize) {
        self.events.push(Event::DeadEnd {
            row: cell.row,
            col: cell.col,
            blocked_row,
        });
    }
    fn place(&mut self, cell: Cell) {
        self.events.push(Event::Place {
            row: cell.row,
            col: cell.col,
        });
    }
    fn backtrack(&mut self, cell: Cell) {
        self.events.push(Event::Backtrack {
            row: cell.row,
            col: cell.col,
        });
    }
    fn solution(&mut self, queens: &[usize]) -> Flow {
        self.events.push(Event::Solution {
            queens: queens.to_vec(),
        });
        Flow::Continue(())
    }
}
