//! Backtracking search on a [`Problem`] with three kinds of inference
//! (Russell & Norvig, §6.3, Figure 6.5): **checking** only (a value is tried
//! when it agrees with the neighbours assigned so far), **forward checking**
//! (an assignment removes its neighbours' disagreeing values; an emptied
//! domain is a dead end seen one level early) and **MAC**, maintaining arc
//! consistency (AC-3 from the arcs into the variable just assigned, §6.3.2).
//!
//! A node is one call of the recursive step, the root included, as for the
//! queens' engine and Sudoku's searches: a value whose inference wipes a
//! domain out is never entered. Checking in row order is the queens'
//! `arrays` search node for node, forward checking their `forward-checking`;
//! on Sudoku, checking is `naive` in order and `mrv` by fewest values.
//!
//! ```
//! use queens::csp::{Problem, search::{Inference, Order, solve}};
//! let queens = Problem::queens(8);
//! let plain = solve(&queens, Inference::Checking, Order::InOrder, u64::MAX);
//! let mac = solve(&queens, Inference::Mac, Order::InOrder, u64::MAX);
//! assert_eq!((plain.solutions, mac.solutions), (92, 92));
//! assert!(mac.nodes < plain.nodes);
//! ```

use std::time::{Duration, Instant};

use super::arc::{self, Queue, Work};
use super::problem::{Domains, Problem, Value};

/// What a search infers after each assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Inference {
    /// Nothing: each value is checked against the neighbours assigned.
    Checking,
    /// The unassigned neighbours lose the values that disagree.
    ForwardChecking,
    /// Arc consistency maintained with AC-3.
    Mac,
}

impl Inference {
    /// The three, weakest first.
    pub const ALL: [Inference; 3] = [
        Inference::Checking,
        Inference::ForwardChecking,
        Inference::Mac,
    ];

    /// Its name in a table.
    pub fn name(self) -> &'static str {
        match self {
            Inference::Checking => "checking",
            Inference::ForwardChecking => "forward checking",
            Inference::Mac => "MAC",
        }
    }
}

/// Which variable a node assigns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// The first unassigned variable (the queens' rows in order).
    InOrder,
    /// The unassigned variable with the fewest values left that agree with
    /// the assignment ("minimum remaining values"), the first on a tie.
    FewestValues,
}

/// What a search found and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// Solutions found, up to the limit.
    pub solutions: u64,
    /// The first solution, one value per variable.
    pub first: Option<Vec<Value>>,
    /// Calls of the recursive step, the root included.
    pub nodes: u64,
    /// Constraint checks, inference's included.
    pub checks: u64,
    /// Arcs revised (MAC only).
    pub revisions: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

struct Walk<'p> {
    problem: &'p Problem,
    inference: Inference,
    order: Order,
    limit: u64,
    /// The assignment: `values[x]` once `x` is assigned.
    values: Vec<Option<Value>>,
    found: Searched,
}

/// Searches `problem` with `inference`, picking variables by `order`, until
/// `limit` solutions are found (at least 1) or the tree ends. The givens are
/// assigned before the root, and inferred from (forward checking from each,
/// AC-3 on every arc for MAC): a root that fails there is a search of 0 nodes.
pub fn solve(problem: &Problem, inference: Inference, order: Order, limit: u64) -> Searched {
    let start = Instant::now();
    let mut walk = Walk {
        problem,
        inference,
        order,
        limit: limit.max(1),
        values: problem.givens.clone(),
        found: Searched {
            solutions: 0,
            first: None,
            nodes: 0,
            checks: 0,
            revisions: 0,
            elapsed: Duration::ZERO,
        },
    };
    if let Some(domains) = walk.root_domains() {
        walk.step(&domains);
    }
    walk.found.elapsed = start.elapsed();
    walk.found
}

