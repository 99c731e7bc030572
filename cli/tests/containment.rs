//! The compiler runs student code too: what a submission reads at compile
//! time (`include_str!`, `include_bytes!`, a `#[path]` module, `env!`) and
//! prints into its own compile errors reaches its feedback page. A batch
//! graded from a class folder laid out as docs/instructors.md shows, outside
//! the course and outside `/tmp` (the sandbox's `/tmp` is its own), must show
//! a hostile submission none of the class's files, nor the machine's.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use queens_grader::homeworks;

/// Markers in the class's files: none may reach a page or a CSV row.
const SECRETS: [&str; 6] = [
    "SECRET-ROSTER-ROW",
    "SECRET-LAST-WEEK-ROW",
    "SECRET-FEEDBACK-PAGE",
    "SECRET-INSTRUCTOR-NOTE",
    "SECRET-ENVIRONMENT",
    "SECRET-COURSE-NOTE",
];

fn course() -> PathBuf {
    queens_grader::course::course_root()
}

/// A class folder outside the course and `/tmp`: the roster, last week's
/// grades and feedback (a page, an instructor's note), this week's
/// submissions.
fn class_folder() -> tempfile::TempDir {
    let parent = Path::new("/var/tmp");
    let class = tempfile::Builder::new()
        .prefix("queens-class-")
        .tempdir_in(parent)
        .expect("a class folder in /var/tmp");
    let write = |relative: &str, text: &str| {
        let path = class.path().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "roster.csv",
        "Student,ID,SIS User ID\nAda,1,SECRET-ROSTER-ROW\n",
    );
    write("week1/grades.csv", "id,score\nbob,SECRET-LAST-WEEK-ROW\n");
    write("week1/feedback/bob.html", "<p>SECRET-FEEDBACK-PAGE</p>\n");
    write(
        "week1/feedback/instructor/bob.txt",
        "SECRET-INSTRUCTOR-NOTE\n",
    );
    class
}

/// The reference with compile-time reads of every `paths` appended, each
/// printed by a `const` that panics (the way a submission leaks a file), a
/// `#[path]` module of the roster and an `env!` of a secret variable.
fn hostile(reference: &str, paths: &[PathBuf], roster: &Path) -> String {
    let mut code = reference.to_owned();
    for path in paths {
        code.push_str(&format!(
            "const _: () = panic!(\"{{}}\", include_str!({path:?}));\n"
        ));
        code.push_str(&format!("const _: &[u8] = include_bytes!({path:?});\n"));
    }
    code.push_str(&format!("#[path = {roster:?}]\nmod roster;\n"));
    code.push_str("const _: () = panic!(\"{}\", env!(\"QUEENS_CLASS_TOKEN\"));\n");
    code
}

/// The first line of `/etc/shadow`, when this test can read it (as root):
/// it must not reach a page either.
fn shadow_line() -> Option<String> {
    let text = std::fs::read_to_string("/etc/shadow").ok()?;
    text.lines().next().map(str::to_owned)
}

#[test]
#[ignore = "needs bubblewrap; grades a batch (about a minute); CI runs --ignored containment::"]
fn a_batch_shows_a_submission_none_of_the_class_s_files() {
    let class = class_folder();
    let dir = class.path();
    let homework = homeworks::default();
    let reference = std::fs::read_to_string(course().join(homework.reference)).unwrap();
    let course_note = course().join("target").join("queens-course-note.txt");
    std::fs::create_dir_all(course_note.parent().unwrap()).unwrap();
    std::fs::write(&course_note, "SECRET-COURSE-NOTE\n").unwrap();
    let submissions = dir.join("submissions");
    let file = |student: &str| submissions.join(student).join(homework.file_name());
    // Ada is graded first: her row is in grades.csv, her page written, when
    // Mallory's build runs.
    let targets = [
        dir.join("roster.csv"),
        dir.join("grades.csv"),
        dir.join("week1/grades.csv"),
        dir.join("week1/feedback/bob.html"),
        dir.join("week1/feedback/instructor/bob.txt"),
        dir.join("feedback/ada.html"),
        course_note.clone(),
        course().join(homework.reference),
        PathBuf::from("/etc/shadow"),
    ];
    for (student, code) in [
        ("ada", reference.clone()),
        (
            "mallory",
            hostile(&reference, &targets, &dir.join("roster.csv")),
        ),
    ] {
        std::fs::create_dir_all(file(student).parent().unwrap()).unwrap();
        std::fs::write(file(student), code).unwrap();
    }
    let run = Command::cargo_bin("queens")
        .unwrap()
        .current_dir(dir)
        .env("QUEENS_CLASS_TOKEN", "SECRET-ENVIRONMENT")
        .args(["grade", "--batch", "submissions", "--out", "grades.csv"])
        .args(["--feedback", "feedback", "--sandbox", "required"])
        .args(["--exercise", homework.name])
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(dir.join("grades.csv").is_file(), "no grades.csv: {said}");
    let page = std::fs::read_to_string(dir.join("feedback/mallory.html")).unwrap();
    let csv = std::fs::read_to_string(dir.join("grades.csv")).unwrap();
    // The reads were tried and failed: the page says so.
    assert!(page.contains("couldn"), "no compile error shown: {page}");
    assert!(csv.contains("compile-error"), "{csv}");
    let mut shown = vec![page, csv, said];
    for entry in std::fs::read_dir(dir.join("feedback")).unwrap().flatten() {
        if entry.path().is_file() {
            shown.push(std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
    }
    let shadow = shadow_line();
    for text in &shown {
        for secret in SECRETS.iter().copied().chain(shadow.as_deref()) {
            assert!(
                !text.contains(secret),
                "{secret} reached what the class sees:\n{text}"
            );
        }
        // Nor a line of the reference the hostile file did not carry.
        assert!(!text.contains("evaluation panicked: //!"), "{text}");
    }
    let _ = std::fs::remove_file(course_note);
}
