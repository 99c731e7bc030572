//! The evidence beside notebook 01's corrections of the two sources: what
//! the search does after each child, and how often it solves a subproblem it
//! has solved before (backtracking is not dynamic programming).
//!
//! ```
//! let resets = queens::notebook::sources::resets(4)?;
//! assert!(resets.first_reset < resets.first_solution);
//! let again = queens::notebook::sources::repeated_subproblems(8);
//! assert_eq!(again.nodes, 2057);
//! # Ok::<(), queens::Error>(())
//! ```

use std::collections::HashSet;
use std::fmt;

use crate::report::trace::Event;
use crate::stores::sets::ConstraintSets;
use crate::strategy::Strategy;

/// The resets (backtracks) of a search against its solutions: the article
/// comments its reset "After a solution", but it runs after every child.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resets {
    /// The search's first steps, as words.
    pub first_steps: Vec<String>,
    /// Queens taken back over the whole search.
    pub resets: usize,
    /// Solutions found.
    pub solutions: usize,
    /// Steps before the first reset.
    pub first_reset: usize,
    /// Steps before the first solution.
    pub first_solution: usize,
}

/// The `n × n` search's resets against its solutions.
pub fn resets(n: usize) -> crate::Result<Resets> {
    let steps = crate::run::trace(n, Strategy::Sets)?;
    let count = |kind: fn(&Event) -> bool| steps.iter().filter(|step| kind(step)).count();
    let first = |kind: fn(&Event) -> bool| steps.iter().position(kind).unwrap_or(steps.len());
    let reset = |step: &Event| matches!(step, Event::Backtrack { .. });
    let solution = |step: &Event| matches!(step, Event::Solution { .. });
    Ok(Resets {
        first_steps: steps.iter().take(6).map(ToString::to_string).collect(),
        resets: count(reset),
        solutions: count(solution),
        first_reset: first(reset),
        first_solution: first(solution),
    })
}

impl fmt::Display for Resets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "the first steps: {}", self.first_steps.join(", "))?;
        write!(
            f,
            "{} resets for {} solutions; the first reset comes after {} steps, the first solution after {}",
            self.resets, self.solutions, self.first_reset, self.first_solution
        )
    }
}

/// How often the search meets a subproblem it has already solved: a node's
/// subproblem is the free cells of the rows below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subproblems {
    /// Every node of the search, the empty board included.
    pub nodes: usize,
    /// The full boards (solutions): no row is left below them, so their
    /// subproblem is empty and left out of the two counts below.
    pub solutions: usize,
    /// Different subproblems among the other nodes.
    pub different: usize,
    /// Other nodes whose subproblem an earlier node already had.
    pub again: usize,
}

/// Walks the `n × n` search and compares every node's subproblem with the
/// ones before it.
pub fn repeated_subproblems(n: usize) -> Subproblems {
    fn walk(n: usize, placed: &mut Vec<usize>, seen: &mut Vec<Vec<bool>>, full: &mut usize) {
        let sets = ConstraintSets::from_placement(placed);
        if placed.len() == n {
            *full += 1;
            return;
        }
        let row = placed.len();
        let below = (row..n).flat_map(|r| (0..n).map(move |c| (r, c)));
        seen.push(below.map(|(r, c)| !sets.is_attacked(r, c)).collect());
        for col in (0..n).filter(|&c| !sets.is_attacked(row, c)) {
            placed.push(col);
            walk(n, placed, seen, full);
            placed.pop();
        }
    }
    let (mut seen, mut solutions) = (Vec::new(), 0);
    walk(n, &mut Vec::new(), &mut seen, &mut solutions);
    let different = seen.iter().collect::<HashSet<_>>().len();
    Subproblems {
        nodes: seen.len() + solutions,
        solutions,
        different,
        again: seen.len() - different,
    }
}

impl fmt::Display for Subproblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes; leaving out the {} full boards (no row below them), {} different subproblems: \
             {} nodes solve again a subproblem solved before",
            self.nodes, self.solutions, self.different, self.again
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_4_by_4_search_resets_before_it_solves() {
        let resets = resets(4).unwrap();
        assert_eq!((resets.solutions, resets.resets), (2, 16));
        assert!(resets.first_reset < resets.first_solution);
        assert_eq!(resets.first_steps[0], "place (0, 0)");
    }

    #[test]
    fn subproblems_repeat_beyond_the_full_boards() {
        let eight = repeated_subproblems(8);
        assert_eq!((eight.nodes, eight.solutions), (2057, 92));
        assert!(eight.again > 0 && eight.different + eight.again == 2057 - 92);
        // n = 4: 17 nodes, 2 of them full boards.
        let four = repeated_subproblems(4);
        assert_eq!((four.nodes, four.solutions), (17, 2));
    }
}
