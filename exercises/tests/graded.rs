//! The graded tests of the handout: `cargo test -p exercises`.
//!
//! Each test is named after the blank it grades (`blank_1_prune_check::…`,
//! `blank_2_insert::…`, `blank_3_delete::…`) and touches only that blank: it
//! fills the three sets' fields directly, calls the one method, and reads the
//! fields back. The `end_to_end` tests then run the whole search and compare
//! it with the reference library (boards in order, nodes explored).
//!
//! Run one blank's tests with `cargo test -p exercises -- blank_2`. Each test
//! runs in a process of its own with a time limit, so an endless loop or a
//! stack overflow fails that test instead of stopping the run.
//!
//! `queens grade` grades with the instructor's copy of this file, not yours:
//! editing it changes what you see here, not your grade.

use std::collections::HashSet;
use std::fmt::Debug;

use exercises::{ConstraintSets, Diagonal};
use queens_grader::harness::Harness;

/// The board the blank tests look at: every cell of an 8 × 8 board.
const N: usize = 8;

/// Why `row - col` needs a signed type.
const SIGN: &str = "row - col is negative above the main diagonal (the cell (0, 3) is on \
diagonal -3), and a usize cannot go below zero: compute the diagonal on a signed type, \
`row as Diagonal - col as Diagonal`, with `Diagonal` a signed integer such as isize.";

fn main() -> std::process::ExitCode {
    Harness::new(queens_grader::graded_tests![
        blank_1_prune_check::empty_sets_attack_nothing,
        blank_1_prune_check::a_taken_column_attacks_its_cells,
        blank_1_prune_check::a_taken_diagonal_attacks_its_cells,
        blank_1_prune_check::a_taken_anti_diagonal_attacks_its_cells,
        blank_1_prune_check::queens_attack_through_all_three_sets,
        blank_2_insert::insert_records_the_column,
        blank_2_insert::insert_records_the_diagonal,
        blank_2_insert::insert_records_the_anti_diagonal,
        blank_2_insert::insert_keeps_the_queens_already_there,
        blank_3_delete::delete_frees_the_column,
        blank_3_delete::delete_frees_the_diagonal,
        blank_3_delete::delete_frees_the_anti_diagonal,
        blank_3_delete::delete_keeps_the_other_queens,
        end_to_end::boards_match_the_reference_for_n_1_to_10,
        end_to_end::nodes_match_the_reference_for_n_1_to_10,
        end_to_end::solve_n_queens_returns_the_boards,
        end_to_end::steps_replay_the_search,
    ])
    .explain("attempt to subtract with overflow", SIGN)
    .run()
}

/// Blank 1: `is_attacked`, asked about every cell with the sets filled by hand.
mod blank_1_prune_check {
    use super::*;

    pub fn empty_sets_attack_nothing() -> Result<(), String> {
        let sets = ConstraintSets::new();
        for (row, col) in cells() {
            if sets.is_attacked(row, col) {
                return Err(format!(
                    "with no queen on the board nothing is attacked, but your prune check \
                     says ({row}, {col}) is"
                ));
            }
        }
        Ok(())
    }

    pub fn a_taken_column_attacks_its_cells() -> Result<(), String> {
        for taken in 0..N {
            let mut sets = ConstraintSets::new();
            sets.columns.insert(taken);
            let what = format!("column {taken}");
            expect_attacks(&sets, &what, |_, col| col == taken)?;
        }
        Ok(())
    }

    pub fn a_taken_diagonal_attacks_its_cells() -> Result<(), String> {
        for taken in -(N as i64 - 1)..N as i64 {
            let mut sets = ConstraintSets::new();
            sets.diagonals.insert(diagonal_key(taken)?);
            let what = format!("diagonal {taken} (row - col = {taken})");
            expect_attacks(&sets, &what, |row, col| row as i64 - col as i64 == taken)?;
        }
        Ok(())
    }

    pub fn a_taken_anti_diagonal_attacks_its_cells() -> Result<(), String> {
        for taken in 0..2 * N - 1 {
            let mut sets = ConstraintSets::new();
            sets.anti_diagonals.insert(taken);
            let what = format!("anti-diagonal {taken} (row + col = {taken})");
            expect_attacks(&sets, &what, |row, col| row + col == taken)?;
        }
        Ok(())
    }

