//! What a search measured: solutions, nodes, the per-level profile, candidates
//! tested and why each pruned one was pruned.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::constraint::Attack;
use crate::board::coords::Cell;
use crate::search::{Flow, Observer};
use crate::strategy::{Strategy, Tree};

/// Candidates pruned, each charged to one reason. A cell attacked several ways
/// is charged to the first in the prune check's order: column, then diagonal,
/// then anti-diagonal (where a short-circuiting `||` stops).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Pruned {
    /// Attacked through the column (red).
    pub column: u64,
    /// Free of column attacks, attacked through the main diagonal `row - col` (amber).
    pub diagonal: u64,
    /// Attacked only through the anti-diagonal `row + col` (purple).
    pub anti_diagonal: u64,
    /// Free, but forward checking saw a later row left with no free cell.
    pub dead_end: u64,
    /// Free, but skipped because a mirror or rotation of the board is counted
    /// instead (`mirror`, `symmetry`, `parallel`). Absent from older JSON.
    #[cfg_attr(feature = "serde", serde(default))]
    pub symmetry: u64,
}

impl Pruned {
    /// All pruned candidates.
    pub fn total(&self) -> u64 {
        self.column + self.diagonal + self.anti_diagonal + self.dead_end + self.symmetry
    }

    /// Charges one attacked candidate to its first attacker (a free one to
    /// nothing), as [`Attack::first`] names it.
    pub fn charge(&mut self, attack: Attack) {
        // Without branches: which line attacks a candidate is unpredictable,
        // and mispredicted branches here doubled the cost of the arrays' search.
        let Attack {
            column,
            diagonal,
            anti_diagonal,
        } = attack;
        self.column += u64::from(column);
        self.diagonal += u64::from(!column & diagonal);
        self.anti_diagonal += u64::from(!column & !diagonal & anti_diagonal);
    }
}

/// The statistics of one complete search; `queens count --json` prints this.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SearchStats {
    /// Board size.
    pub n: usize,
    /// The strategy that ran.
    pub strategy: Strategy,
    /// Which tree that strategy walks (its nodes are counted the same way).
    pub tree: Tree,
    /// Solutions found (OEIS A000170 for every complete strategy). The symmetry
    /// strategies add up the orbit size of each fundamental solution.
    pub solutions: u64,
    /// Fundamental solutions, distinct up to the 8 symmetries of the square
    /// (OEIS A002562): only the strategies that count them (`symmetry`,
    /// `parallel`, `fastest`) fill it. Absent from older JSON and from the
    /// output of the other strategies.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub unique: Option<u64>,
    /// Nodes: calls of the recursive step, root included. For the strategies on
    /// Knuth's tree these are the consistent partial placements (2057 at n = 8).
    pub nodes: u64,
    /// Nodes on each level `0..=n` (level = queens placed). Sums to `nodes`.
    pub profile: Vec<u64>,
    /// Cells tested by the prune check: `n` per node that is not a full board
    /// (the cells of its next row). Each becomes a child node or is pruned.
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
            unique: strategy.counts_fundamental().then_some(0),
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
