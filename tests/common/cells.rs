//! The course's notebooks as the tests find them: every `notebooks/*.ipynb`,
//! in file-name order (the reading order), never a list to keep up to date;
//! what a test needs to know of one beyond its cells sits in its own
//! metadata (`course.homework`: the homework whose handout it checks).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use serde_json::Value;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("notebooks")
}

/// Every notebook's name (its file name without `.ipynb`), in reading order.
pub fn notebooks() -> Vec<String> {
    let names = queens::notebook::names(&folder()).expect("notebooks/");
    assert!(!names.is_empty(), "no notebook in {}", folder().display());
    names
}

/// `notebooks/{name}.ipynb`, parsed.
pub fn notebook(name: &str) -> Value {
    let path = folder().join(format!("{name}.ipynb"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: not JSON: {e}"))
}

/// The homework a notebook checks (its metadata's `course.homework`), if any.
pub fn homework_of(name: &str) -> Option<String> {
    notebook(name)["metadata"]["course"]["homework"]
        .as_str()
        .map(str::to_owned)
}

/// A cell's source, which nbformat stores as a string or a list of lines.
pub fn source(cell: &Value) -> String {
    match &cell["source"] {
        Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
        other => other.as_str().unwrap_or_default().to_owned(),
    }
}

/// The index of the first of `cells` that contains `text`; `what` names it
/// in the panic when none does.
pub fn first_cell_with(cells: &[String], text: &str, what: &str) -> usize {
    cells
        .iter()
        .position(|cell| cell.contains(text))
        .unwrap_or_else(|| panic!("{what}: no cell contains {text:?}"))
}

/// The source of every code cell of `notebooks/{name}.ipynb`, in order.
pub fn code_cells(name: &str) -> Vec<String> {
    notebook(name)["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| c["cell_type"] == "code")
        .map(source)
        .collect()
}
