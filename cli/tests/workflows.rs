//! The GitHub workflows run the project's own commands: CI is `.ci/run`, the
//! Pages deployment is `.ci/run site`, whose site part is `queens book` and
//! its check. Nothing is rebuilt in YAML, so what CI checks on a machine is
//! what GitHub runs and publishes.

use std::path::PathBuf;

use yaml_rust2::{Yaml, YamlLoader};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn workflow(name: &str) -> Yaml {
    let path = root().join(".github").join("workflows").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut docs = YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(docs.len(), 1, "{name}: one YAML document");
    docs.remove(0)
}

/// Every step of every job: (job, `uses`, `run`, the step itself).
fn steps(workflow: &Yaml) -> Vec<(String, Option<String>, Option<String>, Yaml)> {
    let jobs = workflow["jobs"].as_hash().expect("jobs");
    assert!(!jobs.is_empty(), "no jobs");
    jobs.iter()
        .flat_map(|(job, body)| {
            let job = job.as_str().unwrap().to_owned();
            let steps = body["steps"].as_vec().cloned().unwrap_or_default();
            assert!(!steps.is_empty(), "job {job} has no steps");
            steps.into_iter().map(move |step| {
                let uses = step["uses"].as_str().map(str::to_owned);
                let run = step["run"].as_str().map(str::to_owned);
                assert!(
                    uses.is_some() != run.is_some(),
                    "job {job}: a step either uses an action or runs a command: {step:?}"
                );
                (job.clone(), uses, run, step)
            })
        })
        .collect()
}

/// The actions a workflow may take: GitHub's own, each on a major version.
const ACTIONS: [&str; 6] = [
    "actions/checkout@v",
    "actions/setup-python@v",
    "actions/cache@v",
    "actions/upload-artifact@v",
    "actions/upload-pages-artifact@v",
    "actions/deploy-pages@v",
];

/// The commands of a workflow: each line of each `run`.
fn commands(workflow: &Yaml) -> Vec<String> {
    let mut found = Vec::new();
    for (job, uses, run, _) in steps(workflow) {
        if let Some(uses) = uses {
            assert!(
                ACTIONS.iter().any(|action| uses.starts_with(action)),
                "job {job} uses {uses}, not one of {ACTIONS:?}"
            );
        }
        for line in run.iter().flat_map(|run| run.lines()) {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                found.push(line.to_owned());
            }
        }
    }
    found
}

