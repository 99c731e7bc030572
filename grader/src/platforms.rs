//! Grading where instructors grade: Gradescope's autograder bundle and a
//! GitHub Classroom autograding workflow.
//!
//! * [`gradescope_zip`]: `queens autograder gradescope --out autograder.zip`.
//!   Gradescope unpacks the bundle into `/autograder/source`, runs `setup.sh`
//!   once (Rust, bubblewrap, the `queens` binary, the library compiled once
//!   into the grading scratch), then `run_autograder` per submission, which
//!   runs `queens grade --format gradescope --out
//!   /autograder/results/results.json` on `/autograder/submission`. The
//!   scripts take their root from `AUTOGRADER_ROOT` (default `/autograder`),
//!   so they can be tried in any folder laid out the same way.
//! * [`github_classroom_workflow`]: `queens handout --out DIR
//!   --github-classroom` adds `.github/workflows/classroom.yml` to the student
//!   copy: one autograding entry worth its points per graded test.

use std::io::Write;
use std::path::Path;

use super::course::{Course, CourseError};
use super::homework::Homework;

/// Gradescope runs this once, as root, when the autograder is built.
pub const GRADESCOPE_SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope: builds the autograder image once. Installs Rust and bubblewrap,
# builds the `queens` binary from the course in source/, and compiles the
# library into the grading scratch so each submission builds in seconds.
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq bubblewrap curl ca-certificates build-essential >/dev/null
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
fi
export PATH="$HOME/.cargo/bin:$PATH"
cd "$root/source"
cargo build --release --locked -p queens-cli
# Fetch every crate now: grading builds offline.
cargo fetch --locked
# Warm the scratch: the untouched handout compiles the library once.
./target/release/queens grade exercises --course "$root/source" \
  --scratch "$root/scratch" --format json >/dev/null || true
"#;

/// Gradescope runs this for each submission (`@HOMEWORK@` is the homework
/// the bundle grades: [`gradescope_run`]).
pub const GRADESCOPE_RUN: &str = r#"#!/usr/bin/env bash
# Gradescope: grades /autograder/submission with the instructor's tests and
# writes /autograder/results/results.json. AUTOGRADER_ROOT moves the whole
# layout (to try it elsewhere); QUEENS names another `queens` binary.
set -uo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
export PATH="$HOME/.cargo/bin:$PATH"
queens="${QUEENS:-$root/source/target/release/queens}"
mkdir -p "$root/results"
# A submission that does not compile or times out still gets its results.json
# (and a non-zero exit from queens): Gradescope shows it either way.
"$queens" grade "$root/submission" --exercise @HOMEWORK@ --format gradescope \
  --out "$root/results/results.json" \
  --course "$root/source" --scratch "${QUEENS_SCRATCH:-$root/scratch}" \
  --sandbox "${QUEENS_SANDBOX:-auto}" || true
test -s "$root/results/results.json"
"#;

/// `run_autograder` for a bundle that grades `homework`.
pub fn gradescope_run(homework: &Homework) -> String {
    GRADESCOPE_RUN.replace("@HOMEWORK@", homework.name)
}

/// What [`gradescope_zip`] wrote.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Bundle {
    /// Files in the bundle.
    pub files: usize,
    /// Its size in bytes.
    pub bytes: u64,
}

/// Writes Gradescope's autograder bundle for `homework` of `course` to
/// `out`: `setup.sh`, `run_autograder` and the course's files (the
/// instructor's: the grader needs the library and the tests; student code
/// never sees them).
pub fn gradescope_zip(
    course: &Course,
    homework: &Homework,
    out: &Path,
) -> Result<Bundle, CourseError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source: std::io::Error| CourseError::Io { path, source }
    };
    let zip_error = |error: zip::result::ZipError| {
        CourseError::Other(format!("cannot write the bundle: {error}"))
    };
    let file = std::fs::File::create(out).map_err(io(out))?;
    let mut zip = zip::ZipWriter::new(file);
    let script = zip::write::SimpleFileOptions::default().unix_permissions(0o755);
    let plain = zip::write::SimpleFileOptions::default().unix_permissions(0o644);
    let mut files = 0;
    for (name, text) in [
        ("setup.sh", GRADESCOPE_SETUP.to_owned()),
        ("run_autograder", gradescope_run(homework)),
    ] {
        zip.start_file(name, script).map_err(zip_error)?;
        zip.write_all(text.as_bytes()).map_err(io(out))?;
        files += 1;
    }
    for relative in super::student_copy::course_files(course.root())? {
        let from = course.root().join(&relative);
        let bytes = std::fs::read(&from).map_err(io(&from))?;
        let name = relative.to_string_lossy().replace('\\', "/");
        let options = if is_executable(&from) { script } else { plain };
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&bytes).map_err(io(out))?;
        files += 1;
    }
    zip.finish().map_err(zip_error)?;
    let bytes = std::fs::metadata(out).map_err(io(out))?.len();
    Ok(Bundle { files, bytes })
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Where the workflow goes in the student copy.
pub const GITHUB_CLASSROOM_WORKFLOW: &str = ".github/workflows/classroom.yml";

