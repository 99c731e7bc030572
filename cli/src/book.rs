//! `queens book --out DIR`: the course as a static site, to read before
//! installing anything.
//!
//! The pages come from the executed notebooks (CI's `ci-out/notebooks`, or
//! `--execute` to run them here): `scripts/book.py export` turns each into
//! HTML with the venv's nbconvert, MathJax served from the site itself. This
//! file adds the index (the notebooks in order, with README's line on each)
//! and the clickable board as a page of its own. `scripts/book.py check`
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
    /// The folder to write the site to (index.html and one page per notebook).
    #[arg(long)]
    pub out: PathBuf,
    /// The executed notebooks (default: ci-out/notebooks, where
    /// `scripts/notebooks.py execute --html` puts them).
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

/// One notebook of the course, as the index lists it.
struct Chapter {
    name: String,
    title: String,
    line: String,
}

/// Builds the site.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let root = project_root()?;
    let from = args
        .from
        .clone()
        .unwrap_or_else(|| root.join("ci-out").join("notebooks"));
    let venv = args.venv.clone().unwrap_or_else(|| root.join(".venv"));
    let python = venv_tool(&venv, "python");
    if !python.is_file() {
        return Err(Failure::usage(format!(
            "no Python in {}: run `cargo run -- lab --setup-only` (or `python3 -m venv .venv && \
             .venv/bin/pip install -r notebooks/requirements.txt`) first",
            venv.display()
        )));
    }
    let names = notebook_names(&root.join("notebooks"))?;
    if args.execute {
        let mut command = Command::new(&python);
        command
            .arg(root.join("scripts").join("notebooks.py"))
            .args(["execute", "--html"])
            .arg(&from)
            .args(
                names
                    .iter()
                    .map(|name| root.join("notebooks").join(format!("{name}.ipynb"))),
            )
            .env("PATH", tool_path());
        execute(&mut command, "executing the notebooks")?;
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap_or_default();
    let chapters = names
        .iter()
        .map(|name| chapter(&from, name, &readme))
        .collect::<Result<Vec<_>, _>>()?;

    std::fs::create_dir_all(&args.out)
        .map_err(|error| Failure::new(format!("could not make {}: {error}", args.out.display())))?;
    let mut export = Command::new(&python);
    export
        .arg(root.join("scripts").join("book.py"))
        .args(["export", "--from"])
        .arg(&from)
        .arg("--out")
        .arg(&args.out)
        .args(&names);
    execute(&mut export, "exporting the notebooks to HTML")?;
    let board = ClickableBoard::new(BOARD_N).expect("8 is a size the board page supports");
    write(&args.out.join("board.html"), &board.page())?;
    write(&args.out.join("index.html"), &index(&chapters))?;

    let index = args.out.join("index.html");
    if out.json() {
        out.write_json(&serde_json::json!({
            "index": index,
            "pages": names.iter().map(|n| format!("{n}.html")).collect::<Vec<_>>(),
        }))?;
    } else {
        out.line(format!(
            "book: {} notebooks and the board page written; open {}",
            chapters.len(),
            index.display()
        ))?;
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text)
        .map_err(|error| Failure::new(format!("could not write {}: {error}", path.display())))
}

/// The course's notebooks in reading order: `notebooks/NN-*.ipynb`, by name.
fn notebook_names(folder: &Path) -> Result<Vec<String>, Failure> {
    let entries = std::fs::read_dir(folder)
        .map_err(|error| Failure::new(format!("cannot read {}: {error}", folder.display())))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".ipynb").map(str::to_owned)
        })
        .collect();
    names.sort();
    Ok(names)
}

/// Reads the executed copy of notebook `name`: its title, and README's line on it.
fn chapter(from: &Path, name: &str, readme: &str) -> Result<Chapter, Failure> {
    let path = from.join(format!("{name}.ipynb"));
    let missing = || {
        Failure::usage(format!(
            "no executed {name}.ipynb in {}: run `.venv/bin/python scripts/notebooks.py execute \
             --html {} notebooks/*.ipynb` first, or pass --execute",
            from.display(),
            from.display()
        ))
    };
    let text = std::fs::read_to_string(&path).map_err(|_| missing())?;
    let notebook: Value = serde_json::from_str(&text).map_err(|error| {
        Failure::usage(format!("{} is not a notebook: {error}", path.display()))
    })?;
    let cells = notebook["cells"].as_array().cloned().unwrap_or_default();
    let executed = cells.iter().any(|cell| cell["execution_count"].is_number());
    if !executed {
        return Err(missing());
    }
    let title = cells
        .iter()
        .filter(|cell| cell["cell_type"] == "markdown")
        .flat_map(|cell| source(cell).lines().map(str::to_owned).collect::<Vec<_>>())
        .find_map(|line| line.strip_prefix("# ").map(|t| t.trim().to_owned()))
        .unwrap_or_else(|| name.to_owned());
    Ok(Chapter {
        name: name.to_owned(),
        title,
        line: readme_line(readme, name).unwrap_or_default(),
    })
}