    pub fn queens_attack_through_all_three_sets() -> Result<(), String> {
        for queens in [&[3][..], &[1, 3], &[2, 0, 3], &[0, 4, 7, 5]] {
            let sets = sets_holding(queens)?;
            let what = format!("queens at {}", show_queens(queens));
            expect_attacks(&sets, &what, |row, col| {
                queens.iter().enumerate().any(|(r, &c)| {
                    c == col || r as i64 - c as i64 == row as i64 - col as i64 || r + c == row + col
                })
            })?;
        }
        Ok(())
    }

    /// Asks about every cell; `attacked` says which ones `what` attacks.
    fn expect_attacks(
        sets: &ConstraintSets,
        what: &str,
        attacked: impl Fn(usize, usize) -> bool,
    ) -> Result<(), String> {
        for (row, col) in cells() {
            match (attacked(row, col), sets.is_attacked(row, col)) {
                (true, false) => {
                    return Err(format!(
                        "with {what}, ({row}, {col}) is attacked (column {col}, diagonal {}, \
                         anti-diagonal {}), but your prune check says it is free; the sets \
                         are {}",
                        row as i64 - col as i64,
                        row + col,
                        show_sets(sets)
                    ));
                }
                (false, true) => {
                    return Err(format!(
                        "with {what}, ({row}, {col}) is free (column {col}, diagonal {}, \
                         anti-diagonal {}), but your prune check says it is attacked: does \
                         it look up the right key in each set? The sets are {}",
                        row as i64 - col as i64,
                        row + col,
                        show_sets(sets)
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Blank 2: `insert` on empty sets, fields read back.
mod blank_2_insert {
    use super::*;

    pub fn insert_records_the_column() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = ConstraintSets::new();
            sets.insert(row, col);
            expect_set(
                &sets.columns,
                &HashSet::from([col]),
                &format!("a queen at ({row}, {col}) must block column {col}"),
                "column",
            )?;
        }
        Ok(())
    }

    pub fn insert_records_the_diagonal() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = ConstraintSets::new();
            sets.insert(row, col);
            let key = row as i64 - col as i64;
            expect_set(
                &sets.diagonals,
                &HashSet::from([diagonal_key(key)?]),
                &format!("a queen at ({row}, {col}) must block diagonal {key} (row - col)"),
                "diagonal",
            )?;
        }
        Ok(())
    }

    pub fn insert_records_the_anti_diagonal() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = ConstraintSets::new();
            sets.insert(row, col);
            let key = row + col;
            expect_set(
                &sets.anti_diagonals,
                &HashSet::from([key]),
                &format!("a queen at ({row}, {col}) must block anti-diagonal {key} (row + col)"),
                "anti-diagonal",
            )?;
        }
        Ok(())
    }

    pub fn insert_keeps_the_queens_already_there() -> Result<(), String> {
        let queens = [1, 3, 0, 2];
        let mut sets = ConstraintSets::new();
        for (row, &col) in queens.iter().enumerate() {
            sets.insert(row, col);
            let placed = &queens[..=row];
            let expected = sets_holding(placed)?;
            let after = format!("after inserting queens at {}", show_queens(placed));
            expect_same_sets(&sets, &expected, &after)?;
        }
        Ok(())
    }
}

/// Blank 3: `delete` on sets filled by hand, fields read back.
mod blank_3_delete {
    use super::*;

    pub fn delete_frees_the_column() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = sets_holding_cell(row, col)?;
            sets.delete(row, col);
            expect_set(
                &sets.columns,
                &HashSet::new(),
                &format!("after deleting the queen at ({row}, {col}), column {col} must be free"),
                "column",
            )?;
        }
        Ok(())
    }

    pub fn delete_frees_the_diagonal() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = sets_holding_cell(row, col)?;
            sets.delete(row, col);
            let key = row as i64 - col as i64;
            expect_set(
                &sets.diagonals,
                &HashSet::new(),
                &format!(
                    "after deleting the queen at ({row}, {col}), diagonal {key} (row - col) \
                     must be free"
                ),
                "diagonal",
            )?;
        }
        Ok(())
    }

    pub fn delete_frees_the_anti_diagonal() -> Result<(), String> {
        for (row, col) in cells() {
            let mut sets = sets_holding_cell(row, col)?;
            sets.delete(row, col);
            let key = row + col;
            expect_set(
                &sets.anti_diagonals,
                &HashSet::new(),
                &format!(
                    "after deleting the queen at ({row}, {col}), anti-diagonal {key} \
                     (row + col) must be free"
                ),
                "anti-diagonal",
            )?;
        }
        Ok(())
    }

    pub fn delete_keeps_the_other_queens() -> Result<(), String> {
        let queens = [1, 3, 0, 2];
        for (row, &col) in queens.iter().enumerate() {
            let mut sets = sets_holding(&queens)?;
            sets.delete(row, col);
            let mut expected = sets_holding(&queens)?;
            expected.columns.remove(&col);
            expected
                .diagonals
                .remove(&diagonal_key(row as i64 - col as i64)?);
            expected.anti_diagonals.remove(&(row + col));
            let after = format!(
                "with queens at {}, after deleting the one at ({row}, {col})",
                show_queens(&queens)
            );
            expect_same_sets(&sets, &expected, &after)?;
        }
        Ok(())
    }
}

