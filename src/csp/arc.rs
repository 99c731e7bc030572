//! AC-3, arc consistency (Russell & Norvig, §6.2.2, Figure 6.3): an arc
//! `(x, y)` is consistent when every value left for `x` has a value of `y`
//! that the constraint allows; [`revise`] removes the values of `x` that have
//! none, and [`ac3`] revises arcs from a queue until no domain changes or one
//! is empty (a wipe-out: the problem, as it stands, has no solution).
//!
//! ```
//! use queens::csp::{Problem, arc};
//! let queens = Problem::queens(4);
//! let mut domains = queens.starting_domains();
//! domains[0] = vec![0]; // a queen in the corner
//! let outcome = arc::ac3(&queens, domains);
//! assert!(outcome.domains.is_none(), "no 4-queens solution has a corner queen");
//! ```

use std::collections::VecDeque;

use super::problem::{Domains, Problem, Value};

/// What arc consistency did: arcs revised, constraint checks made (one call
/// of the relation), values removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Arcs revised: calls of [`revise`].
    pub revisions: u64,
    /// Pairs of values checked against the constraint.
    pub checks: u64,
    /// Values removed from domains.
    pub removed: u64,
}

impl Work {
    /// Both counts added up.
    pub fn add(&mut self, other: Work) {
        self.revisions += other.revisions;
        self.checks += other.checks;
        self.removed += other.removed;
    }
}

/// The arcs still to revise, each at most once in the queue (the book's
/// queue is a set).
#[derive(Clone, Debug)]
pub struct Queue {
    arcs: VecDeque<(usize, usize)>,
    queued: Vec<bool>,
    variables: usize,
}

impl Queue {
    /// An empty queue for a problem of `variables` variables.
    pub fn new(variables: usize) -> Self {
        Self {
            arcs: VecDeque::new(),
            queued: vec![false; variables * variables],
            variables,
        }
    }

    /// Every arc of `problem`, both ways: AC-3's start.
    pub fn every_arc(problem: &Problem) -> Self {
        let mut queue = Self::new(problem.len());
        for x in 0..problem.len() {
            for &y in &problem.neighbours[x] {
                queue.push(x, y);
            }
        }
        queue
    }

    /// The arc `(x, y)` added, unless it is queued already.
    pub fn push(&mut self, x: usize, y: usize) {
        let slot = x * self.variables + y;
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.arcs.push_back((x, y));
        }
    }

    /// The oldest arc, taken out.
    pub fn pop(&mut self) -> Option<(usize, usize)> {
        let (x, y) = self.arcs.pop_front()?;
        self.queued[x * self.variables + y] = false;
        Some((x, y))
    }

    /// How many arcs wait.
    pub fn len(&self) -> usize {
        self.arcs.len()
    }

    /// Whether no arc waits.
    pub fn is_empty(&self) -> bool {
        self.arcs.is_empty()
    }
}

/// Makes the arc `(x, y)` consistent: removes from `x`'s domain each value
/// that no value of `y`'s domain allows. Returns whether it removed any.
pub fn revise(
    problem: &Problem,
    domains: &mut Domains,
    x: usize,
    y: usize,
    work: &mut Work,
) -> bool {
    work.revisions += 1;
    let before = domains[x].len();
    let ys: &[Value] = &std::mem::take(&mut domains[y]);
    domains[x].retain(|&a| {
        ys.iter().any(|&b| {
            work.checks += 1;
            problem.allows(x, a, y, b)
        })
    });
    domains[y] = ys.to_vec();
    let removed = before - domains[x].len();
    work.removed += removed as u64;
    removed > 0
}

/// What one step of AC-3 found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The queue is empty: every arc is consistent.
    Done,
    /// An arc was revised; the search goes on.
    Revised,
    /// This variable's domain is empty: no solution.
    WipeOut(usize),
}

