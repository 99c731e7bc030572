//! Finds the course's homeworks: every folder of `src/homeworks/` with a
//! `mod.rs` is one, so adding a homework is adding its folder (no list to
//! edit). Writes `registry.rs` for `src/homeworks/mod.rs` to include, and
//! `instructor_tests.rs`: each homework's own tests of what only the
//! instructor has (`instructor/tests.rs`, beside its reference), absent from a
//! student copy, Gradescope's bundle and the grading scratch.

use std::path::Path;

fn main() {
    let folder = Path::new("src/homeworks");
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.path().join("mod.rs").is_file())
                .filter_map(|entry| entry.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    // `mod` in an included file looks beside that file (in OUT_DIR): each
    // folder is named by its path.
    // Canonical, because a grading slot reaches this package through a link
    // of its own while every slot shares this script's output: a path
    // through one slot's link breaks other slots' builds while that slot is
    // made again.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let manifest = std::fs::canonicalize(&manifest).unwrap_or_else(|_| manifest.into());
    // The folder watched by its absolute path: the registry names files by
    // absolute paths, so a course moved to another folder, or another copy
    // built into the same target folder, must write it again. A watched path
    // that no longer exists makes cargo run this script again; a relative one
    // would still exist after the move, unchanged.
    println!(
        "cargo::rerun-if-changed={}",
        manifest.join(folder).display()
    );
    let modules: Vec<String> = names
        .iter()
        .map(|name| {
            let path = manifest.join(folder).join(name).join("mod.rs");
            format!("{path:?} {name}")
        })
        .collect();
    let registry = format!("registry!({});\n", modules.join(", "));
    write_if_changed(&Path::new(&out).join("registry.rs"), &registry);
    let tests: String = names
        .iter()
        .filter_map(|name| {
            let path = manifest.join(folder).join(name).join("instructor/tests.rs");
            path.is_file()
                .then(|| format!("#[path = {path:?}]\nmod {name};\n"))
        })
        .collect();
    write_if_changed(&Path::new(&out).join("instructor_tests.rs"), &tests);
}

/// Writes `text` to `path` only when it changed, so the grader is not rebuilt
/// for nothing.
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("OUT_DIR is writable");
    }
}
