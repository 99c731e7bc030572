//! What a batch writes besides its CSV, on generated submissions of every
//! homework: each student's feedback pages and the instructor's index, the
//! `cluster` column, and a stopped batch resumed.

use crate::common;

use std::path::Path;

use queens_grader::batch::{self, Options};
use queens_grader::feedback::Feedback;
use queens_grader::grader::{Config, Grader};
use queens_grader::homework::Homework;
use queens_grader::homeworks;
use queens_grader::settings::Scheme;

/// The cases of each homework these tests grade: a correct one, one wrong
/// blank, the untouched handout.
fn cases_of(homework: &Homework) -> [&'static str; 3] {
    let first = homeworks::ALL[0].name;
    match homework.name {
        name if name == first => ["correct", "wrong-b2-no-columns", "untouched-handout"],
        _ => {
            let table = common::cases();
            let ids: Vec<String> = table
                .iter()
                .filter(|c| c["homework"] == homework.name)
                .map(|c| c["id"].as_str().unwrap().to_owned())
                .collect();
            // A case ending in `suffix`, else (for a wrong first blank) any
            // wrong version of blank 1.
            let pick = |suffix: &str| {
                let id = ids
                    .iter()
                    .find(|id| id.ends_with(suffix))
                    .or_else(|| {
                        let blank_1 = suffix.starts_with("-wrong-b1-");
                        ids.iter().find(|id| blank_1 && id.contains("-wrong-b1-"))
                    })
                    .unwrap_or_else(|| panic!("{homework}: no case ending in {suffix} in {ids:?}"));
                &*Box::leak(id.clone().into_boxed_str())
            };
            [
                pick("-correct"),
                pick("-wrong-b1-and-for-or"),
                pick("-untouched-handout"),
            ]
        }
    }
}

/// Grades `dir` as a batch of `homework` with feedback into `pages`.
fn graded(
    homework: &'static Homework,
    dir: &Path,
    pages: &Path,
    kept: Vec<Vec<String>>,
) -> (String, batch::Outcome) {
    graded_with(homework, dir, pages, kept, false)
}

/// [`graded`], with clippy's notes on the pages or not.
fn graded_with(
    homework: &'static Homework,
    dir: &Path,
    pages: &Path,
    kept: Vec<Vec<String>>,
    clippy: bool,
) -> (String, batch::Outcome) {
    let mut config = Config::built_in();
    config.homework = homework;
    let grader = Grader::new(config).unwrap();
    let feedback = Feedback::new(pages).unwrap();
    let mut csv = Vec::new();
    let options = Options {
        feedback: Some(&feedback),
        kept,
        clippy,
        stop: None,
    };
    let outcome = batch::run_with(&grader, dir, &mut csv, options, &mut |_, _, _| {}).unwrap();
    feedback
        .write_index(homework.name, &outcome.index_lines(), &[])
        .unwrap();
    (String::from_utf8(csv).unwrap(), outcome)
}

