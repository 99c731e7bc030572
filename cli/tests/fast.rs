//! The fast strategies from the command line.

use assert_cmd::Command;
use queens_fastest::count::select::{ENV, Kernel};

fn queens() -> Command {
    let mut command = Command::cargo_bin("queens").unwrap();
    // A kernel forced in the caller's environment would change what is tested.
    command.env_remove(ENV);
    command
}

fn json(out: &assert_cmd::assert::Assert) -> serde_json::Value {
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

fn one_line_error(out: &assert_cmd::assert::Assert) -> String {
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn the_cli_says_which_kernel_counted_and_why() {
    // Measured (or the only one this CPU runs): every candidate's time.
    let out = queens()
        .args(["count", "10", "--unique", "--json"])
        .assert()
        .success();
    let stats = json(&out);
    let kernel = &stats["kernel"];
    let here = Kernel::available_here();
    let name: Kernel = kernel["name"].as_str().unwrap().parse().unwrap();
    assert!(here.contains(&name), "{kernel}");
    if here.len() == 1 {
        assert_eq!(kernel["reason"], "only one available", "{kernel}");
    } else {
        assert_eq!(kernel["reason"], "measured", "{kernel}");
        let times = kernel["measured_ms"].as_object().unwrap();
        let mut timed: Vec<&str> = times.keys().map(String::as_str).collect();
        let mut expected: Vec<&str> = here.iter().map(|k| k.name()).collect();
        timed.sort();
        expected.sort();
        assert_eq!(timed, expected);
        assert!(
            times.values().all(|ms| ms.as_f64().unwrap() > 0.0),
            "{kernel}"
        );
    }
    // Forced, by name or by the environment; one this CPU lacks is refused.
    for kernel in Kernel::ALL {
        let by_flag = queens()
            .args([
                "count",
                "10",
                "--unique",
                "--json",
                "--kernel",
                kernel.name(),
            ])
            .assert();
        let by_env = queens()
            .args(["count", "10", "--unique", "--json"])
            .env(ENV, kernel.name())
            .assert();
        for out in [by_flag, by_env] {
            if kernel.available() {
                let stats = json(&out.success());
                assert_eq!(stats["solutions"], 724);
                assert_eq!(stats["kernel"]["name"], kernel.name());
                assert_eq!(stats["kernel"]["reason"], "forced");
            } else {
                let err = one_line_error(&out.code(2));
                assert!(err.contains("this CPU cannot run"), "{err}");
            }
        }
    }
    // No kernel where the constellations do not run.
    let out = queens()
        .args(["count", "6", "--strategy", "fastest", "--json"])
        .assert()
        .success();
    assert!(json(&out).get("kernel").is_none());
    let out = queens()
        .args(["count", "12", "--strategy", "fastest", "--kernel", "scalar"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("\nkernel      scalar (forced)\n"), "{text}");
}

#[test]
fn an_unknown_kernel_is_one_line_and_exit_2() {
    let out = queens()
        .args(["count", "12", "--strategy", "fastest", "--kernel", "sse"])
        .assert()
        .code(2);
    let err = one_line_error(&out);
    assert!(err.contains("invalid value 'sse' for '--kernel"), "{err}");
    let out = queens()
        .args(["count", "12"])
        .env(ENV, "sse")
        .assert()
        .code(2);
    let err = one_line_error(&out);
    assert_eq!(
        err.trim_end(),
        "queens: error: QUEENS_KERNEL: there is no kernel 'sse': use one of scalar, plain, tables, avx2, avx512"
    );
}

#[test]
fn the_cli_takes_the_fast_strategies_by_name() {
    for (name, tree) in [
        ("mirror", "mirror-halved"),
        ("symmetry", "symmetry-reduced"),
        ("parallel", "symmetry-reduced"),
        ("fastest", "symmetry-reduced"),
    ] {
        let out = queens()
            .args(["count", "6", "--strategy", name, "--json"])
            .assert()
            .success();
        let stats: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(stats["strategy"], name);
        assert_eq!(stats["tree"], tree);
        assert_eq!(stats["solutions"], 4);
    }
    let out = queens()
        .args(["count", "7", "--strategy", "fastest"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("strategy fastest (ran "), "{text}");
    assert!(text.contains("+ symmetry "), "{text}");
}

#[test]
fn the_cli_counts_unique_solutions_and_refuses_where_it_cannot() {
    let out = queens()
        .args(["count", "10", "--unique", "--json"])
        .assert()
        .success();
    let stats: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (stats["solutions"].as_u64(), stats["unique"].as_u64()),
        (Some(724), Some(92))
    );
    assert_eq!(stats["strategy"], "fastest");
    let out = queens().args(["count", "8", "--unique"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("unique      12"), "{text}");
    let out = queens()
        .args(["count", "8", "--unique", "--strategy", "bitmask"])
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(
        err.trim(),
        "queens: error: the bitmask strategy cannot count fundamental solutions (--unique); \
         use one of: symmetry, parallel, fastest"
    );
}

/// `cargo test --release -- --ignored` for the rest: the "done when" on
/// the command line (n = 16, about 10 s for Knuth's billion nodes).
#[test]
#[ignore = "heavy: n = 16 on the command line, run with --release -- --ignored"]
fn the_cli_reports_the_done_when_numbers_at_16() {
    let json = |strategy: &str| -> serde_json::Value {
        let out = queens()
            .args(["count", "16", "--strategy", strategy, "--json"])
            .assert()
            .success();
        serde_json::from_slice(&out.get_output().stdout).unwrap()
    };
    let fastest = json("fastest");
    assert_eq!(fastest["solutions"], 14_772_512);
    assert_eq!(fastest["unique"], 1_846_955);
    assert_eq!(fastest["tree"], "constellations");
    let knuth = json("bitmask");
    assert_eq!(knuth["nodes"], 1_141_190_303u64);
    assert_eq!(knuth["tree"], "knuth");
    let mirror = json("mirror");
    assert_eq!(mirror["nodes"], 570_595_152);
    assert_eq!(mirror["tree"], "mirror-halved");
}
