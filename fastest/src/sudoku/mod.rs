//! The Sudoku solvers by name: notebook 07's rungs, run by [`queens::sudoku`],
//! and `fastest`, the banded solver of [`bands`] (each digit's candidates as a
//! machine word per band, box-line reductions, both singles, guesses on a
//! two-candidate cell).
//!
//! ```
//! use queens::sudoku::Grid;
//! use queens_fastest::sudoku::{Strategy, solve_up_to};
//! // Two rows short of a full grid: eight ways to finish it.
//! let open: Grid = "183524697547869123629317458235698714471253869896741235354176982000000000000000000".parse()?;
//! assert_eq!(solve_up_to(&open, Strategy::Fastest, 1000).solutions, 8);
//! # Ok::<(), queens::sudoku::ParseError>(())
//! ```

pub mod bands;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use queens::sudoku::{self as lesson, Grid, Solved};

/// How to search: a rung of notebook 07, or `fastest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// One of the library's strategies ([`queens::sudoku::Strategy`]).
    Rung(lesson::Strategy),
    /// The banded solver ([`bands`]).
    Fastest,
}

impl Strategy {
    /// Every strategy, slowest first: the rungs of notebook 07, then `fastest`.
    pub const ALL: [Strategy; 5] = [
        Strategy::Rung(lesson::Strategy::Naive),
        Strategy::Rung(lesson::Strategy::Mrv),
        Strategy::Rung(lesson::Strategy::Naked),
        Strategy::Rung(lesson::Strategy::Singles),
        Strategy::Fastest,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Rung(rung) => rung.name(),
            Strategy::Fastest => "fastest",
        }
    }
}

impl From<lesson::Strategy> for Strategy {
    fn from(rung: lesson::Strategy) -> Self {
        Strategy::Rung(rung)
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
            "unknown Sudoku strategy '{}': expected naive, mrv, naked, singles or fastest",
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

/// Solves `puzzle` with `strategy`, going on after the first solution to look
/// for a second one (as [`queens::sudoku::solve`]).
pub fn solve(puzzle: &Grid, strategy: Strategy) -> Solved {
    solve_up_to(puzzle, strategy, 2)
}

/// Solves `puzzle` with `strategy` until `limit` solutions are found (at least
/// 1) or the tree ends (as [`queens::sudoku::solve_up_to`]).
pub fn solve_up_to(puzzle: &Grid, strategy: Strategy, limit: u64) -> Solved {
    let start = Instant::now();
    let mut solved = solve_up_to_untimed(puzzle, strategy, limit);
    solved.elapsed = start.elapsed();
    solved
}

/// As [`solve_up_to`], without reading the clock (`elapsed` is zero): for a
/// stream of puzzles whose times are not printed, where two clock readings a
/// puzzle cost a few per cent of `fastest`'s time.
pub fn solve_up_to_untimed(puzzle: &Grid, strategy: Strategy, limit: u64) -> Solved {
    if let Strategy::Rung(rung) = strategy {
        return lesson::solve_up_to_untimed(puzzle, rung, limit);
    }
    let limit = limit.max(1);
    // `fastest` finds clashing givens itself (no solution, 0 nodes).
    let walk = bands::walk(puzzle, limit);
    Solved {
        solution: walk.first.map(Grid::from_cells),
        solutions: walk.found,
        nodes: walk.nodes,
        unique: walk.found == 1 && limit >= 2,
        elapsed: Duration::ZERO,
    }
}