#[test]
#[ignore = "slow: grades a batch end to end (CI runs it)"]
fn every_homework_gets_feedback_pages_an_index_and_clusters() {
    for &homework in homeworks::ALL {
        let ids = cases_of(homework);
        let made = common::cases_in_folder(&ids);
        let dir = made.path().join("batch").join(homework.name);
        // A copy of the correct one, reformatted and commented inside its
        // blanks: the same work.
        let [correct, wrong, untouched] = ids;
        let twin = dir.join("twin");
        copy_dir(&dir.join(correct), &twin);
        let file = twin.join("src").join(homework.file_name());
        let text = std::fs::read_to_string(&file).unwrap();
        let mut inside = false;
        let reformatted: String = text
            .lines()
            .map(|line| {
                let marker = line.trim_start();
                if marker.starts_with("// BLANK") {
                    inside = true;
                } else if marker.starts_with("// END BLANK") {
                    inside = false;
                    return format!("        // copied, of course\n{line}");
                }
                if inside && !line.contains('"') {
                    format!("  {}", line.replace(" + ", "+").replace(", ", " ,  "))
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(reformatted, text);
        std::fs::write(&file, reformatted).unwrap();
        let pages = made.path().join("pages");
        let (csv, outcome) = graded(homework, &dir, &pages, Vec::new());
        assert_eq!(outcome.rows.len(), 4, "{csv}");
        let cluster = |id: &str| {
            let row = outcome.rows.iter().find(|r| r[0] == id).unwrap();
            outcome.field(row, "cluster").to_owned()
        };
        assert_eq!(cluster(correct), cluster("twin"), "{homework}: {csv}");
        assert_ne!(cluster(correct), cluster(wrong), "{homework}: {csv}");
        assert_ne!(cluster(wrong), cluster(untouched), "{homework}: {csv}");
        let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
        assert!(index.contains("(2 alike)"), "{homework}: {index}");
        for id in [correct, wrong, untouched, "twin"] {
            for extension in ["html", "md"] {
                assert!(
                    index.contains(&format!("href=\"{id}.{extension}\"")),
                    "{homework}: {id}: {index}"
                );
                assert!(pages.join(format!("{id}.{extension}")).is_file());
            }
        }
        let page = std::fs::read_to_string(pages.join(format!("{wrong}.html"))).unwrap();
        let markdown = std::fs::read_to_string(pages.join(format!("{wrong}.md"))).unwrap();
        let grade = outcome
            .grades
            .iter()
            .find(|g| g.submission == wrong)
            .unwrap();
        let failure = grade.tests.iter().find(|t| !t.outcome.passed()).unwrap();
        let first_line = failure.message.lines().next().unwrap();
        assert!(
            markdown.contains(first_line),
            "{homework}: {markdown}\n{}",
            common::describe(grade)
        );
        assert!(
            page.contains(&*html_escape::encode_text(first_line)),
            "{homework}: {page}"
        );
        for text in [&page, &markdown] {
            assert!(text.contains("Hint:"), "{homework}: {text}");
            assert!(text.contains("hint "), "the command for more: {text}");
            assert!(
                !text.contains("http://") || !text.contains("<link"),
                "nothing fetched"
            );
        }
        assert!(
            !page.contains("<script") && !page.contains("src=\"http"),
            "{page}"
        );
        let full = std::fs::read_to_string(pages.join(format!("{correct}.md"))).unwrap();
        assert!(full.contains("Every test passes."), "{full}");
        assert!(!full.contains("Hint:"), "{full}");
    }
}

#[test]
#[ignore = "slow: grades a batch end to end (CI runs it)"]
fn a_board_drawn_in_a_message_is_an_inline_picture() {
    // The third homework's end-to-end messages draw the row as text.
    let homework = homeworks::ALL
        .iter()
        .copied()
        .find(|h| h.name == "bitmask")
        .expect("the bitmask homework");
    let id = format!("{}-wrong-b1-no-full-mask", homework.name);
    let (made, path) = common::case(&id);
    let dir = path.parent().unwrap();
    let pages = made.path().join("pages");
    graded(homework, dir, &pages, Vec::new());
    let page = std::fs::read_to_string(pages.join(format!("{id}.html"))).unwrap();
    assert!(page.contains("<svg"), "{page}");
    assert!(page.contains("<circle"), "the free cells drawn: {page}");
}

#[test]
#[ignore = "a batch end to end (5 s); CI runs it with --ignored batch_outputs::"]
fn the_first_homeworks_end_to_end_failure_shows_the_board_there() {
    // A `delete` that clears the sets: the search leaves the reference's at a
    // step, and the message draws the board just before it.
    let homework = homeworks::ALL[0];
    let id = "wrong-b3-resets-the-sets";
    let (made, path) = common::case(id);
    let dir = path.parent().unwrap();
    let pages = made.path().join("pages");
    graded(homework, dir, &pages, Vec::new());
    let page = std::fs::read_to_string(pages.join(format!("{id}.html"))).unwrap();
    let markdown = std::fs::read_to_string(pages.join(format!("{id}.md"))).unwrap();
    assert!(
        markdown.contains("the board just before that step"),
        "{markdown}"
    );
    assert!(markdown.contains("<- your step"), "{markdown}");
    assert!(page.contains("<svg"), "{page}");
    assert!(page.contains(">Q</text>"), "the queens drawn: {page}");
}

#[test]
fn hostile_text_in_code_and_compiler_output_is_escaped() {
    let homework = homeworks::default();
    let made = common::cases_in_folder(&["correct"]);
    let dir = made.path().join("batch").join(homework.name);
    // One that compiles with `<script>` in a comment and a string, one whose
    // compile error quotes it back.
    let file = |id: &str| dir.join(id).join("src").join(homework.file_name());
    copy_dir(&dir.join("correct"), &dir.join("xss-error"));
    let text = std::fs::read_to_string(file("correct")).unwrap();
    let hostile = text.replacen(
        "// END BLANK 1",
        "// <script>alert('comment')</script>\n        // END BLANK 1",
        1,
    );
    std::fs::write(file("correct"), &hostile).unwrap();
    let broken = text.replacen(
        "// END BLANK 2",
        "let _: u8 = \"<script>alert('error')</script>\";\n        // END BLANK 2",
        1,
    );
    std::fs::write(file("xss-error"), broken).unwrap();
    let pages = made.path().join("pages");
    let (csv, _) = graded(homework, &dir, &pages, Vec::new());
    let error = std::fs::read_to_string(pages.join("xss-error.html")).unwrap();
    assert!(error.contains("does not compile"), "{csv}\n{error}");
    assert!(
        error.contains("&lt;script&gt;"),
        "the error quotes the line: {error}"
    );
    assert!(error.contains("line "), "the student's line: {error}");
    for id in ["correct", "xss-error"] {
        let page = std::fs::read_to_string(pages.join(format!("{id}.html"))).unwrap();
        assert!(!page.contains("<script"), "{id}: {page}");
    }
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(!index.contains("<script"), "{index}");
}

#[test]
#[ignore = "slow: grades a batch end to end (CI runs it)"]
fn clippy_notes_inside_the_blanks_come_with_the_page_and_cost_no_point() {
    let homework = homeworks::default();
    let made = common::cases_in_folder(&["correct"]);
    let dir = made.path().join("batch").join(homework.name);
    let file = dir.join("correct").join("src").join(homework.file_name());
    let text = std::fs::read_to_string(&file).unwrap();
    let linted = text.replacen(
        "self.columns.contains(&col)\n",
        "self.columns.contains(&col) == true\n",
        1,
    );
    assert_ne!(linted, text);
    std::fs::write(&file, linted).unwrap();
    let pages = made.path().join("pages");
    let (_, outcome) = graded_with(homework, &dir, &pages, Vec::new(), true);
    let row = &outcome.rows[0];
    assert_eq!(outcome.field(row, "total"), outcome.field(row, "max"));
    let page = std::fs::read_to_string(pages.join("correct.md")).unwrap();
    assert!(page.contains("Code-quality notes (not scored)"), "{page}");
    assert!(
        page.contains("(blank 1): warning: equality checks against true"),
        "{page}"
    );
}

#[test]
#[ignore = "slow: grades a batch end to end (CI runs it)"]
fn a_stopped_batch_resumes_where_it_stopped() {
    let homework = homeworks::default();
    let ids = cases_of(homework);
    let made = common::cases_in_folder(&ids);
    let dir = made.path().join("batch").join(homework.name);
    let pages = made.path().join("pages");
    let (csv, first) = graded(homework, &dir, &pages, Vec::new());
    // Stopped while writing the third row: half of it on disk, its page not.
    let cut = csv.len() - csv.lines().last().unwrap().len() / 2 - 1;
    let stopped = made.path().join("stopped.csv");
    std::fs::write(&stopped, &csv[..cut]).unwrap();
    let last = &first.rows[2][0];
    std::fs::remove_file(pages.join(format!("{last}.html"))).unwrap();
    let kept = batch::kept_rows(&stopped, &Scheme::one_point_each(homework)).unwrap();
    assert_eq!(
        kept,
        first.rows[..2].to_vec(),
        "the whole rows, not the cut one"
    );
    let (resumed_csv, resumed) = graded(homework, &dir, &pages, kept);
    assert_eq!(resumed.grades.len(), 1, "only the one not written");
    assert_eq!(resumed.grades[0].submission, *last);
    assert!(pages.join(format!("{last}.html")).is_file());
    let sorted = |text: &str| {
        let mut lines: Vec<String> = text
            .lines()
            .map(|l| l.rsplitn(4, ',').nth(3).unwrap().to_owned())
            .collect();
        lines.sort();
        lines
    };
    // The same rows (seconds aside; cluster and homework go with them), each once.
    assert_eq!(sorted(&resumed_csv), sorted(&csv));
    // Nothing left to grade: the rows again, nothing graded.
    std::fs::write(&stopped, &resumed_csv).unwrap();
    let kept = batch::kept_rows(&stopped, &Scheme::one_point_each(homework)).unwrap();
    assert_eq!(kept.len(), 3);
    let (_, again) = graded(homework, &dir, &pages, kept);
    assert!(again.grades.is_empty());
    // Another homework's CSV, or another header, is refused in one line.
    let other = homeworks::ALL[1];
    let error = batch::kept_rows(&stopped, &Scheme::one_point_each(other)).unwrap_err();
    assert!(
        error.contains("cannot resume") && !error.contains('\n'),
        "{error}"
    );
    std::fs::write(&stopped, "id,score\nada,3\n").unwrap();
    assert!(batch::kept_rows(&stopped, &Scheme::one_point_each(homework)).is_err());
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// What a submission did is kept for the instructor: one that empties its
/// home (contained, full marks) is flagged in the CSV's `flags` and on the
/// index, and its log names the files and keeps each test's output; the
/// student's pages say none of it unless `queens.toml` asks (on main: no
/// flag, no log, its output kept nowhere).
#[test]
#[ignore = "a batch end to end (5 s); CI runs it with --ignored batch_outputs::"]
fn the_instructor_sees_what_each_submission_did_and_students_do_not() {
    let homework = homeworks::ALL[0];
    let made = common::cases_in_folder(&["correct", "cleans-home", "megabytes-output"]);
    let dir = made.path().join("batch").join(homework.name);
    let pages = tempfile::tempdir().unwrap();
    let (csv, outcome) = graded(homework, &dir, pages.path(), Vec::new());
    let row = |id: &str| {
        outcome
            .rows
            .iter()
            .find(|r| r[0] == id)
            .unwrap_or_else(|| panic!("no row {id}: {csv}"))
    };
    assert_eq!(
        outcome.field(row("cleans-home"), "flags"),
        "touched-files",
        "{csv}"
    );
    assert_eq!(
        outcome.field(row("cleans-home"), "total"),
        outcome.field(row("cleans-home"), "max")
    );
    assert_eq!(outcome.field(row("correct"), "flags"), "", "{csv}");
    let log = |id: &str| {
        std::fs::read_to_string(pages.path().join(format!("instructor/{id}.txt")))
            .unwrap_or_else(|e| panic!("no instructor log of {id}: {e}"))
    };
    let cleaner = log("cleans-home");
    assert!(cleaner.contains("flags: touched-files"), "{cleaner}");
    assert!(cleaner.contains("home/notes.txt (removed)"), "{cleaner}");
    assert!(cleaner.contains("home/was-here (new)"), "{cleaner}");
    assert!(cleaner.contains("contained: "), "{cleaner}");
    assert!(log("correct").contains("flags: none"));
    // Its output, kept per test: the start of what it printed.
    assert!(log("megabytes-output").contains("-- stdout:\nplacing a queen on"));
    let index = std::fs::read_to_string(pages.path().join("index.html")).unwrap();
    assert!(index.contains("<td>touched-files</td>"), "{index}");
    assert!(
        index.contains("href=\"instructor/cleans-home.txt\""),
        "{index}"
    );
    for extension in ["html", "md"] {
        let page =
            std::fs::read_to_string(pages.path().join(format!("cleans-home.{extension}"))).unwrap();
        for private in [
            "notes.txt",
            "was-here",
            "What the grader saw",
            "instructor/",
        ] {
            assert!(
                !page.contains(private),
                "{private} on the student's page: {page}"
            );
        }
    }
    // Asked for in queens.toml: a summary on the student's page, never the log.
    let settings = queens_grader::settings::Settings::parse(
        "[feedback]\nshow_observations = true\n",
        Path::new("queens.toml"),
    )
    .unwrap();
    let grade = outcome
        .grades
        .iter()
        .find(|g| g.submission == "cleans-home")
        .unwrap();
    // And in the JSON report: the flags, and each test as it was observed.
    let json = serde_json::to_value(queens_grader::report::json(grade)).unwrap();
    assert_eq!(
        json["flags"],
        serde_json::json!(["touched-files"]),
        "{json}"
    );
    let observed = json["observed"].as_array().unwrap();
    assert_eq!(observed.len(), grade.tests.len(), "{json}");
    assert!(
        observed.iter().any(|t| t["files_touched"]
            .as_array()
            .is_some_and(|files| files.iter().any(|f| f == "home/was-here (new)"))),
        "{json}"
    );
    assert!(
        observed
            .iter()
            .any(|t| t["peak_memory_bytes"].as_u64() > Some(0)),
        "{json}"
    );
    let mut shown = grade.clone();
    shown.scheme = settings.scheme(homework);
    let page = queens_grader::feedback::Page::new(&shown, None, Vec::new());
    let markdown = queens_grader::feedback::markdown(&page);
    assert!(markdown.contains("What the grader saw"), "{markdown}");
    assert!(markdown.contains("touched-files"), "{markdown}");
}
