//! Helpers for the notebooks: the interactive lesson's board driven by hand, a handout's
//! search recorded step by step, running a student's code without losing the
//! kernel, the self-checks' expected values (`checks`, `blanks`: never in a
//! notebook cell), whether a student's crate compiles before it is `:dep`ed
//! (`compiles`), the evidence beside notebook 01's corrections of the sources
//! (`sources`), the quiz, Knuth's Monte Carlo estimate of the tree size, a row's
//! three bitmasks for the bitmask homework, and a standalone homework file
//! as a crate a notebook can `:dep` (the Sudoku homework's search recorded and
//! compared is `sudoku::handout` and `sudoku::feedback`, feature `sudoku`).

pub mod attempt;
pub mod blanks;
pub mod checks;
pub mod childless;
pub mod compiles;
pub mod estimate;
pub mod feedback;
pub mod handout;
pub mod masks;
pub mod playground;
pub mod quiz;
pub mod sources;
pub mod standalone;
