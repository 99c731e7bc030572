//! The rules that are not a data structure of their own: none, columns only,
//! and forward checking on top of the arrays.

use crate::arrays::ConstraintArrays;
use crate::constraint::Attack;
use crate::coords::Cell;
use crate::placement::is_solution;

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

/// Forward checking: the three constraints, plus a look ahead after each
/// placement. If some later row has no free cell left, the placement cannot
/// lead to a solution, so the search does not enter it (seed 001's "0 available,
/// forcing a backtrack", caught one level early). Its tree is a subtree of
/// Knuth's: same solutions, fewer nodes, more work per node.
#[derive(Clone, Debug)]
pub struct ForwardChecking {
    arrays: ConstraintArrays,
}

impl ForwardChecking {
    /// Forward-checking rules for an `n × n` board.
    pub fn new(n: usize) -> Self {
        Self {
            arrays: ConstraintArrays::new(n),
        }
    }
}

impl Rules for ForwardChecking {
    fn attack(&self, cell: Cell) -> Attack {
        self.arrays.attack(cell.row, cell.col)
    }
    fn insert(&mut self, cell: Cell) {
        Rules::insert(&mut self.arrays, cell)
    }
    fn delete(&mut self, cell: Cell) {
        Rules::delete(&mut self.arrays, cell)
    }
    fn first_blocked_row(&self, from: usize) -> Option<usize> {
        let n = self.arrays.size();
        (from..n).find(|&row| (0..n).all(|col| self.arrays.attack(row, col).is_attacked()))
    }
}
