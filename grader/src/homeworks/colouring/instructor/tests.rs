//! Homework 4's reference held to the library's notebook helpers
//! (`queens::notebook::csp`), which the map notebook's checks and its step-by-step
//! comparison use: they must expect what the reference gives. Instructor only,
//! like the reference beside it.

/// The reference, compiled into these tests as a module (it depends on no
/// other crate).
#[path = "reference.rs"]
#[allow(dead_code)]
mod reference;

/// The map notebook's checks expect what the reference's three blanks give
/// (`queens::notebook::csp` holds the expected answers, out of the cells): the
/// next region and every colour's consistency as Australia fills up, and the
/// calls of the recursive step on the notebook's stand-in.
#[test]
fn the_map_checks_expect_what_the_reference_gives() {
    use queens::notebook::csp;
    use reference::{Backtracking, Calls, Map};
    let australia = Map::australia();
    let mut assignment = australia.blank();
    for region in 0..=australia.regions.len() {
        assert_eq!(
            australia.next_region(&assignment),
            csp::first_unassigned(&assignment)
        );
        for other in 0..australia.regions.len() {
            for colour in 0..australia.colours.len() {
                assert_eq!(
                    australia.consistent(&assignment, other, colour),
                    csp::consistent(&australia.neighbours, &assignment, other, colour),
                    "region {other}, colour {colour}, {assignment:?}"
                );
            }
        }
        if region < australia.regions.len() {
            assignment[region] = Some(region % australia.colours.len());
        }
    }
    let stand_in = Calls::default();
    let consistent: Vec<bool> = (0..stand_in.colours())
        .map(|colour| stand_in.consistent(2, colour))
        .collect();
    assert_eq!(Calls::both(), csp::step_calls_both(2, &consistent));
}

/// The map notebook's step-by-step comparison holds a student's search to
/// the library's recorded search (`csp::recorded`): the reference's steps,
/// to its first colouring, and through every one on Australia.
#[test]
fn the_library_s_recorded_colouring_search_is_the_reference_s() {
    use queens::notebook::csp;
    use reference::{Map, Search, Step};
    let as_library = |step: &Step| match *step {
        Step::Pick(region) => csp::Step::Pick(region),
        Step::Assign(region, colour) => csp::Step::Assign(region, colour),
        Step::Unassign(region) => csp::Step::Unassign(region),
        Step::Complete => csp::Step::Complete,
    };
    // The United States through every colouring is far too many nodes.
    for (map, everies) in [
        (Map::australia(), &[false, true][..]),
        (Map::usa(), &[false]),
    ] {
        for &every in everies {
            let mut search = Search::new(&map).budget(1_000_000).recording();
            if every {
                search = search.every_solution();
            }
            search.run().expect("within the budget");
            let steps: Vec<csp::Step> = search
                .steps
                .take()
                .unwrap()
                .iter()
                .map(as_library)
                .collect();
            let library = csp::recorded(&map.neighbours, map.colours.len(), every);
            assert_eq!(
                steps,
                library,
                "{} regions, every: {every}",
                map.regions.len()
            );
        }
    }
}

/// The reference's search with blank 3's undo forgotten: a colour tried and
/// refused deeper down stays on the map. The node is the reference's.
struct ForgottenUndo<'m>(reference::Search<'m>);

