//! Plain backtracking on a constraint-satisfaction problem, written once as
//! the answers a notebook's checks expect, so that no check cell holds them
//! (as [`checks`](super::checks) holds the self-checks' answers): the next
//! variable in order ([`first_unassigned`]), a value checked against the
//! neighbours' ([`consistent`]), and the calls one level of the recursive
//! step makes ([`step_calls`]). Variables and values are numbers, as a map
//! numbers its regions and its colours.
//!
//! ```
//! use queens::notebook::csp;
//! let neighbours = vec![vec![1], vec![0, 2], vec![1]];
//! let assignment = [Some(0), None, None];
//! assert_eq!(csp::first_unassigned(&assignment), Some(1));
//! assert!(!csp::consistent(&neighbours, &assignment, 1, 0));
//! assert!(csp::consistent(&neighbours, &assignment, 2, 0));
//! assert_eq!(csp::consistent_each(&neighbours, &assignment, [(1, 0), (2, 0)]), [false, true]);
//! let names = ["a", "b", "c"].map(String::from);
//! let named = csp::first_unassigned_named(&[assignment.to_vec(), vec![Some(0); 3]], &names);
//! assert_eq!(named, [Some("b".to_owned()), None]);
//! ```

/// The first variable with no value yet, in order; `None` when every
/// variable has one (the assignment is complete).
pub fn first_unassigned<T>(assignment: &[Option<T>]) -> Option<usize> {
    assignment.iter().position(Option::is_none)
}

/// Whether `variable` may take `value` now: none of its neighbours
/// (`neighbours[variable]`) has that value. A neighbour with no value yet is
/// no obstacle.
pub fn consistent(
    neighbours: &[Vec<usize>],
    assignment: &[Option<usize>],
    variable: usize,
    value: usize,
) -> bool {
    neighbours[variable]
        .iter()
        .all(|&neighbour| assignment[neighbour] != Some(value))
}

/// [`first_unassigned`] of each assignment, named by `names` (a map's
/// regions): what notebook 10's check of blank 1 expects.
pub fn first_unassigned_named<const K: usize>(
    assignments: &[Vec<Option<usize>>; K],
    names: &[String],
) -> [Option<String>; K] {
    assignments.each_ref().map(|assignment| {
        first_unassigned(assignment).and_then(|variable| names.get(variable).cloned())
    })
}

/// [`consistent`] for each `(variable, value)` asked, against one
/// assignment: what notebook 10's check of blank 2 expects.
pub fn consistent_each<const K: usize>(
    neighbours: &[Vec<usize>],
    assignment: &[Option<usize>],
    asked: [(usize, usize); K],
) -> [bool; K] {
    asked.map(|(variable, value)| consistent(neighbours, assignment, variable, value))
}

/// One level of the recursive step on `variable`, as the calls it makes:
/// for each value in order that is consistent (`consistent[value]`), assign
/// it, go one level deeper (`backtrack with …`) and, unless that level ended
/// the search (`deeper_ends`), take the value back. Returns the calls and
/// whether the search ended.
pub fn step_calls(variable: usize, consistent: &[bool], deeper_ends: bool) -> (Vec<String>, bool) {
    let mut calls = Vec::new();
    for (value, _) in consistent.iter().enumerate().filter(|(_, ok)| **ok) {
        calls.push(format!("assign({variable}, Some({value}))"));
        calls.push(format!("backtrack with Some({value})"));
        if deeper_ends {
            return (calls, true);
        }
        calls.push(format!("assign({variable}, None)"));
    }
    (calls, false)
}

/// [`step_calls`] twice, as a check runs the step: where every deeper level
/// leads nowhere, then where the first one ends the search.
pub fn step_calls_both(
    variable: usize,
    consistent: &[bool],
) -> (Vec<String>, bool, Vec<String>, bool) {
    let (on, went_on) = step_calls(variable, consistent, false);
    let (stopped_calls, stopped) = step_calls(variable, consistent, true);
    (on, went_on, stopped_calls, stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_tried_in_order_and_taken_back_unless_the_search_ends() {
        let (calls, ended) = step_calls(2, &[true, false, true], false);
        assert_eq!(
            calls,
            [
                "assign(2, Some(0))",
                "backtrack with Some(0)",
                "assign(2, None)",
                "assign(2, Some(2))",
                "backtrack with Some(2)",
                "assign(2, None)",
            ]
        );
        assert!(!ended);
        let (calls, ended) = step_calls(2, &[false, true, true], true);
        assert_eq!(calls, ["assign(2, Some(1))", "backtrack with Some(1)"]);
        assert!(ended);
        assert_eq!(step_calls(0, &[false, false], false), (vec![], false));
    }

    #[test]
    fn a_complete_assignment_has_no_next_variable() {
        assert_eq!(first_unassigned(&[Some(1), Some(0)]), None);
        assert_eq!(first_unassigned(&[Some(1), None, Some(0), None]), Some(1));
    }
}
