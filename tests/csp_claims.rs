//! Notebook 11's prose, checked against the library: each sentence is still
//! in the notebook, and what it states holds (the two checks of
//! `tests/claims.rs`, for the notebook that runs arc consistency and exact
//! cover). Its timings are not claims: the cells measure them.

use crate::common;

use common::{notebook_text, squash};
use queens::csp::search::{Inference, Order, solve};
use queens::csp::{Problem, arc, maps, sudoku as as_csp};
use queens::sudoku::{self, Grid, Strategy, bank};

const NOTEBOOK: &str = "11-arc-consistency-and-exact-cover";

/// One sentence of the notebook and the computation that proves it.
struct Claim {
    says: &'static str,
    holds: fn() -> Result<(), String>,
}

fn ensure(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(what()) }
}

fn puzzles() -> Vec<Grid> {
    bank::diabolical().into_iter().map(|p| p.grid).collect()
}

fn mac_nodes(problem: &Problem, order: Order, limit: u64) -> u64 {
    solve(problem, Inference::Mac, order, limit).nodes
}

const CLAIMS: &[Claim] = &[
    Claim {
        says: "What is left is a solution, found without a single branch.",
        holds: || {
            let four = Problem::queens(4);
            let mut domains = four.starting_domains();
            domains[0] = vec![1];
            let left = arc::ac3(&four, domains).domains.ok_or("wiped out")?;
            let values: Vec<usize> = left
                .iter()
                .filter_map(|d| match d[..] {
                    [value] => Some(value),
                    _ => None,
                })
                .collect();
            ensure(four.is_solution(&values), || format!("{left:?}"))
        },
    },
    Claim {
        says: "A queen in the corner instead leaves a domain empty: AC-3 proves there is no solution.",
        holds: || {
            let four = Problem::queens(4);
            let mut domains = four.starting_domains();
            domains[0] = vec![0];
            ensure(arc::ac3(&four, domains).domains.is_none(), || {
                "not wiped out".into()
            })
        },
    },
    Claim {
        says: "(On many of the forty it fixes no cell at all: only the candidates shrink.)",
        holds: || {
            let fixing_none = (puzzles().iter())
                .filter(|puzzle| {
                    let problem = as_csp::problem(puzzle);
                    let domains = arc::ac3(&problem, problem.starting_domains()).domains;
                    domains.is_some_and(|d| as_csp::fixed(&d).givens() == puzzle.givens())
                })
                .count();
            ensure(fixing_none >= 10, || format!("{fixing_none} of 40"))
        },
    },
    Claim {
        says: "Checking in that order is notebook 07's `mrv` node for node.",
        holds: || {
            for puzzle in puzzles() {
                let ours = solve(
                    &as_csp::problem(&puzzle),
                    Inference::Checking,
                    Order::FewestValues,
                    2,
                );
                let mrv = sudoku::solve(&puzzle, Strategy::Mrv).nodes;
                ensure(ours.nodes == mrv, || {
                    format!("{} against {mrv}", ours.nodes)
                })?;
            }
            Ok(())
        },
    },
    Claim {
        says: "On Sudoku, MAC beats plain checking, but the course's `singles` beats MAC",
        // In nodes, which do not depend on the machine.
        holds: || {
            let (mut checking, mut mac, mut singles) = (0, 0, 0);
            for puzzle in puzzles() {
                let problem = as_csp::problem(&puzzle);
                checking += solve(&problem, Inference::Checking, Order::FewestValues, 2).nodes;
                mac += mac_nodes(&problem, Order::FewestValues, 2);
                singles += sudoku::solve(&puzzle, Strategy::Singles).nodes;
            }
            ensure(singles < mac && mac < checking, || {
                format!("{checking}, {mac}, {singles}")
            })
        },
    },
    Claim {
        says: "On the United States in the map's order, a wrong colour is found late by checking alone, and the look-ahead pays many times over.",
        holds: || {
            let usa = maps::usa();
            let checking = solve(&usa, Inference::Checking, Order::InOrder, 1).nodes;
            let mac = mac_nodes(&usa, Order::InOrder, 1);
            ensure(mac * 10 < checking, || format!("{checking} against {mac}"))
        },
    },
];

#[test]
fn every_claim_is_still_in_notebook_11() {
    let text = notebook_text(NOTEBOOK);
    let missing: Vec<&str> = (CLAIMS.iter().map(|c| c.says))
        .filter(|says| !text.contains(&squash(says)))
        .collect();
    assert!(
        missing.is_empty(),
        "the prose changed; update the claims:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_claim_of_notebook_11_holds() {
    let broken: Vec<String> = (CLAIMS.iter())
        .filter_map(|c| {
            (c.holds)()
                .err()
                .map(|why| format!("\"{}\": {why}", c.says))
        })
        .collect();
    assert!(
        broken.is_empty(),
        "the library no longer agrees:\n{}",
        broken.join("\n")
    );
}
