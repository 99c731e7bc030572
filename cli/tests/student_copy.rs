//! `queens handout --out DIR`: the student copy is made from what the
//! course's repository tracks at HEAD, never from what lies in its folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A line no student copy may contain, made at run time so that this file
/// (which the copy holds) does not contain it.
fn mark() -> String {
    ["class", "data", "planted"].join("~")
}

/// What an instructor's course folder holds besides the course after a term
/// of grading: each file with a line no student copy may contain (`@MARK@`
/// is [`mark`]).
const CLASS_DATA: [(&str, &str); 6] = [
    ("grades.csv", "login,score\nada,50 @MARK@ grades\n"),
    (
        "canvas-grades.csv",
        "Student,ID,SIS User ID\nAda Lovelace,1,ada @MARK@ canvas\n",
    ),
    ("feedback/ada.html", "<p>@MARK@ feedback</p>\n"),
    ("feedback/index.html", "<p>@MARK@ index</p>\n"),
    ("submissions/ada/lib.rs", "// @MARK@ submission\n"),
    (
        "queens.toml",
        "# @MARK@ settings\n[grading]\ntimeout = \"60s\"\n",
    ),
];

fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .unwrap()
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A clone of this course (its committed state), as an instructor's
/// checkout, with a term's class data planted in it and a tracked file
/// edited without a commit.
fn planted_course(dir: &Path) -> PathBuf {
    let course = dir.join("course");
    let root = queens_grader::course::course_root();
    let cloned = Command::new("git")
        .args(["clone", "-q", "--no-hardlinks"])
        .arg(&root)
        .arg(&course)
        .status()
        .unwrap();
    assert!(cloned.success());
    for (path, text) in CLASS_DATA {
        let path = course.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text.replace("@MARK@", &mark())).unwrap();
    }
    let readme = course.join("README.md");
    let mut text = std::fs::read_to_string(&readme).unwrap();
    text.push_str(&"\n@MARK@ edit\n".replace("@MARK@", &mark()));
    std::fs::write(&readme, text).unwrap();
    // The reference edited without a commit: the handout is generated from it.
    let reference = course.join("solutions/src/lib.rs");
    let mut text = std::fs::read_to_string(&reference).unwrap();
    text.push_str("\n// an edit not committed yet\n");
    std::fs::write(&reference, text).unwrap();
    course
}