/// The step id of a graded test of `homework`:
/// `nqueens-blank-1-prune-check-empty-sets-attack-nothing`.
pub fn step_id(homework: &Homework, test: &str) -> String {
    format!("{homework}-{}", test.replace("::", "-").replace('_', "-"))
}

/// GitHub Classroom's autograding workflow for `homeworks`: one
/// `autograding-command-grader` step per graded test, each worth one point,
/// and the reporter that adds them up.
pub fn github_classroom_workflow(homeworks: &[&Homework]) -> String {
    let steps: Vec<(&Homework, &str)> = homeworks
        .iter()
        .flat_map(|&homework| homework.test_names().map(move |test| (homework, test)))
        .collect();
    let mut yaml = String::from(
        "# Written by `queens handout --github-classroom`: one autograding test per\n\
         # graded test of the handout, one point each. Protect exercises/tests/ and\n\
         # grader/ in the assignment's settings: the tests run in the student's copy.\n\
         name: Autograding Tests\n\
         'on':\n\
         - push\n\
         - repository_dispatch\n\
         permissions:\n  checks: write\n  actions: read\n  contents: read\n\
         jobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest\n\
         \x20   if: github.actor != 'github-classroom[bot]'\n\
         \x20   steps:\n\
         \x20   - name: Checkout code\n      uses: actions/checkout@v4\n\
         \x20   - name: Build the graded tests\n      run: cargo test -p exercises --no-run\n",
    );
    for &(homework, test) in &steps {
        let id = step_id(homework, test);
        let target = homework.test_target;
        yaml.push_str(&format!(
            "    - name: {homework} {test}\n      id: {id}\n      uses: classroom-resources/autograding-command-grader@v1\n      with:\n        test-name: {homework} {test}\n        setup-command: ''\n        command: cargo test -p exercises --test {target} -- --exact {test}\n        timeout: 5\n        max-score: 1\n"
        ));
    }
    yaml.push_str("    - name: Autograding Reporter\n      uses: classroom-resources/autograding-grading-reporter@v1\n      env:\n");
    for &(homework, test) in &steps {
        let id = step_id(homework, test);
        yaml.push_str(&format!(
            "        {}_RESULTS: \"${{{{steps.{id}.outputs.result}}}}\"\n",
            id.to_uppercase()
        ));
    }
    let runners: Vec<String> = steps.iter().map(|&(h, t)| step_id(h, t)).collect();
    yaml.push_str(&format!(
        "      with:\n        runners: {}\n",
        runners.join(",")
    ));
    yaml
}

/// Adds the GitHub Classroom workflow for `homeworks` to the student copy in `dir`.
pub fn write_github_classroom(
    dir: &Path,
    homeworks: &[&Homework],
) -> Result<std::path::PathBuf, CourseError> {
    let path = dir.join(GITHUB_CLASSROOM_WORKFLOW);
    let io = |source| CourseError::Io {
        path: path.clone(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(&path, github_classroom_workflow(homeworks)).map_err(io)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflow_has_one_entry_and_one_point_per_graded_test() {
        let all = crate::homeworks::ALL;
        let yaml = github_classroom_workflow(all);
        let count: usize = all.iter().map(|h| h.tests.len()).sum();
        for homework in all {
            for test in homework.test_names() {
                assert_eq!(
                    yaml.matches(&format!("test-name: {homework} {test}\n"))
                        .count(),
                    1,
                    "{test}"
                );
                assert!(yaml.contains(&format!(
                    "command: cargo test -p exercises --test {} -- --exact {test}\n",
                    homework.test_target
                )));
            }
        }
        assert_eq!(yaml.matches("max-score: 1\n").count(), count);
        assert_eq!(
            yaml.matches("uses: classroom-resources/autograding-command-grader@v1")
                .count(),
            count
        );
        let runners = yaml
            .lines()
            .find_map(|l| l.trim().strip_prefix("runners: "))
            .unwrap();
        assert_eq!(runners.split(',').count(), count);
        for id in runners.split(',') {
            assert!(yaml.contains(&format!("id: {id}\n")), "{id}");
            assert!(yaml.contains(&format!("steps.{id}.outputs.result")), "{id}");
        }
    }

    #[test]
    fn the_gradescope_run_names_its_homework() {
        for homework in crate::homeworks::ALL {
            let run = gradescope_run(homework);
            assert!(run.contains(&format!("--exercise {homework} ")), "{run}");
            assert!(!run.contains('@'), "{run}");
        }
    }
}
