//! The notebooks, checked without Jupyter: each one is a valid nbformat 4
//! document for the `rust` kernel, committed without outputs, starting with
//! the shared setup cell; and the Rust of every code cell compiles against
//! the library as it is now, so renaming an API the notebooks use fails here
//! rather than in a reader's kernel. (CI runs them for real: `.ci/run`.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::cells;
use cells::notebooks;

/// The first code cell of every notebook, byte for byte, but for its features.
const SETUP: &str = ":cache 500\n:opt 0\n:dep queens = { path = \"..\", default-features = false, features = [FEATURES] }";

/// The library's features a setup cell may name, in the order it names them:
/// the pictures (`svg`), or the pictures with the charts and search trees
/// (`charts`, which takes `svg`), or neither in a notebook that draws nothing;
/// the Sudoku lesson; arc consistency and exact cover; the homework notebooks'
/// helpers. Each is compile time in every fresh kernel of the notebooks that
/// name it, so a notebook names only what it uses.
const FEATURES: [&str; 5] = ["svg", "charts", "sudoku", "csp", "homework"];

/// What `charts` adds to `queens::display`: a notebook that names one takes `charts`.
const CHART_ITEMS: [&str; 21] = [
    "Bar",
    "BarChart",
    "Chart",
    "Legend",
    "Note",
    "Series",
    "Style",
    "compact",
    "branching_factors",
    "candidates_against_nodes",
    "estimate_against_exact",
    "nodes_against_n",
    "profile",
    "pruned_by_constraint",
    "timings",
    "MAX_SLOTS",
    "TreeChild",
    "TreeNode",
    "TreePicture",
    "sudoku_nodes",
    "feedback",
];

/// The homework helpers of `queens::notebook` (feature `homework`).
const HOMEWORK_MODULES: [&str; 8] = [
    "blanks",
    "compiles",
    "csp",
    "feedback",
    "handout",
    "masks",
    "standalone",
    "walk",
];

/// The names a notebook's code takes from `path` (`queens::display`): the
/// `X` of every `path::X` and each first name inside `path::{X, Y::Z}`.
fn named_from(cells: &[String], path: &str) -> BTreeSet<String> {
    let code = cells.join("\n");
    let word = |text: &str| -> String {
        text.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices(&format!("{path}::")) {
        let rest = &code[at + path.len() + 2..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(group.split(',').map(word).filter(|n| !n.is_empty()));
        } else {
            names.insert(word(rest));
        }
    }
    names
}

/// The features a notebook's setup cell must name, from what its code uses.
fn features_of(cells: &[String]) -> Vec<&'static str> {
    let display = named_from(cells, "queens::display");
    let charts = CHART_ITEMS.iter().any(|item| display.contains(*item));
    // The board driven by hand draws itself with `svg`.
    let svg = !charts && (!display.is_empty() || cells.iter().any(|c| c.contains("Playground")));
    let csp = cells.iter().any(|cell| cell.contains("queens::csp"));
    let sudoku = csp || cells.iter().any(|cell| cell.contains("queens::sudoku"));
    let homework = display.contains("feedback")
        || named_from(cells, "queens::notebook")
            .iter()
            .any(|name| HOMEWORK_MODULES.contains(&name.as_str()))
        || named_from(cells, "queens::sudoku")
            .iter()
            .any(|name| ["blanks", "feedback"].contains(&name.as_str()));
    let wanted = [svg, charts, sudoku, csp, homework];
    FEATURES
        .into_iter()
        .zip(wanted)
        .filter_map(|(feature, wanted)| wanted.then_some(feature))
        .collect()
}

/// `features` as a setup cell writes them: `"svg", "sudoku"`.
fn quoted(features: &[&str]) -> String {
    let quoted: Vec<String> = features.iter().map(|f| format!("{f:?}")).collect();
    quoted.join(", ")
}

/// The setup cell with `features`.
fn setup_cell(features: &str) -> String {
    SETUP.replace("FEATURES", features)
}

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