#[test]
fn ci_runs_dot_ci_run_and_nothing_else() {
    let ci = workflow("ci.yml");
    assert_eq!(commands(&ci), ["bash .ci/run"]);
    for trigger in ["push", "pull_request"] {
        assert!(
            !ci["on"][trigger].is_badvalue(),
            "ci.yml does not run on {trigger}"
        );
    }
    // A cache for cargo and one for the kernel (evcxr_jupyter, its build cache).
    let cached: Vec<String> = steps(&ci)
        .into_iter()
        .filter(|(_, uses, _, _)| {
            uses.as_deref()
                .is_some_and(|u| u.starts_with("actions/cache@"))
        })
        .map(|(_, _, _, step)| step["with"]["path"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        cached
            .iter()
            .any(|paths| paths.contains("cargo/registry") && paths.contains("target")),
        "no cache for cargo: {cached:?}"
    );
    assert!(
        cached.iter().any(|paths| paths.contains("evcxr")),
        "no cache for the kernel: {cached:?}"
    );
}

#[test]
fn pages_builds_the_site_with_dot_ci_run_and_deploys_it() {
    let pages = workflow("pages.yml");
    assert_eq!(commands(&pages), ["bash .ci/run site"]);
    let all = steps(&pages);
    let upload = all
        .iter()
        .find(|(_, uses, _, _)| {
            uses.as_deref()
                .is_some_and(|u| u.starts_with("actions/upload-pages-artifact@"))
        })
        .expect("pages.yml uploads the site");
    assert_eq!(upload.0, "build");
    assert_eq!(upload.3["with"]["path"].as_str(), Some("ci-out/site"));
    let deploy = all
        .iter()
        .find(|(_, uses, _, _)| {
            uses.as_deref()
                .is_some_and(|u| u.starts_with("actions/deploy-pages@"))
        })
        .expect("pages.yml deploys");
    assert_ne!(deploy.0, "build", "deployment is a job of its own");
    assert_eq!(
        pages["jobs"][deploy.0.as_str()]["needs"].as_str(),
        Some("build")
    );
    assert_eq!(pages["permissions"]["pages"].as_str(), Some("write"));
    assert_eq!(pages["permissions"]["id-token"].as_str(), Some("write"));
}

/// `.ci/run site` skips the blocks guarded by `if ! $site_only`: the site's
/// commands (`queens book`, its check, the notebooks it reads) are outside them.
#[test]
fn dot_ci_run_site_executes_the_notebooks_and_builds_the_site_with_queens_book() {
    let script = std::fs::read_to_string(root().join(".ci").join("run")).unwrap();
    // The `if … then` blocks at the start of a line, nested; a guard is one of them.
    let (mut open, mut guard) = (Vec::new(), None);
    let mut site = Vec::new();
    for line in script.lines() {
        if line.starts_with("if ") && line.ends_with("then") {
            if line == "if ! $site_only; then" && guard.is_none() {
                guard = Some(open.len());
            }
            open.push(line);
        } else if line == "fi" {
            open.pop().expect(".ci/run: a `fi` without its `if`");
            if guard == Some(open.len()) {
                guard = None;
            }
        } else if guard.is_none() {
            site.push(line.trim());
        }
    }
    assert!(open.is_empty(), ".ci/run: an `if` is not closed");
    let runs = |needle: &str| {
        site.iter()
            .any(|line| line.contains(needle) && !line.starts_with('#'))
    };
    for needle in [
        "scripts/notebooks.py execute --strict --html ci-out/notebooks",
        "scripts/notebooks.py execute --strict --reference --html ci-out/notebooks/reference",
        "npm ci --prefix scripts/book",
        "cargo run --quiet -- book --from ci-out/notebooks --out ci-out/site",
        "scripts/book.py check ci-out/site",
    ] {
        assert!(runs(needle), "`.ci/run site` does not run {needle}");
    }
    assert!(
        !runs("cargo test"),
        "`.ci/run site` runs tests that are CI's, not the site's"
    );
}

/// The students' workflow runs the README's two commands, as the README writes
/// them, on Linux, Windows and macOS, then grades a solved homework: nothing
/// else, so what it proves there is what a student types.
#[test]
fn the_students_workflow_runs_the_readme_s_two_commands_on_three_systems() {
    let students = workflow("students.yml");
    let job = &students["jobs"]["students"];
    let systems: Vec<&str> = job["strategy"]["matrix"]["os"]
        .as_vec()
        .expect("a matrix of systems")
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    assert_eq!(systems, ["ubuntu-latest", "windows-latest", "macos-latest"]);
    assert_eq!(job["runs-on"].as_str(), Some("${{ matrix.os }}"));
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = commands(&students);
    for command in ["cargo run -- lab --setup-only", "cargo test"] {
        assert!(
            readme.contains(&format!("`{}`", command.trim_end_matches(" --setup-only"))),
            "README: {command}"
        );
        assert!(
            commands.iter().any(|c| c == command),
            "{command} in {commands:?}"
        );
    }
    let setup = commands
        .iter()
        .position(|c| c.starts_with("cargo run -- lab"))
        .unwrap();
    let test = commands.iter().position(|c| c == "cargo test").unwrap();
    assert!(setup < test, "set-up before the tests: {commands:?}");
    assert!(
        commands
            .iter()
            .any(|c| c.starts_with("cargo run -q -- grade solutions/src/lib.rs")),
        "a solved homework graded: {commands:?}"
    );
    let copy = std::fs::read_to_string(root().join("grader/src/student_copy.rs")).unwrap();
    assert!(
        copy.contains("\".github/workflows/students.yml\""),
        "a student copy leaves the students' workflow out (it grades the reference)"
    );
}
