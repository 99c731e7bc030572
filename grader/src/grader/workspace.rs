//! The scratch workspace: the submission next to the instructor's manifest,
//! every homework's tests (the other homeworks' files empty), and the library
//! and harness copied in (`vendor/`), so it names nothing of the course by path.

use std::path::Path;

use super::config::Config;
use crate::homework::in_instructor_folder;
use crate::homeworks;

/// One grader's scratch workspace (`slot`) in the shared scratch folder.
pub(super) struct Scratch<'a> {
    /// Where and how to grade.
    pub config: &'a Config,
    /// This grader's own workspace.
    pub slot: &'a Path,
    /// The handout crate's folder in the slot, relative: [`SUBMISSION_CRATE`]
    /// or [`WARM_UP_CRATE`].
    pub member: &'a str,
}

/// Where a submission's crate goes in its slot.
pub(super) const SUBMISSION_CRATE: &str = "exercises";

/// Where the warm-up's handout crate goes in its slot: another path in its
/// workspace, so cargo names its artifacts apart from the submissions' (a
/// submission's build then never makes the next warm-up build again), the
/// library and the harness shared.
pub(super) const WARM_UP_CRATE: &str = "warm-up";

impl Scratch<'_> {
    /// Writes the workspace around `code`: the vendored sources and the
    /// manifests only when they changed (cargo goes by the files' times: the
    /// library stays built), the handout crate's files always. Every slot's
    /// handout crate has the same artifacts in the shared target folder, so a
    /// file left with its old time would let cargo take what another slot
    /// built from another submission as this one's.
    pub(super) fn write(&self, code: &str) -> std::io::Result<()> {
        let crate_dir = self.slot.join(self.member);
        self.vendor()?;
        write_changed(
            &self.slot.join("Cargo.toml"),
            &WORKSPACE_MANIFEST.replace("@MEMBER@", self.member),
        )?;
        let lock = self.config.queens_dir.join("Cargo.lock");
        if lock.exists() && !self.slot.join("Cargo.lock").exists() {
            std::fs::copy(lock, self.slot.join("Cargo.lock"))?;
        }
        write_changed(
            &crate_dir.join("Cargo.toml"),
            super::config::INSTRUCTOR_MANIFEST,
        )?;
        // Every homework's tests are there (the manifest names every test
        // target); the submission is the graded homework's file, the others'
        // files are left empty (`NOT_GRADED`).
        for homework in homeworks::ALL {
            let handout = if *homework == self.config.homework {
                code
            } else {
                NOT_GRADED
            };
            write_fresh(&crate_dir.join(homework.test_file), homework.files.tests)?;
            write_fresh(&crate_dir.join(homework.source), handout)?;
        }
        Ok(())
    }

    /// Copies the sources of the `queens` library and of the harness into
    /// the scratch workspace's `vendor/` (files that changed only, so the
    /// shared target folder keeps them compiled), with manifests that name
    /// nothing outside the scratch.
    fn vendor(&self) -> std::io::Result<()> {
        let course = &self.config.queens_dir;
        let vendor = self.config.scratch_dir.join("vendor");
        let root: toml_edit::DocumentMut = std::fs::read_to_string(course.join("Cargo.toml"))?
            .parse()
            .map_err(std::io::Error::other)?;
        let grader: toml_edit::DocumentMut =
            std::fs::read_to_string(course.join("grader/Cargo.toml"))?
                .parse()
                .map_err(std::io::Error::other)?;
        for (name, manifest, package) in [
            ("queens", &root, course.to_path_buf()),
            ("queens-grader", &grader, course.join("grader")),
        ] {
            let dir = vendor.join(name);
            // Never a homework's instructor-only folder: the student's code
            // is built and run beside this copy.
            let instructor_only = |path: &Path| {
                (path.strip_prefix(course).ok())
                    .and_then(Path::to_str)
                    .is_some_and(in_instructor_folder)
            };
            copy_changed(&package.join("src"), &dir.join("src"), &instructor_only)?;
            // The grader's build script finds its homeworks.
            if package.join("build.rs").is_file() {
                let script = std::fs::read_to_string(package.join("build.rs"))?;
                write_changed(&dir.join("build.rs"), &script)?;
            }
            // The library ships data its sources include (the Sudoku puzzles).
            if name == "queens" && course.join("data").is_dir() {
                copy_changed(&course.join("data"), &dir.join("data"), &|_| false)?;
            }
            write_changed(
                &dir.join("Cargo.toml"),
                &vendored_manifest(name, manifest, &root),
            )?;
        }
        // The slot's manifest names the vendored crates from next door. The
        // link's target is absolute: a relative one (`--scratch scratch`)
        // would resolve from the slot, not from where queens was started.
        let link = self.slot.join("vendor");
        if !link.exists() {
            if link.symlink_metadata().is_ok() {
                // A dangling link an older grader left: made again.
                std::fs::remove_file(&link)?;
            }
            #[cfg(unix)]
            std::os::unix::fs::symlink(std::path::absolute(&vendor)?, &link)?;
        }
        Ok(())
    }
}

