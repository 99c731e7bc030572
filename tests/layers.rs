//! The library's shape (ARCHITECTURE.md): `src/` holds at most 12 entries,
//! and its top-level modules depend on each other without a cycle, so the
//! folders can be read in the lesson's order; the fastest counters and
//! solvers (`fastest/`) build on the library, never the other way round.

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
    const ORDER: [&str; 12] = [
        "board", "stores", "search", "strategy", "report", "fast", "run", "notebook", "sudoku",
        "csp", "display", "lib",
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

/// The module path of `file` under `root` (`fast/kernel.rs` → `fast::kernel`,
/// `fast/mod.rs` → `fast`, `lib.rs` → the crate root, "").
fn module_of(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap().with_extension("");
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| p != "mod" && p != "lib")
        .collect();
    parts.join("::")
}

/// The code of `file` that belongs to its own module: comments left out, and
/// its unit tests (`#[cfg(test)] mod tests`, whose `super` is the file).
fn own_code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths `code` names from the crate root, with `module` the file's own
/// module: `crate::a::b`, `super::c`, `self::d`, and the items of a `use`
/// list (`use super::{c, d::e}` names `super::c` and `super::d::e`).
fn named_paths(code: &str, module: &str) -> Vec<Vec<String>> {
    let here: Vec<String> = module
        .split("::")
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    let resolve = |path: &str| -> Option<Vec<String>> {
        let mut parts = path.split("::").map(str::trim).filter(|p| !p.is_empty());
        let mut out = match parts.next()? {
            "crate" => Vec::new(),
            "self" => here.clone(),
            "super" => here[..here.len().saturating_sub(1)].to_vec(),
            _ => return None,
        };
        for part in parts {
            if part == "super" {
                out.pop();
            } else {
                out.push(part.to_owned());
            }
        }
        Some(out)
    };
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut paths = Vec::new();
    // `use` lists: expand one level of braces.
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(used) = statement
            .strip_prefix("use ")
            .or_else(|| statement.strip_prefix("pub use "))
            .or_else(|| statement.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        match used.split_once('{') {
            Some((prefix, rest)) => {
                for item in rest.trim_end_matches('}').split(',') {
                    let item: String = item.trim().chars().take_while(|&c| word(c)).collect();
                    let item = if item == "self" { String::new() } else { item };
                    paths.extend(resolve(&format!("{prefix}{item}")));
                }
            }
            None => paths.extend(resolve(used.split(" as ").next().unwrap_or(used))),
        }
    }
    // Paths in code: `crate::x::y`, `super::x`.
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0
                && code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let path: String = code[at..].chars().take_while(|&c| word(c)).collect();
            // `use super::{…}` lists are read above.
            if !path.ends_with("::") {
                paths.extend(resolve(&path));
            }
        }
    }
    paths
}

/// The files of the crate at `root` each file depends on: a named path goes to
/// the file of its longest prefix that is a module (never the file itself).
fn file_graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(root, &mut files);
    let modules: BTreeMap<String, PathBuf> = files
        .iter()
        .map(|file| (module_of(root, file), file.clone()))
        .collect();
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let mut uses = BTreeSet::new();
        let code = own_code(file);
        // A module's own children may be named without a prefix (`use
        // config::Config;`, `build::build(…)`).
        let prefix = if module.is_empty() {
            String::new()
        } else {
            format!("{module}::")
        };
        for child in modules
            .keys()
            .filter_map(|m| m.strip_prefix(&prefix))
            .filter(|c| !c.is_empty() && !c.contains("::"))
        {
            // Any use of the child's name as a word but its `mod` line: a
            // path, or a macro's argument (the grader's `registry!(…)`).
            let declared = [format!("mod {child};"), format!("pub mod {child};")];
            let named = code.match_indices(child).any(|(at, _)| {
                let before = code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
                let after = code[at + child.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
                let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
                let line_end = code[at..].find('\n').map_or(code.len(), |n| at + n);
                let line = code[line_start..line_end].trim();
                !before && !after && !declared.iter().any(|d| line == d)
            });
            if named {
                uses.insert(format!("{prefix}{child}"));
            }
        }
        for path in named_paths(&code, module) {
            let target = (0..=path.len())
                .rev()
                .map(|n| path[..n].join("::"))
                .find(|prefix| modules.contains_key(prefix));
            if let Some(target) = target
                && &target != module
            {
                uses.insert(target);
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
}

/// A cycle in `graph`, if there is one (depth-first search).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// Every circle of `graph`: the first found, then the rest with its edges
/// taken out, so one failure lists them all.
fn all_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut graph = graph.clone();
    let mut cycles = Vec::new();
    while let Some(cycle) = find_cycle(&graph) {
        for pair in cycle.windows(2) {
            graph.get_mut(&pair[0]).unwrap().remove(&pair[1]);
        }
        cycles.push(cycle);
    }
    cycles
}

#[test]
fn no_two_files_of_the_library_import_each_other_in_a_circle() {
    let graph = file_graph(&src());
    assert!(graph.len() > 40, "{} files", graph.len());
    let cycles: Vec<String> = all_cycles(&graph).iter().map(|c| c.join(" → ")).collect();
    assert!(
        cycles.is_empty(),
        "the files of {} import each other in a circle:
{}",
        "src/",
        cycles.join(
            "
"
        )
    );
}

#[test]
fn no_two_files_of_the_grader_import_each_other_in_a_circle() {
    let graph = file_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("grader/src"));
    assert!(graph.len() > 20, "{} files", graph.len());
    let cycles: Vec<String> = all_cycles(&graph).iter().map(|c| c.join(" → ")).collect();
    assert!(
        cycles.is_empty(),
        "the files of {} import each other in a circle:
{}",
        "grader/src",
        cycles.join(
            "
"
        )
    );
}

