//! The notebook `queens homework new NAME` writes: the one file of a new
//! homework outside its own folder and `exercises/`. It meets every rule the
//! course's notebook tests impose (docs/instructors.md lists them): numbered
//! after the last notebook, titled `# NN · …`, its opening linking the
//! notebook before it ("Before:"; the notebooks before it are not edited, so
//! it links no "Next:"), the objectives, the time and the Rust it assumes,
//! the shared setup cell, the gate before its handout is loaded, a
//! `BlankCheck` per blank naming the homework's hint command, the progress
//! table naming the homework, and the metadata the site and the tests read
//! (`course.summary`, `homework`, `reference_shows`, `reference_proof`).

use std::path::Path;

use serde_json::{Value, json};

/// The notebook of the homework `name` (its place in the course `order`)
/// in the course at `root`: `(path from the root, text)`, numbered after
/// the last notebook there. `Err` when the notebooks cannot be read.
pub fn notebook(root: &Path, name: &str, order: u32) -> Result<(String, String), String> {
    let folder = root.join("notebooks");
    let names = if folder.is_dir() {
        queens::notebook::names(&folder).map_err(|e| format!("{}: {e}", folder.display()))?
    } else {
        Vec::new()
    };
    let before = match names.last() {
        Some(last) => Some((last.clone(), title(&folder.join(format!("{last}.ipynb")))?)),
        None => None,
    };
    let number = format!("{:02}", names.len() + 1);
    let file = format!("{number}-{}-homework", name.replace('_', "-"));
    let text = text(name, order, &number, before.as_ref());
    Ok((format!("notebooks/{file}.ipynb"), text))
}

/// The title of a notebook: the first line of its first cell, without `# `.
fn title(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let notebook: Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON ({e})", path.display()))?;
    let first = match &notebook["cells"][0]["source"] {
        Value::String(text) => text.clone(),
        Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    };
    let heading = first.lines().next().unwrap_or_default();
    Ok(heading.strip_prefix("# ").unwrap_or(heading).to_owned())
}

