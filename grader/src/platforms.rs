//! Grading where instructors grade: Gradescope's autograder bundle. (The
//! GitHub workflows, Classroom 50's and plain Actions', are in
//! [`crate::workflows`].)
//!
//! * [`gradescope_zip`]: `queens autograder gradescope --out autograder.zip`.
//!   Gradescope unpacks the bundle into `/autograder/source`, runs `setup.sh`
//!   once (Rust, bubblewrap, the `queens` binary, `source/` closed to all but
//!   root, the library and graded tests built into the grading scratch by
//!   `queens grade --prepare`, failing the image if grading cannot work),
//!   then `run_autograder` per submission, which runs `queens grade --format
//!   gradescope --out /autograder/results/results.json` on
//!   `/autograder/submission` and fails, writing nothing, when the grader
//!   could not grade. The bundle carries only [`GRADESCOPE_BUNDLED`] (no
//!   reference answers). The scripts take their root from `AUTOGRADER_ROOT`
//!   (default `/autograder`), so they can be tried in any folder laid out
//!   the same way (`scripts/gradescope-chroot` does, in a bare Debian root).
//! * Classroom 50 and plain GitHub Actions: [`crate::workflows`].

use std::io::Write;
use std::path::Path;

use super::course::{Course, CourseError};
use super::homework::Homework;

/// Gradescope runs this once, as root, when the autograder is built
/// (`@HOMEWORK@` is the homework the bundle grades: [`gradescope_setup`]).
pub const GRADESCOPE_SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope: builds the autograder image once, as root. Installs Rust and
# bubblewrap, builds the `queens` binary from the course in source/, closes
# source/ to everyone but root (builds and tests of student code run as
# unprivileged users), and builds the library and the graded tests into the
# grading scratch, so each submission builds in seconds and no submission
# pays for that build.
# Any failure fails the image (set -e): an autograder that cannot grade must
# not be published, and the last step fails when grading cannot work here
# (the toolchain, the build, or sandbox = "required" where bubblewrap cannot
# run).
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq bubblewrap curl ca-certificates build-essential >/dev/null
# Rust where the build's unprivileged user can read it (root's home is
# closed to it), unless the image has it; run_autograder reads the same
# places from rust-env.sh.
if ! command -v cargo >/dev/null 2>&1; then
  export RUSTUP_HOME="${RUSTUP_HOME:-/usr/local/rustup}" CARGO_HOME="${CARGO_HOME:-/usr/local/cargo}"
  export PATH="$CARGO_HOME/bin:$PATH"
  if ! command -v cargo >/dev/null 2>&1; then
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
      | sh -s -- -y --profile minimal --no-modify-path
  fi
fi
{
  [ -z "${RUSTUP_HOME:-}" ] || printf 'export RUSTUP_HOME=%q\n' "$RUSTUP_HOME"
  [ -z "${CARGO_HOME:-}" ] || printf 'export CARGO_HOME=%q\n' "$CARGO_HOME"
  printf 'export PATH=%q:"$PATH"\n' "$(dirname "$(command -v cargo)")"
} > "$root/rust-env.sh"
cd "$root/source"
# rust-toolchain.toml's release, whatever rustup's default: rustup installs
# it here, in the course's folder; the grader builds with it by path.
rustc --version
cargo build --release --locked -p queens-cli
# Fetch every crate now: grading builds offline.
cargo fetch --locked
# The course (the grader, its settings) is root's alone; the scratch, where
# the test binaries run from, stays open to the tests' users.
chmod 700 "$root/source"
mkdir -p "$root/scratch"
chmod 755 "$root" "$root/scratch"
./target/release/queens grade --prepare --exercise @HOMEWORK@ --course "$root/source" \
  --scratch "$root/scratch" ${QUEENS_SANDBOX:+--sandbox "$QUEENS_SANDBOX"}
"#;

/// Gradescope runs this for each submission (`@HOMEWORK@` is the homework
/// the bundle grades: [`gradescope_run`]).
pub const GRADESCOPE_RUN: &str = r#"#!/usr/bin/env bash
# Gradescope: grades /autograder/submission with the instructor's tests and
# writes /autograder/results/results.json. AUTOGRADER_ROOT moves the whole
# layout (to try it elsewhere); QUEENS names another `queens` binary.
set -uo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
# Rust where setup.sh installed it.
if [ -f "$root/rust-env.sh" ]; then . "$root/rust-env.sh"; fi
queens="${QUEENS:-$root/source/target/release/queens}"
results="$root/results/results.json"
mkdir -p "$root/results"
rm -f "$results"
# The course's queens.toml (in source/) gives the points, the limits and the
# sandbox policy; QUEENS_SANDBOX overrides the policy. The submission may be
# the homework's file, any single .rs file, or a folder holding it.
"$queens" grade "$root/submission" --exercise @HOMEWORK@ --format gradescope \
  --out "$results" \
  --course "$root/source" --scratch "${QUEENS_SCRATCH:-$root/scratch}" \
  ${QUEENS_SANDBOX:+--sandbox "$QUEENS_SANDBOX"}
