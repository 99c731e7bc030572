//! `queens book --out DIR`: the course as a static site, to read before
//! installing anything.
//!
//! The pages come from the executed notebooks (CI's `ci-out/notebooks`, or
//! `--execute` to run them here). A notebook on the handout (notebook 03
//! `:dep`s `exercises`) is also run against the reference answers, into
//! `reference/` beside them: its page shows what a student's finished solver
//! shows, labelled so. `scripts/book.py export` builds every page from the
//! Jinja templates of `scripts/book/templates` (the notebooks, the index from
//! their metadata, the clickable board, `print.html`), the search index and
//! `course.pdf`; this file checks its inputs, installs the npm tools of
//! `scripts/book` once, and hands the board over. `scripts/book.py check`
//! opens the result in chromium.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::lab::{execute, project_root, tool_path, venv_tool};
use super::{Failure, Output};
use queens::display::ClickableBoard;

/// Arguments of `queens book`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder to write the site to (index.html, one page per notebook,
    /// board.html, print.html, course.pdf, the search index).
    #[arg(long)]
    pub out: PathBuf,
    /// The executed notebooks (default: ci-out/notebooks, where
    /// `scripts/notebooks.py execute --html` puts them; the runs against the
    /// reference answers in its reference/ folder).
    #[arg(long = "from")]
    pub from: Option<PathBuf>,
    /// Execute the notebooks into --from first (needs the Rust kernel; minutes).
    #[arg(long)]
    pub execute: bool,
    /// Where the virtual environment lives (default: .venv in the project).
    #[arg(long)]
    pub venv: Option<PathBuf>,
}

/// The board size of the site's board page.
const BOARD_N: usize = 8;

/// The line by which a notebook takes the student's handout, which the
/// site's run replaces by the reference answers (`scripts/notebooks.py
/// execute --reference`).
const HANDOUT_DEP: &str = ":dep exercises = { path = \"../exercises\" }";

/// Builds the site.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let root = project_root()?;
    let from = args
        .from
        .clone()
        .unwrap_or_else(|| root.join("ci-out").join("notebooks"));
    let reference = from.join("reference");
    let venv = args.venv.clone().unwrap_or_else(|| root.join(".venv"));
    let python = venv_tool(&venv, "python");
    if !python.is_file() {
        return Err(Failure::usage(format!(
            "no Python in {}: run `cargo run -- lab --setup-only` (or `python3 -m venv .venv && \
             .venv/bin/pip install -r notebooks/requirements.txt`) first",
            venv.display()
        )));
    }
    let notebooks = root.join("notebooks");
    let names = notebook_names(&notebooks)?;
    let on_handout = names
        .iter()
        .filter(|name| takes_the_handout(&notebooks.join(format!("{name}.ipynb"))))
        .cloned()
        .collect::<Vec<_>>();
    if args.execute {
        let script = root.join("scripts").join("notebooks.py");
        let paths = |names: &[String]| {
            names
                .iter()
                .map(|name| notebooks.join(format!("{name}.ipynb")))
                .collect::<Vec<_>>()
        };
        let mut command = Command::new(&python);
        command
            .arg(&script)
            .args(["execute", "--html"])
            .arg(&from)
            .args(paths(&names))
            .env("PATH", tool_path());
        execute(&mut command, "executing the notebooks")?;
        if !on_handout.is_empty() {
            let mut command = Command::new(&python);
            command
                .arg(&script)
                .args(["execute", "--reference", "--html"])
                .arg(&reference)
                .args(paths(&on_handout))
                .env("PATH", tool_path());
            execute(
                &mut command,
                "executing the notebooks against the reference answers",
            )?;
        }
    }
    for name in &names {
        executed(&from, name, &from)?;
    }
    for name in &on_handout {
        executed(&reference, name, &from)?;
    }
    npm_tools(&root)?;

    std::fs::create_dir_all(&args.out)
        .map_err(|error| Failure::new(format!("could not make {}: {error}", args.out.display())))?;
    let board = ClickableBoard::new(BOARD_N).expect("8 is a size the board page supports");
    let fragment =
        std::env::temp_dir().join(format!("queens-book-board-{}.html", std::process::id()));
    write(&fragment, &board.fragment())?;
    let mut export = Command::new(&python);
    export
        .arg(root.join("scripts").join("book.py"))
        .args(["export", "--from"])
        .arg(&from)
        .arg("--reference")
        .arg(&reference)
        .arg("--out")
        .arg(&args.out)
        .arg("--board")
        .arg(&fragment)
        .args(["--board-n", &BOARD_N.to_string()])
        .args(&names)
        .env("PATH", tool_path());
    let exported = execute(&mut export, "building the site");
    let _ = std::fs::remove_file(&fragment);
    exported?;

    let index = args.out.join("index.html");
    if out.json() {
        out.write_json(&serde_json::json!({
            "index": index,
            "pages": names.iter().map(|n| format!("{n}.html")).collect::<Vec<_>>(),
            "run_against_reference": on_handout,
            "print": args.out.join("print.html"),
            "pdf": args.out.join("course.pdf"),
        }))?;
    } else {
        out.line(format!(
            "book: {} notebooks ({} run against the reference answers), the board, print.html, \
             course.pdf and the search index written; open {}",
            names.len(),
            on_handout.len(),
            index.display()
        ))?;
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|error| Failure::new(format!("could not write {}: {error}", path.display())))
}

