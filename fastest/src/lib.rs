//! # queens-fastest — the fastest counters and solvers of `queens`
//!
//! The performance race, kept out of the lesson: the library `queens` is what
//! the notebooks `:dep`, compiled unoptimised in every fresh kernel, so it
//! holds the lesson and its pictures and nothing a notebook never calls. The
//! command line (`queens count`, `queens sudoku solve`) and the benchmarks
//! (`benches/`) run the strategies named `fastest` through this crate:
//!
//! * [`run`]: `queens::Strategy::Fastest` counted with the constellations from
//!   n = 8 to 23 ([`count::constellation`]), every other strategy and board
//!   handed to [`queens::run`] unchanged;
//! * [`count`]: the count-only walks (constellations, their inner loop, the
//!   last four rows in vector batches, Burnside's fundamental count, the
//!   count-only mirror);
//! * [`sudoku`]: the Sudoku solvers by name, notebook 07's rungs from
//!   [`queens::sudoku`] and `fastest`, the banded solver ([`sudoku::bands`]);
//! * [`cpu`]: which builds of the hot loops this CPU runs.
//!
//! ```
//! use queens::{Strategy, Tree};
//! let stats = queens_fastest::run::count(12, Strategy::Fastest)?;
//! assert_eq!((stats.solutions, stats.unique), (14_200, Some(1_787)));
//! assert_eq!(stats.tree, Tree::Constellations);
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! # Limits
//!
//! Time runs out long before the counters do: each `n` costs about 7-8 times
//! the one before near n = 18, as Knuth's tree grows (on 2 cores, `fastest`
//! takes 2.6 s at n = 17 and 19 s at n = 18, measured 2026-11-30; n = 20
//! would take about 20 minutes, n = 23 a week, and n = 24, beyond the
//! constellations, most of a year).

#![deny(missing_docs)]

pub mod count;
pub mod cpu;
pub mod run;
pub mod sudoku;
