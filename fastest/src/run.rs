//! `fastest` where the constellations apply, every other search as the
//! library runs it: the one place the command line and the benchmarks ask.

use std::time::Instant;

use queens::run::error::Result;
use queens::{SearchStats, Strategy};

use crate::count::constellation;

/// Counts solutions, nodes and the rest with `strategy` under its default node
/// budget, as [`queens::run::count`] does, except that `fastest` counts
/// constellations from n = 8 to 23 (tree [`queens::Tree::Constellations`]).
///
/// ```
/// let stats = queens_fastest::run::count(8, queens::Strategy::Fastest)?;
/// assert_eq!((stats.solutions, stats.nodes), (92, 79));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count(n: usize, strategy: Strategy) -> Result<SearchStats> {
    count_with_budget(n, strategy, strategy.default_budget())
}

/// [`count`] with an explicit node budget (`None`: no limit). Under a budget
/// `fastest` walks the symmetry tree, which counts its nodes.
pub fn count_with_budget(
    n: usize,
    strategy: Strategy,
    max_nodes: Option<u64>,
) -> Result<SearchStats> {
    if !counts_constellations(strategy, n, max_nodes) {
        return queens::run::count_with_budget(n, strategy, max_nodes);
    }
    // The kernel is chosen (timed, once per process) before the clock
    // starts: its cost is `select::Choice::spent`, not the count's.
    crate::count::select::chosen();
    let start = Instant::now();
    let mut stats = constellation::count_fastest(n).into_stats(n, strategy);
    stats.elapsed_ms = start.elapsed().as_secs_f64() * 1e3;
    Ok(stats)
}

/// The strategy that actually runs when `strategy` is asked for on an `n × n`
/// board with the node budget `max_nodes`: `fastest` stays itself where it
/// counts constellations, else it is what [`queens::run::resolve`] makes it.
pub fn resolve(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Strategy {
    if counts_constellations(strategy, n, max_nodes) {
        strategy
    } else {
        queens::run::resolve(strategy, n, max_nodes)
    }
}

/// What `strategy` does here, in one line (the command line's help): the
/// library's summary, except for `fastest`.
pub fn summary(strategy: Strategy) -> &'static str {
    match strategy {
        Strategy::Fastest => {
            "The fastest here: the constellations, count only, on every thread from n = 8 to 23; else `parallel` or `symmetry`"
        }
        other => other.summary(),
    }
}

/// Whether this is `fastest` on a board the constellations count.
fn counts_constellations(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> bool {
    strategy == Strategy::Fastest && constellation::runs(n, max_nodes)
}
