//! The rules that are not a data structure of their own: brute force (no
//! pruning) and columns only, the two baselines the three sets are measured
//! against.

use crate::board::constraint::Attack;
use crate::board::coords::Cell;
use crate::board::placement::is_solution;

use super::Rules;

/// Brute force: every cell of every row is tried and the board is only checked
/// when full. Its tree holds every placement of one queen per row, attacked or
/// not: `n^0 + n^1 + … + n^n` nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPruning {
    n: usize,
}

impl NoPruning {
    /// Brute-force rules for an `n × n` board.
    pub fn new(n: usize) -> Self {
        Self { n }
    }
}

impl Rules for NoPruning {
    fn attack(&self, _cell: Cell) -> Attack {
        Attack::NONE
    }
    fn insert(&mut self, _cell: Cell) {}
    fn delete(&mut self, _cell: Cell) {}
    fn accepts_full_board(&self, queens: &[usize]) -> bool {
        is_solution(self.n, queens)
    }
}

/// Column pruning only: no two queens share a column, diagonals are checked at
/// the full board. Its tree is the permutation tree, `Σ n!/(n-k)!` nodes.
#[derive(Clone, Debug)]
pub struct ColumnsOnly {
    n: usize,
    used: Vec<bool>,
}

impl ColumnsOnly {
    /// Column-only rules for an `n × n` board.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            used: vec![false; n],
        }
    }
}

impl Rules for ColumnsOnly {
    fn attack(&self, cell: Cell) -> Attack {
        Attack {
            column: self.used[cell.col],
            ..Attack::NONE
        }
    }
    fn insert(&mut self, cell: Cell) {
        self.used[cell.col] = true;
    }
    fn delete(&mut self, cell: Cell) {
        self.used[cell.col] = false;
    }
    fn accepts_full_board(&self, queens: &[usize]) -> bool {
        is_solution(self.n, queens)
    }
}