/// The npm packages of `scripts/book` (pagefind, MathJax, axe-core),
/// installed from its lock file the first time.
fn npm_tools(root: &Path) -> Result<(), Failure> {
    let folder = root.join("scripts").join("book");
    let modules = folder.join("node_modules");
    let ready = ["pagefind", "mathjax", "axe-core"]
        .iter()
        .all(|package| modules.join(package).join("package.json").is_file());
    if !ready {
        let mut npm = Command::new("npm");
        npm.args(["ci", "--no-audit", "--no-fund", "--prefix"])
            .arg(&folder);
        execute(&mut npm, "installing the site's npm tools (npm ci)").map_err(|failure| {
            Failure::new(format!(
                "{}: the site needs Node.js and npm (Debian: apt-get install npm)",
                failure.message
            ))
        })?;
    }
    Ok(())
}

/// The course's notebooks in reading order: `notebooks/NN-*.ipynb`, by name.
fn notebook_names(folder: &Path) -> Result<Vec<String>, Failure> {
    queens::notebook::names(folder)
        .map_err(|error| Failure::new(format!("cannot read {}: {error}", folder.display())))
}

/// Whether the notebook at `path` runs on the student's handout.
fn takes_the_handout(path: &Path) -> bool {
    read_notebook(path).is_ok_and(|notebook| {
        cells(&notebook)
            .iter()
            .any(|cell| cell["cell_type"] == "code" && source(cell).contains(HANDOUT_DEP))
    })
}

/// Checks that `folder` holds notebook `name` executed (`from` for the message).
fn executed(folder: &Path, name: &str, from: &Path) -> Result<(), Failure> {
    let path = folder.join(format!("{name}.ipynb"));
    let missing = || {
        let reference = if folder == from { "" } else { " --reference" };
        Failure::usage(format!(
            "no executed {name}.ipynb in {}: run `.venv/bin/python scripts/notebooks.py execute{reference} \
             --html {} notebooks/{name}.ipynb` first, or pass --execute",
            folder.display(),
            folder.display()
        ))
    };
    let notebook = read_notebook(&path).map_err(|not_there| not_there.unwrap_or_else(missing))?;
    if cells(&notebook)
        .iter()
        .any(|cell| cell["execution_count"].is_number())
    {
        Ok(())
    } else {
        Err(missing())
    }
}

/// The notebook at `path`; `Err(None)` when there is none, `Err(Some)` when it is not one.
fn read_notebook(path: &Path) -> Result<Value, Option<Failure>> {
    let text = std::fs::read_to_string(path).map_err(|_| None)?;
    serde_json::from_str(&text).map_err(|error| {
        Some(Failure::usage(format!(
            "{} is not a notebook: {error}",
            path.display()
        )))
    })
}