fn source(cell: &Value) -> String {
    match &cell["source"] {
        Value::String(text) => text.clone(),
        Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    }
}

/// README's one line on a notebook: its row of the notebooks table,
/// `` | `02-place-the-queens` | the interactive lesson's board: … | ``.
fn readme_line(readme: &str, name: &str) -> Option<String> {
    let key = format!("`{name}`");
    readme.lines().find_map(|line| {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        match cells.as_slice() {
            ["", first, rest @ ..] if *first == key && rest.len() >= 2 => {
                Some(rest[..rest.len() - 1].join(" | "))
            }
            _ => None,
        }
    })
}

/// `text` as HTML, its `code` spans kept as code.
fn inline_markdown(text: &str) -> String {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    escaped
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_owned()
            }
        })
        .collect()
}

/// The index page: the notebooks in order, a line on each, the board.
fn index(chapters: &[Chapter]) -> String {
    let items: String = chapters
        .iter()
        .map(|c| {
            format!(
                "<li><a href=\"{name}.html\">{title}</a><p>{line}</p></li>\n",
                name = c.name,
                title = inline_markdown(&c.title),
                line = inline_markdown(&c.line),
            )
        })
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>queens: backtracking, taught through the N-Queens problem</title>\n<style>\n{INDEX_STYLE}</style>\n\
         </head>\n<body>\n<main>\n<h1>Backtracking, taught through the N-Queens problem</h1>\n\
         <p>The course's notebooks, run and written out as pages: read them in order. To run \
         the code yourself, install the course and open the notebooks in JupyterLab \
         (<code>cargo run -- lab</code>).</p>\n<ol class=\"chapters\">\n{items}</ol>\n\
         <p class=\"board\">To play: <a href=\"board.html\">the clickable board, {BOARD_N} × {BOARD_N}</a>.</p>\n\
         </main>\n</body>\n</html>\n"
    )
}

const INDEX_STYLE: &str = "body { margin: 0; padding: 20px 14px 40px; color: #263238; \
font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif; }
main { max-width: 44rem; margin: 0 auto; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 0.6rem; }
.chapters { padding-left: 1.4rem; }
.chapters li { margin: 0 0 0.9rem; }
.chapters a { font-weight: 600; color: #1565c0; text-decoration: none; }
.chapters a:hover, .board a:hover { text-decoration: underline; }
.chapters p { margin: 0.15rem 0 0; color: #455a64; }
.board a { color: #1565c0; }
code { white-space: nowrap; font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.9em; \
background: #f3f1ec; padding: 0 3px; border-radius: 3px; }
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notebook_has_its_line_in_readme() {
        let root = queens_grader::course::course_root();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        for name in notebook_names(&root.join("notebooks")).unwrap() {
            let line = readme_line(&readme, &name);
            assert!(
                line.as_deref().is_some_and(|l| l.len() > 20),
                "README's notebooks table has no line on {name}"
            );
        }
        assert_eq!(
            readme_line("| `01-x` | why `a` |\n", "01-x").as_deref(),
            Some("why `a`")
        );
    }

    #[test]
    fn the_index_lists_the_chapters_in_order_with_code_kept() {
        let chapters = [
            Chapter {
                name: "01-a".into(),
                title: "01 · A".into(),
                line: "why `row - col` < 2".into(),
            },
            Chapter {
                name: "02-b".into(),
                title: "02 · B".into(),
                line: String::new(),
            },
        ];
        let html = index(&chapters);
        assert!(html.find("01-a.html").unwrap() < html.find("02-b.html").unwrap());
        assert!(html.contains("why <code>row - col</code> &lt; 2"));
        assert!(!html.contains("http"));
    }
}
