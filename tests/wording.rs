//! Words a student must never meet unexplained in what they read.
//!
//! "Seed" was the project's name for its two sources; students know them as
//! notebook 01 names them, "the JavaScript article" and "the interactive
//! lesson". The word may still name the number a random generator starts
//! from, on a line that says so ("random generator").

use std::path::{Path, PathBuf};

/// What a student reads, as paths from the repository's root; a path ending
/// in `/` stands for every file below it. Extend the list as areas join.
/// (The handout `exercises/`, its reference `solutions/`, `grader/` and the
/// grading commands `cli/src/{grade,hint,watch,handout,autograder}.rs` are
/// not in it yet.)
const STUDENT_FACING: &[&str] = &[
    "notebooks/",
    "README.md",
    "docs/",
    "exercises/",
    "solutions/",
    "grader/src/",
    "src/",
    "cli/src/lib.rs",
    "cli/src/choice.rs",
    "cli/src/count.rs",
    "cli/src/solve.rs",
    "cli/src/trace.rs",
    "cli/src/render.rs",
    "cli/src/sudoku.rs",
    "cli/src/lab.rs",
    "cli/src/book.rs",
    "cli/src/output.rs",
];

/// The paths of [`STUDENT_FACING`] a student copy (`queens handout --out`)
/// leaves out: the reference.
const LEFT_OUT_OF_A_STUDENT_COPY: &[&str] = &["solutions/"];

/// Whether the course at `root` is a student copy: its workspace does not
/// list `solutions` (the copy drops it from `members`, and the course's
/// workspace, which lists it, does not build without the folder).
fn is_student_copy(root: &Path) -> bool {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let members = manifest
        .lines()
        .find(|line| line.trim_start().starts_with("members"))
        .expect("the workspace's members, on one line");
    !members.contains("\"solutions\"")
}

fn files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            files(&entry, found);
        }
    } else {
        found.push(path.to_owned());
    }
}

/// The text a student reads in one line: in Rust, its comments (docs and
/// help texts are doc comments) and string literals, not its identifiers.
fn readable(path: &Path, line: &str) -> String {
    if path.extension().is_none_or(|e| e != "rs") {
        return line.to_owned();
    }
    let comment = line.find("//").map_or("", |at| &line[at..]);
    let code = line.find("//").map_or(line, |at| &line[..at]);
    let strings: Vec<&str> = code.split('"').skip(1).step_by(2).collect();
    format!("{comment} {}", strings.join(" "))
}

#[test]
fn the_word_seed_appears_in_no_student_facing_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for path in STUDENT_FACING {
        let full = root.join(path.trim_end_matches('/'));
        if !full.exists() && LEFT_OUT_OF_A_STUDENT_COPY.contains(path) && is_student_copy(root) {
            continue; // checked in the course, which has it
        }
        assert!(full.exists(), "{path} is listed but missing");
        files(&full, &mut all);
    }
    assert!(all.len() > 50, "only {} files", all.len());
    let mut found = Vec::new();
    for path in &all {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue; // not text
        };
        for (number, line) in text.lines().enumerate() {
            let read = readable(path, line).to_lowercase();
            if read.contains("seed") && !read.contains("random generator") {
                let shown = path.strip_prefix(root).unwrap_or(path).display();
                found.push(format!("{shown}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "say \"the JavaScript article\" or \"the interactive lesson\" (notebook 01's names):\n{}",
        found.join("\n")
    );
}

/// The prose of `path` a student reads: a notebook's Markdown cells, or the
/// whole of a Markdown file.
fn prose(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if path.extension().is_none_or(|e| e != "ipynb") {
        return text;
    }
    let nb: serde_json::Value = serde_json::from_str(&text).expect("a notebook is JSON");
    nb["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|cell| cell["cell_type"] == "markdown")
        .map(|cell| match &cell["source"] {
            serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
            other => other.as_str().unwrap_or_default().to_owned(),
        })
        .collect::<Vec<String>>()
        .join("\n")
}

/// The commands in `prose` that start with a bare `queens`: inline code
/// (`` `queens grade` ``) or a line of a shell block. The course's command
/// line is `cargo queens …` (the alias of `.cargo/config.toml`); a bare
/// `queens` runs only where someone installed the binary, which the course
/// never asks a student to do.
fn bare_commands(prose: &str) -> Vec<String> {
    let inline = prose
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|code| code.starts_with("queens ") && !code.contains('\n'));
    let mut fenced = false;
    let lines = prose.lines().map(str::trim).filter(move |line| {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        fenced && line.starts_with("queens ")
    });
    inline.chain(lines).map(str::to_owned).collect()
}

#[test]
fn every_command_a_student_reads_runs_as_typed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut read = Vec::new();
    files(&root.join("notebooks"), &mut read);
    read.retain(|path| path.extension().is_some_and(|e| e == "ipynb"));
    assert!(read.len() >= 8, "the notebooks are in notebooks/");
    read.push(root.join("docs/students.md"));
    let found: Vec<String> = read
        .iter()
        .flat_map(|path| {
            let shown = path
                .strip_prefix(root)
                .unwrap_or(path)
                .display()
                .to_string();
            bare_commands(&prose(path))
                .into_iter()
                .map(move |command| format!("{shown}: `{command}`"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "write `cargo queens …`, which runs from the course's folder as typed:\n{}",
        found.join("\n")
    );
    // The check itself sees both forms.
    assert_eq!(
        bare_commands(
            "run `queens grade` or\n```sh\nqueens hint 2\n```\nqueens by hand, not `cargo queens grade`"
        ),
        ["queens grade", "queens hint 2"]
    );
}
