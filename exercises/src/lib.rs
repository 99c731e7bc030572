//! # Build the Solver — place n queens with three sets
//!
//! You placed queens by hand and watched three sets fill up: the **columns**
//! taken (red), the **main diagonals** taken (amber, `row - col`) and the
//! **anti-diagonals** taken (purple, `row + col`). Now finish the code that does
//! it. The backtracking core below is complete; it leans on three small methods
//! of [`ConstraintSets`], and those are yours to write.
//!
//! ## What you edit
//! Exactly three blanks, each a `todo!()` between a `// BLANK n` and an
//! `// END BLANK n` comment:
//! 1. **the prune check** ([`ConstraintSets::is_attacked`]): is this cell
//!    attacked through its column, its diagonal or its anti-diagonal?
//! 2. **set insertion** ([`ConstraintSets::insert`]): record a queen in the three sets;
//! 3. **set deletion** ([`ConstraintSets::delete`]): forget it when backtracking.
//!
//! Nothing else needs touching. Check your work with `cargo test -p exercises`
//! (each test is named after its blank: `blank_1_prune_check::…`); stuck on
//! blank 2? `cargo run -p queens -- hint 2`.

use std::collections::HashSet;

/// The name of a main diagonal (top-left to bottom-right, amber): `row - col`,
/// the same for every cell of one diagonal.
///
/// **Why signed:** above the main diagonal the column is larger than the row,
/// so `row - col` is negative: the cell (0, 3) lies on diagonal -3. An unsigned
/// `usize` cannot hold -3, and `row - col` computed on `usize` stops the
/// program with "attempt to subtract with overflow". So compute it on a signed
/// type: `row as Diagonal - col as Diagonal`.
///
/// (The other way out is an offset: `n - 1 + row - col` runs from 0 to
/// `2n - 2`, never negative, which suits an array of `2n - 1` flags. It needs
/// `n`, and a set does not.)
pub type Diagonal = isize;

/// The three sets of the seed: what the queens placed so far attack.
///
/// A cell `(row, col)` is attacked when its column is in `columns`, its
/// `row - col` is in `diagonals`, or its `row + col` is in `anti_diagonals`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConstraintSets {
    /// The columns that hold a queen (red).
    pub columns: HashSet<usize>,
    /// The main diagonals that hold a queen, by `row - col` (amber).
    pub diagonals: HashSet<Diagonal>,
    /// The anti-diagonals that hold a queen, by `row + col` (purple).
    pub anti_diagonals: HashSet<usize>,
}

impl ConstraintSets {
    /// Three empty sets: nothing is attacked yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a queen on `(row, col)` would be attacked by a queen already
    /// placed: the check that prunes the search.
    pub fn is_attacked(&self, row: usize, col: usize) -> bool {
        // BLANK 1: prune check
        todo!(
            "blank 1 — prune check: is ({row}, {col}) attacked? Look up its column, its row - col diagonal and its row + col anti-diagonal in the three sets."
        )
        // END BLANK 1
    }

    /// Records a queen on `(row, col)` in the three sets.
    pub fn insert(&mut self, row: usize, col: usize) {
        // BLANK 2: insert
        todo!(
            "blank 2 — insert: record a queen on ({row}, {col}): insert its column, its row - col diagonal and its row + col anti-diagonal into the three sets."
        )
        // END BLANK 2
    }

    /// Forgets the queen on `(row, col)`: the search backtracks past it.
    pub fn delete(&mut self, row: usize, col: usize) {
        // BLANK 3: delete
        todo!(
            "blank 3 — delete: forget the queen on ({row}, {col}): remove its column, its row - col diagonal and its row + col anti-diagonal from the three sets."
        )
        // END BLANK 3
    }
}

/// Every way to place `n` queens, as the seed's `solveNQueens` returns them:
/// one string per row, `Q` for a queen and `.` for an empty square, in the
/// order the search finds them (rows top to bottom, columns left to right).
/// For `n = 4`: `[".Q..", "...Q", "Q...", "..Q."]` then `["..Q.", "Q...", "...Q", ".Q.."]`.
pub fn solve_n_queens(n: usize) -> Vec<Vec<String>> {
    let mut search = Search::new(n, u64::MAX, false);
    // No budget, so the search always finishes (given working blanks).
    let _ = search.backtrack(0);
    search.boards
}

/// One step of the search, for replaying it cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The solutions, in the order found (as [`solve_n_queens`] returns them).
    pub boards: Vec<Vec<String>>,
    /// Nodes of the search tree, as Knuth counts them: every call of the
    /// recursive step, the root (the empty board) included.
    pub nodes: u64,
    /// Every place, prune, backtrack and solution, in order.
    pub steps: Vec<Step>,
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

/// Searches an `n × n` board and records every step; gives up with
/// [`OverBudget`] past `node_budget` nodes, so a prune check that never prunes
/// cannot keep it busy for `n^n` nodes. For `n = 4` the search finds 2 boards
/// in 17 nodes; with a budget of 10 it stops with `OverBudget`.
pub fn explore(n: usize, node_budget: u64) -> Result<Exploration, OverBudget> {
    let mut search = Search::new(n, node_budget, true);
    search.backtrack(0)?;
    Ok(Exploration {
        boards: search.boards,
        nodes: search.nodes,
        steps: search.steps.unwrap_or_default(),
    })
}

/// One search in progress: the sets, the queens placed so far, what it found.
struct Search {
    n: usize,
    sets: ConstraintSets,
    /// `queens[row] = col` for the rows filled so far.
    queens: Vec<usize>,
    boards: Vec<Vec<String>>,
    nodes: u64,
    node_budget: u64,
    /// `None` when nobody wants the steps (they grow with the tree).
    steps: Option<Vec<Step>>,
}

impl Search {
    fn new(n: usize, node_budget: u64, record_steps: bool) -> Self {
        Self {
            n,
            sets: ConstraintSets::new(),
            queens: Vec::with_capacity(n),
            boards: Vec::new(),
            nodes: 0,
            node_budget,
            steps: record_steps.then(Vec::new),
        }
    }

    /// The seed's `backtrack(row)`: rows above `row` hold a queen each; try
    /// every column of `row`, going one row down from each free cell.
    fn backtrack(&mut self, row: usize) -> Result<(), OverBudget> {
        self.nodes += 1; // every call is one node of the search tree
        if self.nodes > self.node_budget {
            return Err(OverBudget {
                node_budget: self.node_budget,
            });
        }
        if row == self.n {
            self.boards.push(board(self.n, &self.queens));
            self.record(Step::Solution {
                queens: self.queens.clone(),
            });
            return Ok(());
        }
        for col in 0..self.n {
            // Blank 1: an attacked cell is pruned, the search skips it.
            if self.sets.is_attacked(row, col) {
                self.record(Step::Prune { row, col });
                continue;
            }
            // Blank 2: place a queen, go one row down.
            self.sets.insert(row, col);
            self.queens.push(col);
            self.record(Step::Place { row, col });
            self.backtrack(row + 1)?;
            // Blank 3: take the queen off again and try the next column.
            self.queens.pop();
            self.sets.delete(row, col);
            self.record(Step::Backtrack { row, col });
        }
        Ok(())
    }

    fn record(&mut self, step: Step) {
        if let Some(steps) = &mut self.steps {
            steps.push(step);
        }
    }
}

/// The seed's board strings: `queens[row] = col` becomes rows like `".Q.."`.
fn board(n: usize, queens: &[usize]) -> Vec<String> {
    queens
        .iter()
        .map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
        .collect()
}
