//! Grading where instructors grade: Gradescope's autograder bundle. (The
//! GitHub workflows, Classroom 50's and plain Actions', are in
//! [`crate::workflows`].)
//!
//! * [`gradescope_zip`]: `queens autograder gradescope --out autograder.zip`.
//!   Gradescope unpacks the bundle into `/autograder/source`, runs `setup.sh`
//!   once (Rust, bubblewrap, the `queens` binary, the library compiled once
//!   into the grading scratch), then `run_autograder` per submission, which
//!   runs `queens grade --format gradescope --out
//!   /autograder/results/results.json` on `/autograder/submission`. The
//!   scripts take their root from `AUTOGRADER_ROOT` (default `/autograder`),
//!   so they can be tried in any folder laid out the same way.

use std::io::Write;
use std::path::Path;

use super::course::{Course, CourseError};
use super::homework::Homework;

/// Gradescope runs this once, as root, when the autograder is built.
pub const GRADESCOPE_SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope: builds the autograder image once. Installs Rust and bubblewrap,
# builds the `queens` binary from the course in source/, and compiles the
# library into the grading scratch so each submission builds in seconds.
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq bubblewrap curl ca-certificates build-essential >/dev/null
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
fi
export PATH="$HOME/.cargo/bin:$PATH"
cd "$root/source"
cargo build --release --locked -p queens-cli
# Fetch every crate now: grading builds offline.
cargo fetch --locked
# Warm the scratch: the untouched handout compiles the library once.
./target/release/queens grade exercises --course "$root/source" \
  --scratch "$root/scratch" --format json >/dev/null || true
"#;

/// Gradescope runs this for each submission (`@HOMEWORK@` is the homework
/// the bundle grades: [`gradescope_run`]).
pub const GRADESCOPE_RUN: &str = r#"#!/usr/bin/env bash
# Gradescope: grades /autograder/submission with the instructor's tests and
# writes /autograder/results/results.json. AUTOGRADER_ROOT moves the whole
# layout (to try it elsewhere); QUEENS names another `queens` binary.
set -uo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
export PATH="$HOME/.cargo/bin:$PATH"
queens="${QUEENS:-$root/source/target/release/queens}"
mkdir -p "$root/results"
# A submission that does not compile or times out still gets its results.json
# (and a non-zero exit from queens): Gradescope shows it either way.
# The course's queens.toml (in source/) gives the points, the limits and the
# sandbox policy; QUEENS_SANDBOX overrides the policy.
"$queens" grade "$root/submission" --exercise @HOMEWORK@ --format gradescope \
  --out "$root/results/results.json" \
  --course "$root/source" --scratch "${QUEENS_SCRATCH:-$root/scratch}" \
  ${QUEENS_SANDBOX:+--sandbox "$QUEENS_SANDBOX"} || true
test -s "$root/results/results.json"
"#;

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
}

/// Writes Gradescope's autograder bundle for `homework` of `course` to
/// `out`: `setup.sh`, `run_autograder` and the course's files (the
/// instructor's: the grader needs the library and the tests; student code
/// never sees them).
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
        ("setup.sh", GRADESCOPE_SETUP.to_owned()),
        ("run_autograder", gradescope_run(homework)),
    ] {
        zip.start_file(name, script).map_err(zip_error)?;
        zip.write_all(text.as_bytes()).map_err(io(out))?;
        files += 1;
    }
    for relative in super::student_copy::course_files(course.root())? {
        let from = course.root().join(&relative);
        let bytes = std::fs::read(&from).map_err(io(&from))?;
        let name = relative.to_string_lossy().replace('\\', "/");
        let options = if is_executable(&from) { script } else { plain };
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&bytes).map_err(io(out))?;
        files += 1;
    }
    zip.finish().map_err(zip_error)?;
    let bytes = std::fs::metadata(out).map_err(io(out))?.len();
    Ok(Bundle { files, bytes })
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
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
