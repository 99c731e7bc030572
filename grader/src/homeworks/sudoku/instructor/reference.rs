//! # Sudoku — the same three blanks on a new board
//!
//! The N-Queens solver kept three sets: the columns, the diagonals `row - col`
//! and the anti-diagonals `row + col` the queens hold. A Sudoku solver keeps
//! three sets too: the digits each **row**, each **column** and each **box**
//! already holds. The box of a cell is `(row / 3) * 3 + col / 3` (see
//! [`box_of`]), just as `row - col` named a diagonal.
//!
//! The backtracking below is complete: it takes the first empty cell, tries
//! the digits 1 to 9, skips a digit its row, column or box already holds,
//! writes it down, goes on to the next empty cell, and rubs it out again when
//! it comes back. It leans on three methods of [`SudokuSets`], and those are
//! yours to write:
//! 1. **the prune check** ([`SudokuSets::is_taken`]): is this digit already in
//!    the cell's row, its column or its box?
//! 2. **insertion** ([`SudokuSets::insert`]): record a digit in the three sets;
//! 3. **deletion** ([`SudokuSets::delete`]): forget it when backtracking.
//!
//! Check your work with `cargo test -p exercises --test sudoku` (each
//! test is named after its blank: `blank_1_prune_check::…`).

use std::collections::HashSet;

/// A Sudoku grid: `grid[row][col]` is a digit 1 to 9, or 0 for an empty cell.
pub type Grid = [[u8; 9]; 9];

/// The box of `(row, col)`, numbered 0 to 8 left to right, top to bottom:
/// `row / 3` is the band (0, 1, 2 from the top), `col / 3` the stack (0, 1, 2
/// from the left), and the box is `band * 3 + stack`. `box_of(4, 7) == 5`.
pub fn box_of(row: usize, col: usize) -> usize {
    (row / 3) * 3 + col / 3
}

/// The three sets: which digits each row, each column and each box holds.
///
/// A key is a pair `(index, digit)`: `(2, 5)` in `rows` says "row 2 holds a 5",
/// `(4, 5)` in `boxes` says "box 4 holds a 5".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SudokuSets {
    /// `(row, digit)` for every digit written in that row.
    pub rows: HashSet<(usize, u8)>,
    /// `(col, digit)` for every digit written in that column.
    pub columns: HashSet<(usize, u8)>,
    /// `(box_of(row, col), digit)` for every digit written in that box.
    pub boxes: HashSet<(usize, u8)>,
}

impl SudokuSets {
    /// Three empty sets: every digit fits everywhere.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `digit` is already in the row, the column or the box of
    /// `(row, col)`: the check that prunes the search.
    pub fn is_taken(&self, row: usize, col: usize, digit: u8) -> bool {
        // BLANK 1: prune check
        // todo: is {digit} already in row {row}, column {col} or their box? Look up (row, digit), (col, digit) and (box_of(row, col), digit) in the three sets.
        // hint: A digit is taken when ANY of the three sets already holds its key: three `contains` calls joined by `||`.
        // hint: The keys are pairs: `(row, digit)` in `self.rows`, `(col, digit)` in `self.columns`, and `(box_of(row, col), digit)` in `self.boxes`.
        self.rows.contains(&(row, digit))
            || self.columns.contains(&(col, digit))
            || self.boxes.contains(&(box_of(row, col), digit))
        // END BLANK 1
    }

    /// Records `digit` written in `(row, col)` in the three sets.
    pub fn insert(&mut self, row: usize, col: usize, digit: u8) {
        // BLANK 2: insert
        // todo: record {digit} in ({row}, {col}): insert its row key, its column key and its box key into the three sets.
        // hint: One `insert` per set, with the same three keys the prune check looks up.
        // hint: `self.rows.insert((row, digit))`, `self.columns.insert((col, digit))`, and for the box `(box_of(row, col), digit)`.
        self.rows.insert((row, digit));
        self.columns.insert((col, digit));
        self.boxes.insert((box_of(row, col), digit));
        // END BLANK 2
    }

    /// Forgets `digit` in `(row, col)`: the search backtracks past it.
    pub fn delete(&mut self, row: usize, col: usize, digit: u8) {
        // BLANK 3: delete
        // todo: forget {digit} in ({row}, {col}): remove its row key, its column key and its box key from the three sets.
        // hint: The mirror image of blank 2: one `remove` per set, same keys.
        // hint: Only this digit's three keys go. No unit holds a digit twice, so removing a key cannot free a digit another cell still holds.
        self.rows.remove(&(row, digit));
        self.columns.remove(&(col, digit));
        self.boxes.remove(&(box_of(row, col), digit));
        // END BLANK 3
    }
}

