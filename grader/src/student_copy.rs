//! A student copy of the course: everything but the answers.
//!
//! `queens handout --out DIR` copies the course's files (those git tracks or
//! would track, when the course is a git checkout; otherwise every file outside
//! `target/` and `.git/`), leaves out what only an instructor should have
//! ([`INSTRUCTOR_ONLY`]), drops `solutions` from the workspace, and writes the
//! handout freshly generated from the reference. The copy still builds, runs
//! `cargo test -p exercises`, and grades with `queens grade`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Serialize;

use super::course::{Course, CourseError};

/// Paths (prefixes, relative to the course root) a student copy leaves out:
/// the reference, and the project tests and fixtures that read it.
pub const INSTRUCTOR_ONLY: [&str; 7] = [
    "solutions/",
    "grader/tests/",
    "cli/tests/grading.rs",
    "cli/tests/platforms.rs",
    "tests/reference_answers.rs",
    "scripts/make-batch",
    "scripts/grade-times",
];

/// Folders never copied, wherever they are.
const NEVER_COPIED: [&str; 4] = ["target", ".git", ".venv", ".ipynb_checkpoints"];

/// What [`write()`] did.
#[derive(Debug, Clone, Serialize)]
pub struct CopyReport {
    /// The folder written.
    pub out: PathBuf,
    /// How many files it holds.
    pub files: usize,
    /// What was left out, as path prefixes.
    pub left_out: Vec<&'static str>,
}

/// Writes a student copy of `course` into `out`, which must not exist yet or be
/// an empty folder.
pub fn write(course: &Course, out: &Path) -> Result<CopyReport, CourseError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| CourseError::Io { path, source }
    };
    if out.exists() && std::fs::read_dir(out).map_err(io(out))?.next().is_some() {
        return Err(CourseError::Other(format!(
            "{} is not empty; give a new folder for the student copy",
            out.display()
        )));
    }
    let handout = course.generate()?;
    let files: Vec<PathBuf> = course_files(course.root())?
        .into_iter()
        .filter(|path| {
            let text = path.to_string_lossy().replace('\\', "/");
            !INSTRUCTOR_ONLY
                .iter()
                .any(|prefix| text.starts_with(prefix))
        })
        .collect();
    for relative in &files {
        let from = course.root().join(relative);
        let to = out.join(relative);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::copy(&from, &to).map_err(io(&from))?;
    }
    for (relative, text) in handout.files() {
        let to = out.join(relative);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&to, text).map_err(io(&to))?;
    }
    drop_solutions_from_manifest(&out.join("Cargo.toml"))?;
    for package in [".", "grader", "cli"] {
        let manifest = out.join(package).join("Cargo.toml");
        if manifest.exists() {
            drop_missing_tests(&manifest)?;
        }
    }
    let lock = out.join("Cargo.lock");
    if lock.exists() {
        drop_solutions_from_lock(&lock)?;
    }
    Ok(CopyReport {
        out: out.to_owned(),
        files: files.len(),
        left_out: INSTRUCTOR_ONLY.to_vec(),
    })
}

/// The course's files, relative to its root.
pub(crate) fn course_files(root: &Path) -> Result<Vec<PathBuf>, CourseError> {
    // A git checkout knows which files belong to the course (not build output,
    // not a local virtualenv); fall back to walking the folder.
    let listed = Command::new("git")
        .arg("-C")
        .arg(root)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output();
    if let Ok(output) = listed
        && output.status.success()
    {
        let files = output
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| PathBuf::from(String::from_utf8_lossy(name).into_owned()))
            .filter(|path| root.join(path).is_file())
            .filter(|path| {
                !path
                    .components()
                    .any(|c| NEVER_COPIED.iter().any(|n| c.as_os_str() == *n))
            })
            .collect();
        return Ok(files);
    }
    let mut files = Vec::new();
    walk(root, Path::new(""), &mut files)?;
    Ok(files)
}

fn walk(root: &Path, relative: &Path, files: &mut Vec<PathBuf>) -> Result<(), CourseError> {
    let dir = root.join(relative);
    let entries = std::fs::read_dir(&dir).map_err(|source| CourseError::Io {
        path: dir.clone(),
        source,
    })?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if NEVER_COPIED.iter().any(|n| name == *n) {
            continue;
        }
        let path = relative.join(&name);
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => walk(root, &path, files)?,
            Ok(kind) if kind.is_file() => files.push(path),
            _ => {}
        }
    }
    Ok(())
}

fn read_toml(path: &Path) -> Result<toml_edit::DocumentMut, CourseError> {
    let text = std::fs::read_to_string(path).map_err(|source| CourseError::Io {
        path: path.to_owned(),
        source,
    })?;
    text.parse()
        .map_err(|e| CourseError::Other(format!("{}: {e}", path.display())))
}

fn write_toml(path: &Path, document: &toml_edit::DocumentMut) -> Result<(), CourseError> {
    std::fs::write(path, document.to_string()).map_err(|source| CourseError::Io {
        path: path.to_owned(),
        source,
    })
}

/// The workspace without `solutions` among its members.
fn drop_solutions_from_manifest(path: &Path) -> Result<(), CourseError> {
    let mut manifest = read_toml(path)?;
    if let Some(workspace) = manifest
        .get_mut("workspace")
        .and_then(|w| w.as_table_like_mut())
    {
        for key in ["members", "default-members"] {
            if let Some(list) = workspace.get_mut(key).and_then(|m| m.as_array_mut()) {
                list.retain(|member| member.as_str() != Some("solutions"));
            }
        }
    }
    write_toml(path, &manifest)
}

/// The manifest without the `[[test]]` targets whose files were left out
/// (the instructor's tests), so the copy still builds.
fn drop_missing_tests(path: &Path) -> Result<(), CourseError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut manifest = read_toml(path)?;
    if let Some(tests) = manifest
        .get_mut("test")
        .and_then(|t| t.as_array_of_tables_mut())
    {
        tests.retain(|test| {
            let file = match (test.get("path"), test.get("name")) {
                (Some(path), _) => path.as_str().map(str::to_owned),
                (None, Some(name)) => name.as_str().map(|n| format!("tests/{n}.rs")),
                (None, None) => None,
            };
            file.is_none_or(|file| dir.join(file).exists())
        });
    }
    write_toml(path, &manifest)
}

/// The lock file without the `solutions` package, so `--locked` still works.
fn drop_solutions_from_lock(path: &Path) -> Result<(), CourseError> {
    let mut lock = read_toml(path)?;
    if let Some(packages) = lock
        .get_mut("package")
        .and_then(|p| p.as_array_of_tables_mut())
    {
        packages
            .retain(|package| package.get("name").and_then(|n| n.as_str()) != Some("solutions"));
    }
    write_toml(path, &lock)
}
