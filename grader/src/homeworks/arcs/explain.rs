//! What a difference from the reference means, in words: the arc or the
//! shrunk variable a blank was asked about, what each answer kept or queued,
//! and, for a whole run, the first value kept or removed wrongly and the
//! blank that can cause it.

use queens::sudoku::box_of;

use super::questions::{Answer, Arc, Domains, Outcome, ProblemName, Question};
use crate::explanation::{Difference, Explanation};

/// Australia's regions and colours by index, as the handout lists them.
const REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
const COLOURS: [&str; 3] = ["red", "green", "blue"];
/// The regions that border each other (the handout's `Problem::australia`).
const BORDERS: [Arc; 9] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (4, 5),
];

fn variable(problem: ProblemName, x: usize) -> String {
    match problem {
        ProblemName::Queens(_) => format!("row {x}"),
        ProblemName::Australia => REGIONS
            .get(x)
            .map_or(format!("region {x}"), |r| (*r).into()),
        ProblemName::Sudoku => format!("cell ({}, {})", x / 9, x % 9),
    }
}

fn value(problem: ProblemName, v: usize) -> String {
    match problem {
        ProblemName::Queens(_) => format!("column {v}"),
        ProblemName::Australia => COLOURS
            .get(v)
            .map_or(format!("colour {v}"), |c| (*c).into()),
        ProblemName::Sudoku => format!("digit {v}"),
    }
}

/// A domain as a set of plain values (columns, colours or digits).
fn domain(problem: ProblemName, values: &[usize]) -> String {
    let named: Vec<String> = values
        .iter()
        .map(|&v| match problem {
            ProblemName::Australia => value(problem, v),
            _ => v.to_string(),
        })
        .collect();
    format!("{{{}}}", named.join(", "))
}

fn neighbours(problem: ProblemName, x: usize, y: usize) -> bool {
    match problem {
        ProblemName::Queens(_) => x != y,
        ProblemName::Australia => BORDERS.contains(&(x, y)) || BORDERS.contains(&(y, x)),
        ProblemName::Sudoku => {
            let same_box = box_of(x / 9, x % 9) == box_of(y / 9, y % 9);
            x != y && (x / 9 == y / 9 || x % 9 == y % 9 || same_box)
        }
    }
}

fn allows(problem: ProblemName, (x, a): (usize, usize), (y, b): (usize, usize)) -> bool {
    a != b && (!matches!(problem, ProblemName::Queens(_)) || a.abs_diff(b) != x.abs_diff(y))
}

fn arcs(problem: ProblemName, arcs: &[Arc]) -> String {
    let named: Vec<String> = arcs
        .iter()
        .map(|&(z, x)| format!("({}, {})", variable(problem, z), variable(problem, x)))
        .collect();
    if named.is_empty() {
        "none".into()
    } else {
        named.join(", ")
    }
}

fn propagated(problem: ProblemName, outcome: Outcome, waiting: &Option<Vec<Arc>>) -> String {
    match (outcome, waiting) {
        (Outcome::WipeOut(x), _) => format!("says WipeOut({})", variable(problem, x)),
        (_, Some(waiting)) => format!("says {outcome:?}, arcs waiting: {}", arcs(problem, waiting)),
        (_, None) => format!("says {outcome:?}"),
    }
}

