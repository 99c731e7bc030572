//! `queens render`: the notebooks' pictures from the command line.

use assert_cmd::Command;

use crate::svg;
use svg::{QUEEN, count, texts};

fn queens() -> Command {
    Command::cargo_bin("queens").expect("the queens binary")
}

#[test]
fn render_writes_the_same_picture_to_a_file() {
    let dir = std::env::temp_dir().join(format!("queens-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    queens()
        .args(["render", "board", "4", "--queens", "1,3", "-o"])
        .arg(&file)
        .assert()
        .success()
        .stdout("");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(count(&svg, "polygon", QUEEN), 2);
    let tree = dir.join("tree.svg");
    queens()
        .args(["render", "tree", "4", "--output"])
        .arg(&tree)
        .assert()
        .success();
    assert!(texts(&std::fs::read_to_string(&tree).unwrap()).contains("17 nodes"));
    let nodes = queens()
        .args(["render", "nodes", "--to", "9"])
        .output()
        .unwrap();
    assert!(nodes.status.success());
    assert!(texts(&String::from_utf8(nodes.stdout).unwrap()).contains("2057"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_prints_text_or_a_json_summary() {
    let out = queens()
        .args(["render", "board", "4", "--queens", "1", "--text"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(". Q . .\n/ | \\ ."), "{text}");
    let out = queens()
        .args(["--json", "render", "profile", "8"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "svg");
    assert!(json["text"].as_str().unwrap().contains("2,057 nodes"));
}

#[test]
fn render_refuses_bad_requests_in_one_line() {
    for (args, expected) in [
        (
            vec!["render", "board", "4", "--queens", "1,1"],
            "(1, 1) is attacked by the column",
        ),
        (vec!["render", "tree", "9"], "too large"),
        (vec!["render", "tree", "6"], "drawing this search tree"),
        (vec!["render", "nodes", "--to", "40"], "too large"),
        (
            vec!["render", "nodes", "--from", "9", "--to", "5"],
            "larger than --to",
        ),
        (vec!["render", "solutions", "9"], "drawing every solution"),
        (
            vec!["render", "numbers", "8", "--highlight", "9,9"],
            "--highlight",
        ),
    ] {
        let out = queens().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("queens: error: "), "{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}
