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

/// A fake `cargo` for `queens lab`: `cargo test` passes, `cargo build` (the
/// grader's, `--test NAME --message-format=json`) reports a built test
/// executable, and `cargo install` writes its arguments and cargo's
/// `CARGO_PROFILE_RELEASE_*` overrides to `cargo-install.log` beside it, then
/// fails (`install_fails`) or puts an `evcxr_jupyter` in `$CARGO_HOME/bin`.
/// It lives outside `/tmp` because the grader's sandbox hides `/tmp`.
const FAKE_CARGO: &str = r#"#!/bin/sh
here=$(dirname "$0")
case "$1" in
test) exit 0 ;;
build)
    target=; previous=
    for word in "$@"; do
        [ "$previous" = --test ] && target=$word
        previous=$word
    done
    echo '{"reason":"compiler-artifact","package_id":"exercises 0.1.0","manifest_path":"/fake/Cargo.toml","target":{"name":"'"$target"'","kind":["test"],"crate_types":["bin"],"src_path":"/fake/tests.rs"},"profile":{"opt_level":"0","debug_assertions":true,"overflow_checks":true,"test":true},"features":[],"filenames":[],"executable":"'"$here"'/fake-tests","fresh":true}'
    echo '{"reason":"build-finished","success":true}'
    exit 0 ;;
install)
    env | grep '^CARGO_PROFILE_RELEASE_' | sort > "$here/cargo-install.log"
    echo "args: $*" >> "$here/cargo-install.log"
    echo 'Compiling evcxr_jupyter (fake)' >&2
    [ -e "$here/install-fails" ] && exit 101
    mkdir -p "$CARGO_HOME/bin"
    printf '#!/bin/sh\nexit 0\n' > "$CARGO_HOME/bin/evcxr_jupyter"
    chmod +x "$CARGO_HOME/bin/evcxr_jupyter"
    exit 0 ;;
esac
exit 0
"#;

/// A machine as `queens lab` sees it, faked: a virtual environment whose
/// `python` and `jupyter` answer as a set-up one would (JupyterLab there, the
/// Rust kernel registered) except that compiling the notebooks' setup cell
/// fails, a [`FAKE_CARGO`], and an `evcxr_jupyter` on `PATH` unless
/// `!kernel`. `lab` runs the `queens` binary there.
struct Machine {
    dir: tempfile::TempDir,
    venv: std::path::PathBuf,
    path: std::ffi::OsString,
}

impl Machine {
    fn new(kernel: bool) -> Self {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix("queens-lab-test")
            .tempdir_in("/var/tmp")
            .unwrap();
        let venv = dir.path().join("venv");
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
        let tools = dir.path().join("tools");
        std::fs::create_dir_all(&tools).unwrap();
        script(tools.join("cargo"), FAKE_CARGO);
        script(tools.join("fake-tests"), "#!/bin/sh\nexit 0\n");
        if kernel {
            script(tools.join("evcxr_jupyter"), "#!/bin/sh\nexit 0\n");
        }
        // Only the fakes and the system's tools: no `~/.cargo/bin` with a
        // real kernel in it.
        let mut path = std::ffi::OsString::from(&tools);
        path.push(":/usr/local/bin:/usr/bin:/bin");
        Self { dir, venv, path }
    }

    /// `queens lab --setup-only` with `args`, on this machine.
    fn lab(&self, args: &[&str]) -> std::process::Output {
        self.command(args).output().unwrap()
    }

    fn command(&self, args: &[&str]) -> assert_cmd::Command {
        let mut command = assert_cmd::Command::cargo_bin("queens").unwrap();
        command
            .args(["lab", "--setup-only"])
            .args(args)
            .arg("--venv")
            .arg(&self.venv)
            .env("PATH", &self.path)
            .env("CARGO", self.dir.path().join("tools").join("cargo"))
            .env("CARGO_HOME", self.dir.path().join("cargo-home"));
        command
    }
}

