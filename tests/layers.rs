//! The library's shape (ARCHITECTURE.md): `src/` holds at most 12 entries,
//! and its top-level modules depend on each other without a cycle, so the
//! folders can be read in the lesson's order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `path`.
fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            sources(&entry.unwrap().path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_owned());
    }
}

/// The top-level modules each top-level module names in code (`crate::x`),
/// comments left out.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(src()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" {
            continue;
        }
        let mut files = Vec::new();
        sources(&path, &mut files);
        let mut uses = BTreeSet::new();
        for file in files {
            for line in std::fs::read_to_string(&file).unwrap().lines() {
                let code = line.split("//").next().unwrap_or("");
                for part in code.split("crate::").skip(1) {
                    let module: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !module.is_empty() && module != name {
                        uses.insert(module);
                    }
                }
            }
        }
        graph.insert(name, uses);
    }
    graph
}

#[test]
fn src_has_at_most_twelve_entries() {
    let entries: Vec<_> = std::fs::read_dir(src()).unwrap().collect();
    assert!(entries.len() <= 12, "{} entries in src/", entries.len());
}

#[test]
fn top_level_modules_form_no_cycle() {
    let graph = dependencies();
    // Kahn's algorithm over the modules that are folders or files of src/;
    // names such as `Strategy` re-exported at the root count as `strategy`'s.
    let known: BTreeSet<&String> = graph.keys().collect();
    let edges: BTreeMap<&String, BTreeSet<&String>> = graph
        .iter()
        .map(|(m, uses)| (m, uses.iter().filter(|u| known.contains(u)).collect()))
        .collect();
    let mut done: BTreeSet<&String> = BTreeSet::new();
    while done.len() < edges.len() {
        let ready: Vec<&String> = edges
            .iter()
            .filter(|(m, uses)| !done.contains(*m) && uses.iter().all(|u| done.contains(u)))
            .map(|(m, _)| *m)
            .collect();
        assert!(
            !ready.is_empty(),
            "a cycle among {:?}",
            edges
                .iter()
                .filter(|(m, _)| !done.contains(*m))
                .collect::<Vec<_>>()
        );
        done.extend(ready);
    }
}

#[test]
fn the_search_engine_needs_no_concrete_store() {
    let graph = dependencies();
    let search = &graph["search"];
    assert!(
        search
            .iter()
            .all(|m| ["board", "stores"].contains(&m.as_str())),
        "search uses {search:?}"
    );
}

/// ARCHITECTURE.md's reading order is also the dependency order: each folder
/// of `src/` uses only the ones before it.
#[test]
fn each_module_uses_only_the_ones_before_it_in_the_reading_order() {
    const ORDER: [&str; 11] = [
        "board", "stores", "search", "strategy", "report", "fast", "run", "notebook", "sudoku",
        "display", "lib",
    ];
    let graph = dependencies();
    for (module, uses) in &graph {
        let at = ORDER
            .iter()
            .position(|m| m == module)
            .unwrap_or_else(|| panic!("{module} is not in the reading order"));
        for used in uses.iter().filter(|u| graph.contains_key(*u)) {
            let before = ORDER.iter().position(|m| m == used).unwrap_or(usize::MAX);
            assert!(before < at, "{module} uses {used}, which comes after it");
        }
    }
}
