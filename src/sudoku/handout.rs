//! The Sudoku handout's search, recorded step by step: the student's three
//! blanks (`is_taken`, `insert`, `delete`) driven by a copy of the handout's
//! backtracking core, and the library's `naive` search recorded the same way,
//! so that notebook 08 can show the student's steps beside the reference's.
//!
//! As for the queens ([`handout`](crate::notebook::handout)): the handout's own
//! `solve_sudoku` stays plain, and this copy of its core (first empty cell,
//! digits 1 to 9, the givens inserted first, a stop at the second solution)
//! records what the notebook needs, with a node budget so that a prune check
//! that never prunes cannot keep the kernel busy. Nodes are counted as
//! everywhere in the library: every call of the recursive step, the root
//! (the puzzle as given) included.
//!
//! ```
//! use queens::sudoku::handout::{SudokuHandout, reference};
//! use queens::sudoku::{Units, bank};
//! let puzzle = bank::diabolical()[0].grid;
//! // Any type with the handout's three methods; here the library's own bitsets,
//! // through closures with the handout's signatures.
//! let yours = SudokuHandout::new(
//!     Units::new(),
//!     |units: &Units, row, col, digit| units.clash(queens::board::coords::Cell::new(row, col), digit).is_some(),
//!     |units: &mut Units, row, col, digit| units.insert(queens::board::coords::Cell::new(row, col), digit),
//!     |units: &mut Units, row, col, digit| units.delete(queens::board::coords::Cell::new(row, col), digit),
//! );
//! let run = yours.explore(&puzzle, 1_000_000);
//! let naive = reference(&puzzle, 1_000_000)?;
//! assert_eq!((run.nodes, run.solutions.len(), run.stopped), (naive.nodes, 1, None));
//! assert!(run.steps.iter().map(|s| s.bare()).eq(naive.steps.iter().map(|s| s.bare())));
//! # Ok::<(), queens::sudoku::handout::Stopped>(())
//! ```

use crate::board::coords::Cell;
use crate::notebook::attempt::{Attempt, Unfinished, attempt};
#[cfg(feature = "homework")]
use crate::notebook::feedback::Progress;
use crate::notebook::guard;
use crate::search::Flow;
use crate::sudoku::search::{self, CellOrder, Observer};
use crate::sudoku::{Grid, Unit};

/// One step of a Sudoku search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The digit fits: it is written in the cell.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// The digit is taken: skipped.
    Prune {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The first unit (row, column, box) holding it, when the search
        /// says: the reference does, a student's search does not.
        by: Option<Unit>,
    },
    /// Every digit below this one was tried: it is rubbed out again.
    Backtrack {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// The grid is full: a solution.
    Solution {
        /// The full grid.
        grid: Grid,
    },
}

impl Step {
    /// The step without the reason of a prune, as a student's search records
    /// it: what two searches are compared on.
    pub fn bare(&self) -> Self {
        match *self {
            Self::Prune { cell, digit, .. } => Self::Prune {
                cell,
                digit,
                by: None,
            },
            other => other,
        }
    }
}

/// "write 5 in (0, 2)", "prune 3 in (0, 2): row 0 holds it", "rub 5 out of
/// (0, 2)", "solution": rows and columns from 0, as in the handout.
impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Place { cell, digit } => write!(f, "write {digit} in {cell}"),
            Self::Prune { cell, digit, by } => {
                write!(f, "prune {digit} in {cell}")?;
                match by {
                    Some(unit) => write!(f, ": {} holds it", unit_name(*unit)),
                    None => Ok(()),
                }
            }
            Self::Backtrack { cell, digit } => write!(f, "rub {digit} out of {cell}"),
            Self::Solution { .. } => write!(f, "solution: the grid is full"),
        }
    }
}

/// "row 0", "column 4", "box 8": numbered from 0, as the handout's keys
/// (the library's `Unit` counts from 1 for its command line).
pub fn unit_name(unit: Unit) -> String {
    match unit {
        Unit::Row(row) => format!("row {row}"),
        Unit::Column(col) => format!("column {col}"),
        Unit::Box(b) => format!("box {b}"),
    }
}

