//! # queens — backtracking, taught through the N-Queens problem
//!
//! Place `n` queens on an `n × n` board so that no two attack each other. The
//! solver puts one queen per row, top to bottom, and remembers three things
//! about the queens placed so far (the seed's three sets):
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
//! ## Map
//! * [`coords`]: cells and the two diagonal identities.
//! * [`constraint`]: the three constraints and their colours.
//! * [`placement`]: one column per row, and the seed's `".Q.."` board strings.
//! * [`sets`], [`arrays`], [`bitmask`]: three stores for the same constraints.
//! * [`search`]: the one backtracking engine and its [`search::Observer`]s.
//! * [`stats`], [`trace`], [`branching`], [`childless`]: what a search can report.
//! * [`strategy`]: the strategies the tutorial compares, and their trees.
//! * [`run`]: run a strategy by name with size checks and budgets.
//! * [`reference`](mod@reference): OEIS and Knuth's published numbers.
//! * [`fast`]: the fast counters (mirror, symmetry, parallel) and cheap statistics.
//! * [`estimate`]: Knuth's Monte Carlo estimate of the tree size.
//!
//! For the notebooks:
//! * [`playground`]: seed 001's board, driven cell by cell (`place`, `undo`).
//! * [`attempt`]: run a student's code and turn a `todo!()` into a sentence.
//! * [`feedback`]: where the blanks stand, and the first step where a student's
//!   search leaves the reference's.
//! * [`quiz`]: notebook 05's questions, answers and explanations.
//! * `display` (feature `svg`): boards, trees and charts as SVG, with `evcxr_display`.
//!
//! For the command line and grading: `cli` (feature `cli`) and `grading`
//! (features `grading`, `grader`): the graded tests' harness, the handout
//! generator and `queens grade`.
//!
//! ```
//! let stats = queens::run::count(8, queens::Strategy::Sets)?;
//! assert_eq!(stats.solutions, 92);
//! assert_eq!(stats.nodes, 2057); // Knuth's count, root included
//! # Ok::<(), queens::Error>(())
//! ```

#![deny(missing_docs)]

pub mod arrays;
pub mod attempt;
pub mod bitmask;
pub mod branching;
pub mod childless;
#[cfg(feature = "cli")]
pub mod cli;
pub mod constraint;
pub mod coords;
#[cfg(feature = "svg")]
pub mod display;
pub mod error;
pub mod estimate;
pub mod fast;
pub mod feedback;
#[cfg(feature = "grading")]
pub mod grading;
pub mod placement;
pub mod playground;
pub mod quiz;
pub mod reference;
pub mod run;
pub mod search;
pub mod sets;
pub mod stats;
pub mod strategy;
pub mod trace;

pub use constraint::{Attack, Constraint};
pub use coords::Cell;
pub use error::{Error, Result};
pub use stats::SearchStats;
pub use strategy::{Strategy, Tree};