/// The file of every homework not graded in this run. Only the graded
/// homework's test target is built, and it reaches only its own file; another
/// homework's file is compiled only when it is the crate's root (`src/lib.rs`),
/// where an empty library does. No handout is built into the grader: the
/// student's copy changes on every save, and `solutions/` is not everywhere
/// the grader runs (a student copy, Gradescope's bundle).
pub(super) const NOT_GRADED: &str =
    "//! Not graded in this run: `queens grade` builds one homework's tests.\n";

/// The scratch workspace: one member, `exercises`, and the vendored library
/// and harness (`vendor/`, copied from the course by [`Grader::vendor`]).
const WORKSPACE_MANIFEST: &str = "\
# Written by `queens grade`: one submission, graded with the instructor's tests.
[workspace]
members = [\"@MEMBER@\"]
resolver = \"3\"

[workspace.package]
edition = \"2024\"

[workspace.dependencies]
queens = { path = \"vendor/queens\", default-features = false }
queens-grader = { path = \"vendor/queens-grader\", default-features = false }

# Small artifacts: every submission relinks the test binary.
[profile.dev]
debug = false

[profile.dev.package.queens]
opt-level = 2

# As in the course: the end-to-end tests search 50,000 nodes; overflow
# checks stay on.
[profile.dev.package.exercises]
opt-level = 1
";

/// A vendored crate's manifest: the course's package `name` with its
/// features and dependencies, workspace entries resolved from `root`, and
/// `queens` named from next door.
fn vendored_manifest(
    name: &str,
    manifest: &toml_edit::DocumentMut,
    root: &toml_edit::DocumentMut,
) -> String {
    use toml_edit::{Item, Table, value};
    let workspace_deps = root
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(Item::as_table_like);
    let resolve = |deps: &Item| -> Table {
        let mut out = Table::new();
        let Some(deps) = deps.as_table_like() else {
            return out;
        };
        for (dep, spec) in deps.iter() {
            let mut entry = toml_edit::InlineTable::new();
            let inherits = spec
                .as_table_like()
                .and_then(|t| t.get("workspace"))
                .and_then(Item::as_bool)
                .unwrap_or(false);
            let base = if inherits {
                workspace_deps.and_then(|w| w.get(dep)).cloned()
            } else {
                Some(spec.clone())
            };
            match base.as_ref().and_then(Item::as_value) {
                Some(toml_edit::Value::String(version)) => {
                    entry.insert("version", version.value().as_str().into());
                }
                Some(toml_edit::Value::InlineTable(table)) => {
                    for (key, v) in table.iter() {
                        entry.insert(key, v.clone());
                    }
                }
                _ => {}
            }
            if let Some(table) = base.as_ref().and_then(Item::as_table) {
                for (key, v) in table.iter() {
                    if let Some(v) = v.as_value() {
                        entry.insert(key, v.clone());
                    }
                }
            }
            if let Some(local) = spec.as_table_like() {
                for (key, v) in local.iter() {
                    if key != "workspace"
                        && let Some(v) = v.as_value()
                    {
                        entry.insert(key, v.clone());
                    }
                }
            }
            if dep == "queens" {
                entry.insert("path", "../queens".into());
            }
            out.insert(dep, value(entry));
        }
        out
    };
    let mut doc = toml_edit::DocumentMut::new();
    let mut package = Table::new();
    package.insert("name", value(name));
    package.insert("version", value("0.1.0"));
    package.insert("edition", value("2024"));
    package.insert("publish", value(false));
    doc.insert("package", Item::Table(package));
    if let Some(features) = manifest.get("features") {
        doc.insert("features", features.clone());
    }
    if let Some(deps) = manifest.get("dependencies") {
        doc.insert("dependencies", Item::Table(resolve(deps)));
    }
    if let Some(targets) = manifest.get("target").and_then(Item::as_table_like) {
        let mut target = Table::new();
        target.set_implicit(true);
        for (cfg, table) in targets.iter() {
            if let Some(deps) = table.get("dependencies") {
                let mut inner = Table::new();
                inner.set_implicit(true);
                inner.insert("dependencies", Item::Table(resolve(deps)));
                target.insert(cfg, Item::Table(inner));
            }
        }
        doc.insert("target", Item::Table(target));
    }
    format!("# Copied by `queens grade` from the course's {name}: sources only.\n{doc}")
}

/// Writes `text` to `path` unless it already holds it (keeping its time, so
/// cargo does not rebuild).
/// Writes `path` now, whatever it holds: its time is the build's.
fn write_fresh(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)
}

fn write_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)
}

