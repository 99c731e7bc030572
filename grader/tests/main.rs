//! The grader's tests, one test binary: each file below is a module (`cargo
//! test -p queens-grader --test grader grading::` runs one of them).

mod common;

mod batch_outputs;
mod grading;
mod homeworks;
