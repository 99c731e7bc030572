//! What a build of student code may see: the compiler runs the student's
//! code too. `include_str!`, `include_bytes!`, a `#[path]` module and
//! `env!` read files and variables at compile time, and a `const` that
//! panics prints what they read into the submission's own compile errors,
//! which reach its feedback page or Gradescope's `results.json`.
//!
//! So the build is given an allow-list, never the disk minus a few folders:
//!
//! * the course's toolchain ([`Toolchain`], by path, no rustup proxy), the
//!   system's programs and libraries (`/usr`, `/lib`, …) and of `/etc` only
//!   what the linker reads ([`crate::sandbox::SYSTEM_ETC`]);
//! * crates.io's sources as cargo keeps them (the index and the downloaded
//!   `.crate` files, read-only), unpacked into a cargo home of the scratch's
//!   own ([`BuildHome`]);
//! * the scratch: the vendored library and harness (read-only), this slot
//!   (the submission and the instructor's tests), the shared target folder;
//!   never another slot nor the tests' report folders;
//! * an environment of a handful of variables (`PATH`, `HOME`, `CARGO_HOME`,
//!   `RUSTC`, …): no token, no path of the machine's.
//!
//! With bubblewrap the rest of the disk is not there. Without it (Gradescope
//! runs no user namespaces) and as root, the build runs as [`BUILD_USER`], an
//! unprivileged user who owns the scratch's writable folders and nothing
//! else, so `/etc/shadow`, root's home and a course folder closed to all but
//! root (`/autograder/source`) cannot be read. Without either (a student's
//! own machine, not root; or `--sandbox off`, which asks for no
//! containment), the build sees what the grader's user sees.
//!
//! The shared target folder keeps the library and the harness built, and
//! nothing of a submission: after each build the handout crate's outputs
//! (its test binary, its metadata, cargo's cached compiler messages) are
//! deleted ([`scrub`]), and nothing is built incrementally, so the next
//! submission cannot read the last one's.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::toolchain::Toolchain;
use super::workspace::Scratch;
use crate::homeworks;
use crate::sandbox::{self, Bubblewrap, Mode};

/// The user id a build runs as when the grader is root and has no
/// bubblewrap: not root, and not one of the tests' users (200000 and up).
pub const BUILD_USER: u32 = 199_999;

/// The build's own `HOME` and cargo home, in the scratch.
pub(super) struct BuildHome {
    /// An empty `HOME`.
    pub home: PathBuf,
    /// A cargo home whose registry index and downloaded crates are the
    /// machine's (links, read-only in the sandbox) and whose unpacked
    /// sources are its own.
    pub cargo_home: PathBuf,
    /// The machine's cargo folders the links point at (bound read-only).
    pub registry: Vec<PathBuf>,
}

/// The machine's cargo home (`CARGO_HOME`, else `~/.cargo`).
fn machine_cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .map(|dir| std::fs::canonicalize(&dir).unwrap_or(dir))
}

impl Scratch<'_> {
    /// Lays out the build's `HOME` and cargo home in the scratch (once; the
    /// links follow the machine's cargo home if it moved).
    pub(super) fn build_home(&self) -> std::io::Result<BuildHome> {
        let scratch = absolute(&self.config.scratch_dir);
        let home = scratch.join("build-home");
        let cargo_home = scratch.join("cargo-home");
        std::fs::create_dir_all(&home)?;
        std::fs::create_dir_all(cargo_home.join("registry").join("src"))?;
        let mut registry = Vec::new();
        if let Some(machine) = machine_cargo_home() {
            for (link, target) in [
                ("registry/index", machine.join("registry").join("index")),
                ("registry/cache", machine.join("registry").join("cache")),
                ("git", machine.join("git")),
            ] {
                if !target.is_dir() {
                    continue;
                }
                let link = cargo_home.join(link);
                if std::fs::read_link(&link).ok().as_deref() != Some(target.as_path()) {
                    if link.symlink_metadata().is_ok() {
                        std::fs::remove_file(&link)?;
                    }
                    #[cfg(unix)]
                    std::os::unix::fs::symlink(&target, &link)?;
                }
                registry.push(target);
            }
        }
        Ok(BuildHome {
            home,
            cargo_home,
            registry,
        })
    }

    /// The folders a build may write: this slot, the shared target folder,
    /// the build's homes.
    fn writable(&self, homes: &BuildHome) -> Vec<PathBuf> {
        vec![
            absolute(&self.config.scratch_dir.join("target")),
            absolute(self.slot),
            homes.home.clone(),
            homes.cargo_home.clone(),
        ]
    }
}