fn cells(notebook: &Value) -> Vec<Value> {
    notebook["cells"].as_array().cloned().unwrap_or_default()
}

fn source(cell: &Value) -> String {
    match &cell["source"] {
        Value::String(text) => text.clone(),
        Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course() -> PathBuf {
        queens_grader::course::course_root().join("notebooks")
    }

    #[test]
    fn every_notebook_has_the_index_line_in_its_metadata() {
        for name in notebook_names(&course()).unwrap() {
            let notebook = read_notebook(&course().join(format!("{name}.ipynb"))).unwrap();
            let summary = notebook["metadata"]["course"]["summary"].as_str();
            assert!(
                summary.is_some_and(|line| line.len() > 20 && !line.contains('\n')),
                "{name}.ipynb has no one-line metadata.course.summary for the site's index"
            );
        }
    }

    /// README's table lists the course as written, through its conclusion
    /// (the last notebook that checks no homework); a homework added after
    /// it (`queens homework new`) is on the site's index from its metadata
    /// and edits no README, and a row that names it says what the index says.
    #[test]
    fn readme_table_says_what_the_index_says() {
        let readme =
            std::fs::read_to_string(queens_grader::course::course_root().join("README.md"))
                .unwrap();
        let names = notebook_names(&course()).unwrap();
        let homework = |name: &str| {
            let notebook = read_notebook(&course().join(format!("{name}.ipynb"))).unwrap();
            notebook["metadata"]["course"]["homework"].is_string()
        };
        let conclusion = names.iter().rposition(|name| !homework(name)).unwrap();
        for (index, name) in names.iter().enumerate() {
            let notebook = read_notebook(&course().join(format!("{name}.ipynb"))).unwrap();
            let summary = notebook["metadata"]["course"]["summary"]
                .as_str()
                .unwrap_or("");
            let row = format!("| `{name}` | {summary} |");
            let named = readme
                .lines()
                .any(|line| line.starts_with(&format!("| `{name}` |")));
            if index > conclusion && !named {
                continue;
            }
            assert!(
                readme.lines().any(|line| line == row),
                "README's notebooks table and {name}.ipynb's course.summary differ: want the row {row}"
            );
        }
    }

    /// A notebook runs on the handout exactly when its metadata names the
    /// homework it checks (`course.homework`, a homework of the grader): the
    /// site runs those against the reference answers, and the notebook tests
    /// find them by it.
    #[test]
    fn the_homework_notebooks_and_only_they_run_on_the_handout() {
        let mut homeworks = Vec::new();
        for name in notebook_names(&course()).unwrap() {
            let path = course().join(format!("{name}.ipynb"));
            let notebook = read_notebook(&path).unwrap();
            let homework = notebook["metadata"]["course"]["homework"].as_str();
            assert_eq!(
                takes_the_handout(&path),
                homework.is_some(),
                "{name}.ipynb: a notebook `{HANDOUT_DEP}` if and only if its metadata names its \
                 course.homework"
            );
            if let Some(homework) = homework {
                assert!(
                    queens_grader::homeworks::by_name(homework).is_ok(),
                    "{name}.ipynb: course.homework {homework:?} is no homework of the grader"
                );
                homeworks.push(homework.to_owned());
            }
        }
        assert!(!homeworks.is_empty(), "no notebook runs on the handout");
        let mut distinct = homeworks.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            homeworks.len(),
            "two notebooks check one homework: {homeworks:?}"
        );
    }

    #[test]
    fn a_missing_run_names_the_command_that_makes_it() {
        let empty = tempfile::tempdir().unwrap();
        let reference = empty.path().join("reference");
        let message = executed(&reference, "03-x", empty.path())
            .unwrap_err()
            .message;
        assert!(message.contains("execute --reference --html"), "{message}");
        let message = executed(empty.path(), "01-x", empty.path())
            .unwrap_err()
            .message;
        assert!(
            message.contains("execute --html") && message.contains("--execute"),
            "{message}"
        );
    }
}
