//! The course a workflow grades with: the course's repository at one full
//! commit, and the settings (`queens.toml`) of that commit, which are the
//! ones grading uses whatever lies in the instructor's folder.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::settings::Settings;

/// The Rust toolchain the workflows install (the one the course is built and
/// tested with), so a new stable release changes no verdict.
pub const TOOLCHAIN: &str = "1.95.0";

/// A submission's time limit when `queens.toml` sets none (the grader's).
pub const DEFAULT_SUBMISSION_TIMEOUT: Duration = Duration::from_secs(120);

/// The course a workflow grades with.
#[derive(Debug, Clone)]
pub struct PinnedCourse {
    /// `owner/name` of the repository holding the course.
    pub repository: String,
    /// The commit graded with: 40 hexadecimal digits.
    pub revision: String,
    /// That commit's `queens.toml` (the defaults where it has none).
    pub settings: Settings,
    /// Whether `settings` were read from the commit (false: the commit is
    /// not in the local repository, and they are the local file's).
    pub settings_from_commit: bool,
    /// What the instructor should know: the local `queens.toml` is not the
    /// one graded with, or could not be compared. One line each.
    pub warnings: Vec<String>,
}

impl PinnedCourse {
    /// Checks `repository` (`owner/name`) and `revision` (a full commit id);
    /// `settings` are taken as the commit's.
    pub fn new(repository: &str, revision: &str, settings: Settings) -> Result<Self, String> {
        let name_ok = |part: &str| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        };
        match repository.split_once('/') {
            Some((owner, name)) if name_ok(owner) && name_ok(name) => {}
            _ => {
                return Err(format!(
                    "the course repository must be OWNER/NAME, got '{repository}'"
                ));
            }
        }
        if revision.len() != 40 || !revision.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!(
                "the course revision must be a full commit id (40 hexadecimal digits: \
                 `git rev-parse HEAD`), got '{revision}'; a branch or tag can be moved"
            ));
        }
        Ok(Self {
            repository: repository.to_owned(),
            revision: revision.to_ascii_lowercase(),
            settings,
            settings_from_commit: true,
            warnings: Vec::new(),
        })
    }

    /// The course in the local folder `root`, pinned at `revision` of
    /// `repository`: the settings are `git show REVISION:queens.toml`, and a
    /// warning says when the local `queens.toml` is not that file (edited,
    /// not committed, or another commit's) or cannot be compared. A
    /// `queens.toml` with a mistake, local or at the commit, is refused.
    pub fn from_course(root: &Path, repository: &str, revision: &str) -> Result<Self, String> {
        let local_settings = Settings::load(root).map_err(|e| e.to_string())?;
        let mut course = Self::new(repository, revision, local_settings)?;
        let revision = course.revision.clone();
        let local = std::fs::read_to_string(root.join("queens.toml")).ok();
        let git = |args: &[&str]| {
            Command::new("git")
                .arg("-C")
                .arg(root)
                .args(args)
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| o.stdout)
        };
        let short = &revision[..12];
        match git(&["status", "--porcelain", "--", "queens.toml"]) {
            Some(status) if !status.is_empty() => course.warnings.push(format!(
                "queens.toml in {} is not committed as it is: grading uses commit {short}'s \
                 queens.toml, never these edits (commit and push them, then pin the new commit)",
                root.display()
            )),
            Some(_) => {}
            None => course.warnings.push(format!(
                "{} is not a git checkout: cannot check that queens.toml is the one commit \
                 {short} grades with",
                root.display()
            )),
        }
        if git(&["cat-file", "-e", &format!("{revision}^{{commit}}")]).is_none() {
            course.settings_from_commit = false;
            course.warnings.push(format!(
                "commit {short} is not in the repository at {}: cannot compare its queens.toml \
                 with the local one, and grading uses the commit's (fetch it, e.g. `git fetch \
                 PATH-OF-THE-PUSHED-COPY`, and run this again)",
                root.display()
            ));
            return Ok(course);
        }
        let pinned = git(&["show", &format!("{revision}:./queens.toml")])
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        if pinned != local {
            course.warnings.push(match (&pinned, &local) {
                (None, _) => format!(
                    "commit {short} has no queens.toml: grading uses the defaults, not the \
                     local queens.toml"
                ),
                (Some(_), None) => format!(
                    "commit {short} has a queens.toml and the local folder none: grading uses \
                     the commit's"
                ),
                (Some(_), Some(_)) => format!(
                    "the local queens.toml differs from commit {short}'s: grading uses the \
                     commit's (its points and limits are the ones written here)"
                ),
            });
        }
        course.settings = match pinned {
            Some(text) => Settings::parse(&text, Path::new(&format!("{short}:queens.toml")))
                .map_err(|e| e.to_string())?,
            None => Settings::default(),
        };
        Ok(course)
    }

    /// A submission's time limit in the graded settings.
    pub fn submission_timeout(&self) -> Duration {
        self.settings.timeout.unwrap_or(DEFAULT_SUBMISSION_TIMEOUT)
    }

    /// A test's time limit in the graded settings.
    pub fn test_timeout(&self) -> Duration {
        self.settings
            .test_timeout
            .unwrap_or(crate::harness::DEFAULT_TIMEOUT)
    }

    /// Where the settings graded with come from, for a generated file's
    /// header.
    pub fn settings_origin(&self) -> String {
        let short = &self.revision[..12];
        if self.settings_from_commit {
            format!("queens.toml at commit {short}")
        } else {
            format!(
                "queens.toml at commit {short} (not checked: that commit was not in the \
                 local repository; the limits below are the local file's)"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVISION: &str = "0123456789abcdef0123456789abcdef01234567";

    #[test]
    fn the_course_is_a_repository_at_a_full_commit() {
        let settings = Settings::default;
        assert!(PinnedCourse::new("teacher/queens", REVISION, settings()).is_ok());
        for (repository, revision) in [
            ("teacher", REVISION),
            ("teacher/queens/x", REVISION),
            ("teacher/que ens", REVISION),
            ("teacher/queens", "main"),
            ("teacher/queens", &REVISION[..12]),
        ] {
            assert!(
                PinnedCourse::new(repository, revision, settings()).is_err(),
                "{repository} {revision}"
            );
        }
    }
}