/// What a whole search did: its solutions (at most two), its nodes, every
/// step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuRun {
    /// The puzzle searched.
    pub puzzle: Grid,
    /// The solutions, at most 2, in the order found.
    pub solutions: Vec<Grid>,
    /// Nodes of the search tree, root included.
    pub nodes: u64,
    /// Every place, prune, backtrack and solution, in order (up to the stop,
    /// if there was one).
    pub steps: Vec<Step>,
    /// Why the search ended before its tree or its second solution: `None`
    /// when it finished.
    pub stopped: Option<Stopped>,
}

impl SudokuRun {
    /// A run of `puzzle` before its first step.
    fn starting(puzzle: &Grid) -> Self {
        Self {
            puzzle: *puzzle,
            solutions: Vec::new(),
            nodes: 0,
            steps: Vec::new(),
            stopped: None,
        }
    }

    /// "684 nodes, 1 solution, 6851 steps", and why it stopped if it did.
    pub fn summary(&self) -> String {
        let mut solutions = match self.solutions.len() {
            1 => "1 solution".to_owned(),
            n => format!("{n} solutions"),
        };
        // A search whose sets are wrong fills grids that break the rules.
        let wrong = self
            .solutions
            .iter()
            .filter(|grid| !grid.solves(&self.puzzle))
            .count();
        if wrong > 0 {
            let all = if wrong == self.solutions.len() {
                "all"
            } else {
                "some"
            };
            solutions.push_str(&format!(
                " ({all} wrong: full grids with a digit twice in a row, a column or a box)"
            ));
        }
        let mut text = format!(
            "{} nodes, {solutions}, {} steps",
            self.nodes,
            self.steps.len()
        );
        if let (Some(stopped), Some(how_far)) = (&self.stopped, self.how_far_in_a_copy()) {
            // Its counts are the kernel's, which saw none of it: said instead.
            return crate::notebook::attempt::rewrap(&format!("stopped {how_far}: {stopped}"));
        }
        if let Some(stopped) = &self.stopped {
            text.push_str(&format!("; then it stopped: {stopped}"));
        }
        text
    }

    /// How far the search got when a rehearsal had to stop it (a recursion
    /// without end, an endless loop), in words: its steps were taken in a
    /// copy of the kernel and went with it, so only their count is known
    /// ([`guard::seen`]). `None` when no rehearsal stopped it.
    ///
    /// ```
    /// use queens::sudoku::{Grid, handout::SudokuHandout};
    /// let (taken, insert, delete) = (|_: &(), _, _, _| false, |_: &mut (), _, _, _| {}, |_: &mut (), _, _, _| {});
    /// let run = SudokuHandout::new((), taken, insert, delete).explore(&Grid::empty(), 10);
    /// assert!(run.stopped.is_some(), "past its budget");
    /// assert_eq!(run.how_far_in_a_copy(), None, "no rehearsal stopped it");
    /// ```
    pub fn how_far_in_a_copy(&self) -> Option<String> {
        let Some(Stopped::Panicked(why)) = &self.stopped else {
            return None;
        };
        Some(match why.stopped.as_ref()?.seen {
            None => {
                "while it wrote the puzzle's givens into your sets, before its first step".into()
            }
            Some(0) => "before its first step".into(),
            Some(1) => "after its first step, which is not kept".into(),
            Some(k) => format!(
                "after its first {} steps, which are not kept",
                crate::notebook::table::thousands(k)
            ),
        })
    }

    /// Whether the search took steps that were not kept: a rehearsal had to
    /// stop it after it took some, in a copy of the kernel.
    pub fn steps_lost(&self) -> bool {
        let Some(Stopped::Panicked(why)) = &self.stopped else {
            return false;
        };
        why.stopped
            .as_ref()
            .and_then(|failed| failed.seen)
            .is_some_and(|k| k > 0)
    }

    /// The grid after the first `k` steps (the puzzle for `k = 0`).
    pub fn grid_after(&self, k: usize) -> Grid {
        grid_after(&self.puzzle, &self.steps, k)
    }
}

