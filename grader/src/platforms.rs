//! Grading where instructors grade: Gradescope's autograder bundle and a
//! GitHub Classroom autograding workflow.
//!
//! * [`gradescope_zip`]: `queens autograder gradescope --out autograder.zip`.
//!   Gradescope unpacks the bundle into `/autograder/source`, runs `setup.sh`
//!   once (Rust, bubblewrap, the `queens` binary, `source/` closed to all but
//!   root, the library and graded tests built into the grading scratch by
//!   `queens grade --prepare`, failing the image if grading cannot work),
//!   then `run_autograder` per submission, which runs `queens grade --format
//!   gradescope --out /autograder/results/results.json` on
//!   `/autograder/submission` and fails, writing nothing, when the grader
//!   could not grade. The bundle carries only [`GRADESCOPE_BUNDLED`] (no
//!   reference answers). The scripts take their root from `AUTOGRADER_ROOT`
//!   (default `/autograder`), so they can be tried in any folder laid out
//!   the same way (`scripts/gradescope-chroot` does, in a bare Debian root).
//! * [`github_classroom_workflow`]: `queens handout --out DIR
//!   --github-classroom --course-repository OWNER/NAME --course-revision SHA`
//!   adds `.github/workflows/classroom.yml` to the student copy: the course
//!   checked out at that commit grades the student's homework files with
//!   `queens grade`, then one autograding entry worth its points per graded
//!   test reads the verdict. What the student's repository holds besides
//!   those files (the library, the grader, the tests, the manifests) is never
//!   built.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use super::course::{Course, CourseError};
use super::homework::Homework;
use super::settings::Settings;

/// Gradescope runs this once, as root, when the autograder is built
/// (`@HOMEWORK@` is the homework the bundle grades: [`gradescope_setup`]).
pub const GRADESCOPE_SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope: builds the autograder image once, as root. Installs Rust and
# bubblewrap, builds the `queens` binary from the course in source/, closes
# source/ to everyone but root (the tests run as unprivileged users), and
# builds the library and the graded tests into the grading scratch, so each
# submission builds in seconds and no submission pays for that build.
# Any failure fails the image (set -e): an autograder that cannot grade must
# not be published, and the last step fails when grading cannot work here
# (the toolchain, the build, or sandbox = "required" where bubblewrap cannot
# run).
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
# The course (the grader, its settings) is root's alone; the scratch, where
# the test binaries run from, stays open to the tests' users.
chmod 700 "$root/source"
mkdir -p "$root/scratch"
chmod 755 "$root" "$root/scratch"
./target/release/queens grade --prepare --exercise @HOMEWORK@ --course "$root/source" \
  --scratch "$root/scratch" ${QUEENS_SANDBOX:+--sandbox "$QUEENS_SANDBOX"}
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
results="$root/results/results.json"
mkdir -p "$root/results"
rm -f "$results"
# The course's queens.toml (in source/) gives the points, the limits and the
# sandbox policy; QUEENS_SANDBOX overrides the policy. The submission may be
# the homework's file, any single .rs file, or a folder holding it.
"$queens" grade "$root/submission" --exercise @HOMEWORK@ --format gradescope \
  --out "$results" \
  --course "$root/source" --scratch "${QUEENS_SCRATCH:-$root/scratch}" \
  ${QUEENS_SANDBOX:+--sandbox "$QUEENS_SANDBOX"}
status=$?
# 0: graded; 1: graded, and the submission did not pass (compile error,
# time-out, no file): its results.json says so. Anything else (3: the grader
# could not grade) leaves no results.json and fails this script, so that
# Gradescope shows the autograder failed, to be regraded: never a 0.
if [ "$status" -le 1 ] && [ -s "$results" ]; then
  exit 0
fi
rm -f "$results"
echo "queens: the autograder could not grade this submission (exit $status); no results written: fix the autograder, then regrade" >&2
exit 1
"#;

