//! A batch stopped by Ctrl-C stops cleanly and resumes to the same grades.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Submissions `ids` of the first homework, made by `scripts/make-batch`.
fn batch_of(ids: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let made = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = Command::new("python3")
        .arg(root.join("scripts/make-batch"))
        .arg(made.path().join("batch"))
        .args(["--only", &ids.join(",")])
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let dir = made.path().join("batch").join("nqueens");
    (made, dir)
}

/// `queens grade --batch DIR` with slow tests (one loops in every test of
/// blank 1, a second per test), in a private TMPDIR. The submission's
/// limit is long: a first build on a busy machine must not time out.
fn batch_command(dir: &Path, csv: &Path, tmp: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_queens"));
    command
        .arg("grade")
        .arg("--batch")
        .arg(dir)
        .arg("--out")
        .arg(csv)
        .args(["--test-timeout", "1", "--timeout", "600"])
        .env("TMPDIR", tmp);
    command
}

/// Each row's id and total.
fn totals(csv: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let total = header.iter().position(|h| *h == "total").unwrap();
    let mut rows: Vec<(String, String)> = lines
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields[0].to_owned(), fields[total].to_owned())
        })
        .collect();
    rows.sort();
    rows
}

/// The `queens-grading-*` folders in `dir`.
fn grading_folders(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with("queens-grading-"))
                .collect()
        })
        .unwrap_or_default()
}

/// Processes whose command line names a `queens-grading-*` folder: test
/// binaries of a grader.
fn test_processes() -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).replace('\0', " "))
        .filter(|line| line.contains("queens-grading-"))
        .collect()
}

#[test]
#[ignore = "grades a batch twice with slow tests (about a minute once the scratch is warm)"]
fn ctrl_c_stops_a_batch_cleanly_and_resume_gives_the_same_totals() {
    let ids = [
        "correct",
        "endless-loop",
        "wrong-b1-no-columns",
        "wrong-b2-no-columns",
    ];
    let (made, dir) = batch_of(&ids);
    let tmp = made.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let (csv, pages) = (made.path().join("grades.csv"), made.path().join("pages"));
    let scratch = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/grading-scratch");
    let before = grading_folders(&scratch);

    let mut child = batch_command(&dir, &csv, &tmp)
        .arg("--feedback")
        .arg(&pages)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    // The first row is written: stop the batch while the others run.
    loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "ended early: {said}"
        );
        said.push_str(&line);
        if line.starts_with("[1/4]") {
            break;
        }
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    said.push_str(&rest);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{said}");
    let written = totals(&csv).len();
    assert!((1..4).contains(&written), "{written} rows: {said}");
    assert!(
        said.contains(&format!(
            "stopped: {written} of 4 graded; run the same command with --resume to finish"
        )),
        "{said}"
    );
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(index.contains("href=\"correct.html\""), "{index}");
    // Nothing of the grader is left: no temporary folder, no scratch slot,
    // no test process.
    assert_eq!(grading_folders(&tmp), Vec::<String>::new());
    let left: Vec<String> = grading_folders(&scratch)
        .into_iter()
        .filter(|name| !before.contains(name))
        .collect();
    assert_eq!(left, Vec::<String>::new(), "{said}");
    let slots: Vec<String> = std::fs::read_dir(scratch.join("work"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with(&format!("{}-", child.id())))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(slots, Vec::<String>::new());
    assert_eq!(test_processes(), Vec::<String>::new());

    // Resumed, it grades the rest; a batch never stopped gives the same.
    let resumed = batch_command(&dir, &csv, &tmp)
        .arg("--feedback")
        .arg(&pages)
        .arg("--resume")
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{resumed:?}");
    let whole = made.path().join("whole.csv");
    let straight = batch_command(&dir, &whole, &tmp).output().unwrap();
    assert!(straight.status.success(), "{straight:?}");
    assert_eq!(totals(&csv), totals(&whole));
    assert_eq!(totals(&csv).len(), 4);
}
