//! `queens sudoku solve`: text, JSON lines, streamed files, threads, counts,
//! and every kind of bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

const FIRST: &str =
    "083020090000800100029300008000098700070000060006740000300006980002005000010030540";
const FIRST_SOLVED: &str =
    "183524697547869123629317458235698714471253869896741235354176982962485371718932546";
/// No clash among the givens, but r1c9 has no candidate left.
const STUCK: &str =
    "123456780000000009000000000000000000000000000000000000000000000000000000000000000";
const SHIPPED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../data/sudoku/diabolical-40.txt"
);

fn queens() -> Command {
    Command::cargo_bin("queens").unwrap()
}

/// The JSON lines `args --json` prints, one value a line.
fn json_of(args: &[&str]) -> Vec<Value> {
    let out = queens().args(args).arg("--json").assert().success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Runs `args`, expects exit 2 and one `queens: error:` line containing every
/// part of `parts`, and nothing on stdout.
fn refused(args: &[&str], parts: &[&str]) {
    let out = queens().args(args).assert().code(2).stdout("");
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("queens: error: "), "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
}

#[test]
fn text_prints_the_solved_grid_and_says_it_is_unique() {
    queens()
        .args(["sudoku", "solve", FIRST])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "1 8 3 | 5 2 4 | 6 9 7\n5 4 7 | 8 6 9 | 1 2 3\n",
        ))
        .stdout(predicate::str::contains(
            "------+-------+------\n2 3 5 | 6 9 8 | 7 1 4",
        ))
        .stdout(predicate::str::contains(
            "the only solution: fastest explored 3 nodes",
        ));
}

#[test]
fn json_is_one_object_a_line_for_every_strategy() {
    for strategy in ["naive", "mrv", "naked", "singles", "fastest"] {
        let answers = json_of(&["sudoku", "solve", FIRST, "--strategy", strategy]);
        assert_eq!(answers.len(), 1);
        let answer = answers[0].as_object().unwrap();
        let mut keys: Vec<&str> = answer.keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "elapsed_ms",
                "nodes",
                "puzzle",
                "solution",
                "solutions",
                "unique"
            ]
        );
        assert_eq!(answer["solutions"], 1);
        assert_eq!(answer["puzzle"], FIRST);
        assert_eq!(answer["solution"], FIRST_SOLVED);
        assert_eq!(answer["unique"], true);
        assert!(answer["elapsed_ms"].as_f64().unwrap() >= 0.0);
        let nodes = answer["nodes"].as_u64().unwrap();
        let expected = match strategy {
            "naive" => 21_347,
            "mrv" => 218,
            "naked" => 27,
            "singles" => 11,
            _ => 3,
        };
        assert_eq!(nodes, expected, "{strategy}");
    }
}

#[test]
fn dots_are_empty_cells_and_the_puzzle_is_echoed_with_zeros() {
    let answers = json_of(&["sudoku", "solve", &FIRST.replace('0', ".")]);
    assert_eq!(answers[0]["puzzle"], FIRST);
    assert_eq!(answers[0]["solution"], FIRST_SOLVED);
}

#[test]
fn the_shipped_file_solves_forty_unique_puzzles_with_every_strategy() {
    let mut totals = Vec::new();
    for strategy in ["naive", "mrv", "naked", "singles", "fastest"] {
        let answers = json_of(&["sudoku", "solve", "--file", SHIPPED, "-s", strategy]);
        assert_eq!(answers.len(), 40);
        let lines: Vec<u64> = answers
            .iter()
            .map(|a| a["line"].as_u64().unwrap())
            .collect();
        assert_eq!(lines, (1..=40).collect::<Vec<u64>>());
        assert_eq!(answers[0]["hash"], "00015097c6c3");
        assert!(answers.iter().all(|a| a["unique"] == true));
        assert!(
            answers
                .iter()
                .all(|a| a["solution"].as_str().unwrap().len() == 81)
        );
        totals.push(
            answers
                .iter()
                .map(|a| a["nodes"].as_u64().unwrap())
                .sum::<u64>(),
        );
    }
    // mrv explores at least ten times fewer nodes than naive, and each rung
    // after it fewer again.
    assert!(totals[1] * 10 <= totals[0], "{totals:?}");
    assert!(
        totals.windows(2).all(|pair| pair[1] < pair[0]),
        "{totals:?}"
    );
}

#[test]
fn text_for_a_file_names_each_puzzle_by_line_and_hash() {
    queens()
        .args(["sudoku", "solve", "--file", SHIPPED])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!(
            "line 1 (00015097c6c3): {FIRST_SOLVED} unique, 3 nodes\nline 2 ("
        )))
        .stdout(predicate::str::contains("line 40 ("))
        .stdout(predicate::str::contains(" unique, ").count(40));
    let out = queens()
        .args(["sudoku", "solve", "--file", SHIPPED])
        .assert()
        .success();
    assert_eq!(out.get_output().stdout.split(|&b| b == b'\n').count(), 41);
}

