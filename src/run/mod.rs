//! Running a search by name: check the size, pick the rules, time it, and keep
//! what was computed even when a budget stops it.

pub mod error;
mod plan;
mod resolve;

use std::time::Instant;

pub use plan::{Engine, Plan, Walk, plan};
pub use resolve::{PARALLEL_FROM_N, fastest, resolve};

use crate::board::placement::Board;
use crate::fast::bitmask;
use crate::report::stats::{SearchStats, StatsRecorder};
use crate::report::trace::{Event, Tracer};
use crate::run::error::{Error, Result};
use crate::search::{CollectBoards, Flow, NodeBudget, Observer, explore};
use crate::stores::sets::ConstraintSets;
use crate::strategy::Strategy;

/// The largest board any search accepts: the bitmask's 32 bits.
pub const MAX_N: usize = bitmask::MAX_N;
/// The largest board `solve` lists: 14,200 boards at n = 12; n = 13 would print
/// 73,712 boards (over 13 MB).
pub const MAX_LISTED_N: usize = 12;
/// The largest board `trace` records step by step (n = 8: about 17,000 steps).
pub const MAX_TRACED_N: usize = 8;

/// Checks `n` against `max` for `operation`.
pub fn check_size(n: usize, max: usize, operation: &'static str) -> Result<()> {
    if n > max {
        Err(Error::BoardTooLarge { n, max, operation })
    } else {
        Ok(())
    }
}

/// Refuses up front a search whose tree is known to exceed its budget.
fn check_tree_fits(n: usize, strategy: Strategy, max_nodes: Option<u64>) -> Result<()> {
    match (max_nodes, strategy.known_tree_size(n)) {
        (Some(limit), Some(size)) if size > u128::from(limit) => Err(Error::TreeTooLarge {
            strategy,
            n,
            size,
            limit,
        }),
        _ => Ok(()),
    }
}

/// Counts solutions, nodes and the rest with `strategy`, under its default
/// node budget. The strategies that count fundamental solutions (`symmetry`,
/// `parallel`, `fastest`) fill [`SearchStats::unique`] too.
///
/// ```
/// use queens::{run::count, strategy::Strategy};
/// let stats = count(8, Strategy::Sets)?;
/// assert_eq!((stats.solutions, stats.nodes), (92, 2057));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count(n: usize, strategy: Strategy) -> Result<SearchStats> {
    count_with_budget(n, strategy, strategy.default_budget())
}

/// [`count`] with an explicit node budget (`None`: no limit). The `parallel`
/// strategy cannot stop at a budget (nor can `fastest` when it picks it).
pub fn count_with_budget(
    n: usize,
    strategy: Strategy,
    max_nodes: Option<u64>,
) -> Result<SearchStats> {
    check_size(n, MAX_N, "counting")?;
    check_tree_fits(n, strategy, max_nodes)?;
    let start = Instant::now();
    let mut budget = NodeBudget::new(max_nodes.unwrap_or(u64::MAX));
    let mut stats = match plan(strategy, n, max_nodes)? {
        Plan::Engine(engine) => {
            let mut recorder = StatsRecorder::new(n, strategy);
            let _ = engine.explore(n, &mut (&mut recorder, &mut budget));
            recorder.stats
        }
        Plan::Walk(walk) => {
            let budget = max_nodes.is_some().then_some(&mut budget);
            walk.stats(n, strategy, budget)
        }
    };
    stats.elapsed_ms = start.elapsed().as_secs_f64() * 1e3;
    if budget.exceeded() {
        return Err(Error::BudgetExceeded {
            limit: budget.limit(),
            partial: Box::new(stats),
        });
    }
    Ok(stats)
}

/// Every solution as the JavaScript article's board strings, in its order (rows
/// top to bottom, columns ascending), found with the three sets.
///
/// ```
/// let boards = queens::run::solve(4)?;
/// assert_eq!(boards, [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn solve(n: usize) -> Result<Vec<Board>> {
    check_size(n, MAX_LISTED_N, "listing every board")?;
    let mut boards = CollectBoards::new(n);
    let _ = explore(n, &mut ConstraintSets::new(), &mut boards);
    Ok(boards.boards)
}

/// The search with `strategy`, step by step. Only the strategies that test
/// cells one at a time can be traced (not the bitmask walks).
pub fn trace(n: usize, strategy: Strategy) -> Result<Vec<Event>> {
    check_size(n, MAX_TRACED_N, "tracing")?;
    check_tree_fits(n, strategy, strategy.default_budget())?;
    let mut tracer = Tracer::default();
    let _ = explore_with(
        n,
        strategy,
        &mut tracer,
        "be traced cell by cell (it takes free cells from a mask)",
    )?;
    Ok(tracer.events)
}

/// Runs the engine with the store of `strategy`, reporting to `observer`; a
/// strategy with a walk of its own cannot `operation` and is refused.
pub(crate) fn explore_with<O: Observer>(
    n: usize,
    strategy: Strategy,
    observer: &mut O,
    operation: &'static str,
) -> Result<Flow> {
    match Plan::of(strategy) {
        Plan::Engine(engine) => Ok(engine.explore(n, observer)),
        Plan::Walk(_) => Err(Error::Unsupported {
            strategy,
            operation,
            supported: Strategy::ALL
                .into_iter()
                .filter(|s| matches!(Plan::of(*s), Plan::Engine(_)))
                .map(Strategy::name)
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// Runs the engine with the store of `strategy`, reporting to `observer`
/// (any observer: statistics, a trace, the free cells per node, a budget).
/// The strategies with a walk of their own are refused.
pub fn observe<O: Observer>(n: usize, strategy: Strategy, observer: &mut O) -> Result<Flow> {
    explore_with(
        n,
        strategy,
        observer,
        "report to an observer cell by cell (it takes free cells from a mask)",
    )
}
