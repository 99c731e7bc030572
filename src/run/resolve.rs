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
/// `n × n` board with the node budget `max_nodes`: `fastest` becomes
/// [`fastest()`], or `symmetry` under a budget (which needs the walk in one
/// order, on one thread). (The command line's `fastest` counts constellations
/// from n = 8 to 23 instead: package `queens-fastest`.)
pub fn resolve(strategy: Strategy, n: usize, max_nodes: Option<u64>) -> Strategy {
    match (strategy, max_nodes) {
        (Strategy::Fastest, Some(_)) => Strategy::Symmetry,
        (Strategy::Fastest, None) => fastest(n),
        (other, _) => other,
    }
}
