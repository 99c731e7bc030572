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