/// The folder is the table of contents: `NN-name.ipynb`, numbered from 01
/// without a gap, each titled `# NN · …`, its opening line linking the
/// notebook before it and the one after it by their titles. So a notebook
/// is added by adding its file, and a renumbering that misses a link fails.
/// The course as written ends with its conclusion, the last notebook that
/// checks no homework (`course.homework`): a homework added later (`queens
/// homework new`) gets the next number and links the notebook before it,
/// and edits no other notebook, so the conclusion and the notebooks after
/// it need no "Next:" link (one that is there is checked all the same).
#[test]
fn the_notebooks_are_numbered_in_reading_order_and_link_their_neighbours() {
    let names = notebooks();
    let conclusion = names
        .iter()
        .rposition(|name| cells::homework_of(name).is_none())
        .expect("a notebook that checks no homework: the conclusion");
    for added in &names[conclusion + 1..] {
        assert!(
            cells::homework_of(added).is_some(),
            "{added}: after the conclusion, only homeworks"
        );
    }
    let title = |name: &str| -> String {
        let first = source(&load(name)["cells"][0]);
        let heading = first.lines().next().unwrap_or_default();
        heading.strip_prefix("# ").unwrap_or(heading).to_owned()
    };
    for (i, name) in names.iter().enumerate() {
        let number = format!("{:02}", i + 1);
        let words = name.strip_prefix(&format!("{number}-")).unwrap_or_else(|| {
            panic!("{name}.ipynb: notebook {number} in reading order, so named {number}-…")
        });
        assert!(
            !words.is_empty()
                && words
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{name}.ipynb: NN-lowercase-words"
        );
        assert!(
            title(name).starts_with(&format!("{number} · ")),
            "{name}: its title starts \"# {number} · \", not {:?}",
            title(name)
        );
        let opening = source(&load(name)["cells"][0]);
        for (word, neighbour) in [
            ("Before: [", i.checked_sub(1).map(|j| &names[j])),
            ("Next: [", names.get(i + 1)),
        ] {
            let link = opening
                .split(word)
                .nth(1)
                .and_then(|rest| rest.split_once("]("));
            let optional = word == "Next: [" && i >= conclusion;
            match (neighbour, link) {
                (None, None) => {}
                (Some(_), None) if optional => {}
                (None, Some(_)) => panic!("{name}: a \"{word}…\" link, and no notebook there"),
                (Some(neighbour), None) => {
                    panic!("{name}: its opening does not link {neighbour} as \"{word}…\"")
                }
                (Some(neighbour), Some((text, target))) => assert!(
                    target.starts_with(&format!("{neighbour}.ipynb)"))
                        && title(neighbour).starts_with(text),
                    "{name}: \"{word}{text}]({}\" should link {neighbour}.ipynb by its title {:?}",
                    target.split(')').next().unwrap_or_default(),
                    title(neighbour)
                ),
            }
        }
    }
}

