//! A course on disk: the folder holding `solutions/` and `exercises/`, whose
//! handouts are generated from their references ([`super::markers`]),
//! checked, and written.

use std::path::{Path, PathBuf};

use super::homework::Homework;
use super::homeworks;
use super::markers::{Handout, MarkerError, generate_exercise};

/// A course: the folder holding `solutions/` and `exercises/`.
#[derive(Debug, Clone)]
pub struct Course {
    root: PathBuf,
}

/// Why a course operation failed.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// A marker in the reference is wrong.
    #[error(transparent)]
    Marker(#[from] MarkerError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Anything else, said in one line.
    #[error("{0}")]
    Other(String),
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> CourseError + '_ {
    move |source| CourseError::Io {
        path: path.to_owned(),
        source,
    }
}

/// A generated file and whether the committed copy matches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileCheck {
    /// Relative to the course root.
    pub path: String,
    /// Whether the file on disk equals what the reference generates.
    pub up_to_date: bool,
}

impl Course {
    /// The course in `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// This grader's own course (the workspace it was built in).
    pub fn built_in() -> Self {
        Self::new(course_root())
    }

    /// The course root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Reads the reference and generates the handout.
    pub fn generate(&self) -> Result<Handout, CourseError> {
        self.generate_filling(&[])
    }

    /// Reads the reference and generates the handout with the blanks numbered
    /// in `filled` answered (what a student who solved them would have).
    pub fn generate_filling(&self, filled: &[u32]) -> Result<Handout, CourseError> {
        self.generate_exercise(homeworks::default(), filled)
    }

    /// Reads the reference of `homework` and generates its handout with the
    /// blanks numbered in `filled` answered.
    pub fn generate_exercise(
        &self,
        homework: &'static Homework,
        filled: &[u32],
    ) -> Result<Handout, CourseError> {
        let path = self.root.join(homework.reference);
        let reference = std::fs::read_to_string(&path).map_err(io_error(&path))?;
        Ok(generate_exercise(homework, &reference, filled)?)
    }

    /// Every handout the course has: the first homework always, the others
    /// when their reference is there (a student copy has none).
    pub fn handouts(&self) -> Result<Vec<Handout>, CourseError> {
        homeworks::ALL
            .iter()
            .copied()
            .filter(|&homework| {
                homework == homeworks::default() || self.root.join(homework.reference).is_file()
            })
            .map(|homework| self.generate_exercise(homework, &[]))
            .collect()
    }

    /// Compares the committed handouts with the generated ones, file by file.
    pub fn check(&self) -> Result<Vec<FileCheck>, CourseError> {
        Ok(self
            .handouts()?
            .iter()
            .flat_map(Handout::files)
            .map(|(path, text)| FileCheck {
                up_to_date: std::fs::read_to_string(self.root.join(&path)).is_ok_and(|t| t == text),
                path,
            })
            .collect())
    }

    /// Writes the generated handouts into the course; returns the files that changed.
    pub fn write(&self) -> Result<Vec<String>, CourseError> {
        let mut changed = Vec::new();
        for handout in self.handouts()? {
            changed.extend(write_files(&self.root, &handout)?);
        }
        Ok(changed)
    }
}

fn write_files(root: &Path, handout: &Handout) -> Result<Vec<String>, CourseError> {
    let mut changed = Vec::new();
    for (path, text) in handout.files() {
        let target = root.join(&path);
        if std::fs::read_to_string(&target).is_ok_and(|t| t == text) {
            continue;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(io_error(parent))?;
        }
        std::fs::write(&target, text).map_err(io_error(&target))?;
        changed.push(path);
    }
    Ok(changed)
}

/// The workspace this grader was built in: the folder above `grader/`.
pub fn course_root() -> PathBuf {
    let grader = Path::new(env!("CARGO_MANIFEST_DIR"));
    grader.parent().unwrap_or(grader).to_path_buf()
}
