//! Where and how to grade: the one settings value every step reads.

use std::path::PathBuf;
use std::time::Duration;

use crate::homework::Homework;
use crate::homeworks;
use crate::sandbox::{Mode, Resources};
use crate::settings::{Scheme, Settings};

/// The instructor's manifest of the handout crate (it names every
/// homework's test target), as it was when this program was built.
pub const INSTRUCTOR_MANIFEST: &str = include_str!("../../../exercises/Cargo.toml");

/// Where and how to grade.
#[derive(Debug, Clone)]
pub struct Config {
    /// The `queens` library the graded tests use (the course root).
    pub queens_dir: PathBuf,
    /// Scratch workspaces and their shared target folder.
    pub scratch_dir: PathBuf,
    /// Wall-clock limit of each graded test.
    pub test_timeout: Duration,
    /// Wall-clock limit of one whole submission: build and tests.
    pub timeout: Duration,
    /// Without the sandbox, run the tests without network (`unshare -rn`)
    /// when the system allows it (the sandbox always cuts the network).
    pub isolate_network: bool,
    /// Whether the tests run in a bubblewrap sandbox (default `auto`).
    pub sandbox: Mode,
    /// Resource limits of each graded test's process.
    pub resources: Resources,
    /// Graded tests run at once (default: the cores, at most 4).
    pub jobs: usize,
    /// Submissions a batch grades at once (default 2: one builds while the
    /// other's tests run).
    pub submissions_at_once: usize,
    /// The homework graded (default: the course's first).
    pub homework: &'static Homework,
    /// The course's `queens.toml` (points, visibility), as [`Config::with_settings`] applied it.
    pub settings: Settings,
}

impl Config {
    /// Defaults for the course in `queens_dir`: scratch in
    /// `queens_dir/target/grading-scratch`, 5 s per test, 120 s per submission.
    pub fn new(queens_dir: impl Into<PathBuf>) -> Self {
        let queens_dir = queens_dir.into();
        // Builds run in other folders and in a sandbox that binds real paths:
        // a relative course, or one reached through a link, is lost there.
        let queens_dir = std::fs::canonicalize(&queens_dir)
            .or_else(|_| std::path::absolute(&queens_dir))
            .unwrap_or(queens_dir);
        Self {
            scratch_dir: queens_dir.join("target").join("grading-scratch"),
            queens_dir,
            test_timeout: crate::harness::DEFAULT_TIMEOUT,
            timeout: Duration::from_secs(120),
            isolate_network: true,
            sandbox: Mode::Auto,
            resources: Resources::default(),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get().min(4)),
            submissions_at_once: 2,
            homework: homeworks::default(),
            settings: Settings::default(),
        }
    }

    /// These defaults with `settings` applied: its time limits and sandbox
    /// policy where it gives them, its points and visibility (flags the
    /// caller sets afterwards win over it).
    pub fn with_settings(mut self, settings: Settings) -> Self {
        if let Some(timeout) = settings.timeout {
            self.timeout = timeout;
        }
        if let Some(test_timeout) = settings.test_timeout {
            self.test_timeout = test_timeout;
        }
        if let Some(sandbox) = settings.sandbox {
            self.sandbox = sandbox;
        }
        self.settings = settings;
        self
    }

    /// How the homework graded is scored.
    pub fn scheme(&self) -> Scheme {
        self.settings.scheme(self.homework)
    }

    /// Defaults for the course this program was built from.
    pub fn built_in() -> Self {
        Self::new(crate::course::course_root())
    }
}