impl reference::Backtracking for ForgottenUndo<'_> {
    fn colours(&self) -> usize {
        self.0.colours()
    }

    fn consistent(&self, region: usize, colour: usize) -> bool {
        self.0.consistent(region, colour)
    }

    fn assign(&mut self, region: usize, colour: Option<usize>) {
        self.0.assign(region, colour);
    }

    fn backtrack(&mut self) -> bool {
        let search = &mut self.0;
        search.nodes += 1;
        if search.nodes > search.node_budget {
            return true;
        }
        let Some(region) = (search.order)(search.map, &search.assignment) else {
            if let Some(steps) = &mut search.steps {
                steps.push(reference::Step::Complete);
            }
            search.solutions += 1;
            if search.first.is_none() {
                search.first = Some(search.assignment.clone());
            }
            return !search.every_solution;
        };
        if let Some(steps) = &mut search.steps {
            steps.push(reference::Step::Pick(region));
        }
        self.try_colours(region)
    }

    fn try_colours(&mut self, region: usize) -> bool {
        for colour in 0..self.colours() {
            if self.consistent(region, colour) {
                self.assign(region, Some(colour));
                if self.backtrack() {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether the search with a forgotten undo passes the end-to-end test
/// `name`: each of its searches answered as the reference's answers say.
fn forgotten_undo_passes(name: &str) -> bool {
    use crate::homeworks::colouring::questions::{Answer, MapName, Question, Searched, StepView};
    use reference::{Backtracking, Map, Step};
    let answers = crate::reference::Answers::parse(include_str!("../answers.json")).unwrap();
    let questions = crate::homeworks::colouring::questions(name);
    let json = crate::homeworks::colouring::questions_json(name);
    let expected = answers.of(name, &json).unwrap();
    assert!(!questions.is_empty(), "{name} is a graded test");
    questions.iter().zip(expected).all(|(question, expected)| {
        let Question::Search {
            map,
            colours,
            every_solution,
            budget,
            record,
        } = *question
        else {
            panic!("{name} asks only searches");
        };
        let mut map = match map {
            MapName::Australia => Map::australia(),
            MapName::Usa => Map::usa(),
        };
        map.colours.truncate(colours);
        let mut search = reference::Search::new(&map).budget(budget);
        if every_solution {
            search = search.every_solution();
        }
        if record {
            search = search.recording();
        }
        let mut forgetful = ForgottenUndo(search);
        forgetful.backtrack();
        let search = forgetful.0;
        let steps = search.steps.unwrap_or_default().into_iter();
        let answer = Answer::Searched(Searched {
            nodes: search.nodes,
            solutions: search.solutions,
            first: search.first,
            over_budget: search.nodes > search.node_budget,
            steps: steps
                .map(|step| match step {
                    Step::Pick(region) => StepView::Pick(region),
                    Step::Assign(region, colour) => StepView::Assign(region, colour),
                    Step::Unassign(region) => StepView::Unassign(region),
                    Step::Complete => StepView::Complete,
                })
                .collect(),
        });
        &serde_json::to_value(answer).unwrap() == expected
    })
}

/// Each end-to-end test judges its own claim: a forgotten undo (blank 3)
/// leaves Australia's first colouring the reference's (it needs no undo), so
/// that test passes, while the step-by-step test fails on it.
#[test]
fn a_forgotten_undo_fails_the_steps_and_not_the_first_colouring() {
    assert!(forgotten_undo_passes(
        "end_to_end::australia_s_first_colouring"
    ));
    assert!(!forgotten_undo_passes(
        "end_to_end::the_steps_of_australia_s_search"
    ));
    assert!(!forgotten_undo_passes(
        "end_to_end::every_colouring_of_australia"
    ));
}

/// Notebook 10's counts of the student's search say so when that search is
/// not the reference's: the note (`different`) is made once, after the
/// comparison, and every count shown after it carries it (its tables of
/// nodes, your order against MRV and on Sudoku, the bar chart of both, the
/// United States' nodes; the N-Queens cell sets its counts beside the
/// published ones instead); and its steps are printed wrapped and cut,
/// never as one line of a thousand steps.
#[test]
fn the_notebook_marks_counts_of_a_different_search_and_wraps_the_steps() {
    let cells = crate::homeworks::notebook_cells("colouring");
    let made = "let different = csp::counts_of_a_different_search(every.clone().ok().as_deref(), &reference);";
    let defined = (cells.iter())
        .position(|c| c.contains(made))
        .expect("the note, made once after the comparison");
    assert!(cells[defined].contains("csp::compare(&yours, &reference,"));
    for table in ["your search against MRV", "your search on Sudoku"] {
        let cell = (cells.iter())
            .find(|c| c.contains(&format!("attempt(\"{table}\"")))
            .unwrap_or_else(|| panic!("the cell of {table}"));
        assert!(cell.contains(".note_if(different.clone())"), "{cell}");
    }
    let mut marked = 0;
    for cell in &cells[defined + 1..] {
        let shows_counts = ["Table::new(", "BarChart::new(", "thousands(nodes)"]
            .iter()
            .any(|shows| cell.contains(shows));
        if !shows_counts || cell.contains("published") {
            continue;
        }
        assert!(
            cell.contains("note_if(different.clone())") || cell.contains("(&different,"),
            "a count of the student's search without the note:\n{cell}"
        );
        marked += 1;
    }
    assert_eq!(marked, 4, "the United States, the two tables and the chart");
    let printed = (cells.iter())
        .find(|c| c.contains("Some((_, _, steps)) =>"))
        .expect("the cell that prints the first search's steps");
    assert!(printed.contains("csp::said(&steps,"), "{printed}");
    assert!(!printed.contains(".join("), "{printed}");
}

/// The library's copy of the two maps (`queens::csp::maps`, notebook 11's, which
/// cannot depend on the handout) is the handout's: the same regions in the same
/// order, the same borders, the same number of colours.
#[test]
fn the_library_s_maps_are_the_handout_s() {
    use reference::Map;
    for (handout, library) in [
        (Map::australia(), queens::csp::maps::australia()),
        (Map::usa(), queens::csp::maps::usa()),
    ] {
        assert_eq!(library.names, handout.regions);
        assert_eq!(
            library.neighbours, handout.neighbours,
            "{:?}",
            handout.regions
        );
        let colours = library.starting_domains();
        assert!(
            colours
                .iter()
                .all(|domain| domain.len() == handout.colours.len()),
            "{} colours",
            handout.colours.len()
        );
    }
}
