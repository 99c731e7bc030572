//! A homework file that no crate declares, made into a crate a notebook can
//! `:dep`.
//!
//! The first homework is the `exercises` crate's `lib.rs`; every later one is
//! a file of its own in `exercises/src/` that `lib.rs` does not declare, so a
//! half-written homework cannot stop another one's build. Its graded tests
//! reach it with `#[path]`; a notebook cannot (evcxr compiles cells in a
//! crate of its own, and `include!` refuses a file that starts with `//!`).
//! [`crate_of`] writes a one-file manifest whose `[lib] path` is the
//! homework's file, so the notebook's `:dep` compiles the student's file as it
//! is now, again each time it changes.

use std::io;
use std::path::{Path, PathBuf};

/// Writes the crate `name` whose library is `file` into `folder/name`
/// (only when the manifest changes, so its build stays cached), and returns
/// that folder.
///
/// ```no_run
/// // From notebooks/: then `:dep bitmask = { path = "../target/notebooks/bitmask" }`.
/// queens::notebook::standalone::crate_of("../exercises/src/bitmask.rs", "bitmask", "../target/notebooks")?;
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// If `file` does not exist or the folder cannot be written; the message
/// names the path.
pub fn crate_of(
    file: impl AsRef<Path>,
    name: &str,
    folder: impl AsRef<Path>,
) -> io::Result<PathBuf> {
    let file = file.as_ref();
    let source = std::fs::canonicalize(file)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", file.display())))?;
    let dir = folder.as_ref().join(name);
    std::fs::create_dir_all(&dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    let manifest = manifest(name, &source);
    let path = dir.join("Cargo.toml");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(manifest.as_str()) {
        std::fs::write(&path, manifest)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    }
    Ok(dir)
}

/// The manifest: no dependencies (a handout is plain Rust), a workspace of
/// its own (it sits inside the course's `target/`, not a member of it).
fn manifest(name: &str, source: &Path) -> String {
    format!(
        "# Written by queens::notebook::standalone: the homework file {source:?} as a crate.\n\
         [package]\nname = {name:?}\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [lib]\npath = {source:?}\n\n[workspace]\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crate_s_library_is_the_file_and_a_missing_file_is_named() {
        let dir = std::env::temp_dir().join(format!("queens-standalone-{}", std::process::id()));
        let file = dir.join("homework.rs");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&file, "//! A homework.\n").unwrap();
        let made = crate_of(&file, "homework", dir.join("crates")).unwrap();
        let manifest = std::fs::read_to_string(made.join("Cargo.toml")).unwrap();
        assert!(manifest.contains("name = \"homework\""), "{manifest}");
        assert!(manifest.contains("homework.rs\""), "{manifest}");
        assert!(manifest.contains("[workspace]"), "{manifest}");
        let missing = crate_of(dir.join("nope.rs"), "nope", &dir).unwrap_err();
        assert!(missing.to_string().contains("nope.rs"), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
