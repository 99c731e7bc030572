//! One set of rules: the clickable board (`queens render board N --html`, its
//! rules in JavaScript) shows, after every move of random click sequences,
//! exactly what the library's `Playground` says for the same moves: the
//! queens, what attacks every cell, the three sets as the SVG legend writes
//! them, the free cells of every row, and the sentence of every refusal, dead
//! end and solution.
//!
//! It drives a real browser, so it is ignored by default. It needs Debian's
//! chromium (/usr/bin/chromium) and the notebooks' venv with playwright
//! (`python3 -m venv .venv && .venv/bin/pip install -r notebooks/requirements.txt`):
//!
//! ```sh
//! cargo test --test course -- --ignored board_page:: --nocapture
//! ```
//!
//! `QUEENS_PYTHON` picks another Python, `QUEENS_BOARD_SEED` another seed.

use std::path::{Path, PathBuf};
use std::process::Command;

use queens::display::{ClickableBoard, free_label, refusal, set_legend};
use queens::notebook::playground::Playground;
use serde_json::{Value, json};

/// Sequences per board size; 5 sizes make 250 (`QUEENS_BOARD_SEQUENCES`
/// changes it, for a quick run).
fn sequences_per_n() -> usize {
    std::env::var("QUEENS_BOARD_SEQUENCES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50)
}

/// One user action on the page.
#[derive(Clone, Copy, Debug)]
enum Action {
    /// A mouse click on a cell.
    Click(usize, usize),
    /// Tab to a cell (focus) and press Enter.
    Key(usize, usize),
    Undo,
    Reset,
}

impl Action {
    fn to_json(self) -> Value {
        match self {
            Action::Click(r, c) => json!(["click", r, c]),
            Action::Key(r, c) => json!(["key", r, c]),
            Action::Undo => json!(["undo"]),
            Action::Reset => json!(["reset"]),
        }
    }
}

/// Mostly cells of the next row (that is where the game is), some anywhere,
/// some by keyboard, some undos, a few resets.
fn random_actions(rng: &mut fastrand::Rng, board: &Playground) -> Vec<Action> {
    let n = board.n();
    let mut shadow = board.clone();
    let length = rng.usize(4..=4 * n);
    let mut actions = Vec::with_capacity(length);
    for _ in 0..length {
        let next = shadow.next_row().unwrap_or(n - 1);
        let free = shadow.free_columns();
        let action = match rng.u32(0..100) {
            // A free cell half the time, so that sequences reach solutions.
            0..30 if !free.is_empty() => Action::Click(next, free[rng.usize(0..free.len())]),
            0..55 => Action::Click(next, rng.usize(0..n)),
            55..70 => Action::Key(next, rng.usize(0..n)),
            70..80 => Action::Click(rng.usize(0..n), rng.usize(0..n)),
            80..97 => Action::Undo,
            _ => Action::Reset,
        };
        apply(&mut shadow, action);
        actions.push(action);
    }
    actions
}

/// What the page must say after a move that changed the board; the same
/// cases as `Playground`'s own note, in the page's words.
fn outlook(board: &Playground) -> String {
    let free = board.available();
    match (board.next_row(), board.dead_row()) {
        (None, _) => format!(
            "All {} queens are placed: a solution, {:?}.",
            board.n(),
            board.queens()
        ),
        (Some(next), Some(dead)) if next == dead => {
            format!("Row {dead} has no free cell: a dead end. Undo and try another column.")
        }
        (Some(next), Some(dead)) => format!(
            "Row {next} still has {} free, but row {dead} has none: this branch is hopeless. \
             Undo and try another column.",
            free[next]
        ),
        (Some(next), None) => format!(
            "Row {next}: {} free cell{}.",
            free[next],
            if free[next] == 1 { "" } else { "s" }
        ),
    }
}

/// Applies `action` to the library's board; returns the page's expected
/// message and its kind (`move` or `refused`).
fn apply(board: &mut Playground, action: Action) -> (String, &'static str) {
    let n = board.n();
    let place = |board: &mut Playground, row: usize, col: usize| match board.next_row() {
        None => (
            "Every row already has a queen: Undo takes one back, Reset empties the board."
                .to_owned(),
            "refused",
        ),
        Some(next) if row < next => (
            format!("Row {row} already has its queen; the next one goes in row {next}."),
            "refused",
        ),
        Some(next) if row > next => (
            format!(
                "Not yet: queens go row by row from the top, and the next one goes in row {next}."
            ),
            "refused",
        ),
        Some(_) => match board.try_place(col) {
            Ok(_) => (
                format!("Placed a queen on ({row}, {col}). {}", outlook(board)),
                "move",
            ),
            Err(_) => (refusal(row, col, board.attack(row, col)), "refused"),
        },
    };
    match action {
        Action::Click(row, col) | Action::Key(row, col) => place(board, row, col),
        Action::Undo => match board.try_undo() {
            Ok(cell) => (
                format!(
                    "Took back the queen on ({}, {}). {}",
                    cell.row,
                    cell.col,
                    outlook(board)
                ),
                "move",
            ),
            Err(_) => ("There is no queen to take back.".to_owned(), "refused"),
        },
        Action::Reset => {
            board.reset();
            (format!("An empty board: row 0 has {n} free cells."), "move")
        }
    }
}

/// Everything the page shows, as the library computes it.
fn expected_state(board: &Playground, message: String, kind: &str) -> Value {
    let n = board.n();
    let placed = board.queens().len();
    let free = board.available();
    let cells: Vec<Vec<String>> = (0..n)
        .map(|row| {
            (0..n)
                .map(|col| {
                    if board.queens().get(row) == Some(&col) {
                        "Q".to_owned()
                    } else if row < placed {
                        ".".to_owned()
                    } else {
                        let symbols: String = board
                            .attack(row, col)
                            .constraints()
                            .map(|c| match c {
                                queens::Constraint::Column => '|',
                                queens::Constraint::Diagonal => '\\',
                                queens::Constraint::AntiDiagonal => '/',
                            })
                            .collect();
                        if symbols.is_empty() {
                            ".".to_owned()
                        } else {
                            symbols
                        }
                    }
                })
                .collect()
        })
        .collect();
    let state = if board.is_solved() {
        "solved"
    } else if board.is_dead_end() {
        "dead-end"
    } else {
        "playing"
    };
    json!({
        "message": message,
        "kind": kind,
        "state": state,
        "dead_row": board.dead_row(),
        "queens": board.queens(),
        "sets": set_legend(board.sets()),
        "free": (0..n).map(|row| free_label(row < placed, free[row])).collect::<Vec<_>>(),
        "cells": cells,
    })
}

fn python() -> PathBuf {
    std::env::var_os("QUEENS_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python"))
}

