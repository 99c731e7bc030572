//! The command line: outputs, and every kind of bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

use crate::common;

fn queens() -> Command {
    Command::cargo_bin("queens").unwrap()
}

fn json_of(args: &[&str]) -> Value {
    let out = queens().args(args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn count_12_reports_knuths_numbers() {
    let stats = json_of(&["count", "12"]);
    assert_eq!(stats["solutions"], 14_200);
    assert_eq!(stats["nodes"], 856_189);
    let profile: Vec<u64> = serde_json::from_value(stats["profile"].clone()).unwrap();
    assert_eq!(profile, common::profile(12));
    assert_eq!(profile.iter().sum::<u64>(), 856_189);
    assert!(stats["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(stats["pruned"]["dead_end"], 0);
}

#[test]
fn count_takes_every_strategy_by_name() {
    for name in [
        "brute",
        "columns",
        "sets",
        "arrays",
        "bitmask",
        "forward-checking",
    ] {
        let stats = json_of(&["count", "6", "--strategy", name]);
        assert_eq!(stats["strategy"], name);
        assert_eq!(stats["solutions"], 4);
    }
}

#[test]
fn solve_8_prints_the_92_boards_in_the_seeds_order() {
    let boards: Vec<Vec<String>> = serde_json::from_value(json_of(&["solve", "8"])).unwrap();
    assert_eq!(boards, queens::run::solve(8).unwrap());
    assert_eq!(boards.len(), 92);
    assert_eq!(boards[0][0], "Q.......");
}

#[test]
fn solve_text_separates_boards_with_blank_lines() {
    queens()
        .args(["solve", "4"])
        .assert()
        .success()
        .stdout(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n");
}

#[test]
fn trace_prints_steps_in_text_and_json() {
    queens()
        .args(["trace", "4"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "place     (0, 0)\n  prune     (1, 0) by column\n",
        ))
        .stdout(predicate::str::contains("solution  [1, 3, 0, 2]"));
    let events = json_of(&["trace", "4"]);
    assert_eq!(events[0]["event"], "place");
}

/// Each bad input: non-zero exit, one line on stderr naming the problem, no panic.
#[test]
fn bad_input_gets_one_clear_line_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (&["count"], "required arguments were not provided: <N>"),
        (
            &["count", "abc"],
            "n must be a whole number such as 8, got 'abc'",
        ),
        (&["count", "-3"], "n must be 0 or more, got -3"),
        (&["count", "2.5"], "n must be a whole number"),
        (
            &["count", "40"],
            "n = 40 is too large for counting: it goes up to n = 32",
        ),
        (&["count", "99999999999999999999999"], "is far too large"),
        (
            &["solve", "13"],
            "n = 13 is too large for listing every board",
        ),
        (&["trace", "9"], "n = 9 is too large for tracing"),
        (
            &["count", "8", "--strategy", "fast"],
            "invalid value 'fast' for '--strategy",
        ),
        (
            &["count", "9", "--strategy", "brute"],
            "would explore 435848050 nodes",
        ),
        (
            &["trace", "4", "--strategy", "bitmask"],
            "cannot be traced cell by cell",
        ),
        (&["frobnicate"], "unknown subcommand 'frobnicate'"),
    ];
    for (args, message) in cases {
        let out = queens().args(*args).assert().failure().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("queens: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_budget_stop_prints_the_partial_statistics_then_fails() {
    let out = queens()
        .args(["count", "12", "--max-nodes", "500", "--json"])
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::contains(
            "stopped at its budget of 500 nodes",
        ));
    let partial: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(partial["nodes"], 501);
}

#[test]
fn help_and_version_succeed() {
    queens()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("count"));
    queens().arg("--version").assert().success();
}

/// A mistyped subcommand, option or value: one line that keeps clap's guess.
#[test]
fn typos_get_clap_s_suggestion_on_the_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sovle", "4"],
            "queens: error: unknown subcommand 'sovle' (did you mean 'solve'?)",
        ),
        (
            &["count", "8", "--strateg", "sets"],
            "unexpected argument '--strateg' found (did you mean '--strategy'?)",
        ),
        (
            &["count", "8", "--strategy", "sest"],
            "invalid value 'sest' for '--strategy <STRATEGY>'",
        ),
        (
            &["count", "8", "--strategy", "sest"],
            "(did you mean 'sets'?)",
        ),
        (
            &["hint", "1", "--exercise", "sudok"],
            "(did you mean 'sudoku'?)",
        ),
        (&["completions", "bsh"], "(did you mean 'bash'?)"),
    ];
    for (args, message) in cases {
        let out = queens().args(*args).assert().failure().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
    // Nothing to suggest: no empty parentheses.
    let out = queens().arg("xyzzy").assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(!stderr.contains("did you mean"), "{stderr}");
}

/// `queens completions SHELL` prints a script that names every subcommand.
#[test]
fn completions_for_each_shell_name_every_subcommand() {
    for (shell, looks_like) in [
        ("bash", "complete -F _queens"),
        ("zsh", "#compdef queens"),
        ("fish", "complete -c queens"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = queens().args(["completions", shell]).assert().success();
        let script = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(script.contains(looks_like), "{shell}: {script}");
        for subcommand in ["solve", "watch", "hint", "grade", "completions"] {
            assert!(script.contains(subcommand), "{shell} lacks {subcommand}");
        }
    }
    // bash reads the script without a syntax error.
    let out = queens().args(["completions", "bash"]).assert().success();
    let script = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("queens.bash");
    std::fs::write(&file, script).unwrap();
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&file)
        .status()
        .expect("bash runs");
    assert!(checked.success());
    queens()
        .args(["completions", "bash", "--json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no --json"));
}
