//! The notebook's measurements: each search of this folder and the course's
//! own counters on the same problems, nodes and time side by side, as
//! [`Table`]s. A node is one call of the recursive step, the root included,
//! for every row (the course's definition), so the nodes compare; the times
//! compare within one build.

use std::time::{Duration, Instant};

use super::dlx;
use super::maps;
use super::problem::Problem;
use super::search::{Inference, Order, solve};
use super::sudoku as as_csp;
use crate::notebook::table::{Table, thousands};
use crate::run;
use crate::strategy::Strategy;
use crate::sudoku::{self, Grid};

/// One search on one problem (or a sum over several problems).
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The search: `MAC`, `dancing links`, the course's `arrays`.
    pub search: String,
    /// Solutions found.
    pub solutions: u64,
    /// Nodes, root included.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Measured {
    /// The time in milliseconds.
    pub fn ms(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1e3
    }
}

/// Milliseconds with three significant digits or so: `0.012`, `4.56`, `1,234`.
pub fn ms(value: f64) -> String {
    if value >= 1000.0 {
        thousands(value.round() as u64)
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else if value >= 1.0 {
        format!("{value:.2}")
    } else {
        format!("{value:.3}")
    }
}

/// The course's counter `strategy` at `n` (its own statistics walk).
fn course(n: usize, strategy: Strategy) -> Measured {
    let stats = run::count(n, strategy).expect("the course's counters take n up to 12");
    Measured {
        search: format!("course: {}", strategy.name()),
        solutions: stats.solutions,
        nodes: stats.nodes,
        elapsed: Duration::from_secs_f64(stats.elapsed_ms / 1e3),
    }
}

fn inference(problem: &Problem, inference: Inference, order: Order, limit: u64) -> Measured {
    let found = solve(problem, inference, order, limit);
    Measured {
        search: inference.name().to_owned(),
        solutions: found.solutions,
        nodes: found.nodes,
        elapsed: found.elapsed,
    }
}

/// Every N-Queens solution at `n`: checking, forward checking and MAC in row
/// order, dancing links, then the course's `arrays` and `bitmask` counters.
pub fn queens(n: usize) -> Vec<Measured> {
    let problem = Problem::queens(n);
    let mut rows: Vec<Measured> = (Inference::ALL.iter())
        .map(|&i| inference(&problem, i, Order::InOrder, u64::MAX))
        .collect();
    let found = dlx::queens(n).solve(u64::MAX);
    rows.push(Measured {
        search: "dancing links".to_owned(),
        solutions: found.solutions,
        nodes: found.nodes,
        elapsed: found.elapsed,
    });
    rows.push(course(n, Strategy::Arrays));
    rows.push(course(n, Strategy::Bitmask));
    rows
}

/// [`queens`] at each `n` as two tables: nodes, then milliseconds, one
/// column per search.
pub fn queens_tables(sizes: impl IntoIterator<Item = usize>) -> (Table, Table) {
    let measured: Vec<(usize, Vec<Measured>)> = sizes.into_iter().map(|n| (n, queens(n))).collect();
    let header = |first: &str| {
        let names = measured
            .first()
            .map(|(_, rows)| rows.iter().map(|m| m.search.clone()));
        std::iter::once(first.to_owned()).chain(names.into_iter().flatten())
    };
    let mut nodes = Table::new(header("n (solutions): nodes"));
    let mut times = Table::new(header("n: milliseconds"));
    for (n, rows) in &measured {
        let solutions = thousands(rows[0].solutions);
        let counts = rows.iter().map(|m| thousands(m.nodes));
        nodes = nodes.row(std::iter::once(format!("{n} ({solutions})")).chain(counts));
        times = times.row(std::iter::once(n.to_string()).chain(rows.iter().map(|m| ms(m.ms()))));
    }
    (nodes, times)
}

/// Each puzzle solved and proved unique (the search goes on to a second
/// solution), summed: checking, forward checking and MAC with the fewest
/// values first (checking so is the course's `mrv`), the course's
/// `singles`, dancing links.
pub fn sudoku(puzzles: &[Grid]) -> Vec<Measured> {
    let mut rows: Vec<Measured> = Vec::new();
    let mut add = |k: usize, m: Measured| match rows.get_mut(k) {
        Some(sum) => {
            sum.solutions += m.solutions;
            sum.nodes += m.nodes;
            sum.elapsed += m.elapsed;
        }
        None => rows.push(m),
    };
    for puzzle in puzzles {
        let problem = as_csp::problem(puzzle);
        for (k, &i) in Inference::ALL.iter().enumerate() {
            add(k, inference(&problem, i, Order::FewestValues, 2));
        }
        let singles = sudoku::solve(puzzle, sudoku::Strategy::Singles);
        add(
            3,
            Measured {
                search: "course: singles".to_owned(),
                solutions: singles.solutions,
                nodes: singles.nodes,
                elapsed: singles.elapsed,
            },
        );
        let start = Instant::now();
        let found = as_csp::exact_cover(puzzle).solve(2);
        add(
            4,
            Measured {
                search: "dancing links".to_owned(),
                solutions: found.solutions,
                nodes: found.nodes,
                elapsed: start.elapsed(),
            },
        );
    }
    rows
}

/// The first colouring of Australia and of the United States by checking,
/// forward checking and MAC, regions in the map's order.
pub fn maps() -> Vec<(&'static str, Vec<Measured>)> {
    [
        ("Australia", maps::australia()),
        ("United States", maps::usa()),
    ]
    .into_iter()
    .map(|(name, map)| {
        let rows = (Inference::ALL.iter())
            .map(|&i| inference(&map, i, Order::InOrder, 1))
            .collect();
        (name, rows)
    })
    .collect()
}

/// Rows of measurements as a table: the search, its solutions, nodes and
/// milliseconds.
pub fn table(rows: &[Measured]) -> Table {
    Table::new(["search", "solutions", "nodes", "milliseconds"]).rows(rows.iter().map(|m| {
        [
            m.search.clone(),
            thousands(m.solutions),
            thousands(m.nodes),
            ms(m.ms()),
        ]
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::reference;
    use crate::sudoku::bank;

    #[test]
    fn every_search_finds_what_the_course_finds() {
        for n in 4..=8 {
            let rows = queens(n);
            assert!(
                rows.iter()
                    .all(|m| Some(m.solutions) == reference::solutions(n))
            );
            assert_eq!(rows[0].nodes, rows[4].nodes, "checking is the arrays tree");
        }
        let puzzles: Vec<Grid> = bank::diabolical().iter().take(3).map(|l| l.grid).collect();
        assert!(sudoku(&puzzles).iter().all(|m| m.solutions == 3));
        for (_, rows) in maps() {
            assert!(rows.iter().all(|m| m.solutions == 1));
            assert!(rows[2].nodes <= rows[1].nodes && rows[1].nodes <= rows[0].nodes);
        }
        let (nodes, times) = queens_tables(4..=5);
        assert!(nodes.to_string().contains("5 (10)"), "{nodes}");
        assert!(times.to_string().contains("dancing links"), "{times}");
        assert_eq!(ms(1234.4), "1,234");
        assert_eq!(ms(0.01234), "0.012");
    }
}
