//! What a search measured: solutions, nodes, the per-level profile, candidates
//! tested and why each pruned one was pruned.

use serde::{Deserialize, Serialize};

use crate::constraint::{Attack, Constraint};
use crate::coords::Cell;
use crate::search::{Flow, Observer};
use crate::strategy::{Strategy, Tree};

/// Candidates pruned, each charged to one reason. A cell attacked several ways
/// is charged to the first in the seed's check order: column, then diagonal,
/// then anti-diagonal (where a short-circuiting `||` stops).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pruned {
    /// Attacked through the column (red).
    pub column: u64,
    /// Free of column attacks, attacked through the main diagonal `row - col` (amber).
    pub diagonal: u64,
    /// Attacked only through the anti-diagonal `row + col` (purple).
    pub anti_diagonal: u64,
    /// Free, but forward checking saw a later row left with no free cell.
    pub dead_end: u64,
}

impl Pruned {
    /// All pruned candidates.
    pub fn total(&self) -> u64 {
        self.column + self.diagonal + self.anti_diagonal + self.dead_end
    }

    /// Charges one attacked candidate to its first attacker.
    pub fn charge(&mut self, attack: Attack) {
        match attack.first() {
            Some(Constraint::Column) => self.column += 1,
            Some(Constraint::Diagonal) => self.diagonal += 1,
            Some(Constraint::AntiDiagonal) => self.anti_diagonal += 1,
            None => {}
        }
    }
}

/// The statistics of one complete search; `queens count --json` prints this.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Board size.
    pub n: usize,
    /// The strategy that ran.
    pub strategy: Strategy,
    /// Which tree that strategy walks (its nodes are counted the same way).
    pub tree: Tree,
    /// Solutions found (OEIS A000170 for every complete strategy).
    pub solutions: u64,
    /// Nodes: calls of the recursive step, root included. For the strategies on
    /// Knuth's tree these are the consistent partial placements (2057 at n = 8).
    pub nodes: u64,
    /// Nodes on each level `0..=n` (level = queens placed). Sums to `nodes`.
    pub profile: Vec<u64>,
    /// Cells tested by the prune check: `n` per node that is not a full board.
    pub candidates: u64,
    /// Why the pruned candidates were pruned.
    pub pruned: Pruned,
    /// Wall-clock time of the search in milliseconds.
    pub elapsed_ms: f64,
}

impl SearchStats {
    /// Empty statistics for a search of `strategy` on an `n × n` board.
    pub fn new(n: usize, strategy: Strategy) -> Self {
        Self {
            n,
            strategy,
            tree: strategy.tree(),
            solutions: 0,
            nodes: 0,
            profile: vec![0; n + 1],
            candidates: 0,
            pruned: Pruned::default(),
            elapsed_ms: 0.0,
        }
    }

    /// The effective branching factor at each level: nodes on level `k + 1`
    /// divided by nodes on level `k` (0 where level `k` is empty).
    pub fn branching_factors(&self) -> Vec<f64> {
        self.profile
            .windows(2)
            .map(|w| {
                if w[0] == 0 {
                    0.0
                } else {
                    w[1] as f64 / w[0] as f64
                }
            })
            .collect()
    }
}

/// The observer that fills a [`SearchStats`].
#[derive(Clone, Debug)]
pub struct StatsRecorder {
    /// The statistics so far.
    pub stats: SearchStats,
}

impl StatsRecorder {
    /// A recorder for a search of `strategy` on an `n × n` board.
    pub fn new(n: usize, strategy: Strategy) -> Self {
        Self {
            stats: SearchStats::new(n, strategy),
        }
    }
}

impl Observer for StatsRecorder {
    fn node(&mut self, queens: &[usize]) -> Flow {
        self.stats.nodes += 1;
        self.stats.profile[queens.len()] += 1;
        Flow::Continue(())
    }
    fn candidate(&mut self, _cell: Cell, attack: Attack) {
        self.stats.candidates += 1;
        self.stats.pruned.charge(attack);
    }
    fn dead_end(&mut self, _cell: Cell, _blocked_row: usize) {
        self.stats.pruned.dead_end += 1;
    }
    fn solution(&mut self, _queens: &[usize]) -> Flow {
        self.stats.solutions += 1;
        Flow::Continue(())
    }
}