/// The JSON lines without their timings.
fn untimed(answers: Vec<Value>) -> Vec<Value> {
    answers
        .into_iter()
        .map(|mut answer| {
            answer.as_object_mut().unwrap().remove("elapsed_ms");
            answer
        })
        .collect()
}

#[test]
fn threads_print_the_same_answers_in_file_order() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_threads");
    std::fs::create_dir_all(&dir).unwrap();
    // More lines than a batch, so the batches are joined in order.
    let shipped = std::fs::read_to_string(SHIPPED).unwrap();
    let path = dir.join("many.txt");
    std::fs::write(&path, shipped.repeat(120)).unwrap();
    let path = path.to_str().unwrap();
    let one = untimed(json_of(&["sudoku", "solve", "--file", path]));
    let three = untimed(json_of(&[
        "sudoku",
        "solve",
        "--file",
        path,
        "--threads",
        "3",
    ]));
    assert_eq!(one.len(), 4800);
    assert_eq!(one, three);
}

#[test]
fn count_counts_solutions_up_to_a_limit() {
    // The last two rows empty: eight ways to finish the grid.
    let open = "183524697547869123629317458235698714471253869896741235354176982000000000000000000";
    for strategy in ["naive", "mrv", "naked", "singles", "fastest"] {
        let answers = json_of(&["sudoku", "solve", open, "--count", "-s", strategy]);
        assert_eq!(answers[0]["solutions"], 8, "{strategy}");
        assert_eq!(answers[0]["unique"], false);
        let capped = json_of(&["sudoku", "solve", open, "--count", "3", "-s", strategy]);
        assert_eq!(capped[0]["solutions"], 3, "{strategy}");
    }
    queens()
        .args(["sudoku", "solve", open, "--count"])
        .assert()
        .success()
        .stdout(predicate::str::contains("8 solutions (fastest explored"));
    queens()
        .args(["sudoku", "solve", open, "--count", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("at least 2 solutions (the limit)"));
    let answers = json_of(&["sudoku", "solve", FIRST, "--count", "10"]);
    assert_eq!(
        (
            answers[0]["solutions"].clone(),
            answers[0]["unique"].clone()
        ),
        (1.into(), true.into())
    );
}

#[test]
fn no_solution_is_a_result_not_an_error() {
    let answers = json_of(&["sudoku", "solve", STUCK, "--strategy", "mrv"]);
    assert_eq!(answers[0]["solution"], Value::Null);
    assert_eq!(answers[0]["unique"], false);
    assert!(answers[0]["nodes"].as_u64().unwrap() >= 1);
    queens()
        .args(["sudoku", "solve", STUCK])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "no solution: the givens do not clash",
        ));
}

#[test]
fn several_solutions_say_so() {
    let empty = "0".repeat(81);
    let answers = json_of(&["sudoku", "solve", &empty]);
    assert_eq!(answers[0]["unique"], false);
    assert_eq!(answers[0]["solution"].as_str().unwrap().len(), 81);
    queens()
        .args(["sudoku", "solve", &empty])
        .assert()
        .success()
        .stdout(predicate::str::contains("one of several solutions"));
}

#[test]
fn a_wrong_length_names_the_puzzle() {
    refused(
        &["sudoku", "solve", "12345"],
        &["puzzle '12345'", "a puzzle has 81 cells, this one has 5"],
    );
    let long = format!("{FIRST}{FIRST}");
    refused(
        &["sudoku", "solve", &long],
        &["(162 characters)", "this one has 162"],
    );
}

#[test]
fn a_bad_character_names_its_row_and_column() {
    let bad = FIRST.replacen('2', "x", 1);
    refused(
        &["sudoku", "solve", &bad, "--json"],
        &[&bad, "bad character 'x' in row 1, column 5"],
    );
}

#[test]
fn clashing_givens_name_the_clash() {
    let mut clash = STUCK.to_owned();
    clash.replace_range(8..9, "5");
    refused(
        &["sudoku", "solve", &clash],
        &["the givens clash: two 5s in row 1 (r1c5 and r1c9)"],
    );
}

