//! Intake: the one file graded, found in what was handed in, read as text or
//! rejected, and notes on what else was handed in and ignored.

use std::path::{Path, PathBuf};

use super::config::INSTRUCTOR_MANIFEST;
use super::record::Status;
use crate::homework::Homework;
use crate::homeworks;

/// The file to grade in `path`: the homework's file (`lib.rs`, …).
pub(super) fn find_source(path: &Path, homework: &Homework) -> Option<PathBuf> {
    if path.is_file() {
        return Some(path.to_owned());
    }
    let file = homework.file_name();
    [
        format!("src/{file}"),
        file.to_owned(),
        format!("exercises/src/{file}"),
    ]
    .iter()
    .map(|candidate| path.join(candidate))
    .find(|candidate| candidate.is_file())
}

/// Notes on what in a submission folder is ignored: edited tests or manifest,
/// a build script, other source files.
pub(super) fn notice_edits(path: &Path, homework: &Homework) -> Vec<String> {
    let graded = homework.source;
    let crate_dir = if path.join("exercises").join(graded).is_file() && !path.join(graded).is_file()
    {
        path.join("exercises")
    } else {
        path.to_owned()
    };
    if !crate_dir.is_dir() {
        return Vec::new();
    }
    let mut notes = Vec::new();
    let differs = |file: &str, instructor: &str| {
        std::fs::read_to_string(crate_dir.join(file)).is_ok_and(|text| text != instructor)
    };
    if differs(homework.test_file, homework.files.tests) {
        notes.push(format!(
            "{} was edited: graded with the instructor's copy",
            homework.test_file
        ));
    }
    if differs("Cargo.toml", INSTRUCTOR_MANIFEST) {
        notes.push("Cargo.toml was edited: graded with the instructor's copy".to_owned());
    }
    if crate_dir.join("build.rs").exists() {
        notes.push(format!("build.rs is ignored: only {graded} is graded"));
    }
    if let Ok(entries) = std::fs::read_dir(crate_dir.join("src")) {
        let mut others: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            // The other homeworks' handouts are expected there, and not graded.
            .filter(|name| !homeworks::ALL.iter().any(|h| h.file_name() == name))
            .collect();
        others.sort();
        if !others.is_empty() {
            notes.push(format!(
                "only {graded} is graded; ignored: {}",
                others.join(", ")
            ));
        }
    }
    notes
}

/// The largest `lib.rs` graded: a handout is a few KB.
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// The text of `source`, the `lib.rs` found in the submission `path`, or why
/// it is not graded: a link pointing outside the submission, a file too large,
/// binary data.
pub(super) fn read_submission(path: &Path, source: &Path) -> Result<String, (Status, String)> {
    let shown = source.display();
    let reject = |detail: String| Err((Status::Rejected, detail));
    let inside = if path.is_file() {
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    } else {
        path.to_path_buf()
    };
    let real = std::fs::canonicalize(source)
        .map_err(|e| (Status::NoSubmission, format!("cannot read {shown}: {e}")))?;
    let root = std::fs::canonicalize(&inside).unwrap_or(inside);
    if !real.starts_with(&root) {
        return reject(format!(
            "{shown} is a link to {}, outside the submission: not graded",
            real.display()
        ));
    }
    let size = std::fs::metadata(&real).map_or(0, |m| m.len());
    if size > MAX_SOURCE_BYTES {
        return reject(format!(
            "{shown} is {:.1} MB; a handout is a few KB (limit {} KiB): not graded",
            size as f64 / 1e6,
            MAX_SOURCE_BYTES / 1024
        ));
    }
    let bytes = std::fs::read(&real)
        .map_err(|e| (Status::NoSubmission, format!("cannot read {shown}: {e}")))?;
    match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\0') => Ok(text),
        Ok(text) => reject(format!(
            "{shown} is not text (a NUL byte at byte {}): not graded",
            text.find('\0').unwrap_or(0)
        )),
        Err(error) => reject(format!(
            "{shown} is not text (not UTF-8 at byte {}): not graded",
            error.utf8_error().valid_up_to()
        )),
    }
}