/// `setup.sh` for a bundle that grades `homework`.
pub fn gradescope_setup(homework: &Homework) -> String {
    GRADESCOPE_SETUP.replace("@HOMEWORK@", homework.name)
}

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

/// What of the course the Gradescope bundle carries: what building the
/// `queens` binary and grading need, nothing else. Not `solutions/` (the
/// grader never reads the reference: the checks are in the library), not the
/// course's tests, benchmarks, notebooks, scripts or CI, nor anything lying
/// in the course folder (grades, rosters, submissions).
pub const GRADESCOPE_BUNDLED: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "rust-toolchain.toml",
    "queens.toml",
    ".cargo/config.toml",
    "docs/queens.toml.example",
    "src/",
    "data/",
    "grader/Cargo.toml",
    "grader/src/",
    "cli/Cargo.toml",
    "cli/src/",
    "exercises/",
];

/// Workspace members the bundle leaves out (the root manifest and the lock
/// file are rewritten without them).
const GRADESCOPE_LEFT_OUT_MEMBERS: &[&str] = &["solutions"];

/// Whether the course file `relative` (`/`-separated) goes into the bundle.
pub fn gradescope_bundles(relative: &str) -> bool {
    GRADESCOPE_BUNDLED
        .iter()
        .any(|kept| match kept.strip_suffix('/') {
            Some(folder) => relative
                .strip_prefix(folder)
                .is_some_and(|rest| rest.starts_with('/')),
            None => relative == *kept,
        })
}

/// A manifest as the bundle carries it: without the members it leaves out,
/// and without the test, bench and example targets whose files it does not
/// carry (cargo refuses a manifest naming a missing target).
fn bundled_manifest(text: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(workspace) = doc.get_mut("workspace").and_then(|w| w.as_table_like_mut()) {
        for key in ["members", "default-members"] {
            if let Some(list) = workspace.get_mut(key).and_then(|m| m.as_array_mut()) {
                list.retain(|member| {
                    !member
                        .as_str()
                        .is_some_and(|m| GRADESCOPE_LEFT_OUT_MEMBERS.contains(&m))
                });
            }
        }
    }
    for target in ["test", "bench", "example"] {
        doc.remove(target);
    }
    Ok(doc.to_string())
}

/// `rust-toolchain.toml` as the bundle carries it: the same toolchain,
/// without the components only the course's notebooks and checks use
/// (rust-src, rustfmt, clippy), so setup.sh downloads what grading needs.
fn bundled_toolchain(text: &str) -> Result<String, String> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let channel = doc
        .get("toolchain")
        .and_then(|t| t.get("channel"))
        .and_then(|c| c.as_str())
        .ok_or("no [toolchain] channel")?;
    Ok(format!(
        "# The course's toolchain, without the components grading does not use\n\
         # (rust-src, rustfmt, clippy: the notebooks' and the course's checks).\n\
         [toolchain]\nchannel = \"{channel}\"\nprofile = \"minimal\"\n"
    ))
}

/// `Cargo.lock` without the packages of the members the bundle leaves out,
/// so that `cargo build --locked` accepts it.
fn bundled_lock(text: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(packages) = doc
        .get_mut("package")
        .and_then(|p| p.as_array_of_tables_mut())
    {
        packages.retain(|package| {
            !package
                .get("name")
                .and_then(|n| n.as_str())
                .is_some_and(|n| GRADESCOPE_LEFT_OUT_MEMBERS.contains(&n))
        });
    }
    Ok(doc.to_string())
}

/// How the bundle rewrites one of the course's files.
type Rewrite = fn(&str) -> Result<String, String>;

