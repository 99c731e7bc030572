//! `queens lab`: the one set-up command.

use std::path::Path;

/// `queens lab` on a machine without Python says what to install, in one line,
/// before touching anything.
#[test]
fn lab_without_python_says_what_to_install() {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-venv-here");
    let out = assert_cmd::Command::cargo_bin("queens")
        .expect("the queens binary")
        .args([
            "lab",
            "--setup-only",
            "--python",
            "/nonexistent/python3",
            "--venv",
        ])
        .arg(&venv)
        .output()
        .expect("run queens lab");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("queens: error: Python 3 not found"),
        "{stderr}"
    );
    assert!(!venv.exists());
}
