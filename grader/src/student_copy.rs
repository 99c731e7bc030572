//! A student copy of the course: everything but the answers.
//!
//! `queens handout --out DIR` copies the files the course's git repository
//! tracks, as they are at its `HEAD` commit: never what merely lies in the
//! course folder (grades, LMS exports, feedback pages, submissions, a
//! `queens.toml` not committed yet), and never a tracked file's uncommitted
//! edits (the copy is exactly a commit; the edited files are named in
//! [`CopyReport::uncommitted`] so the caller can warn). It leaves out what only
//! the course needs ([`INSTRUCTOR_ONLY`]: the answers, the instructor's tests,
//! the course's own CI and Pages workflows; and each homework's `instructor/`
//! folder, its reference and case table), drops `solutions` from the
//! workspace, and writes the handout freshly generated from the reference. The
//! copy still builds, runs `cargo test -p exercises`, and grades with
//! `queens grade`.
//!
//! A course folder that is not a git checkout is refused: there is no list
//! of what belongs to the course then, and guessing is how class data leaks.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Serialize;

use super::course::{Course, CourseError};
use super::homework::in_instructor_folder;

/// Paths (prefixes, relative to the course root) a student copy leaves out:
/// the reference, the project tests and fixtures that read it or the files
/// left out (`cli/tests/student_copy.rs` makes a student copy, which takes
/// the reference and a git checkout of the course), the scripts that need
/// them, and the course's own CI (`.ci/`, the CI and Pages workflows: in a
/// student repository they would fail on every push, since `.ci/run` and
/// `solutions/` are not there). What stays passes its `cargo test`
/// (`student_copy_builds_and_grades` in `grader/tests/grading.rs`).
pub const INSTRUCTOR_ONLY: [&str; 16] = [
    "solutions/",
    "grader/tests/",
    "cli/tests/grading.rs",
    "cli/tests/platforms.rs",
    "cli/tests/settings.rs",
    "cli/tests/student_copy.rs",
    "cli/tests/workflows.rs",
    "tests/reference_answers.rs",
    "scripts/make-batch",
    "scripts/grade-times",
    "scripts/batch-figure",
    "scripts/wrong_handouts.py",
    ".ci/",
    ".github/workflows/ci.yml",
    ".github/workflows/pages.yml",
    ".github/workflows/students.yml",
];

/// Each homework's instructor-only folder (its reference and case table),
/// as the copy's report names it.
const HOMEWORKS_INSTRUCTOR_ONLY: &str = "grader/src/homeworks/*/instructor/";

/// Whether `relative` is a reference: its edits reach the copy through the
/// generated handout.
fn is_reference(relative: &str) -> bool {
    relative.starts_with("solutions/")
        || (in_instructor_folder(relative) && relative.ends_with("/reference.rs"))
}

/// Folders never copied, wherever they are (even if someone committed them).
const NEVER_COPIED: [&str; 4] = ["target", ".git", ".venv", ".ipynb_checkpoints"];

/// What [`write()`] did.
#[derive(Debug, Clone, Serialize)]
pub struct CopyReport {
    /// The folder written.
    pub out: PathBuf,
    /// The course's commit the files were copied from (`git rev-parse HEAD`).
    pub revision: String,
    /// How many files it holds.
    pub files: usize,
    /// What was left out, as path prefixes.
    pub left_out: Vec<&'static str>,
    /// Tracked files that reach the copy but whose working tree differs from
    /// `HEAD` (edited, staged, deleted): the copy has `HEAD`'s version.
    pub uncommitted: Vec<String>,
    /// References (`solutions/`, a homework's `instructor/reference.rs`)
    /// whose working tree differs from `HEAD`: the handout is generated from
    /// the reference as it is in the folder, so these edits do reach the
    /// copy, through the generated handout.
    pub reference_uncommitted: Vec<String>,
}