/// Without a terminal: a plain line per step that does something, "step 1/6,
/// 0:00", the homeworks first and homework 1 announced, then the one-line
/// error of step 6.
#[test]
fn lab_steps_are_plain_lines_without_a_terminal() {
    let machine = Machine::new(true);
    let out = machine.lab(&[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with("lab: step 1/6, 0:0")
            && lines[0].ends_with(
                ": building the homeworks' tests (a minute or two the first time, seconds after)"
            ),
        "{stderr}"
    );
    assert!(
        stderr.contains("\nlab: homework 1 is ready: `cargo queens watch`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("lab: step 6/6, 0:0")
            && stderr.contains(
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

/// Issue 35: the homeworks are built first and homework 1 is announced
/// before the kernel's install begins; the install gets cargo's fast
/// release profile through the environment.
#[test]
fn lab_announces_homework_1_before_the_kernel_installs_fast() {
    let machine = Machine::new(false);
    std::fs::write(machine.dir.path().join("tools").join("install-fails"), "").unwrap();
    let out = machine.lab(&[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let ready = stderr
        .find("lab: homework 1 is ready: `cargo queens watch`")
        .unwrap_or_else(|| panic!("{stderr}"));
    let kernel = stderr
        .find(": installing the Rust kernel evcxr_jupyter")
        .unwrap_or_else(|| panic!("{stderr}"));
    let compiling = stderr
        .find("Compiling evcxr_jupyter (fake)")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(ready < kernel && kernel < compiling, "{stderr}");
    assert!(
        stderr.contains("lab: step 2/6, 0:0"),
        "the kernel is step 2: {stderr}"
    );
    assert!(
        stderr
            .lines()
            .last()
            .unwrap()
            .starts_with("queens: error: cargo install --locked evcxr_jupyter failed"),
        "{stderr}"
    );
    let log = std::fs::read_to_string(machine.dir.path().join("tools").join("cargo-install.log"))
        .unwrap();
    assert_eq!(
        log,
        "CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256\n\
         CARGO_PROFILE_RELEASE_DEBUG=false\n\
         CARGO_PROFILE_RELEASE_LTO=false\n\
         CARGO_PROFILE_RELEASE_OPT_LEVEL=1\n\
         args: install --locked evcxr_jupyter \
         --config profile.release.package.ra_ap_ide.opt-level=0 \
         --config profile.release.package.ra_ap_ide_assists.opt-level=0 \
         --config profile.release.package.ra_ap_ide_completion.opt-level=0 \
         --config profile.release.package.ra_ap_ide_diagnostics.opt-level=0 \
         --config profile.release.package.ra_ap_ide_ssr.opt-level=0 \
         --config profile.release.package.ra_ap_ide_db.opt-level=0 \
         --config profile.release.package.ra_ap_test_utils.opt-level=0 \
         --config profile.release.package.ra_ap_test_fixture.opt-level=0 \
         --config profile.release.package.zeromq.opt-level=0 \
         --config profile.release.package.tokio.opt-level=0 \
         --config profile.release.package.tokio-util.opt-level=0 \
         --config profile.release.package.futures-util.opt-level=0 \
         --config profile.release.package.pulldown-cmark.opt-level=0 \
         --config profile.release.package.backtrace.opt-level=0 \
         --config profile.release.package.object.opt-level=0 \
         --config profile.release.package.gimli.opt-level=0 \
         --config profile.release.package.notify.opt-level=0 \
         --config profile.release.package.ra_ap_vfs-notify.opt-level=0 \
         --config profile.release.package.tracing-subscriber.opt-level=0 \
         --config profile.release.package.chrono.opt-level=0 \
         --config profile.release.package.ra_ap_project_model.opt-level=0 \
         --config profile.release.package.cargo_metadata.opt-level=0 \
         --config profile.release.package.toml.opt-level=0 \
         --config profile.release.package.regex-automata.opt-level=0 \
         --config profile.release.package.regex-syntax.opt-level=0\n"
    );
}

/// The Python side (the virtual environment, JupyterLab) runs while the
/// kernel installs, and reports after it: pip's failure is shown with pip's
/// own last lines, once the kernel's install has ended, and names pip.
#[test]
fn pip_runs_while_the_kernel_installs_and_its_failure_is_shown() {
    use std::os::unix::fs::PermissionsExt;
    let machine = Machine::new(false);
    let python = machine.venv.join("bin").join("python");
    std::fs::write(
        &python,
        "#!/bin/sh
case \"$*\" in
*'import jupyterlab'*) exit 1 ;;
         *'pip install'*) echo 'ERROR: No matching distribution found for jupyterlab' >&2; exit 1 ;;
esac
exit 0
",
    )
    .unwrap();
    std::fs::set_permissions(&python, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = machine.lab(&["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let steps = json_steps(&stdout);
    assert_eq!(steps.len(), 3, "{stdout}");
    assert_eq!(steps[1]["name"], "the Rust kernel evcxr_jupyter");
    assert!(
        steps[1]["done"]
            .as_str()
            .unwrap()
            .starts_with("installing the Rust kernel"),
        "the kernel was installed: {stdout}"
    );
    assert_eq!(steps[2]["name"], "the Python virtual environment");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let compiling = stderr.find("Compiling evcxr_jupyter (fake)").unwrap();
    let pip = stderr
        .find("ERROR: No matching distribution found for jupyterlab")
        .unwrap_or_else(|| panic!("pip's own words: {stderr}"));
    assert!(compiling < pip, "{stderr}");
    assert!(
        stderr
            .lines()
            .last()
            .unwrap()
            .starts_with("queens: error: installing JupyterLab with pip failed"),
        "{stderr}"
    );
}

/// `lab --json`'s standard output: one object per line.
fn json_steps(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// `--json`: one object per step on standard output (the homeworks' step
/// with the note that homework 1 is ready), the commands' own output on
/// standard error.
#[test]
fn lab_json_prints_one_object_per_step() {
    let machine = Machine::new(true);
    let out = machine.lab(&["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let steps = json_steps(&stdout);
    assert_eq!(
        steps.len(),
        5,
        "the five steps before the failing one: {stdout}"
    );
    for (number, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], number + 1, "{step}");
        assert_eq!(step["of"], 6, "{step}");
        assert!(step["seconds"].as_f64().unwrap() >= 0.0, "{step}");
    }
    assert_eq!(
        steps[0]["name"],
        "the homeworks' tests and the grader built"
    );
    assert_eq!(
        steps[0]["done"],
        "building the grader's copy of the tests (a minute the first time)"
    );
    assert!(
        steps[0]["note"]
            .as_str()
            .unwrap()
            .starts_with("homework 1 is ready: `cargo queens watch`"),
        "{stdout}"
    );
    for step in &steps[1..] {
        assert_eq!(step["done"], "already done", "{step}");
        assert!(step.get("note").is_none(), "{step}");
    }
    assert_eq!(steps[1]["name"], "the Rust kernel evcxr_jupyter");
    assert_eq!(steps[2]["name"], "the Python virtual environment");
    assert_eq!(steps[3]["name"], "JupyterLab");
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
/// step, homework 1 announced under the first, and the failing command's
/// output printed under it.
#[test]
fn lab_shows_a_spinner_in_a_terminal() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let machine = Machine::new(true);
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
    command.arg(&machine.venv);
    command.env("PATH", &machine.path);
    command.env("CARGO", machine.dir.path().join("tools").join("cargo"));
    command.env("CARGO_HOME", machine.dir.path().join("cargo-home"));
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
    for number in 1..=5 {
        assert!(raw.contains(&format!("✓ step {number}/6, 0:0")), "{raw}");
    }
    let first = raw.find("✓ step 1/6").unwrap();
    let ready = raw
        .find("lab: homework 1 is ready: `cargo queens watch`")
        .unwrap_or_else(|| panic!("{raw}"));
    let second = raw.find("✓ step 2/6").unwrap();
    assert!(first < ready && ready < second, "{raw}");
    assert!(
        raw.contains("· the Rust kernel evcxr_jupyter: already done"),
        "{raw}"
    );
    assert!(raw.contains("step 6/6, 0:0"), "{raw}");
    assert!(raw.contains("the setup cell did not compile"), "{raw}");
    assert!(
        raw.contains("queens: error: warming the build cache failed"),
        "{raw}"
    );
}
