//! The notebooks, checked without Jupyter: each one is a valid nbformat 4
//! document for the `rust` kernel, committed without outputs, starting with
//! the shared setup cell; and the Rust of every code cell compiles against
//! the library as it is now, so renaming an API the notebooks use fails here
//! rather than in a reader's kernel. (CI runs them for real: `.ci/run`.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The first code cell of every notebook, byte for byte.
const SETUP: &str = ":cache 500\n:opt 0\n:dep queens = { path = \"..\", default-features = false, features = [\"svg\"] }";

/// The tutorial, in reading order.
const NOTEBOOKS: [&str; 8] = [
    "01-diagonals",
    "02-place-the-queens",
    "03-build-the-solver",
    "04-explored-nodes",
    "05-your-call",
    "06-beyond",
    "07-sudoku",
    "08-bitmask-homework",
];

fn notebooks_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("notebooks")
}

fn load(name: &str) -> Value {
    let path = notebooks_dir().join(format!("{name}.ipynb"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: not JSON: {e}"))
}

/// A cell's source, which nbformat stores as a string or a list of lines.
fn source(cell: &Value) -> String {
    match &cell["source"] {
        Value::String(text) => text.clone(),
        Value::Array(lines) => lines.iter().filter_map(Value::as_str).collect(),
        other => panic!("source is neither a string nor a list: {other}"),
    }
}

fn code_cells(notebook: &Value) -> Vec<String> {
    notebook["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| c["cell_type"] == "code")
        .map(source)
        .collect()
}

#[test]
fn the_notebook_folder_holds_exactly_the_tutorial() {
    let found: BTreeSet<String> = std::fs::read_dir(notebooks_dir())
        .expect("notebooks/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ipynb"))
        .collect();
    let expected: BTreeSet<String> = NOTEBOOKS.iter().map(|n| format!("{n}.ipynb")).collect();
    assert_eq!(found, expected);
}

#[test]
fn every_notebook_is_nbformat_4_for_the_rust_kernel() {
    for name in NOTEBOOKS {
        let nb = load(name);
        assert_eq!(nb["nbformat"], 4, "{name}: nbformat");
        let minor = nb["nbformat_minor"].as_u64().expect("nbformat_minor");
        assert!(minor >= 4, "{name}: nbformat_minor {minor}");
        let kernel = &nb["metadata"]["kernelspec"];
        assert_eq!(kernel["name"], "rust", "{name}: kernelspec name");
        assert_eq!(kernel["language"], "rust", "{name}: kernelspec language");
        assert!(kernel["display_name"].is_string(), "{name}: display_name");
        let cells = nb["cells"].as_array().expect("cells");
        assert!(cells.len() >= 10, "{name}: only {} cells", cells.len());
        let mut ids = BTreeSet::new();
        for (i, cell) in cells.iter().enumerate() {
            let kind = cell["cell_type"].as_str().unwrap_or("?");
            assert!(
                ["markdown", "code", "raw"].contains(&kind),
                "{name} cell {i}: cell_type {kind}"
            );
            assert!(cell["metadata"].is_object(), "{name} cell {i}: metadata");
            let _ = source(cell);
            if minor >= 5 {
                let id = cell["id"].as_str().expect("nbformat 4.5 cells have ids");
                assert!(
                    !id.is_empty()
                        && id.len() <= 64
                        && id
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                    "{name} cell {i}: id {id:?}"
                );
                assert!(ids.insert(id.to_owned()), "{name}: duplicate cell id {id}");
            }
            match kind {
                "code" => {
                    assert!(cell["outputs"].is_array(), "{name} cell {i}: outputs");
                    assert!(
                        cell["execution_count"].is_null() || cell["execution_count"].is_u64(),
                        "{name} cell {i}: execution_count"
                    );
                }
                _ => assert!(
                    cell.get("outputs").is_none(),
                    "{name} cell {i}: outputs outside code"
                ),
            }
        }
    }
}

/// README: notebooks are committed clean; CI executes them and exports HTML.
#[test]
fn notebooks_are_committed_without_outputs() {
    for name in NOTEBOOKS {
        let nb = load(name);
        for (i, cell) in nb["cells"].as_array().expect("cells").iter().enumerate() {
            if cell["cell_type"] == "code" {
                assert_eq!(
                    cell["outputs"],
                    Value::Array(vec![]),
                    "{name} cell {i} has outputs: run `python scripts/notebooks.py strip notebooks/*.ipynb`"
                );
                assert!(
                    cell["execution_count"].is_null(),
                    "{name} cell {i}: execution_count"
                );
            }
        }
    }
}

#[test]
fn every_notebook_starts_with_the_same_lean_setup_cell() {
    for name in NOTEBOOKS {
        let cells = code_cells(&load(name));
        assert_eq!(
            cells.first().map(String::as_str),
            Some(SETUP),
            "{name}: first code cell"
        );
    }
}

/// `cargo tree` of the library with the setup cell's features, in `format`.
fn setup_cell_tree(edges: &str, extra: &[&str]) -> String {
    let features = SETUP
        .split("features = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the setup cell names its features")
        .replace(['"', ' '], "");
    let output = Command::new(env!("CARGO"))
        .args([
            "tree",
            "-p",
            "queens",
            "--no-default-features",
            "--features",
        ])
        .arg(&features)
        .args(["-e", edges, "--prefix", "none"])
        .args(extra)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// What the notebooks build stays lean: the pictures, not rayon nor the
/// count-only walks (features `parallel`, `count`), and no crate whose build
/// script writes a file the crate includes (serde, serde_core, thiserror):
/// evcxr's `:cache` hands every later kernel that file's path in the first
/// kernel's folder, gone by then, so cargo rebuilds it, and the library on
/// top of it, in every cell.
#[test]
fn the_setup_cell_builds_a_lean_library() {
    let enabled: BTreeSet<String> = setup_cell_tree("features", &["-i", "queens"])
        .lines()
        .filter_map(|line| line.strip_prefix("queens feature \""))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect();
    assert_eq!(
        enabled,
        BTreeSet::from(["svg".to_owned()]),
        "the notebooks' features"
    );
    let tree = setup_cell_tree("normal,build", &[]);
    for heavy in ["rayon", "serde", "serde_core", "serde_derive", "thiserror"] {
        assert!(
            !tree
                .lines()
                .any(|line| line.starts_with(&format!("{heavy} v"))),
            "the notebooks' build pulls in {heavy}:\n{tree}"
        );
    }
}

#[test]
fn code_cells_stay_short_and_prose_comes_first() {
    for name in NOTEBOOKS {
        let nb = load(name);
        let cells = nb["cells"].as_array().expect("cells");
        assert_eq!(
            cells[0]["cell_type"], "markdown",
            "{name}: starts with prose"
        );
        for (i, cell) in cells.iter().enumerate() {
            if cell["cell_type"] == "code" {
                let lines = source(cell).lines().count();
                assert!(
                    lines <= 12,
                    "{name} cell {i}: {lines} lines; move the work into the library"
                );
            }
        }
    }
}

/// The dependencies a notebook declares with `:dep`, with paths made absolute.
fn dependencies(cells: &[String]) -> Vec<String> {
    let notebooks = notebooks_dir();
    let mut deps = Vec::new();
    for line in cells.iter().flat_map(|c| c.lines()) {
        if let Some(spec) = line.trim().strip_prefix(":dep ") {
            let spec = spec.replace(
                "path = \"..\"",
                &format!("path = {:?}", notebooks.join("..").display().to_string()),
            );
            let spec = spec.replace(
                "path = \"../exercises\"",
                &format!(
                    "path = {:?}",
                    notebooks.join("../exercises").display().to_string()
                ),
            );
            // A homework file a notebook made a crate (queens::notebook::standalone).
            let spec = spec.replace(
                "path = \"../target/notebooks/",
                &format!("path = \"{}/", standalone_crates().display()),
            );
            if !deps.contains(&spec) {
                deps.push(spec);
            }
        }
    }
    deps
}

/// Where this test makes the crates a notebook's `standalone::crate_of` cell
/// puts in `target/notebooks`: a folder of its own, since a kernel running
/// the notebooks against the reference answers at the same time reads
/// `target/notebooks`, and found the handout's file there once.
fn standalone_crates() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("notebook-check-standalone")
}

/// The crates of `deps` under [`standalone_crates`], made as the notebook's
/// cell makes them: `exercises/src/NAME.rs` as the crate `NAME`.
fn make_standalone_crates(deps: &[String]) {
    let folder = standalone_crates();
    let prefix = format!("{}/", folder.display());
    for dep in deps {
        if let Some(name) = dep
            .split(&prefix)
            .nth(1)
            .and_then(|rest| rest.split('"').next())
        {
            let file = notebooks_dir().join(format!("../exercises/src/{name}.rs"));
            queens::notebook::standalone::crate_of(&file, name, &folder)
                .expect("a standalone crate");
        }
    }
}

/// The notebook as one Rust program: evcxr's `:` commands dropped, each cell
/// in turn inside `main`. A cell's last expression, which the notebook
/// displays (by reference), is borrowed here: it only has to type-check. `use`
/// lines repeated in a later cell are kept once: in one block they would clash.
fn as_program(name: &str, cells: &[String]) -> String {
    let mut body = String::new();
    let mut uses = BTreeSet::new();
    for (i, cell) in cells.iter().enumerate() {
        body.push_str(&format!("    // ---- {name}, code cell {i}\n"));
        let lines: Vec<&str> = cell
            .lines()
            .filter(|line| !line.trim().starts_with(':'))
            .filter(|line| {
                let line = line.trim();
                !line.starts_with("use ") || uses.insert(line.to_owned())
            })
            .collect();
        let split = final_expression_start(&lines);
        for line in &lines[..split] {
            body.push_str(line);
            body.push('\n');
        }
        if split < lines.len() {
            body.push_str("let _ = &(\n");
            for line in &lines[split..] {
                body.push_str(line);
                body.push('\n');
            }
            body.push_str(");\n");
        }
    }
    format!(
        "#![allow(warnings)]\n\
         fn main() -> Result<(), Box<dyn std::error::Error>> {{\n{body}    Ok(())\n}}\n"
    )
}

/// Where a cell's trailing expression starts: after the last line that ends a
/// statement (`;`) or a block (`}`) at brace depth 0; `lines.len()` if the
/// cell ends with a statement.
fn final_expression_start(lines: &[&str]) -> usize {
    let mut depth = 0i32;
    let mut start = 0;
    for (i, line) in lines.iter().enumerate() {
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        let end = line.trim_end();
        if depth == 0 && (end.ends_with(';') || end.ends_with('}') || end.is_empty()) {
            start = i + 1;
        }
    }
    start
}

/// API drift: every notebook's code compiles against the library of this
/// checkout (`cargo check` of a scratch crate, own target directory).
#[test]
fn notebook_code_compiles_against_the_library() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("notebook-check");
    let bin = scratch.join("src").join("bin");
    std::fs::create_dir_all(&bin).expect("scratch crate");
    let mut deps: Vec<String> = Vec::new();
    for name in NOTEBOOKS {
        let cells = code_cells(&load(name));
        for dep in dependencies(&cells) {
            if !deps.contains(&dep) {
                deps.push(dep);
            }
        }
        let file = bin.join(format!("nb{}.rs", &name[..2]));
        std::fs::write(&file, as_program(name, &cells)).expect("write program");
    }
    make_standalone_crates(&deps);
    let manifest = format!(
        "[package]\nname = \"notebook-check\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         # Not a member of the queens workspace.\n[workspace]\n\n[dependencies]\n{}\n",
        deps.join("\n")
    );
    std::fs::write(scratch.join("Cargo.toml"), manifest).expect("manifest");
    // The workspace's lock file pins the same versions, so no network is needed.
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    let _ = std::fs::copy(lock, scratch.join("Cargo.lock"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let check = |offline: bool| {
        let mut command = Command::new(&cargo);
        command
            .current_dir(&scratch)
            .args(["check", "--bins", "--quiet", "--message-format=short"])
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .env_remove("RUSTFLAGS");
        if offline {
            command.arg("--offline");
        }
        command.output().expect("run cargo check")
    };
    let mut output = check(true);
    if !output.status.success() && String::from_utf8_lossy(&output.stderr).contains("offline") {
        output = check(false);
    }
    assert!(
        output.status.success(),
        "a notebook uses library API that does not compile (generated programs in {}):\n{}",
        bin.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every notebook opens, before its setup cell, with what the student will
/// be able to do, how long it takes and what Rust it assumes, that last with
/// links into the Rust Book: a student decides from the top of the page
/// whether to start, and where to read first.
#[test]
fn every_notebook_opens_with_its_objectives_its_time_and_the_rust_it_assumes() {
    for name in NOTEBOOKS {
        let nb = load(name);
        let cells = nb["cells"].as_array().expect("cells");
        let opening: String = cells
            .iter()
            .take_while(|cell| cell["cell_type"] != "code")
            .map(source)
            .collect::<Vec<_>>()
            .join("\n");
        for heading in [
            "**What you will be able to do.**",
            "**Time:**",
            "**Rust you need.**",
        ] {
            assert!(
                opening.contains(heading),
                "{name}: no {heading} before the setup cell"
            );
        }
        let rust = &opening[opening.find("**Rust you need.**").unwrap_or(0)..];
        let rust = rust.split("\n\n").next().unwrap_or_default();
        assert!(
            rust.contains("](https://doc.rust-lang.org/book/"),
            "{name}: \"Rust you need\" links no chapter of the Rust Book"
        );
    }
}
