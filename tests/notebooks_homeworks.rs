//! Every homework notebook (the ones whose metadata names a homework in
//! `course.homework`): its checks, its hint commands naming its homework; and
//! the Sudoku lesson's puzzle. What a notebook shows of its homework's
//! reference is tested in that homework's folder (`instructor/tests.rs`).

use crate::cells;
use cells::{code_cells, homework_of, notebooks};
use queens::sudoku::bank;

/// The Sudoku notebook's text on its third puzzle, the one it searches step
/// by step: "of the forty it has the smallest `naive` tree".
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

/// The number of blanks of `homework`'s handout: its file
/// `exercises/src/<homework>.rs`, or the exercises crate's `lib.rs` for the
/// course's first homework, counted by its `// BLANK N:` markers.
fn blanks_of(homework: &str) -> usize {
    let exercises = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises/src");
    let own = exercises.join(format!("{homework}.rs"));
    let file = if own.is_file() {
        own
    } else {
        exercises.join("lib.rs")
    };
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    (1..)
        .take_while(|n| text.contains(&format!("// BLANK {n}:")))
        .count()
}

/// Every homework notebook (found by `course.homework` in its metadata)
/// checks every blank of its handout with `BlankCheck`, names its
/// homework's hint command through the library (never spelled in a cell).
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
    // The first is the default homework's (the grader checks that they come
    // in the course's order): its hint command needs no `--exercise`, so its
    // notebook's checks may leave the homework unnamed.
    let default_homework = homework_notebooks[0].1.clone();
    for (notebook, homework) in &homework_notebooks {
        let all = code_cells(notebook).join("\n");
        // Each blank checked, by the library's `BlankCheck` or by notebook
        // 03's one-line helpers over it (`blanks::prune_check(…)`).
        let blanks = blanks_of(homework);
        assert!(blanks > 0, "{notebook}: {homework}'s handout has no blank");
        for blank in 1..=blanks {
            assert!(
                all.contains(&format!("let blank_{blank} = BlankCheck::run({blank}, "))
                    || all.contains(&format!("let blank_{blank} = blanks::")),
                "{notebook}: no check of blank {blank}"
            );
        }
        // A check run in the cell names the hint command of its homework; a
        // library helper (`blanks::…`) names its own.
        let run_in_cell = (1..=blanks)
            .filter(|blank| all.contains(&format!("let blank_{blank} = BlankCheck::run(")))
            .count();
        let named = if *homework == default_homework {
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
            *homework != default_homework,
            "{notebook}: the progress table names the homework"
        );
        assert!(
            !all.contains("cargo queens hint") && !all.contains("cargo run -- hint"),
            "{notebook}: a hint command spelled in a cell"
        );
    }
}
