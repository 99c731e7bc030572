//! Intake: the one file graded, found in what was handed in, read as text or
//! rejected, and notes on what else was handed in and ignored.

use std::path::{Path, PathBuf};

use super::config::INSTRUCTOR_MANIFEST;
use super::record::Status;
use crate::homework::Homework;
use crate::homeworks;

/// Folders never searched for the homework's file: build output and
/// dependencies (hidden folders, `.git` and `__MACOSX` included, are skipped
/// by their dot or name too).
const NOT_SEARCHED: &[&str] = &["target", "node_modules", "__MACOSX"];
/// How deep below the submission the homework's file is looked for (an
/// uploaded repository: `myrepo/exercises/src/lib.rs` is 4 down).
const SEARCH_DEPTH: usize = 6;
/// Entries read at most while searching: a huge upload is not walked whole.
const SEARCH_ENTRIES: usize = 20_000;

/// The file to grade in `path`: `path` itself when it is a file (any name:
/// `nqueens.rs`, a download's `login_123_456_lib.rs`); else the homework's
/// file (`lib.rs`, …) at its usual places, else anywhere below (a nested
/// folder), else the one `.rs` file handed in. `Err` with the status and one
/// line when there is none (`no-submission`) or several could be it
/// (`rejected`: the student is told to hand in one).
pub(super) fn find_source(path: &Path, homework: &Homework) -> Result<PathBuf, (Status, String)> {
    if path.is_file() {
        return Ok(path.to_owned());
    }
    if let Some(usual) = homework.file_in(path) {
        return Ok(usual);
    }
    let file = homework.file_name();
    let mut found = Vec::new();
    let mut budget = SEARCH_ENTRIES;
    rust_files(path, SEARCH_DEPTH, &mut budget, &mut found);
    found.sort();
    let shown = |paths: &[PathBuf]| {
        paths
            .iter()
            .map(|p| p.strip_prefix(path).unwrap_or(p).display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let in_tests = |p: &PathBuf| {
        p.strip_prefix(path)
            .unwrap_or(p)
            .components()
            .any(|c| c.as_os_str() == "tests")
    };
    // The homework's file, nested: one is it; of several, the one where the
    // handout keeps it, if only one is there.
    let named: Vec<PathBuf> = found
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n == file) && !in_tests(p))
        .cloned()
        .collect();
    let in_exercises: Vec<PathBuf> = named
        .iter()
        .filter(|p| p.ends_with(Path::new("exercises/src").join(file)))
        .cloned()
        .collect();
    match (named.as_slice(), in_exercises.as_slice()) {
        ([one], _) | (_, [one]) => return Ok(one.clone()),
        ([], _) => {}
        (several, _) => {
            return Err((
                Status::Rejected,
                format!(
                    "several files named {file} in {} ({}): hand in only the one to grade, \
                     not graded",
                    path.display(),
                    shown(several)
                ),
            ));
        }
    }
    // Else the one source file handed in, whatever its name, unless it is
    // another homework's file.
    let of_another = |p: &PathBuf| {
        homeworks::ALL
            .iter()
            .find(|h| h.name != homework.name && p.file_name().is_some_and(|n| n == h.file_name()))
    };
    let candidates: Vec<PathBuf> = found
        .iter()
        .filter(|p| !in_tests(p) && of_another(p).is_none())
        .cloned()
        .collect();
    match candidates.as_slice() {
        [one] => Ok(one.clone()),
        [] => {
            let others: Vec<String> = found
                .iter()
                .filter_map(|p| of_another(p).map(|h| format!("{} ({h})", p.display())))
                .collect();
            Err((
                Status::NoSubmission,
                format!(
                    "no {file} in {} (looked for src/{file}, {file}, exercises/src/{file}, any \
                     {file} or a single .rs file below){}",
                    path.display(),
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; found another homework's file: {}; this grades {homework}",
                            others.join(", ")
                        )
                    }
                ),
            ))
        }
        several => Err((
            Status::Rejected,
            format!(
                "{} .rs files in {} could be the {homework} submission ({}): hand in only \
                 {file} (or one .rs file), not graded",
                several.len(),
                path.display(),
                shown(several)
            ),
        )),
    }
}

/// The `.rs` files below `dir`, `depth` folders down at most, reading at
/// most `budget` entries; links to folders are not followed.
fn rust_files(dir: &Path, depth: usize, budget: &mut usize, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            if depth > 0 && !NOT_SEARCHED.contains(&name.as_ref()) {
                rust_files(&path, depth - 1, budget, found);
            }
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A submission folder holding `files` (relative path, text).
    fn folder(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "pub fn x() {}\n").unwrap();
        }
        dir
    }

    fn found(files: &[&str]) -> Result<String, (Status, String)> {
        let dir = folder(files);
        find_source(dir.path(), homeworks::default())
            .map(|path| path.strip_prefix(dir.path()).unwrap().display().to_string())
    }

    #[test]
    fn a_single_rs_upload_with_any_name_is_graded() {
        assert_eq!(found(&["nqueens.rs"]).unwrap(), "nqueens.rs");
        assert_eq!(
            found(&["login_123_456_lib.rs", "notes.txt"]).unwrap(),
            "login_123_456_lib.rs"
        );
    }

    #[test]
    fn a_nested_folder_is_searched_for_the_homework_file() {
        let file = homeworks::default().file_name();
        let nested = format!("myrepo/exercises/src/{file}");
        assert_eq!(found(&[&nested, "myrepo/README.md"]).unwrap(), nested);
        // A whole course copy nested: the handout's place wins over the
        // library's own src/lib.rs, and the tests are not candidates.
        let library = format!("myrepo/src/{file}");
        assert_eq!(
            found(&[&nested, &library, "myrepo/exercises/tests/nqueens.rs"]).unwrap(),
            nested
        );
        // Build output and hidden folders are not searched.
        assert!(found(&[&format!("target/debug/{file}"), ".git/x.rs"]).is_err());
    }

    #[test]
    fn several_candidates_are_one_clear_rejection() {
        let (status, detail) = found(&["a.rs", "b/c.rs"]).unwrap_err();
        assert_eq!(status, Status::Rejected);
        assert!(
            detail.contains("a.rs") && detail.contains("b/c.rs"),
            "{detail}"
        );
        assert!(detail.contains("hand in only"), "{detail}");
        let file = homeworks::default().file_name();
        let (status, _) = found(&[&format!("one/{file}"), &format!("two/{file}")]).unwrap_err();
        assert_eq!(status, Status::Rejected);
    }

    #[test]
    fn another_homeworks_file_alone_is_no_submission_with_a_hint() {
        let other = homeworks::ALL
            .iter()
            .find(|h| h.name != homeworks::default().name)
            .unwrap();
        let (status, detail) = found(&[other.file_name()]).unwrap_err();
        assert_eq!(status, Status::NoSubmission);
        assert!(detail.contains(other.name), "{detail}");
        assert!(found(&["README.md"]).is_err());
    }
}
