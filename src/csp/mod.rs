//! # Constraint propagation and exact cover
//!
//! The course frames its searches as constraint-satisfaction problems
//! (Russell & Norvig, *Artificial Intelligence: A Modern Approach*, ch. 6):
//! the queens' rows, Sudoku's cells and a map's regions are variables with
//! domains and a constraint between neighbours. This folder runs what the
//! earlier notebooks only name:
//!
//! * [`problem`]: one representation of a binary CSP ([`Problem`]), and the
//!   queens, Sudoku ([`sudoku`]) and the maps ([`maps`]) in it;
//! * [`arc`]: AC-3, arc consistency ([`arc::revise`], [`arc::step`],
//!   [`arc::ac3`]), counting revisions and checks;
//! * [`search`]: backtracking with checking only, forward checking or MAC
//!   (maintaining arc consistency), counting nodes the course's way;
//! * [`dlx`]: Knuth's Algorithm X with dancing links (*The Art of Computer
//!   Programming*, vol. 4B, §7.2.2.1) on an exact cover problem, with the
//!   queens and Sudoku as exact covers ([`dlx::queens`], [`sudoku::exact_cover`]);
//! * [`checks`]: the notebook's self-checks, their answers computed here;
//! * [`measure`]: each of them and the course's counters on the same
//!   problems, nodes and milliseconds as tables.
//!
//! ```
//! use queens::csp::{Problem, dlx};
//! assert_eq!(dlx::queens(8).solve(u64::MAX).solutions, 92);
//! let four = queens::csp::arc::ac3(&Problem::queens(4), Problem::queens(4).starting_domains());
//! assert_eq!(four.domains.unwrap()[0], [0, 1, 2, 3], "AC-3 alone removes nothing from an empty board");
//! ```

pub mod arc;
pub mod checks;
pub mod dlx;
pub mod maps;
pub mod measure;
pub mod problem;
pub mod search;
pub mod sudoku;
#[cfg(test)]
mod testing;

pub use problem::{Domains, Problem, Relation, Value};
