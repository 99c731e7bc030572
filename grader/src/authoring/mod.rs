//! Writing homeworks: `queens homework check` proves a homework sound with
//! the grader's own pipeline, on versions of its reference:
//!
//! 1. the untouched handout fails every graded test as not yet implemented;
//! 2. the reference passes them all;
//! 3. each blank filled alone passes exactly its own tests;
//! 4. every test fails for at least one wrong version of some blank
//!    ([`mutants`] of each blank's answer, then the homework's case table)
//!    with a wrong answer (a crash alone proves nothing), so that no test
//!    passes for free;
//! 5. every blank has hints;
//! 6. the committed handout and hints are what the reference generates, and
//!    a homework judged against its reference's answers holds them today.
//!
//! [`proofs`] judges outcomes (no grading), [`graded`] decides what to grade
//! and in which order, [`check()`] runs it all for one homework of a course.
//!
//! `queens homework new NAME` writes a [`skeleton`] homework, its answers
//! and its [`notebook`] included, that the check and the course's tests pass
//! as it is.

pub mod cases;
pub mod check;
pub mod files;
pub mod graded;
pub mod mutants;
pub mod notebook;
pub mod proofs;
pub mod skeleton;

pub use check::{MakeAnswers, Report, check, grading};
pub use graded::{Counts, Graded};
pub use proofs::{Outcomes, Proof};
