//! Classroom 50's custom grader: an `autograder.py` for the teacher's
//! `classroom50` repository (`CLASSROOM/autograders/ASSIGNMENT/`), which
//! Classroom 50's runner runs once per submission in the student's checkout
//! and which writes the `result.json` the runner publishes
//! (`classroom50/result/v1`: `score`, `max-score`, one `tests` row per graded
//! test with `test-name`, `passed`, `score`, `max-score`), with a
//! `release-body.md`; and the assignment's `runtime` block (`runtime.json`:
//! the Rust toolchain, bubblewrap).
//!
//! What Classroom 50 expects is read from its wiki (Advanced Autograding:
//! "Writing an autograder.py", "The result.json contract", "The runtime
//! block") and its runner (`runner.py`: `run_entrypoint`, `validate_result`).

use std::path::{Path, PathBuf};

use super::pinned::{PinnedCourse, TOOLCHAIN};
use crate::course::CourseError;
use crate::homework::Homework;

/// The autograder, with `@REPOSITORY@`, `@REVISION@`, `@TOOLCHAIN@`,
/// `@HOMEWORKS@` and `@FILES@` to fill.
const AUTOGRADER: &str = include_str!("classroom50.py");

/// The file names Classroom 50 looks for and writes.
pub const AUTOGRADER_FILE: &str = "autograder.py";
/// The assignment's runtime block, for `gh teacher assignment add --runtime`.
pub const RUNTIME_FILE: &str = "runtime.json";
/// What the autograder writes in the student's checkout.
pub const RESULT_FILE: &str = "result.json";

/// `autograder.py` for `homeworks`, graded by `course`.
pub fn classroom50_autograder(course: &PinnedCourse, homeworks: &[&'static Homework]) -> String {
    let names: Vec<String> = homeworks.iter().map(|h| format!("\"{h}\"")).collect();
    let files: Vec<String> = homeworks
        .iter()
        .map(|h| format!("exercises/{}", h.source))
        .collect();
    AUTOGRADER
        .replace("@REPOSITORY@", &course.repository)
        .replace("@REVISION@", &course.revision)
        .replace("@TOOLCHAIN@", TOOLCHAIN)
        .replace("@HOMEWORKS@", &format!("[{}]", names.join(", ")))
        .replace("@FILES@", &files.join(", "))
}

/// The assignment's `runtime` block: the pinned toolchain, and bubblewrap
/// for the graded tests' sandbox.
pub fn classroom50_runtime() -> String {
    let runtime = serde_json::json!({ "rust": TOOLCHAIN, "apt": ["bubblewrap"] });
    format!("{runtime:#}\n")
}

fn readme(course: &PinnedCourse, homeworks: &[&'static Homework]) -> String {
    let names: Vec<&str> = homeworks.iter().map(|h| h.name).collect();
    format!(
        "# queens on Classroom 50\n\n\
         Written by `queens handout --workflow classroom50`. Grades {homeworks} with the course\n\
         {repository} at commit {revision} ({origin}: {timeout} s per submission,\n\
         {test_timeout} s per test).\n\n\
         1. Copy `{AUTOGRADER_FILE}` into your `classroom50` repository as\n   \
            `CLASSROOM/autograders/ASSIGNMENT/{AUTOGRADER_FILE}` and push (Classroom 50 publishes it).\n\
         2. Give the assignment this runtime: `gh teacher assignment add ... --runtime {RUNTIME_FILE}`\n   \
            (or the web form's Advanced settings): Rust {TOOLCHAIN} and bubblewrap.\n\
         3. The assignment's template is the student copy at that commit; the course repository\n   \
            must be readable without credentials (Classroom 50 gives grading none).\n\n\
         One assignment, one homework: this grades {homeworks} alone. For another homework, make\n\
         another assignment and its autograder with `queens handout --workflow classroom50\n\
         --exercise NAME --out NEW-FOLDER` (same --course-repository and --course-revision).\n\n\
         A grader problem (the course cannot be fetched or built, `queens grade --prepare`\n\
         fails, or `queens grade` reports `grader-error`) is no grade: `{AUTOGRADER_FILE}` exits\n\
         non-zero and writes no `{RESULT_FILE}`. Classroom 50's runner (`runner.py`,\n\
         `Finalizer.error`) then writes a `{RESULT_FILE}` of its own with score 0, max-score 0\n\
         and no tests, publishes the submission's Release (body: `classroom50 autograde: 0/0`,\n\
         `autograder exited 1`), sets the commit status to `error`, and collect-scores records\n\
         the submission as submitted with that 0/0. So a grader problem reads 0/0 with no\n\
         tests, never 0 out of the homework's points: look for max-score 0, the job's log\n\
         (`::error::queens autograder: ...`) says why; fix it and regrade.\n\n\
         Classroom 50 stops a grade job after 15 minutes; the course is built on every run\n\
         (no cache): if runs come near that, grade on a self-hosted runner (`runs-on`).\n",
        homeworks = names.join(", "),
        repository = course.repository,
        revision = course.revision,
        origin = course.settings_origin(),
        timeout = course.submission_timeout().as_secs_f64(),
        test_timeout = course.test_timeout().as_secs_f64(),
    )
}

/// Writes the Classroom 50 files (`autograder.py`, `runtime.json`,
/// `README.md`) into `dir`, a new or empty folder; returns their paths.
pub fn write_classroom50(
    dir: &Path,
    course: &PinnedCourse,
    homeworks: &[&'static Homework],
) -> Result<Vec<PathBuf>, CourseError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| CourseError::Io { path, source }
    };
    if dir.exists() && std::fs::read_dir(dir).map_err(io(dir))?.next().is_some() {
        return Err(CourseError::Other(format!(
            "{} is not empty; give a new folder for the Classroom 50 autograder",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = Vec::new();
    for (name, text) in [
        (AUTOGRADER_FILE, classroom50_autograder(course, homeworks)),
        (RUNTIME_FILE, classroom50_runtime()),
        ("README.md", readme(course, homeworks)),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(io(&path))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    #[test]
    fn the_autograder_names_the_pinned_course_and_every_homework() {
        let revision = "0123456789abcdef0123456789abcdef01234567";
        let course = PinnedCourse::new("teacher/queens", revision, Settings::default()).unwrap();
        let script = classroom50_autograder(&course, crate::homeworks::ALL);
        assert!(!script.contains('@'), "a placeholder is left");
        assert!(script.contains(&format!("COURSE_REVISION = \"{revision}\"")));
        assert!(script.contains("COURSE_REPOSITORY = \"teacher/queens\""));
        for homework in crate::homeworks::ALL {
            assert!(script.contains(&format!("\"{homework}\"")), "{homework}");
        }
        // Packages from fresh lists: `apt-get update` first.
        let apt: Vec<&str> = (script.lines())
            .filter(|line| line.contains("\"apt-get\"") && !line.trim_start().starts_with('#'))
            .collect();
        assert!(
            apt.len() == 2 && apt[0].contains("\"update\"") && apt[1].contains("\"install\""),
            "{apt:?}"
        );
        let runtime: serde_json::Value = serde_json::from_str(&classroom50_runtime()).unwrap();
        assert_eq!(runtime["rust"], TOOLCHAIN);
        assert_eq!(runtime["apt"][0], "bubblewrap");
    }
}
