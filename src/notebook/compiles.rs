//! Whether a student's crate compiles, asked before a notebook `:dep`s it.
//!
//! When a `:dep` crate does not compile, the kernel shows rustc's first
//! message without its file or line ("mismatched types"), and then every
//! later cell fails on the missing crate ("cannot find …"), dozens of times.
//! [`compiles`] runs `cargo check --message-format=short` on the crate first
//! and, if it fails, gives its first error once, with file, line and the
//! line's code (on one line: the kernel shows only the first line of an
//! error).
//!
//! An `Err` from a cell does not stop "Run All": the kernel prints it and
//! runs the next cell, which then fails on rustc's flood. A compile error
//! does stop it. So a notebook checks its handouts with [`gate`], which
//! writes a crate of one line, `gate`: empty when they compile, a
//! `compile_error!` holding the first error in words when they do not; the
//! next cell `:dep`s it, and "Run All" stops there, in JupyterLab and in
//! nbconvert alike, on that one paragraph.

use std::path::Path;
use std::process::Command;

/// The crate compiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The crate's folder, as given.
    pub folder: String,
}

impl std::fmt::Display for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} compiles: the next cell loads it.", self.folder)
    }
}

impl Compiled {
    /// Shows the line as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }
}

/// The crate does not compile (or cargo could not be run): its first error.
#[derive(Clone, PartialEq, Eq)]
pub struct NotCompiled {
    /// The crate's folder, as given.
    pub folder: String,
    /// rustc's first error, `file:line:column: error[code]: message`, the
    /// file named from the course's folder (`exercises/src/lib.rs:52:9`).
    pub first: String,
    /// The code on that line, when the file could be read.
    pub code: Option<String>,
    /// How many errors rustc reported in all.
    pub errors: usize,
}

/// The message on one line: the kernel prints a cell's error (with `{}`) on
/// stderr and shows only the first line of it.
impl std::fmt::Display for NotCompiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} does not compile: {}", self.folder, self.first)?;
        if let Some(code) = &self.code {
            write!(f, ", on `{}`", code.trim())?;
        }
        if self.errors > 1 {
            write!(
                f,
                " (the first of {} errors: the others often follow from it)",
                self.errors
            )?;
        }
        write!(f, ". Fix it, save the file, and run this cell again.")
    }
}

/// The same sentence, not a struct dump (`:efmt {:?}` prints errors with it).
impl std::fmt::Debug for NotCompiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for NotCompiled {}

impl NotCompiled {
    /// The file of the first error (`exercises/src/sudoku.rs`), else the
    /// crate's folder.
    pub fn file(&self) -> &str {
        match self.first.split_once(':') {
            Some((file, _)) if file.ends_with(".rs") => file,
            _ => &self.folder,
        }
    }
}

/// Runs `cargo check --lib` on the crate in `folder` (its own target folder,
/// `target/compile-check` beside it, so that a `cargo queens watch` holding
/// the course's does not block it)
/// and gives its first error, or that it compiles.
pub fn compiles(folder: impl AsRef<Path>) -> Result<Compiled, NotCompiled> {
    let folder = folder.as_ref();
    let name = folder.display().to_string();
    let failed = |first: String| NotCompiled {
        folder: name.clone(),
        first,
        code: None,
        errors: 1,
    };
    // Beside the course's own target folder, one per course: cargo names a
    // workspace member's build by its path inside the workspace, so two
    // copies of a course sharing a folder would take each other's results.
    let target = folder
        .parent()
        .unwrap_or(folder)
        .join("target")
        .join("compile-check");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args(["check", "--lib", "--quiet", "--message-format=short"])
        .current_dir(folder)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|error| failed(format!("could not run cargo: {error}")))?;
    if output.status.success() {
        return Ok(Compiled { folder: name });
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let error = first_error(&stderr, folder).unwrap_or_else(|| {
        let said = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        failed(format!("cargo check failed: {said}"))
    });
    Err(NotCompiled {
        folder: name,
        first: from_the_course(&error.first),
        ..error
    })
}