/// Where a whole run's domains differ, and the blank that can cause it: a
/// value removed that the reference keeps can only come from revise; a value
/// kept without a partner, from revise or from an arc that never waited again.
fn first_difference(problem: ProblemName, reference: &Domains, yours: &Domains) -> String {
    let p = problem;
    let removed = (0..reference.len()).find_map(|x| {
        reference[x]
            .iter()
            .find(|a| !yours[x].contains(a))
            .map(|&a| (x, a))
    });
    if let Some((x, a)) = removed {
        return format!(
            "yours removed {} from {}'s domain, which the reference keeps {}: a value goes only when no partner allows it (blank 1 — revise).",
            value(p, a),
            variable(p, x),
            domain(p, &reference[x])
        );
    }
    let lonely = (0..yours.len()).find_map(|x| {
        yours[x].iter().find_map(|&a| {
            let lonely = |y: &usize| {
                neighbours(p, x, *y) && !yours[*y].iter().any(|&b| allows(p, (x, a), (*y, b)))
            };
            (0..yours.len()).find(lonely).map(|y| (x, a, y))
        })
    });
    match lonely {
        Some((x, a, y)) => format!(
            "yours keeps {} for {} with no partner in {}'s domain {}: the arc ({}, {}) is not consistent. Either revise kept it (blank 1), or the arc never waited again after {} shrank (blank 2 — propagate).",
            value(p, a),
            variable(p, x),
            variable(p, y),
            domain(p, &yours[y]),
            variable(p, x),
            variable(p, y),
            variable(p, y)
        ),
        None => "yours left different domains.".into(),
    }
}

/// The first value of `x` one answer keeps and the other does not, and why
/// it stays or goes in `revise(x, y)`.
fn value_judged(
    p: ProblemName,
    (x, y): Arc,
    before: &Domains,
    r: &Domains,
    yours: &Domains,
) -> Option<String> {
    let a = *before[x]
        .iter()
        .find(|a| r[x].contains(a) != yours[x].contains(a))?;
    let partner = before[y].iter().find(|&&b| allows(p, (x, a), (y, b)));
    Some(match partner {
        Some(&b) => format!(
            "{} stays, since {} of {}'s domain allows it",
            value(p, a),
            value(p, b),
            variable(p, y)
        ),
        None => format!(
            "{} goes, since no value of {}'s domain allows it",
            value(p, a),
            variable(p, y)
        ),
    })
}