/// Writes Gradescope's autograder bundle for `homework` of `course` to
/// `out`: `setup.sh`, `run_autograder` and what of the course grading
/// needs ([`GRADESCOPE_BUNDLED`]): no reference answers, no class data.
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
        ("setup.sh", gradescope_setup(homework)),
        ("run_autograder", gradescope_run(homework)),
    ] {
        zip.start_file(name, script).map_err(zip_error)?;
        zip.write_all(text.as_bytes()).map_err(io(out))?;
        files += 1;
    }
    for relative in super::student_copy::course_files(course.root())? {
        let name = relative.to_string_lossy().replace('\\', "/");
        if !gradescope_bundles(&name) {
            continue;
        }
        let from = course.root().join(&relative);
        let mut bytes = std::fs::read(&from).map_err(io(&from))?;
        let rewrite: Option<Rewrite> = if name == "Cargo.lock" {
            Some(bundled_lock)
        } else if name == "rust-toolchain.toml" {
            Some(bundled_toolchain)
        } else if name.ends_with("Cargo.toml") && !name.starts_with("exercises/") {
            Some(bundled_manifest)
        } else {
            None
        };
        if let Some(rewrite) = rewrite {
            let text = String::from_utf8_lossy(&bytes);
            bytes = rewrite(&text)
                .map_err(|e| CourseError::Other(format!("cannot read {name}: {e}")))?
                .into_bytes();
        }
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

/// The Rust toolchain the Classroom workflow installs (the one the course is
/// built and tested with), so a new stable release changes no verdict.
pub const CLASSROOM_TOOLCHAIN: &str = "1.95.0";

/// Where the workflow checks out the instructor's course, next to the
/// student's repository (checked out into `submission/`).
pub const CLASSROOM_COURSE_DIR: &str = ".queens/course";

/// Where the grade step writes each homework's `results.json`.
pub const CLASSROOM_RESULTS_DIR: &str = ".queens/results";

/// The step id of a graded test of `homework`:
/// `nqueens-blank-1-prune-check-empty-sets-attack-nothing`.
pub fn step_id(homework: &Homework, test: &str) -> String {
    format!("{homework}-{}", test.replace("::", "-").replace('_', "-"))
}

/// The course the Classroom workflow grades with: the instructor's
/// repository at one commit, and its settings.
#[derive(Debug, Clone)]
pub struct ClassroomCourse {
    /// `owner/name` of the repository holding the course (the assignment's
    /// template repository, or the instructor's own).
    pub repository: String,
    /// The commit graded with: 40 hexadecimal digits.
    pub revision: String,
    /// That course's `queens.toml` (the points of each test step).
    pub settings: Settings,
}

impl ClassroomCourse {
    /// Checks `repository` (`owner/name`) and `revision` (a full commit id).
    pub fn new(repository: &str, revision: &str, settings: Settings) -> Result<Self, String> {
        let name_ok = |part: &str| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        };
        match repository.split_once('/') {
            Some((owner, name)) if name_ok(owner) && name_ok(name) => {}
            _ => {
                return Err(format!(
                    "the course repository must be OWNER/NAME, got '{repository}'"
                ));
            }
        }
        if revision.len() != 40 || !revision.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!(
                "the course revision must be a full commit id (40 hexadecimal digits: \
                 `git rev-parse HEAD`), got '{revision}'; a branch or tag can be moved"
            ));
        }
        Ok(Self {
            repository: repository.to_owned(),
            revision: revision.to_ascii_lowercase(),
            settings,
        })
    }
}

/// `text` as a YAML single-quoted scalar.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The jq program of a test step: prints the test's output (and, when it
/// failed, the submission's: status, notes, the compiler's errors) and exits
/// 0 only when the test passed (`jq -e`: the last value is `false` else; a
/// test missing from the results is failed too).
const VERDICT_JQ: &str = ". as $r | [.tests[] | select(.extra_data.test == $test)] \
     | if length == 0 then \"no result for \\($test)\", false \
     elif .[0].status == \"passed\" then \"passed\" \
     else .[0].output, $r.output, false end";