/// Whether `relative` (a path inside the course, `/`-separated) stays out of
/// a student copy.
pub fn is_instructor_only(relative: &str) -> bool {
    INSTRUCTOR_ONLY
        .iter()
        .any(|prefix| relative.starts_with(prefix))
        || in_instructor_folder(relative)
        || relative.split('/').any(|part| NEVER_COPIED.contains(&part))
}

/// Writes a student copy of `course` into `out`, which must not exist yet or be
/// an empty folder, and must be outside the course.
pub fn write(course: &Course, out: &Path) -> Result<CopyReport, CourseError> {
    refuse_inside(course.root(), out)?;
    if out.exists() && std::fs::read_dir(out).map_err(io(out))?.next().is_some() {
        return Err(CourseError::Other(format!(
            "{} is not empty; give a new folder for the student copy",
            out.display()
        )));
    }
    let revision = head_revision(course.root())?;
    let files: Vec<TrackedFile> = tracked_files(course.root())?
        .into_iter()
        .filter(|file| !is_instructor_only(&file.path))
        .collect();
    let (uncommitted, reference_uncommitted): (Vec<String>, Vec<String>) =
        uncommitted(course.root())?
            .into_iter()
            .filter(|path| !is_instructor_only(path) || is_reference(path))
            .partition(|path| !is_reference(path));
    // Everything that can fail on the course's side fails before anything is
    // written.
    let handout = course.generate()?;
    let contents = blobs(course.root(), &files)?;
    for (file, bytes) in files.iter().zip(contents) {
        let to = out.join(&file.path);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        write_blob(&to, &bytes, &file.mode).map_err(io(&to))?;
    }
    for (relative, text) in handout.files() {
        let to = out.join(relative);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&to, text).map_err(io(&to))?;
    }
    drop_solutions_from_manifest(&out.join("Cargo.toml"))?;
    for package in [".", "grader", "cli"] {
        let manifest = out.join(package).join("Cargo.toml");
        if manifest.exists() {
            drop_missing_tests(&manifest)?;
        }
    }
    let lock = out.join("Cargo.lock");
    if lock.exists() {
        drop_solutions_from_lock(&lock)?;
    }
    Ok(CopyReport {
        out: out.to_owned(),
        revision,
        files: files.len(),
        left_out: INSTRUCTOR_ONLY
            .into_iter()
            .chain([HOMEWORKS_INSTRUCTOR_ONLY])
            .collect(),
        uncommitted,
        reference_uncommitted,
    })
}

/// Writes a blob of git's `mode` to `to`: a symbolic link's blob is its
/// target; an executable stays executable.
fn write_blob(to: &Path, bytes: &[u8], mode: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if mode == "120000" {
            let target = PathBuf::from(String::from_utf8_lossy(bytes).into_owned());
            return std::os::unix::fs::symlink(target, to);
        }
        std::fs::write(to, bytes)?;
        if mode == "100755" {
            std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = mode;
        std::fs::write(to, bytes)
    }
}

/// `path` made absolute and without `.`/`..`, through the part of it that
/// exists (symbolic links resolved there), so a folder not made yet compares.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut full = real;
            for part in rest.iter().rev() {
                full.push(part);
            }
            return normalised(&full);
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return normalised(&absolute),
        }
    }
}

fn normalised(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A copy inside the course would sit among the course's files (and be
/// picked up by the next copy, or committed with the course).
fn refuse_inside(root: &Path, out: &Path) -> Result<(), CourseError> {
    let (root, target) = (resolved(root), resolved(out));
    if target.starts_with(&root) {
        return Err(CourseError::Other(format!(
            "{} is inside the course folder {}; write the student copy outside the course",
            out.display(),
            root.display()
        )));
    }
    Ok(())
}

/// Runs `git -C root ARGS` and returns its standard output.
fn git(root: &Path, args: &[&str]) -> Result<Vec<u8>, CourseError> {
    let output = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            CourseError::Other(format!(
                "cannot run git ({e}); a student copy is made from the files git tracks"
            ))
        })?;
    if !output.status.success() {
        let why = String::from_utf8_lossy(&output.stderr);
        return Err(CourseError::Other(format!(
            "git {} in {} failed: {}",
            args.join(" "),
            root.display(),
            why.lines().next().unwrap_or("no message")
        )));
    }
    Ok(output.stdout)
}

