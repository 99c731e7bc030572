//! `x` in `queens watch`: one blank of the student's file back to the
//! handout's `todo!()`, the file as it was kept first.
//!
//! The blank is found by the grader's own marker reading
//! ([`queens_grader::markers::reset_blank`]), so the watch and the handout
//! generator agree on where a blank starts and ends.

use std::path::{Path, PathBuf};

use queens_grader::homework::Homework;
use queens_grader::markers;

/// Where the copies of the exercises crate `crate_dir` are kept:
/// `.backups/` inside it, out of `cargo clean`'s reach (not `target/`), of
/// the file watch (not `src/`) and of git (the course's `.gitignore`).
pub fn backup_folder(crate_dir: &Path) -> PathBuf {
    crate_dir.join(".backups")
}

/// Resets blank `id` of `homework` in `source`: the file is copied to
/// `folder` first, named after it and the local time (`lib.rs.2026-12-02T10-42-03`),
/// then written with that blank's `todo!()`. Returns the copy's path.
pub fn reset(
    homework: &Homework,
    source: &Path,
    id: u32,
    folder: &Path,
) -> Result<PathBuf, String> {
    let blanks = crate::hint::blanks_of(homework).map_err(|failure| failure.message)?;
    let blank = blanks
        .iter()
        .find(|blank| blank.id == id)
        .ok_or_else(|| format!("the {homework} homework has no blank {id}"))?;
    let text = std::fs::read_to_string(source)
        .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    let reset = markers::reset_blank(&text, blank)
        .map_err(|why| format!("cannot find blank {id} in {}: {why}", source.display()))?;
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let name = source
        .file_name()
        .map_or_else(|| "handout.rs".into(), |s| s.to_string_lossy().into_owned());
    // Colons are not allowed in Windows file names: 10-42-03.
    let stamp = chrono::Local::now().format("%Y-%m-%dT%H-%M-%S");
    // Two resets within a second keep both copies.
    let backup = (0..)
        .map(|n| {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            folder.join(format!("{name}.{stamp}{suffix}"))
        })
        .find(|path| !path.exists())
        .expect("a free name");
    std::fs::write(&backup, &text)
        .map_err(|e| format!("cannot keep a copy in {}: {e}", backup.display()))?;
    if reset != text {
        std::fs::write(source, reset)
            .map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    }
    Ok(backup)
}
