//! Why an answer of homework 2 differs from the reference's, on the grid:
//! the cell and digit the prune check gets wrong, the set `insert` or
//! `delete` leaves wrong, the first rule a wrong solution breaks, the first
//! step where the search leaves the reference's (notebook 08's feedback,
//! with the blank to look at first).

use queens::board::coords::Cell;
use queens::sudoku::feedback::first_difference;
use queens::sudoku::handout::{Step as Recorded, unit_name};
use queens::sudoku::{Grid as LibraryGrid, Units, box_of};

use super::questions::{Answer, Given, Grid, Question, Step, SudokuView, cells};
use crate::explanation::{Difference, Explanation, Row, board, counted};
use crate::verdict::show_set;

/// What every blank could get wrong when the search explores too much.
const TOO_MANY: &str = "is the prune check pruning? Does insert record all three keys (row, \
column, box)? Does delete forget too much?";

/// Homework 2's explainer.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    let (puzzle, budget) = match question {
        Question::Solutions(p, b) | Question::Nodes(p, b) | Question::Count(p, b) => (p, b),
        Question::Steps(p, b) | Question::Solve(p, b) => (p, b),
        _ => (Grid::default(), 0),
    };
    let name = named(&puzzle);
    let text = match (question, reference, yours) {
        (Question::Taken(sets), Answer::Taken(right), Answer::Taken(said)) => {
            return taken(&sets, &right, &said);
        }
        (Question::Insert(on, at, _), Answer::Sets(right), Answer::Sets(found)) => {
            return changed(&on, at, "inserting", &right, &found);
        }
        (Question::Delete(on, at, _), Answer::Sets(right), Answer::Sets(found)) => {
            return changed(&on, at, "deleting", &right, &found);
        }
        (_, Answer::Steps(right), Answer::Steps(found)) => return steps(&puzzle, &right, &found),
        (_, Answer::Solutions(right), Answer::Solutions(found)) => {
            let wrong = found.iter().find(|grid| !right.contains(grid));
            let said = match found.len() {
                1 => format!("{name}: your solution is not the reference's."),
                n => format!("{name} has exactly one solution, your search found {n}."),
            };
            return Some(wrong_grid(said, &puzzle, wrong, right.first()));
        }
        (_, Answer::Solved(Some(solution)), Answer::Solved(found)) => {
            let said = match found {
                Some(_) => format!("{name}: solve_sudoku returned a wrong grid."),
                None => format!("{name}: solve_sudoku found no solution."),
            };
            return Some(wrong_grid(said, &puzzle, found.as_ref(), Some(&solution)));
        }
        (_, Answer::Nodes(right), Answer::Nodes(found)) if found < right => format!(
            "{name}: your search explored {found} nodes; the reference explores {right}. Fewer \
             nodes: it prunes digits that fit, or lets clashing digits through and stops early \
             at two wrong solutions (check the prune check's keys, the keys insert records, and \
             that delete frees exactly one digit's keys)"
        ),
        (_, Answer::Nodes(right), Answer::Nodes(found)) => format!(
            "{name}: your search explored {found} nodes; the reference explores {right}: \
             {TOO_MANY}"
        ),
        (_, Answer::Count(solutions, nodes), Answer::Count(found, explored)) => format!(
            "{name}: the reference finds {} in {}; your search found {} in {}",
            counted(solutions, "solution"),
            counted(nodes, "node"),
            counted(found, "solution"),
            counted(explored, "node")
        ),
        (_, _, Answer::OverBudget) => format!(
            "{name}: your search explored more than {budget} nodes (the reference needs \
             {budget}): {TOO_MANY}"
        ),
        (_, _, Answer::GivensClash) => format!(
            "{name}: your prune check says the givens clash, and they do not: does it look up \
             the right keys, and does insert record the right ones?"
        ),
        _ => return None,
    };
    Some(Explanation::text(text))
}

/// "puzzle 3" for a puzzle of the course's bank, else what the grid is.
fn named(puzzle: &Grid) -> String {
    let bank = queens::sudoku::bank::diabolical();
    let same = |line: &queens::sudoku::bank::PuzzleLine| {
        line.grid.digits().iter().eq(puzzle.iter().flatten())
    };
    match bank.iter().position(same) {
        Some(index) => format!("puzzle {}", index + 1),
        None if *puzzle == Grid::default() => "the empty grid".to_owned(),
        None => match cells().find(|&(r, c)| puzzle[r][c] == 0 && held(puzzle, r, c) == 9) {
            Some((r, c)) => format!("the grid whose cell ({r}, {c}) has no digit left"),
            None => format!("the grid {}", line_of(puzzle)),
        },
    }
}

/// How many digits the row, column and box of `(row, col)` hold.
fn held(grid: &Grid, row: usize, col: usize) -> usize {
    let sees = |r, c| r == row || c == col || box_of(r, c) == box_of(row, col);
    (1..=9)
        .filter(|&d| cells().any(|(r, c)| grid[r][c] == d && sees(r, c)))
        .count()
}

