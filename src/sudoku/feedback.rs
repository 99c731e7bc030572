//! Feedback on a student's Sudoku search (notebook 08): the first step where
//! it leaves the reference's, explained against the grid at that moment, with
//! the blanks to suspect, and the steps of both searches side by side.
//!
//! The reasoning is the queens' ([`feedback`](crate::notebook::feedback)), on rows,
//! columns and boxes: a digit written where the reference prunes it means a
//! key the sets should hold is missing (the prune check does not look, insert
//! never recorded it, or delete removed it with another digit's); a digit
//! pruned where the reference writes it means a key that should be gone is
//! still there (delete left it) or was never right. A blank whose own checks
//! all pass is not the first suspect ([`Divergence::knowing`]).
//!
//! ```
//! use queens::board::coords::Cell;
//! use queens::sudoku::feedback::first_difference;
//! use queens::sudoku::handout::{Step, reference};
//! use queens::sudoku::bank;
//! let puzzle = bank::diabolical()[0].grid;
//! let reference = reference(&puzzle, 1_000_000)?.steps;
//! // A prune check blind to boxes writes the first digit its box already holds.
//! let at = reference.iter().position(|s| matches!(s, Step::Prune { by: Some(queens::sudoku::Unit::Box(_)), .. })).unwrap();
//! let Step::Prune { cell, digit, .. } = reference[at] else { unreachable!() };
//! let mut yours: Vec<Step> = reference.iter().map(Step::bare).collect();
//! yours[at] = Step::Place { cell, digit };
//! let why = first_difference(&puzzle, &yours, &reference).unwrap();
//! assert_eq!((why.step, why.likely_blank), (at, Some(1)));
//! assert!(why.explanation.starts_with(&format!("you wrote {digit} in {cell}; the reference prunes it: box")), "{why}");
//! # Ok::<(), queens::sudoku::handout::Stopped>(())
//! ```

use crate::board::coords::Cell;
use crate::sudoku::{Grid, Unit};

use super::handout::{Step, Stopped, SudokuRun, grid_after, unit_name};
use crate::notebook::feedback::{Divergence, Progress, first_differing_step};

/// Where the student's Sudoku search first leaves the reference's: its
/// `before` is the grid just before that step.
pub type SudokuDifference = Divergence<Step, Grid>;

/// The first step where `yours` and `reference`, two searches of `puzzle`,
/// differ (prunes compared without their reasons), explained against the
/// grid at that moment; `None` when they take the same steps.
pub fn first_difference(
    puzzle: &Grid,
    yours: &[Step],
    reference: &[Step],
) -> Option<SudokuDifference> {
    let step = first_differing_step(yours, reference, Step::bare)?;
    let grid = grid_after(puzzle, reference, step);
    let why = explain(
        puzzle,
        &yours[..step],
        yours.get(step),
        reference.get(step),
        &grid,
    );
    Some(Divergence::at(step, yours, reference, grid, why))
}

/// The units of `cell` that hold `digit` in `grid`, each with the cell that
/// holds it, in the prune check's order (row, column, box).
fn holders(grid: &Grid, cell: Cell, digit: u8) -> Vec<(Unit, Cell)> {
    Unit::of(cell)
        .into_iter()
        .filter_map(|unit| {
            let holder = unit
                .cells()
                .find(|&other| other != cell && grid.get(other) == Some(digit))?;
            Some((unit, holder))
        })
        .collect()
}

/// "row 0 already holds a 5, in (0, 7)".
fn held(unit: Unit, digit: u8, holder: Cell) -> String {
    format!("{} already holds a {digit}, in {holder}", unit_name(unit))
}

/// Evidence that the key of `digit` in `unit` was in the student's sets and
/// then went missing: their search pruned `digit` in a cell whose only holder
/// was `holder` through `unit`, and later rubbed out another digit. Returns
/// the pruned cell and the cell rubbed out after it.
fn lost_key(
    puzzle: &Grid,
    steps: &[Step],
    unit: Unit,
    holder: Cell,
    digit: u8,
) -> Option<(Cell, Cell)> {
    let mut seen = None;
    for (i, step) in steps.iter().enumerate() {
        match *step {
            Step::Prune { cell, digit: d, .. } if seen.is_none() && d == digit => {
                let grid = grid_after(puzzle, steps, i);
                if grid.get(holder) == Some(digit)
                    && holders(&grid, cell, digit) == [(unit, holder)]
                {
                    seen = Some(cell);
                }
            }
            Step::Backtrack { cell, .. } => {
                if let Some(pruned) = seen {
                    return Some((pruned, cell));
                }
            }
            _ => {}
        }
    }
    None
}

