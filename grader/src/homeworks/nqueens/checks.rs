//! Homework 1's checks: what each graded test asks ([`questions`]) and how
//! its answers compare with the reference library ([`verdicts`]), in the
//! student's terms.
//!
//! This runs only where no student code does. Each test is named after the
//! blank it grades (`blank_1_prune_check::…`) and asks only that blank; the
//! `end_to_end` tests run the whole search and compare it with the reference
//! library (boards in order, nodes explored).
//!
//! Add a test by adding it to [`super::TESTS`] and its checks to [`checks`].

use queens::Strategy;
use queens::notebook::feedback::first_difference;
use queens::report::trace::Event;

use super::questions::{Answer, N, Question, SetsView};
use crate::verdict::{Verdict, show_set};

/// Why `row - col` needs a signed type.
pub const SIGN: &str = "row - col is negative above the main diagonal (the cell (0, 3) is on \
diagonal -3), and a usize cannot go below zero: compute the diagonal on a signed type, \
`row as Diagonal - col as Diagonal`, with `Diagonal` a signed integer such as isize.";

/// One question of homework 1 and how its answer is judged.
pub type Check = crate::verdict::Check<Question, Answer>;

/// The questions of the test `name` (none for an unknown name).
pub fn questions(name: &str) -> Vec<Question> {
    crate::verdict::questions(checks(name))
}

/// The verdicts of the test `name`, one per question: a diagonal the
/// student's `Diagonal` type cannot hold is explained before any check.
pub fn verdicts(name: &str) -> Vec<Verdict> {
    let checks = checks(name)
        .into_iter()
        .map(|check| {
            let question = check.question.clone();
            Check::new(question, move |answer: &Answer| {
                if let Answer::CannotHold(key) = answer {
                    return Err(format!(
                        "your Diagonal type cannot hold the diagonal {key}: {SIGN}"
                    ));
                }
                check.judge(answer)
            })
        })
        .collect();
    crate::verdict::verdicts(checks)
}

/// The checks of the test `name`, in order.
pub fn checks(name: &str) -> Vec<Check> {
    let Some((group, test)) = name.split_once("::") else {
        return Vec::new();
    };
    match (group, test) {
        ("blank_1_prune_check", test) => prune_check(test),
        ("blank_2_insert", test) => insert(test),
        ("blank_3_delete", test) => delete(test),
        ("end_to_end", test) => end_to_end(test),
        _ => Vec::new(),
    }
}

/// Every cell of the N × N board, row by row.
fn cells() -> impl Iterator<Item = (usize, usize)> + Clone {
    (0..N).flat_map(|row| (0..N).map(move |col| (row, col)))
}

// ---- blank 1: is_attacked, asked about every cell with the sets filled by hand ----

