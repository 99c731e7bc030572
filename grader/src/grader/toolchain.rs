//! The toolchain that builds student code: the course's own
//! (`rust-toolchain.toml`), whatever the machine's default is and wherever
//! the grader runs from.
//!
//! rustup picks a toolchain from the folder a command runs in. The grader
//! builds in its scratch folder, which on Gradescope (`/autograder/scratch`)
//! or with `--scratch` lies outside the course: there rustup took its
//! *default*, and with a default other than the course's release the library
//! and the harness were built again for every submission (120.8 s for a
//! correct one instead of 2.9 s). So the toolchain is resolved once, in the
//! course's folder (`rustc --print sysroot`, as rustup resolves it there,
//! `RUSTUP_TOOLCHAIN` first), and the build calls that toolchain's `cargo`
//! and `rustc` by path: no rustup proxy runs inside a build, and the sandbox
//! binds exactly that one folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, PoisonError};

/// One installed toolchain, by its root (`rustc --print sysroot`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    /// Its root: `bin/cargo`, `bin/rustc`, `lib/rustlib`.
    pub sysroot: PathBuf,
    /// Its `cargo`.
    pub cargo: PathBuf,
}

impl Toolchain {
    /// The toolchain rustup (or the system) resolves in `course`'s folder,
    /// found once per course and process.
    pub fn of_course(course: &Path) -> Result<Self, String> {
        static FOUND: Mutex<Vec<(PathBuf, Result<Toolchain, String>)>> = Mutex::new(Vec::new());
        let mut found = FOUND.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, toolchain)) = found.iter().find(|(dir, _)| dir == course) {
            return toolchain.clone();
        }
        let toolchain = Self::resolve(course);
        found.push((course.to_path_buf(), toolchain.clone()));
        toolchain
    }

    fn resolve(course: &Path) -> Result<Self, String> {
        if let Some(cargo) = std::env::var_os("CARGO").map(PathBuf::from)
            && cargo.is_file()
        {
            let cargo = std::fs::canonicalize(&cargo).unwrap_or(cargo);
            let sysroot = cargo
                .parent()
                .and_then(Path::parent)
                .unwrap_or(Path::new("/"))
                .to_path_buf();
            return Ok(Self { sysroot, cargo });
        }
        let output = Command::new("rustc")
            .args(["--print", "sysroot"])
            .current_dir(course)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run rustc to find the course's toolchain: {e}"))?;
        if !output.status.success() {
            let said = String::from_utf8_lossy(&output.stderr);
            return Err(format!(
                "rustc cannot name the course's toolchain (in {}): {}",
                course.display(),
                said.lines().next().unwrap_or("no message")
            ));
        }
        let sysroot = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
        let sysroot = std::fs::canonicalize(&sysroot).unwrap_or(sysroot);
        let toolchain = Self {
            cargo: sysroot.join("bin").join("cargo"),
            sysroot,
        };
        for program in [&toolchain.cargo, &toolchain.rustc()] {
            if !program.is_file() {
                return Err(format!(
                    "the course's toolchain at {} has no {}",
                    toolchain.sysroot.display(),
                    program.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
        }
        Ok(toolchain)
    }

    /// Its programs' folder.
    pub fn bin(&self) -> PathBuf {
        self.cargo
            .parent()
            .map_or_else(|| self.sysroot.join("bin"), Path::to_path_buf)
    }

    /// Its `rustc`.
    pub fn rustc(&self) -> PathBuf {
        self.bin().join("rustc")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The course's toolchain is the release `rust-toolchain.toml` pins (or
    /// the one `RUSTUP_TOOLCHAIN` names), found from any folder the grader
    /// runs in.
    #[test]
    fn the_course_s_toolchain_is_the_pinned_one() {
        let course = crate::course::course_root();
        let toolchain = Toolchain::of_course(&course).unwrap();
        let version = Command::new(toolchain.rustc())
            .arg("--version")
            .output()
            .unwrap();
        let version = String::from_utf8_lossy(&version.stdout).into_owned();
        let pinned = std::fs::read_to_string(course.join("rust-toolchain.toml")).unwrap();
        let channel = pinned
            .lines()
            .find_map(|line| line.strip_prefix("channel = "))
            .unwrap()
            .trim_matches('"');
        let asked = std::env::var("RUSTUP_TOOLCHAIN").unwrap_or_else(|_| channel.to_owned());
        if asked.starts_with(channel) {
            assert!(
                version.starts_with(&format!("rustc {channel} ")),
                "{version} is not {channel}"
            );
        }
        assert!(toolchain.cargo.is_file());
    }
}
