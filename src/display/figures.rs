//! The notebooks' charts, each one call: the searches they need run here, so
//! a notebook cell stays one line long.

use std::ops::RangeInclusive;

use super::bars::BarChart;
use super::chart::{Chart, Legend, Series, Style};
use super::palette::{self, AMBER, BLUE, GREEN, GREY, INK, PURPLE, RED};
use super::text::thousands;
use crate::notebook::estimate::knuth_estimate;
use crate::report::reference::knuth_nodes;
use crate::report::stats::SearchStats;
use crate::run::count;
use crate::run::error::Result;
use crate::strategy::Strategy;

/// Searches larger than this many nodes are not run for a chart: brute force
/// and column pruning continue as their exact formulas (dashed), Knuth's tree
/// as his published counts. The notebooks compile the library without
/// optimisations (a fresh kernel starts in seconds), where the generic engine
/// visits a few hundred thousand nodes per second, so this keeps every chart
/// under a second or two.
pub const MEASURED_NODES: u128 = 100_000;

/// The four strategies notebook 04 compares.
const COMPARED: [Strategy; 4] = [
    Strategy::Brute,
    Strategy::Columns,
    Strategy::Sets,
    Strategy::ForwardChecking,
];

/// Whether a chart may run `strategy` at `n` (its tree is known to be small).
fn affordable(strategy: Strategy, n: usize) -> bool {
    let size = strategy
        .known_tree_size(n)
        .or_else(|| knuth_nodes(n).map(u128::from))
        .unwrap_or(u128::MAX);
    size <= MEASURED_NODES
}

/// The label of a strategy in a legend.
fn legend(strategy: Strategy) -> String {
    match strategy.name() {
        "brute" => "brute force (no pruning)".into(),
        "columns" => "columns only".into(),
        "sets" => "three sets".into(),
        "forward-checking" => "forward checking".into(),
        other => other.into(),
    }
}

fn measured(strategy: Strategy, ns: &RangeInclusive<usize>) -> Result<Vec<SearchStats>> {
    ns.clone()
        .filter(|&n| affordable(strategy, n))
        .map(|n| count(n, strategy))
        .collect()
}

/// Nodes explored against `n`, log scale: brute force, columns only, the
/// three sets and forward checking as measured on this machine, brute force
/// and columns continued by their formulas, and Knuth's published counts
/// (OEIS A319283, 2057 at n = 8) as rings.
pub fn nodes_against_n(ns: RangeInclusive<usize>) -> Result<Chart> {
    let mut chart = Chart::new(
        "Nodes explored: each pruning rule makes the tree smaller, the first two by far",
        "n (board size)",
        "nodes (log scale, dashed: exact formula, not run)",
    )
    .log_y();
    let mut at_8 = Vec::new();
    for strategy in COMPARED {
        let stats = measured(strategy, &ns)?;
        let colour = palette::strategy(strategy);
        let points: Vec<(f64, f64)> = stats.iter().map(|s| (s.n as f64, s.nodes as f64)).collect();
        let last = stats.last().map_or(0, |s| s.n);
        chart = chart.series(Series::new(legend(strategy), colour, Style::Line, points));
        let formula: Vec<(f64, f64)> = ns
            .clone()
            .filter(|&n| n >= last)
            .filter_map(|n| {
                strategy
                    .known_tree_size(n)
                    .map(|size| (n as f64, size as f64))
            })
            .collect();
        if formula.len() > 1 {
            chart = chart.series(
                Series::new(
                    format!("{} (formula)", legend(strategy)),
                    colour,
                    Style::Dashed,
                    formula,
                )
                .unlisted(),
            );
        }
        if let Some(s) = stats.iter().find(|s| s.n == 8) {
            at_8.push(format!("{} {}", strategy, thousands(s.nodes)));
        }
    }
    let knuth: Vec<(f64, f64)> = ns
        .clone()
        .filter_map(|n| knuth_nodes(n).map(|t| (n as f64, t as f64)))
        .collect();
    chart = chart.series(Series::new(
        "Knuth, TAOCP 7.2.2 (A319283)",
        INK,
        Style::Rings,
        knuth,
    ));
    if ns.contains(&8) {
        // Below the lines, where the plot is empty, joined to its point.
        chart = chart.note_away(8.0, 2057.0, (8.6, 40.0), "n = 8: 2057 nodes (Knuth)");
    }
    if !at_8.is_empty() {
        chart = chart.finding(format!("nodes at n = 8: {}", at_8.join(", ")));
    }
    Ok(chart.finding("the sets walk exactly Knuth's tree: every measured point sits in its ring"))
}