fn describe(step: Option<&Step>) -> String {
    match step {
        None => "had already ended".to_owned(),
        Some(Step::Place { cell, digit }) => format!("wrote {digit} in {cell}"),
        Some(Step::Prune { cell, digit, .. }) => format!("pruned {digit} in {cell}"),
        Some(Step::Backtrack { cell, digit }) => format!("rubbed {digit} out of {cell}"),
        Some(Step::Solution { .. }) => "recorded a solution".to_owned(),
    }
}

/// What a step does, in the present: "writes 5 in (0, 2)".
fn describe_now(step: Option<&Step>) -> String {
    match step {
        None => "ends".to_owned(),
        Some(Step::Place { cell, digit }) => format!("writes {digit} in {cell}"),
        Some(Step::Prune { cell, digit, .. }) => format!("prunes {digit} in {cell}"),
        Some(Step::Backtrack { cell, digit }) => format!("rubs {digit} out of {cell}"),
        Some(Step::Solution { .. }) => "records a solution".to_owned(),
    }
}

/// The sentence for the first difference and the blanks to suspect, most
/// likely first; `before` holds the student's steps up to it.
fn explain(
    puzzle: &Grid,
    before: &[Step],
    yours: Option<&Step>,
    reference: Option<&Step>,
    grid: &Grid,
) -> (String, Vec<usize>) {
    match (yours, reference) {
        (Some(&Step::Place { cell, digit }), Some(Step::Prune { .. })) => {
            let found = holders(grid, cell, digit);
            let why = found
                .iter()
                .map(|&(unit, holder)| held(unit, digit, holder))
                .collect::<Vec<_>>()
                .join(", and ");
            let lost = found.iter().find_map(|&(unit, holder)| {
                Some((unit, holder, lost_key(puzzle, before, unit, holder, digit)?))
            });
            match lost {
                Some((unit, holder, (pruned, rubbed))) => (
                    format!(
                        "you wrote {digit} in {cell}; the reference prunes it: {why}. Your search \
                         did see that {digit} earlier: it pruned {digit} in {pruned}, which only the \
                         {digit} in {holder} blocks (through {}). Then it rubbed out the digit in \
                         {rubbed}, and since then the key is gone: delete (blank 3) seems to remove \
                         more than the keys of the digit it rubs out.",
                        unit_name(unit)
                    ),
                    vec![3, 1, 2],
                ),
                None => (
                    format!(
                        "you wrote {digit} in {cell}; the reference prunes it: {why}. Your prune \
                         check (blank 1) does not look in that set, or insert (blank 2) never \
                         recorded the key."
                    ),
                    vec![1, 2],
                ),
            }
        }
        (Some(&Step::Prune { cell, digit, .. }), Some(Step::Place { .. })) => {
            let units = Unit::of(cell);
            let ghost = before.iter().rev().find_map(|step| match *step {
                Step::Backtrack {
                    cell: out,
                    digit: d,
                } if d == digit && units.iter().any(|u| u.cells().any(|c| c == out)) => Some(out),
                _ => None,
            });
            match ghost {
                Some(out) => (
                    format!(
                        "you pruned {digit} in {cell}; the reference writes it there: no row, column \
                         or box of the cell holds a {digit}. The {digit} rubbed out of {out} earlier \
                         shares a unit with it: delete (blank 3) seems to leave its keys in the sets."
                    ),
                    vec![3, 1, 2],
                ),
                None => (
                    format!(
                        "you pruned {digit} in {cell}; the reference writes it there: {}, {} and {} \
                         hold no {digit}. Your prune check (blank 1) sees a clash that is not there, \
                         or insert (blank 2) records a key the digit does not have.",
                        unit_name(units[0]),
                        unit_name(units[1]),
                        unit_name(units[2])
                    ),
                    vec![1, 2],
                ),
            }
        }
        (yours, reference) => (
            format!(
                "you {}; the reference {}.",
                describe(yours),
                describe(reference)
            ),
            Vec::new(),
        ),
    }
}

