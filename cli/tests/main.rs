//! The command line's tests, one test binary: each file below is a module
//! (`cargo test -p queens-cli --test cli watch::` runs one of them). One
//! binary links once after a change in the library, where one per file
//! linked eighteen times.

// Shared with the library's tests: published numbers, SVG.
#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/svg.rs"]
mod svg;

mod alias;
mod batch_inputs;
mod batch_stop;
mod board_page;
mod cli;
mod containment;
mod conventions;
mod docs;
mod fast;
mod grader_problems;
mod grading;
mod hint;
mod homeworks;
mod lab;
mod platforms;
mod render;
mod settings;
mod student_copy;
mod sudoku;
mod watch;
mod workflows;
