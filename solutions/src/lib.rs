//! # Build the solver: place n queens with three sets
//!
//! The backtracking core at the bottom is complete. It leans on three methods
//! of [`ConstraintSets`], and those are yours: each a `todo!()` between
//! `// BLANK n` and `// END BLANK n`.
//! 1. **the prune check** ([`ConstraintSets::is_attacked`]);
//! 2. **set insertion** ([`ConstraintSets::insert`]);
//! 3. **set deletion** ([`ConstraintSets::delete`]).
//!
//! Check your work with `cargo queens watch`: it reruns the graded tests on
//! every save (or once: `cargo test -p exercises --test nqueens`). Stuck on blank 2?
//! `cargo queens hint 2` gives one hint, the next one each time.

use std::collections::HashSet;

/// The name of a main diagonal (top-left to bottom-right, amber): `row - col`,
/// the same for every cell of one diagonal.
///
/// **Why signed:** above the main diagonal `row - col` is negative (the cell
/// (0, 3) lies on diagonal -3), and `usize` subtraction below zero stops the
/// program with "attempt to subtract with overflow". Compute it on a signed
/// type: `row as Diagonal - col as Diagonal`.
pub type Diagonal = isize;

/// The three sets of the JavaScript article and the interactive lesson: the columns, diagonals and anti-diagonals that the
/// queens placed so far attack.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConstraintSets {
    /// The columns that hold a queen (red).
    pub columns: HashSet<usize>,
    /// The main diagonals that hold a queen, by `row - col` (amber).
    pub diagonals: HashSet<Diagonal>,
    /// The anti-diagonals that hold a queen, by `row + col` (purple).
    pub anti_diagonals: HashSet<usize>,
}

impl ConstraintSets {
    /// Three empty sets: nothing is attacked yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a queen on `(row, col)` would be attacked by a queen already
    /// placed: the check that prunes the search.
    pub fn is_attacked(&self, row: usize, col: usize) -> bool {
        // BLANK 1: prune check
        // todo: is ({row}, {col}) attacked? Look up its column, its row - col diagonal and its row + col anti-diagonal in the three sets.
        // hint: The search asks whether a queen may stand on (row, col). It may not when a queen already stands on one of the three lines through that cell: its column, its main diagonal or its anti-diagonal. The three sets hold the lines taken so far.
        // hint: Every line has a key, the same for all of its cells: the column is `col`, the anti-diagonal `row + col`, the main diagonal `row - col`. The cell is attacked when any set already holds the cell's key for it.
        // hint: `row - col` is negative above the main diagonal (the cell (0, 3) is on diagonal -3), and a `usize` cannot go below zero: compute the diagonal on a signed type, `row as Diagonal - col as Diagonal`.
        // hint: The code: `self.columns.contains(&col) || self.diagonals.contains(&(row as Diagonal - col as Diagonal)) || self.anti_diagonals.contains(&(row + col))`.
        self.columns.contains(&col)
            || self
                .diagonals
                .contains(&(row as Diagonal - col as Diagonal))
            || self.anti_diagonals.contains(&(row + col))
        // END BLANK 1
    }

    /// Records a queen on `(row, col)` in the three sets.
    pub fn insert(&mut self, row: usize, col: usize) {
        // BLANK 2: insert
        // todo: record a queen on ({row}, {col}): insert its column, its row - col diagonal and its row + col anti-diagonal into the three sets.
        // hint: A queen placed on (row, col) takes the three lines through its cell. Record them, so that the prune check of every later cell sees them.
        // hint: Record the same three keys the prune check looks up: `col` in `self.columns`, `row - col` (signed: `row as Diagonal - col as Diagonal`) in `self.diagonals`, `row + col` in `self.anti_diagonals`. A `HashSet` records a key with `insert`.
        // hint: The code: `self.columns.insert(col); self.diagonals.insert(row as Diagonal - col as Diagonal); self.anti_diagonals.insert(row + col);`
        self.columns.insert(col);
        self.diagonals.insert(row as Diagonal - col as Diagonal);
        self.anti_diagonals.insert(row + col);
        // END BLANK 2
    }

    /// Forgets the queen on `(row, col)`: the search backtracks past it.
    pub fn delete(&mut self, row: usize, col: usize) {
        // BLANK 3: delete
        // todo: forget the queen on ({row}, {col}): remove its column, its row - col diagonal and its row + col anti-diagonal from the three sets.
        // hint: Backtracking undoes blank 2: when the search takes the queen on (row, col) off the board, the three lines it took are free again.
        // hint: Take out exactly the three keys that `insert` put in, and nothing else: the other queens' keys stay (no two queens share a line, so this queen's keys free no line another queen still takes). A `HashSet` forgets a key with `remove(&key)`.
        // hint: The code: `self.columns.remove(&col); self.diagonals.remove(&(row as Diagonal - col as Diagonal)); self.anti_diagonals.remove(&(row + col));`
        self.columns.remove(&col);
        self.diagonals.remove(&(row as Diagonal - col as Diagonal));
        self.anti_diagonals.remove(&(row + col));
        // END BLANK 3
    }
}

/// Every way to place `n` queens, as the JavaScript article's `solveNQueens` returns them
/// (one string per row, `Q` for a queen), in the order the search finds them.
/// For `n = 4`: `[".Q..", "...Q", "Q...", "..Q."]` then `["..Q.", "Q...", "...Q", ".Q.."]`.
pub fn solve_n_queens(n: usize) -> Vec<Vec<String>> {
    let mut boards = Vec::new();
    let mut queens = Vec::with_capacity(n);
    backtrack(n, 0, &mut ConstraintSets::new(), &mut queens, &mut boards);
    boards
}

/// The interactive lesson's `backtrack(row)` (the JavaScript article's `solve(boardRow)`): rows above `row` hold a queen each (`queens[r]`
/// is row `r`'s column); try every column of `row`, one row down from each free cell.
fn backtrack(
    n: usize,
    row: usize,
    sets: &mut ConstraintSets,
    queens: &mut Vec<usize>,
    boards: &mut Vec<Vec<String>>,
) {
    if row == n {
        boards.push(board(n, queens));
        return;
    }
    for col in 0..n {
        // Blank 1: an attacked cell is pruned, the search skips it.
        if sets.is_attacked(row, col) {
            continue;
        }
        // Blank 2: place a queen, go one row down.
        sets.insert(row, col);
        queens.push(col);
        backtrack(n, row + 1, sets, queens, boards);
        // Blank 3: take the queen off again and try the next column.
        queens.pop();
        sets.delete(row, col);
    }
}

/// The JavaScript article's board strings: `queens[row] = col` becomes rows like `".Q.."`.
fn board(n: usize, queens: &[usize]) -> Vec<String> {
    queens
        .iter()
        .map(|&col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
        .collect()
}