/// The whole search, compared with the reference library: your three blanks
/// driven by the same backtracking core, recorded step by step
/// (`queens::notebook::handout`), then your `solve_n_queens` itself.
mod end_to_end {
    use exercises::{ConstraintSets, solve_n_queens};
    use queens::Strategy;
    use queens::notebook::handout::{Exploration, Handout, Step};

    pub fn boards_match_the_reference_for_n_1_to_10() -> Result<(), String> {
        for n in 1..=10 {
            let expected = queens::run::solve(n).map_err(|e| e.to_string())?;
            let found = explore_within_reference(n)?.boards;
            expect_boards(n, &found, &expected).map_err(|e| e + &first_difference())?;
        }
        Ok(())
    }

    pub fn nodes_match_the_reference_for_n_1_to_10() -> Result<(), String> {
        for n in 1..=10 {
            let expected = reference_nodes(n)?;
            let nodes = explore_within_reference(n)?.nodes;
            if nodes != expected {
                return Err(format!(
                    "for n = {n} your search explored {nodes} nodes; the reference explores \
                     {expected}. Fewer nodes: it prunes cells that are not attacked — check \
                     the prune check's keys, and that delete frees exactly one queen's keys{}",
                    first_difference()
                ));
            }
        }
        Ok(())
    }

    pub fn solve_n_queens_returns_the_boards() -> Result<(), String> {
        for n in 1..=6 {
            // Fails fast (over budget) before solve_n_queens, which has no budget.
            explore_within_reference(n)?;
            let expected = queens::run::solve(n).map_err(|e| e.to_string())?;
            expect_boards(n, &solve_n_queens(n), &expected)?;
        }
        Ok(())
    }

    pub fn steps_replay_the_search() -> Result<(), String> {
        let exploration = explore_within_reference(6)?;
        let count =
            |wanted: fn(&Step) -> bool| exploration.steps.iter().filter(|s| wanted(s)).count();
        let places = count(|s| matches!(s, Step::Place { .. }));
        let backtracks = count(|s| matches!(s, Step::Backtrack { .. }));
        let solutions = count(|s| matches!(s, Step::Solution { .. }));
        let nodes = usize::try_from(exploration.nodes).map_err(|e| e.to_string())?;
        if places + 1 != nodes || backtracks != places || solutions != exploration.boards.len() {
            return Err(format!(
                "for n = 6 the steps do not replay the search: {places} places, {backtracks} \
                 backtracks, {solutions} solutions for {nodes} nodes and {} boards (every node \
                 but the root is one place, and one backtrack undoes it)",
                exploration.boards.len()
            ));
        }
        Ok(())
    }

    fn reference_nodes(n: usize) -> Result<u64, String> {
        queens::run::count(n, Strategy::Sets)
            .map(|stats| stats.nodes)
            .map_err(|e| e.to_string())
    }

    /// Explores with the reference's node count as the budget: a prune check
    /// that prunes too little stops at once.
    fn explore_within_reference(n: usize) -> Result<Exploration, String> {
        let budget = reference_nodes(n)?;
        let yours = Handout::new(
            ConstraintSets::new(),
            ConstraintSets::is_attacked,
            ConstraintSets::insert,
            ConstraintSets::delete,
        );
        yours.explore(n, budget).map_err(|_| {
            format!(
                "for n = {n} your search explored more than {budget} nodes (the reference \
                 needs {budget}) — is the prune check pruning? Does delete forget too much?{}",
                first_difference()
            )
        })
    }

