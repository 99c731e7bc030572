//! Helpers for the notebooks: the interactive lesson's board driven by hand, a handout's
//! search recorded step by step, running a student's code without losing the
//! kernel, the quiz, and Knuth's Monte Carlo estimate of the tree size.

pub mod attempt;
pub mod childless;
pub mod estimate;
pub mod feedback;
pub mod handout;
pub mod playground;
pub mod quiz;
