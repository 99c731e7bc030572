//! `queens grade --batch DIR`: every submission in a folder, one CSV row each.
//!
//! A submission is a sub-folder (an exercises crate, a folder holding `lib.rs`,
//! or a whole course copy) or a `.rs` file; its name is the student's id. Rows
//! are written and flushed one by one as submissions finish (two are graded at
//! once, each by a grader of its own), so a batch stopped half-way keeps every
//! row it computed, and a submission that fails in any way still gets its row.
//! [`kept_rows`] reads such a stopped batch back, so that [`run_with`]
//! writes its rows again and grades only the rest (`--resume`); with a
//! [`Feedback`] folder each student's pages are written just before their
//! row.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::feedback::{Feedback, IndexLine, blank_at};
use super::fingerprint;
use super::grader::{Grade, Grader, Status};
use super::report::CsvLayout;
use super::settings::Scheme;

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

/// What a batch writes besides its CSV, and what it keeps of a stopped one.
#[derive(Debug, Default)]
pub struct Options<'a> {
    /// Write each student's feedback pages here as their row is written.
    pub feedback: Option<&'a Feedback>,
    /// Rows of a stopped batch (from [`kept_rows`]): written again first,
    /// their submissions skipped.
    pub kept: Vec<Vec<String>>,
    /// With feedback, clippy's notes inside the blanks on each page: a second,
    /// check-only compile per submission (about doubles a batch's time).
    pub clippy: bool,
}

/// What a batch did.
#[derive(Debug)]
pub struct Outcome {
    /// The grades of the submissions graded now.
    pub grades: Vec<Grade>,
    /// Every row of the CSV, the kept ones first.
    pub rows: Vec<Vec<String>>,
    /// The CSV's header.
    pub header: Vec<String>,
}

impl Outcome {
    /// The field `column` of `row` (empty when there is no such column).
    pub fn field<'r>(&self, row: &'r [String], column: &str) -> &'r str {
        self.header
            .iter()
            .position(|h| h == column)
            .and_then(|at| row.get(at))
            .map_or("", String::as_str)
    }

    /// The index of every row, for the feedback's index page.
    pub fn index_lines(&self) -> Vec<IndexLine> {
        self.rows
            .iter()
            .map(|row| IndexLine {
                id: self.field(row, "id").to_owned(),
                score: self.field(row, "total").to_owned(),
                max: self.field(row, "max").to_owned(),
                status: self.field(row, "status").to_owned(),
                cluster: self.field(row, "cluster").to_owned(),
                flags: self.field(row, "flags").to_owned(),
            })
            .collect()
    }
}

/// The complete rows of a stopped batch's CSV at `path`, to resume it for
/// the homework `scheme` scores: a file with another header (another homework, another
/// grader) is refused in one line; a last row cut off half-way is dropped
/// (its submission is graded again).
pub fn kept_rows(path: &Path, scheme: &Scheme) -> Result<Vec<Vec<String>>, String> {
    let homework = scheme.homework;
    let layout = CsvLayout::new(scheme);
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {} to resume it: {e}", path.display())),
    };
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_slice());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| format!("cannot resume {}: {e}", path.display()))?
        .iter()
        .map(str::to_owned)
        .collect();
    let rows_of_another = || {
        let mut records = csv::Reader::from_reader(text.as_slice()).into_records();
        let column = header.iter().position(|h| h == "homework");
        records.any(|r| {
            r.ok().zip(column).is_some_and(|(r, at)| {
                r.get(at)
                    .is_some_and(|h| !h.is_empty() && h != homework.name)
            })
        })
    };
    if header != layout.header() || rows_of_another() {
        return Err(format!(
            "cannot resume {}: it is not a {homework} batch of this grader (another homework, \
             another header): grade into a new file",
            path.display()
        ));
    }
    let mut records: Vec<Option<Vec<String>>> = reader
        .records()
        .map(|record| {
            record
                .ok()
                .filter(|record| record.len() == header.len())
                .map(|record| record.iter().map(str::to_owned).collect())
        })
        .collect();
    if !text.ends_with(b"\n") {
        // The stop cut the last row, perhaps inside its last field.
        records.pop();
    }
    // Rows are written whole and flushed: only the last can be cut.
    let rows: Vec<Vec<String>> = records.into_iter().map_while(|row| row).collect();
    Ok(rows)
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
    run_with(grader, dir, out, Options::default(), progress).map(|outcome| outcome.grades)
}