/// The first solution of `puzzle`, or `None` when it has none (or its givens
/// clash).
pub fn solve_sudoku(puzzle: &Grid) -> Option<Grid> {
    let mut search = Search::new(puzzle, u64::MAX, false)?;
    // No budget, so the search always finishes (given working blanks).
    let _ = search.backtrack();
    search.solutions.into_iter().next()
}

/// One step of the search, for replaying it cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The digit fits: it is written in the cell.
    Place {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The digit.
        digit: u8,
    },
    /// The digit is taken (row, column or box): skipped.
    Prune {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The digit.
        digit: u8,
    },
    /// Every digit below this one was tried: it is rubbed out again.
    Backtrack {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The digit.
        digit: u8,
    },
    /// The grid is full: a solution.
    Solution {
        /// The full grid.
        grid: Grid,
    },
}

/// What a whole search did: the solutions found (it stops at the second one:
/// two are enough to know the solution is not unique), the nodes explored,
/// every step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exploration {
    /// The solutions, at most 2, in the order found.
    pub solutions: Vec<Grid>,
    /// Nodes of the search tree: every call of the recursive step, the root
    /// (the puzzle as given) included.
    pub nodes: u64,
    /// Every place, prune, backtrack and solution, in order.
    pub steps: Vec<Step>,
}

/// Why [`explore`] gave up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// Two givens clash: the puzzle has no solution to look for.
    GivensClash,
    /// The search explored more nodes than its budget.
    OverBudget {
        /// The budget it ran past.
        node_budget: u64,
    },
}

/// Searches `puzzle` (first empty cell, digits 1 to 9) until its second
/// solution or the end of the tree, recording every step; gives up past
/// `node_budget` nodes, so a prune check that never prunes cannot keep it busy
/// for 9^60 nodes.
pub fn explore(puzzle: &Grid, node_budget: u64) -> Result<Exploration, Stopped> {
    let mut search = Search::new(puzzle, node_budget, true).ok_or(Stopped::GivensClash)?;
    search.backtrack()?;
    Ok(Exploration {
        solutions: search.solutions,
        nodes: search.nodes,
        steps: search.steps.unwrap_or_default(),
    })
}

/// One search in progress: the sets, the grid so far, what it found.
struct Search {
    sets: SudokuSets,
    grid: Grid,
    solutions: Vec<Grid>,
    nodes: u64,
    node_budget: u64,
    steps: Option<Vec<Step>>,
}

impl Search {
    /// The search of `puzzle`, its givens inserted; `None` if two clash.
    fn new(puzzle: &Grid, node_budget: u64, record_steps: bool) -> Option<Self> {
        let mut sets = SudokuSets::new();
        for (row, digits) in puzzle.iter().enumerate() {
            for (col, &digit) in digits.iter().enumerate() {
                if digit != 0 {
                    if sets.is_taken(row, col, digit) {
                        return None;
                    }
                    sets.insert(row, col, digit);
                }
            }
        }
        Some(Self {
            sets,
            grid: *puzzle,
            solutions: Vec::new(),
            nodes: 0,
            node_budget,
            steps: record_steps.then(Vec::new),
        })
    }

    /// Fills the first empty cell with each digit that fits, and goes on to
    /// the next. Stops once two solutions are found.
    fn backtrack(&mut self) -> Result<(), Stopped> {
        self.nodes += 1; // every call is one node of the search tree
        if self.nodes > self.node_budget {
            return Err(Stopped::OverBudget {
                node_budget: self.node_budget,
            });
        }
        let Some((row, col)) = self.first_empty() else {
            self.solutions.push(self.grid);
            self.record(Step::Solution { grid: self.grid });
            return Ok(());
        };
        for digit in 1..=9 {
            if self.solutions.len() >= 2 {
                break; // two solutions: enough to know it is not unique
            }
            // Blank 1: a digit already in the row, column or box is pruned.
            if self.sets.is_taken(row, col, digit) {
                self.record(Step::Prune { row, col, digit });
                continue;
            }
            // Blank 2: write the digit, go on to the next empty cell.
            self.sets.insert(row, col, digit);
            self.grid[row][col] = digit;
            self.record(Step::Place { row, col, digit });
            self.backtrack()?;
            // Blank 3: rub it out and try the next digit.
            self.grid[row][col] = 0;
            self.sets.delete(row, col, digit);
            self.record(Step::Backtrack { row, col, digit });
        }
        Ok(())
    }

    fn first_empty(&self) -> Option<(usize, usize)> {
        (0..81)
            .map(|i| (i / 9, i % 9))
            .find(|&(row, col)| self.grid[row][col] == 0)
    }

    fn record(&mut self, step: Step) {
        if let Some(steps) = &mut self.steps {
            steps.push(step);
        }
    }
}