/// `program` with `args`, run the way every build of student code runs:
/// in bubblewrap over the allow-list when there is one, else as
/// [`BUILD_USER`] when the grader is root, and always with only the build's
/// own environment.
pub(super) fn build_command(
    scratch: &Scratch<'_>,
    sandbox: Option<&Bubblewrap>,
    toolchain: &Toolchain,
) -> Result<Command, String> {
    let homes = scratch
        .build_home()
        .map_err(|e| format!("cannot lay out the build's cargo home: {e}"))?;
    let env = environment(toolchain, &homes);
    let writable = scratch.writable(&homes);
    let as_builder = sandbox.is_none() && sandbox::is_root() && scratch.config.sandbox != Mode::Off;
    if as_builder {
        reachable(toolchain, &homes)?;
    }
    if sandbox::is_root() {
        // The folders are the build's user's: root's where root builds (in
        // bubblewrap root has no capability to write another's files).
        hand_over(&writable, if as_builder { BUILD_USER } else { 0 })
            .map_err(|e| format!("cannot give the build its folders: {e}"))?;
    }
    let command = match sandbox {
        Some(bwrap) => {
            let mut readable = vec![toolchain.sysroot.clone()];
            readable.extend(homes.registry.iter().cloned());
            readable.push(absolute(&scratch.config.scratch_dir.join("vendor")));
            bwrap.build_command(&toolchain.cargo, &writable, &readable, &env, scratch.slot)
        }
        None => {
            let mut command = Command::new(&toolchain.cargo);
            command.env_clear().envs(env).current_dir(scratch.slot);
            if as_builder {
                sandbox::run_build_as(&mut command, BUILD_USER);
            }
            command
        }
    };
    Ok(command)
}

/// The build's whole environment.
fn environment(toolchain: &Toolchain, homes: &BuildHome) -> Vec<(OsString, OsString)> {
    let mut path = OsString::from(toolchain.bin());
    path.push(":/usr/bin:/bin");
    [
        ("PATH", path),
        ("HOME", homes.home.clone().into()),
        ("CARGO_HOME", homes.cargo_home.clone().into()),
        ("RUSTC", toolchain.rustc().into()),
        ("CARGO_NET_OFFLINE", "true".into()),
        ("CARGO_INCREMENTAL", "0".into()),
        ("CARGO_TERM_COLOR", "never".into()),
    ]
    .into_iter()
    .map(|(name, value)| (OsString::from(name), value))
    .collect()
}

/// Makes `user` the owner of the build's writable folders: the whole tree
/// of each folder that is not its yet (a scratch built by the other user
/// before).
fn hand_over(folders: &[PathBuf], user: u32) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fn own(path: &Path, user: u32) -> std::io::Result<()> {
            let meta = path.symlink_metadata()?;
            if meta.uid() != user {
                std::os::unix::fs::lchown(path, Some(user), Some(user))?;
            }
            if meta.is_dir() {
                for entry in std::fs::read_dir(path)? {
                    own(&entry?.path(), user)?;
                }
            }
            Ok(())
        }
        for folder in folders {
            std::fs::create_dir_all(folder)?;
            if std::fs::metadata(folder)?.uid() != user {
                own(folder, user)?;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (folders, user);
    Ok(())
}

/// Whether [`BUILD_USER`] can run the toolchain and read the crates.
fn reachable(toolchain: &Toolchain, homes: &BuildHome) -> Result<(), String> {
    let mut needed = vec![toolchain.rustc(), toolchain.cargo.clone()];
    needed.extend(homes.registry.iter().cloned());
    match needed
        .iter()
        .find(|path| !sandbox::reachable_by_others(path))
    {
        None => Ok(()),
        Some(path) => Err(format!(
            "the build runs as an unprivileged user (uid {BUILD_USER}), who cannot reach {}: \
             install Rust where every user can read it (RUSTUP_HOME=/usr/local/rustup, \
             CARGO_HOME=/usr/local/cargo, as the Gradescope bundle's setup.sh does)",
            path.display()
        )),
    }
}

/// Deletes what a build of the handout crate left in the shared target
/// folder: its libraries, its test binaries and their dependency lists,
/// cargo's fingerprints (which keep the compiler's messages to replay them).
/// The library's and the harness's outputs stay.
pub(super) fn scrub(target: &Path) -> std::io::Result<()> {
    let mut ours: Vec<String> = vec!["exercises-".into(), "libexercises-".into()];
    ours.extend(homeworks::ALL.iter().map(|h| format!("{}-", h.test_target)));
    for profile in ["debug", "release"] {
        for folder in ["deps", ".fingerprint", "incremental"] {
            let dir = target.join(profile).join(folder);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                if !ours.iter().any(|prefix| name.starts_with(prefix.as_str())) {
                    continue;
                }
                let path = entry.path();
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    std::fs::remove_dir_all(path)?;
                } else {
                    std::fs::remove_file(path)?;
                }
            }
        }
    }
    Ok(())
}

fn absolute(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}