/// The commit the copy is made from. A folder that is not a git checkout
/// with a commit is refused: only git says which files belong to the course.
fn head_revision(root: &Path) -> Result<String, CourseError> {
    git(root, &["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
        .map(|out| String::from_utf8_lossy(&out).trim().to_owned())
        .map_err(|_| {
            CourseError::Other(format!(
                "{} is not a git checkout with a commit; a student copy is made only from \
                 the files the course's repository tracks (git init, git add the course's \
                 files, git commit, then run this again)",
                root.display()
            ))
        })
}

/// A file of the course at `HEAD`.
#[derive(Debug, Clone)]
struct TrackedFile {
    /// Relative to the course root, `/`-separated.
    path: String,
    /// Git's mode: `100644`, `100755`, `120000`.
    mode: String,
    /// Its blob.
    object: String,
}

/// The files of `HEAD` under the course root (the root may be a folder of a
/// larger repository: paths are relative to it).
fn tracked_files(root: &Path) -> Result<Vec<TrackedFile>, CourseError> {
    let listing = git(root, &["ls-tree", "-r", "-z", "HEAD"])?;
    let mut files = Vec::new();
    for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
        let entry = String::from_utf8_lossy(entry);
        let Some((meta, path)) = entry.split_once('\t') else {
            continue;
        };
        let mut meta = meta.split(' ');
        let (Some(mode), Some(kind), Some(object)) = (meta.next(), meta.next(), meta.next()) else {
            continue;
        };
        // Submodules (`commit`) are not the course's files.
        if kind == "blob" {
            files.push(TrackedFile {
                path: path.to_owned(),
                mode: mode.to_owned(),
                object: object.to_owned(),
            });
        }
    }
    Ok(files)
}

/// Tracked files (relative to the course root) whose working tree or index
/// differs from `HEAD`.
fn uncommitted(root: &Path) -> Result<Vec<String>, CourseError> {
    let listing = git(
        root,
        &[
            "diff",
            "HEAD",
            "--name-only",
            "-z",
            "--relative",
            "--no-renames",
        ],
    )?;
    Ok(listing
        .split(|&b| b == 0)
        .filter(|e| !e.is_empty())
        .map(|e| String::from_utf8_lossy(e).into_owned())
        .collect())
}

/// The contents of `files` at `HEAD`, in order (one `git cat-file --batch`).
fn blobs(root: &Path, files: &[TrackedFile]) -> Result<Vec<Vec<u8>>, CourseError> {
    let broken =
        |why: String| CourseError::Other(format!("cannot read the course from git: {why}"));
    let mut child = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| broken(e.to_string()))?;
    let mut stdin = child.stdin.take().expect("piped");
    let request: String = files.iter().map(|f| format!("{}\n", f.object)).collect();
    // Written from a thread: git answers while it reads, and both pipes fill.
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let mut reader = BufReader::new(child.stdout.take().expect("piped"));
    let mut contents = Vec::with_capacity(files.len());
    for file in files {
        let mut header = String::new();
        reader
            .read_line(&mut header)
            .map_err(|e| broken(e.to_string()))?;
        let size: usize = header
            .split(' ')
            .nth(2)
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(|| broken(format!("{}: {}", file.path, header.trim())))?;
        let mut bytes = vec![0; size + 1];
        reader
            .read_exact(&mut bytes)
            .map_err(|e| broken(e.to_string()))?;
        bytes.pop(); // the newline after each object
        contents.push(bytes);
    }
    writer
        .join()
        .map_err(|_| broken("the writer stopped".into()))?
        .map_err(|e| broken(e.to_string()))?;
    child.wait().map_err(|e| broken(e.to_string()))?;
    Ok(contents)
}