#[test]
#[ignore = "drives chromium through the venv's playwright: cargo test --test course -- --ignored board_page::"]
fn the_page_agrees_with_the_playground_on_random_clicks() {
    let seed = std::env::var("QUEENS_BOARD_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let mut rng = fastrand::Rng::with_seed(seed);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-page");
    std::fs::create_dir_all(&dir).unwrap();

    let mut pages = serde_json::Map::new();
    let mut sequences = Vec::new();
    let mut expected = Vec::new();
    for n in 4..=8 {
        let page = dir.join(format!("board-{n}.html"));
        std::fs::write(&page, ClickableBoard::new(n).unwrap().page()).unwrap();
        pages.insert(n.to_string(), json!(page));
        for _ in 0..sequences_per_n() {
            let mut board = Playground::new(n);
            let actions = random_actions(&mut rng, &board);
            let states: Vec<Value> = actions
                .iter()
                .map(|&action| {
                    let (message, kind) = apply(&mut board, action);
                    expected_state(&board, message, kind)
                })
                .collect();
            sequences.push(json!({
                "n": n,
                "actions": actions.iter().map(|a| a.to_json()).collect::<Vec<_>>(),
            }));
            expected.push(states);
        }
    }
    let moves = dir.join("moves.json");
    let report = dir.join("report.json");
    std::fs::write(
        &moves,
        json!({"pages": pages, "sequences": sequences}).to_string(),
    )
    .unwrap();

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/board_page_check.py");
    let status = Command::new(python())
        .arg(&script)
        .arg(&moves)
        .arg(&report)
        .status()
        .expect("run the venv's python (see this file's header)");
    assert!(status.success(), "{} failed: {status}", script.display());
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["requests"], json!([]), "the page asked the network");
    assert_eq!(report["errors"], json!([]), "the page's script threw");
    let seen = report["sequences"].as_array().unwrap();
    assert_eq!(seen.len(), expected.len());

    let mut disagreements = Vec::new();
    let (mut moves_made, mut refusals, mut dead_ends, mut solutions) = (0, 0, 0, 0);
    for (i, (want, got)) in expected.iter().zip(seen).enumerate() {
        let got = got.as_array().unwrap();
        assert_eq!(want.len(), got.len(), "sequence {i}: one state per action");
        for (step, (want, got)) in want.iter().zip(got).enumerate() {
            moves_made += 1;
            refusals += usize::from(want["kind"] == "refused");
            dead_ends += usize::from(want["state"] == "dead-end" && want["kind"] == "move");
            solutions += usize::from(want["state"] == "solved" && want["kind"] == "move");
            if want != got {
                disagreements.push(format!(
                    "sequence {i} ({}), step {step} ({}):\n  library {want}\n  page    {got}",
                    sequences[i]["n"], sequences[i]["actions"][step]
                ));
            }
        }
    }
    println!(
        "{} sequences over n = 4..8, {moves_made} actions ({refusals} refused, {dead_ends} \
         moves into a dead end, {solutions} into a solution), {} disagreements",
        expected.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements; the first:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(5)].join("\n")
    );
}
