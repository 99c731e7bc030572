//! # queens — backtracking, taught through the N-Queens problem
//!
//! Place `n` queens on an `n × n` board so that no two attack each other. The
//! solver puts one queen per row, top to bottom, and remembers three things
//! about the queens placed so far (the three sets of the JavaScript article and the interactive lesson):
//!
//! * their **columns** (red in every picture),
//! * their **main diagonals**, named by `row - col`, constant along a
//!   top-left-to-bottom-right line (amber),
//! * their **anti-diagonals**, named by `row + col`, constant along a
//!   top-right-to-bottom-left line (purple).
//!
//! A cell is *attacked* when any of the three is taken; the search skips it
//! (prunes), otherwise it places a queen, inserts it into the sets, goes one row
//! down, and deletes it again when it comes back (backtracks).
//!
//! ## Map, in the lesson's order
//! * [`board`]: cells, the two diagonal identities, the three constraints,
//!   placements and the JavaScript article's `".Q.."` board strings.
//! * [`stores`]: three ways to remember the constraints (sets, arrays, the
//!   baselines) behind one trait, [`stores::Rules`].
//! * [`search`]: the one backtracking engine and its [`search::Observer`]s.
//! * [`strategy`]: the strategies the tutorial compares, and their trees.
//! * [`report`]: statistics, traces, free cells per row, published numbers.
//! * [`fast`]: bitmask walks, the symmetries of the board, every core.
//! * [`run`]: run a strategy by name, with size checks, budgets and errors.
//! * [`notebook`]: the board driven by hand, student attempts, the quiz,
//!   Knuth's Monte Carlo estimate; the homework notebooks' helpers behind the
//!   feature `homework`.
//! * `sudoku` (feature `sudoku`): the same three sets on a new board: rows, columns and
//!   boxes, `(row / 3) * 3 + col / 3`; naive, MRV, naked and hidden singles.
//! * `csp` (feature `csp`): the CSP frame run: AC-3, MAC against checking and
//!   forward checking, Knuth's dancing links on the queens and Sudoku.
//! * `display` (feature `svg`): boards as SVG, with `evcxr_display`; charts and
//!   search trees with the feature `charts`.
//!
//! The command line (`queens`), the grader and the fastest counters and
//! solvers are packages of their own (`cli/`, `grader/`, `fastest/`); this
//! crate is what the notebooks `:dep`.
//!
//! ```
//! let stats = queens::run::count(8, queens::Strategy::Sets)?;
//! assert_eq!(stats.solutions, 92);
//! assert_eq!(stats.nodes, 2057); // Knuth's count, root included
//! # Ok::<(), queens::Error>(())
//! ```

#![deny(missing_docs)]

pub mod board;
#[cfg(feature = "csp")]
pub mod csp;
#[cfg(feature = "svg")]
pub mod display;
pub mod fast;
pub mod notebook;
pub mod report;
pub mod run;
pub mod search;
pub mod stores;
pub mod strategy;
#[cfg(feature = "sudoku")]
pub mod sudoku;

pub use board::constraint::{Attack, Constraint};
pub use board::coords::Cell;
pub use report::stats::SearchStats;
pub use run::error::{Error, Result};
pub use strategy::{Strategy, Tree};