/// How the student knows a checked crate: a standalone crate
/// ([`super::standalone`]) by its homework file (`exercises/src/sudoku.rs`),
/// a crate by its folder (`exercises`), from the course.
fn shown(folder: &Path) -> String {
    let manifest = std::fs::read_to_string(folder.join("Cargo.toml")).unwrap_or_default();
    // The `path` of its `[lib]` section, the section's lines up to the next.
    let library = manifest
        .split("\n[")
        .find(|section| section.starts_with("lib]"))
        .and_then(|section| {
            section
                .lines()
                .find_map(|line| line.strip_prefix("path = "))
        })
        .map(|path| path.trim().trim_matches('"').to_owned());
    match library {
        Some(file) => from_the_course(&file),
        None => folder
            .display()
            .to_string()
            .trim_start_matches("../")
            .to_owned(),
    }
}

/// `first` with an absolute file name (a homework file a standalone crate
/// names by its full path) made relative to the course, the folder above the
/// notebooks' where a notebook runs: `exercises/src/sudoku.rs:48:40: …`.
fn from_the_course(first: &str) -> String {
    let course = std::env::current_dir()
        .ok()
        .and_then(|dir| dir.parent().map(Path::to_path_buf))
        .and_then(|dir| std::fs::canonicalize(dir).ok());
    match course.and_then(|course| {
        first
            .strip_prefix(&format!("{}/", course.display()))
            .map(str::to_owned)
    }) {
        Some(relative) => relative,
        None => first.to_owned(),
    }
}

/// What [`gate`] found: every handout crate compiles, or the first that
/// does not, with its first error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gate {
    /// The crates checked, as the student knows them (`exercises`,
    /// `exercises/src/sudoku.rs`).
    pub checked: Vec<String>,
    /// The first crate that does not compile.
    pub failed: Option<NotCompiled>,
    /// The gate crate's folder (the next cell `:dep`s it).
    pub folder: String,
}

impl std::fmt::Display for Gate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.failed {
            None => write!(
                f,
                "{} {}: the cells below load {}.",
                self.checked.join(" and "),
                if self.checked.len() == 1 {
                    "compiles"
                } else {
                    "compile"
                },
                if self.checked.len() == 1 {
                    "it"
                } else {
                    "them"
                }
            ),
            Some(failed) => write!(
                f,
                "{} does not compile: the next cell stops here and says why.",
                failed.file()
            ),
        }
    }
}

impl Gate {
    /// Shows the line as plain text in Jupyter.
    pub fn evcxr_display(&self) {
        println!("EVCXR_BEGIN_CONTENT text/plain\n{self}\nEVCXR_END_CONTENT");
    }

    /// What the gate crate's `compile_error!` says: the error in a
    /// paragraph, a line each (the kernel shows a compile error whole).
    pub fn message(&self) -> Option<String> {
        let failed = self.failed.as_ref()?;
        let mut text = format!(
            "Your code in {} does not compile, so the notebook stops here.\n{}",
            failed.file(),
            failed.first
        );
        if let Some(code) = &failed.code {
            text.push_str(&format!("\n    {}", code.trim()));
        }
        if failed.errors > 1 {
            text.push_str(&format!(
                "\n(the first of {} errors: the others often follow from it)",
                failed.errors
            ));
        }
        text.push_str("\nFix it, save the file, and run the cell above this one again.");
        Some(text)
    }
}

