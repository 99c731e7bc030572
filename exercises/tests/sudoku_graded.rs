//! The graded tests of the Sudoku handout (`exercises/src/sudoku.rs`).
//!
//! Each test is named after the blank it grades (`sudoku_blank_1_prune_check::…`,
//! `sudoku_blank_2_insert::…`, `sudoku_blank_3_delete::…`) and touches only
//! that blank: it fills the three sets' fields directly, calls the one method,
//! and reads the fields back. The `sudoku_end_to_end` tests then run the whole
//! search on the course's diabolical puzzles and compare it with the reference
//! library (solutions, nodes explored).
//!
//! Each test runs in a process of its own with a time limit, so an endless
//! loop or a stack overflow fails that test instead of stopping the run.

use std::collections::HashSet;

use queens_grader::harness::Harness;

// The Sudoku handout is a file of its own, next to the N-Queens `lib.rs`.
#[path = "../src/sudoku.rs"]
#[allow(dead_code)]
mod sudoku;

use sudoku::SudokuSets;

fn main() -> std::process::ExitCode {
    Harness::new(queens_grader::graded_tests![
        sudoku_blank_1_prune_check::empty_sets_take_nothing,
        sudoku_blank_1_prune_check::a_digit_in_a_row_is_taken_along_that_row,
        sudoku_blank_1_prune_check::a_digit_in_a_column_is_taken_down_that_column,
        sudoku_blank_1_prune_check::a_digit_in_a_box_is_taken_in_that_box,
        sudoku_blank_1_prune_check::givens_take_digits_through_all_three_sets,
        sudoku_blank_2_insert::insert_records_the_row,
        sudoku_blank_2_insert::insert_records_the_column,
        sudoku_blank_2_insert::insert_records_the_box,
        sudoku_blank_2_insert::insert_keeps_the_digits_already_there,
        sudoku_blank_3_delete::delete_frees_the_row,
        sudoku_blank_3_delete::delete_frees_the_column,
        sudoku_blank_3_delete::delete_frees_the_box,
        sudoku_blank_3_delete::delete_keeps_the_other_digits,
        sudoku_end_to_end::solutions_match_the_reference,
        sudoku_end_to_end::nodes_match_the_reference,
        sudoku_end_to_end::solve_sudoku_returns_the_solution,
        sudoku_end_to_end::no_solution_and_two_solutions,
        sudoku_end_to_end::steps_replay_the_search,
    ])
    .run()
}

/// Blank 1: `is_taken`, asked about every cell and digit with the sets filled
/// by hand.
mod sudoku_blank_1_prune_check {
    use super::*;

    pub fn empty_sets_take_nothing() -> Result<(), String> {
        expect_taken(&SudokuSets::new(), "no digit on the grid", |_, _, _| false)
    }

    pub fn a_digit_in_a_row_is_taken_along_that_row() -> Result<(), String> {
        for row in 0..9 {
            for digit in [1, 5, 9] {
                let mut sets = SudokuSets::new();
                sets.rows.insert((row, digit));
                let what = format!("a {digit} in row {row}");
                expect_taken(&sets, &what, |r, _, d| r == row && d == digit)?;
            }
        }
        Ok(())
    }

    pub fn a_digit_in_a_column_is_taken_down_that_column() -> Result<(), String> {
        for col in 0..9 {
            for digit in [2, 5, 8] {
                let mut sets = SudokuSets::new();
                sets.columns.insert((col, digit));
                let what = format!("a {digit} in column {col}");
                expect_taken(&sets, &what, |_, c, d| c == col && d == digit)?;
            }
        }
        Ok(())
    }

    pub fn a_digit_in_a_box_is_taken_in_that_box() -> Result<(), String> {
        for square in 0..9 {
            for digit in [3, 5, 7] {
                let mut sets = SudokuSets::new();
                sets.boxes.insert((square, digit));
                let what = format!("a {digit} in box {square}");
                expect_taken(&sets, &what, |r, c, d| {
                    (r / 3) * 3 + c / 3 == square && d == digit
                })?;
            }
        }
        Ok(())
    }

    pub fn givens_take_digits_through_all_three_sets() -> Result<(), String> {
        for givens in [
            &[(0, 0, 5)][..],
            &[(4, 4, 1), (0, 8, 1)],
            &[(2, 3, 9), (7, 1, 4), (5, 5, 6), (8, 8, 9)],
        ] {
            let sets = sets_holding(givens);
            let what = format!("digits at {}", show_givens(givens));
            expect_taken(&sets, &what, |r, c, d| {
                givens.iter().any(|&(gr, gc, gd)| {
                    gd == d && (gr == r || gc == c || (gr / 3) * 3 + gc / 3 == (r / 3) * 3 + c / 3)
                })
            })?;
        }
        Ok(())
    }

