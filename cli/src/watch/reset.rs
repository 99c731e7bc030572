//! `x` in `queens watch`: one blank of the student's file back to the
//! handout's `todo!()`, the file as it was kept first.
//!
//! The blank is found by the grader's own marker reading
//! ([`queens_grader::markers::reset_blank`]), so the watch and the handout
//! generator agree on where a blank starts and ends.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use queens_grader::homework::Homework;
use queens_grader::markers;

/// Where the copies are kept: `queens-backups/` beside the hints' memory
/// (the course's `target/`), out of git's way and of the build's.
pub fn backup_folder() -> PathBuf {
    crate::hint::state_file().with_file_name("queens-backups")
}

/// Resets blank `id` of `homework` in `source`: the file is copied to
/// [`backup_folder`] first, then written with that blank's `todo!()`.
/// Returns the copy's path.
pub fn reset(homework: &Homework, source: &Path, id: u32) -> Result<PathBuf, String> {
    let blanks = crate::hint::blanks_of(homework).map_err(|failure| failure.message)?;
    let blank = blanks
        .iter()
        .find(|blank| blank.id == id)
        .ok_or_else(|| format!("the {homework} homework has no blank {id}"))?;
    let text = std::fs::read_to_string(source)
        .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    let reset = markers::reset_blank(&text, blank)
        .map_err(|why| format!("cannot find blank {id} in {}: {why}", source.display()))?;
    let folder = backup_folder();
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = source
        .file_stem()
        .map_or_else(|| "handout".into(), |s| s.to_string_lossy().into_owned());
    // Two resets within a second keep both copies.
    let backup = (0..)
        .map(|n| {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            folder.join(format!("{homework}-{stem}-{seconds}{suffix}.rs"))
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