/// Checks each crate of `folders` with [`compiles`] (in order, stopping at
/// the first that does not compile) and writes the crate `gate` into
/// `folder`: empty when they all compile, else a `compile_error!` with
/// [`Gate::message`]. Its manifest is written once, its library only when
/// it changes, so a `:dep` of it costs nothing while the handouts compile.
///
/// ```no_run
/// // From notebooks/: then `:dep gate = { path = "../target/notebooks/gate" }`.
/// let gate = queens::notebook::compiles::gate(&["../exercises"], "../target/notebooks/gate")?;
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// If the gate crate cannot be written; the message names the path.
pub fn gate<P: AsRef<Path>>(folders: &[P], folder: impl AsRef<Path>) -> std::io::Result<Gate> {
    let out = folder.as_ref();
    let mut gate = Gate {
        checked: Vec::new(),
        failed: None,
        folder: out.display().to_string(),
    };
    for checked in folders {
        let checked = checked.as_ref();
        gate.checked.push(shown(checked));
        if let Err(failed) = compiles(checked) {
            gate.failed = Some(failed);
            break;
        }
    }
    let library = match gate.message() {
        None => "//! The handouts compile: nothing stops the notebook.\n".to_owned(),
        Some(message) => format!(
            "//! A handout does not compile: the notebook stops on this error.\n\
             compile_error!({message:?});\n"
        ),
    };
    let named = |path: &Path, e: std::io::Error| {
        std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
    };
    std::fs::create_dir_all(out).map_err(|e| named(out, e))?;
    for (file, text) in [
        (
            "Cargo.toml",
            "# Written by queens::notebook::compiles::gate.\n[package]\nname = \"gate\"\n\
             version = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[lib]\npath = \"lib.rs\"\n\n\
             [workspace]\n"
                .to_owned(),
        ),
        ("lib.rs", library),
    ] {
        let path = out.join(file);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, text).map_err(|e| named(&path, e))?;
        }
    }
    Ok(gate)
}

