//! Full statistics at nearly the speed of a bare count.
//!
//! [`SearchStats`] as a [`Recorder`] counts every field on every node: three
//! popcounts and five additions. Most of that is arithmetic on the profile, so
//! [`Tally`] records only what cannot be derived afterwards:
//!
//! * nodes per level (the profile); `nodes` is its sum;
//! * cells pruned through a free-of-column main diagonal (one popcount per
//!   expanded node), and cells skipped by symmetry (rare);
//! * solutions, and fundamental solutions for the symmetry walk.
//!
//! [`Tally::into_stats`] rebuilds the rest from two facts true of every tree
//! walked here: a node on level `k` has exactly `k` columns taken (so `k` of its
//! `n` candidates are pruned by column), and every candidate of an expanded node
//! either becomes a child node or is pruned (so the pruned total is
//! `candidates - (nodes - 1)`); the anti-diagonal share is what is left.

use crate::fast::bitmask::{MAX_N, Recorder, full_mask};
use crate::report::stats::{Pruned, SearchStats};
use crate::search::Flow;
use crate::strategy::Strategy;

/// What a fast walk records; turn it into [`SearchStats`] with
/// [`Tally::into_stats`]. Tallies of disjoint subtrees add up with
/// [`Tally::merge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    full: u32,
    profile: [u64; MAX_N + 1],
    diagonal: u64,
    symmetry: u64,
    solutions: u64,
    fundamental: u64,
}

impl Tally {
    /// An empty tally for an `n × n` board (`n <= 32`).
    pub fn new(n: usize) -> Self {
        Self {
            full: full_mask(n),
            profile: [0; MAX_N + 1],
            diagonal: 0,
            symmetry: 0,
            solutions: 0,
            fundamental: 0,
        }
    }

    /// Adds the tally of a disjoint part of the same tree.
    pub fn merge(&mut self, other: &Tally) {
        for (mine, theirs) in self.profile.iter_mut().zip(&other.profile) {
            *mine += theirs;
        }
        self.diagonal += other.diagonal;
        self.symmetry += other.symmetry;
        self.solutions += other.solutions;
        self.fundamental += other.fundamental;
    }

    /// Nodes recorded so far.
    pub fn nodes(&self) -> u64 {
        self.profile.iter().sum()
    }

    /// The statistics of a search of `strategy` on an `n × n` board, without the
    /// time. `unique` is filled for the strategies that count fundamental
    /// solutions ([`Strategy::counts_fundamental`]).
    pub fn into_stats(self, n: usize, strategy: Strategy) -> SearchStats {
        let mut stats = SearchStats::new(n, strategy);
        stats.profile = self.profile[..=n].to_vec();
        stats.nodes = self.nodes();
        stats.solutions = self.solutions;
        let expanded = stats.nodes - self.profile[n];
        stats.candidates = n as u64 * expanded;
        let column: u64 = (0..n).map(|k| k as u64 * self.profile[k]).sum();
        let pruned_total = stats.candidates - stats.nodes.saturating_sub(1);
        stats.pruned = Pruned {
            column,
            diagonal: self.diagonal,
            anti_diagonal: pruned_total - column - self.diagonal - self.symmetry,
            dead_end: 0,
            symmetry: self.symmetry,
        };
        if strategy.counts_fundamental() {
            stats.unique = Some(self.fundamental);
        }
        stats
    }
}

impl Recorder for Tally {
    #[inline(always)]
    fn node(&mut self, level: usize) -> Flow {
        self.profile[level] += 1;
        Flow::Continue(())
    }
    #[inline(always)]
    fn expand(&mut self, _n: usize, columns: u32, diagonals: u32, _anti_diagonals: u32) {
        self.diagonal += u64::from((diagonals & !columns & self.full).count_ones());
    }
    #[inline(always)]
    fn solution(&mut self) {
        self.solutions += 1;
    }
    #[inline(always)]
    fn symmetric_skip(&mut self, cells: u32) {
        self.symmetry += u64::from(cells.count_ones());
    }
    #[inline(always)]
    fn fundamental(&mut self, orbit: u64) {
        self.fundamental += 1;
        self.solutions += orbit;
    }
}
