//! The fast strategies from the command line.

use assert_cmd::Command;

fn queens() -> Command {
    Command::cargo_bin("queens").unwrap()
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
