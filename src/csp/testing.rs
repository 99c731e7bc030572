//! Small random CSPs and their solutions by brute force, for the property
//! tests of AC-3 and the searches.

use proptest::prelude::*;

use super::problem::{Problem, Relation, Value};

/// A random problem of up to 6 variables: a random graph whose neighbours
/// differ, or a small queens board, each domain a random non-empty subset.
pub fn problems() -> impl Strategy<Value = Problem> {
    (1usize..=6, 2usize..=4, any::<bool>(), any::<u64>()).prop_map(|(n, values, queens, seed)| {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut problem = if queens {
            Problem::queens(n)
        } else {
            let mut neighbours = vec![Vec::new(); n];
            for x in 0..n {
                for y in x + 1..n {
                    if rng.bool() {
                        neighbours[x].push(y);
                        neighbours[y].push(x);
                    }
                }
            }
            Problem {
                names: (0..n).map(|x| x.to_string()).collect(),
                domains: vec![(0..values).collect(); n],
                neighbours,
                relation: Relation::Differ,
                givens: vec![None; n],
            }
        };
        for domain in &mut problem.domains {
            domain.retain(|_| rng.u8(0..4) > 0);
            if domain.is_empty() {
                domain.push(0);
            }
        }
        problem
    })
}

/// Every solution, by trying every combination of the domains' values.
pub fn solutions(problem: &Problem) -> Vec<Vec<Value>> {
    let mut all = vec![Vec::new()];
    for domain in &problem.domains {
        all = (all.iter())
            .flat_map(|partial| {
                domain.iter().map(move |&value| {
                    let mut longer = partial.clone();
                    longer.push(value);
                    longer
                })
            })
            .collect();
    }
    all.retain(|values| problem.is_solution(values));
    all
}
