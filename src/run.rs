//! Running a search by name: check the size, pick the rules, time it, and keep
//! what was computed even when a budget stops it.

use std::time::Instant;

use crate::arrays::ConstraintArrays;
use crate::bitmask::{self, Recorder};
use crate::error::{Error, Result};
use crate::fast::{Tally, constellation, mirror, symmetry};
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
    if strategy == Strategy::Fastest && constellation::runs(n, max_nodes) {
        let mut stats = constellation::count_fastest(n).into_stats(n, strategy);
        stats.elapsed_ms = start.elapsed().as_secs_f64() * 1e3;
        return Ok(stats);
    }
    let mut budget = NodeBudget::new(max_nodes.unwrap_or(u64::MAX));
    let mut stats = if strategy.uses_engine() {
        let mut recorder = StatsRecorder::new(n, strategy);
        let _ = with_rules(n, strategy, &mut (&mut recorder, &mut budget));
        recorder.stats
    } else {
        let walk = fast_walk(strategy, n, max_nodes)?;
        let budget = max_nodes.is_some().then_some(&mut budget);
        walk.tally(n, budget).into_stats(n, strategy)
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

/// Below this `n` the whole search takes well under a millisecond, and waking a
/// second thread costs about as much as it saves: `fastest` stays on one.
/// Measured in turns on 2 cores (medians of 201 rounds, two runs), `parallel`
/// over `symmetry` was 0.7-0.8x at n = 7, 1.1-1.4x at n = 8, noisy at n = 9
/// (a quarter of the rounds under 0.5x in one run), 1.2-2.1x at n = 10,
/// 1.6x and more from n = 11, about 2x from n = 13.
pub const PARALLEL_FROM_N: usize = 10;

/// The strategy `fastest` runs on this machine for an `n × n` board:
/// `parallel` when rayon has more than one thread (and the `parallel` feature
/// is on) and `n >= PARALLEL_FROM_N`, else `symmetry`.
pub fn fastest(n: usize) -> Strategy {
    #[cfg(feature = "parallel")]
    if n >= PARALLEL_FROM_N && rayon::current_num_threads() > 1 {
        return Strategy::Parallel;
    }
    let _ = n;
    Strategy::Symmetry
}

/// The bitmask walks, each on its own tree.
#[derive(Clone, Copy, Debug)]
enum FastWalk {
    Knuth,
    Mirror,
    Symmetry,
    #[cfg(feature = "parallel")]
    Parallel,
}

impl FastWalk {
    /// Walks the `n × n` tree into a [`Tally`], stopping at `budget` if any
    /// (the tally then holds what was walked). Without a budget the walk is
    /// compiled without the check.
    fn tally(self, n: usize, budget: Option<&mut NodeBudget>) -> Tally {
        #[cfg(feature = "parallel")]
        if let Self::Parallel = self {
            // Each thread gathers its own tally; `fast_walk` refused budgets.
            return crate::fast::parallel::walk(n);
        }
        let mut tally = Tally::new(n);
        match budget {
            Some(budget) => self.run(n, &mut (&mut tally, budget)),
            None => self.run(n, &mut tally),
        }
        tally
    }

    fn run<R: Recorder>(self, n: usize, recorder: &mut R) {
        let _ = match self {
            Self::Knuth => bitmask::walk(n, recorder),
            Self::Mirror => mirror::walk(n, recorder),
            Self::Symmetry => symmetry::walk(n, recorder),
            #[cfg(feature = "parallel")]
            Self::Parallel => unreachable!("FastWalk::tally runs the parallel walk"),
        };
    }
}

/// The strategy that actually runs when `strategy` is asked for on an
/// `n × n` board with the node budget `max_nodes`: `fastest` stays itself
/// where it counts constellations ([`constellation::runs`], tree
/// [`crate::Tree::Constellations`]), else becomes [`fastest()`], or
/// `symmetry` under a budget (which needs the walk in one order, on one thread).
pub fn resolve(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Strategy {
    match (strategy, max_nodes) {
        (Strategy::Fastest, _) if constellation::runs(n, max_nodes) => Strategy::Fastest,
        (Strategy::Fastest, Some(_)) => Strategy::Symmetry,
        (Strategy::Fastest, None) => fastest(n),
        (other, _) => other,
    }
}

/// Which walk runs `strategy`, refusing what it cannot do.
fn fast_walk(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Result<FastWalk> {
    let strategy = resolve(strategy, n, max_nodes);
    match strategy {
        Strategy::Bitmask => Ok(FastWalk::Knuth),
        Strategy::Mirror => Ok(FastWalk::Mirror),
        Strategy::Symmetry => Ok(FastWalk::Symmetry),
        Strategy::Parallel if max_nodes.is_some() => Err(Error::Unsupported {
            strategy,
            operation: "stop at a node budget (its threads walk separate subtrees)",
            supported: "symmetry (the same tree on one thread), fastest".into(),
        }),
        #[cfg(feature = "parallel")]
        Strategy::Parallel => Ok(FastWalk::Parallel),
        #[cfg(not(feature = "parallel"))]
        Strategy::Parallel => Err(Error::Unsupported {
            strategy,
            operation: "run without the `parallel` feature (rayon)",
            supported: "symmetry, fastest".into(),
        }),
        other => unreachable!("{other} runs on the generic engine"),
    }
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
/// cells one at a time can be traced (not the bitmask walks).
pub fn trace(n: usize, strategy: Strategy) -> Result<Vec<Event>> {
    check_size(n, MAX_TRACED_N, "tracing")?;
    if !strategy.uses_engine() {
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
        .filter(|s| s.uses_engine())
        .map(Strategy::name)
        .collect()
}

/// Runs the generic engine with the rules of `strategy`.
///
/// # Panics
/// For the bitmask strategies, which have their own walks ([`bitmask::walk`],
/// [`crate::fast`]); see [`Strategy::uses_engine`].
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
        other => panic!("the {other} strategy has its own walk (bitmask, crate::fast)"),
    }
}
