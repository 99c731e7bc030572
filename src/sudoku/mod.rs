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
//! * `singles`: the `naked` and `singles` strategies (bitmasks, MRV, naked
//!   singles, then hidden singles too);
//! * [`rules`]: the two rules as a student reads them: the naked and hidden
//!   singles of a grid, with the unit that forces each;
//! * [`quiz`]: notebook 07's questions;
//! * [`handout`]: the Sudoku handout's core driven over a student's three
//!   blanks, recorded step by step ([`handout::reference`]: the library's
//!   `naive` search recorded the same way);
//! * [`feedback`]: the first step where a student's search leaves the
//!   reference's, explained with the blanks to suspect.
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
//! * **Not shared: the fast paths.** `naked` and `singles` copy a
//!   small bitmask state at each node and fill forced cells before branching,
//!   so they report nodes and solutions but no per-candidate events (like the
//!   queens' bitmask walk, they have no observer).

pub mod bank;
#[cfg(feature = "homework")]
pub mod blanks;
pub mod cells;
#[cfg(feature = "homework")]
pub mod feedback;
pub mod grid;
pub mod handout;
pub mod quiz;
pub mod rules;
pub mod search;
mod singles;
pub mod units;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

pub use cells::{CELLS, SIDE, box_of};
pub use grid::{Grid, ParseError};
pub use units::{Clash, Digits, Unit, Units};

use search::CellOrder;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Strategy {
    /// The first empty cell, digits 1 to 9.
    Naive,
    /// The empty cell with the fewest candidates first ("minimum remaining
    /// values"), digits 1 to 9.
    Mrv,
    /// Bitmasks, the fewest candidates first, and naked singles (a cell with
    /// one candidate left) filled in before each branch.
    Naked,
    /// As `naked`, and hidden singles too (a unit with one place left for a
    /// digit) before each branch.
    Singles,
}

impl Strategy {
    /// Every strategy, slowest first: the rungs of notebook 07. (The command
    /// line's `fastest`, the banded solver, is package `queens-fastest`.)
    pub const ALL: [Strategy; 4] = [
        Strategy::Naive,
        Strategy::Mrv,
        Strategy::Naked,
        Strategy::Singles,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Mrv => "mrv",
            Strategy::Naked => "naked",
            Strategy::Singles => "singles",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown Sudoku strategy '{}': expected naive, mrv, naked or singles",
            self.0
        )
    }
}

impl std::error::Error for UnknownStrategy {}

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
    /// Solutions found: 0, 1, or 2 for [`solve`] (it stops at the second), up
    /// to the limit for [`solve_up_to`].
    pub solutions: u64,
    /// Nodes explored, root included, until the last solution asked for or the
    /// end of the tree.
    pub nodes: u64,
    /// Exactly one solution (known only when the limit is 2 or more).
    pub unique: bool,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// Solves `puzzle` with `strategy`, going on after the first solution to look
/// for a second one. `puzzle` comes from [`Grid::parse`], which refuses givens
/// that clash; a grid whose givens clash (made with [`Grid::set`]) has no
/// solution and a search of 0 nodes.
pub fn solve(puzzle: &Grid, strategy: Strategy) -> Solved {
    solve_up_to(puzzle, strategy, 2)
}

/// Solves `puzzle` with `strategy` until `limit` solutions are found (at least
/// 1) or the tree ends: `solutions` counts them, `solution` is the first.
///
/// ```
/// use queens::sudoku::{Grid, Strategy, solve_up_to};
/// // Two rows short of a full grid: eight ways to finish it.
/// let open: Grid = "183524697547869123629317458235698714471253869896741235354176982000000000000000000".parse()?;
/// assert_eq!(solve_up_to(&open, Strategy::Singles, 1000).solutions, 8);
/// # Ok::<(), queens::sudoku::ParseError>(())
/// ```
pub fn solve_up_to(puzzle: &Grid, strategy: Strategy, limit: u64) -> Solved {
    let start = Instant::now();
    let mut solved = solve_up_to_untimed(puzzle, strategy, limit);
    solved.elapsed = start.elapsed();
    solved
}

/// As [`solve_up_to`], without reading the clock (`elapsed` is zero): for a
/// stream of puzzles whose times are not printed, where two clock readings a
/// puzzle cost a few per cent of a fast solver's time.
pub fn solve_up_to_untimed(puzzle: &Grid, strategy: Strategy, limit: u64) -> Solved {
    let limit = limit.max(1);
    let (solution, solutions, nodes) = match strategy {
        Strategy::Naive | Strategy::Mrv => {
            let order = if strategy == Strategy::Naive {
                CellOrder::FirstEmpty
            } else {
                CellOrder::FewestCandidates
            };
            let mut found = search::Solutions::up_to(limit);
            match search::explore(puzzle, order, &mut found) {
                Ok(_) => (found.first, found.found, found.nodes),
                Err(_) => (None, 0, 0),
            }
        }
        Strategy::Naked | Strategy::Singles => {
            if Units::from_grid(puzzle).is_err() {
                (None, 0, 0)
            } else {
                let rules = if strategy == Strategy::Naked {
                    singles::Rules::Naked
                } else {
                    singles::Rules::Singles
                };
                let walk = singles::walk(puzzle, rules, limit);
                (walk.first.map(Grid::from_cells), walk.found, walk.nodes)
            }
        }
    };
    Solved {
        solution,
        solutions,
        nodes,
        unique: solutions == 1 && limit >= 2,
        elapsed: Duration::ZERO,
    }
}
