//! A plain GitHub Actions workflow any course repository can use: no
//! classroom platform. On each push it grades the student's homework files
//! with the course at a pinned commit, writes the job summary and uploads the
//! results as an artifact.

use std::path::{Path, PathBuf};

use super::pinned::{PinnedCourse, TOOLCHAIN};
use crate::course::CourseError;
use crate::homework::Homework;

/// Where the workflow goes in the student copy.
pub const ACTIONS_WORKFLOW: &str = ".github/workflows/queens-grade.yml";

/// Where the workflow checks out the course, next to the student's
/// repository (checked out into `submission/`).
pub const COURSE_DIR: &str = ".queens/course";

/// The grading scratch: outside the cached build, so what a submission built
/// is never restored into another run. (Given to `queens grade` as an
/// absolute path: cargo runs in other folders.)
pub const SCRATCH_DIR: &str = ".queens/scratch";

/// Where each homework's results (`HOMEWORK.json`, Gradescope's format: one
/// entry per test with its points) are written and uploaded from.
pub const RESULTS_DIR: &str = ".queens/results";

/// The name of the uploaded artifact.
pub const ARTIFACT: &str = "queens-results";

/// Minutes for `seconds`, rounded up, and one more for the step's own start.
fn minutes(seconds: u64) -> u64 {
    seconds.div_ceil(60) + 1
}

