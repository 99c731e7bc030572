//! `queens lab`: everything the notebooks need, then JupyterLab on them.
//!
//! On a fresh machine with Rust and Python 3 it makes `.venv` with JupyterLab,
//! installs the Rust kernel (`evcxr_jupyter`, about 15 minutes, once), makes
//! sure the `rust-src` component is there, registers the kernel, compiles the
//! notebooks' setup cell once so that each notebook starts in seconds, and
//! opens JupyterLab on `notebooks/`. Every step is skipped when already done.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::{Failure, Output};

/// Arguments of `queens lab`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Do not open a browser (for a server: JupyterLab prints the URL to open).
    #[arg(long, alias = "no-browser")]
    pub headless: bool,
    /// Prepare everything, warm the build cache, but do not start JupyterLab.
    #[arg(long)]
    pub setup_only: bool,
    /// The port JupyterLab listens on (default: its own choice, 8888 or the next free one).
    #[arg(long)]
    pub port: Option<u16>,
    /// The Python 3 used to make the virtual environment.
    #[arg(long, default_value = "python3")]
    pub python: String,
    /// Where the virtual environment lives (default: .venv in the project).
    #[arg(long)]
    pub venv: Option<PathBuf>,
}

/// The project folder: the first ancestor of the current folder with
/// `notebooks/` and `Cargo.toml`, else the one this binary was built from.
pub(super) fn project_root() -> Result<PathBuf, Failure> {
    let here =
        std::env::current_dir().map_err(|e| Failure::new(format!("no current folder: {e}")))?;
    let built_from = queens_grader::handout::course_root();
    here.ancestors()
        .map(Path::to_path_buf)
        .chain(std::iter::once(built_from))
        .find(|dir| dir.join("notebooks").is_dir() && dir.join("Cargo.toml").is_file())
        .ok_or_else(|| {
            Failure::new(
                "no notebooks/ folder here: run `cargo run -- lab` inside the queens project",
            )
        })
}

