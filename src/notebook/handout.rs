//! A handout's search, recorded step by step: the student's three blanks
//! (`is_attacked`, `insert`, `delete`) driven by the handout's backtracking core,
//! with a node budget so that a prune check that never prunes cannot keep a
//! notebook or a graded test busy for `n^n` nodes.
//!
//! The handout's own `solve_n_queens` stays plain; this is the instructor's
//! copy of the same core, with the recording the notebooks and the graded
//! tests need. Nodes are counted as everywhere else in the library: every
//! call of the recursive step, the root included (Knuth's count).
//!
//! ```
//! use queens::notebook::handout::Handout;
//! use queens::stores::sets::ConstraintSets;
//! // Any type with the handout's three methods; here the library's own sets.
//! let yours = Handout::new(
//!     ConstraintSets::new(),
//!     ConstraintSets::is_attacked,
//!     ConstraintSets::insert,
//!     ConstraintSets::delete,
//! );
//! let run = yours.explore(4, 10_000).unwrap();
//! assert_eq!((run.boards.len(), run.nodes), (2, 17));
//! ```

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::report::trace::Event;

/// One step of the search, for replaying it cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Step {
    /// The cell was free: a queen goes there.
    Place {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// The cell was attacked: skipped.
    Prune {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// Every column below this queen was tried: it is taken off again.
    Backtrack {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// Every row holds a queen: a solution, `queens[row] = col`.
    Solution {
        /// The column of the queen in each row.
        queens: Vec<usize>,
    },
}

/// What a whole search did: the boards found, the nodes explored, every step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exploration {
    /// The solutions in the order found, as the JavaScript article's board strings.
    pub boards: Vec<Vec<String>>,
    /// Nodes of the search tree: every call of the recursive step, the root
    /// (the empty board) included.
    pub nodes: u64,
    /// Every place, prune, backtrack and solution, in order.
    pub steps: Vec<Step>,
}

impl Exploration {
    /// The steps as the library's trace events, ready for its pictures and
    /// for [`first_difference`](crate::notebook::feedback::first_difference).
    /// A student's prune does not say which line pruned the cell, so its
    /// `by` is empty; the pictures work it out from the board.
    pub fn events(&self) -> Vec<Event> {
        self.steps.iter().map(Event::from).collect()
    }
}

impl From<&Step> for Event {
    fn from(step: &Step) -> Self {
        match step.clone() {
            Step::Place { row, col } => Event::Place { row, col },
            Step::Prune { row, col } => Event::Prune {
                row,
                col,
                by: Vec::new(),
            },
            Step::Backtrack { row, col } => Event::Backtrack { row, col },
            Step::Solution { queens } => Event::Solution { queens },
        }
    }
}

/// A search stopped because it explored more nodes than its budget allows.
#[derive(Debug, Clone, PartialEq, Eq, derive_more::Display, derive_more::Error)]
#[display("the search explored more than {node_budget} nodes")]
pub struct OverBudget {
    /// The budget it ran past.
    pub node_budget: u64,
}

/// A student's constraint sets and their three blanks, as the handout
/// declares them (pass the methods themselves: `ConstraintSets::insert`).
pub struct Handout<S> {
    sets: S,
    is_attacked: fn(&S, usize, usize) -> bool,
    insert: fn(&mut S, usize, usize),
    delete: fn(&mut S, usize, usize),
}

impl<S> Handout<S> {
    /// The blanks of `sets`: the prune check, insertion and deletion.
    pub fn new(
        sets: S,
        is_attacked: fn(&S, usize, usize) -> bool,
        insert: fn(&mut S, usize, usize),
        delete: fn(&mut S, usize, usize),
    ) -> Self {
        Self {
            sets,
            is_attacked,
            insert,
            delete,
        }
    }

    /// Searches an `n × n` board and records every step; gives up with
    /// [`OverBudget`] past `node_budget` nodes.
    pub fn explore(mut self, n: usize, node_budget: u64) -> Result<Exploration, OverBudget> {
        let mut search = Search {
            n,
            node_budget,
            queens: Vec::with_capacity(n),
            run: Exploration {
                boards: Vec::new(),
                nodes: 0,
                steps: Vec::new(),
            },
        };
        search.backtrack(&mut self, 0)?;
        Ok(search.run)
    }
}

/// One search in progress.
struct Search {
    n: usize,
    node_budget: u64,
    /// `queens[row] = col` for the rows filled so far.
    queens: Vec<usize>,
    run: Exploration,
}

impl Search {
    /// The interactive lesson's `backtrack(row)`, as in the handout, recording each step.
    fn backtrack<S>(&mut self, blanks: &mut Handout<S>, row: usize) -> Result<(), OverBudget> {
        self.run.nodes += 1;
        if self.run.nodes > self.node_budget {
            return Err(OverBudget {
                node_budget: self.node_budget,
            });
        }
        if row == self.n {
            let board = crate::board::placement::board_rows(self.n, &self.queens);
            self.run.boards.push(board);
            let queens = self.queens.clone();
            self.run.steps.push(Step::Solution { queens });
            return Ok(());
        }
        for col in 0..self.n {
            if (blanks.is_attacked)(&blanks.sets, row, col) {
                self.run.steps.push(Step::Prune { row, col });
                continue;
            }
            (blanks.insert)(&mut blanks.sets, row, col);
            self.queens.push(col);
            self.run.steps.push(Step::Place { row, col });
            self.backtrack(blanks, row + 1)?;
            self.queens.pop();
            (blanks.delete)(&mut blanks.sets, row, col);
            self.run.steps.push(Step::Backtrack { row, col });
        }
        Ok(())
    }
}