/// Nodes on each level of Knuth's tree for an `n × n` board (bars, log
/// scale), against the levels of the column-only tree `n!/(n-k)!` and of
/// brute force `n^k` (dashed).
pub fn profile(n: usize) -> Result<Chart> {
    let stats = count(n, Strategy::Bitmask)?;
    let bars: Vec<(f64, f64)> = stats
        .profile
        .iter()
        .enumerate()
        .map(|(k, &v)| (k as f64, v as f64))
        .collect();
    let mut permutations = Vec::new();
    let mut all = Vec::new();
    let (mut p, mut a) = (1.0_f64, 1.0_f64);
    for k in 0..=n {
        permutations.push((k as f64, p));
        all.push((k as f64, a));
        p *= (n - k) as f64;
        a *= n as f64;
    }
    let (peak, peak_nodes) = stats
        .profile
        .iter()
        .enumerate()
        .max_by_key(|&(_, &v)| v)
        .map_or((0, 0), |(k, &v)| (k, v));
    let chart = Chart::new(
        format!(
            "n = {n}: {} nodes, level by level (level k = k queens placed)",
            thousands(stats.nodes)
        ),
        "level (queens placed)",
        "nodes on the level (log scale)",
    )
    .log_y()
    .series(Series::new(
        "Knuth's tree (three sets)",
        BLUE,
        Style::Bars,
        bars,
    ))
    .series(Series::new(
        "columns only: n!/(n-k)!",
        RED,
        Style::Dashed,
        permutations,
    ))
    .series(Series::new("no pruning: n^k", GREY, Style::Dashed, all))
    .note(
        peak as f64,
        peak_nodes as f64,
        format!("widest: level {peak}, {} nodes", thousands(peak_nodes)),
    )
    .finding(format!("profile: {:?}", stats.profile))
    .finding(format!(
        "total {} nodes{}; {} solutions on the last level",
        thousands(stats.nodes),
        match knuth_nodes(n) {
            Some(t) if t == stats.nodes => " (Knuth's count, A319283)".to_owned(),
            Some(t) => format!(" (Knuth: {t})"),
            None => String::new(),
        },
        stats.solutions
    ));
    Ok(chart)
}

/// The effective branching factor, nodes on level `k + 1` per node on level
/// `k`: constant `n` without pruning, `n - k` with columns only, collapsing
/// towards 0 with the three sets and sooner with forward checking.
pub fn branching_factors(n: usize) -> Result<Chart> {
    let levels = |factors: Vec<f64>| -> Vec<(f64, f64)> {
        factors
            .into_iter()
            .enumerate()
            .map(|(k, f)| (k as f64, f))
            .collect()
    };
    let sets = count(n, Strategy::Bitmask)?.branching_factors();
    let mut chart = Chart::new(
        format!("n = {n}: children per node at each level, the branching factor"),
        "level k (queens placed)",
        "nodes on level k+1 / nodes on level k",
    )
    .legend(Legend::UpperRight)
    .headroom(0.55)
    .series(Series::new(
        "no pruning: n",
        GREY,
        Style::Dashed,
        levels(vec![n as f64; n]),
    ))
    .series(Series::new(
        "columns only: n - k",
        RED,
        Style::Dashed,
        levels((0..n).map(|k| (n - k) as f64).collect()),
    ))
    .series(Series::new(
        "three sets (measured)",
        BLUE,
        Style::Line,
        levels(sets.clone()),
    ));
    if affordable(Strategy::Sets, n) {
        let fc = count(n, Strategy::ForwardChecking)?.branching_factors();
        chart = chart.series(Series::new(
            "forward checking (measured)",
            GREEN,
            Style::Line,
            levels(fc),
        ));
    }
    let rounded: Vec<String> = sets.iter().map(|f| format!("{f:.2}")).collect();
    let product: f64 = sets.iter().product();
    Ok(chart
        .finding(format!("three sets, level by level: {}", rounded.join(" → ")))
        .finding(format!(
            "their product is the number of solutions: {product:.0}; without pruning it would be n^n = {}",
            (n as f64).powi(n as i32)
        )))
}