/// The course's files as committed at `HEAD`, and what lies in the folder
/// beside them: what Gradescope's bundle is made from.
#[derive(Debug, Clone)]
pub(crate) struct Committed {
    /// `git rev-parse HEAD`.
    pub revision: String,
    /// Each file at `HEAD`: its path (relative, `/`-separated), whether it
    /// is executable, its contents. Symbolic links are not among them.
    pub files: Vec<(String, bool, Vec<u8>)>,
    /// Tracked files whose working tree or index differs from `HEAD`.
    pub uncommitted: Vec<String>,
    /// Files in the folder git does not track (and does not ignore).
    pub untracked: Vec<String>,
}

/// The course's files at `HEAD` (a folder that is not a git checkout with a
/// commit is refused, as for a student copy), with the edits and the
/// untracked files the caller warns about.
pub(crate) fn committed(root: &Path) -> Result<Committed, CourseError> {
    let revision = head_revision(root)?;
    let files: Vec<TrackedFile> = tracked_files(root)?
        .into_iter()
        .filter(|file| file.mode != "120000")
        .collect();
    let contents = blobs(root, &files)?;
    let files = files
        .into_iter()
        .zip(contents)
        .map(|(file, bytes)| (file.path, file.mode == "100755", bytes))
        .collect();
    let untracked = git(root, &["ls-files", "-z", "--others", "--exclude-standard"])?
        .split(|&b| b == 0)
        .filter(|name| !name.is_empty())
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect();
    Ok(Committed {
        revision,
        files,
        uncommitted: uncommitted(root)?,
        untracked,
    })
}

/// The error for a failed read or write of `path`.
fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CourseError {
    let path = path.to_owned();
    move |source| CourseError::Io { path, source }
}

fn read_toml(path: &Path) -> Result<toml_edit::DocumentMut, CourseError> {
    let text = std::fs::read_to_string(path).map_err(|source| CourseError::Io {
        path: path.to_owned(),
        source,
    })?;
    text.parse()
        .map_err(|e| CourseError::Other(format!("{}: {e}", path.display())))
}

fn write_toml(path: &Path, document: &toml_edit::DocumentMut) -> Result<(), CourseError> {
    std::fs::write(path, document.to_string()).map_err(|source| CourseError::Io {
        path: path.to_owned(),
        source,
    })
}

/// The workspace without `solutions` among its members.
fn drop_solutions_from_manifest(path: &Path) -> Result<(), CourseError> {
    let mut manifest = read_toml(path)?;
    if let Some(workspace) = manifest
        .get_mut("workspace")
        .and_then(|w| w.as_table_like_mut())
    {
        for key in ["members", "default-members"] {
            if let Some(list) = workspace.get_mut(key).and_then(|m| m.as_array_mut()) {
                list.retain(|member| member.as_str() != Some("solutions"));
            }
        }
    }
    write_toml(path, &manifest)
}

/// The manifest without the `[[test]]` targets whose files were left out
/// (the instructor's tests), so the copy still builds.
fn drop_missing_tests(path: &Path) -> Result<(), CourseError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut manifest = read_toml(path)?;
    if let Some(tests) = manifest
        .get_mut("test")
        .and_then(|t| t.as_array_of_tables_mut())
    {
        tests.retain(|test| {
            let file = match (test.get("path"), test.get("name")) {
                (Some(path), _) => path.as_str().map(str::to_owned),
                (None, Some(name)) => name.as_str().map(|n| format!("tests/{n}.rs")),
                (None, None) => None,
            };
            file.is_none_or(|file| dir.join(file).exists())
        });
        // The targets kept are single binaries whose root declares each test
        // file as a module: those declarations must go with their files.
        for test in tests.iter() {
            if let Some(root) = test.get("path").and_then(|p| p.as_str()) {
                drop_missing_modules(&dir.join(root))?;
            }
        }
    }
    write_toml(path, &manifest)
}

