//! What a search can report: statistics (nodes, profile, pruning), a trace of
//! every step, the free cells per row at each node, and the published numbers
//! (OEIS, Knuth) to check them against.

pub mod branching;
pub mod reference;
pub mod stats;
pub mod trace;