/// The grid after the first `k` of `steps` from `puzzle`.
pub(crate) fn grid_after(puzzle: &Grid, steps: &[Step], k: usize) -> Grid {
    let mut grid = *puzzle;
    for step in &steps[..k.min(steps.len())] {
        match *step {
            Step::Place { cell, digit } => grid.set(cell, digit),
            Step::Backtrack { cell, .. } => grid.clear(cell),
            _ => {}
        }
    }
    grid
}

/// Why a search gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The prune check says two givens clash (for the reference: they do).
    GivensClash,
    /// The search explored more nodes than its budget.
    OverBudget {
        /// The budget it ran past.
        node_budget: u64,
    },
    /// A blank panicked: still `todo!()`, or a bug (the steps before it are
    /// kept).
    Panicked(Unfinished),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::GivensClash => f.write_str(
                "the prune check refuses a given of the puzzle: two givens clash, or it sees a \
                 clash that is not there",
            ),
            Self::OverBudget { node_budget } => {
                write!(f, "the search explored more than {node_budget} nodes")
            }
            Self::Panicked(unfinished) => write!(f, "{unfinished}"),
        }
    }
}

impl std::error::Error for Stopped {}

/// A student's Sudoku sets and their three blanks, with the handout's
/// signatures (pass the methods themselves: `SudokuSets::is_taken`).
pub struct SudokuHandout<S> {
    sets: S,
    is_taken: fn(&S, usize, usize, u8) -> bool,
    insert: fn(&mut S, usize, usize, u8),
    delete: fn(&mut S, usize, usize, u8),
}

impl<S> SudokuHandout<S> {
    /// The blanks of `sets`: the prune check, insertion and deletion.
    pub fn new(
        sets: S,
        is_taken: fn(&S, usize, usize, u8) -> bool,
        insert: fn(&mut S, usize, usize, u8),
        delete: fn(&mut S, usize, usize, u8),
    ) -> Self {
        Self {
            sets,
            is_taken,
            insert,
            delete,
        }
    }

    /// Searches `puzzle` as the handout does and records every step. It stops
    /// past `node_budget` nodes, when the prune check refuses a given, or when
    /// a blank panics (a `todo!()` not filled yet); the run then keeps the
    /// steps taken so far and says why in [`SudokuRun::stopped`].
    pub fn explore(self, puzzle: &Grid, node_budget: u64) -> SudokuRun {
        self.explore_with(puzzle, node_budget, |search| {
            attempt("your Sudoku search", search)
        })
    }

    /// [`explore`](Self::explore) as a notebook runs it: a search a
    /// rehearsal had to stop (a recursion without end, an endless loop)
    /// names the blank to look at first from `progress`, as every attempt of
    /// a notebook does ([`Progress::attempt`]), and the run says how far it
    /// got there ([`SudokuRun::summary`]). Notebook 08's one call.
    #[cfg(feature = "homework")]
    pub fn record(self, puzzle: &Grid, node_budget: u64, progress: &Progress) -> SudokuRun {
        self.explore_with(puzzle, node_budget, |search| {
            progress.attempt("your Sudoku search", search)
        })
    }

    fn explore_with(
        self,
        puzzle: &Grid,
        node_budget: u64,
        run: impl FnOnce(&mut dyn FnMut() -> Result<(), Stopped>) -> Attempt<Result<(), Stopped>>,
    ) -> SudokuRun {
        let mut search = HandoutSearch {
            blanks: self,
            node_budget,
            run: SudokuRun::starting(puzzle),
            grid: *puzzle,
        };
        let ran = run(&mut || search.givens().and_then(|()| search.backtrack()));
        search.run.stopped = match ran {
            Attempt::Done(Ok(())) => None,
            Attempt::Done(Err(stopped)) => Some(stopped),
            Attempt::Unfinished(why) => Some(Stopped::Panicked(why)),
        };
        search.run
    }
}

struct HandoutSearch<S> {
    blanks: SudokuHandout<S>,
    node_budget: u64,
    run: SudokuRun,
    grid: Grid,
}

