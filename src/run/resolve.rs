//! Which strategy runs when one is asked for: `fastest` names the best walk
//! for the board and the machine.

pub use crate::fast::PARALLEL_FROM_N;

use crate::strategy::Strategy;

/// The strategy `fastest` runs on this machine for an `n × n` board:
/// `parallel` when rayon has more than one thread (and the `parallel` feature
/// is on) and `n >= PARALLEL_FROM_N`, else `symmetry`.
pub fn fastest(n: usize) -> Strategy {
    if crate::fast::threads_pay_off(n) {
        Strategy::Parallel
    } else {
        Strategy::Symmetry
    }
}

/// The strategy that actually runs when `strategy` is asked for on an
/// `n × n` board with the node budget `max_nodes`: `fastest` stays itself
/// where it counts constellations (`fast::constellation::runs`, feature `count`, tree
/// [`crate::Tree::Constellations`]), else becomes [`fastest()`], or
/// `symmetry` under a budget (which needs the walk in one order, on one thread).
pub fn resolve(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Strategy {
    match (strategy, max_nodes) {
        (Strategy::Fastest, _) if counts_constellations(n, max_nodes) => Strategy::Fastest,
        (Strategy::Fastest, Some(_)) => Strategy::Symmetry,
        (Strategy::Fastest, None) => fastest(n),
        (other, _) => other,
    }
}

/// Whether `fastest` counts constellations here; never without the `count`
/// feature (the notebooks' build), where it runs [`fastest()`]'s walk.
fn counts_constellations(n: usize, max_nodes: Option<u64>) -> bool {
    #[cfg(feature = "count")]
    return crate::fast::constellation::runs(n, max_nodes);
    #[cfg(not(feature = "count"))]
    {
        let _ = (n, max_nodes);
        false
    }
}
