//! `queens render board N --html` and `queens book`: what they write, and
//! one line with exit code 2 for bad input. (The page's clicks are checked in
//! chromium by tests/board_page.rs; the site by `scripts/book.py check`.)

use assert_cmd::Command;
use predicates::prelude::*;

fn queens() -> Command {
    Command::cargo_bin("queens").unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-page-cli");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_page_is_one_self_contained_file() {
    let path = scratch("board-12.html");
    queens()
        .args(["render", "board", "12", "--html", "-o"])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    let page = std::fs::read_to_string(&path).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains(r#"data-n="12""#) && page.contains(r#"data-queens="[]""#));
    assert!(!page.contains("http") && !page.contains("<link") && !page.contains("src="));
    let json = queens()
        .args([
            "render", "board", "5", "--html", "--queens", "0,2", "--json",
        ])
        .assert()
        .success();
    let summary: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(summary["format"], "html");
    assert_eq!(summary["n"], 5);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["render", "board", "3", "--html"][..],
        &["render", "board", "13", "--html"],
        &["render", "board", "4", "--html", "--text"],
        &["render", "board", "4", "--html", "--queens", "1,2"],
        &["book", "--out", "unused-site", "--from", "no-such-folder"],
    ] {
        queens().args(args).assert().code(2).stderr(
            predicate::str::starts_with("queens: error: ").and(predicate::function(
                |text: &str| text.trim_end().lines().count() == 1,
            )),
        );
    }
    assert!(!std::path::Path::new("unused-site").exists());
}