/// `lines` as YAML comments.
pub(super) fn comments(lines: &[String]) -> String {
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

/// The jq program that turns a homework's results into the job summary.
const SUMMARY_JQ: &str = "\"## \\($homework): \\([.tests[].score] | add // 0) / \
     \\([.tests[].max_score] | add // 0) (\\(.extra_data.status))\", \"\", .output, \"\", \
     \"| test | result | points |\", \"|---|---|---|\", \
     (.tests[] | \"| \\(.extra_data.test) | \\(.status) | \\(.score) / \\(.max_score) |\"), \"\"";

fn header(course: &PinnedCourse, homeworks: &[&Homework]) -> String {
    let files: Vec<String> = homeworks
        .iter()
        .map(|h| format!("exercises/{}", h.source))
        .collect();
    comments(&[
        "Written by `queens handout --workflow actions`: grading on plain GitHub".to_owned(),
        "Actions, by the course, not by this repository.".to_owned(),
        String::new(),
        format!(
            "What grades: the course {} at commit {}",
            course.repository, course.revision
        ),
        format!("(checked out into {COURSE_DIR}), built with Rust {TOOLCHAIN}. Its"),
        "`queens grade` reads only the homework files of this repository:".to_owned(),
        format!("{},", files.join(", ")),
        "with the same sandbox, limits and verdicts as grading on the instructor's".to_owned(),
        format!(
            "machine. The settings graded with are {}:",
            course.settings_origin()
        ),
        format!(
            "{} s per submission, {} s per test (the steps' timeout-minutes are",
            course.submission_timeout().as_secs_f64(),
            course.test_timeout().as_secs_f64()
        ),
        "GitHub's backstops). Editing anything else here (src/, grader/, cli/,".to_owned(),
        "exercises/tests/, a Cargo.toml, Cargo.lock, queens.toml) changes nothing.".to_owned(),
        String::new(),
        "The score is in the run's summary and in the artifact queens-results".to_owned(),
        "(one HOMEWORK.json per homework, a test per entry with its points). The".to_owned(),
        "job fails only when the grader could not grade (a grader problem is".to_owned(),
        "never a grade: rerun it); failed tests are a grade, not a failed job.".to_owned(),
        String::new(),
        "What remains possible: a student who edits this workflow can make it".to_owned(),
        "run anything and report any score (GitHub runs the repository's own".to_owned(),
        "workflow): grade the submissions again with `queens grade --batch` for".to_owned(),
        "the grades you record. Where bubblewrap does not work and the sandbox is".to_owned(),
        "`auto`, the tests run as the runner's user. A private course repository".to_owned(),
        "needs a QUEENS_COURSE_TOKEN secret that can read it.".to_owned(),
    ])
}

/// The workflow for `homeworks`, graded by `course`: the submission and the
/// course checked out side by side, the toolchain pinned, the course's build
/// cached, the grader built, then the library and the graded tests built
/// (a separate step, before any submission's time limit starts), one `queens
/// grade` per homework, the job summary and the results uploaded; every step
/// after the build runs whatever the ones before did (`!cancelled()`).
pub fn actions_workflow(course: &PinnedCourse, homeworks: &[&'static Homework]) -> String {
    let timeout = course.submission_timeout().as_secs().max(1);
    let build_minutes = 30;
    let warm_minutes = 20;
    let job_minutes = build_minutes + warm_minutes + 5 + homeworks.len() as u64 * minutes(timeout);
    let (repository, revision) = (&course.repository, &course.revision);
    let mut yaml = header(course, homeworks);
    yaml.push_str(&format!(
        "name: queens grading\n\
         'on':\n\
         - push\n\
         - workflow_dispatch\n\
         permissions:\n  contents: read\n\
         env:\n\
         \x20 QUEENS: {COURSE_DIR}/target/release/queens\n\
         \x20 QUEENS_SCRATCH: ${{{{ github.workspace }}}}/{SCRATCH_DIR}\n\
         jobs:\n  grade:\n    runs-on: ubuntu-24.04\n\
         \x20   timeout-minutes: {job_minutes}\n\
         \x20   steps:\n\
         \x20   - name: Check out the submission\n      uses: actions/checkout@v4\n\
         \x20     with:\n        path: submission\n        persist-credentials: false\n\
         \x20   - name: Check out the course at its pinned commit\n      uses: actions/checkout@v4\n\
         \x20     with:\n        repository: {repository}\n        ref: {revision}\n\
         \x20       path: {COURSE_DIR}\n\
         \x20       token: ${{{{ secrets.QUEENS_COURSE_TOKEN || github.token }}}}\n\
         \x20       persist-credentials: false\n\
         \x20   - name: Pin the Rust toolchain\n      id: toolchain\n\
         \x20     run: rustup toolchain install {TOOLCHAIN} --profile minimal && rustup default {TOOLCHAIN}\n\
         \x20   - name: Install bubblewrap (the graded tests' sandbox)\n      id: bubblewrap\n\
         \x20     run: |\n\
         \x20       sudo apt-get update -qq\n\
         \x20       sudo apt-get install -y -qq bubblewrap\n\
         \x20       sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true\n\
         \x20   - name: Cache the course's build\n      uses: actions/cache@v4\n\
         \x20     with:\n        path: |\n          ~/.cargo/registry\n          ~/.cargo/git\n\
         \x20         {COURSE_DIR}/target\n\
         \x20       key: queens-${{{{ runner.os }}}}-{TOOLCHAIN}-{revision}\n\
         \x20   - name: Build the course's grader\n      id: build\n\
         \x20     timeout-minutes: {build_minutes}\n\
         \x20     run: cargo build --release --locked -p queens-cli --manifest-path {COURSE_DIR}/Cargo.toml\n"
    ));
    // `queens grade --prepare`, once per homework: builds the library and
    // the harness into the scratch, so no submission's time limit pays for
    // them. A grader that cannot grade (exit 3) stops here.
    yaml.push_str(&format!(
        "    - name: Build the library and the graded tests\n      id: warm\n\
         \x20     timeout-minutes: {warm_minutes}\n\
         \x20     run: |\n"
    ));
    for homework in homeworks {
        yaml.push_str(&format!(
            "        \"$QUEENS\" grade --prepare --exercise {homework} --course {COURSE_DIR} --scratch \"$QUEENS_SCRATCH\"\n"
        ));
    }
    for homework in homeworks {
        yaml.push_str(&format!(
            "    - name: Grade {homework}\n      id: grade-{homework}\n\
             \x20     if: ${{{{ !cancelled() }}}}\n\
             \x20     timeout-minutes: {}\n\
             \x20     run: |\n\
             \x20       mkdir -p {RESULTS_DIR}\n\
             \x20       status=0\n\
             \x20       \"$QUEENS\" grade submission/exercises --exercise {homework} --course {COURSE_DIR} --scratch \"$QUEENS_SCRATCH\" --format gradescope --out {RESULTS_DIR}/{homework}.json || status=$?\n\
             \x20       # 0: passed, 1: graded, some tests failed; else the grader could not grade.\n\
             \x20       if [ \"$status\" -gt 1 ]; then echo \"::error::the grader could not grade {homework} (exit $status): rerun the job\"; exit 1; fi\n",
            minutes(timeout)
        ));
    }
    yaml.push_str(&format!(
        "    - name: Write the job summary\n      id: summary\n\
         \x20     if: ${{{{ !cancelled() }}}}\n\
         \x20     run: |\n\
         \x20       for results in {RESULTS_DIR}/*.json; do\n\
         \x20         jq -r --arg homework \"$(basename \"$results\" .json)\" '{SUMMARY_JQ}' \"$results\" >> \"$GITHUB_STEP_SUMMARY\"\n\
         \x20       done\n\
         \x20   - name: Upload the results\n      id: upload\n\
         \x20     if: ${{{{ !cancelled() }}}}\n\
         \x20     uses: actions/upload-artifact@v4\n\
         \x20     with:\n        name: {ARTIFACT}\n        path: {RESULTS_DIR}/\n\
         \x20       if-no-files-found: error\n"
    ));
    yaml
}

/// Adds the workflow for `homeworks`, graded by `course`, to the student copy
/// in `dir`.
pub fn write_actions(
    dir: &Path,
    course: &PinnedCourse,
    homeworks: &[&'static Homework],
) -> Result<PathBuf, CourseError> {
    let path = dir.join(ACTIONS_WORKFLOW);
    let io = |source| CourseError::Io {
        path: path.clone(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    std::fs::write(&path, actions_workflow(course, homeworks)).map_err(io)?;
    Ok(path)
}