fn prune_check(test: &str) -> Vec<Check> {
    match test {
        "empty_sets_attack_nothing" => vec![Check::new(
            Question::Attacks {
                sets: SetsView::default(),
            },
            |answer| {
                let attacks = attacks(answer)?;
                match cells().zip(attacks).find(|(_, attacked)| **attacked) {
                    Some(((row, col), _)) => Err(format!(
                        "with no queen on the board nothing is attacked, but your prune check \
                         says ({row}, {col}) is"
                    )),
                    None => Ok(()),
                }
            },
        )],
        "a_taken_column_attacks_its_cells" => (0..N)
            .map(|taken| {
                let sets = SetsView::new([taken], [], []);
                expect_attacks(sets, format!("column {taken}"), move |_, col| col == taken)
            })
            .collect(),
        "a_taken_diagonal_attacks_its_cells" => (-(N as i128 - 1)..N as i128)
            .map(|taken| {
                let sets = SetsView::new([], [taken], []);
                let what = format!("diagonal {taken} (row - col = {taken})");
                expect_attacks(sets, what, move |row, col| {
                    row as i128 - col as i128 == taken
                })
            })
            .collect(),
        "a_taken_anti_diagonal_attacks_its_cells" => (0..2 * N - 1)
            .map(|taken| {
                let sets = SetsView::new([], [], [taken]);
                let what = format!("anti-diagonal {taken} (row + col = {taken})");
                expect_attacks(sets, what, move |row, col| row + col == taken)
            })
            .collect(),
        "queens_attack_through_all_three_sets" => [&[3][..], &[1, 3], &[2, 0, 3], &[0, 4, 7, 5]]
            .into_iter()
            .map(|queens| {
                let queens = queens.to_vec();
                let what = format!("queens on {}", show_queens(&queens));
                expect_attacks(SetsView::holding(&queens), what, move |row, col| {
                    queens.iter().enumerate().any(|(r, &c)| {
                        c == col
                            || r as i64 - c as i64 == row as i64 - col as i64
                            || r + c == row + col
                    })
                })
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn attacks(answer: &Answer) -> Result<&[bool], String> {
    match answer {
        Answer::Attacks(attacks) if attacks.len() == N * N => Ok(attacks),
        other => Err(unexpected(other)),
    }
}

fn unexpected(answer: &Answer) -> String {
    format!("the test process gave an answer of the wrong kind: {answer:?}")
}

/// Asks about every cell with `sets`; `attacked` says which ones `what` attacks.
fn expect_attacks(
    sets: SetsView,
    what: String,
    attacked: impl Fn(usize, usize) -> bool + 'static,
) -> Check {
    let shown = show_sets(&sets);
    Check::new(Question::Attacks { sets }, move |answer| {
        let answers = attacks(answer)?;
        for ((row, col), &says) in cells().zip(answers) {
            match (attacked(row, col), says) {
                (true, false) => {
                    return Err(format!(
                        "with {what}, the cell ({row}, {col}) is attacked (column {col}, diagonal {}, \
                         anti-diagonal {}), but your prune check says it is free; the sets \
                         are {shown}",
                        row as i64 - col as i64,
                        row + col,
                    ));
                }
                (false, true) => {
                    return Err(format!(
                        "with {what}, the cell ({row}, {col}) is free (column {col}, diagonal {}, \
                         anti-diagonal {}), but your prune check says it is attacked: does \
                         it look up the right key in each set? The sets are {shown}",
                        row as i64 - col as i64,
                        row + col,
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    })
}

// ---- blank 2: insert on empty sets, fields read back ----

fn insert(test: &str) -> Vec<Check> {
    let one = |which: Which| -> Vec<Check> {
        cells()
            .map(|(row, col)| {
                let rule = match which {
                    Which::Columns => format!("a queen at ({row}, {col}) must block column {col}"),
                    Which::Diagonals => format!(
                        "a queen at ({row}, {col}) must block diagonal {} (row - col)",
                        row as i64 - col as i64
                    ),
                    Which::AntiDiagonals => format!(
                        "a queen at ({row}, {col}) must block anti-diagonal {} (row + col)",
                        row + col
                    ),
                };
                let expected = SetsView::holding_cells([(row, col)]);
                let question = Question::Insert {
                    start: SetsView::default(),
                    row,
                    col,
                };
                Check::new(question, move |answer| {
                    expect_set(sets(answer)?, &expected, which, &rule)
                })
            })
            .collect()
    };
    match test {
        "insert_records_the_column" => one(Which::Columns),
        "insert_records_the_diagonal" => one(Which::Diagonals),
        "insert_records_the_anti_diagonal" => one(Which::AntiDiagonals),
        "insert_keeps_the_queens_already_there" => {
            let queens = [1, 3, 0, 2];
            (0..queens.len())
                .map(|row| {
                    let placed = &queens[..=row];
                    let expected = SetsView::holding(placed);
                    let after = format!("after inserting queens at {}", show_queens(placed));
                    let question = Question::Insert {
                        start: SetsView::holding(&queens[..row]),
                        row,
                        col: queens[row],
                    };
                    Check::new(question, move |answer| {
                        expect_same_sets(sets(answer)?, &expected, &after)
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

// ---- blank 3: delete on sets filled by hand, fields read back ----

fn delete(test: &str) -> Vec<Check> {
    let one = |which: Which| -> Vec<Check> {
        cells()
            .map(|(row, col)| {
                let rule = match which {
                    Which::Columns => format!(
                        "after deleting the queen at ({row}, {col}), column {col} must be free"
                    ),
                    Which::Diagonals => format!(
                        "after deleting the queen at ({row}, {col}), diagonal {} (row - col) \
                         must be free",
                        row as i64 - col as i64
                    ),
                    Which::AntiDiagonals => format!(
                        "after deleting the queen at ({row}, {col}), anti-diagonal {} \
                         (row + col) must be free",
                        row + col
                    ),
                };
                let question = Question::Delete {
                    start: SetsView::holding_cells([(row, col)]),
                    row,
                    col,
                };
                Check::new(question, move |answer| {
                    expect_set(sets(answer)?, &SetsView::default(), which, &rule)
                })
            })
            .collect()
    };
    match test {
        "delete_frees_the_column" => one(Which::Columns),
        "delete_frees_the_diagonal" => one(Which::Diagonals),
        "delete_frees_the_anti_diagonal" => one(Which::AntiDiagonals),
        "delete_keeps_the_other_queens" => {
            let queens = [1, 3, 0, 2];
            (0..queens.len())
                .map(|row| {
                    let col = queens[row];
                    let expected = SetsView::holding_cells(
                        queens
                            .iter()
                            .copied()
                            .enumerate()
                            .filter(|&(r, _)| r != row),
                    );
                    let after = format!(
                        "with queens at {}, after deleting the one at ({row}, {col})",
                        show_queens(&queens)
                    );
                    let question = Question::Delete {
                        start: SetsView::holding(&queens),
                        row,
                        col,
                    };
                    Check::new(question, move |answer| {
                        expect_same_sets(sets(answer)?, &expected, &after)
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

#[derive(Debug, Clone, Copy)]
enum Which {
    Columns,
    Diagonals,
    AntiDiagonals,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Self::Columns => "column",
            Self::Diagonals => "diagonal",
            Self::AntiDiagonals => "anti-diagonal",
        }
    }

    fn shown(self, sets: &SetsView) -> String {
        match self {
            Self::Columns => show_set(&sets.columns),
            Self::Diagonals => show_set(&sets.diagonals),
            Self::AntiDiagonals => show_set(&sets.anti_diagonals),
        }
    }

    fn same(self, a: &SetsView, b: &SetsView) -> bool {
        match self {
            Self::Columns => a.columns == b.columns,
            Self::Diagonals => a.diagonals == b.diagonals,
            Self::AntiDiagonals => a.anti_diagonals == b.anti_diagonals,
        }
    }
}

fn sets(answer: &Answer) -> Result<&SetsView, String> {
    match answer {
        Answer::Sets(sets) => Ok(sets),
        other => Err(unexpected(other)),
    }
}

fn expect_set(
    found: &SetsView,
    expected: &SetsView,
    which: Which,
    rule: &str,
) -> Result<(), String> {
    if which.same(found, expected) {
        return Ok(());
    }
    Err(format!(
        "{rule}; your {} set is {}",
        which.name(),
        which.shown(found)
    ))
}

fn expect_same_sets(found: &SetsView, expected: &SetsView, after: &str) -> Result<(), String> {
    for which in [Which::Columns, Which::Diagonals, Which::AntiDiagonals] {
        let rule = format!(
            "{after}, the {} set must be {}",
            which.name(),
            which.shown(expected)
        );
        expect_set(found, expected, which, &rule)?;
    }
    Ok(())
}

fn show_sets(sets: &SetsView) -> String {
    format!(
        "columns {}, diagonals {}, anti-diagonals {}",
        show_set(&sets.columns),
        show_set(&sets.diagonals),
        show_set(&sets.anti_diagonals)
    )
}

/// `(0, 1), (1, 3)` for queens `[1, 3]`.
fn show_queens(queens: &[usize]) -> String {
    let cells: Vec<String> = queens
        .iter()
        .enumerate()
        .map(|(row, col)| format!("({row}, {col})"))
        .collect();
    cells.join(", ")
}

// ---- end to end: the whole search, compared with the reference library ----

/// What every blank could get wrong when the search explores too much.
const PRUNES_TOO_LITTLE: &str = "is the prune check pruning? Does insert record all three \
keys (column, row - col, row + col)? Does delete forget too much?";

fn reference_nodes(n: usize) -> u64 {
    queens::run::count(n, Strategy::Sets).map_or(u64::MAX, |stats| stats.nodes)
}

fn reference_boards(n: usize) -> Vec<Vec<String>> {
    queens::run::solve(n).unwrap_or_default()
}

/// Explores with the reference's node count as the budget: a prune check
/// that prunes too little stops at once.
fn explore(n: usize) -> Question {
    Question::Explore {
        n,
        budget: reference_nodes(n),
    }
}

/// A search as the student's blanks ran it.
struct Searched<'a> {
    boards: &'a [Vec<String>],
    nodes: u64,
    /// Places, backtracks, solutions.
    steps: [usize; 3],
}

/// The explored search, or why it stopped.
fn explored(n: usize, answer: &Answer) -> Result<Searched<'_>, String> {
    match answer {
        Answer::Explored {
            boards,
            nodes,
            places,
            backtracks,
            solutions,
        } => Ok(Searched {
            boards,
            nodes: *nodes,
            steps: [*places, *backtracks, *solutions],
        }),
        Answer::OverBudget => {
            let budget = reference_nodes(n);
            Err(format!(
                "for n = {n} your search explored more than {budget} nodes (the reference \
                 needs {budget}) — {PRUNES_TOO_LITTLE}"
            ))
        }
        other => Err(unexpected(other)),
    }
}

/// The first step where the student's search on an `n × n` board leaves the
/// reference's, explained with the blank most likely at fault
/// (`queens::notebook::feedback`). Checked on small boards before the counts,
/// so a failing end-to-end test says where the search went wrong first.
/// The blanks whose answers the end-to-end test found right so far (its
/// probes), shared by the probes and the step-by-step checks after them.
type Known = std::rc::Rc<std::cell::RefCell<Vec<usize>>>;

/// One cheap question per blank, asked before the search: a right answer
/// marks the blank as known to work (it is then not the first suspect when
/// the search goes astray); a wrong one is left to the blank's own tests and
/// never fails the end-to-end test (only a `Diagonal` type that cannot hold a
/// diagonal is said at once, as in every test).
fn probes(known: &Known) -> Vec<Check> {
    let queens = [1, 3, 0, 2];
    let holding = SetsView::holding(&queens);
    let attacks: Vec<bool> = cells()
        .map(|(row, col)| {
            queens.iter().enumerate().any(|(r, &c)| {
                c == col || r as i64 - c as i64 == row as i64 - col as i64 || r + c == row + col
            })
        })
        .collect();
    let without_row_1 = SetsView::holding_cells(
        queens.iter().copied().enumerate().filter(|&(r, _)| r != 1),
    );
    let probe = |blank: usize, question: Question, right: Answer| {
        let known = std::rc::Rc::clone(known);
        Check::new(question, move |answer| {
            if *answer == right {
                known.borrow_mut().push(blank);
            }
            Ok(())
        })
    };
    vec![
        probe(1, Question::Attacks { sets: holding.clone() }, Answer::Attacks(attacks)),
        probe(
            2,
            Question::Insert {
                start: SetsView::holding(&queens[..3]),
                row: 3,
                col: queens[3],
            },
            Answer::Sets(holding.clone()),
        ),
        probe(
            3,
            Question::Delete {
                start: holding,
                row: 1,
                col: queens[1],
            },
            Answer::Sets(without_row_1),
        ),
    ]
}

/// The first step where the student's search on an `n × n` board leaves the
/// reference's, explained with the blank most likely at fault
/// (`queens::notebook::feedback`), a blank `known` to work suspected last.
/// Checked on small boards before the counts, so a failing end-to-end test
/// says where the search went wrong first.
fn same_steps(n: usize, known: &Known) -> Check {
    // Room for a prune check that never prunes (56,000 nodes at n = 6).
    let question = Question::Trace { n, budget: 100_000 };
    let known = std::rc::Rc::clone(known);
    Check::new(question, move |answer| match answer {
        Answer::Steps(steps) => {
            let yours: Vec<Event> = steps.iter().map(Event::from).collect();
            let reference = queens::run::trace(n, Strategy::Sets).map_err(|e| e.to_string())?;
            match first_difference(&yours, &reference) {
                Some(difference) => {
                    let picture = board_at(n, &difference.before, difference.yours.as_ref());
                    Err(format!(
                        "for n = {n}, {}\n\nthe board just before that step:\n{picture}",
                        difference.knowing(&known.borrow())
                    ))
                }
                None => Ok(()),
            }
        }
        // Too many nodes: the checks that follow say so.
        Answer::OverBudget => Ok(()),
        other => Err(unexpected(other)),
    })
}

/// The `n × n` board with `queens` (`queens[row] = col`) as text, one `Q`
/// per queen, and the square of the student's step `yours` marked `x` with a
/// note: the feedback page draws it as a picture.
fn board_at(n: usize, queens: &[usize], yours: Option<&Event>) -> String {
    let step = yours.and_then(|event| match *event {
        Event::Place { row, col }
        | Event::Prune { row, col, .. }
        | Event::DeadEnd { row, col, .. }
        | Event::Backtrack { row, col } => Some((row, col, event.to_string())),
        Event::Solution { .. } => None,
    });
    (0..n)
        .map(|row| {
            let cells: Vec<&str> = (0..n)
                .map(|col| match (&step, queens.get(row)) {
                    (Some((r, c, _)), _) if (*r, *c) == (row, col) => "x",
                    (_, Some(&queen)) if queen == col => "Q",
                    _ => ".",
                })
                .collect();
            match &step {
                Some((r, _, what)) if *r == row => {
                    format!("{}  <- your step: {what}", cells.join(" "))
                }
                _ => cells.join(" "),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The probes, then the steps on the small boards.
fn probed_steps() -> Vec<Check> {
    let known = Known::default();
    let mut checks = probes(&known);
    checks.extend((4..=6).map(|n| same_steps(n, &known)));
    checks
}

fn end_to_end(test: &str) -> Vec<Check> {
    match test {
        "boards_match_the_reference_for_n_1_to_10" => probed_steps()
            .into_iter()
            .chain((1..=10).map(|n| {
                Check::new(explore(n), move |answer| {
                    let searched = explored(n, answer)?;
                    expect_boards(n, searched.boards, &reference_boards(n))
                })
            }))
            .collect(),
        "nodes_match_the_reference_for_n_1_to_10" => probed_steps()
            .into_iter()
            .chain((1..=10).map(|n| {
                Check::new(explore(n), move |answer| {
                    let nodes = explored(n, answer)?.nodes;
                    let expected = reference_nodes(n);
                    if nodes == expected {
                        return Ok(());
                    }
                    Err(format!(
                        "for n = {n} your search explored {nodes} nodes; the reference explores \
                         {expected}. Fewer nodes: it prunes cells that are not attacked — check \
                         the keys that insert records, that the prune check looks up, and that \
                         delete frees exactly one queen's keys"
                    ))
                })
            }))
            .collect(),
        "solve_n_queens_returns_the_boards" => (1..=6)
            .flat_map(|n| {
                // Fails fast (over budget) before solve_n_queens, which has no budget.
                [
                    Check::new(explore(n), move |answer| explored(n, answer).map(|_| ())),
                    Check::new(Question::Solve { n }, move |answer| match answer {
                        Answer::Boards(boards) => expect_boards(n, boards, &reference_boards(n)),
                        other => Err(unexpected(other)),
                    }),
                ]
            })
            .collect(),
        "steps_replay_the_search" => vec![Check::new(explore(6), |answer| {
            let Searched {
                boards,
                nodes,
                steps: [places, backtracks, solutions],
            } = explored(6, answer)?;
            let nodes = usize::try_from(nodes).map_err(|e| e.to_string())?;
            if places + 1 != nodes || backtracks != places || solutions != boards.len() {
                return Err(format!(
                    "for n = 6 the steps do not replay the search: {places} places, {backtracks} \
                     backtracks, {solutions} solutions for {nodes} nodes and {} boards (every \
                     node but the root is one place, and one backtrack undoes it)",
                    boards.len()
                ));
            }
            Ok(())
        })],
        _ => Vec::new(),
    }
}

fn boards(count: usize) -> String {
    if count == 1 {
        "1 board".to_owned()
    } else {
        format!("{count} boards")
    }
}

fn expect_boards(n: usize, found: &[Vec<String>], expected: &[Vec<String>]) -> Result<(), String> {
    if let Some(index) = (0..found.len().min(expected.len())).find(|&i| found[i] != expected[i]) {
        let why = not_a_solution(n, &found[index])
            .map(|why| format!(" — yours is not a solution: {why}"))
            .unwrap_or_default();
        return Err(format!(
            "for n = {n} your board #{} is {:?}; the reference's is {:?}{why} (boards come in \
             search order: rows top to bottom, columns left to right)",
            index + 1,
            found[index],
            expected[index]
        ));
    }
    if found.len() > expected.len() {
        let extra = &found[expected.len()];
        let why = not_a_solution(n, extra).map_or_else(
            || " (a solution the reference does not list twice: a board found twice?)".to_owned(),
            |why| format!(", which is not a solution: {why}"),
        );
        return Err(format!(
            "for n = {n} your search found {}; the reference finds {}. Your board #{} is \
             {extra:?}{why} — does the prune check miss attacks?",
            boards(found.len()),
            boards(expected.len()),
            expected.len() + 1
        ));
    }
    if found.len() < expected.len() {
        return Err(format!(
            "for n = {n} your search found {}; the reference finds {}. The first one you \
             missed is {:?} — does the prune check prune free cells, or delete leave keys \
             behind?",
            boards(found.len()),
            boards(expected.len()),
            expected[found.len()]
        ));
    }
    Ok(())
}

/// Why `board` is not an `n`-queens solution, if it is not.
fn not_a_solution(n: usize, board: &[String]) -> Option<String> {
    if board.len() != n {
        return Some(format!("it has {} rows, not {n}", board.len()));
    }
    let mut queens = Vec::new();
    for (row, line) in board.iter().enumerate() {
        let cols: Vec<usize> = line
            .char_indices()
            .filter(|(_, c)| *c == 'Q')
            .map(|(i, _)| i)
            .collect();
        if cols.len() != 1 || line.chars().count() != n {
            return Some(format!("row {row} is {line:?}, not one queen in {n} cells"));
        }
        queens.push((row, cols[0]));
    }
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[..i] {
            let shared = if c1 == c2 {
                "a column"
            } else if r1 as i64 - c1 as i64 == r2 as i64 - c2 as i64 {
                "a diagonal (row - col)"
            } else if r1 + c1 == r2 + c2 {
                "an anti-diagonal (row + col)"
            } else {
                continue;
            };
            return Some(format!(
                "the queens at ({r2}, {c2}) and ({r1}, {c1}) share {shared}"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_has_questions() {
        for test in super::super::TESTS {
            assert!(!questions(test.name).is_empty(), "{}", test.name);
        }
    }

    #[test]
    fn a_board_with_attacking_queens_is_named_as_no_solution() {
        let error = expect_boards(2, &[vec!["Q.".into(), ".Q".into()]], &[]).unwrap_err();
        assert!(error.contains("found 1 board;"), "{error}");
        assert!(error.contains("not a solution"), "{error}");
        assert!(error.contains("share a diagonal"), "{error}");
    }

    #[test]
    fn wrong_insert_keys_are_named_in_end_to_end_messages() {
        let check = &end_to_end("boards_match_the_reference_for_n_1_to_10")[6];
        let error = check.judge(&Answer::OverBudget).unwrap_err();
        assert!(error.contains("insert"), "{error}");
    }
}