/// Where `yours` first leaves `reference`, the two recorded searches of one
/// puzzle, blamed knowing `progress`: `None` when yours has taken no step
/// yet or takes exactly the reference's. A search that stopped (a `todo!()`,
/// a panic, the budget) is compared up to where it stopped, and the stop
/// explains its end.
pub fn difference_of(
    yours: &SudokuRun,
    reference: &SudokuRun,
    progress: Option<&Progress>,
) -> Option<SudokuDifference> {
    if yours.steps.is_empty() {
        return None;
    }
    let mut difference = first_difference(&yours.puzzle, &yours.steps, &reference.steps)?;
    if let (None, Some(stopped)) = (difference.yours, &yours.stopped) {
        difference.explanation = format!(
            "your search stopped there, where the reference {}: {stopped}",
            describe_now(difference.reference.as_ref())
        );
        difference.suspects = match stopped {
            Stopped::Panicked(why) => blank_named(why.blank()).into_iter().collect(),
            _ => Vec::new(),
        };
    }
    Some(difference.knowing(&progress.map(Progress::done).unwrap_or_default()))
}

/// What stands in for the steps of a search a rehearsal had to stop after it
/// took some ([`SudokuRun::steps_lost`]).
pub const LOST: &str = "Your search's steps were taken in a copy of the kernel, which had to be \
                        stopped, and are not kept";

/// One paragraph on a student's search against the reference's: not run
/// yet (and why), the same steps, or the first difference
/// ([`difference_of`]).
pub fn compare(yours: &SudokuRun, reference: &SudokuRun, progress: Option<&Progress>) -> String {
    if yours.steps.is_empty() {
        if let (Some(stopped), Some(how_far)) = (&yours.stopped, yours.how_far_in_a_copy()) {
            return crate::notebook::attempt::rewrap(&format!(
                "Nothing to compare: your search stopped {how_far}: {stopped}"
            ));
        }
        return match &yours.stopped {
            Some(stopped) => format!("Your search has not taken a step yet: {stopped}"),
            None => "Your search has not run yet: fill the blanks, save, and run the cells again."
                .to_owned(),
        };
    }
    match difference_of(yours, reference, progress) {
        None => format!(
            "passed: your search takes exactly the reference's {} steps.",
            reference.steps.len()
        ),
        Some(difference) => {
            format!("not yet: your search leaves the reference's at {difference}")
        }
    }
}

