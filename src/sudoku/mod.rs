//! # Sudoku — the same backtracking on a new board
//!
//! The article this course comes from ends with "try Sudoku next". It is the
//! same search with three new sets: a digit may go into a cell when its
//! **row**, its **column** and its **box** do not hold it yet, just as a queen
//! may go on a cell when its column, its diagonal and its anti-diagonal are
//! free. The box has an identity of its own, [`box_of`]: `(row / 3) * 3 + col
//! / 3`, as `row - col` names a diagonal.
//!
//! * [`grid`]: the 81 cells, [`box_of`], parsing and its [`ParseError`]s;
//! * [`units`]: the three constraint sets, the prune check, [`Clash`];
//! * [`bank`]: puzzle files (the Sudoku Exchange bank's `hash puzzle rating`)
//!   and the 40 diabolical puzzles the course ships;
//! * [`search`]: the backtracking search (`naive`, `mrv`) and its
//!   [`Observer`](search::Observer);
//! * `fast`: the `fastest` strategy (bitmasks, MRV, naked singles);
//! * [`quiz`]: notebook 07's questions.
//!
//! ```
//! use queens::sudoku::{Grid, Strategy, solve};
//! let puzzle: Grid = "083020090000800100029300008000098700070000060006740000300006980002005000010030540".parse()?;
//! let naive = solve(&puzzle, Strategy::Naive);
//! let mrv = solve(&puzzle, Strategy::Mrv);
//! assert!(naive.unique && mrv.unique);
//! assert_eq!(naive.solution, mrv.solution);
//! assert!(mrv.nodes * 10 < naive.nodes);
//! # Ok::<(), queens::sudoku::ParseError>(())
//! ```
//!
//! ## What Sudoku shares with the queens' engine, and what it does not
//!
//! * **Shared: the node count.** A node is one call of the recursive step, the
//!   root included, for every strategy here as for the queens'; `unique` means
//!   the search went on after the first solution and found no second one, so
//!   its node count covers the whole tree (or stops at the second solution).
//! * **Shared: the control flow and the budget.** Observers answer with
//!   [`crate::search::Flow`], and the queens' [`crate::search::NodeBudget`] is
//!   a Sudoku [`search::Observer`] as it is (it only counts nodes).
//! * **Shared: the vocabulary.** Cells are [`crate::board::coords::Cell`]; the prune
//!   check names the first set that holds the digit (row, column, box), as the
//!   queens' names the first attacker (column, diagonal, anti-diagonal).
//! * **Not shared: the engine.** [`crate::search::explore`] walks an `n × n`
//!   board one row per level and tries the columns `0..n` in order, and its
//!   observers see a list of queen columns and an `Attack` of three fixed
//!   constraints. A Sudoku level fills *some* empty cell (the first one, or the
//!   most constrained one) with the digits 1 to 9, so the engine's shape does
//!   not fit; [`search::explore`] is the same loop written for a grid, with an
//!   observer trait of the same shape (`node`, `candidate`, `place`,
//!   `backtrack`, `solution`).
//! * **Not shared: the fast path.** `fastest` copies a small bitmask state at
//!   each node and fills naked singles before branching, so it reports nodes
//!   and solutions but no per-candidate events (like the queens' bitmask walk,
//!   it has no observer).

pub mod bank;
mod fast;
pub mod grid;
pub mod quiz;
pub mod search;
pub mod units;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

pub use grid::{CELLS, Grid, ParseError, SIDE, box_of};
pub use units::{Clash, Digits, Unit, Units};

use search::CellOrder;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// The first empty cell, digits 1 to 9.
    Naive,
    /// The empty cell with the fewest candidates first ("minimum remaining
    /// values"), digits 1 to 9.
    Mrv,
    /// Bitmasks, the fewest candidates first, and naked singles filled in
    /// before each branch.
    Fastest,
}

impl Strategy {
    /// Every strategy, slowest first.
    pub const ALL: [Strategy; 3] = [Strategy::Naive, Strategy::Mrv, Strategy::Fastest];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Mrv => "mrv",
            Strategy::Fastest => "fastest",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Sudoku strategy '{0}': expected naive, mrv or fastest")]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;
    fn from_str(name: &str) -> Result<Self, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy(name.to_owned()))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The first solution found, `None` when there is none.
    pub solution: Option<Grid>,
    /// Solutions found: 0, 1, or 2 (the search stops at the second).
    pub solutions: u64,
    /// Nodes explored, root included, until the second solution or the end of
    /// the tree.
    pub nodes: u64,
    /// Exactly one solution.
    pub unique: bool,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// Solves `puzzle` with `strategy`, going on after the first solution to look
/// for a second one. `puzzle` comes from [`Grid::parse`], which refuses givens
/// that clash; a grid whose givens clash (made with [`Grid::set`]) has no
/// solution and a search of 0 nodes.
pub fn solve(puzzle: &Grid, strategy: Strategy) -> Solved {
    let start = Instant::now();
    let (solution, solutions, nodes) = match strategy {
        Strategy::Naive | Strategy::Mrv => {
            let order = if strategy == Strategy::Naive {
                CellOrder::FirstEmpty
            } else {
                CellOrder::FewestCandidates
            };
            let mut found = search::Solutions::default();
            match search::explore(puzzle, order, &mut found) {
                Ok(_) => (found.first, found.found, found.nodes),
                Err(_) => (None, 0, 0),
            }
        }
        Strategy::Fastest => {
            if Units::from_grid(puzzle).is_err() {
                (None, 0, 0)
            } else {
                let walk = fast::walk(puzzle);
                let first = walk.first.map(|cells| {
                    let mut grid = Grid::empty();
                    for (i, &digit) in cells.iter().enumerate() {
                        grid.set(grid::cell_at(i), digit);
                    }
                    grid
                });
                (first, walk.found, walk.nodes)
            }
        }
    };
    Solved {
        solution,
        solutions,
        nodes,
        unique: solutions == 1,
        elapsed: start.elapsed(),
    }
}