/// One step of AC-3: the next arc `(x, y)` revised; if `x` lost values, every
/// arc `(z, x)` from its other neighbours is queued again, since a value of
/// `z` may have had its only support in what `x` lost.
pub fn step(problem: &Problem, domains: &mut Domains, queue: &mut Queue, work: &mut Work) -> Step {
    let Some((x, y)) = queue.pop() else {
        return Step::Done;
    };
    if revise(problem, domains, x, y, work) {
        if domains[x].is_empty() {
            return Step::WipeOut(x);
        }
        for &z in problem.neighbours[x].iter().filter(|&&z| z != y) {
            queue.push(z, x);
        }
    }
    Step::Revised
}

/// The outcome of [`ac3`]: the reduced domains, or `None` after a wipe-out,
/// and the work done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The arc-consistent domains; `None` when a domain was wiped out.
    pub domains: Option<Domains>,
    /// The variable whose domain was wiped out, if one was.
    pub wiped_out: Option<usize>,
    /// Revisions, checks and removals.
    pub work: Work,
}

/// AC-3 from every arc of `problem` over `domains`.
pub fn ac3(problem: &Problem, domains: Domains) -> Outcome {
    let queue = Queue::every_arc(problem);
    ac3_from(problem, domains, queue)
}

/// AC-3 from the arcs in `queue` (MAC starts it from the arcs into the
/// variable just assigned).
pub fn ac3_from(problem: &Problem, mut domains: Domains, mut queue: Queue) -> Outcome {
    let mut work = Work::default();
    loop {
        match step(problem, &mut domains, &mut queue, &mut work) {
            Step::Done => {
                return Outcome {
                    domains: Some(domains),
                    wiped_out: None,
                    work,
                };
            }
            Step::Revised => {}
            Step::WipeOut(x) => {
                return Outcome {
                    domains: None,
                    wiped_out: Some(x),
                    work,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csp::{maps, testing};

    #[test]
    fn revise_removes_the_values_without_support() {
        let queens = Problem::queens(4);
        let mut domains = queens.starting_domains();
        domains[0] = vec![1];
        let mut work = Work::default();
        assert!(revise(&queens, &mut domains, 1, 0, &mut work));
        assert_eq!(domains[1], [3]);
        assert_eq!((work.revisions, work.checks, work.removed), (1, 4, 3));
        assert!(!revise(&queens, &mut domains, 1, 0, &mut work));
    }

    #[test]
    fn arc_consistency_solves_four_queens_from_one_queen() {
        let queens = Problem::queens(4);
        let mut domains = queens.starting_domains();
        domains[0] = vec![1];
        let outcome = ac3(&queens, domains);
        assert_eq!(
            outcome.domains,
            Some(vec![vec![1], vec![3], vec![0], vec![2]])
        );
    }

    #[test]
    fn wa_red_and_q_green_wipe_out_as_the_book_says() {
        // R&N §6.3.2: after WA = red and Q = green, arc consistency finds no
        // colour for SA and NT together, where forward checking sees none.
        let australia = maps::australia();
        let mut domains = australia.starting_domains();
        domains[0] = vec![0];
        domains[3] = vec![1];
        let outcome = ac3(&australia, domains);
        assert_eq!(outcome.domains, None);
        assert!(matches!(outcome.wiped_out, Some(1 | 2)), "{outcome:?}");
    }

    proptest::proptest! {
        /// Arc consistency only removes values no solution uses; a wipe-out
        /// means there is no solution.
        #[test]
        fn ac3_never_removes_a_value_of_a_solution(problem in testing::problems()) {
            let solutions = testing::solutions(&problem);
            let outcome = ac3(&problem, problem.starting_domains());
            match outcome.domains {
                None => proptest::prop_assert!(solutions.is_empty()),
                Some(domains) => {
                    for solution in &solutions {
                        for (x, value) in solution.iter().enumerate() {
                            proptest::prop_assert!(domains[x].contains(value), "{x} = {value} removed");
                        }
                    }
                }
            }
        }
    }
}