/// The test binary's root `root` without the `mod name;` declarations (and
/// the attributes just above them) whose file was left out of the copy.
fn drop_missing_modules(root: &Path) -> Result<(), CourseError> {
    let text = std::fs::read_to_string(root).map_err(io(root))?;
    let dir = root.parent().unwrap_or(Path::new("."));
    let kept = without_missing_modules(&text, |relative| dir.join(relative).exists());
    if kept != text {
        std::fs::write(root, kept).map_err(io(root))?;
    }
    Ok(())
}

/// `text` without each `mod name;` line whose file `exists` denies, with the
/// lines that belong to it: its attributes (`#[cfg(...)]`, `#[path = "..."]`)
/// and its doc comment (left behind, it would document the next item, or
/// nothing at the end of the file, which does not compile). The file is the
/// `#[path]` if there is one, else `name.rs` or `name/mod.rs`.
fn without_missing_modules(text: &str, exists: impl Fn(&str) -> bool) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut attributes: Vec<&str> = Vec::new();
    for line in text.split_inclusive('\n') {
        let code = line.trim();
        if code.starts_with("#[") || code.starts_with("///") {
            attributes.push(line);
            continue;
        }
        let module = code
            .strip_prefix("mod ")
            .or_else(|| code.strip_prefix("pub mod "))
            .and_then(|rest| rest.strip_suffix(';'))
            .map(str::trim);
        let present = module.is_none_or(|name| {
            let path = attributes.iter().find_map(|attribute| {
                let inside = attribute.trim().strip_prefix("#[path")?;
                let start = inside.find('"')? + 1;
                let end = start + inside[start..].find('"')?;
                Some(inside[start..end].to_owned())
            });
            match path {
                Some(path) => exists(&path),
                None => exists(&format!("{name}.rs")) || exists(&format!("{name}/mod.rs")),
            }
        });
        if present {
            kept.extend(attributes.drain(..));
            kept.push_str(line);
        } else {
            attributes.clear();
        }
    }
    kept.extend(attributes);
    kept
}

/// The lock file without the `solutions` package, so `--locked` still works.
fn drop_solutions_from_lock(path: &Path) -> Result<(), CourseError> {
    let mut lock = read_toml(path)?;
    if let Some(packages) = lock
        .get_mut("package")
        .and_then(|p| p.as_array_of_tables_mut())
    {
        packages
            .retain(|package| package.get("name").and_then(|n| n.as_str()) != Some("solutions"));
    }
    write_toml(path, &lock)
}

#[cfg(test)]
mod tests {
    use super::without_missing_modules;

    /// The files of a made-up test folder.
    fn exists(path: &str) -> bool {
        ["kept.rs", "folder/mod.rs", "../shared/here.rs"].contains(&path)
    }

    #[test]
    fn a_module_without_its_file_goes_with_its_attributes_and_docs() {
        let text = "//! The tests.\n\
                    \n\
                    // Shared:\n\
                    #[path = \"../shared/here.rs\"]\n\
                    mod here;\n\
                    #[cfg(feature = \"svg\")]\n\
                    #[path = \"../shared/gone.rs\"]\n\
                    mod gone_by_path;\n\
                    mod kept;\n\
                    /// Documented.\n\
                    pub mod folder;\n\
                    /// Its docs go too.\n\
                    #[cfg(test)]\n\
                    mod missing;\n";
        assert_eq!(
            without_missing_modules(text, exists),
            "//! The tests.\n\
             \n\
             // Shared:\n\
             #[path = \"../shared/here.rs\"]\n\
             mod here;\n\
             mod kept;\n\
             /// Documented.\n\
             pub mod folder;\n"
        );
    }

    #[test]
    fn other_items_and_their_attributes_stay() {
        let text = "#![allow(dead_code)]\n\
                    #[test]\n\
                    fn a_test() {}\n\
                    mod inline { fn f() {} }\n\
                    #[derive(Debug)]\n";
        assert_eq!(without_missing_modules(text, |_| false), text);
    }
}