/// Runs `command`, its output shown; a failure becomes one line naming `what`.
pub(super) fn execute(command: &mut Command, what: &str) -> Result<(), Failure> {
    let status = command.status().map_err(|e| {
        Failure::new(format!(
            "{what}: could not start {:?}: {e}",
            command.get_program()
        ))
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(Failure::new(format!(
            "{what} failed ({status}); see the messages above"
        )))
    }
}

/// Whether `command` runs and exits successfully (its output hidden).
fn succeeds(command: &mut Command) -> bool {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `name` on `PATH` or in `~/.cargo/bin` (`name.exe` on Windows).
fn find_tool(name: &str, path: &OsString) -> Option<PathBuf> {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(path)
        .map(|dir| dir.join(&file))
        .find(|candidate| candidate.is_file())
}

/// The program `name` of the virtual environment `venv`: `bin/name`, or
/// `Scripts\name.exe` on Windows.
pub(super) fn venv_tool(venv: &Path, name: &str) -> PathBuf {
    let dir = if cfg!(windows) { "Scripts" } else { "bin" };
    venv.join(dir)
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// `PATH` with cargo's folder and `~/.cargo/bin` in front, so that the kernel
/// JupyterLab starts can find `cargo` even when the shell's profile is not read.
pub(super) fn tool_path() -> OsString {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(cargo) = std::env::var_os("CARGO").map(PathBuf::from)
        && let Some(dir) = cargo.parent()
    {
        dirs.push(dir.to_path_buf());
    }
    if let Some(home) = std::env::var_os("CARGO_HOME").map(PathBuf::from) {
        dirs.push(home.join("bin"));
    } else if let Some(home) = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
    {
        dirs.push(home.join(".cargo").join("bin"));
    }
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap_or_default()
}

fn say(out: &mut Output, text: impl std::fmt::Display) -> Result<(), Failure> {
    out.line(format!("lab: {text}"))?;
    out.finish()?;
    Ok(())
}

/// Sets up and opens JupyterLab.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let root = project_root()?;
    let path = tool_path();
    let cargo = find_tool("cargo", &path).ok_or_else(|| {
        Failure::new("cargo not found: install Rust from https://rustup.rs, then run this again")
    })?;

    // 1. Python and JupyterLab in a virtual environment.
    let venv = args.venv.clone().unwrap_or_else(|| root.join(".venv"));
    let python = venv_tool(&venv, "python");
    if !python.is_file() {
        if !succeeds(Command::new(&args.python).arg("--version")) {
            return Err(Failure::new(format!(
                "Python 3 not found ('{}'): install Python 3 (Debian/Ubuntu: apt install python3 python3-venv), then run this again",
                args.python
            )));
        }
        say(
            out,
            format!("making a Python virtual environment in {}", venv.display()),
        )?;
        execute(
            Command::new(&args.python).arg("-m").arg("venv").arg(&venv),
            "making the virtual environment (Debian/Ubuntu need: apt install python3-venv)",
        )?;
    }
    if !succeeds(Command::new(&python).args(["-m", "pip", "--version"])) {
        return Err(Failure::new(format!(
            "pip is missing in {}: install it (Debian/Ubuntu: apt install python3-pip python3-venv), delete that folder, and run this again",
            venv.display()
        )));
    }
    if !succeeds(Command::new(&python).args(["-c", "import jupyterlab, nbclient, nbconvert"])) {
        say(
            out,
            "installing JupyterLab into the virtual environment (a minute or two)",
        )?;
        execute(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    "-r",
                ])
                .arg(root.join("notebooks").join("requirements.txt")),
            "installing JupyterLab with pip",
        )?;
    }

    // 2. The Rust kernel, its sources, its registration.
    let evcxr = match find_tool("evcxr_jupyter", &path) {
        Some(found) => found,
        None => {
            say(
                out,
                "installing the Rust kernel evcxr_jupyter: this takes about 15 minutes, once",
            )?;
            execute(
                Command::new(&cargo)
                    .args(["install", "--locked", "evcxr_jupyter"])
                    .env("PATH", &path),
                "cargo install --locked evcxr_jupyter",
            )?;
            find_tool("evcxr_jupyter", &tool_path()).ok_or_else(|| {
                Failure::new("evcxr_jupyter was installed but is not in ~/.cargo/bin")
            })?
        }
    };
    match find_tool("rustup", &path) {
        Some(rustup) => {
            let installed = Command::new(&rustup)
                .args(["component", "list", "--installed"])
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).contains("rust-src"))
                .unwrap_or(false);
            if !installed {
                say(
                    out,
                    "adding the rust-src component (the kernel needs the standard library's sources)",
                )?;
                execute(
                    Command::new(&rustup).args(["component", "add", "rust-src"]),
                    "rustup component add rust-src",
                )?;
            }
        }
        None => say(
            out,
            "rustup not found: make sure the rust-src component of your toolchain is installed",
        )?,
    }
    let jupyter = venv_tool(&venv, "jupyter");
    let kernels = Command::new(&jupyter)
        .args(["kernelspec", "list", "--json"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    if !kernels.contains("\"rust\"") {
        say(out, "registering the Rust kernel with Jupyter")?;
        execute(
            Command::new(&evcxr)
                .arg("--install")
                .env("PATH", &path)
                .stdout(Stdio::null()),
            "evcxr_jupyter --install",
        )?;
    }

    // 3. Compile the setup cell once: later kernels reuse the build cache.
    say(
        out,
        "compiling the notebooks' setup cell (minutes the first time, seconds after)",
    )?;
    execute(
        Command::new(&python)
            .arg(root.join("scripts").join("notebooks.py"))
            .arg("warm")
            .env("PATH", &path),
        "warming the build cache",
    )?;
    if args.setup_only {
        say(out, "ready; start JupyterLab with `cargo run -- lab`")?;
        return Ok(());
    }

    // 4. JupyterLab on the notebooks.
    let mut lab = Command::new(&jupyter);
    lab.arg("lab")
        .arg(format!(
            "--notebook-dir={}",
            root.join("notebooks").display()
        ))
        .env("PATH", &path);
    if args.headless {
        lab.arg("--no-browser");
    }
    if let Some(port) = args.port {
        lab.arg(format!("--port={port}"));
    }
    if running_as_root() {
        lab.arg("--allow-root");
    }
    say(
        out,
        format!(
            "opening JupyterLab on {} (Ctrl-C to stop)",
            root.join("notebooks").display()
        ),
    )?;
    // JupyterLab takes over this process, so Ctrl-C in the terminal talks to it
    // alone (it asks before shutting down) instead of killing its parent first.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let error = lab.exec();
        Err(Failure::new(format!("could not start JupyterLab: {error}")))
    }
    #[cfg(not(unix))]
    execute(&mut lab, "JupyterLab")
}

/// JupyterLab refuses to run as root unless told to (containers often do).
fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