impl<S> HandoutSearch<S> {
    /// The handout's `Search::new`: every given checked, then inserted.
    fn givens(&mut self) -> Result<(), Stopped> {
        let blanks = &mut self.blanks;
        for cell in (0..81).map(|i| Cell::new(i / 9, i % 9)) {
            if let Some(digit) = self.run.puzzle.get(cell) {
                if (blanks.is_taken)(&blanks.sets, cell.row, cell.col, digit) {
                    return Err(Stopped::GivensClash);
                }
                (blanks.insert)(&mut blanks.sets, cell.row, cell.col, digit);
            }
        }
        // The givens are in: no step yet, and the rehearsal knows it.
        guard::seen(0);
        Ok(())
    }

    /// The handout's `backtrack`, step for step, recording each step.
    fn backtrack(&mut self) -> Result<(), Stopped> {
        self.run.nodes += 1;
        if self.run.nodes > self.node_budget {
            return Err(Stopped::OverBudget {
                node_budget: self.node_budget,
            });
        }
        let Some(cell) = self.grid.empty_cells().next() else {
            self.run.solutions.push(self.grid);
            self.step(Step::Solution { grid: self.grid });
            return Ok(());
        };
        let (row, col) = (cell.row, cell.col);
        for digit in 1..=9 {
            if self.run.solutions.len() >= 2 {
                break; // two solutions: enough to know it is not unique
            }
            let blanks = &mut self.blanks;
            if (blanks.is_taken)(&blanks.sets, row, col, digit) {
                self.step(Step::Prune {
                    cell,
                    digit,
                    by: None,
                });
                continue;
            }
            (blanks.insert)(&mut blanks.sets, row, col, digit);
            self.grid.set(cell, digit);
            self.step(Step::Place { cell, digit });
            self.backtrack()?;
            self.grid.clear(cell);
            let blanks = &mut self.blanks;
            (blanks.delete)(&mut blanks.sets, row, col, digit);
            self.step(Step::Backtrack { cell, digit });
        }
        Ok(())
    }

    /// Records `step`, and tells a rehearsal how many steps there are now
    /// ([`guard::seen`]): all it keeps of a search it has to stop.
    fn step(&mut self, step: Step) {
        self.run.steps.push(step);
        guard::seen(self.run.steps.len() as u64);
    }
}

/// The library's `naive` search of `puzzle` (first empty cell, digits 1 to 9,
/// a stop at the second solution), recorded as the handout records its own:
/// the steps a student's search must take, each prune with the unit that
/// holds the digit.
pub fn reference(puzzle: &Grid, node_budget: u64) -> Result<SudokuRun, Stopped> {
    let mut recorder = Recorder {
        run: SudokuRun::starting(puzzle),
        node_budget,
        over: false,
    };
    // A stop (the second solution, the budget) is read from the recorder.
    let _stopped = search::explore(puzzle, CellOrder::FirstEmpty, &mut recorder)
        .map_err(|_| Stopped::GivensClash)?;
    if recorder.over {
        return Err(Stopped::OverBudget { node_budget });
    }
    Ok(recorder.run)
}

struct Recorder {
    run: SudokuRun,
    node_budget: u64,
    over: bool,
}

impl Observer for Recorder {
    fn node(&mut self, _grid: &Grid) -> Flow {
        self.run.nodes += 1;
        if self.run.nodes > self.node_budget {
            self.over = true;
            return Flow::Break(());
        }
        Flow::Continue(())
    }
    fn candidate(&mut self, cell: Cell, digit: u8, clash: Option<Unit>) {
        if clash.is_some() {
            self.run.steps.push(Step::Prune {
                cell,
                digit,
                by: clash,
            });
        }
    }
    fn place(&mut self, cell: Cell, digit: u8) {
        self.run.steps.push(Step::Place { cell, digit });
    }
    fn backtrack(&mut self, cell: Cell, digit: u8) {
        self.run.steps.push(Step::Backtrack { cell, digit });
    }
    fn solution(&mut self, grid: &Grid) -> Flow {
        self.run.solutions.push(*grid);
        self.run.steps.push(Step::Solution { grid: *grid });
        if self.run.solutions.len() >= 2 {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
}