/// Every file under `dir`, relative, `/`-separated.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap();
                found.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn the_student_copy_holds_what_the_course_tracks_and_no_class_data() {
    let dir = tempfile::tempdir().unwrap();
    let course = planted_course(dir.path());
    let copy = dir.path().join("copy");
    let made = queens(&[
        "handout",
        "--course",
        course.to_str().unwrap(),
        "--out",
        copy.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert!(made.status.success(), "{stderr}");
    // The edited tracked file is named, and copied as committed; the edited
    // reference is named too.
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("WARNING: "))
        .collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("README.md") && w.contains("copied as committed")),
        "{stderr}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("solutions/src/lib.rs") && !w.contains("README.md")),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(copy.join("README.md")).unwrap(),
        git(&course, &["show", "HEAD:README.md"])
    );
    let copied = files(&copy);
    for (path, _) in CLASS_DATA {
        assert!(!copy.join(path).exists(), "{path} reached the copy");
    }
    for path in &copied {
        let bytes = std::fs::read(copy.join(path)).unwrap();
        assert!(
            !String::from_utf8_lossy(&bytes).contains(&mark()),
            "class data in {path}"
        );
    }
    // Only the course's files: each is tracked at HEAD, or the handout.
    let tracked = git(&course, &["ls-tree", "-r", "--name-only", "HEAD"]);
    let tracked: Vec<&str> = tracked.lines().collect();
    for path in &copied {
        assert!(tracked.contains(&path.as_str()), "{path} is not tracked");
    }
    // Nothing only the course needs: its CI and Pages, the answers.
    for path in [
        ".github/workflows/ci.yml",
        ".github/workflows/pages.yml",
        ".ci",
        "solutions",
        "grader/tests",
        "cli/tests/workflows.rs",
        "cli/tests/student_copy.rs",
    ] {
        assert!(!copy.join(path).exists(), "{path} reached the copy");
    }
    assert!(
        copied.iter().all(|p| !p.starts_with(".ci/")
            && !p.starts_with("solutions/")
            && !p.starts_with(".github/workflows/")),
        "{copied:?}"
    );
    let manifest = std::fs::read_to_string(copy.join("Cargo.toml")).unwrap();
    let manifest: toml_edit::DocumentMut = manifest.parse().unwrap();
    let members = manifest["workspace"]["members"].as_array().unwrap();
    assert!(
        members.iter().all(|m| m.as_str() != Some("solutions")),
        "{members}"
    );
    assert!(
        !std::fs::read_to_string(copy.join("Cargo.lock"))
            .unwrap()
            .contains("name = \"solutions\"")
    );
    // Each test binary's root declares only modules whose file was copied
    // (a compile of the copy is `grading::student_copy_builds_and_grades`).
    for root in ["tests/main.rs", "cli/tests/main.rs"] {
        let missing = modules_without_a_file(&copy.join(root));
        assert!(missing.is_empty(), "{root} declares {missing:?}");
    }
    assert!(!copy.join("grader/tests/main.rs").exists());
    // The workspace still resolves without the reference.
    let metadata = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--offline",
            "--no-deps",
            "--format-version",
            "1",
        ])
        .arg("--manifest-path")
        .arg(copy.join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(
        metadata.status.success(),
        "{}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    let text = String::from_utf8_lossy(&metadata.stdout);
    assert!(text.contains("\"name\":\"exercises\""));
    assert!(!text.contains("\"name\":\"solutions\""));
}

/// The `mod name;` declarations of the test root `root` with neither a
/// `#[path]` file nor `name.rs` or `name/mod.rs` beside it.
fn modules_without_a_file(root: &Path) -> Vec<String> {
    let dir = root.parent().unwrap();
    let text = std::fs::read_to_string(root).unwrap();
    let mut path_attribute = None;
    let mut missing = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            path_attribute = rest.strip_suffix("\"]").map(str::to_owned);
        } else if let Some(name) = line.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            let found = match path_attribute.take() {
                Some(file) => dir.join(file).exists(),
                None => [format!("{name}.rs"), format!("{name}/mod.rs")]
                    .iter()
                    .any(|file| dir.join(file).exists()),
            };
            if !found {
                missing.push(name.to_owned());
            }
        } else if !line.starts_with("#[") {
            path_attribute = None;
        }
    }
    missing
}

/// One `queens: error:` line and a non-zero exit.
fn refused(output: &Output) -> String {
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(lines[0].starts_with("queens: error: "), "{stderr}");
    lines[0].to_owned()
}

#[test]
fn the_student_copy_is_refused_inside_the_course_in_a_full_folder_or_without_git() {
    let dir = tempfile::tempdir().unwrap();
    let course = planted_course(dir.path());
    let course_arg = course.to_str().unwrap();
    // Inside the course: the folder itself, a new folder in it, one via `..`.
    for inside in [
        course.join("student-copy"),
        course.join("feedback/../copy"),
        course.join("exercises/copy"),
    ] {
        let line = refused(&queens(&[
            "handout",
            "--course",
            course_arg,
            "--out",
            inside.to_str().unwrap(),
        ]));
        assert!(line.contains("inside the course"), "{line}");
        assert!(!inside.exists(), "{}", inside.display());
    }
    // A folder that holds something.
    let full = dir.path().join("full");
    std::fs::create_dir_all(&full).unwrap();
    std::fs::write(full.join("notes.txt"), "mine").unwrap();
    let line = refused(&queens(&[
        "handout",
        "--course",
        course_arg,
        "--out",
        full.to_str().unwrap(),
    ]));
    assert!(line.contains("not empty"), "{line}");
    assert_eq!(files(&full), ["notes.txt"]);
    // A course folder that is not a git checkout: nothing says what belongs.
    let loose = dir.path().join("loose");
    std::fs::rename(&course, &loose).unwrap();
    std::fs::remove_dir_all(loose.join(".git")).unwrap();
    let out = dir.path().join("copy");
    let line = refused(&queens(&[
        "handout",
        "--course",
        loose.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(line.contains("not a git checkout"), "{line}");
    assert!(!out.exists());
}