/// The command of the test step for `test` of `homework`: reads the results
/// the grade step wrote, runs nothing of the student's.
pub fn verdict_command(homework: &Homework, test: &str) -> String {
    format!(
        "jq -e -r --arg test {test} {} {CLASSROOM_RESULTS_DIR}/{homework}.json",
        shell_quoted(VERDICT_JQ)
    )
}

/// `text` in single quotes for bash (it holds none).
fn shell_quoted(text: &str) -> String {
    debug_assert!(!text.contains('\''));
    format!("'{text}'")
}

/// Minutes for `seconds`, rounded up, and one more for the step's own start.
fn minutes(seconds: u64) -> u64 {
    seconds.div_ceil(60) + 1
}

/// The header of the workflow file: what grades, what to protect, what
/// remains possible.
fn classroom_header(course: &ClassroomCourse, homeworks: &[&Homework]) -> String {
    let files: Vec<String> = homeworks
        .iter()
        .map(|h| format!("exercises/{}", h.source))
        .collect();
    let timeout = course.settings.timeout.unwrap_or(Duration::from_secs(120));
    let test_timeout = course
        .settings
        .test_timeout
        .unwrap_or(crate::harness::DEFAULT_TIMEOUT);
    let lines = [
        "Written by `queens handout --github-classroom`: GitHub Classroom's".to_owned(),
        "autograding, graded by the course, not by this repository.".to_owned(),
        String::new(),
        format!(
            "What grades: the course {} at commit {}",
            course.repository, course.revision
        ),
        format!(
            "(checked out into {CLASSROOM_COURSE_DIR}), built with Rust {CLASSROOM_TOOLCHAIN}. Its"
        ),
        "`queens grade` reads only the homework files of this repository:".to_owned(),
        format!("{},", files.join(", ")),
        "with the same sandbox, limits and verdicts as grading on the instructor's".to_owned(),
        format!(
            "machine (the course's queens.toml: {} s per submission, {} s per test;",
            timeout.as_secs_f64(),
            test_timeout.as_secs_f64()
        ),
        "the steps' timeout-minutes are GitHub's backstops, in minutes). Editing".to_owned(),
        "src/, grader/, cli/, exercises/tests/, exercises/Cargo.toml, any other".to_owned(),
        "Cargo.toml or Cargo.lock, or queens.toml here changes nothing. A".to_owned(),
        "submission that does not compile gets every test failed, each with the".to_owned(),
        "compiler's message, and 0.".to_owned(),
        String::new(),
        "Protect in the assignment's settings (protected paths mark a submission".to_owned(),
        "that edits them; they do not stop the edit): .github/ (this workflow),".to_owned(),
        "and for a clear record also src/, grader/, cli/, exercises/tests/,".to_owned(),
        "exercises/Cargo.toml, Cargo.toml, Cargo.lock, queens.toml.".to_owned(),
        "What remains possible: a student who edits this workflow can make it".to_owned(),
        "run anything and report any score (GitHub runs the repository's own".to_owned(),
        "workflow); check the protected-files flag, or regrade with `queens grade".to_owned(),
        "--batch`. Where bubblewrap does not work and queens.toml's sandbox is".to_owned(),
        "`auto`, the tests run as the runner's user and could tamper with later".to_owned(),
        "steps: set `sandbox = \"required\"` for Classroom. A private course".to_owned(),
        "repository needs a QUEENS_COURSE_TOKEN secret that can read it.".to_owned(),
    ];
    lines
        .iter()
        .map(|line| {
            if line.is_empty() {
                "#\n".to_owned()
            } else {
                format!("# {line}\n")
            }
        })
        .collect()
}