    /// Asks about every cell and digit; `taken` says which ones `what` takes.
    fn expect_taken(
        sets: &SudokuSets,
        what: &str,
        taken: impl Fn(usize, usize, u8) -> bool,
    ) -> Result<(), String> {
        for (row, col) in cells() {
            for digit in 1..=9 {
                match (taken(row, col, digit), sets.is_taken(row, col, digit)) {
                    (true, false) => {
                        return Err(format!(
                            "with {what}, a {digit} cannot go in ({row}, {col}) (row {row}, \
                             column {col}, box {}), but your prune check says it can; the \
                             sets are {}",
                            (row / 3) * 3 + col / 3,
                            show_sets(sets)
                        ));
                    }
                    (false, true) => {
                        return Err(format!(
                            "with {what}, a {digit} may go in ({row}, {col}) (row {row}, \
                             column {col}, box {}), but your prune check says it is taken: \
                             does it look up the right key in each set? The sets are {}",
                            (row / 3) * 3 + col / 3,
                            show_sets(sets)
                        ));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// Blank 2: `insert` on empty sets, fields read back.
mod sudoku_blank_2_insert {
    use super::*;

    pub fn insert_records_the_row() -> Result<(), String> {
        each_insert(|sets, row, _, digit| {
            expect_set(
                &sets.rows,
                &HashSet::from([(row, digit)]),
                &format!(
                    "a {digit} written in row {row} must be in the row set as ({row}, {digit})"
                ),
                "row",
            )
        })
    }

    pub fn insert_records_the_column() -> Result<(), String> {
        each_insert(|sets, _, col, digit| {
            expect_set(
                &sets.columns,
                &HashSet::from([(col, digit)]),
                &format!(
                    "a {digit} written in column {col} must be in the column set as ({col}, {digit})"
                ),
                "column",
            )
        })
    }

    pub fn insert_records_the_box() -> Result<(), String> {
        each_insert(|sets, row, col, digit| {
            let square = (row / 3) * 3 + col / 3;
            expect_set(
                &sets.boxes,
                &HashSet::from([(square, digit)]),
                &format!(
                    "a {digit} written in ({row}, {col}) is in box {square} ((row / 3) * 3 + \
                     col / 3), so the box set must hold ({square}, {digit})"
                ),
                "box",
            )
        })
    }

    pub fn insert_keeps_the_digits_already_there() -> Result<(), String> {
        let givens = [(0, 0, 5), (0, 4, 3), (4, 0, 7), (8, 8, 5)];
        let mut sets = SudokuSets::new();
        for (k, &(row, col, digit)) in givens.iter().enumerate() {
            sets.insert(row, col, digit);
            let placed = &givens[..=k];
            let after = format!("after inserting {}", show_givens(placed));
            expect_same_sets(&sets, &sets_holding(placed), &after)?;
        }
        Ok(())
    }

    /// One `insert` into empty sets for every cell (digits vary with the cell).
    fn each_insert(
        check: impl Fn(&SudokuSets, usize, usize, u8) -> Result<(), String>,
    ) -> Result<(), String> {
        for (row, col) in cells() {
            let digit = ((row + 2 * col) % 9 + 1) as u8;
            let mut sets = SudokuSets::new();
            sets.insert(row, col, digit);
            check(&sets, row, col, digit)?;
        }
        Ok(())
    }
}

/// Blank 3: `delete` on sets filled by hand, fields read back.
mod sudoku_blank_3_delete {
    use super::*;

    pub fn delete_frees_the_row() -> Result<(), String> {
        each_delete(|sets, row, _, digit| {
            expect_set(
                &sets.rows,
                &HashSet::new(),
                &format!("after deleting the {digit} of row {row}, the row set must be empty"),
                "row",
            )
        })
    }

    pub fn delete_frees_the_column() -> Result<(), String> {
        each_delete(|sets, _, col, digit| {
            expect_set(
                &sets.columns,
                &HashSet::new(),
                &format!(
                    "after deleting the {digit} of column {col}, the column set must be empty"
                ),
                "column",
            )
        })
    }

    pub fn delete_frees_the_box() -> Result<(), String> {
        each_delete(|sets, row, col, digit| {
            expect_set(
                &sets.boxes,
                &HashSet::new(),
                &format!(
                    "after deleting the {digit} at ({row}, {col}), box {} must be free of it",
                    (row / 3) * 3 + col / 3
                ),
                "box",
            )
        })
    }

    pub fn delete_keeps_the_other_digits() -> Result<(), String> {
        let givens = [(0, 0, 5), (0, 4, 3), (4, 0, 7), (8, 8, 5), (1, 1, 7)];
        for (k, &(row, col, digit)) in givens.iter().enumerate() {
            let mut sets = sets_holding(&givens);
            sets.delete(row, col, digit);
            let rest: Vec<_> = givens
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &given)| given)
                .collect();
            let after = format!(
                "with {}, after deleting the {digit} at ({row}, {col})",
                show_givens(&givens)
            );
            expect_same_sets(&sets, &sets_holding(&rest), &after)?;
        }
        Ok(())
    }

    /// One `delete` of the only digit in the sets, for every cell.
    fn each_delete(
        check: impl Fn(&SudokuSets, usize, usize, u8) -> Result<(), String>,
    ) -> Result<(), String> {
        for (row, col) in cells() {
            let digit = ((2 * row + col) % 9 + 1) as u8;
            let mut sets = sets_holding(&[(row, col, digit)]);
            sets.delete(row, col, digit);
            check(&sets, row, col, digit)?;
        }
        Ok(())
    }
}

/// The whole search, compared with the reference library.
mod sudoku_end_to_end {
    use queens::sudoku::{Grid as LibraryGrid, Strategy, bank, solve};

    use super::sudoku::{Exploration, Grid, Step, Stopped, explore, solve_sudoku};

    /// The shipped puzzles whose naive search takes at most 5,000 nodes (six
    /// of the forty: the tests' time limit is 5 s), with the reference's
    /// solution and node count.
    fn puzzles() -> Vec<(usize, Grid, LibraryGrid, u64)> {
        bank::diabolical()
            .into_iter()
            .enumerate()
            .map(|(index, line)| {
                let solved = solve(&line.grid, Strategy::Naive);
                let solution = solved
                    .solution
                    .expect("the shipped puzzles have a solution");
                (index + 1, grid_of(&line.grid), solution, solved.nodes)
            })
            .filter(|&(_, _, _, nodes)| nodes <= 5_000)
            .collect()
    }

    pub fn solutions_match_the_reference() -> Result<(), String> {
        for (number, puzzle, solution, nodes) in puzzles() {
            let exploration = explore_within(number, &puzzle, nodes)?;
            match exploration.solutions[..] {
                [found] if found == grid_of(&solution) => {}
                [found] => {
                    return Err(format!(
                        "puzzle {number}: your solution is {}; the reference's is {solution}",
                        line_of(&found)
                    ));
                }
                _ => {
                    return Err(format!(
                        "puzzle {number} has exactly one solution, your search found {}",
                        exploration.solutions.len()
                    ));
                }
            }
        }
        Ok(())
    }

    pub fn nodes_match_the_reference() -> Result<(), String> {
        for (number, puzzle, _, expected) in puzzles() {
            let nodes = explore_within(number, &puzzle, expected)?.nodes;
            if nodes != expected {
                return Err(format!(
                    "puzzle {number}: your search explored {nodes} nodes; the reference \
                     explores {expected}. Fewer nodes: it prunes digits that fit, or lets \
                     clashing digits through and stops early at two wrong solutions (check \
                     the prune check's keys, and that delete frees exactly one digit's keys)"
                ));
            }
        }
        Ok(())
    }

    pub fn solve_sudoku_returns_the_solution() -> Result<(), String> {
        for (number, puzzle, solution, nodes) in puzzles().into_iter().take(5) {
            // Fails fast (over budget) before solve_sudoku, which has no budget.
            explore_within(number, &puzzle, nodes)?;
            match solve_sudoku(&puzzle) {
                Some(found) if found == grid_of(&solution) => {}
                Some(found) => {
                    return Err(format!(
                        "puzzle {number}: solve_sudoku returned {}; the solution is {solution}",
                        line_of(&found)
                    ));
                }
                None => return Err(format!("puzzle {number}: solve_sudoku found no solution")),
            }
        }
        Ok(())
    }

    pub fn no_solution_and_two_solutions() -> Result<(), String> {
        // Row 0 holds 1 to 8 and column 8 a 9: the cell (0, 8) has no digit left.
        let stuck: LibraryGrid = format!("{}{}{}", "123456780", "000000009", "0".repeat(63))
            .parse()
            .unwrap();
        let expected = solve(&stuck, Strategy::Naive).nodes;
        let exploration = explore_within(0, &grid_of(&stuck), expected)?;
        if !exploration.solutions.is_empty() || exploration.nodes != expected {
            return Err(format!(
                "a grid whose cell (0, 8) has no digit left has no solution: the reference \
                 explores {expected} node(s) and finds none; yours explored {} and found {}",
                exploration.nodes,
                exploration.solutions.len()
            ));
        }
        // The empty grid: the search stops at its second solution.
        let expected = solve(&LibraryGrid::empty(), Strategy::Naive).nodes;
        let exploration = explore_within(0, &[[0; 9]; 9], expected)?;
        if exploration.solutions.len() != 2 || exploration.nodes != expected {
            return Err(format!(
                "on the empty grid the reference finds 2 solutions in {expected} nodes; your \
                 search found {} in {} nodes",
                exploration.solutions.len(),
                exploration.nodes
            ));
        }
        Ok(())
    }

    pub fn steps_replay_the_search() -> Result<(), String> {
        let (number, puzzle, _, nodes) = puzzles()[0];
        let exploration = explore_within(number, &puzzle, nodes)?;
        let count =
            |wanted: fn(&Step) -> bool| exploration.steps.iter().filter(|s| wanted(s)).count();
        let places = count(|s| matches!(s, Step::Place { .. }));
        let prunes = count(|s| matches!(s, Step::Prune { .. }));
        let backtracks = count(|s| matches!(s, Step::Backtrack { .. }));
        let solutions = count(|s| matches!(s, Step::Solution { .. }));
        let nodes = exploration.nodes as usize;
        if places + 1 != nodes || backtracks != places || solutions != 1 {
            return Err(format!(
                "puzzle {number}: the steps do not replay the search: {places} places, \
                 {backtracks} backtracks, {solutions} solutions for {nodes} nodes (every node \
                 but the root is one place, and one backtrack undoes it)"
            ));
        }
        if places + prunes != 9 * (nodes - 1) {
            return Err(format!(
                "puzzle {number}: every node but the solution tries the 9 digits, so places \
                 and prunes should add up to {}; they add up to {}",
                9 * (nodes - 1),
                places + prunes
            ));
        }
        Ok(())
    }

    /// Explores with the reference's node count as the budget: a prune check
    /// that prunes too little stops at once.
    fn explore_within(number: usize, puzzle: &Grid, budget: u64) -> Result<Exploration, String> {
        let name = if number == 0 {
            "this grid".to_owned()
        } else {
            format!("puzzle {number}")
        };
        explore(puzzle, budget).map_err(|stopped| match stopped {
            Stopped::OverBudget { .. } => format!(
                "{name}: your search explored more than {budget} nodes (the reference needs \
                 {budget}): is the prune check pruning? Does delete forget too much?"
            ),
            Stopped::GivensClash => format!(
                "{name}: your prune check says the givens clash, and they do not: does it \
                 look up the right keys?"
            ),
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
}

// ---- helpers: the grid, the sets, and how to show them ----

/// Every cell of the grid, row by row.
fn cells() -> impl Iterator<Item = (usize, usize)> {
    (0..9).flat_map(|row| (0..9).map(move |col| (row, col)))
}

/// The sets of the digits `(row, col, digit)`, filled by hand.
fn sets_holding(givens: &[(usize, usize, u8)]) -> SudokuSets {
    let mut sets = SudokuSets::new();
    for &(row, col, digit) in givens {
        sets.rows.insert((row, digit));
        sets.columns.insert((col, digit));
        sets.boxes.insert(((row / 3) * 3 + col / 3, digit));
    }
    sets
}

fn expect_set(
    found: &HashSet<(usize, u8)>,
    expected: &HashSet<(usize, u8)>,
    rule: &str,
    name: &str,
) -> Result<(), String> {
    if found == expected {
        return Ok(());
    }
    Err(format!("{rule}; your {name} set is {}", show_set(found)))
}

fn expect_same_sets(found: &SudokuSets, expected: &SudokuSets, after: &str) -> Result<(), String> {
    for (name, found, expected) in [
        ("row", &found.rows, &expected.rows),
        ("column", &found.columns, &expected.columns),
        ("box", &found.boxes, &expected.boxes),
    ] {
        expect_set(
            found,
            expected,
            &format!("{after}, the {name} set must be {}", show_set(expected)),
            name,
        )?;
    }
    Ok(())
}

/// A set, sorted: `{(0, 5), (4, 3)}`.
fn show_set(set: &HashSet<(usize, u8)>) -> String {
    let mut items: Vec<&(usize, u8)> = set.iter().collect();
    items.sort();
    let items: Vec<String> = items.iter().map(|(i, d)| format!("({i}, {d})")).collect();
    format!("{{{}}}", items.join(", "))
}

fn show_sets(sets: &SudokuSets) -> String {
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