/// Candidates tested against nodes entered, one point per `n`, log-log: every
/// strategy tests `n` cells per inner node, so the lines run parallel; what
/// differs is how far along each one goes for the same board.
pub fn candidates_against_nodes(ns: RangeInclusive<usize>) -> Result<Chart> {
    let mut chart = Chart::new(
        "Candidates tested against nodes entered (one point per n)",
        "nodes entered (log scale)",
        "candidate cells tested (log scale)",
    )
    .log_x()
    .log_y();
    let mut largest: f64 = 1.0;
    for strategy in COMPARED {
        let stats = measured(strategy, &ns)?;
        let points: Vec<(f64, f64)> = stats
            .iter()
            .filter(|s| s.nodes > 1)
            .map(|s| (s.nodes as f64, s.candidates as f64))
            .collect();
        largest = points.iter().map(|p| p.0).fold(largest, f64::max);
        if let Some(s) = stats.iter().find(|s| s.n == 8) {
            chart = chart.finding(format!(
                "n = 8, {}: {} candidates tested for {} nodes",
                strategy,
                thousands(s.candidates),
                thousands(s.nodes)
            ));
            if strategy == Strategy::Sets {
                chart = chart.note_left(
                    s.nodes as f64,
                    s.candidates as f64,
                    format!("n = 8: {} tests, {} nodes", s.candidates, s.nodes),
                );
            }
        }
        chart = chart.series(Series::new(
            legend(strategy),
            palette::strategy(strategy),
            Style::Line,
            points,
        ));
    }
    Ok(chart.series(Series::new(
        "one test per node",
        INK,
        Style::Dashed,
        vec![(1.0, 1.0), (largest, largest)],
    )))
}

/// Of all candidate cells the three sets test, the share pruned by each
/// constraint (charged to the first one that attacks, as `||` does) and the
/// share that becomes a node.
///
/// The counts come from the bitmask walk, which visits the same tree and
/// charges pruned cells the same way as the sets (same statistics, faster).
pub fn pruned_by_constraint(ns: RangeInclusive<usize>) -> Result<Chart> {
    let stats: Vec<SearchStats> = ns
        .clone()
        .filter(|&n| knuth_nodes(n).is_some_and(|t| t <= 2_000_000))
        .map(|n| count(n, Strategy::Bitmask))
        .collect::<Result<_>>()?;
    let share = |part: fn(&SearchStats) -> u64| -> Vec<(f64, f64)> {
        stats
            .iter()
            .filter(|s| s.candidates > 0)
            .map(|s| (s.n as f64, 100.0 * part(s) as f64 / s.candidates as f64))
            .collect()
    };
    let mut chart = Chart::new(
        "Why candidates are rejected: share of all tests, by constraint",
        "n (board size)",
        "% of candidate cells tested",
    )
    .legend(Legend::UpperRight)
    .headroom(0.45)
    .series(Series::new(
        "pruned: column (red)",
        RED,
        Style::Line,
        share(|s| s.pruned.column),
    ))
    .series(Series::new(
        "pruned: diagonal (amber)",
        AMBER,
        Style::Line,
        share(|s| s.pruned.diagonal),
    ))
    .series(Series::new(
        "pruned: anti-diagonal (purple)",
        PURPLE,
        Style::Line,
        share(|s| s.pruned.anti_diagonal),
    ))
    .series(Series::new(
        "free: becomes a node",
        GREEN,
        Style::Line,
        share(|s| s.candidates - s.pruned.total()),
    ));
    if let Some(s) = stats.iter().find(|s| s.n == 8) {
        chart = chart.finding(format!(
            "n = 8: {} tests = {} column + {} diagonal + {} anti-diagonal + {} free",
            s.candidates,
            s.pruned.column,
            s.pruned.diagonal,
            s.pruned.anti_diagonal,
            s.candidates - s.pruned.total()
        ));
    }
    Ok(chart)
}