/// The difference in words, for every question of this homework.
pub fn explain(difference: &Difference) -> Option<Explanation> {
    let (question, reference, yours) = difference.typed::<Question, Answer>()?;
    let text = match (&question, &reference, &yours) {
        (
            Question::Revise {
                problem,
                domains,
                x,
                y,
            },
            Answer::Revised {
                removed: r_removed,
                domains: r,
            },
            Answer::Revised {
                removed: y_removed,
                domains: yd,
            },
        ) => {
            let (p, (nx, ny)) = (*problem, (variable(*problem, *x), variable(*problem, *y)));
            let setting = format!(
                "revise({nx}, {ny}) with {nx}'s domain {} and {ny}'s {}",
                domain(p, &domains[*x]),
                domain(p, &domains[*y])
            );
            if let Some(why) = value_judged(p, (*x, *y), domains, r, yd) {
                format!(
                    "{setting}: the reference keeps {}, yours {}: {why}.",
                    domain(p, &r[*x]),
                    domain(p, &yd[*x])
                )
            } else {
                format!(
                    "{setting}: it keeps {} and should return {r_removed} (a value went: \
                    {r_removed}); yours returned {y_removed}.",
                    domain(p, &r[*x])
                )
            }
        }
        (
            Question::Propagate {
                problem,
                domains,
                waiting,
                x,
                y,
            },
            Answer::Propagated {
                outcome: r_outcome,
                waiting: r_waiting,
            },
            Answer::Propagated {
                outcome: y_outcome,
                waiting: y_waiting,
            },
        ) => {
            let (p, nx) = (*problem, variable(*problem, *x));
            let mut said = format!(
                "propagate after {nx} lost values revising ({nx}, {}), {nx}'s domain now {}, \
                 arcs waiting before: {}: the reference {}; yours {}.",
                variable(p, *y),
                domain(p, &domains[*x]),
                arcs(p, waiting),
                propagated(p, *r_outcome, r_waiting),
                propagated(p, *y_outcome, y_waiting),
            );
            if let (Some(r), Some(yours)) = (r_waiting, y_waiting) {
                let only = |these: &[Arc], not: &[Arc]| -> Vec<Arc> {
                    these.iter().filter(|a| !not.contains(a)).copied().collect()
                };
                let (missing, extra) = (only(r, yours), only(yours, r));
                if !missing.is_empty() {
                    said += &format!(" Missing from yours: {}.", arcs(p, &missing));
                }
                if !extra.is_empty() {
                    said += &format!(" Not to queue: {}.", arcs(p, &extra));
                }
            }
            said
        }
        (Question::Ac3 { problem, .. }, Answer::Consistent(r), Answer::Consistent(y)) => {
            match (r, y) {
                (Some(r), Some(y)) => format!("AC-3: {}", first_difference(*problem, r, y)),
                (Some(_), None) => {
                    "AC-3: the reference leaves every domain a value, yours reports a \
                    wipe-out: revise removed a value with a partner (blank 1), or propagate says \
                    WipeOut of a domain that is not empty (blank 2)."
                        .into()
                }
                (None, Some(y)) if y.iter().any(Vec::is_empty) => "AC-3: a domain is empty, so \
                    there is no solution from here, but yours went on: propagate must say WipeOut \
                    when x's domain is empty (blank 2)."
                    .into(),
                (None, Some(_)) => "AC-3: the reference finds a wipe-out (no solution from here), \
                    yours leaves every domain a value: revise keeps a value with no partner \
                    (blank 1), or an arc into a shrunk variable never waits again (blank 2)."
                    .into(),
                (None, None) => return None,
            }
        }
        _ => return None,
    };
    Some(Explanation::text(text))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use ProblemName::{Australia, Queens};

    fn said(question: &Question, reference: &Answer, yours: &Answer) -> String {
        let (question, reference, yours) = (json!(question), json!(reference), json!(yours));
        let difference = Difference {
            test: "t",
            rule: "r",
            index: 0,
            question: &question,
            reference: &reference,
            yours: &yours,
        };
        explain(&difference).expect("explained").to_text()
    }

    #[test]
    fn a_value_removed_by_revise_is_named_with_its_partner() {
        let question = Question::Revise {
            problem: Queens(4),
            domains: vec![
                vec![0],
                vec![0, 1, 2, 3],
                vec![0, 1, 2, 3],
                vec![0, 1, 2, 3],
            ],
            x: 3,
            y: 0,
        };
        let revised = |kept: Vec<usize>| Answer::Revised {
            removed: true,
            domains: vec![vec![0], vec![0, 1, 2, 3], vec![0, 1, 2, 3], kept],
        };
        let text = said(&question, &revised(vec![1, 2]), &revised(vec![2]));
        assert!(
            text.contains("column 1 stays, since column 0 of row 0's domain allows it"),
            "{text}"
        );
    }

    #[test]
    fn arcs_queued_the_wrong_way_round_are_listed_both_ways() {
        let question = Question::Propagate {
            problem: Australia,
            domains: vec![vec![0], vec![1, 2], vec![0, 1, 2], vec![0, 1, 2]],
            waiting: vec![],
            x: 1,
            y: 0,
        };
        let propagated = |waiting: Vec<Arc>| Answer::Propagated {
            outcome: Outcome::Revised,
            waiting: Some(waiting),
        };
        let text = said(
            &question,
            &propagated(vec![(2, 1), (3, 1)]),
            &propagated(vec![(1, 2), (1, 3)]),
        );
        assert!(
            text.contains("Missing from yours: (SA, NT), (Q, NT)."),
            "{text}"
        );
        assert!(text.contains("Not to queue: (NT, SA), (NT, Q)."), "{text}");
    }

    #[test]
    fn a_whole_run_blames_revise_for_a_value_with_a_partner_removed() {
        let question = Question::Ac3 {
            problem: Queens(2),
            domains: vec![vec![0, 1]; 2],
        };
        let text = said(
            &question,
            &Answer::Consistent(Some(vec![vec![0, 1], vec![0, 1]])),
            &Answer::Consistent(Some(vec![vec![0], vec![0, 1]])),
        );
        assert!(
            text.contains("yours removed column 1 from row 0's domain"),
            "{text}"
        );
        assert!(
            text.contains("blank 1") && !text.contains("blank 2"),
            "{text}"
        );
    }
}
