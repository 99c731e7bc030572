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
//! row. A batch told to stop ([`Options::stop`], set by the command line on
//! Ctrl-C or SIGTERM) hands out no more submissions, ends the processes of
//! the ones being graded (their rows are dropped: resumed, they are graded
//! again), and returns what it wrote, with [`Outcome::stopped`] set; its
//! graders' scratch slots and temporary folders go with them.
//! A submission the grader could not grade (`grader-error`) gets a row
//! without a score; [`Outcome::regrade`] lists them, and a resumed batch
//! grades them again.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::downloads;
use super::feedback::{Feedback, IndexLine, blank_at};
use super::fingerprint;
use super::grader::{Grade, Grader, Status};
use super::homework::Homework;
use super::homeworks;
use super::report::CsvLayout;
use super::settings::Scheme;

/// One submission of a batch folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The student's id: the folder's or file's name, or what an LMS's
    /// download says ([`crate::downloads`]).
    pub id: String,
    /// A folder, or the homework's file.
    pub path: PathBuf,
    /// The file's name as the student gave it, when a download renamed it
    /// (Canvas's `lovelaceada_101_5551_lib.rs` was `lib.rs`).
    pub original: Option<String>,
}

/// The submissions in `dir`, sorted by id: sub-folders and `.rs` files
/// named by the students' ids, a Canvas download (files named by Canvas,
/// one submission per student: the file named as `homework`'s when they
/// sent several) or a Gradescope export (a folder per submission, named by
/// its `submission_metadata.yml`).
pub fn submissions(dir: &Path, homework: Option<&Homework>) -> Result<Vec<Submission>, String> {
    let cannot = |e: std::io::Error| format!("cannot read the batch folder {}: {e}", dir.display());
    let mut folders = Vec::new();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(cannot)?.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            folders.push((name, path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push((name, path));
        }
    }
    let mut found: Vec<Submission> = Vec::new();
    let gradescope = downloads::gradescope_ids(dir).transpose()?;
    for (name, path) in folders {
        let id = gradescope
            .as_ref()
            .and_then(|ids| ids.iter().find(|(folder, _)| *folder == name))
            .map_or_else(|| name.clone(), |(_, id)| id.clone());
        found.push(Submission {
            id,
            path,
            original: None,
        });
    }
    let wanted = homework.map(Homework::file_name);
    match downloads::canvas_submissions(&files, wanted).filter(|_| !files.is_empty()) {
        Some(students) => {
            found.extend(students.into_iter().map(|(id, path, original)| Submission {
                id,
                path,
                original: Some(original),
            }))
        }
        None => found.extend(files.into_iter().filter_map(|(_, path)| {
            let id = path.file_stem()?.to_string_lossy().into_owned();
            Some(Submission {
                id,
                path,
                original: None,
            })
        })),
    }
    found.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(found)
}

/// The files of `dir` that are no submission, so no row (a `.zip` a
/// student sent through Canvas, notes), by name: to say, never to drop
/// silently. Hidden files and Gradescope's metadata are not listed.
pub fn not_submissions(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| {
                    let path = entry.path();
                    !path.is_dir() && path.extension().is_none_or(|e| e != "rs")
                })
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| !name.starts_with('.') && name != "submission_metadata.yml")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The homeworks a submission holds: a folder, every homework whose file
/// it has where a grade looks (`src/`, itself, `exercises/src/`); a file,
/// the homework its name (or the name the student gave it) is the file of.
/// A `.rs` file named otherwise (`ada.rs`, or a folder's only `.rs` file),
/// the homework whose items (`fn is_attacked`, `struct SudokuSets`) it
/// declares.
pub fn homeworks_held(submission: &Submission) -> Vec<&'static Homework> {
    let path = &submission.path;
    if path.is_dir() {
        let held: Vec<&'static Homework> = homeworks::ALL
            .iter()
            .copied()
            .filter(|homework| homework.file_in(path).is_some())
            .collect();
        if !held.is_empty() {
            return held;
        }
        let sources: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rs"))
                    .collect()
            })
            .unwrap_or_default();
        return match sources.as_slice() {
            [only] => by_content(only).into_iter().collect(),
            _ => Vec::new(),
        };
    }
    let name = submission
        .original
        .clone()
        .or_else(|| path.file_name().map(|n| n.to_string_lossy().into_owned()));
    if let Some(homework) = name
        .as_deref()
        .and_then(|n| homeworks::for_file(Path::new(n)))
    {
        return vec![homework];
    }
    by_content(path).into_iter().collect()
}