/// Copies the folder `from` into `to`, but not what is `left_out`, writing
/// only files that changed and removing files `from` no longer has (or that
/// are left out now).
fn copy_changed(from: &Path, to: &Path, left_out: &dyn Fn(&Path) -> bool) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    let mut names = Vec::new();
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if left_out(&entry.path()) {
            continue;
        }
        let target = to.join(entry.file_name());
        names.push(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_changed(&entry.path(), &target, left_out)?;
        } else {
            let bytes = std::fs::read(entry.path())?;
            if std::fs::read(&target).ok().as_deref() != Some(bytes.as_slice()) {
                std::fs::write(&target, bytes)?;
            }
        }
    }
    for entry in std::fs::read_dir(to)?.flatten() {
        if !names.contains(&entry.file_name()) {
            let path = entry.path();
            if path.is_dir() {
                std::fs::remove_dir_all(path)?;
            } else {
                std::fs::remove_file(path)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// `--scratch scratch` (relative to where queens runs): the slot's
    /// `vendor` link still reaches the vendored library, also over a dangling
    /// link left by a grader that wrote it relative.
    #[test]
    fn a_relative_scratch_folder_links_the_vendored_sources() {
        // Tests run in the grader's folder; the scratch is a path relative to it.
        let course = std::path::absolute("..").unwrap();
        let here = tempfile::Builder::new()
            .prefix(".relative-scratch-")
            .tempdir_in(".")
            .unwrap();
        let relative = PathBuf::from(here.path().file_name().unwrap()).join("scratch");
        let mut config = Config::new(course);
        config.scratch_dir = relative.clone();
        let slot = config.scratch_dir.join("work").join("slot");
        std::fs::create_dir_all(&slot).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(relative.join("vendor"), slot.join("vendor")).unwrap();
        let scratch = Scratch {
            config: &config,
            slot: &slot,
            member: SUBMISSION_CRATE,
        };
        scratch.write(NOT_GRADED).unwrap();
        let manifest = slot.join("vendor").join("queens").join("Cargo.toml");
        assert!(
            manifest.is_file(),
            "{} is not reachable",
            manifest.display()
        );
    }
}