#[test]
fn every_notebook_is_nbformat_4_for_the_rust_kernel() {
    for name in &notebooks() {
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
    for name in &notebooks() {
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

/// One course, one header: the line under every title reads `*Part N of the
/// course. ` (never "of the N-Queens tutorial", "The second homework" or "The
/// end of the course"), N its place in the folder's order.
#[test]
fn every_notebook_s_header_names_its_part_of_the_course_one_way() {
    for (i, name) in notebooks().iter().enumerate() {
        let opening = source(&load(name)["cells"][0]);
        let header = opening.lines().nth(2).unwrap_or_default();
        let form = format!("*Part {} of the course. ", i + 1);
        assert!(
            header.starts_with(&form),
            "{name}: its header starts {form:?}, not {header:?}"
        );
    }
}

/// An executed notebook's page opens on `In [1]`: evcxr counts its first cell
/// 2 (its counter goes up before each cell, from 1), so `scripts/notebooks.py
/// execute` renumbers the cells 1, 2, ... and each output with its cell, here
/// on a notebook as evcxr numbers it (a markdown cell between, an output
/// without a count). `check-html` checks the pages' prompts in CI.
#[test]
fn executed_notebooks_are_numbered_from_one() {
    let as_evcxr_numbers = serde_json::json!({"cells": [
        {"cell_type": "code", "execution_count": 2,
         "outputs": [{"output_type": "execute_result", "execution_count": 2}]},
        {"cell_type": "markdown"},
        {"cell_type": "code", "execution_count": 3, "outputs": [{"output_type": "stream"}]},
        {"cell_type": "code", "execution_count": 4,
         "outputs": [{"output_type": "execute_result", "execution_count": 4}]},
    ]});
    let script = "import json, sys; sys.path.insert(0, 'scripts'); import notebooks; \
                  print(json.dumps(notebooks.renumbered(json.load(sys.stdin))))";
    let mut python = Command::new("python3")
        .args(["-c", script])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3");
    use std::io::Write;
    (python.stdin.take().expect("stdin"))
        .write_all(as_evcxr_numbers.to_string().as_bytes())
        .expect("written");
    let out = python.wait_with_output().expect("python3 ran");
    assert!(out.status.success(), "{out:?}");
    let nb: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let cells = nb["cells"].as_array().expect("cells");
    let counts: Vec<&Value> = cells.iter().map(|c| &c["execution_count"]).collect();
    assert_eq!(
        counts,
        [
            &Value::from(1),
            &Value::Null,
            &Value::from(2),
            &Value::from(3)
        ]
    );
    assert_eq!(cells[0]["outputs"][0]["execution_count"], 1);
    assert_eq!(cells[3]["outputs"][0]["execution_count"], 3);
    assert!(cells[2]["outputs"][0].get("execution_count").is_none());
}

/// Every notebook starts with the same setup cell, which names only the
/// features the notebook uses (the charts, the Sudoku lesson, the homework
/// helpers): every line of the library is compile time in a fresh kernel's
/// first cell.
#[test]
fn every_notebook_starts_with_the_same_lean_setup_cell() {
    let mut taken: BTreeMap<&str, usize> = BTreeMap::new();
    for name in &notebooks() {
        let cells = code_cells(&load(name));
        let features = features_of(&cells);
        for feature in &features {
            *taken.entry(feature).or_default() += 1;
        }
        assert_eq!(
            cells.first(),
            Some(&setup_cell(&quoted(&features))),
            "{name}: first code cell"
        );
    }
    for feature in FEATURES {
        assert!(taken.contains_key(feature), "no notebook takes {feature}");
    }
}

/// `cargo tree` of the library with a setup cell's `features`, in `format`.
fn setup_cell_tree(features: &str, edges: &str, extra: &[&str]) -> String {
    let features = features.replace(['"', ' '], "");
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

/// What the notebooks build stays lean: the pictures, not rayon (feature
/// `parallel`) nor the fastest counters and solvers (package `queens-fastest`
/// and its CPU detection, `cpufeatures`), no crate whose build
/// script writes a file the crate includes (serde, serde_core, thiserror):
/// evcxr's `:cache` hands every later kernel that file's path in the first
/// kernel's folder, gone by then, so cargo rebuilds it, and the library on
/// top of it, in every cell; and no derive macro (syn and its kin, which
/// derive_more brought: 11 crates in every setup cell).
#[test]
fn the_setup_cell_builds_a_lean_library() {
    for (features, expected) in [
        ("svg", vec!["svg"]),
        ("charts", vec!["charts", "svg"]),
        ("svg, homework", vec!["homework", "svg"]),
        (
            "charts, sudoku, csp",
            vec!["charts", "csp", "sudoku", "svg"],
        ),
    ] {
        let enabled: BTreeSet<String> = setup_cell_tree(features, "features", &["-i", "queens"])
            .lines()
            .filter_map(|line| line.strip_prefix("queens feature \""))
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_owned)
            .collect();
        let expected: BTreeSet<String> = expected.into_iter().map(str::to_owned).collect();
        assert_eq!(enabled, expected, "the notebooks' features");
    }
    // Every feature a setup cell may name: the others' trees are parts of it.
    let tree = setup_cell_tree(&FEATURES.join(","), "normal,build", &[]);
    for heavy in [
        "rayon",
        "serde",
        "serde_core",
        "serde_derive",
        "thiserror",
        "queens-fastest",
        "cpufeatures",
        "syn",
        "derive_more",
    ] {
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
    for name in &notebooks() {
        let nb = load(name);
        let cells = nb["cells"].as_array().expect("cells");
        assert_eq!(
            cells[0]["cell_type"], "markdown",
            "{name}: starts with prose"
        );
        for (i, cell) in cells.iter().enumerate() {
            // The one plain solver is whole on purpose (see below).
            if cell["cell_type"] == "code" && cell["id"] != PLAIN_SOLVER {
                let lines = source(cell).lines().count();
                assert!(
                    lines <= 12,
                    "{name} cell {i}: {lines} lines; move the work into the library"
                );
            }
        }
    }
}

/// No line of code is wider than a code cell on the site's page (about 110
/// characters at a laptop's width): a longer one is cut off or scrolls.
#[test]
fn code_lines_fit_the_page() {
    for name in &notebooks() {
        let nb = load(name);
        for (i, cell) in nb["cells"].as_array().expect("cells").iter().enumerate() {
            if cell["cell_type"] != "code" {
                continue;
            }
            for line in source(cell).lines() {
                let width = line.chars().count();
                assert!(width <= 110, "{name} cell {i}: {width} characters: {line}");
            }
        }
    }
}

/// The id of the one cell that shows a whole solver in plain Rust.
const PLAIN_SOLVER: &str = "plain-solver";

/// The cell with `id` in `notebook`, if any.
fn cell_by_id(notebook: &Value, id: &str) -> Option<String> {
    notebook["cells"]
        .as_array()?
        .iter()
        .find(|c| c["id"] == id)
        .map(source)
}

/// One plain, complete solver is shown once: three sets, recursion, undo,
/// no library and no harness, about thirty lines; the notebook runs it, and
/// here it is compiled on its own and its counts must be the library's.
#[test]
fn one_plain_solver_is_shown_once_and_counts_as_the_library() {
    let holders: Vec<String> = notebooks()
        .into_iter()
        .filter(|name| cell_by_id(&load(name), PLAIN_SOLVER).is_some())
        .collect();
    assert_eq!(holders, ["04-explored-nodes"], "the plain solver, once");
    let notebook = load(&holders[0]);
    let solver = cell_by_id(&notebook, PLAIN_SOLVER).expect("the plain solver");
    let lines = solver.lines().count();
    assert!(
        (25..=45).contains(&lines),
        "about thirty lines, not {lines}"
    );
    for word in ["queens::", "attempt", "Handout", ":dep"] {
        assert!(!solver.contains(word), "the plain solver uses `{word}`");
    }
    for part in ["HashSet", "self.backtrack(row + 1)", ".insert(", ".remove("] {
        assert!(solver.contains(part), "the plain solver lacks `{part}`");
    }
    let run = cell_by_id(&notebook, "plain-solver-run").expect("the cell that runs it");
    assert!(
        run.contains("solve(n)") && run.contains("count(n, Strategy::Sets)"),
        "{run}"
    );
    // Compiled alone, with a main that prints its counts.
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("plain-solver");
    std::fs::create_dir_all(&scratch).expect("scratch");
    let program = scratch.join("main.rs");
    std::fs::write(
        &program,
        format!("{solver}\nfn main() {{ for n in 1..=9 {{ let (s, nodes) = solve(n); println!(\"{{s}} {{nodes}}\"); }} }}\n"),
    )
    .expect("write");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let built = Command::new(rustc)
        .args(["--edition", "2024", "-O", "-o"])
        .arg(scratch.join("plain"))
        .arg(&program)
        .output()
        .expect("rustc");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = Command::new(scratch.join("plain")).output().expect("run");
    let counts = String::from_utf8_lossy(&ran.stdout).into_owned();
    for (n, line) in (1..=9).zip(counts.lines()) {
        let library = queens::run::count(n, queens::Strategy::Sets).expect("count");
        assert_eq!(
            line,
            format!("{} {}", library.solutions, library.nodes),
            "n = {n}"
        );
    }
    assert_eq!(counts.lines().count(), 9, "{counts}");
}

/// Notebook 03's cells read like the lesson: the student's code and one call
/// to the library, no harness (`BlankCheck`, `attempt`, `judge`, budgets,
/// `filter_map(|n| attempt(…).ok()?.ok()…)`).
#[test]
fn notebook_03_s_cells_show_the_student_s_code_and_one_call_each() {
    let cells = code_cells(&load("03-build-the-solver"));
    for cell in &cells {
        for harness in [
            "BlankCheck",
            "attempt(",
            "judge(",
            ".ok()?",
            "OverBudget",
            "Exploration",
            "compare_steps",
            "_000",
            "Event",
        ] {
            assert!(
                !cell.contains(harness),
                "`{harness}` in a cell of 03:\n{cell}"
            );
        }
    }
    for call in [
        "blanks::prune_check(",
        "blanks::insert(",
        "blanks::delete(&blank_2,",
        "yours.record(4, &progress)",
        "search.compare(&progress)",
        "against_knuth(&yours, 1..=10, &progress)",
        "returned_boards(&progress,",
    ] {
        assert!(cells.iter().any(|c| c.contains(call)), "03 lacks `{call}`");
    }
}

/// A handout that does not compile is said once, in words (its first error's
/// file, line and code), and "Run All" stops there: every notebook that
/// `:dep`s a student's crate first runs `compiles::gate` on every such crate
/// it loads, then `:dep`s the gate (a compile error when one does not
/// compile: an `Err` alone would not stop "Run All"), before any of them.
#[test]
fn every_notebook_checks_its_handouts_compile_before_loading_them() {
    let mut gated = 0;
    for name in notebooks() {
        let cells = code_cells(&load(&name));
        let handouts: Vec<(usize, String)> = cells
            .iter()
            .enumerate()
            .flat_map(|(i, cell)| cell.lines().map(move |line| (i, line.trim().to_owned())))
            .filter_map(|(i, line)| {
                let spec = line.strip_prefix(":dep ")?;
                let path = spec
                    .split("path = \"")
                    .nth(1)?
                    .split('"')
                    .next()?
                    .to_owned();
                (path == "../exercises"
                    || (path.starts_with("../target/notebooks/") && !path.ends_with("/gate")))
                .then_some((i, path))
            })
            .collect();
        let Some(&(first, _)) = handouts.first() else {
            continue;
        };
        gated += 1;
        assert!(
            first >= 2
                && cells[first - 1].trim() == ":dep gate = { path = \"../target/notebooks/gate\" }",
            "{name}: the cell before the first handout's :dep must be the gate's :dep"
        );
        let check = &cells[first - 2];
        assert!(
            check.contains("let gate = queens::notebook::compiles::gate(")
                && check.contains("\"../target/notebooks/gate\"")
                && check.trim_end().ends_with(")?;\ngate"),
            "{name}: the cell before the gate's :dep checks the handouts (bound first: a `?` in \
             a cell's last expression keeps the kernel from drawing it): {check}"
        );
        for (_, path) in &handouts {
            assert!(
                check.contains(&format!("\"{path}\"")),
                "{name}: the gate does not check {path}, which the notebook loads"
            );
        }
    }
    assert!(gated >= 4, "only {gated} notebooks load a handout");
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
            // The gate, open: the handouts compile here.
            if name == "gate" {
                queens::notebook::compiles::gate(&[] as &[&str], folder.join("gate"))
                    .expect("the gate crate");
                continue;
            }
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
    for name in &notebooks() {
        let cells = code_cells(&load(name));
        for dep in dependencies(&cells) {
            // One line a crate: `queens` with every feature a setup cell names.
            let name = |line: &str| line.split(" = ").next().unwrap_or_default().to_owned();
            let dep = if name(&dep) == "queens" {
                let features = format!("features = [{}]", quoted(&FEATURES));
                let at = dep
                    .find("features = [")
                    .expect("the setup cell names its features");
                format!("{}{features} }}", &dep[..at])
            } else {
                dep
            };
            if !deps.iter().any(|known| name(known) == name(&dep)) {
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
    for name in &notebooks() {
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
