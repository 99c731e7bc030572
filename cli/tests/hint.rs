//! `queens hint N`: one hint at a time, from a nudge to the code, remembered
//! in a state file (here a temporary one, through `QUEENS_HINT_STATE`).

use assert_cmd::Command;
use predicates::prelude::*;
use queens_grader::course::course_root;
use queens_grader::homeworks;
use queens_grader::markers::Blank;

/// Runs `queens hint ARGS` with its state in `state`; returns stdout.
fn hint(state: &std::path::Path, args: &[&str]) -> String {
    let output = Command::cargo_bin("queens")
        .unwrap()
        .arg("hint")
        .args(args)
        .env("QUEENS_HINT_STATE", state)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The line `  hint K of N: …` of an answer.
fn shown(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|line| line.trim_start().starts_with("hint "))
        .unwrap_or_else(|| panic!("no hint in {stdout}"))
        .trim()
}

fn blanks() -> Vec<Blank> {
    let text = std::fs::read_to_string(course_root().join("exercises/hints.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn each_call_shows_the_next_hint_and_reset_starts_over() {
    let tmp = tempfile::tempdir().unwrap();
    let state = tmp.path().join("target/queens-hints.json");
    let total = blanks()[0].hints.len();
    assert!(total >= 2, "blank 1 needs hints from a nudge to the code");

    let first = hint(&state, &["1"]);
    let second = hint(&state, &["1"]);
    assert!(
        shown(&first).starts_with(&format!("hint 1 of {total}: ")),
        "{first}"
    );
    assert!(
        shown(&second).starts_with(&format!("hint 2 of {total}: ")),
        "{second}"
    );
    assert_ne!(shown(&first)[12..], shown(&second)[12..]);
    assert!(state.is_file(), "the state lives in the given file");

    // Another blank keeps its own count.
    let other = hint(&state, &["2"]);
    assert!(shown(&other).starts_with("hint 1 of "), "{other}");

    for number in 3..=total {
        let next = hint(&state, &["1"]);
        assert!(
            shown(&next).starts_with(&format!("hint {number} of {total}: ")),
            "{next}"
        );
    }
    let after = hint(&state, &["1"]);
    assert!(
        after.contains(&format!("you have seen all {total} hints")),
        "{after}"
    );

    let reset = hint(&state, &["1", "--reset"]);
    assert!(reset.contains("start again from the first"), "{reset}");
    assert_eq!(shown(&hint(&state, &["1"])), shown(&first));
    // Blank 2 was not reset.
    assert!(shown(&hint(&state, &["2"])).starts_with("hint 2 of "));
    // Without a number, every blank starts over.
    hint(&state, &["--reset"]);
    assert!(shown(&hint(&state, &["2"])).starts_with("hint 1 of "));
}

#[test]
fn all_shows_every_hint_in_order() {
    let tmp = tempfile::tempdir().unwrap();
    let state = tmp.path().join("hints.json");
    let blank = &blanks()[2];
    let out = hint(&state, &["3", "--all"]);
    let mut at = 0;
    for (number, text) in blank.hints.iter().enumerate() {
        let line = format!("hint {} of {}: {text}", number + 1, blank.hints.len());
        let found = out[at..]
            .find(&line)
            .unwrap_or_else(|| panic!("{line} in {out}"));
        at += found + line.len();
    }
    // Everything was shown.
    assert!(hint(&state, &["3"]).contains("you have seen all"));
}

/// Every homework of the registry, every blank: `hint K --exercise NAME`
/// shows that homework's first hint for the blank, and `--all` its last.
#[test]
fn every_homework_gives_its_own_hints() {
    for homework in homeworks::ALL {
        let text =
            std::fs::read_to_string(course_root().join("exercises").join(homework.hints)).unwrap();
        let blanks: Vec<Blank> = serde_json::from_str(&text).unwrap();
        assert!(!blanks.is_empty(), "{}: no blank", homework.name);
        let tmp = tempfile::tempdir().unwrap();
        let state = tmp.path().join("hints.json");
        for (k, blank) in blanks.iter().enumerate() {
            let number = (k + 1).to_string();
            let args = ["--exercise", homework.name, number.as_str()];
            let total = blank.hints.len();
            let first = hint(&state, &args);
            assert_eq!(
                shown(&first),
                format!("hint 1 of {total}: {}", blank.hints[0]),
                "{} blank {number}",
                homework.name
            );
            let all = hint(&state, &[&args[..], &["--all"]].concat());
            assert!(
                all.contains(&format!(
                    "hint {total} of {total}: {}",
                    blank.hints[total - 1]
                )),
                "{} blank {number}: {all}",
                homework.name
            );
        }
    }
}

#[test]
fn hint_refuses_a_blank_that_is_not_there_in_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    for (number, says) in [
        ("0", "there is no blank 0"),
        ("9", "there is no blank 9"),
        ("99999999999", "99999999999"),
        ("two", "two"),
    ] {
        Command::cargo_bin("queens")
            .unwrap()
            .args(["hint", number])
            .env("QUEENS_HINT_STATE", tmp.path().join("state.json"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says).and(predicate::str::contains("\n").count(1)));
    }
    assert!(!tmp.path().join("state.json").exists());
}
