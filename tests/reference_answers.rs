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
