//! The editor and environment conventions: the pinned toolchain, the editor's
//! recommended extensions, and the dev container, whose commands are
//! README's own (as `workflows.rs` holds CI to `.ci/run`).

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    queens_grader::course::course_root()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

/// README's set-up command that prepares everything without starting JupyterLab.
const SET_UP: &str = "cargo run -- lab --setup-only";

#[test]
fn the_toolchain_is_pinned_with_what_the_course_needs() {
    let text = read("rust-toolchain.toml");
    let file: toml_edit::DocumentMut = text.parse().expect("rust-toolchain.toml is TOML");
    let channel = file["toolchain"]["channel"].as_str().expect("a channel");
    // A release, x.y.z: the exact toolchain tested, installed offline once
    // rustup has it (a bare "1.95" is a toolchain of its own to download).
    assert_eq!(channel.split('.').count(), 3, "{channel}");
    assert!(
        channel.split('.').all(|part| part.parse::<u32>().is_ok()),
        "{channel}"
    );
    let components: Vec<&str> = file["toolchain"]["components"]
        .as_array()
        .expect("components")
        .iter()
        .filter_map(|c| c.as_str())
        .collect();
    for needed in ["rust-src", "rustfmt", "clippy"] {
        assert!(
            components.contains(&needed),
            "{needed} missing: {components:?}"
        );
    }
    // The container starts from the same release.
    let dockerfile = read(".devcontainer/Dockerfile");
    assert!(
        dockerfile.contains(&format!("FROM rust:{channel}-")),
        "the Dockerfile's image is not Rust {channel}"
    );
    // This very test runs on it.
    let rustc = std::process::Command::new("rustc")
        .arg("--version")
        .current_dir(root())
        .output()
        .expect("rustc runs");
    let version = String::from_utf8_lossy(&rustc.stdout);
    assert!(
        version.starts_with(&format!("rustc {channel} ")),
        "{version}"
    );
}

#[test]
fn the_editor_is_told_to_recommend_rust_analyzer_and_jupyter() {
    let recommended = json(".vscode/extensions.json")["recommendations"].clone();
    let container =
        json(".devcontainer/devcontainer.json")["customizations"]["vscode"]["extensions"].clone();
    for list in [recommended, container] {
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(names.contains(&"rust-lang.rust-analyzer"), "{names:?}");
        assert!(names.contains(&"ms-toolsai.jupyter"), "{names:?}");
    }
}

#[test]
fn the_dev_container_runs_readmes_own_set_up() {
    let readme = read("README.md");
    let set_up = &readme[readme.find("## Set-up").expect("README's set-up")..];
    let set_up = &set_up[..set_up[3..]
        .find("\n## ")
        .map_or(set_up.len(), |end| end + 3)];
    assert!(set_up.contains(SET_UP), "README's set-up names `{SET_UP}`");
    assert!(
        set_up.contains(".devcontainer"),
        "README's set-up names the dev container"
    );

    let container = json(".devcontainer/devcontainer.json");
    assert_eq!(container["build"]["dockerfile"], "Dockerfile");
    assert_eq!(container["build"]["context"], "..");
    assert_eq!(container["postCreateCommand"], SET_UP);
    assert!(root().join(".devcontainer/Dockerfile").is_file());

    let dockerfile = read(".devcontainer/Dockerfile");
    let runs: Vec<&str> = dockerfile
        .lines()
        .filter_map(|line| line.trim().strip_prefix("RUN "))
        .collect();
    assert_eq!(
        runs.last(),
        Some(&SET_UP),
        "the image's last step: {runs:?}"
    );
    // README asks for Python 3 with venv and pip: the image installs them.
    for package in ["python3", "python3-venv", "python3-pip"] {
        assert!(
            dockerfile.split_whitespace().any(|word| word == package),
            "the image lacks {package}"
        );
    }
    // The image's copy leaves the build outputs out.
    let ignored = read(".devcontainer/Dockerfile.dockerignore");
    for dir in ["target", ".venv"] {
        assert!(ignored.lines().any(|line| line.trim() == dir), "{dir}");
    }
}
