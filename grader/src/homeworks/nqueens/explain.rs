//! Why an answer of homework 1 differs from the reference's, in the
//! student's terms: the cell the prune check gets wrong, the set `insert` or
//! `delete` leaves wrong, the first board or the first step where the search
//! leaves the reference's (drawn on the board).
//!
//! Only the difference is explained: the reference's answer is data
//! (`answers.json`), never recomputed here.

use queens::board::placement;
use queens::notebook::feedback::first_difference;
use queens::report::trace::Event;

use super::questions::{Answer, N, Question, SetsView};
use crate::explanation::{Difference, Explanation, Row, board, counted};
use crate::verdict::show_set;

/// Why `row - col` needs a signed type.
pub const SIGN: &str = "row - col is negative above the main diagonal (the cell (0, 3) is on \
diagonal -3), and a usize cannot go below zero: compute the diagonal on a signed type, \
`row as Diagonal - col as Diagonal`, with `Diagonal` a signed integer such as isize.";

/// What every blank could get wrong when the search explores too much.
const PRUNES_TOO_LITTLE: &str = "is the prune check pruning? Does insert record all three \
keys (column, row - col, row + col)? Does delete forget too much?";

/// Homework 1's explainer.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    if let Answer::CannotHold(key) = yours {
        return Some(Explanation::text(format!(
            "your Diagonal type cannot hold the diagonal {key}: {SIGN}"
        )));
    }
    let text = match (&question, &reference, &yours) {
        (Question::Attacks { sets }, Answer::Attacks(right), Answer::Attacks(said)) => {
            attacks(sets, right, said)?
        }
        (
            Question::Insert {
                start, row, col, ..
            },
            Answer::Sets(right),
            Answer::Sets(found),
        ) => sets(Step::Insert, (*row, *col), start, right, found),
        (
            Question::Delete {
                start, row, col, ..
            },
            Answer::Sets(right),
            Answer::Sets(found),
        ) => sets(Step::Delete, (*row, *col), start, right, found),
        (Question::Boards { n, budget } | Question::Nodes { n, budget }, _, Answer::OverBudget) => {
            format!(
                "for n = {n} your search explored more than {budget} nodes (the reference needs \
                 {budget}) — {PRUNES_TOO_LITTLE}"
            )
        }
        (
            Question::Boards { n, .. } | Question::Solve { n },
            Answer::Boards(right),
            Answer::Boards(found),
        ) => boards(*n, found, right)?,
        (Question::Nodes { n, .. }, Answer::Nodes(right), Answer::Nodes(found)) => format!(
            "for n = {n} your search explored {found} nodes; the reference explores {right}. \
             {}",
            if found < right {
                "Fewer nodes: it prunes cells that are not attacked — check the keys that \
                 insert records, that the prune check looks up, and that delete frees exactly \
                 one queen's keys"
            } else {
                PRUNES_TOO_LITTLE
            }
        ),
        (Question::Trace { n, .. }, Answer::Steps(right), Answer::Steps(found)) => {
            return steps(*n, right, found);
        }
        (Question::Trace { n, .. }, _, Answer::OverBudget) => format!(
            "for n = {n} your search did not end within the nodes allowed — {PRUNES_TOO_LITTLE}"
        ),
        _ => return None,
    };
    Some(Explanation::text(text))
}

/// The first cell whose prune check differs from the reference's.
fn attacks(sets: &SetsView, right: &[bool], said: &[bool]) -> Option<String> {
    let at = right.iter().zip(said).position(|(r, s)| r != s)?;
    let (row, col) = (at / N, at % N);
    let keys = format!(
        "column {col}, diagonal {}, anti-diagonal {}",
        row as i64 - col as i64,
        row + col
    );
    let sets = shown_sets(sets);
    Some(if right[at] {
        format!(
            "with the sets {sets}, the cell ({row}, {col}) is attacked ({keys}), but your prune \
             check says it is free"
        )
    } else {
        format!(
            "with the sets {sets}, the cell ({row}, {col}) is free ({keys}), but your prune check \
             says it is attacked: does it look up the right key in each set?"
        )
    })
}

