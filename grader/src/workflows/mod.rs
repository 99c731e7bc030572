//! Grading on GitHub with the course at a pinned commit: Classroom 50's
//! custom grader and a plain GitHub Actions workflow. (GitHub Classroom,
//! which the course targeted before, was discontinued on 2026-08-28.)
//!
//! * [`pinned`]: the course a workflow grades with (a repository at a full
//!   commit, that commit's `queens.toml`, warnings when the local one is not
//!   it).
//! * [`classroom50`]: `autograder.py` and the runtime block for Classroom
//!   50 (`queens handout --workflow classroom50`).
//! * [`actions`]: `.github/workflows/queens-grade.yml` for any repository
//!   (`queens handout --workflow actions`).

pub mod actions;
pub mod classroom50;
pub mod pinned;

pub use actions::{ACTIONS_WORKFLOW, actions_workflow, write_actions};
pub use classroom50::{classroom50_autograder, classroom50_runtime, write_classroom50};
pub use pinned::{PinnedCourse, TOOLCHAIN};