/// Relative error bars (± 2 standard errors, in per cent of the estimate)
/// narrower than this are too short to see on the estimate chart's log axis.
const HIDDEN_ERROR_PERCENT: f64 = 10.0;

/// Knuth's Monte Carlo estimate (`probes` random walks per `n`, the
/// random generator started from `seed`) with two standard errors as bars,
/// against the exact counts (A319283).
pub fn estimate_against_exact(ns: RangeInclusive<usize>, probes: u64, seed: u64) -> Result<Chart> {
    let mut means = Vec::new();
    let mut errors = Vec::new();
    let mut chart = Chart::new(
        format!("Knuth's estimate from {probes} random walks per board, against the exact tree"),
        "n (board size)",
        "nodes (log scale)",
    )
    .log_y();
    for n in ns.clone() {
        let estimate = knuth_estimate(n, probes, seed)?;
        means.push((n as f64, estimate.mean));
        errors.push(2.0 * estimate.std_error);
        if let Some(exact) = knuth_nodes(n) {
            chart = chart.finding(format!(
                "n = {n}: estimate {:.0} ± {:.0}, exact {exact} ({:+.1} %)",
                estimate.mean,
                2.0 * estimate.std_error,
                100.0 * (estimate.mean - exact as f64) / exact as f64
            ));
        }
    }
    let exact: Vec<(f64, f64)> = ns
        .filter_map(|n| knuth_nodes(n).map(|t| (n as f64, t as f64)))
        .collect();
    // The bars are drawn, but a few per cent on an axis of many powers of
    // ten is a pixel or two: the legend says so rather than promise bars.
    let widest = means
        .iter()
        .zip(&errors)
        .filter(|((_, mean), _)| *mean > 0.0)
        .map(|((_, mean), error)| 100.0 * error / mean)
        .fold(0.0, f64::max);
    let name = if widest < HIDDEN_ERROR_PERCENT {
        format!("estimate (± 2 standard errors, at most {widest:.1} %: thinner than the line here)")
    } else {
        format!("estimate, bars ± 2 standard errors (up to {widest:.0} %)")
    };
    Ok(chart
        .series(Series::new(name, BLUE, Style::Line, means).with_errors(errors))
        .series(Series::new(
            "exact (Knuth, A319283)",
            INK,
            Style::Rings,
            exact,
        )))
}

/// Times each strategy on an `n × n` board on this machine (best of
/// `repeats` runs), fastest and slowest side by side, relative to the first.
pub fn timings(n: usize, strategies: &[Strategy], repeats: usize) -> Result<BarChart> {
    let mut results = Vec::new();
    for &strategy in strategies {
        let mut best: Option<SearchStats> = None;
        for _ in 0..repeats.max(1) {
            let stats = count(n, strategy)?;
            if best
                .as_ref()
                .is_none_or(|b| stats.elapsed_ms < b.elapsed_ms)
            {
                best = Some(stats);
            }
        }
        if let Some(stats) = best {
            results.push(stats);
        }
    }
    let base = results.first().map_or(1.0, |s| s.elapsed_ms.max(1e-6));
    let first = results.first().map(|s| s.strategy);
    // A linear axis: bar lengths in the ratio of the times (on a log axis a
    // 31x gap looked like 2x), and each bar says its ratio in words.
    let mut chart = BarChart::new(
        format!(
            "n = {n} on this machine: time to count every solution (best of {})",
            repeats.max(1)
        ),
        "milliseconds",
    );
    for stats in &results {
        let ratio = match first {
            Some(first) if first != stats.strategy => {
                let speedup = base / stats.elapsed_ms.max(1e-6);
                if speedup >= 1.0 {
                    format!("{speedup:.1}x faster than {first}")
                } else {
                    format!("{:.1}x slower than {first}", 1.0 / speedup)
                }
            }
            _ => "the reference".to_owned(),
        };
        let note = format!(
            "{:.2} ms, {} nodes, {ratio}",
            stats.elapsed_ms,
            thousands(stats.nodes),
        );
        chart = chart.bar(
            stats.strategy.name(),
            stats.elapsed_ms,
            palette::strategy(stats.strategy),
            note,
        );
    }
    if let Some(first) = results.first() {
        chart = chart.finding(format!("speed-ups are relative to {}", first.strategy));
    }
    Ok(chart)
}