impl Walk<'_> {
    /// The domains at the root: the givens checked against each other and
    /// inferred from.
    fn root_domains(&mut self) -> Option<Domains> {
        let problem = self.problem;
        let domains = problem.starting_domains();
        let givens_agree = (0..problem.len()).all(|x| match self.values[x] {
            Some(value) => {
                self.values[x] = None;
                let agrees = self.agrees(x, value);
                self.values[x] = Some(value);
                agrees
            }
            None => true,
        });
        if !givens_agree {
            return None;
        }
        match self.inference {
            Inference::Checking => Some(domains),
            Inference::ForwardChecking => {
                let givens: Vec<(usize, Value)> = (self.values.iter().enumerate())
                    .filter_map(|(x, value)| value.map(|value| (x, value)))
                    .collect();
                givens.into_iter().try_fold(domains, |domains, (x, value)| {
                    self.forward_check(domains, x, value)
                })
            }
            Inference::Mac => {
                let outcome = arc::ac3(problem, domains);
                self.count(outcome.work);
                outcome.domains
            }
        }
    }

    /// One call of the recursive step: every variable assigned is a
    /// solution; otherwise each value of the next variable that its
    /// inference does not rule out is assigned and searched below.
    fn step(&mut self, domains: &Domains) -> bool {
        self.found.nodes += 1;
        let Some(x) = self.pick(domains) else {
            self.found.solutions += 1;
            if self.found.first.is_none() {
                self.found.first = self.values.iter().copied().collect();
            }
            return self.found.solutions >= self.limit;
        };
        for &value in &domains[x] {
            let ends = match self.inference {
                // Checking leaves the domains as they are: nothing to copy.
                Inference::Checking => self.agrees(x, value) && self.assigned(x, value, domains),
                _ => match self.infer(domains, x, value) {
                    Some(next) => self.assigned(x, value, &next),
                    None => false,
                },
            };
            if ends {
                return true;
            }
        }
        false
    }

    /// `x = value`, searched below, then taken back unless the search ended.
    fn assigned(&mut self, x: usize, value: Value, domains: &Domains) -> bool {
        self.values[x] = Some(value);
        let ends = self.step(domains);
        if !ends {
            self.values[x] = None;
        }
        ends
    }

    /// The next variable to assign, `None` when every one is.
    fn pick(&mut self, domains: &Domains) -> Option<usize> {
        let mut unassigned = (0..self.problem.len()).filter(|&x| self.values[x].is_none());
        match self.order {
            Order::InOrder => unassigned.next(),
            Order::FewestValues => {
                let free: Vec<usize> = unassigned.collect();
                free.into_iter()
                    .min_by_key(|&x| self.values_left(domains, x))
            }
        }
    }

    /// How many values of `x` agree with the assignment; with inference the
    /// domain holds only those already.
    fn values_left(&mut self, domains: &Domains, x: usize) -> usize {
        match self.inference {
            Inference::Checking => (domains[x].iter()).filter(|&&a| self.agrees(x, a)).count(),
            _ => domains[x].len(),
        }
    }

    /// Whether `x = a` agrees with every assigned neighbour.
    fn agrees(&mut self, x: usize, a: Value) -> bool {
        let problem = self.problem;
        problem.neighbours[x].iter().all(|&y| match self.values[y] {
            Some(b) => {
                self.found.checks += 1;
                problem.allows(x, a, y, b)
            }
            None => true,
        })
    }

    /// The domains below the assignment `x = value` by forward checking or
    /// arc consistency, `None` when it is a dead end.
    fn infer(&mut self, domains: &Domains, x: usize, value: Value) -> Option<Domains> {
        let mut next = domains.clone();
        next[x] = vec![value];
        if self.inference == Inference::ForwardChecking {
            return self.forward_check(next, x, value);
        }
        // MAC: AC-3 from the arcs into x from its unassigned neighbours.
        let mut queue = Queue::new(self.problem.len());
        for &z in self.problem.neighbours[x].iter() {
            if z != x && self.values[z].is_none() {
                queue.push(z, x);
            }
        }
        let outcome = arc::ac3_from(self.problem, next, queue);
        self.count(outcome.work);
        outcome.domains
    }

    /// `x = value` removes from each unassigned neighbour the values that
    /// disagree; `None` when one is left with none.
    fn forward_check(&mut self, mut domains: Domains, x: usize, value: Value) -> Option<Domains> {
        let problem = self.problem;
        for &y in &problem.neighbours[x] {
            if self.values[y].is_some() {
                continue;
            }
            domains[y].retain(|&b| {
                self.found.checks += 1;
                problem.allows(y, b, x, value)
            });
            if domains[y].is_empty() {
                return None;
            }
        }
        Some(domains)
    }

    fn count(&mut self, work: Work) {
        self.found.checks += work.checks;
        self.found.revisions += work.revisions;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csp::{maps, testing};
    use crate::report::reference;
    use crate::run;
    use crate::strategy::Strategy;

    #[test]
    fn every_inference_counts_the_queens_solutions() {
        for n in 1..=8 {
            for inference in Inference::ALL {
                for order in [Order::InOrder, Order::FewestValues] {
                    let found = solve(&Problem::queens(n), inference, order, u64::MAX);
                    assert_eq!(
                        Some(found.solutions),
                        reference::solutions(n),
                        "{n} {inference:?} {order:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn checking_and_forward_checking_in_row_order_walk_the_course_s_trees() {
        for n in 1..=9 {
            let queens = Problem::queens(n);
            let plain = solve(&queens, Inference::Checking, Order::InOrder, u64::MAX);
            let forward = solve(
                &queens,
                Inference::ForwardChecking,
                Order::InOrder,
                u64::MAX,
            );
            assert_eq!(
                plain.nodes,
                run::count(n, Strategy::Arrays).unwrap().nodes,
                "n = {n}"
            );
            let course = run::count(n, Strategy::ForwardChecking).unwrap().nodes;
            assert_eq!(forward.nodes, course, "n = {n}");
        }
    }

    #[test]
    fn mac_colours_the_usa_without_a_dead_end() {
        let usa = maps::usa();
        let mac = solve(&usa, Inference::Mac, Order::FewestValues, 1);
        assert!(usa.is_solution(mac.first.as_ref().unwrap()));
        assert_eq!(mac.nodes, usa.len() as u64 + 1);
        let australia = maps::australia();
        let all = solve(&australia, Inference::Checking, Order::InOrder, u64::MAX);
        // 3 colours for WA, 2 for NT, SA fixed, then all forced, Tasmania free: 3 · 2 · 3.
        assert_eq!(all.solutions, 18);
    }

    proptest::proptest! {
        /// Every inference in every order finds the solutions brute force
        /// finds, each one a solution.
        #[test]
        fn every_search_counts_what_brute_force_counts(problem in testing::problems()) {
            let expected = testing::solutions(&problem);
            for inference in Inference::ALL {
                for order in [Order::InOrder, Order::FewestValues] {
                    let found = solve(&problem, inference, order, u64::MAX);
                    proptest::prop_assert_eq!(found.solutions, expected.len() as u64, "{:?} {:?}", inference, order);
                    if let Some(first) = found.first {
                        proptest::prop_assert!(expected.contains(&first));
                    }
                }
            }
        }

        /// In the same order, MAC never enters more nodes than forward
        /// checking, nor forward checking more than checking alone: each
        /// prunes at least what the weaker one prunes.
        #[test]
        fn stronger_inference_never_enters_more_nodes(problem in testing::problems()) {
            let nodes = Inference::ALL.map(|inference| solve(&problem, inference, Order::InOrder, u64::MAX).nodes);
            proptest::prop_assert!(nodes[2] <= nodes[1] && nodes[1] <= nodes[0], "{:?}", nodes);
        }
    }
}