/// What was done to the sets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Insert,
    Delete,
}

/// The first of the three sets that differs after an insert or a delete:
/// the key the queen at `(row, col)` should have added or taken out, when
/// that is what went wrong.
fn sets(
    step: Step,
    (row, col): (usize, usize),
    start: &SetsView,
    right: &SetsView,
    found: &SetsView,
) -> String {
    let (diagonal, anti) = (row as i128 - col as i128, (row + col) as i128);
    let widen = |keys: &[usize]| keys.iter().map(|&k| k as i128).collect::<Vec<_>>();
    let named = [
        (
            "column",
            col as i128,
            widen(&right.columns),
            widen(&found.columns),
        ),
        (
            "diagonal",
            diagonal,
            right.diagonals.clone(),
            found.diagonals.clone(),
        ),
        (
            "anti-diagonal",
            anti,
            widen(&right.anti_diagonals),
            widen(&found.anti_diagonals),
        ),
    ];
    let Some((which, key, right, found)) = named.into_iter().find(|(.., r, f)| r != f) else {
        return "your sets differ from the reference's".to_owned();
    };
    let line = match which {
        "column" => format!("column {key}"),
        "diagonal" => format!("diagonal {key} (row - col)"),
        _ => format!("anti-diagonal {key} (row + col)"),
    };
    let (yours, theirs) = (show_set(&found), show_set(&right));
    match step {
        Step::Insert if right.contains(&key) && !found.contains(&key) => format!(
            "a queen at ({row}, {col}) must block {line}; after insert({row}, {col}) on {}, your \
             {which} set is {yours}",
            shown_sets(start)
        ),
        Step::Delete if found.contains(&key) && !right.contains(&key) => format!(
            "after deleting the queen at ({row}, {col}), {line} must be free; your {which} set is \
             {yours}"
        ),
        Step::Insert => format!(
            "after insert({row}, {col}) on {}, the {which} set must be {theirs}; yours is {yours}",
            shown_sets(start)
        ),
        Step::Delete => format!(
            "after deleting the queen at ({row}, {col}) from {}, the {which} set must be \
             {theirs}; yours is {yours}",
            shown_sets(start)
        ),
    }
}

fn shown_sets(sets: &SetsView) -> String {
    if *sets == SetsView::default() {
        return "empty sets".to_owned();
    }
    format!(
        "columns {}, diagonals {}, anti-diagonals {}",
        show_set(&sets.columns),
        show_set(&sets.diagonals),
        show_set(&sets.anti_diagonals)
    )
}

/// The first board that differs, or the first one missing or extra.
fn boards(n: usize, found: &[Vec<String>], right: &[Vec<String>]) -> Option<String> {
    if let Some(i) = (0..found.len().min(right.len())).find(|&i| found[i] != right[i]) {
        let why = not_a_solution(n, &found[i])
            .map(|why| format!(" — yours is not a solution: {why}"))
            .unwrap_or_default();
        return Some(format!(
            "for n = {n} your board #{} is {:?}; the reference's is {:?}{why} (boards come in \
             search order: rows top to bottom, columns left to right)",
            i + 1,
            found[i],
            right[i]
        ));
    }
    let (yours, theirs) = (counted(found.len(), "board"), counted(right.len(), "board"));
    if let Some(extra) = found.get(right.len()) {
        let why = not_a_solution(n, extra).map_or_else(
            || " (a solution the reference does not list twice: a board found twice?)".to_owned(),
            |why| format!(", which is not a solution: {why}"),
        );
        return Some(format!(
            "for n = {n} your search found {yours}; the reference finds {theirs}. Your board #{} \
             is {extra:?}{why} — does the prune check miss attacks?",
            right.len() + 1
        ));
    }
    let missed = right.get(found.len())?;
    Some(format!(
        "for n = {n} your search found {yours}; the reference finds {theirs}. The first one you \
         missed is {missed:?} — does the prune check prune free cells, or delete leave keys \
         behind?"
    ))
}