#[test]
fn no_two_files_of_the_fastest_counters_import_each_other_in_a_circle() {
    let graph = file_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fastest/src"));
    assert!(graph.len() >= 10, "{} files", graph.len());
    let cycles: Vec<String> = all_cycles(&graph).iter().map(|c| c.join(" → ")).collect();
    assert!(
        cycles.is_empty(),
        "the files of fastest/src import each other in a circle:\n{}",
        cycles.join("\n")
    );
}

/// The notebooks compile the library alone: it names nothing of the fastest
/// counters (their crate, their CPU detection), and its manifest does not
/// depend on them.
#[test]
fn the_library_names_nothing_of_the_fastest_counters() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    assert!(files.len() > 40, "{} files", files.len());
    for file in &files {
        let code = own_code(file);
        for needle in [
            "queens_fastest",
            "cpufeatures",
            "constellation::",
            "bands::",
        ] {
            assert!(
                !code.contains(needle),
                "{} names {needle}, which lives in fastest/",
                file.display()
            );
        }
    }
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let dependencies = manifest
        .split("\n[dependencies]\n")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .expect("the library's [dependencies]");
    assert!(!dependencies.contains("queens-fastest"), "{dependencies}");
    assert!(!dependencies.contains("cpufeatures"), "{dependencies}");
}

/// The homeworks: the folders of `grader/src/homeworks/`, listed in the
/// grader's registry.
fn homework_names() -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("grader/src/homeworks");
    let homeworks: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(homeworks.len() >= 2, "{homeworks:?}");
    homeworks
}

#[test]
fn the_graders_core_names_no_homework() {
    // The homeworks are folders of grader/src/homeworks/, listed in its
    // registry; no other file of the grader may name one.
    let grader = Path::new(env!("CARGO_MANIFEST_DIR")).join("grader/src");
    let homeworks = homework_names();
    let mut files = Vec::new();
    sources(&grader, &mut files);
    for file in files
        .iter()
        .filter(|f| !f.starts_with(grader.join("homeworks")))
    {
        let code = std::fs::read_to_string(file).unwrap().to_lowercase();
        for homework in &homeworks {
            // Names, not words of prose: `sudoku`, `nqueens`, `bitmask` as an
            // identifier or a string.
            for needle in [
                format!("{homework}::"),
                format!("\"{homework}\""),
                format!("{homework}_"),
            ] {
                assert!(
                    !code.contains(&needle),
                    "{} names the homework {homework} ({needle})",
                    file.display()
                );
            }
        }
    }
}

/// A homework's files are reached only through its folder: no library
/// test, command-line source or script points into one by path (a test of
/// a homework's reference lives in its `instructor/tests.rs`, found by the
/// grader's build script). Paths by convention (`homeworks/<name>/`) name
/// none.
#[test]
fn nothing_outside_a_homework_points_into_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let homeworks = homework_names();
    let mut files = Vec::new();
    for folder in ["src", "tests", "cli/src", "cli/tests", "exercises/tests"] {
        sources(&root.join(folder), &mut files);
    }
    for entry in std::fs::read_dir(root.join("scripts")).unwrap() {
        files.push(entry.unwrap().path());
    }
    for file in files.iter().filter(|f| f.is_file()) {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for homework in &homeworks {
            let folder = format!("homeworks/{homework}/");
            assert!(
                !text.contains(&folder),
                "{} points into the folder of the homework {homework}",
                file.display()
            );
        }
    }
}

#[test]
fn the_import_graph_reader_sees_a_planted_circle() {
    // The reader itself: two files that name each other are a cycle.
    let dir = tempfile_dir();
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod b;\nmod c;\nuse self::b::X;\n").unwrap();
    std::fs::write(dir.join("a/b.rs"), "use super::{c::Y, c};\n").unwrap();
    std::fs::write(dir.join("a/c.rs"), "pub fn f() { crate::a::b::g(); }\n").unwrap();
    let graph = file_graph(&dir);
    assert_eq!(graph["a"], BTreeSet::from(["a::b".to_owned()]));
    assert_eq!(graph["a::b"], BTreeSet::from(["a::c".to_owned()]));
    let cycle = find_cycle(&graph).expect("b → c → b");
    assert!(
        cycle.contains(&"a::b".to_owned()) && cycle.contains(&"a::c".to_owned()),
        "{cycle:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh folder under the target directory (no tempfile dependency here).
fn tempfile_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
