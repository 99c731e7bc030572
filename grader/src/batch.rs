//! `queens grade --batch DIR`: every submission in a folder, one CSV row each.
//!
//! A submission is a sub-folder (an exercises crate, a folder holding `lib.rs`,
//! or a whole course copy) or a `.rs` file; its name is the student's id. Rows
//! are written and flushed one by one as submissions finish (two are graded at
//! once, each by a grader of its own), so a batch stopped half-way keeps every
//! row it computed, and a submission that fails in any way still gets its row.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::grader::{Grade, Grader};
use super::report::CsvLayout;

/// The submissions in `dir`, sorted by id: `(id, path)`.
pub fn submissions(dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(dir)?
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                return None;
            }
            if path.is_dir() {
                Some((name, path))
            } else if path.extension().is_some_and(|e| e == "rs") {
                let id = path.file_stem()?.to_string_lossy().into_owned();
                Some((id, path))
            } else {
                None
            }
        })
        .collect();
    found.sort();
    Ok(found)
}

/// Grades every submission in `dir`, writing the CSV header and then one row
/// per submission to `out` as soon as it is graded; `progress` hears about
/// each grade (index from 1, count).
pub fn run(
    grader: &Grader,
    dir: &Path,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&Grade, usize, usize),
) -> Result<Vec<Grade>, String> {
    let submissions = submissions(dir)
        .map_err(|e| format!("cannot read the batch folder {}: {e}", dir.display()))?;
    if submissions.is_empty() {
        return Err(format!(
            "{} holds no submission (sub-folders or .rs files)",
            dir.display()
        ));
    }
    // The columns come from the handout's tests, so every row has the same
    // ones whatever happened to its submission.
    let layout = CsvLayout::new(&grader.config().scheme());
    let mut writer = csv::WriterBuilder::new().from_writer(out);
    let write_error = |e: csv::Error| format!("cannot write the CSV: {e}");
    writer.write_record(layout.header()).map_err(write_error)?;
    writer
        .flush()
        .map_err(|e| format!("cannot write the CSV: {e}"))?;
    // Two submissions at once (Config::submissions_at_once): one builds
    // (mostly one core) while the other's tests run.
    let workers = grader
        .config()
        .submissions_at_once
        .clamp(1, submissions.len());
    let next = AtomicUsize::new(0);
    let (sender, finished) = mpsc::channel::<Grade>();
    let mut grades = Vec::with_capacity(submissions.len());
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, submissions) = (&next, &submissions);
            let config = grader.config().clone();
            scope.spawn(move || {
                let own = match Grader::new(config) {
                    Ok(own) => own,
                    Err(_) => return,
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((id, path)) = submissions.get(index) else {
                        break;
                    };
                    if sender.send(own.grade(id, path)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for grade in finished {
            let written = writer
                .write_record(layout.row(&grade))
                .map_err(write_error)
                .and_then(|()| {
                    writer
                        .flush()
                        .map_err(|e| format!("cannot write the CSV: {e}"))
                });
            if let Err(error) = written {
                failure = Some(error);
                // Stop handing out submissions; the ones started finish.
                next.store(submissions.len(), Ordering::Relaxed);
                continue;
            }
            progress(&grade, grades.len() + 1, submissions.len());
            grades.push(grade);
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    Ok(grades)
}