status=$?
# 0: graded; 1: graded, and the submission did not pass (compile error,
# time-out, no file): its results.json says so. Anything else (3: the grader
# could not grade) leaves no results.json and fails this script, so that
# Gradescope shows the autograder failed, to be regraded: never a 0.
if [ "$status" -le 1 ] && [ -s "$results" ]; then
  exit 0
fi
rm -f "$results"
echo "queens: the autograder could not grade this submission (exit $status); no results written: fix the autograder, then regrade" >&2
exit 1
"#;

/// `setup.sh` for a bundle that grades `homework`.
pub fn gradescope_setup(homework: &Homework) -> String {
    GRADESCOPE_SETUP.replace("@HOMEWORK@", homework.name)
}

/// `run_autograder` for a bundle that grades `homework`.
pub fn gradescope_run(homework: &Homework) -> String {
    GRADESCOPE_RUN.replace("@HOMEWORK@", homework.name)
}

/// What [`gradescope_zip`] wrote.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Bundle {
    /// Files in the bundle.
    pub files: usize,
    /// Its size in bytes.
    pub bytes: u64,
    /// The course's commit it was made from.
    pub revision: String,
    /// Files the bundle carries whose working tree differs from that commit:
    /// the bundle has the committed version.
    pub uncommitted: Vec<String>,
    /// Files git does not track where the bundle takes files from: left out.
    pub untracked: Vec<String>,
}

impl Bundle {
    /// One `WARNING:` line per file left as committed or left out.
    pub fn warnings(&self) -> Vec<String> {
        let short = &self.revision[..self.revision.len().min(12)];
        let edited = self.uncommitted.iter().map(|file| {
            format!(
                "WARNING: {file} has changes not committed: the bundle has it as at {short} \
                 (commit it, then make the bundle again)"
            )
        });
        let untracked = self.untracked.iter().map(|file| {
            format!(
                "WARNING: {file} is not committed: left out of the bundle (commit it if \
                 grading needs it)"
            )
        });
        edited.chain(untracked).collect()
    }
}

/// What of the course the Gradescope bundle carries: what building the
/// `queens` binary and grading need, nothing else. Not `solutions/` nor a
/// homework's `instructor/` folder (the grader never reads a reference: it
/// holds the reference's answers, `answers.json`), not the course's tests, benchmarks, notebooks, scripts or CI, nor anything lying
/// in the course folder (grades, rosters, submissions).
pub const GRADESCOPE_BUNDLED: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "rust-toolchain.toml",
    "queens.toml",
    ".cargo/config.toml",
    "docs/queens.toml.example",
    "src/",
    "data/",
    "grader/Cargo.toml",
    "grader/build.rs",
    "grader/src/",
    "fastest/",
    "cli/Cargo.toml",
    "cli/src/",
    "exercises/",
];

/// Workspace members the bundle leaves out (the root manifest and the lock
/// file are rewritten without them).
const GRADESCOPE_LEFT_OUT_MEMBERS: &[&str] = &["solutions"];

/// Whether the course file `relative` (`/`-separated) goes into the bundle.
/// Never a homework's `instructor/` folder: the student's code runs in the
/// same container.
pub fn gradescope_bundles(relative: &str) -> bool {
    let kept = GRADESCOPE_BUNDLED
        .iter()
        .any(|kept| match kept.strip_suffix('/') {
            Some(folder) => relative
                .strip_prefix(folder)
                .is_some_and(|rest| rest.starts_with('/')),
            None => relative == *kept,
        });
    kept && !crate::homework::in_instructor_folder(relative)
}

/// A manifest as the bundle carries it: without the members it leaves out,
/// and without the test, bench and example targets whose files it does not
/// carry (cargo refuses a manifest naming a missing target).
fn bundled_manifest(text: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(workspace) = doc.get_mut("workspace").and_then(|w| w.as_table_like_mut()) {
        for key in ["members", "default-members"] {
            if let Some(list) = workspace.get_mut(key).and_then(|m| m.as_array_mut()) {
                list.retain(|member| {
                    !member
                        .as_str()
                        .is_some_and(|m| GRADESCOPE_LEFT_OUT_MEMBERS.contains(&m))
                });
            }
        }
    }
    for target in ["test", "bench", "example"] {
        doc.remove(target);
    }
    Ok(doc.to_string())
}

