//! The reference answers (`solutions/`) agree with the library, and so does
//! the handout's search recorded step by step (`queens::notebook::handout`).

use queens::notebook::handout::Handout;

/// The reference crate, compiled into this test as a module.
#[path = "../solutions/src/lib.rs"]
#[allow(dead_code)]
mod solutions;

#[test]
fn reference_crate_agrees_with_the_library_for_n_0_to_10() {
    for n in 0..=10 {
        let boards = queens::run::solve(n).unwrap();
        let nodes = queens::run::count(n, queens::Strategy::Sets).unwrap().nodes;
        assert_eq!(solutions::solve_n_queens(n), boards, "boards, n = {n}");
        let exploration = reference_sets().explore(n, nodes).unwrap();
        assert_eq!(exploration.boards, boards, "explored boards, n = {n}");
        assert_eq!(exploration.nodes, nodes, "nodes, n = {n}");
        assert!(
            reference_sets().explore(n, nodes - 1).is_err(),
            "budget, n = {n}"
        );
    }
}

/// The reference's three blanks, driven by the recorded search.
fn reference_sets() -> Handout<solutions::ConstraintSets> {
    Handout::new(
        solutions::ConstraintSets::new(),
        solutions::ConstraintSets::is_attacked,
        solutions::ConstraintSets::insert,
        solutions::ConstraintSets::delete,
    )
}

/// The map-colouring reference, compiled into this test as a module (the
/// file depends on no other crate).
#[path = "../grader/src/homeworks/colouring/instructor/reference.rs"]
#[allow(dead_code)]
mod colouring;

/// The map notebook's checks expect what the reference's three blanks give
/// (`queens::notebook::csp` holds the expected answers, out of the cells): the
/// next region and every colour's consistency as Australia fills up, and the
/// calls of the recursive step on the notebook's stand-in.
#[test]
fn the_map_checks_expect_what_the_reference_gives() {
    use colouring::{Backtracking, Calls, Map};
    use queens::notebook::csp;
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
    use colouring::{Map, Search, Step};
    use queens::notebook::csp;
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