/// The first cell and digit the prune check gets wrong, and the grid as it
/// sees that digit.
fn taken(sets: &SudokuView, right: &[Given], said: &[Given]) -> Option<Explanation> {
    let differs = |given: &Given| right.contains(given) != said.contains(given);
    let (row, col, digit) = right.iter().chain(said).copied().filter(differs).min()?;
    let units = [
        ("row", &sets.rows),
        ("column", &sets.columns),
        ("box", &sets.boxes),
    ];
    let keys: Vec<String> = (units.iter())
        .flat_map(|(unit, keys)| {
            keys.iter()
                .map(move |(i, d)| format!("a {d} in {unit} {i}"))
        })
        .collect();
    let with = if keys.is_empty() {
        "no digit placed".to_owned()
    } else {
        keys.join(", ")
    };
    let cell = format!(
        "({row}, {col}) (row {row}, column {col}, box {})",
        box_of(row, col)
    );
    let text = if right.contains(&(row, col, digit)) {
        format!("with {with}, a {digit} cannot go in {cell}, but your prune check says it can")
    } else {
        format!(
            "with {with}, a {digit} may go in {cell}, but your prune check says it is taken: \
             does it look up the right key in each set?"
        )
    };
    let rows = board(
        9,
        |r, c| match said.contains(&(r, c, digit)) {
            _ if (r, c) == (row, col) => '*',
            true => 'x',
            false => '.',
        },
        |r| {
            let wrong: Vec<usize> = (0..9).filter(|&c| differs(&(r, c, digit))).collect();
            match wrong[..] {
                [] => String::new(),
                [c] => format!("<- wrong in column {c}"),
                _ => format!(
                    "<- wrong in columns {}",
                    show_set(&wrong).trim_matches(['{', '}'])
                ),
            }
        },
    );
    let legend = format!("where your prune check takes a {digit} (x), and the cell above (*):");
    Some(Explanation::text(text).then_text(legend).then_board(rows))
}

/// The first set that differs after an insert or a delete, on the grid.
fn changed(
    on: &[Given],
    at: Given,
    verb: &str,
    right: &SudokuView,
    found: &SudokuView,
) -> Option<Explanation> {
    let (row, col, digit) = at;
    let sets = [
        ("row", row, &right.rows, &found.rows),
        ("column", col, &right.columns, &found.columns),
        ("box", box_of(row, col), &right.boxes, &found.boxes),
    ];
    let (set, index, right, found) = sets.into_iter().find(|(_, _, r, f)| r != f)?;
    let (right, found) = (show_set(right), show_set(found));
    let text = if on.is_empty() {
        format!(
            "a {digit} written in ({row}, {col}) is in {set} {index}, so the {set} set must hold \
             ({index}, {digit}); your {set} set is {found}"
        )
    } else {
        let digits: Vec<String> = on
            .iter()
            .map(|(r, c, d)| format!("a {d} at ({r}, {c})"))
            .collect();
        format!(
            "with {} on the grid, after {verb} the {digit} at ({row}, {col}), the {set} set \
             must be {right}; your {set} set is {found}",
            digits.join(", ")
        )
    };
    let mut grid = Grid::default();
    for &(r, c, d) in on.iter().chain([&at]) {
        grid[r][c] = d;
    }
    let mark = (
        (row, col),
        format!("* {verb} the {digit} at ({row}, {col})"),
    );
    Some(Explanation::text(text).then_board(on_grid(&grid, &[mark])))
}

/// What is wrong with a solution of `puzzle` (`found`, if any), on the
/// grid: the first rule it breaks and the blank it points to, its cells
/// framed.
fn wrong_grid(
    said: String,
    puzzle: &Grid,
    found: Option<&Grid>,
    solution: Option<&Grid>,
) -> Explanation {
    let (Some(found), Some(solution)) = (found, solution) else {
        return Explanation::text(said);
    };
    let first = |wrong: &dyn Fn(usize, usize) -> bool| cells().find(|&(r, c)| wrong(r, c));
    let library = LibraryGrid::parse_unchecked(&line_of(found)).unwrap_or_default();
    let empty = first(&|r, c| !(1..=9).contains(&found[r][c]));
    let over = first(&|r, c| puzzle[r][c] != 0 && found[r][c] != puzzle[r][c]);
    let (why, framed) = match (empty, over, Units::from_grid(&library)) {
        (Some((r, c)), ..) => {
            let why = format!(
                "Its cell ({r}, {c}) holds {}, not a digit 1 to 9: is a digit rubbed out \
                 without being written again?",
                found[r][c]
            );
            (why, vec![(r, c)])
        }
        (_, Some((r, c)), _) => {
            let given = puzzle[r][c];
            (
                format!("Its cell ({r}, {c}) is a given {given}: the search wrote over it"),
                vec![(r, c)],
            )
        }
        (_, _, Err(clash)) => {
            let [a, b] = clash.cells;
            let why = format!(
                "It has two {}s in {}, at {a} and {b}: the prune check let the second through \
                 (blank 1), or insert did not record the first (blank 2)",
                clash.digit,
                unit_name(clash.unit)
            );
            (why, vec![(a.row, a.col), (b.row, b.col)])
        }
        _ => {
            let (r, c) = first(&|r, c| found[r][c] != solution[r][c]).unwrap_or_default();
            let why = format!(
                "It first differs at ({r}, {c}), where the reference's has {}",
                solution[r][c]
            );
            (why, vec![(r, c)])
        }
    };
    let marked: Vec<_> = (framed.into_iter())
        .map(|(r, c)| ((r, c), format!("({r}, {c}) holds {}", found[r][c])))
        .collect();
    Explanation::text(format!("{said} {why}"))
        .then_text(format!(
            "your grid (the reference's is {}):",
            line_of(solution)
        ))
        .then_board(on_grid(found, &marked))
}