/// `rust-toolchain.toml` as the bundle carries it: the same toolchain,
/// without the components only the course's notebooks and checks use
/// (rust-src, rustfmt, clippy), so setup.sh downloads what grading needs.
fn bundled_toolchain(text: &str) -> Result<String, String> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    let channel = doc
        .get("toolchain")
        .and_then(|t| t.get("channel"))
        .and_then(|c| c.as_str())
        .ok_or("no [toolchain] channel")?;
    Ok(format!(
        "# The course's toolchain, without the components grading does not use\n\
         # (rust-src, rustfmt, clippy: the notebooks' and the course's checks).\n\
         [toolchain]\nchannel = \"{channel}\"\nprofile = \"minimal\"\n"
    ))
}

/// `Cargo.lock` without the packages of the members the bundle leaves out,
/// so that `cargo build --locked` accepts it.
fn bundled_lock(text: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(packages) = doc
        .get_mut("package")
        .and_then(|p| p.as_array_of_tables_mut())
    {
        packages.retain(|package| {
            !package
                .get("name")
                .and_then(|n| n.as_str())
                .is_some_and(|n| GRADESCOPE_LEFT_OUT_MEMBERS.contains(&n))
        });
    }
    Ok(doc.to_string())
}

/// How the bundle rewrites one of the course's files.
type Rewrite = fn(&str) -> Result<String, String>;

/// Writes Gradescope's autograder bundle for `homework` of `course` to
/// `out`: `setup.sh`, `run_autograder` and what of the course grading
/// needs ([`GRADESCOPE_BUNDLED`]), as committed at `HEAD` (like a student
/// copy): no reference answers, no class data, no file merely lying in the
/// folder, no edit not committed (the [`Bundle`] names those).
pub fn gradescope_zip(
    course: &Course,
    homework: &Homework,
    out: &Path,
) -> Result<Bundle, CourseError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source: std::io::Error| CourseError::Io { path, source }
    };
    let zip_error = |error: zip::result::ZipError| {
        CourseError::Other(format!("cannot write the bundle: {error}"))
    };
    let file = std::fs::File::create(out).map_err(io(out))?;
    let mut zip = zip::ZipWriter::new(file);
    let script = zip::write::SimpleFileOptions::default().unix_permissions(0o755);
    let plain = zip::write::SimpleFileOptions::default().unix_permissions(0o644);
    let mut files = 0;
    for (name, text) in [
        ("setup.sh", gradescope_setup(homework)),
        ("run_autograder", gradescope_run(homework)),
    ] {
        zip.start_file(name, script).map_err(zip_error)?;
        zip.write_all(text.as_bytes()).map_err(io(out))?;
        files += 1;
    }
    let committed = super::student_copy::committed(course.root())?;
    for (name, executable, mut bytes) in committed.files {
        if !gradescope_bundles(&name) {
            continue;
        }
        let rewrite: Option<Rewrite> = if name == "Cargo.lock" {
            Some(bundled_lock)
        } else if name == "rust-toolchain.toml" {
            Some(bundled_toolchain)
        } else if name.ends_with("Cargo.toml") && !name.starts_with("exercises/") {
            Some(bundled_manifest)
        } else {
            None
        };
        if let Some(rewrite) = rewrite {
            let text = String::from_utf8_lossy(&bytes);
            bytes = rewrite(&text)
                .map_err(|e| CourseError::Other(format!("cannot read {name}: {e}")))?
                .into_bytes();
        }
        let options = if executable { script } else { plain };
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&bytes).map_err(io(out))?;
        files += 1;
    }
    zip.finish().map_err(zip_error)?;
    let bytes = std::fs::metadata(out).map_err(io(out))?.len();
    let bundled = |files: Vec<String>| -> Vec<String> {
        files
            .into_iter()
            .filter(|file| gradescope_bundles(file))
            .collect()
    };
    Ok(Bundle {
        files,
        bytes,
        revision: committed.revision,
        uncommitted: bundled(committed.uncommitted),
        untracked: bundled(committed.untracked),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradescope_run_names_its_homework() {
        for homework in crate::homeworks::ALL {
            let run = gradescope_run(homework);
            assert!(run.contains(&format!("--exercise {homework} ")), "{run}");
            assert!(!run.contains('@'), "{run}");
        }
    }
}