/// The homework whose graded tests name the most of the items the code at
/// `path` declares, more than any other's do (a renamed `ada.rs`). The tests'
/// adapter, not the handout, is the homework's fingerprint: the grader never
/// compiles in a file a student edits (no rebuild after a save).
fn by_content(path: &Path) -> Option<&'static Homework> {
    let code = std::fs::read(path)
        .ok()
        .filter(|bytes| bytes.len() < 1 << 20)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())?;
    let declared: Vec<String> = code
        .lines()
        .filter_map(|line| {
            let line = line.trim_start().trim_start_matches("pub ");
            let rest = line
                .strip_prefix("fn ")
                .or_else(|| line.strip_prefix("struct "))?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect();
    let mut scores: Vec<(usize, &'static Homework)> = homeworks::ALL
        .iter()
        .map(|homework| {
            let words: std::collections::HashSet<&str> = homework
                .files
                .tests
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .collect();
            let found = declared
                .iter()
                .filter(|item| words.contains(item.as_str()))
                .count();
            (found, *homework)
        })
        .collect();
    scores.sort_by_key(|(found, _)| std::cmp::Reverse(*found));
    match scores.as_slice() {
        [(best, homework), rest @ ..]
            if *best >= 2 && rest.first().is_none_or(|(next, _)| next < best) =>
        {
            Some(*homework)
        }
        _ => None,
    }
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
    /// Stop when this is not zero (the command line stores the signal that
    /// asked for it): no more submissions, the running ones ended and
    /// their rows dropped.
    pub stop: Option<&'a AtomicUsize>,
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
    /// How many submissions the folder holds (kept rows included).
    pub submissions: usize,
    /// Whether the batch was stopped before every submission had its row.
    pub stopped: bool,
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

    /// The ids of the rows the grader could not grade (`grader-error`): no
    /// score; the batch must say so and exit non-zero.
    pub fn regrade(&self) -> Vec<&str> {
        self.rows
            .iter()
            .filter(|row| {
                Status::from_name(self.field(row, "status")).is_some_and(Status::is_grader_error)
            })
            .map(|row| self.field(row, "id"))
            .collect()
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
    // Rows are written whole and flushed: only the last can be cut. A row
    // the grader could not grade is not kept: resuming grades it again.
    let status = header.iter().position(|h| h == "status");
    let rows: Vec<Vec<String>> = records
        .into_iter()
        .map_while(|row| row)
        .filter(|row| {
            !status
                .and_then(|at| row.get(at))
                .and_then(|name| Status::from_name(name))
                .is_some_and(Status::is_grader_error)
        })
        .collect();
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
    let all = submissions(dir, Some(grader.config().homework))?;
    if all.is_empty() {
        return Err(format!(
            "{} holds no submission (sub-folders or .rs files)",
            dir.display()
        ));
    }
    let count = all.len();
    let submissions: Vec<Submission> = all
        .into_iter()
        .filter(|s| !options.kept.iter().any(|row| row.first() == Some(&s.id)))
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
    let stop = options.stop;
    let stop_asked = move || stop.is_some_and(|stop| stop.load(Ordering::SeqCst) != 0);
    if submissions.is_empty() || stop_asked() {
        return Ok(Outcome {
            grades,
            rows,
            header,
            submissions: count,
            stopped: !submissions.is_empty(),
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
                    if stop_asked() {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(submission) = submissions.get(index) else {
                        break;
                    };
                    let grade = own.grade(&submission.id, &submission.path);
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
        loop {
            let received = finished.recv_timeout(STOP_CHECK);
            if stop_asked() {
                // Again and again until the workers are gone: a grade
                // that is ended goes on to its next test or build.
                next.store(submissions.len(), Ordering::Relaxed);
                end_children();
            }
            let (grade, notes) = match received {
                Ok(finished) => finished,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if stop_asked() {
                // Perhaps cut short by the stop: graded again on resume.
                continue;
            }
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
        stopped: rows.len() < count,
        grades,
        rows,
        header,
        submissions: count,
    })
}

/// How often a batch looks at its stop flag while it waits for a row.
const STOP_CHECK: Duration = Duration::from_millis(50);

/// Kills this process's children (the builds and tests being run; each run
/// then ends what its child left in its group or session, as when a test
/// ends): what stopping a batch does, since a grade cannot be asked to
/// stop half-way.
fn end_children() {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        for child in crate::process::processes()
            .into_iter()
            .filter(|process| process.parent == me)
        {
            if let Ok(pid) = libc::pid_t::try_from(child.pid) {
                // SAFETY: kill only sends a signal. A child is not reaped
                // before its run has ended its group, so its id is still its.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
    }
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

#[cfg(test)]
mod tests {
    /// A homework's untouched handout, as the course holds it.
    fn handout(homework: &Homework) -> String {
        homework
            .handout_in(&crate::course::course_root())
            .expect("the course's handout")
    }
    use super::*;

    /// A folder holding `files` (`(name, text)`), folders made as needed.
    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn a_canvas_download_is_one_submission_per_student_named_to_join_the_roster() {
        let second = homeworks::ALL[1];
        let (file, handout) = (second.file_name(), handout(second));
        let dir = folder(&[
            (&format!("lovelaceada_101_5551_{file}"), &handout),
            ("hoppergrace_LATE_102_5552_notes.rs", "// notes"),
            (
                &format!("hoppergrace_LATE_102_5553_{}", file.replace(".rs", "-1.rs")),
                &handout,
            ),
        ]);
        let found = submissions(dir.path(), Some(second)).unwrap();
        let ids: Vec<(&str, Option<&str>)> = found
            .iter()
            .map(|s| (s.id.as_str(), s.original.as_deref()))
            .collect();
        assert_eq!(
            ids,
            [
                ("hoppergrace_102", Some(file)),
                ("lovelaceada_101", Some(file))
            ],
            "the homework's file of the student who sent two"
        );
        for submission in &found {
            assert_eq!(homeworks_held(submission), [second], "{submission:?}");
        }
        std::fs::write(dir.path().join("babbagecharles_103_5554_work.zip"), "PK").unwrap();
        assert_eq!(
            not_submissions(dir.path()),
            ["babbagecharles_103_5554_work.zip"]
        );
    }

    #[test]
    fn a_gradescope_export_is_named_by_its_metadata() {
        let first = homeworks::ALL[0];
        let dir = folder(&[
            (
                "submission_metadata.yml",
                "submission_123456:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '101'\n    \
                 :email: ada@example.org\n  :score: 0.0\n",
            ),
            (
                &format!("submission_123456/{}", first.file_name()),
                &handout(first),
            ),
        ]);
        let found = submissions(dir.path(), None).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].id, "ada@example.org");
        assert_eq!(homeworks_held(&found[0]), [first]);
        std::fs::write(dir.path().join("submission_metadata.yml"), "- [").unwrap();
        let error = submissions(dir.path(), None).unwrap_err();
        assert!(error.contains("submission_metadata.yml"), "{error}");
    }

    #[test]
    fn files_named_by_ids_are_recognised_by_their_code() {
        let dir = folder(&[
            ("ada.rs", &handout(homeworks::ALL[1])),
            ("bob.rs", &handout(homeworks::ALL[2])),
            ("eve.rs", "fn main() {}\n"),
            ("whole/exercises/src/placeholder.txt", ""),
        ]);
        for homework in homeworks::ALL {
            let path = dir
                .path()
                .join("whole/exercises/src")
                .join(homework.file_name());
            std::fs::write(path, handout(homework)).unwrap();
        }
        let held: Vec<(String, Vec<&Homework>)> = submissions(dir.path(), None)
            .unwrap()
            .iter()
            .map(|s| (s.id.clone(), homeworks_held(s)))
            .collect();
        assert_eq!(
            held,
            [
                ("ada".to_owned(), vec![homeworks::ALL[1]]),
                ("bob".to_owned(), vec![homeworks::ALL[2]]),
                ("eve".to_owned(), vec![]),
                ("whole".to_owned(), homeworks::ALL.to_vec()),
            ]
        );
    }
}
