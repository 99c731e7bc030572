//! The Sudoku homework's notebook (the one whose metadata says
//! `course.homework: "sudoku"`): its check cells and its "your search step
//! by step" on the handout as shipped (every blank `todo!()`) and on the
//! reference answers; and every homework notebook's checks, its hint commands
//! naming its homework.

use crate::cells;
use cells::{code_cells, homework_of, notebook_of, notebooks};
use queens::notebook::feedback::{BlankCheck, Progress, State};
use queens::sudoku::feedback::{compare, difference_of};
use queens::sudoku::handout::{Stopped, SudokuHandout, reference};
use queens::sudoku::{Grid, bank};

#[path = "../exercises/src/sudoku.rs"]
#[allow(dead_code)]
mod handout;

#[path = "../grader/src/homeworks/sudoku/instructor/reference.rs"]
#[allow(dead_code)]
mod answers;

/// The third puzzle, the one the Sudoku homework's notebook searches step by step.
fn puzzle() -> Grid {
    bank::diabolical()[2].grid
}

/// The notebook's blank 1 check, on the handout as shipped: not yet, never passed.
#[test]
fn the_untouched_handout_is_not_started_and_its_search_says_why() {
    let check = BlankCheck::run(1, "prune check", true, || {
        handout::SudokuSets::new().is_taken(0, 2, 5)
    })
    .hints_of("sudoku");
    assert_eq!(check.state, State::NotYet);
    let text = check.to_string();
    assert!(
        text.contains("`cargo queens hint 1 --exercise sudoku`"),
        "{text}"
    );
    let yours = SudokuHandout::new(
        handout::SudokuSets::new(),
        handout::SudokuSets::is_taken,
        handout::SudokuSets::insert,
        handout::SudokuSets::delete,
    )
    .explore(&puzzle(), 100_000);
    assert!(matches!(yours.stopped, Some(Stopped::Panicked(ref why)) if why.is_todo()));
    let naive = reference(&puzzle(), 100_000).unwrap();
    assert_eq!(difference_of(&yours, &naive, None), None);
    let said = compare(&yours, &naive, None);
    assert!(
        said.starts_with("Your search has not taken a step yet: blank 1"),
        "{said}"
    );
}

/// The reference answers take the reference's steps, node for node: what the
/// published page of the Sudoku homework's notebook shows.
#[test]
fn the_reference_answers_take_the_reference_s_steps() {
    let yours = SudokuHandout::new(
        answers::SudokuSets::new(),
        answers::SudokuSets::is_taken,
        answers::SudokuSets::insert,
        answers::SudokuSets::delete,
    )
    .explore(&puzzle(), 100_000);
    let naive = reference(&puzzle(), 100_000).unwrap();
    assert_eq!(yours.stopped, None);
    assert_eq!((yours.nodes, yours.solutions.len()), (684, 1));
    assert_eq!(yours.nodes, naive.nodes);
    assert!(compare(&yours, &naive, None).starts_with("passed"));
}

/// The notebook's text: "of the forty it has the smallest `naive` tree".
#[test]
fn the_third_puzzle_has_the_smallest_naive_tree() {
    use queens::sudoku::{Strategy, solve};
    let nodes: Vec<u64> = bank::diabolical()
        .iter()
        .map(|line| solve(&line.grid, Strategy::Naive).nodes)
        .collect();
    let smallest = nodes.iter().min().unwrap();
    assert_eq!(nodes[2], *smallest, "{nodes:?}");
}

/// A delete that clears every set, with the first two blanks right: the
/// search step by step blames blank 3 (knowing that 1 and 2 pass).
#[test]
fn a_delete_that_clears_the_sets_is_blamed_on_blank_3() {
    fn clears(sets: &mut answers::SudokuSets, _: usize, _: usize, _: u8) {
        *sets = answers::SudokuSets::new();
    }
    let yours = SudokuHandout::new(
        answers::SudokuSets::new(),
        answers::SudokuSets::is_taken,
        answers::SudokuSets::insert,
        clears,
    )
    .explore(&puzzle(), 100_000);
    let progress = Progress::new([
        &BlankCheck::run(1, "prune check", 1, || 1),
        &BlankCheck::run(2, "insert", 1, || 1),
        &BlankCheck::run(3, "delete", 1, || 2),
    ]);
    let naive = reference(&puzzle(), 100_000).unwrap();
    let said = compare(&yours, &naive, Some(&progress));
    assert!(said.ends_with("Look at blank 3 first."), "{said}");
}

/// The homework whose hint command needs no `--exercise` (the grader's
/// default): its notebook's checks may leave the homework unnamed.
const DEFAULT_HOMEWORK: &str = "nqueens";

/// Every homework notebook (found by `course.homework` in its metadata)
/// checks its three blanks with `BlankCheck`, names its homework's hint
/// command through the library (never spelled in a cell), and the Sudoku
/// homework's shows the student's search beside the reference's.
#[test]
fn the_homework_notebooks_name_their_hint_command_through_the_library() {
    let homework_notebooks: Vec<(String, String)> = notebooks()
        .into_iter()
        .filter_map(|name| homework_of(&name).map(|homework| (name, homework)))
        .collect();
    assert!(
        homework_notebooks.len() >= 3,
        "the course's three homeworks have a notebook each, found by course.homework: {homework_notebooks:?}"
    );
    for (notebook, homework) in &homework_notebooks {
        let all = code_cells(notebook).join("\n");
        // Each blank checked, by the library's `BlankCheck` or by notebook
        // 03's one-line helpers over it (`blanks::prune_check(…)`).
        for blank in 1..=3 {
            assert!(
                all.contains(&format!("let blank_{blank} = BlankCheck::run({blank}, "))
                    || all.contains(&format!("let blank_{blank} = blanks::")),
                "{notebook}: no check of blank {blank}"
            );
        }
        // A check run in the cell names the hint command of its homework; a
        // library helper (`blanks::…`) names its own.
        let run_in_cell = (1..=3)
            .filter(|blank| all.contains(&format!("let blank_{blank} = BlankCheck::run(")))
            .count();
        let named = if homework == DEFAULT_HOMEWORK {
            0
        } else {
            run_in_cell
        };
        assert_eq!(
            all.matches(&format!(".hints_of(\"{homework}\")")).count(),
            named,
            "{notebook}: each check names the hint command of {homework}"
        );
        for call in [".hints_of(", ".homework("] {
            assert_eq!(
                all.matches(call).count(),
                all.matches(&format!("{call}\"{homework}\")")).count(),
                "{notebook}: a {call}…) names another homework than {homework}"
            );
        }
        assert_eq!(
            all.contains(&format!(".homework(\"{homework}\")")),
            homework != DEFAULT_HOMEWORK,
            "{notebook}: the progress table names the homework"
        );
        assert!(
            !all.contains("cargo queens hint") && !all.contains("cargo run -- hint"),
            "{notebook}: a hint command spelled in a cell"
        );
    }
    let sudoku = notebook_of("sudoku");
    let cells = code_cells(&sudoku).join("\n");
    for needed in [
        "SudokuHandout::new(",
        "SudokuSets::new(), SudokuSets::is_taken, SudokuSets::insert, SudokuSets::delete,",
        "compare(&yours, &naive, Some(&progress))",
        "steps_around(",
        "Walkthrough::of_run(&yours",
        "bank::diabolical()[2]",
    ] {
        assert!(cells.contains(needed), "{sudoku} lacks {needed}");
    }
}
