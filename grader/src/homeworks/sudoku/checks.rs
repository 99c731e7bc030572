//! Homework 2's checks: what each Sudoku graded test asks ([`questions`])
//! and how its answers compare with the reference library `queens::sudoku`
//! ([`verdicts`]), in the student's terms.
//!
//! This runs only where no student code does. Each test is named after the
//! blank it grades (`blank_1_prune_check::…`) and asks only that blank, with
//! the sets filled by hand; the `end_to_end` tests run the handout's whole
//! search on the course's diabolical puzzles and compare it with the
//! reference (solutions, nodes).

use std::sync::OnceLock;

use queens::Cell;
use queens::sudoku::handout::unit_name;
use queens::sudoku::rules::every_unit;
use queens::sudoku::{Grid as LibraryGrid, Strategy, bank, box_of, solve};

use super::questions::{Explored, Grid, Stop, SudokuAnswer, SudokuQuestion, SudokuView};
use crate::verdict::Verdict;

/// One question of homework 2 and how its answer is judged.
type Check = crate::verdict::Check<SudokuQuestion, SudokuAnswer>;

fn check(
    question: SudokuQuestion,
    judge: impl Fn(&SudokuAnswer) -> Result<(), String> + 'static,
) -> Check {
    Check::new(question, judge)
}

/// The questions of the test `name` (none for an unknown name).
pub fn questions(name: &str) -> Vec<SudokuQuestion> {
    crate::verdict::questions(checks(name))
}

/// The verdicts of the test `name`, one per question, in order.
pub fn verdicts(name: &str) -> Vec<Verdict> {
    crate::verdict::verdicts(checks(name))
}

fn checks(name: &str) -> Vec<Check> {
    let Some((group, test)) = name.split_once("::") else {
        return Vec::new();
    };
    match group {
        "blank_1_prune_check" => prune_check(test),
        "blank_2_insert" => insert(test),
        "blank_3_delete" => delete(test),
        "end_to_end" => end_to_end(test),
        _ => Vec::new(),
    }
}

fn unexpected(answer: &SudokuAnswer) -> String {
    format!("the test process gave an answer of the wrong kind: {answer:?}")
}

/// Every cell of the grid, row by row.
fn cells() -> impl Iterator<Item = (usize, usize)> + Clone {
    (0..9).flat_map(|row| (0..9).map(move |col| (row, col)))
}

// ---- blank 1: is_taken, asked about every cell and digit ----

fn prune_check(test: &str) -> Vec<Check> {
    match test {
        "empty_sets_take_nothing" => vec![expect_taken(
            SudokuView::default(),
            "no digit on the grid".to_owned(),
            |_, _, _| false,
        )],
        "a_digit_in_a_row_is_taken_along_that_row" => (0..9)
            .flat_map(|row| [1, 5, 9].map(move |digit| (row, digit)))
            .map(|(row, digit)| {
                let sets = SudokuView::new([(row, digit)], [], []);
                expect_taken(sets, format!("a {digit} in row {row}"), move |r, _, d| {
                    r == row && d == digit
                })
            })
            .collect(),
        "a_digit_in_a_column_is_taken_down_that_column" => (0..9)
            .flat_map(|col| [2, 5, 8].map(move |digit| (col, digit)))
            .map(|(col, digit)| {
                let sets = SudokuView::new([], [(col, digit)], []);
                expect_taken(
                    sets,
                    format!("a {digit} in column {col}"),
                    move |_, c, d| c == col && d == digit,
                )
            })
            .collect(),
        "a_digit_in_a_box_is_taken_in_that_box" => (0..9)
            .flat_map(|square| [3, 5, 7].map(move |digit| (square, digit)))
            .map(|(square, digit)| {
                let sets = SudokuView::new([], [], [(square, digit)]);
                expect_taken(
                    sets,
                    format!("a {digit} in box {square}"),
                    move |r, c, d| box_of(r, c) == square && d == digit,
                )
            })
            .collect(),
        "givens_take_digits_through_all_three_sets" => [
            &[(0, 0, 5)][..],
            &[(4, 4, 1), (0, 8, 1)],
            &[(2, 3, 9), (7, 1, 4), (5, 5, 6), (8, 8, 9)],
        ]
        .into_iter()
        .map(|givens| {
            let givens = givens.to_vec();
            let what = format!("digits at {}", show_givens(&givens));
            expect_taken(SudokuView::holding(&givens), what, move |r, c, d| {
                givens.iter().any(|&(gr, gc, gd)| {
                    gd == d && (gr == r || gc == c || box_of(gr, gc) == box_of(r, c))
                })
            })
        })
        .collect(),
        _ => Vec::new(),
    }
}