/// The notebook's text, nbformat 4.5, without outputs.
fn text(name: &str, order: u32, number: &str, before: Option<&(String, String)>) -> String {
    let fill = |template: &str| {
        template
            .replace("__NAME__", name)
            .replace("__ORDER__", &order.to_string())
            .replace("__NUMBER__", number)
            // The header's part is the notebook's place: its number, unpadded.
            .replace("__PART__", number.trim_start_matches('0'))
    };
    let before = before.map_or(String::new(), |(file, title)| {
        format!(" Before: [{title}]({file}.ipynb).")
    });
    let opening = fill(OPENING).replace("__BEFORE__", &before);
    let mut cells = vec![cell("markdown", "c00", &opening)];
    for (index, (kind, source)) in CELLS.iter().enumerate() {
        cells.push(cell(kind, &format!("c{:02}", index + 1), &fill(source)));
    }
    let notebook = json!({
        "cells": cells,
        "metadata": {
            "course": {
                "summary": fill("homework __ORDER__ (`__NAME__`): when two queens attack each \
                                 other, one blank checked against the library"),
                "homework": name,
                "reference_shows": "its blank passing its check",
                "reference_proof": { "outputs": ["All blanks done"] },
            },
            "kernelspec": { "display_name": "Rust", "language": "rust", "name": "rust" },
            "language_info": {
                "codemirror_mode": "rust",
                "file_extension": ".rs",
                "mimetype": "text/rust",
                "name": "rust",
                "pygment_lexer": "rust",
                "version": "",
            },
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    });
    let mut text = serde_json::to_string_pretty(&notebook).expect("a notebook is JSON");
    text.push('\n');
    text
}

/// One cell, its source as nbformat's list of lines.
fn cell(kind: &str, id: &str, source: &str) -> Value {
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    if kind == "code" {
        json!({ "cell_type": kind, "execution_count": null, "id": id, "metadata": {},
                "outputs": [], "source": lines })
    } else {
        json!({ "cell_type": kind, "id": id, "metadata": {}, "source": lines })
    }
}

const OPENING: &str = "# __NUMBER__ · Homework __ORDER__: when two queens attack each other

*Part __PART__ of the course. Homework __ORDER__, made by `queens homework new __NAME__`: \
replace its words and cells with the homework's own.__BEFORE__*

Two queens attack each other when they share a row, a column or a diagonal. You write that \
test as a function of their two cells.

**What you will be able to do.** Say in code when two queens attack each other.
**Time:** about half an hour.

**Rust you need.** Tuples and their fields, `a.0` and `a.1` \
([3.2 Data Types](https://doc.rust-lang.org/book/ch03-02-data-types.html)).";

/// The cells after the opening: `(kind, source)`.
const CELLS: [(&str, &str); 13] = [
    (
        "code",
        ":cache 500\n:opt 0\n:dep queens = { path = \"..\", default-features = false, features = [\"homework\"] }",
    ),
    (
        "markdown",
        "Your handout is a file of its own, `exercises/src/__NAME__.rs`, which the `exercises` \
         crate does not declare. The next cell makes it a crate called `__NAME__` and checks that \
         it compiles; if it does not, the cell after it stops the notebook right there (Run All \
         too) with the first error, in words. The cell after that loads it:",
    ),
    (
        "code",
        "queens::notebook::standalone::crate_of(
    \"../exercises/src/__NAME__.rs\",
    \"__NAME__\",
    \"../target/notebooks\",
)?;
let gate = queens::notebook::compiles::gate(
    &[\"../exercises\", \"../target/notebooks/__NAME__\"],
    \"../target/notebooks/gate\",
)?;
gate",
    ),
    ("code", ":dep gate = { path = \"../target/notebooks/gate\" }"),
    (
        "code",
        ":dep exercises = { path = \"../exercises\" }\n:dep __NAME__ = { path = \"../target/notebooks/__NAME__\" }",
    ),
    (
        "code",
        "use queens::board::placement::conflicts;\nuse queens::notebook::feedback::{BlankCheck, Progress};",
    ),
    (
        "markdown",
        "## Blank 1: attack\n\nThe check places five queens, one a row, and asks your `attack` \
         about every pair of them: the pairs it says attack each other must be the ones the \
         library finds.",
    ),
    (
        "code",
        "/// The pairs of `queens` (one a row, by column) that your `attack` says attack each other.
fn attacking(queens: &[usize]) -> Vec<((usize, usize), (usize, usize))> {
    let mut pairs = Vec::new();
    for (row, &col) in queens.iter().enumerate() {
        for (below, &other) in queens.iter().enumerate().skip(row + 1) {
            if __NAME__::attack((row, col), (below, other)) {
                pairs.push(((row, col), (below, other)));
            }
        }
    }
    pairs
}",
    ),
    (
        "code",
        "let queens = [0, 2, 1, 3, 3];
let expected: Vec<((usize, usize), (usize, usize))> = conflicts(&queens)
    .into_iter()
    .map(|(a, b)| ((a.row, a.col), (b.row, b.col)))
    .collect();",
    ),
    (
        "code",
        "let blank_1 = BlankCheck::run(1, \"attack\", expected, || attacking(&queens))
    .hint(\"a row, a column, a diagonal (row - col) or an anti-diagonal (row + col) in common.\")
    .hints_of(\"__NAME__\");
blank_1.clone()",
    ),
    (
        "markdown",
        "## Where you are\n\nEach blank done, not yet or wrong, and what to do next:",
    ),
    (
        "code",
        "let progress = Progress::new([&blank_1]).homework(\"__NAME__\");\nprogress.clone()",
    ),
    (
        "markdown",
        "Once every check passes, `cargo queens grade` grades the whole homework as your \
         instructor will.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notebook_is_numbered_after_the_last_and_links_it() {
        let course = tempfile::tempdir().unwrap();
        let folder = course.path().join("notebooks");
        std::fs::create_dir_all(&folder).unwrap();
        let last =
            json!({ "cells": [{ "cell_type": "markdown", "source": ["# 02 · The end\n"] }] });
        std::fs::write(folder.join("02-the-end.ipynb"), last.to_string()).unwrap();
        std::fs::write(folder.join("01-start.ipynb"), "{}").unwrap();
        let (path, text) = notebook(course.path(), "map_colouring", 5).unwrap();
        assert_eq!(path, "notebooks/03-map-colouring-homework.ipynb");
        let parsed: Value = serde_json::from_str(&text).unwrap();
        let opening: String = parsed["cells"][0]["source"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(opening.starts_with("# 03 · Homework 5: "), "{opening}");
        assert!(
            opening.contains("Before: [02 · The end](02-the-end.ipynb).")
                && !opening.contains("Next:"),
            "{opening}"
        );
        assert_eq!(parsed["metadata"]["course"]["homework"], "map_colouring");
        // The page's width (`tests/notebooks.rs`), with a long name.
        let (_, long) = notebook(course.path(), "a_long_name_of_thirty_letters", 5).unwrap();
        let long: Value = serde_json::from_str(&long).unwrap();
        for cell in long["cells"].as_array().unwrap() {
            let lines = cell["source"].as_array().unwrap();
            if cell["cell_type"] == "code" {
                assert!(lines.len() <= 12, "{cell}");
                for line in lines.iter().filter_map(Value::as_str) {
                    assert!(line.trim_end().chars().count() <= 110, "{line}");
                }
            }
        }
        assert!(!text.contains("__"), "{text}");
    }
}