/// The first `file:line:col: error…` line of cargo's short messages, with
/// the code on that line read from the file (found from `folder` or its
/// parent: cargo names files from the workspace's root).
fn first_error(stderr: &str, folder: &Path) -> Option<NotCompiled> {
    let located = |line: &&str| line.contains(": error") && !line.starts_with("error");
    let errors: Vec<&str> = stderr.lines().filter(located).collect();
    let first = (*errors.first()?).to_owned();
    let mut parts = first.splitn(3, ':');
    let (file, line) = (parts.next()?, parts.next()?.parse::<usize>().ok()?);
    let code = [folder, folder.parent().unwrap_or(folder)]
        .iter()
        .find_map(|root| std::fs::read_to_string(root.join(file)).ok())
        .and_then(|text| text.lines().nth(line.checked_sub(1)?).map(str::to_owned));
    Some(NotCompiled {
        folder: String::new(),
        first,
        code,
        errors: errors.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_comes_with_its_file_line_and_code_once() {
        let stderr = "exercises/src/lib.rs:52:9: error[E0308]: mismatched types\n\
                      exercises/src/lib.rs:60:5: error[E0425]: cannot find value `x` in this scope\n\
                      error: could not compile `exercises` (lib) due to 2 previous errors\n";
        let dir = std::env::temp_dir().join(format!("queens-compiles-{}", std::process::id()));
        let src = dir.join("exercises/src");
        std::fs::create_dir_all(&src).unwrap();
        let mut lines: Vec<String> = (1..=60).map(|i| format!("// line {i}")).collect();
        lines[51] = "        self.columns.insert(row - col);".into();
        std::fs::write(src.join("lib.rs"), lines.join("\n")).unwrap();
        let error = first_error(stderr, &dir.join("exercises")).unwrap();
        let text = error.to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            text.contains("exercises/src/lib.rs:52:9: error[E0308]: mismatched types"),
            "{text}"
        );
        assert!(text.contains("the first of 2 errors"), "{text}");
        assert!(
            !text.contains("cannot find"),
            "only the first error: {text}"
        );
        // The kernel shows only an error's first line: all of it is on one.
        assert!(!text.contains('\n'), "{text}");
        assert!(
            text.contains("mismatched types, on `self.columns.insert(row - col);`"),
            "{text}"
        );
        assert_eq!(format!("{error:?}"), text);
    }

    /// A crate `broken` in a folder of its own under the system's temporary
    /// folder (its check's target folder goes beside it), whose `f` returns
    /// `returned` where a `usize` is due, on line 3: (that folder, the crate's).
    fn broken_crate(prefix: &str, returned: &str) -> (std::path::PathBuf, std::path::PathBuf) {
        let root = std::env::temp_dir().join(format!("{prefix}-{}", std::process::id()));
        let dir = root.join("broken");
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"broken\"\nversion = \"0.0.0\"\nedition = \"2024\"\n[workspace]\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            format!("pub fn f() -> usize {{\n    let x: isize = -1;\n    {returned}\n}}\n"),
        )
        .unwrap();
        (root, dir)
    }

    #[test]
    fn a_crate_with_a_type_error_is_caught_with_its_line() {
        // The crate in a folder of its own: its check's target folder goes beside it.
        let (root, dir) = broken_crate("queens-compiles-crate", "x");
        let broken = compiles(&dir).unwrap_err().to_string();
        std::fs::write(dir.join("src/lib.rs"), "pub fn f() -> usize { 1 }\n").unwrap();
        let fixed = compiles(&dir);
        assert!(root.join("target/compile-check").is_dir());
        std::fs::remove_dir_all(&root).unwrap();
        assert!(
            broken.contains("src/lib.rs:3:5: error[E0308]: mismatched types"),
            "{broken}"
        );
        assert!(broken.contains(", on `x`"), "{broken}");
        assert!(fixed.is_ok(), "{fixed:?}");
    }

    /// The gate stops the notebook with the first error in words: its
    /// `compile_error!` is valid Rust that fails with that paragraph, and
    /// once the handout compiles the gate is empty.
    #[test]
    fn the_gate_fails_to_compile_with_the_handout_s_first_error_until_it_compiles() {
        let (root, dir) = broken_crate("queens-gate", "\"x\"");
        let gate_dir = root.join("gate");
        let stopped = gate(&[&dir], &gate_dir).unwrap();
        let checked = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
            .args(["check", "--quiet"])
            .current_dir(&gate_dir)
            .env("CARGO_TARGET_DIR", root.join("target"))
            .output()
            .unwrap();
        std::fs::write(dir.join("src/lib.rs"), "pub fn f() -> usize { 1 }\n").unwrap();
        let open = gate(&[&dir], &gate_dir).unwrap();
        let library = std::fs::read_to_string(gate_dir.join("lib.rs")).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
        let said = String::from_utf8_lossy(&checked.stderr);
        assert!(!checked.status.success(), "the gate compiled: {said}");
        assert!(
            said.contains("does not compile, so the notebook stops here"),
            "{said}"
        );
        assert!(said.contains("src/lib.rs:3:5: error[E0308]"), "{said}");
        assert!(said.contains("    \"x\""), "the line's code: {said}");
        assert!(stopped.to_string().contains("the next cell stops here"));
        assert!(open.failed.is_none(), "{open:?}");
        assert!(!library.contains("compile_error!"), "{library}");
        assert!(
            open.to_string()
                .ends_with("compiles: the cells below load it.")
        );
    }

    /// A standalone crate is shown by its homework file, the handout crate by
    /// its folder (its test targets' paths are not its library's).
    #[test]
    fn a_checked_crate_is_shown_as_the_student_knows_it() {
        let course = std::env::current_dir().unwrap();
        let made = crate::notebook::standalone::crate_of(
            course.join("exercises/src/bitmask.rs"),
            "bitmask",
            std::env::temp_dir().join(format!("queens-shown-{}", std::process::id())),
        )
        .unwrap();
        let standalone = shown(&made);
        std::fs::remove_dir_all(made.parent().unwrap()).unwrap();
        assert!(
            standalone.ends_with("exercises/src/bitmask.rs") && !standalone.starts_with('/'),
            "{standalone}"
        );
        let handout = shown(&course.join("exercises"));
        assert!(handout.ends_with("exercises"), "{handout}");
        assert_eq!(shown(Path::new("../exercises")), "exercises");
    }
}
