//! What the grader's core knows of a homework: a description it can be
//! handed, never a name it looks for.
//!
//! Each homework of the course is one folder of [`crate::homeworks`] that
//! builds one [`Homework`]: where its handout, reference, hints and graded
//! tests live, the tests in order with the rule each checks, and how each
//! test's answers are judged. The registry ([`crate::homeworks::ALL`]) lists
//! them; the core (harness, verdicts, the grading pipeline, reports,
//! platforms) works on whichever one it is given.

use std::fmt;

/// The folder inside a homework's folder that only instructors see: its
/// reference (`reference.rs`) and its case table (`cases.toml`). A student
/// copy, Gradescope's bundle and the grader's scratch workspace leave it
/// out ([`in_instructor_folder`]).
pub const INSTRUCTOR_FOLDER: &str = "instructor";

/// Where the homeworks' folders are, from the course root.
pub const HOMEWORKS_FOLDER: &str = "grader/src/homeworks";

/// The folder of the homework called `name`, from the course root.
///
/// ```
/// assert_eq!(queens_grader::homework::folder("knights"), "grader/src/homeworks/knights");
/// ```
pub fn folder(name: &str) -> String {
    format!("{HOMEWORKS_FOLDER}/{name}")
}

/// Whether `relative` (a path from the course root, `/`-separated) lies in
/// a homework's instructor-only folder
/// (`grader/src/homeworks/<name>/instructor/…`).
///
/// ```
/// use queens_grader::homework::in_instructor_folder;
/// assert!(in_instructor_folder("grader/src/homeworks/sudoku/instructor/reference.rs"));
/// assert!(!in_instructor_folder("grader/src/homeworks/sudoku/explain.rs"));
/// ```
pub fn in_instructor_folder(relative: &str) -> bool {
    let Some(rest) = relative.strip_prefix(HOMEWORKS_FOLDER) else {
        return false;
    };
    let mut parts = rest.split('/');
    // "", then the homework's name, then its folder.
    parts.next() == Some("") && parts.next().is_some() && parts.next() == Some(INSTRUCTOR_FOLDER)
}

/// How a homework's answers are judged: against the reference's answers to
/// the same questions ([`crate::reference`]). Equal is right; a difference
/// is explained by the homework's explainer, else in general terms.
#[derive(Clone, Copy)]
pub struct Judging {
    /// The questions of test `name`, serialised (from its `graded_tests!`
    /// table).
    pub questions: fn(&str) -> Vec<serde_json::Value>,
    /// Its `answers.json`, built in.
    pub answers: &'static str,
    /// Its explainer ([`crate::explanation::no_explainer`] when it has none).
    pub explain: crate::explanation::Explainer,
}

/// One graded test: its full name (`group::name`, the group naming the blank,
/// `end_to_end` for the whole search) and the rule it checks, in plain words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Test {
    /// `blank_1_prune_check::empty_sets_attack_nothing`.
    pub name: &'static str,
    /// What it checks, for `queens tests`: "with no queen placed, no cell is
    /// attacked".
    pub rule: &'static str,
}

/// The files of a homework's handout that no student edits, as they were
/// when the grader was built (the grader writes the tests into its scratch
/// workspace; `queens hint` reads the hints). Never the student's file: a
/// save would rebuild the grader and the command line.
#[cfg(feature = "instructor")]
#[derive(Debug, Clone, Copy)]
pub struct Files {
    /// The adapter test target (`exercises/<test_file>`).
    pub tests: &'static str,
    /// The hints (`exercises/<hints>`).
    pub hints: &'static str,
}

/// A homework: a handout with blanks, graded by its own test target.
pub struct Homework {
    /// Its name on the command line: `--exercise NAME`.
    pub name: &'static str,
    /// One line for people: what the student builds.
    pub title: &'static str,
    /// Its place in the course (1 for the first): the homeworks are listed in
    /// this order, and the first is the one every tool takes when none is
    /// named, so its commands need no `--exercise`.
    pub order: u32,
    /// The student's file inside the `exercises` crate (`src/lib.rs`).
    pub source: &'static str,
    /// The reference it is generated from, from the course root.
    pub reference: &'static str,
    /// Its hints, inside `exercises/`.
    pub hints: &'static str,
    /// Its test target in the `exercises` crate: `cargo test -p exercises
    /// --test <test_target>`.
    pub test_target: &'static str,
    /// That target's file inside the `exercises` crate.
    pub test_file: &'static str,
    /// Every graded test, in order.
    pub tests: &'static [Test],
    /// How its answers are judged.
    pub judging: Judging,
    /// What is left in the homework's notebook once every test passes, a
    /// phrase naming no notebook (`queens watch` adds which notebook it is
    /// and the one after it, from the course's order).
    pub next: &'static str,
    /// Panics explained: a panic whose text contains the first gets the second.
    pub explanations: &'static [(&'static str, &'static str)],
    /// How the feedback pages draw the boards its messages draw as text.
    pub squares: Squares,
    /// The handout's files no student edits, built in.
    #[cfg(feature = "instructor")]
    pub files: Files,
}

/// How a homework's boards are drawn on a feedback page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Squares {
    /// Light and dark squares, as on a chessboard.
    Chequered,
    /// White cells with every `n` × `n` box outlined.
    Boxes(usize),
}

impl Homework {
    /// The student's file's name: `lib.rs`, `sudoku.rs`.
    pub fn file_name(&self) -> &'static str {
        self.source.rsplit('/').next().unwrap_or(self.source)
    }

    /// The homework's file in a submission folder, where it usually is
    /// (`src/<file>`, `<file>`, `exercises/src/<file>`), if there.
    pub fn file_in(&self, folder: &std::path::Path) -> Option<std::path::PathBuf> {
        let file = self.file_name();
        [
            folder.join("src").join(file),
            folder.join(file),
            folder.join("exercises/src").join(file),
        ]
        .into_iter()
        .find(|candidate| candidate.is_file())
    }

    /// The handout as the course at `root` holds it (`exercises/<source>`),
    /// read when asked: the grader compiles in no file a student edits (a
    /// save would rebuild it), and in a student's course this is their work.
    pub fn handout_in(&self, root: &std::path::Path) -> std::io::Result<String> {
        std::fs::read_to_string(root.join("exercises").join(self.source))
    }

    /// Its case table (wrong and right versions of its blanks, which
    /// `queens homework check` and the grader's tests grade), from the course
    /// root: in the homework's instructor-only folder.
    pub fn cases(&self) -> String {
        format!("{}/{INSTRUCTOR_FOLDER}/cases.toml", folder(self.name))
    }

    /// Its reference's answers (`answers.json` in its folder, which
    /// `queens handout --answers` writes), from the course root.
    pub fn answers_file(&self) -> String {
        format!("{}/answers.json", folder(self.name))
    }

    /// The graded tests' names, in order.
    pub fn test_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.tests.iter().map(|test| test.name)
    }

    /// Whether every tool takes this homework when none is named (the
    /// course's first).
    pub fn is_default(&self) -> bool {
        self.order == 1
    }

    /// The test `name`, if it is one of this homework's.
    pub fn test(&self, name: &str) -> Option<&'static Test> {
        self.tests.iter().find(|test| test.name == name)
    }

    /// The command that runs its graded tests.
    pub fn test_command(&self) -> String {
        format!("cargo test -p exercises --test {}", self.test_target)
    }
}

impl fmt::Debug for Homework {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Homework")
            .field("name", &self.name)
            .finish()
    }
}

impl fmt::Display for Homework {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl serde::Serialize for Homework {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

impl PartialEq for Homework {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Homework {}