/// The blank a `todo!()` names: "blank 3 — delete" is blank 3.
fn blank_named(text: &str) -> Option<usize> {
    text.strip_prefix("blank ")?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The steps around `difference` (five before it, eight in all; the first
/// eight when there is none) of both runs side by side ([`side_by_side`]):
/// what a notebook shows under [`compare`].
pub fn steps_around(
    yours: &SudokuRun,
    reference: &SudokuRun,
    difference: Option<&SudokuDifference>,
) -> String {
    if yours.steps_lost() {
        return format!("{LOST}: nothing to set beside the reference's.");
    }
    let from = difference.map_or(0, |d| d.step.saturating_sub(5));
    side_by_side(&yours.steps, &reference.steps, from, 8)
}

/// The steps `from..from + count` of both searches side by side, numbered
/// from 1, a `≠` on the rows that differ (prunes compared without their
/// reasons): the reference's prunes say which unit holds the digit.
/// With no step of yours, there is nothing to set beside the reference's.
pub fn side_by_side(yours: &[Step], reference: &[Step], from: usize, count: usize) -> String {
    if yours.is_empty() {
        return "Your search has not taken a step yet: nothing to set beside the reference's."
            .to_owned();
    }
    let show = |step: Option<&Step>| step.map_or("(ended)".to_owned(), Step::to_string);
    let end = (from + count).min(yours.len().max(reference.len()));
    let rows: Vec<(usize, String, String, bool)> = (from..end)
        .map(|i| {
            let (a, b) = (yours.get(i), reference.get(i));
            let differs = a.map(Step::bare) != b.map(Step::bare);
            (i + 1, show(a), show(b), differs)
        })
        .collect();
    let width = rows
        .iter()
        .map(|r| r.1.chars().count())
        .chain(["yours".len()])
        .max()
        .unwrap_or(0);
    let mut text = format!("{:>6}  {:<width$}    reference\n", "step", "yours");
    for (number, a, b, differs) in rows {
        let mark = if differs { "≠" } else { " " };
        text.push_str(&format!("{number:>6}  {a:<width$}  {mark} {b}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notebook::feedback::BlankCheck;
    use crate::sudoku::bank;
    use crate::sudoku::handout::{SudokuHandout, reference};
    use std::collections::HashSet;

    /// The handout's sets, as a student writes them.
    #[derive(Default)]
    struct Sets {
        rows: HashSet<(usize, u8)>,
        columns: HashSet<(usize, u8)>,
        boxes: HashSet<(usize, u8)>,
    }

    fn box_of(row: usize, col: usize) -> usize {
        (row / 3) * 3 + col / 3
    }

    fn is_taken(s: &Sets, row: usize, col: usize, digit: u8) -> bool {
        s.rows.contains(&(row, digit))
            || s.columns.contains(&(col, digit))
            || s.boxes.contains(&(box_of(row, col), digit))
    }

    fn insert(s: &mut Sets, row: usize, col: usize, digit: u8) {
        s.rows.insert((row, digit));
        s.columns.insert((col, digit));
        s.boxes.insert((box_of(row, col), digit));
    }

    fn delete(s: &mut Sets, row: usize, col: usize, digit: u8) {
        s.rows.remove(&(row, digit));
        s.columns.remove(&(col, digit));
        s.boxes.remove(&(box_of(row, col), digit));
    }

    fn puzzle() -> Grid {
        bank::diabolical()[0].grid
    }

    fn run(
        is_taken: fn(&Sets, usize, usize, u8) -> bool,
        insert: fn(&mut Sets, usize, usize, u8),
        delete: fn(&mut Sets, usize, usize, u8),
    ) -> SudokuRun {
        SudokuHandout::new(Sets::default(), is_taken, insert, delete).explore(&puzzle(), 200_000)
    }

    fn naive() -> SudokuRun {
        reference(&puzzle(), 1_000_000).unwrap()
    }

    #[test]
    fn right_blanks_take_the_reference_s_steps() {
        let yours = run(is_taken, insert, delete);
        assert_eq!(yours.stopped, None);
        assert_eq!(
            first_difference(&puzzle(), &yours.steps, &naive().steps),
            None
        );
        assert!(compare(&yours, &naive(), None).starts_with("passed"));
    }

    #[test]
    fn a_todo_stops_the_search_and_is_named() {
        let todo = |_: &mut Sets, _: usize, _: usize, _: u8| todo!("blank 3 — delete: remove it");
        let yours = run(is_taken, insert, todo);
        assert!(matches!(yours.stopped, Some(Stopped::Panicked(_))));
        assert!(
            !yours.steps.is_empty(),
            "the steps before the panic are kept"
        );
        let text = compare(&yours, &naive(), None);
        assert!(
            text.contains("your search stopped there, where the reference rubs"),
            "{text}"
        );
        assert!(text.ends_with("Look at blank 3 first."), "{text}");
        let untouched = |_: &Sets, _: usize, _: usize, _: u8| -> bool {
            todo!("blank 1 — prune check: look")
        };
        let text = compare(&run(untouched, insert, delete), &naive(), None);
        assert!(
            text.starts_with(
                "Your search has not taken a step yet: blank 1 — prune check is not yet implemented"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_prune_check_blind_to_boxes_is_blamed_on_blank_1() {
        let blind = |s: &Sets, row: usize, col: usize, digit: u8| {
            s.rows.contains(&(row, digit)) || s.columns.contains(&(col, digit))
        };
        let yours = run(blind, insert, delete).steps;
        let why = first_difference(&puzzle(), &yours, &naive().steps).unwrap();
        assert!(matches!(why.yours, Some(Step::Place { .. })), "{why}");
        assert_eq!(why.likely_blank, Some(1), "{why}");
        assert!(why.explanation.contains(": box "), "{why}");
        assert_eq!(why.knowing(&[1]).likely_blank, Some(2));
    }

    /// Delete written as "clear everything": the givens' keys go at the first
    /// backtrack, and the first difference points at delete.
    #[test]
    fn a_delete_that_clears_everything_is_blamed_on_blank_3() {
        let clears = |s: &mut Sets, _: usize, _: usize, _: u8| *s = Sets::default();
        let yours = run(is_taken, insert, clears);
        assert!(
            yours.summary().contains("wrong: full grids"),
            "{}",
            yours.summary()
        );
        let why = first_difference(&puzzle(), &yours.steps, &naive().steps).unwrap();
        assert_eq!(why.likely_blank, Some(3), "{why}");
        let progress = Progress::new([
            &BlankCheck::run(1, "prune check", 1, || 1),
            &BlankCheck::run(2, "insert", 1, || 1),
            &BlankCheck::run(3, "delete", 1, || 2),
        ]);
        let text = compare(&yours, &naive(), Some(&progress));
        assert!(text.ends_with("Look at blank 3 first."), "{text}");
    }

    #[test]
    fn a_delete_that_removes_nothing_is_blamed_on_blank_3() {
        let keeps = |_: &mut Sets, _: usize, _: usize, _: u8| {};
        let yours = run(is_taken, insert, keeps).steps;
        let why = first_difference(&puzzle(), &yours, &naive().steps).unwrap();
        assert!(matches!(why.yours, Some(Step::Prune { .. })), "{why}");
        assert_eq!(why.likely_blank, Some(3), "{why}");
        assert!(why.explanation.contains("rubbed out of"), "{why}");
    }

    #[test]
    fn side_by_side_marks_the_rows_that_differ() {
        let reference = naive().steps;
        let mut yours: Vec<Step> = reference.iter().map(Step::bare).collect();
        yours.truncate(3);
        let text = side_by_side(&yours, &reference, 0, 4);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[0].contains("yours") && lines[0].contains("reference"));
        assert!(
            !lines[1].contains('≠') && lines[4].contains("(ended)") && lines[4].contains('≠'),
            "{text}"
        );
    }

    /// A search a rehearsal had to stop says how far it got there, its steps
    /// being lost with the copy, and the blank to look at first; nothing
    /// below it claims the search took no step, or replays steps it lost.
    #[cfg(unix)]
    #[test]
    fn a_search_stopped_in_its_rehearsal_says_how_far_it_got_and_which_blank() {
        use crate::notebook::feedback::State;
        /// A recursion whose end never comes: the stack overflows.
        fn deeper(depth: u64) -> u64 {
            let frame = std::hint::black_box([depth as u8; 64]);
            if depth == u64::MAX {
                return 0;
            }
            deeper(depth + 1) + u64::from(frame[0])
        }
        fn endless(_: &mut Sets, _: usize, _: usize, _: u8) {
            std::hint::black_box(deeper(0));
        }
        let progress = |wrong: usize| Progress {
            blanks: [(1, "prune check"), (2, "insert"), (3, "delete")]
                .map(|(n, title)| {
                    let state = if n == wrong {
                        State::Wrong
                    } else {
                        State::Done
                    };
                    (n, title.to_owned(), state)
                })
                .to_vec(),
            homework: Some("sudoku".into()),
        };
        let naive = naive();
        // A delete that never returns: the steps up to the first rub-out ran.
        let yours = SudokuHandout::new(Sets::default(), is_taken, insert, endless).record(
            &puzzle(),
            200_000,
            &progress(3),
        );
        let before = (naive.steps.iter())
            .position(|step| matches!(step, Step::Backtrack { .. }))
            .unwrap();
        assert!(before > 1);
        // Said as one paragraph: a sentence is wrapped to the page.
        let flat = |text: String| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let summary = flat(yours.summary());
        let how_far = format!("stopped after its first {before} steps, which are not kept: ");
        assert!(summary.starts_with(&how_far), "{summary}");
        assert!(
            summary.contains("went so deep that the stack overflowed"),
            "{summary}"
        );
        let blame = "Look first at blank 3 — delete (its check above does not pass).";
        assert!(summary.contains(blame), "{summary}");
        let compared = flat(compare(&yours, &naive, Some(&progress(3))));
        assert!(
            compared.starts_with("Nothing to compare: your search stopped after"),
            "{compared}"
        );
        assert!(compared.contains(blame), "{compared}");
        let said = steps_around(&yours, &naive, None);
        assert!(said.starts_with(LOST), "{said}");
        // An insert that never returns stops on the first given.
        let yours = SudokuHandout::new(Sets::default(), is_taken, endless, delete).record(
            &puzzle(),
            200_000,
            &progress(2),
        );
        let summary = flat(yours.summary());
        let givens =
            "stopped while it wrote the puzzle's givens into your sets, before its first step";
        assert!(summary.starts_with(givens), "{summary}");
        assert!(
            summary.contains("Look first at blank 2 — insert"),
            "{summary}"
        );
        assert!(!summary.contains("0 steps"), "{summary}");
        let text = steps_around(&yours, &naive, None);
        assert!(
            text.starts_with("Your search has not taken a step"),
            "{text}"
        );
    }
}
