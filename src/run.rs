//! Running a search by name: check the size, pick the rules, time it, and keep
//! what was computed even when a budget stops it.

use std::time::Instant;

use crate::arrays::ConstraintArrays;
use crate::bitmask;
use crate::error::{Error, Result};
use crate::placement::Board;
use crate::search::{
    CollectBoards, ColumnsOnly, Flow, ForwardChecking, NoPruning, NodeBudget, Observer, Rules,
    explore,
};
use crate::sets::ConstraintSets;
use crate::stats::{SearchStats, StatsRecorder};
use crate::strategy::Strategy;
use crate::trace::{Event, Tracer};

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
/// node budget.
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

/// [`count`] with an explicit node budget (`None`: no limit).
pub fn count_with_budget(
    n: usize,
    strategy: Strategy,
    max_nodes: Option<u64>,
) -> Result<SearchStats> {
    check_size(n, MAX_N, "counting")?;
    check_tree_fits(n, strategy, max_nodes)?;
    let start = Instant::now();
    let mut recorder = StatsRecorder::new(n, strategy);
    let mut budget = NodeBudget::new(max_nodes.unwrap_or(u64::MAX));
    match strategy {
        Strategy::Bitmask => {
            let mut both = (&mut budget, &mut recorder.stats);
            let _ = bitmask::walk(n, &mut both);
        }
        _ => {
            let _ = with_rules(n, strategy, &mut (&mut recorder, &mut budget));
        }
    }
    let mut stats = recorder.stats;
    stats.elapsed_ms = start.elapsed().as_secs_f64() * 1e3;
    if budget.exceeded() {
        return Err(Error::BudgetExceeded {
            limit: budget.limit(),
            partial: Box::new(stats),
        });
    }
    Ok(stats)
}

/// Every solution as the seed's board strings, in the seed's order (rows top to
/// bottom, columns ascending), found with the seed's three sets.
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
/// cells one at a time can be traced (not `bitmask`).
pub fn trace(n: usize, strategy: Strategy) -> Result<Vec<Event>> {
    check_size(n, MAX_TRACED_N, "tracing")?;
    if strategy == Strategy::Bitmask {
        return Err(Error::Unsupported {
            strategy,
            operation: "be traced cell by cell (it takes free cells from a mask)",
            supported: traceable().join(", "),
        });
    }
    check_tree_fits(n, strategy, strategy.default_budget())?;
    let mut tracer = Tracer::default();
    let _ = with_rules(n, strategy, &mut tracer);
    Ok(tracer.events)
}

fn traceable() -> Vec<&'static str> {
    Strategy::ALL
        .into_iter()
        .filter(|&s| s != Strategy::Bitmask)
        .map(Strategy::name)
        .collect()
}

/// Runs the generic engine with the rules of `strategy`.
///
/// # Panics
/// For [`Strategy::Bitmask`], which has its own walk ([`bitmask::walk`]).
pub fn with_rules<O: Observer>(n: usize, strategy: Strategy, observer: &mut O) -> Flow {
    fn go<R: Rules, O: Observer>(n: usize, mut rules: R, observer: &mut O) -> Flow {
        explore(n, &mut rules, observer)
    }
    match strategy {
        Strategy::Brute => go(n, NoPruning::new(n), observer),
        Strategy::Columns => go(n, ColumnsOnly::new(n), observer),
        Strategy::Sets => go(n, ConstraintSets::new(), observer),
        Strategy::Arrays => go(n, ConstraintArrays::new(n), observer),
        Strategy::ForwardChecking => go(n, ForwardChecking::new(n), observer),
        Strategy::Bitmask => panic!("the bitmask strategy has its own walk: bitmask::walk"),
    }
}
