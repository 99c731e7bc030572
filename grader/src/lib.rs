//! Grading the course's homeworks: the graded tests' harness, and the
//! instructor's tools.
//!
//! The core names no homework; each homework is one folder of
//! [`homeworks`], listed once in its registry.
//!
//! * [`homework`](mod@homework): what the core knows of a homework (paths, tests with
//!   their rules, how answers are judged).
//! * [`homeworks`]: the course's homeworks, one module each, and the
//!   registry [`homeworks::ALL`].
//! * [`harness`] (always): what each homework's test target runs on. Every
//!   test runs in its own subprocess with a wall-clock timeout, so an endless
//!   loop, a stack overflow or a `process::exit` in a blank fails that one
//!   test with a message instead of hanging or ending the whole run.
//! * [`wire`], [`verdict`] (always): the test process only answers the
//!   tests' questions; the verdict is written by the process that started it,
//!   which runs no student code, so a submission cannot forge it.
//! * [`results`], [`process`], [`sandbox`] (always): a test's recorded
//!   outcome; running a program with a timeout and capped output; containing
//!   a test (session, resource limits, bubblewrap).
//! * [`cancel`] (always): a run stopped when a newer one made it stale (its
//!   test processes killed).
//! * [`markers`], [`course`], [`student_copy`] (feature `instructor`): every
//!   handout is generated from its reference's markers (one source), checked
//!   and written into the course; a student copy leaves the answers out.
//! * [`grader`], [`report`], [`batch`] (feature `instructor`): `queens grade`
//!   builds a submission in a scratch workspace with the instructor's tests,
//!   runs them, and reports per blank in text, JSON, CSV, JUnit or Gradescope's
//!   format; a batch grades a folder of submissions into one CSV.
//! * [`settings`] (feature `instructor`): `queens.toml`, the course's
//!   points, time limits, sandbox policy and Gradescope visibility.
//! * [`feedback`], [`lms`], [`fingerprint`] (feature `instructor`): a
//!   batch's page per student and the instructor's index, the grades as the
//!   LMS imports them joined to the roster, and similar submissions found by
//!   a fingerprint of each blank.
//! * [`authoring`] (feature `instructor`): `queens homework check`, every
//!   homework proved sound with the grading pipeline (no test passes for
//!   free: each fails for some wrong version of a blank).
//! * [`platforms`] (feature `instructor`): Gradescope's autograder bundle.
//! * [`workflows`] (feature `instructor`): grading on GitHub with the course
//!   at a pinned commit: Classroom 50's custom grader, a plain Actions
//!   workflow.

pub mod cancel;
pub mod explanation;
pub mod harness;
pub mod homework;
pub mod homeworks;
pub mod process;
pub mod reference;
pub mod results;
pub mod sandbox;
pub mod verdict;
pub mod wire;

#[cfg(feature = "instructor")]
pub mod authoring;
#[cfg(feature = "instructor")]
pub mod batch;
#[cfg(feature = "instructor")]
pub mod course;
#[cfg(feature = "instructor")]
pub mod downloads;
#[cfg(feature = "instructor")]
pub mod feedback;
#[cfg(feature = "instructor")]
pub mod fingerprint;
#[cfg(feature = "instructor")]
pub mod grader;
#[cfg(feature = "instructor")]
pub mod lms;
#[cfg(feature = "instructor")]
pub mod markers;
#[cfg(feature = "instructor")]
pub mod platforms;
#[cfg(feature = "instructor")]
pub mod report;
#[cfg(feature = "instructor")]
pub mod settings;
#[cfg(feature = "instructor")]
pub mod student_copy;
#[cfg(feature = "instructor")]
pub mod workflows;