/// GitHub Classroom's autograding workflow for `homeworks`, graded by
/// `course`: the submission and the course checked out side by side, the
/// toolchain pinned, the course's build cached, one `queens grade` per
/// homework (always run, never failing the job), then one
/// `autograding-command-grader` step per graded test worth its points
/// ([`verdict_command`]) and the reporter that adds them up, each run
/// whatever the steps before did (`!cancelled()`, never the default
/// `success()`).
pub fn github_classroom_workflow(
    course: &ClassroomCourse,
    homeworks: &[&'static Homework],
) -> String {
    let steps: Vec<(&Homework, &str, u32)> = homeworks
        .iter()
        .flat_map(|&homework| {
            let scheme = course.settings.scheme(homework);
            homework
                .test_names()
                .map(move |test| (homework, test, scheme.points(test)))
                .collect::<Vec<_>>()
        })
        .collect();
    let timeout = course
        .settings
        .timeout
        .unwrap_or(Duration::from_secs(120))
        .as_secs()
        .max(1);
    let build_minutes = 30;
    let job_minutes = build_minutes + 5 + homeworks.len() as u64 * minutes(timeout);
    let (repository, revision) = (&course.repository, &course.revision);
    let mut yaml = classroom_header(course, homeworks);
    yaml.push_str(&format!(
        "name: Autograding Tests\n\
         'on':\n\
         - push\n\
         - repository_dispatch\n\
         permissions:\n  checks: write\n  actions: read\n  contents: read\n\
         env:\n\
         \x20 QUEENS: {CLASSROOM_COURSE_DIR}/target/release/queens\n\
         jobs:\n  run-autograding-tests:\n    runs-on: ubuntu-24.04\n\
         \x20   timeout-minutes: {job_minutes}\n\
         \x20   if: github.actor != 'github-classroom[bot]'\n\
         \x20   steps:\n\
         \x20   - name: Check out the submission\n      uses: actions/checkout@v4\n\
         \x20     with:\n        path: submission\n        persist-credentials: false\n\
         \x20   - name: Check out the course at its pinned commit\n      uses: actions/checkout@v4\n\
         \x20     with:\n        repository: {repository}\n        ref: {revision}\n\
         \x20       path: {CLASSROOM_COURSE_DIR}\n\
         \x20       token: ${{{{ secrets.QUEENS_COURSE_TOKEN || github.token }}}}\n\
         \x20       persist-credentials: false\n\
         \x20   - name: Pin the Rust toolchain\n      id: toolchain\n\
         \x20     run: rustup toolchain install {CLASSROOM_TOOLCHAIN} --profile minimal && rustup default {CLASSROOM_TOOLCHAIN}\n\
         \x20   - name: Install bubblewrap (the graded tests' sandbox)\n      id: bubblewrap\n\
         \x20     run: |\n\
         \x20       sudo apt-get install -y -qq bubblewrap\n\
         \x20       sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true\n\
         \x20   - name: Cache the course's build\n      uses: actions/cache@v4\n\
         \x20     with:\n        path: |\n          ~/.cargo/registry\n          ~/.cargo/git\n\
         \x20         {CLASSROOM_COURSE_DIR}/target\n\
         \x20       key: queens-${{{{ runner.os }}}}-{CLASSROOM_TOOLCHAIN}-{revision}\n\
         \x20   - name: Build the course's grader\n      id: build\n\
         \x20     timeout-minutes: {build_minutes}\n\
         \x20     run: cargo build --release -p queens-cli --manifest-path {CLASSROOM_COURSE_DIR}/Cargo.toml\n"
    ));
    for homework in homeworks {
        yaml.push_str(&format!(
            "    - name: Grade {homework}\n      id: grade-{homework}\n\
             \x20     if: ${{{{ !cancelled() }}}}\n\
             \x20     timeout-minutes: {}\n\
             \x20     run: |\n\
             \x20       mkdir -p {CLASSROOM_RESULTS_DIR}\n\
             \x20       \"$QUEENS\" grade submission/exercises --exercise {homework} --course {CLASSROOM_COURSE_DIR} --format gradescope --out {CLASSROOM_RESULTS_DIR}/{homework}.json || true\n\
             \x20       test -s {CLASSROOM_RESULTS_DIR}/{homework}.json\n",
            minutes(timeout)
        ));
    }
    for &(homework, test, points) in &steps {
        let id = step_id(homework, test);
        yaml.push_str(&format!(
            "    - name: {homework} {test}\n      id: {id}\n\
             \x20     if: ${{{{ !cancelled() }}}}\n\
             \x20     uses: classroom-resources/autograding-command-grader@v1\n      with:\n\
             \x20       test-name: {homework} {test}\n        setup-command: ''\n\
             \x20       command: {}\n        timeout: 1\n        max-score: {points}\n",
            quoted(&verdict_command(homework, test))
        ));
    }
    yaml.push_str(
        "    - name: Autograding Reporter\n      if: ${{ !cancelled() }}\n\
         \x20     uses: classroom-resources/autograding-grading-reporter@v1\n      env:\n",
    );
    for &(homework, test, _) in &steps {
        let id = step_id(homework, test);
        yaml.push_str(&format!(
            "        {}_RESULTS: \"${{{{steps.{id}.outputs.result}}}}\"\n",
            id.to_uppercase()
        ));
    }
    let runners: Vec<String> = steps.iter().map(|&(h, t, _)| step_id(h, t)).collect();
    yaml.push_str(&format!(
        "      with:\n        runners: {}\n",
        runners.join(",")
    ));
    yaml
}

/// Adds the GitHub Classroom workflow for `homeworks`, graded by `course`,
/// to the student copy in `dir`.
pub fn write_github_classroom(
    dir: &Path,
    course: &ClassroomCourse,
    homeworks: &[&'static Homework],
) -> Result<std::path::PathBuf, CourseError> {
    let path = dir.join(GITHUB_CLASSROOM_WORKFLOW);
    let io = |source| CourseError::Io {
        path: path.clone(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(&path, github_classroom_workflow(course, homeworks)).map_err(io)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const REVISION: &str = "0123456789abcdef0123456789abcdef01234567";

    #[test]
    fn the_workflow_has_one_entry_per_graded_test_worth_its_points() {
        let all = crate::homeworks::ALL;
        let first = all[0];
        let group = crate::results::group_of(first.tests[0].name);
        let tests = first
            .test_names()
            .filter(|t| crate::results::group_of(t) == group)
            .count();
        let text = format!("[exercise.{first}.points]\n{group} = {}\n", 2 * tests);
        let settings = Settings::parse(&text, Path::new("queens.toml")).unwrap();
        let course = ClassroomCourse::new("teacher/queens", REVISION, settings).unwrap();
        let yaml = github_classroom_workflow(&course, all);
        let count: usize = all.iter().map(|h| h.tests.len()).sum();
        for homework in all {
            for test in homework.test_names() {
                assert_eq!(
                    yaml.matches(&format!("test-name: {homework} {test}\n"))
                        .count(),
                    1,
                    "{test}"
                );
            }
        }
        assert_eq!(yaml.matches("max-score: 2\n").count(), tests);
        assert_eq!(yaml.matches("max-score: 1\n").count(), count - tests);
        assert_eq!(
            yaml.matches("uses: classroom-resources/autograding-command-grader@v1")
                .count(),
            count
        );
        assert!(yaml.contains(&format!("ref: {REVISION}\n")));
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
    fn the_course_is_a_repository_at_a_full_commit() {
        let settings = Settings::default;
        assert!(ClassroomCourse::new("teacher/queens", REVISION, settings()).is_ok());
        for (repository, revision) in [
            ("teacher", REVISION),
            ("teacher/queens/x", REVISION),
            ("teacher/que ens", REVISION),
            ("teacher/queens", "main"),
            ("teacher/queens", &REVISION[..12]),
        ] {
            assert!(
                ClassroomCourse::new(repository, revision, settings()).is_err(),
                "{repository} {revision}"
            );
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
