//! Notebook 07's prose about its hidden-singles rung, checked against the
//! library: each sentence is still in the notebook, and what it states holds
//! (the same two checks as `tests/claims.rs`, for the rung issue 24 added).

use crate::common;

use common::{notebook_text, squash};
use queens::sudoku::{Grid, Strategy, Units, bank, rules, solve};

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

fn nodes(strategy: Strategy) -> Vec<u64> {
    puzzles().iter().map(|p| solve(p, strategy).nodes).collect()
}

const CLAIMS: &[Claim] = &[
    Claim {
        // Norvig's own words (norvig.com/sudoku.html, his second rule).
        says: "> If a unit has only one possible place for a value, then put the value there.",
        // The rule as the library applies it: every hidden single it lists is
        // the only empty cell of its unit with the digit as a candidate.
        holds: || {
            for puzzle in puzzles() {
                let units = Units::from_grid(&puzzle).map_err(|e| e.to_string())?;
                for single in rules::hidden_singles(&puzzle) {
                    let places = single
                        .unit
                        .cells()
                        .filter(|&c| puzzle.get(c).is_none())
                        .filter(|&c| units.candidates(c).contains(single.digit))
                        .count();
                    ensure(places == 1, || format!("{single:?}: {places} places"))?;
                    ensure(
                        solve(&puzzle, Strategy::Naive)
                            .solution
                            .and_then(|s| s.get(single.cell))
                            == Some(single.digit),
                        || format!("{single:?} is not the solution's digit"),
                    )?;
                }
            }
            Ok(())
        },
    },
    Claim {
        says: "the first one whose cell still has two or more candidates (so that it is not a naked single as well)",
        // The third puzzle, the notebook's, has such a hidden single.
        holds: || {
            let puzzle = puzzles()[2];
            let units = Units::from_grid(&puzzle).map_err(|e| e.to_string())?;
            ensure(
                rules::hidden_singles(&puzzle)
                    .iter()
                    .any(|s| units.candidates(s.cell).len() > 1),
                || "no hidden single with two candidates or more".into(),
            )
        },
    },
    Claim {
        says: "On the forty puzzles hidden singles cut `naked`'s tree about sevenfold",
        holds: || {
            let naked: u64 = nodes(Strategy::Naked).iter().sum();
            let singles: u64 = nodes(Strategy::Singles).iter().sum();
            let ratio = naked as f64 / singles as f64;
            ensure((6.5..7.5).contains(&ratio), || {
                format!("{naked} / {singles} = {ratio:.2}")
            })
        },
    },
    Claim {
        says: "the puzzle with `naked`'s largest tree needs only a handful of nodes with `singles`",
        holds: || {
            let (naked, singles) = (nodes(Strategy::Naked), nodes(Strategy::Singles));
            let worst = (0..naked.len()).max_by_key(|&i| naked[i]).expect("puzzles");
            ensure(singles[worst] <= 10 && naked[worst] >= 100, || {
                format!(
                    "puzzle {}: naked {}, singles {}",
                    worst + 1,
                    naked[worst],
                    singles[worst]
                )
            })
        },
    },
    Claim {
        says: "(One puzzle's tree can grow a little: with more cells filled, the fewest-candidates cell is another one.)",
        holds: || {
            let (naked, singles) = (nodes(Strategy::Naked), nodes(Strategy::Singles));
            let grown: Vec<usize> = (0..naked.len())
                .filter(|&i| singles[i] > naked[i])
                .collect();
            ensure(
                grown.len() == 1 && singles[grown[0]] <= 3 * naked[grown[0]],
                || format!("grown: {grown:?}"),
            )
        },
    },
    Claim {
        says: "`cargo queens sudoku solve --file data/sudoku/diabolical-40.txt --strategy naive` (or `mrv`, `naked`, `singles`)",
        holds: || {
            let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
            ensure(names == ["naive", "mrv", "naked", "singles"], || {
                format!("{names:?}")
            })
        },
    },
];

#[test]
fn every_claim_is_still_in_notebook_07() {
    let text = notebook_text("07-sudoku");
    let missing: Vec<&str> = CLAIMS
        .iter()
        .map(|c| c.says)
        .filter(|says| !text.contains(&squash(says)))
        .collect();
    assert!(
        missing.is_empty(),
        "the prose changed; update the claims:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_claim_of_notebook_07_holds() {
    let broken: Vec<String> = CLAIMS
        .iter()
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