/// The first step where the student's search leaves the reference's, with
/// the blank most likely at fault, and the grid just before it.
fn steps(puzzle: &Grid, right: &[Step], found: &[Step]) -> Option<Explanation> {
    let grid = LibraryGrid::parse_unchecked(&line_of(puzzle)).ok()?;
    let steps = |steps: &[Step]| {
        steps
            .iter()
            .map(|&step| library_step(step))
            .collect::<Vec<_>>()
    };
    let difference = first_difference(&grid, &steps(found), &steps(right))?;
    let shown = |step: Option<Recorded>| step.map_or("(ended)".to_owned(), |s| s.to_string());
    let note = format!(
        "yours: {}; the reference: {}",
        shown(difference.yours),
        shown(difference.reference)
    );
    let marked: Vec<_> = match difference.yours.or(difference.reference) {
        Some(
            Recorded::Place { cell, .. }
            | Recorded::Prune { cell, .. }
            | Recorded::Backtrack { cell, .. },
        ) => {
            vec![((cell.row, cell.col), note)]
        }
        _ => Vec::new(),
    };
    let before: Grid = std::array::from_fn(|r| {
        std::array::from_fn(|c| difference.before.get(Cell::new(r, c)).unwrap_or(0))
    });
    Some(
        Explanation::text(format!("{}, {difference}", named(puzzle)))
            .then_text("the grid just before that step (*: its cell):")
            .then_board(on_grid(&before, &marked)),
    )
}

/// A step as notebook 08's feedback reads it (a solution's grid is the same
/// for both searches: what is compared is that one was recorded).
fn library_step(step: Step) -> Recorded {
    let (cell, digit) = match step {
        Step::Place(r, c, d) | Step::Prune(r, c, d) | Step::Backtrack(r, c, d) => {
            (Cell::new(r, c), d)
        }
        Step::Solution => {
            return Recorded::Solution {
                grid: LibraryGrid::default(),
            };
        }
    };
    match step {
        Step::Place(..) => Recorded::Place { cell, digit },
        Step::Prune(..) => Recorded::Prune {
            cell,
            digit,
            by: None,
        },
        _ => Recorded::Backtrack { cell, digit },
    }
}

/// `grid` on the board (`.` an empty cell), each cell `marked` drawn `*`
/// and its note after its row.
fn on_grid(grid: &Grid, marked: &[((usize, usize), String)]) -> Vec<Row> {
    let notes = |row: usize| marked.iter().filter(move |((r, _), _)| *r == row);
    let cell = |r: usize, c: usize| match grid[r][c] {
        _ if notes(r).any(|(at, _)| *at == (r, c)) => '*',
        digit @ 1..=9 => char::from(b'0' + digit),
        _ => '.',
    };
    board(9, cell, |r| {
        let notes: Vec<&str> = notes(r).map(|(_, note)| note.as_str()).collect();
        if notes.is_empty() {
            String::new()
        } else {
            format!("<- {}", notes.join(", "))
        }
    })
}

fn line_of(grid: &Grid) -> String {
    grid.iter().flatten().map(u8::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prune_check_blind_to_boxes_is_shown_on_its_box() {
        let sets = SudokuView::new([], [], [(0, 3)]);
        let right: Vec<Given> = (cells().filter(|&(r, c)| box_of(r, c) == 0))
            .map(|(r, c)| (r, c, 3))
            .collect();
        let text = taken(&sets, &right, &[]).unwrap().to_text();
        assert!(
            text.starts_with("with a 3 in box 0, a 3 cannot go in (0, 0)"),
            "{text}"
        );
        assert!(
            text.contains("* . . . . . . . .   <- wrong in columns 0, 1, 2"),
            "{text}"
        );
        assert!(taken(&sets, &right, &right).is_none());
    }

    #[test]
    fn a_wrong_box_key_is_named_with_its_box() {
        let right = SudokuView::holding(&[(3, 0, 4)]);
        let found = SudokuView::new([(3, 4)], [(0, 4)], [(1, 4)]);
        let text = changed(&[], (3, 0, 4), "inserting", &right, &found)
            .unwrap()
            .to_text();
        assert!(text.starts_with("a 4 written in (3, 0) is in box 3, so the box set must hold (3, 4); your box set is {(1, 4)}"), "{text}");
    }
}
