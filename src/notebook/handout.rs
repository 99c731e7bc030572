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

use crate::notebook::attempt::Unfinished;
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
    /// The board's size.
    pub n: usize,
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget it ran past.
    pub node_budget: u64,
}

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the search explored more than {} nodes",
            self.node_budget
        )
    }
}

impl std::error::Error for OverBudget {}

/// A student's constraint sets and their three blanks, as the handout
/// declares them (pass the methods themselves: `ConstraintSets::insert`).
#[derive(Clone)]
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
                n,
                boards: Vec::new(),
                nodes: 0,
                steps: Vec::new(),
            },
        };
        search.backtrack(&mut self, 0)?;
        Ok(search.run)
    }

    /// Counts the solutions and the nodes of the `n × n` board, recording
    /// nothing and writing no board: what a count-only search (such as
    /// homework 3's `count_solutions`) does, so timing one against the other
    /// changes only how the constraints are kept. No budget: check the
    /// blanks first ([`Handout::explore`] has one).
    ///
    /// ```
    /// use queens::notebook::handout::Handout;
    /// use queens::stores::sets::ConstraintSets;
    /// let sets = Handout::new(ConstraintSets::new(), ConstraintSets::is_attacked,
    ///     ConstraintSets::insert, ConstraintSets::delete);
    /// assert_eq!(sets.count(8), (92, 2057));
    /// ```
    pub fn count(mut self, n: usize) -> (u64, u64) {
        fn walk<S>(blanks: &mut Handout<S>, n: usize, row: usize, found: &mut (u64, u64)) {
            found.1 += 1;
            if row == n {
                found.0 += 1;
                return;
            }
            for col in 0..n {
                if !(blanks.is_attacked)(&blanks.sets, row, col) {
                    (blanks.insert)(&mut blanks.sets, row, col);
                    walk(blanks, n, row + 1, found);
                    (blanks.delete)(&mut blanks.sets, row, col);
                }
            }
        }
        let mut found = (0, 0);
        walk(&mut self, n, 0, &mut found);
        found
    }
}

/// The node budget of [`Handout::record`]: far above Knuth's tree for every
/// board a notebook records (35,539 nodes at n = 10), far below a prune check
/// that never prunes (`n^n`).
pub const NODE_BUDGET: u64 = 1_000_000;

/// What [`Handout::record`] came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The search ran to its end.
    Ran(Exploration),
    /// It entered more nodes than its budget.
    OverBudget(OverBudget),
    /// A blank is still `todo!()`, or the code panicked.
    Stopped(Unfinished),
}

impl Recorded {
    /// The steps as trace events; none unless the search ran to its end.
    pub fn events(&self) -> Vec<Event> {
        match self {
            Self::Ran(run) => run.events(),
            _ => Vec::new(),
        }
    }

    /// Why the search did not run to its end, when a blank stopped it (a
    /// `todo!()`, a panic, or a rehearsal that had to stop it).
    pub fn unfinished(&self) -> Option<&Unfinished> {
        match self {
            Self::Stopped(why) => Some(why),
            _ => None,
        }
    }

    /// The nodes the search entered, if it ran to its end.
    pub fn nodes(&self) -> Option<u64> {
        match self {
            Self::Ran(run) => Some(run.nodes),
            _ => None,
        }
    }

    /// Shows the first steps, or why there are none, as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

/// The first ten steps and how many there are, or why the search did not end.
impl std::fmt::Display for Recorded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Ran(run) => {
                let events = run.events();
                for event in events.iter().take(10) {
                    writeln!(f, "{event}")?;
                }
                write!(f, "… {} steps in all, {} nodes", events.len(), run.nodes)
            }
            Self::OverBudget(over) => write!(f, "your search stopped: {over}"),
            Self::Stopped(why) => write!(f, "{why}"),
        }
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
