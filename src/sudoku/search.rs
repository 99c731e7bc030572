//! The Sudoku backtracking search, counted like the queens'.
//!
//! ```text
//! visit(grid):                          // one call = one node
//!     observer.node(grid)
//!     cell = pick an empty cell         // naive: the first; mrv: the fewest candidates
//!     if there is none: solution
//!     for digit in 1..=9:
//!         if digit in row, column or box: prune     // the prune check
//!         insert(cell, digit)                        // record it in the three sets
//!         visit(grid + digit)
//!         delete(cell, digit)                        // backtrack
//! ```
//!
//! The only difference between `naive` and `mrv` is which empty cell a node
//! branches on ([`CellOrder`]); the loop, the prune check and the node count
//! are the same, so their node counts compare the two trees directly.

use crate::board::coords::Cell;
use crate::search::Flow;

use super::cells::{CELLS, cell_at};
use super::grid::Grid;
use super::units::{Clash, Unit, Units};

/// Which empty cell a node branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellOrder {
    /// The first empty cell, row by row (`naive`).
    FirstEmpty,
    /// The empty cell with the fewest candidates, the first one on a tie
    /// (`mrv`, "minimum remaining values").
    FewestCandidates,
}

impl CellOrder {
    /// The cell a node with `grid` and its `units` branches on, or `None` when
    /// the grid is full.
    pub fn pick(self, grid: &Grid, units: &Units) -> Option<Cell> {
        let mut empty = (0..CELLS).filter(|&i| grid.digits()[i] == 0).map(cell_at);
        match self {
            CellOrder::FirstEmpty => empty.next(),
            CellOrder::FewestCandidates => {
                let mut best: Option<(u32, Cell)> = None;
                for cell in empty {
                    let count = units.candidates(cell).len();
                    if best.is_none_or(|(fewest, _)| count < fewest) {
                        best = Some((count, cell));
                        if count == 0 {
                            break; // nothing beats a dead end
                        }
                    }
                }
                best.map(|(_, cell)| cell)
            }
        }
    }
}

/// Listens to a Sudoku search; every method has a do-nothing default. The order
/// of calls for one node: `node`, then for each digit 1 to 9 `candidate`, and
/// for a digit that fits `place`, the child's calls, `backtrack`.
pub trait Observer {
    /// The search entered a node (one call of the recursive step, root
    /// included: the project's one node count).
    fn node(&mut self, grid: &Grid) -> Flow {
        let _ = grid;
        Flow::Continue(())
    }
    /// The search tested `digit` in `cell`; `clash` is the first unit (row,
    /// column, box) already holding it, `None` when it fits.
    fn candidate(&mut self, cell: Cell, digit: u8, clash: Option<Unit>) {
        let _ = (cell, digit, clash);
    }
    /// `digit` went into `cell` (the next `node` call is its child).
    fn place(&mut self, cell: Cell, digit: u8) {
        let _ = (cell, digit);
    }
    /// `digit` was taken out of `cell` after its subtree was explored.
    fn backtrack(&mut self, cell: Cell, digit: u8) {
        let _ = (cell, digit);
    }
    /// `grid` is full: a solution (called right after its `node` call).
    fn solution(&mut self, grid: &Grid) -> Flow {
        let _ = grid;
        Flow::Continue(())
    }
}

impl Observer for () {}

impl<O: Observer + ?Sized> Observer for &mut O {
    fn node(&mut self, grid: &Grid) -> Flow {
        (**self).node(grid)
    }
    fn candidate(&mut self, cell: Cell, digit: u8, clash: Option<Unit>) {
        (**self).candidate(cell, digit, clash)
    }
    fn place(&mut self, cell: Cell, digit: u8) {
        (**self).place(cell, digit)
    }
    fn backtrack(&mut self, cell: Cell, digit: u8) {
        (**self).backtrack(cell, digit)
    }
    fn solution(&mut self, grid: &Grid) -> Flow {
        (**self).solution(grid)
    }
}

impl<A: Observer, B: Observer> Observer for (A, B) {
    fn node(&mut self, grid: &Grid) -> Flow {
        // Both see the node even if the first stops.
        let first = self.0.node(grid);
        let second = self.1.node(grid);
        if first.is_break() { first } else { second }
    }
    fn candidate(&mut self, cell: Cell, digit: u8, clash: Option<Unit>) {
        self.0.candidate(cell, digit, clash);
        self.1.candidate(cell, digit, clash);
    }
    fn place(&mut self, cell: Cell, digit: u8) {
        self.0.place(cell, digit);
        self.1.place(cell, digit);
    }
    fn backtrack(&mut self, cell: Cell, digit: u8) {
        self.0.backtrack(cell, digit);
        self.1.backtrack(cell, digit);
    }
    fn solution(&mut self, grid: &Grid) -> Flow {
        let first = self.0.solution(grid);
        let second = self.1.solution(grid);
        if first.is_break() { first } else { second }
    }
}

/// The queens' node budget, reused as it is: it only counts `node` calls.
impl Observer for crate::search::NodeBudget {
    fn node(&mut self, _grid: &Grid) -> Flow {
        crate::search::Observer::node(self, &[])
    }
}

/// Counts nodes and keeps the first solution; stops at the second (by
/// default), which is all it takes to know whether the solution is unique.
#[derive(Clone, Debug)]
pub struct Solutions {
    /// Nodes entered, root included.
    pub nodes: u64,
    /// Solutions found, at most `limit`.
    pub found: u64,
    /// The first solution.
    pub first: Option<Grid>,
    /// Where it stops.
    pub limit: u64,
}

impl Default for Solutions {
    fn default() -> Self {
        Self::up_to(2)
    }
}

impl Solutions {
    /// Stops at the `limit`-th solution.
    pub fn up_to(limit: u64) -> Self {
        Self {
            nodes: 0,
            found: 0,
            first: None,
            limit,
        }
    }
}

impl Observer for Solutions {
    fn node(&mut self, _grid: &Grid) -> Flow {
        self.nodes += 1;
        Flow::Continue(())
    }
    fn solution(&mut self, grid: &Grid) -> Flow {
        self.found += 1;
        self.first.get_or_insert(*grid);
        if self.found >= self.limit {
            Flow::Break(())
        } else {
            Flow::Continue(())
        }
    }
}

/// Runs the search on `puzzle`, branching on the cells `order` picks, and
/// reports to `observer`. Returns `Break` if an observer stopped it, or the
/// clash when the puzzle's givens already clash.
pub fn explore<O: Observer>(
    puzzle: &Grid,
    order: CellOrder,
    observer: &mut O,
) -> Result<Flow, Clash> {
    let mut units = Units::from_grid(puzzle)?;
    let mut grid = *puzzle;
    Ok(visit(&mut grid, &mut units, order, observer))
}

fn visit<O: Observer>(
    grid: &mut Grid,
    units: &mut Units,
    order: CellOrder,
    observer: &mut O,
) -> Flow {
    observer.node(grid)?;
    let Some(cell) = order.pick(grid, units) else {
        return observer.solution(grid);
    };
    for digit in 1..=9 {
        let clash = units.clash(cell, digit);
        observer.candidate(cell, digit, clash);
        if clash.is_some() {
            continue;
        }
        units.insert(cell, digit);
        grid.set(cell, digit);
        observer.place(cell, digit);
        let flow = visit(grid, units, order, observer);
        grid.clear(cell);
        units.delete(cell, digit);
        observer.backtrack(cell, digit);
        flow?;
    }
    Flow::Continue(())
}