/// Asks about every cell and digit with `sets`; `taken` says which ones
/// `what` takes.
fn expect_taken(
    sets: SudokuView,
    what: String,
    taken: impl Fn(usize, usize, u8) -> bool + 'static,
) -> Check {
    let shown = show_sets(&sets);
    check(SudokuQuestion::Taken { sets }, move |answer| {
        let SudokuAnswer::Taken(answers) = answer else {
            return Err(unexpected(answer));
        };
        if answers.len() != 81 * 9 {
            return Err(unexpected(answer));
        }
        let asked = cells().flat_map(|(row, col)| (1..=9).map(move |digit| (row, col, digit)));
        for ((row, col, digit), &says) in asked.zip(answers) {
            let square = box_of(row, col);
            let picture = || taken_picture(answers, digit, (row, col));
            match (taken(row, col, digit), says) {
                (true, false) => {
                    return Err(format!(
                        "with {what}, a {digit} cannot go in ({row}, {col}) (row {row}, \
                         column {col}, box {square}), but your prune check says it can; the \
                         sets are {shown}{}",
                        picture()
                    ));
                }
                (false, true) => {
                    return Err(format!(
                        "with {what}, a {digit} may go in ({row}, {col}) (row {row}, \
                         column {col}, box {square}), but your prune check says it is taken: \
                         does it look up the right key in each set? The sets are {shown}{}",
                        picture()
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    })
}

/// The grid as the student's prune check sees `digit`: `x` where it says
/// taken, `.` where free, `*` the cell the message names (`answers` holds
/// one answer per cell and digit, row by row, digits 1 to 9).
fn taken_picture(answers: &[bool], digit: u8, named: (usize, usize)) -> String {
    let mut out = format!(
        "\nwhere your prune check takes a {digit} (x), and the cell above (*):"
    );
    for row in 0..9 {
        let cells: Vec<&str> = (0..9)
            .map(|col| match (row, col) {
                at if at == named => "*",
                _ if answers[(row * 9 + col) * 9 + usize::from(digit) - 1] => "x",
                _ => ".",
            })
            .collect();
        out.push_str(&format!("\n  {}", cells.join(" ")));
    }
    out
}

// ---- blank 2: insert on empty sets, fields read back ----

#[derive(Debug, Clone, Copy)]
enum Which {
    Rows,
    Columns,
    Boxes,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Self::Rows => "row",
            Self::Columns => "column",
            Self::Boxes => "box",
        }
    }

    fn of(self, sets: &SudokuView) -> &[(usize, u8)] {
        match self {
            Self::Rows => &sets.rows,
            Self::Columns => &sets.columns,
            Self::Boxes => &sets.boxes,
        }
    }
}

fn sets(answer: &SudokuAnswer) -> Result<&SudokuView, String> {
    match answer {
        SudokuAnswer::Sets(sets) => Ok(sets),
        other => Err(unexpected(other)),
    }
}

fn expect_set(
    found: &SudokuView,
    expected: &SudokuView,
    which: Which,
    rule: &str,
) -> Result<(), String> {
    if which.of(found) == which.of(expected) {
        return Ok(());
    }
    Err(format!(
        "{rule}; your {} set is {}",
        which.name(),
        show_set(which.of(found))
    ))
}

fn expect_same_sets(found: &SudokuView, expected: &SudokuView, after: &str) -> Result<(), String> {
    for which in [Which::Rows, Which::Columns, Which::Boxes] {
        let rule = format!(
            "{after}, the {} set must be {}",
            which.name(),
            show_set(which.of(expected))
        );
        expect_set(found, expected, which, &rule)?;
    }
    Ok(())
}

fn insert(test: &str) -> Vec<Check> {
    let one = |which: Which| -> Vec<Check> {
        cells()
            .map(|(row, col)| {
                let digit = ((row + 2 * col) % 9 + 1) as u8;
                let square = box_of(row, col);
                let rule = match which {
                    Which::Rows => format!(
                        "a {digit} written in row {row} must be in the row set as ({row}, {digit})"
                    ),
                    Which::Columns => format!(
                        "a {digit} written in column {col} must be in the column set as \
                         ({col}, {digit})"
                    ),
                    Which::Boxes => format!(
                        "a {digit} written in ({row}, {col}) is in box {square} ((row / 3) * 3 + \
                         col / 3), so the box set must hold ({square}, {digit})"
                    ),
                };
                let expected = SudokuView::holding(&[(row, col, digit)]);
                let question = SudokuQuestion::Insert {
                    start: SudokuView::default(),
                    row,
                    col,
                    digit,
                };
                check(question, move |answer| {
                    expect_set(sets(answer)?, &expected, which, &rule)
                })
            })
            .collect()
    };
    match test {
        "insert_records_the_row" => one(Which::Rows),
        "insert_records_the_column" => one(Which::Columns),
        "insert_records_the_box" => one(Which::Boxes),
        "insert_keeps_the_digits_already_there" => {
            let givens = [(0, 0, 5), (0, 4, 3), (4, 0, 7), (8, 8, 5)];
            (0..givens.len())
                .map(|k| {
                    let (row, col, digit) = givens[k];
                    let placed = &givens[..=k];
                    let expected = SudokuView::holding(placed);
                    let after = format!("after inserting {}", show_givens(placed));
                    let question = SudokuQuestion::Insert {
                        start: SudokuView::holding(&givens[..k]),
                        row,
                        col,
                        digit,
                    };
                    check(question, move |answer| {
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
                let digit = ((2 * row + col) % 9 + 1) as u8;
                let rule = match which {
                    Which::Rows => {
                        format!(
                            "after deleting the {digit} of row {row}, the row set must be empty"
                        )
                    }
                    Which::Columns => format!(
                        "after deleting the {digit} of column {col}, the column set must be empty"
                    ),
                    Which::Boxes => format!(
                        "after deleting the {digit} at ({row}, {col}), box {} must be free of it",
                        box_of(row, col)
                    ),
                };
                let question = SudokuQuestion::Delete {
                    start: SudokuView::holding(&[(row, col, digit)]),
                    row,
                    col,
                    digit,
                };
                check(question, move |answer| {
                    expect_set(sets(answer)?, &SudokuView::default(), which, &rule)
                })
            })
            .collect()
    };
    match test {
        "delete_frees_the_row" => one(Which::Rows),
        "delete_frees_the_column" => one(Which::Columns),
        "delete_frees_the_box" => one(Which::Boxes),
        "delete_keeps_the_other_digits" => {
            let givens = [(0, 0, 5), (0, 4, 3), (4, 0, 7), (8, 8, 5), (1, 1, 7)];
            (0..givens.len())
                .map(|k| {
                    let (row, col, digit) = givens[k];
                    let rest: Vec<_> = givens
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != k)
                        .map(|(_, &given)| given)
                        .collect();
                    let expected = SudokuView::holding(&rest);
                    let after = format!(
                        "with {}, after deleting the {digit} at ({row}, {col})",
                        show_givens(&givens)
                    );
                    let question = SudokuQuestion::Delete {
                        start: SudokuView::holding(&givens),
                        row,
                        col,
                        digit,
                    };
                    check(question, move |answer| {
                        expect_same_sets(sets(answer)?, &expected, &after)
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

// ---- end to end: the handout's whole search, compared with the reference ----

/// A shipped puzzle the end-to-end tests use: its number in the bank (from
/// 1), the grid, the reference's solution and naive node count.
#[derive(Debug, Clone)]
struct Puzzle {
    number: usize,
    grid: Grid,
    solution: Grid,
    nodes: u64,
}

/// The shipped puzzles whose naive search takes at most 5,000 nodes (the
/// tests' time limit is 5 s), solved by the reference once per process.
fn puzzles() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        bank::diabolical()
            .into_iter()
            .enumerate()
            .filter_map(|(index, line)| {
                let solved = solve(&line.grid, Strategy::Naive);
                let solution = solved.solution.filter(|_| solved.nodes <= 5_000)?;
                Some(Puzzle {
                    number: index + 1,
                    grid: grid_of(&line.grid),
                    solution: grid_of(&solution),
                    nodes: solved.nodes,
                })
            })
            .collect()
    })
}

fn grid_of(grid: &LibraryGrid) -> Grid {
    let mut cells = [[0; 9]; 9];
    for (i, &digit) in grid.digits().iter().enumerate() {
        cells[i / 9][i % 9] = digit;
    }
    cells
}

fn line_of(grid: &Grid) -> String {
    grid.iter().flatten().map(|d| d.to_string()).collect()
}

/// The first rule a wrong solution of `puzzle` breaks, and the blank it
/// points to: an empty cell, a given overwritten, a digit twice in a row,
/// column or box; else the first cell where it differs from `solution`.
fn what_is_wrong(puzzle: &Grid, found: &Grid, solution: &Grid) -> String {
    if let Some((row, col)) = cells().find(|&(r, c)| !(1..=9).contains(&found[r][c])) {
        return format!(
            "Its cell ({row}, {col}) holds {}, not a digit 1 to 9: is a digit rubbed out \
             without being written again?",
            found[row][col]
        );
    }
    if let Some((row, col)) = cells().find(|&(r, c)| puzzle[r][c] != 0 && found[r][c] != puzzle[r][c]) {
        return format!(
            "Its cell ({row}, {col}) is a given {} and holds {}: the search wrote over a given",
            puzzle[row][col], found[row][col]
        );
    }
    for unit in every_unit() {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for cell in unit.cells() {
            let digit = usize::from(found[cell.row][cell.col]);
            if let Some(first) = seen[digit] {
                return format!(
                    "It has two {digit}s in {}, at ({}, {}) and ({}, {}): the prune check let \
                     the second through (blank 1), or insert did not record the first (blank 2)",
                    unit_name(unit),
                    first.row,
                    first.col,
                    cell.row,
                    cell.col
                );
            }
            seen[digit] = Some(cell);
        }
    }
    match cells().find(|&(r, c)| found[r][c] != solution[r][c]) {
        Some((row, col)) => format!(
            "They first differ at ({row}, {col}): yours has {}, the reference's {}",
            found[row][col], solution[row][col]
        ),
        None => String::new(),
    }
}

/// Explores with the reference's node count as the budget: a prune check
/// that prunes too little stops at once.
fn explore(puzzle: &Grid, budget: u64) -> SudokuQuestion {
    SudokuQuestion::Explore {
        puzzle: *puzzle,
        budget,
    }
}

/// The exploration, or why it stopped, in the student's terms.
fn explored<'a>(name: &str, budget: u64, answer: &'a SudokuAnswer) -> Result<&'a Explored, String> {
    match answer {
        SudokuAnswer::Explored(explored) => Ok(explored),
        SudokuAnswer::Stopped(Stop::OverBudget) => Err(format!(
            "{name}: your search explored more than {budget} nodes (the reference needs \
             {budget}): is the prune check pruning? Does insert record all three keys (row, \
             column, box)? Does delete forget too much?"
        )),
        SudokuAnswer::Stopped(Stop::GivensClash) => Err(format!(
            "{name}: your prune check says the givens clash, and they do not: does it look up \
             the right keys, and does insert record the right ones?"
        )),
        other => Err(unexpected(other)),
    }
}

fn end_to_end(test: &str) -> Vec<Check> {
    match test {
        "solutions_match_the_reference" => puzzles()
            .iter()
            .map(|puzzle| {
                let Puzzle {
                    number,
                    solution,
                    nodes,
                    ..
                } = puzzle.clone();
                check(explore(&puzzle.grid, nodes), move |answer| {
                    let name = format!("puzzle {number}");
                    let exploration = explored(&name, nodes, answer)?;
                    match exploration.solutions[..] {
                        [found] if found == solution => Ok(()),
                        [found] => Err(format!(
                            "puzzle {number}: your solution is {}; the reference's is {}. {}",
                            line_of(&found),
                            line_of(&solution),
                            what_is_wrong(&puzzle.grid, &found, &solution)
                        )),
                        _ => Err(format!(
                            "puzzle {number} has exactly one solution, your search found {}",
                            exploration.solutions.len()
                        )),
                    }
                })
            })
            .collect(),
        "nodes_match_the_reference" => puzzles()
            .iter()
            .map(|puzzle| {
                let (number, expected) = (puzzle.number, puzzle.nodes);
                check(explore(&puzzle.grid, expected), move |answer| {
                    let name = format!("puzzle {number}");
                    let nodes = explored(&name, expected, answer)?.nodes;
                    if nodes == expected {
                        return Ok(());
                    }
                    Err(format!(
                        "puzzle {number}: your search explored {nodes} nodes; the reference \
                         explores {expected}. Fewer nodes: it prunes digits that fit, or lets \
                         clashing digits through and stops early at two wrong solutions (check \
                         the prune check's keys, the keys insert records, and that delete frees \
                         exactly one digit's keys)"
                    ))
                })
            })
            .collect(),
        "solve_sudoku_returns_the_solution" => puzzles()
            .iter()
            .take(5)
            .flat_map(|puzzle| {
                let (number, solution, nodes) = (puzzle.number, puzzle.solution, puzzle.nodes);
                let grid = puzzle.grid;
                // Fails fast (over budget) before solve_sudoku, which has no budget.
                [
                    check(explore(&puzzle.grid, nodes), move |answer| {
                        explored(&format!("puzzle {number}"), nodes, answer).map(|_| ())
                    }),
                    check(
                        SudokuQuestion::Solve {
                            puzzle: puzzle.grid,
                        },
                        move |answer| match answer {
                            SudokuAnswer::Solved(Some(found)) if *found == solution => Ok(()),
                            SudokuAnswer::Solved(Some(found)) => Err(format!(
                                "puzzle {number}: solve_sudoku returned {}; the solution is {}. {}",
                                line_of(found),
                                line_of(&solution),
                                what_is_wrong(&grid, found, &solution)
                            )),
                            SudokuAnswer::Solved(None) => {
                                Err(format!("puzzle {number}: solve_sudoku found no solution"))
                            }
                            other => Err(unexpected(other)),
                        },
                    ),
                ]
            })
            .collect(),
        "no_solution_and_two_solutions" => {
            // Row 0 holds 1 to 8 and column 8 a 9: the cell (0, 8) has no digit left.
            let stuck: Option<LibraryGrid> =
                format!("{}{}{}", "123456780", "000000009", "0".repeat(63))
                    .parse()
                    .ok();
            let empty = LibraryGrid::empty();
            let stuck_nodes = stuck
                .as_ref()
                .map_or(0, |g| solve(g, Strategy::Naive).nodes);
            let empty_nodes = solve(&empty, Strategy::Naive).nodes;
            vec![
                check(
                    explore(&stuck.as_ref().map_or([[0; 9]; 9], grid_of), stuck_nodes),
                    move |answer| {
                        let exploration = explored("this grid", stuck_nodes, answer)?;
                        if !exploration.solutions.is_empty() || exploration.nodes != stuck_nodes {
                            return Err(format!(
                                "a grid whose cell (0, 8) has no digit left has no solution: \
                                 the reference explores {stuck_nodes} node(s) and finds none; \
                                 yours explored {} and found {}",
                                exploration.nodes,
                                exploration.solutions.len()
                            ));
                        }
                        Ok(())
                    },
                ),
                check(explore(&grid_of(&empty), empty_nodes), move |answer| {
                    let exploration = explored("the empty grid", empty_nodes, answer)?;
                    if exploration.solutions.len() != 2 || exploration.nodes != empty_nodes {
                        return Err(format!(
                            "on the empty grid the reference finds 2 solutions in \
                             {empty_nodes} nodes; your search found {} in {} nodes",
                            exploration.solutions.len(),
                            exploration.nodes
                        ));
                    }
                    Ok(())
                }),
            ]
        }
        "steps_replay_the_search" => puzzles()
            .first()
            .map(|puzzle| {
                let (number, nodes) = (puzzle.number, puzzle.nodes);
                check(explore(&puzzle.grid, nodes), move |answer| {
                    let exploration = explored(&format!("puzzle {number}"), nodes, answer)?;
                    let Explored {
                        places,
                        prunes,
                        backtracks,
                        solution_steps,
                        ..
                    } = *exploration;
                    let nodes = usize::try_from(exploration.nodes).map_err(|e| e.to_string())?;
                    if places + 1 != nodes || backtracks != places || solution_steps != 1 {
                        return Err(format!(
                            "puzzle {number}: the steps do not replay the search: {places} \
                             places, {backtracks} backtracks, {solution_steps} solutions for \
                             {nodes} nodes (every node but the root is one place, and one \
                             backtrack undoes it)"
                        ));
                    }
                    if places + prunes != 9 * (nodes - 1) {
                        return Err(format!(
                            "puzzle {number}: every node but the solution tries the 9 digits, \
                             so places and prunes should add up to {}; they add up to {}",
                            9 * (nodes - 1),
                            places + prunes
                        ));
                    }
                    Ok(())
                })
            })
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

// ---- how to show the sets ----

/// A set, sorted: `{(0, 5), (4, 3)}`.
fn show_set(items: &[(usize, u8)]) -> String {
    let items: Vec<String> = items.iter().map(|(i, d)| format!("({i}, {d})")).collect();
    format!("{{{}}}", items.join(", "))
}

fn show_sets(sets: &SudokuView) -> String {
    format!(
        "rows {}, columns {}, boxes {}",
        show_set(&sets.rows),
        show_set(&sets.columns),
        show_set(&sets.boxes)
    )
}

/// `a 5 at (0, 0), a 3 at (0, 4)`.
fn show_givens(givens: &[(usize, usize, u8)]) -> String {
    let shown: Vec<String> = givens
        .iter()
        .map(|(row, col, digit)| format!("a {digit} at ({row}, {col})"))
        .collect();
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_has_questions() {
        for test in super::super::TESTS {
            assert!(!questions(test.name).is_empty(), "{}", test.name);
            assert_eq!(verdicts(test.name).len(), questions(test.name).len());
        }
        assert!(verdicts("blank_1_prune_check::x").is_empty());
    }

    #[test]
    fn a_wrong_solution_is_told_by_the_first_rule_it_breaks() {
        let Puzzle { grid, solution, .. } = puzzles()[0].clone();
        let said = |found: &Grid| what_is_wrong(&grid, found, &solution);
        let mut empty = solution;
        empty[4][5] = 0;
        assert!(said(&empty).starts_with("Its cell (4, 5) holds 0"), "{}", said(&empty));
        // A given overwritten, by a digit that clashes too: the given is named.
        let (row, col) = cells().find(|&(r, c)| grid[r][c] != 0).unwrap();
        let mut over = solution;
        over[row][col] = solution[row][col] % 9 + 1;
        assert!(said(&over).contains(&format!("({row}, {col}) is a given")), "{}", said(&over));
        // Two cells of a row swapped where neither is a given: both columns
        // now hold a digit twice.
        let (r, a, b) = (0..9)
            .flat_map(|r| (0..9).flat_map(move |a| (a + 1..9).map(move |b| (r, a, b))))
            .find(|&(r, a, b)| grid[r][a] == 0 && grid[r][b] == 0)
            .unwrap();
        let mut swapped = solution;
        swapped[r].swap(a, b);
        let message = said(&swapped);
        assert!(message.contains(&format!("two {}s in column {a}", swapped[r][a])), "{message}");
        assert!(message.contains("blank 1"), "{message}");
        assert_eq!(said(&solution), "");
    }

    #[test]
    fn the_end_to_end_tests_use_several_puzzles() {
        assert!(puzzles().len() >= 5, "{}", puzzles().len());
    }
}