    /// The first step where the student's search leaves the reference's, on
    /// the smallest board where it does, and the blank most likely at fault
    /// (`queens::notebook::feedback`); empty when no small board shows a difference.
    fn first_difference() -> String {
        use queens::report::trace::Event;
        let event = |step: &Step| match step.clone() {
            Step::Place { row, col } => Event::Place { row, col },
            Step::Prune { row, col } => Event::Prune {
                row,
                col,
                by: Vec::new(),
            },
            Step::Backtrack { row, col } => Event::Backtrack { row, col },
            Step::Solution { queens } => Event::Solution { queens },
        };
        for n in 4..=6 {
            // Room for a prune check that never prunes (56,000 nodes at n = 6).
            let handout = Handout::new(
                ConstraintSets::new(),
                ConstraintSets::is_attacked,
                ConstraintSets::insert,
                ConstraintSets::delete,
            );
            let Ok(yours) = handout.explore(n, 100_000) else {
                continue;
            };
            let yours: Vec<Event> = yours.steps.iter().map(event).collect();
            let Ok(reference) = queens::run::trace(n, Strategy::Sets) else {
                continue;
            };
            if let Some(difference) =
                queens::notebook::feedback::first_difference(&yours, &reference)
            {
                return format!("\nFirst difference, n = {n}, {difference}");
            }
        }
        String::new()
    }

    fn expect_boards(
        n: usize,
        found: &[Vec<String>],
        expected: &[Vec<String>],
    ) -> Result<(), String> {
        if let Some(index) = (0..found.len().min(expected.len())).find(|&i| found[i] != expected[i])
        {
            return Err(format!(
                "for n = {n} your board #{} is {:?}; the reference's is {:?} (boards come in \
                 search order: rows top to bottom, columns left to right)",
                index + 1,
                found[index],
                expected[index]
            ));
        }
        if found.len() != expected.len() {
            return Err(format!(
                "for n = {n} your search found {} boards; the reference finds {}",
                found.len(),
                expected.len()
            ));
        }
        Ok(())
    }
}

// ---- helpers: the board, the sets, and how to show them ----

/// Every cell of the N × N board, row by row.
fn cells() -> impl Iterator<Item = (usize, usize)> {
    (0..N).flat_map(|row| (0..N).map(move |col| (row, col)))
}

/// The diagonal `key` in the handout's `Diagonal` type, whatever integer type
/// the student chose.
fn diagonal_key(key: i64) -> Result<Diagonal, String> {
    Diagonal::try_from(key)
        .map_err(|_| format!("your Diagonal type cannot hold the diagonal {key}: {SIGN}"))
}

/// The sets of a queen at (row, col), filled by hand.
fn sets_holding_cell(row: usize, col: usize) -> Result<ConstraintSets, String> {
    let mut sets = ConstraintSets::new();
    sets.columns.insert(col);
    sets.diagonals
        .insert(diagonal_key(row as i64 - col as i64)?);
    sets.anti_diagonals.insert(row + col);
    Ok(sets)
}

/// The sets of queens on rows 0, 1, … at `queens[row]`, filled by hand.
fn sets_holding(queens: &[usize]) -> Result<ConstraintSets, String> {
    let mut sets = ConstraintSets::new();
    for (row, &col) in queens.iter().enumerate() {
        sets.columns.insert(col);
        sets.diagonals
            .insert(diagonal_key(row as i64 - col as i64)?);
        sets.anti_diagonals.insert(row + col);
    }
    Ok(sets)
}

fn expect_set<T: Ord + Debug + Eq + std::hash::Hash>(
    found: &HashSet<T>,
    expected: &HashSet<T>,
    rule: &str,
    name: &str,
) -> Result<(), String> {
    if found == expected {
        return Ok(());
    }
    Err(format!("{rule}; your {name} set is {}", show_set(found)))
}

fn expect_same_sets(
    found: &ConstraintSets,
    expected: &ConstraintSets,
    after: &str,
) -> Result<(), String> {
    expect_set(
        &found.columns,
        &expected.columns,
        &format!(
            "{after}, the column set must be {}",
            show_set(&expected.columns)
        ),
        "column",
    )?;
    expect_set(
        &found.diagonals,
        &expected.diagonals,
        &format!(
            "{after}, the diagonal set must be {}",
            show_set(&expected.diagonals)
        ),
        "diagonal",
    )?;
    expect_set(
        &found.anti_diagonals,
        &expected.anti_diagonals,
        &format!(
            "{after}, the anti-diagonal set must be {}",
            show_set(&expected.anti_diagonals)
        ),
        "anti-diagonal",
    )
}

/// A set, sorted: `{-3, 0, 2}`.
fn show_set<T: Ord + Debug>(set: &HashSet<T>) -> String {
    let mut items: Vec<&T> = set.iter().collect();
    items.sort();
    let items: Vec<String> = items.iter().map(|item| format!("{item:?}")).collect();
    format!("{{{}}}", items.join(", "))
}

fn show_sets(sets: &ConstraintSets) -> String {
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