/// Why `board` is not an `n`-queens solution, if it is not (the library
/// reads the board and finds the queens that attack each other).
fn not_a_solution(n: usize, board: &[String]) -> Option<String> {
    let Some(queens) = placement::parse_board(board).filter(|q| q.len() == n) else {
        return Some(format!("it is not {n} rows of one queen in {n} cells"));
    };
    let (a, b) = placement::conflicts(&queens).into_iter().next()?;
    let shared = if a.col == b.col {
        "a column"
    } else if a.row + b.col == b.row + a.col {
        "a diagonal (row - col)"
    } else {
        "an anti-diagonal (row + col)"
    };
    Some(format!("the queens at {a} and {b} share {shared}"))
}

/// The first step where the student's search leaves the reference's, with
/// the blank most likely at fault, and the board just before it.
fn steps(
    n: usize,
    right: &[queens::notebook::handout::Step],
    found: &[queens::notebook::handout::Step],
) -> Option<Explanation> {
    let yours: Vec<Event> = found.iter().map(Event::from).collect();
    let reference: Vec<Event> = right.iter().map(Event::from).collect();
    let difference = first_difference(&yours, &reference)?;
    let board = board_at(n, &difference.before, difference.yours.as_ref());
    Some(
        Explanation::text(format!("for n = {n}, {}", difference.knowing(&[])))
            .then_text("the board just before that step:")
            .then_board(board),
    )
}

/// The `n × n` board with `queens` (`queens[row] = col`), the square of the
/// student's step `yours` marked `x`, with a note on its row.
fn board_at(n: usize, queens: &[usize], yours: Option<&Event>) -> Vec<Row> {
    let step = yours.and_then(|event| match *event {
        Event::Place { row, col }
        | Event::Prune { row, col, .. }
        | Event::DeadEnd { row, col, .. }
        | Event::Backtrack { row, col } => Some((row, col, event.to_string())),
        Event::Solution { .. } => None,
    });
    let cell = |row: usize, col: usize| match (&step, queens.get(row)) {
        (Some((r, c, _)), _) if (*r, *c) == (row, col) => 'x',
        (_, Some(&queen)) if queen == col => 'Q',
        _ => '.',
    };
    board(n, cell, |row| match &step {
        Some((r, _, what)) if *r == row => format!("<- your step: {what}"),
        _ => String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_with_attacking_queens_is_named_as_no_solution() {
        let found = [vec!["Q.".to_owned(), ".Q".to_owned()]];
        let text = boards(2, &found, &[]).unwrap();
        assert!(text.contains("found 1 board;"), "{text}");
        assert!(text.contains("share a diagonal"), "{text}");
    }

    #[test]
    fn the_first_wrong_cell_is_named_with_its_keys() {
        let mut right = vec![false; N * N];
        right[N + 2] = true;
        let text = attacks(&SetsView::new([2], [], []), &right, &[false; N * N]).unwrap();
        assert!(text.contains("(1, 2) is attacked"), "{text}");
        assert!(text.contains("diagonal -1, anti-diagonal 3"), "{text}");
    }

    #[test]
    fn the_key_an_insert_or_a_delete_got_wrong_is_named() {
        let right = SetsView::holding_cells([(2, 1)]);
        let found = SetsView::new([1], [], [3]);
        let empty = SetsView::default();
        let text = sets(Step::Insert, (2, 1), &empty, &right, &found);
        assert!(text.contains("must block diagonal 1 (row - col)"), "{text}");
        let text = sets(Step::Delete, (2, 1), &right, &empty, &found);
        assert!(
            text.contains("after deleting the queen at (2, 1), column 1 must be free"),
            "{text}"
        );
    }
}
