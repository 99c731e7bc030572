//! What the grading tests share.

use queens_grader::grader::Grade;

/// A grade as lines, for assertion messages: the submission, its status and
/// detail, each test's outcome and message, and the compiler's errors.
pub fn describe(grade: &Grade) -> String {
    let mut lines = vec![format!(
        "{}: {:?} {}",
        grade.submission, grade.status, grade.detail
    )];
    lines.extend(
        grade
            .tests
            .iter()
            .map(|t| format!("  {} {:?}: {}", t.name, t.outcome, t.message)),
    );
    lines.push(grade.compile_errors.clone());
    lines.join("\n")
}

/// Runs `scripts/make-batch` with `args`; its standard output.
fn make_batch(args: &[&std::ffi::OsStr]) -> String {
    let made = std::process::Command::new("python3")
        .arg(queens_grader::course::course_root().join("scripts/make-batch"))
        .args(args)
        .output()
        .expect("python3 runs scripts/make-batch");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    String::from_utf8_lossy(&made.stdout).into_owned()
}

/// The submissions `ids` of the case tables (each homework's `instructor/cases.toml`),
/// made from the live references by `scripts/make-batch` in a fresh folder:
/// `<folder>/<homework>/<id>`.
pub fn cases_in_folder(ids: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("batch");
    let only = ids.join(",");
    make_batch(&[out.as_os_str(), "--only".as_ref(), only.as_ref()]);
    dir
}

/// Submission `id` of the case table in a fresh folder: the folder (keep it)
/// and the submission's path.
pub fn case(id: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = cases_in_folder(&[id]);
    let path = std::fs::read_dir(dir.path().join("batch"))
        .expect("the batch")
        .flatten()
        .map(|homework| homework.path().join(id))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("no case {id} in any homework's instructor/cases.toml"));
    (dir, path)
}

/// Every case of the table as `scripts/make-batch --list-only` describes it.
// Each test binary compiles this module and uses its own share of it.
#[allow(dead_code)]
pub fn cases() -> Vec<serde_json::Value> {
    make_batch(&["--list-only".as_ref()])
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line per case"))
        .collect()
}