/// [`run`] with feedback pages and kept rows: `out` gets the header, the
/// kept rows, then a row per submission not kept; `progress` counts only
/// the submissions graded now.
pub fn run_with(
    grader: &Grader,
    dir: &Path,
    out: &mut dyn Write,
    options: Options<'_>,
    progress: &mut dyn FnMut(&Grade, usize, usize),
) -> Result<Outcome, String> {
    let all = submissions(dir)
        .map_err(|e| format!("cannot read the batch folder {}: {e}", dir.display()))?;
    if all.is_empty() {
        return Err(format!(
            "{} holds no submission (sub-folders or .rs files)",
            dir.display()
        ));
    }
    let submissions: Vec<(String, PathBuf)> = all
        .into_iter()
        .filter(|(id, _)| !options.kept.iter().any(|row| row.first() == Some(id)))
        .collect();
    // The columns come from the handout's tests, so every row has the same
    // ones whatever happened to its submission.
    let layout = CsvLayout::new(&grader.config().scheme());
    let header = layout.header();
    let mut writer = csv::WriterBuilder::new().from_writer(out);
    let write_error = |e: csv::Error| format!("cannot write the CSV: {e}");
    writer.write_record(&header).map_err(write_error)?;
    for row in &options.kept {
        writer.write_record(row).map_err(write_error)?;
    }
    writer
        .flush()
        .map_err(|e| format!("cannot write the CSV: {e}"))?;
    let mut rows = options.kept.clone();
    let mut grades = Vec::with_capacity(submissions.len());
    if submissions.is_empty() {
        return Ok(Outcome {
            grades,
            rows,
            header,
        });
    }
    // Two submissions at once (Config::submissions_at_once): one builds
    // (mostly one core) while the other's tests run.
    let workers = grader
        .config()
        .submissions_at_once
        .clamp(1, submissions.len());
    let next = AtomicUsize::new(0);
    let (sender, finished) = mpsc::channel::<(Grade, Vec<String>)>();
    let lint = options.feedback.is_some() && options.clippy;
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
                    let grade = own.grade(id, path);
                    let notes = if lint {
                        quality_notes(&own, &grade)
                    } else {
                        Vec::new()
                    };
                    if sender.send((grade, notes)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (grade, notes) in finished {
            let row = layout.row(&grade);
            // The pages first: a row in the CSV means its pages are there
            // (a resumed batch skips it).
            let pages = options.feedback.map_or(Ok(()), |feedback| {
                feedback.write(&grade, notes).map_err(|e| {
                    format!(
                        "cannot write the feedback of {} in {}: {e}",
                        grade.submission,
                        feedback.dir().display()
                    )
                })
            });
            let written = pages.and_then(|()| {
                writer
                    .write_record(&row)
                    .map_err(write_error)
                    .and_then(|()| {
                        writer
                            .flush()
                            .map_err(|e| format!("cannot write the CSV: {e}"))
                    })
            });
            if let Err(error) = written {
                failure = Some(error);
                // Stop handing out submissions; the ones started finish.
                next.store(submissions.len(), Ordering::Relaxed);
                continue;
            }
            rows.push(row);
            progress(&grade, grades.len() + 1, submissions.len());
            grades.push(grade);
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    Ok(Outcome {
        grades,
        rows,
        header,
    })
}

/// Clippy's warnings inside the blanks of a submission that compiled, for
/// its feedback (never scored): `line 47 (blank 1): warning: …`.
fn quality_notes(grader: &Grader, grade: &Grade) -> Vec<String> {
    if grade.status != Status::Graded {
        return Vec::new();
    }
    let Some(code) = grade
        .source
        .as_ref()
        .and_then(|path| std::fs::read_to_string(path).ok())
    else {
        return Vec::new();
    };
    let blanks = fingerprint::blanks(&code);
    match grader.lint(&code) {
        Ok(warnings) => warnings
            .into_iter()
            .filter_map(|(line, text)| {
                blank_at(&blanks, line)
                    .map(|blank| format!("line {line} (blank {blank}): {}", text.trim_end()))
            })
            .collect(),
        Err(why) => vec![format!("no code-quality notes: {why}")],
    }
}
