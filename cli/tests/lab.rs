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

/// A virtual environment whose `python` and `jupyter` answer as a set-up one
/// would (JupyterLab there, the Rust kernel registered), except that
/// compiling the notebooks' setup cell fails; and an `evcxr_jupyter` on
/// `PATH`. Returns the folder, the venv and the `PATH` to use.
fn set_up_but_warming_fails() -> (tempfile::TempDir, std::path::PathBuf, std::ffi::OsString) {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let venv = tmp.path().join("venv");
    let bin = venv.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let script = |path: std::path::PathBuf, text: &str| {
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    script(
        bin.join("python"),
        "#!/bin/sh\ncase \"$*\" in *notebooks.py*) echo 'the setup cell did not compile' >&2; exit 3;; esac\nexit 0\n",
    );
    script(
        bin.join("jupyter"),
        "#!/bin/sh\necho '{\"kernelspecs\": {\"rust\": {}}}'\n",
    );
    let tools = tmp.path().join("tools");
    std::fs::create_dir_all(&tools).unwrap();
    script(tools.join("evcxr_jupyter"), "#!/bin/sh\nexit 0\n");
    let mut path = std::ffi::OsString::from(&tools);
    path.push(":");
    path.push(std::env::var_os("PATH").unwrap_or_default());
    (tmp, venv, path)
}

/// Without a terminal: a plain line per step that does something, "step 5/6,
/// 0:00", then the one-line error.
#[test]
fn lab_steps_are_plain_lines_without_a_terminal() {
    let (_tmp, venv, path) = set_up_but_warming_fails();
    let out = assert_cmd::Command::cargo_bin("queens")
        .unwrap()
        .args(["lab", "--setup-only", "--venv"])
        .arg(&venv)
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with("lab: step 5/6, 0:0")
            && lines[0].ends_with(
                ": compiling the notebooks' setup cell (minutes the first time, seconds after)"
            ),
        "{stderr}"
    );
    assert!(
        stderr.contains("the setup cell did not compile"),
        "{stderr}"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("queens: error: warming the build cache failed"),
        "{stderr}"
    );
    assert!(
        !stderr.contains('\u{1b}'),
        "no spinner without a terminal: {stderr}"
    );
}

/// `--json`: one object per step on standard output, the commands' own
/// output on standard error.
#[test]
fn lab_json_prints_one_object_per_step() {
    let (_tmp, venv, path) = set_up_but_warming_fails();
    let out = assert_cmd::Command::cargo_bin("queens")
        .unwrap()
        .args(["lab", "--setup-only", "--json", "--venv"])
        .arg(&venv)
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let steps: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();
    assert_eq!(
        steps.len(),
        4,
        "the four steps before the failing one: {stdout}"
    );
    for (number, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], number + 1, "{step}");
        assert_eq!(step["of"], 6, "{step}");
        assert_eq!(step["done"], "already done", "{step}");
        assert!(step["seconds"].as_f64().unwrap() >= 0.0, "{step}");
    }
    assert_eq!(steps[2]["name"], "the Rust kernel evcxr_jupyter");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("the setup cell did not compile"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("\n")
            && stderr
                .lines()
                .last()
                .unwrap()
                .starts_with("queens: error: ")
    );
}

/// In a terminal: a spinner with "step N/6, m:ss", a ✓ line per finished
/// step, and the failing command's output printed under it.
#[test]
fn lab_shows_a_spinner_in_a_terminal() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let (_tmp, venv, path) = set_up_but_warming_fails();
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 40,
            cols: 160,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_queens"));
    command.args(["lab", "--setup-only", "--venv"]);
    command.arg(&venv);
    command.env("PATH", &path);
    command.env("TERM", "xterm-256color");
    command.cwd(env!("CARGO_MANIFEST_DIR"));
    let mut child = pair.slave.spawn_command(command).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let reading = std::thread::spawn(move || {
        let mut raw = Vec::new();
        let _ = reader.read_to_end(&mut raw);
        raw
    });
    let status = child.wait().unwrap();
    drop(pair.master);
    let raw = String::from_utf8_lossy(&reading.join().unwrap()).into_owned();
    assert!(!status.success(), "{raw}");
    for number in 1..=4 {
        assert!(raw.contains(&format!("✓ step {number}/6, 0:0")), "{raw}");
    }
    assert!(
        raw.contains("· the Rust kernel evcxr_jupyter: already done"),
        "{raw}"
    );
    assert!(raw.contains("step 5/6, 0:0"), "{raw}");
    assert!(raw.contains("the setup cell did not compile"), "{raw}");
    assert!(
        raw.contains("queens: error: warming the build cache failed"),
        "{raw}"
    );
}