#[test]
fn a_bad_line_of_a_file_names_the_file_the_line_and_the_puzzle() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzles.txt");
    let clashing = FIRST.replacen("83", "88", 1);
    std::fs::write(
        &path,
        format!("# two good, one bad\n{FIRST}\n\nabcdef123456 {clashing}  7.5\n{FIRST}\n"),
    )
    .unwrap();
    let path = path.to_str().unwrap();
    // The puzzle before the bad line is already printed; the one after is not.
    for threads in ["1", "2"] {
        let out = queens()
            .args(["sudoku", "solve", "--file", path, "--threads", threads])
            .assert()
            .code(2)
            .stdout(format!("line 2: {FIRST_SOLVED} unique, 3 nodes\n"));
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!(
                "queens: error: {path} line 4, puzzle abcdef123456: "
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains("two 8s in row 1 (r1c2 and r1c3)"),
            "{stderr}"
        );
    }
    let out = queens()
        .args(["sudoku", "solve", "--file", path, "--json"])
        .assert()
        .code(2);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let first: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(first["line"], 2);
    std::fs::write(dir.join("short.txt"), "123\n").unwrap();
    refused(
        &[
            "sudoku",
            "solve",
            "--file",
            dir.join("short.txt").to_str().unwrap(),
        ],
        &["short.txt line 1, puzzle '123'", "81 cells"],
    );
    std::fs::write(dir.join("fields.txt"), format!("a b {FIRST} 1\n")).unwrap();
    refused(
        &[
            "sudoku",
            "solve",
            "--file",
            dir.join("fields.txt").to_str().unwrap(),
        ],
        &["line 1", "found 4 fields"],
    );
    std::fs::write(dir.join("empty.txt"), "# nothing\n").unwrap();
    refused(
        &[
            "sudoku",
            "solve",
            "--file",
            dir.join("empty.txt").to_str().unwrap(),
        ],
        &["holds no puzzle"],
    );
}

#[test]
fn missing_input_and_bad_options_are_one_line_with_exit_2() {
    for args in [
        &["sudoku", "solve"][..],
        &["sudoku", "solve", FIRST, "--strategy", "dlx"],
        &["sudoku", "solve", FIRST, "--file", SHIPPED],
        &["sudoku", "solve", "--file", "/no/such/file.txt"],
        &["sudoku", "solve", FIRST, "--count", "0"],
        &["sudoku", "solve", "--file", SHIPPED, "--threads", "0"],
    ] {
        let out = queens().args(args).assert().code(2).stdout("");
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("queens: "), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_file_is_read_by_lines_of_bytes_crlf_and_a_last_line_without_newline_included() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_cli_bytes");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("crlf.txt");
    std::fs::write(
        &path,
        format!("{FIRST}\r\n\r\nabcdef123456 {FIRST} 7.2\r\n{FIRST}"),
    )
    .unwrap();
    queens()
        .args(["sudoku", "solve", "--file", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(format!(
            "line 1: {FIRST_SOLVED} unique, 3 nodes\n\
             line 3 (abcdef123456): {FIRST_SOLVED} unique, 3 nodes\n\
             line 4: {FIRST_SOLVED} unique, 3 nodes\n"
        ));
    // A line that is not UTF-8 stops the run, the puzzles before it printed.
    // So does it with threads: the batch read before it is solved first.
    let path = dir.join("latin1.txt");
    let mut bytes = format!("{FIRST}\n").into_bytes();
    bytes.extend_from_slice(b"caf\xe9\n");
    std::fs::write(&path, bytes).unwrap();
    stops_at(
        &path,
        &format!("line 1: {FIRST_SOLVED} unique, 3 nodes\n"),
        "latin1.txt line 2: stream did not contain valid UTF-8",
    );
}

/// `--file path` with one thread and with two: exit 2, `printed` on stdout
/// (the puzzles before the line it stops at), one error line with `error`.
fn stops_at(path: &std::path::Path, printed: &str, error: &str) {
    for threads in ["1", "2"] {
        let out = queens()
            .args(["sudoku", "solve", "--file", path.to_str().unwrap()])
            .args(["--threads", threads])
            .assert()
            .code(2)
            .stdout(printed.to_owned());
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{threads} threads: {stderr}");
        assert!(stderr.contains(error), "{threads} threads: {stderr}");
    }
}

/// A file with no line breaks is refused after 64 KiB, not read whole: a
/// line of 65,536 bytes with its break is the longest (a long comment
/// passes), one byte more is an error naming the line, the puzzles before it
/// printed, with or without threads.
#[test]
fn a_line_longer_than_64_kib_is_refused_without_reading_it_whole() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku_cli_long");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("long.txt");
    let longest_comment = format!("#{}", "x".repeat(65_534));
    let too_long = "7".repeat(65_536);
    std::fs::write(
        &path,
        format!("{FIRST}\n{longest_comment}\n{FIRST}\n{too_long}\n{FIRST}\n"),
    )
    .unwrap();
    stops_at(
        &path,
        &format!(
            "line 1: {FIRST_SOLVED} unique, 3 nodes\nline 3: {FIRST_SOLVED} unique, 3 nodes\n"
        ),
        "long.txt line 4 has more than 65536 bytes: not a puzzle",
    );
}
