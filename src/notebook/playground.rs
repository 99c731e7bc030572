//! The interactive lesson's board, driven by hand: place a queen row by row, take it back,
//! and watch the three sets and the free cells of every row change.
//!
//! A notebook keeps one [`Playground`] in a variable and calls
//! [`place`](Playground::place) and [`undo`](Playground::undo) cell by cell;
//! each call returns the board, which Jupyter draws (feature `svg`) with the
//! attacked cells red (column), amber (main diagonal) and purple
//! (anti-diagonal). A move the rules forbid is refused with a sentence, never
//! a panic, so a typo does not cost the reader the cells above.
//!
//! ```
//! use queens::notebook::playground::Playground;
//! let mut board = Playground::new(4);
//! board.place(1).place(3);
//! assert_eq!(board.available(), [0, 0, 1, 2]);
//! board.place(0).place(2);
//! assert!(board.is_solved());
//! ```

use crate::board::constraint::Attack;
use crate::board::coords::Cell;
use crate::report::branching::available_per_row;
use crate::stores::sets::ConstraintSets;

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Every row already holds a queen.
    Full,
    /// The column does not exist on this board.
    OffBoard {
        /// The column asked for.
        col: usize,
        /// The last column of the board.
        last: usize,
    },
    /// A queen above attacks the cell.
    Attacked {
        /// The refused cell.
        cell: Cell,
        /// Every constraint attacking it, in words ("column and diagonal").
        by: String,
    },
    /// There is no queen to take back.
    Empty,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Full => write!(f, "every row already has a queen; undo() to take one back"),
            Self::OffBoard { col, last } => {
                write!(
                    f,
                    "column {col} is off the board: columns go from 0 to {last}"
                )
            }
            Self::Attacked { cell, by } => {
                write!(f, "{cell} is attacked by the {by}: choose another column")
            }
            Self::Empty => write!(f, "there is no queen to take back"),
        }
    }
}

impl std::error::Error for Refused {}

/// A board being filled by hand, one queen per row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playground {
    n: usize,
    queens: Vec<usize>,
    sets: ConstraintSets,
    note: String,
}

impl Playground {
    /// An empty `n × n` board.
    pub fn new(n: usize) -> Self {
        Self {
            n,
            queens: Vec::new(),
            sets: ConstraintSets::new(),
            note: format!("row 0: {n} free cells; place(col) puts a queen there"),
        }
    }

    /// The board after placing `queens` in rows 0, 1, …, refusing the first
    /// illegal move.
    pub fn from_queens(n: usize, queens: &[usize]) -> Result<Self, Refused> {
        let mut board = Self::new(n);
        for &col in queens {
            board.try_place(col)?;
        }
        Ok(board)
    }

    /// Puts a queen in column `col` of the next empty row. A forbidden move
    /// leaves the board as it was and says why in [`note`](Self::note).
    pub fn place(&mut self, col: usize) -> &mut Self {
        if let Err(refused) = self.try_place(col) {
            self.note = format!("refused: {refused}");
        }
        self
    }

    /// [`place`](Self::place), returning the new queen's cell or why not.
    pub fn try_place(&mut self, col: usize) -> Result<Cell, Refused> {
        let row = self.queens.len();
        if row >= self.n {
            return Err(Refused::Full);
        }
        if col >= self.n {
            return Err(Refused::OffBoard {
                col,
                last: self.n - 1,
            });
        }
        let attack = self.sets.attack(row, col);
        if attack.is_attacked() {
            return Err(Refused::Attacked {
                cell: Cell::new(row, col),
                by: attackers(attack),
            });
        }
        self.sets.insert(row, col);
        self.queens.push(col);
        self.note = format!(
            "placed a queen on {}; {}",
            Cell::new(row, col),
            self.outlook()
        );
        Ok(Cell::new(row, col))
    }

    /// Takes back the last queen: the sets forget it (the backtracking step).
    pub fn undo(&mut self) -> &mut Self {
        if let Err(refused) = self.try_undo() {
            self.note = format!("refused: {refused}");
        }
        self
    }

    /// [`undo`](Self::undo), returning the cell that was emptied or why not.
    pub fn try_undo(&mut self) -> Result<Cell, Refused> {
        let col = self.queens.pop().ok_or(Refused::Empty)?;
        let cell = Cell::new(self.queens.len(), col);
        self.sets.delete(cell.row, cell.col);
        self.note = format!("took back the queen on {cell}; {}", self.outlook());
        Ok(cell)
    }

    /// Empties the board.
    pub fn reset(&mut self) -> &mut Self {
        *self = Self::new(self.n);
        self
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The columns of the queens so far, `queens[row] = col`.
    pub fn queens(&self) -> &[usize] {
        &self.queens
    }

    /// The three constraint sets of the queens so far.
    pub fn sets(&self) -> &ConstraintSets {
        &self.sets
    }

    /// The row the next queen goes in, or `None` when the board is full.
    pub fn next_row(&self) -> Option<usize> {
        (self.queens.len() < self.n).then_some(self.queens.len())
    }

    /// Which constraints attack `(row, col)` given the queens so far.
    pub fn attack(&self, row: usize, col: usize) -> Attack {
        self.sets.attack(row, col)
    }

    /// Free cells in every row (0 for rows that hold a queen): the numbers
    /// the interactive lesson writes beside the board.
    pub fn available(&self) -> Vec<usize> {
        available_per_row(self.n, &self.queens)
    }

    /// The columns a queen may still take in the next row.
    pub fn free_columns(&self) -> Vec<usize> {
        match self.next_row() {
            Some(row) => (0..self.n)
                .filter(|&col| !self.sets.is_attacked(row, col))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The first empty row left without a free cell: no solution can follow,
    /// so the search must backtrack.
    pub fn dead_row(&self) -> Option<usize> {
        let available = self.available();
        (self.queens.len()..self.n).find(|&row| available[row] == 0)
    }

    /// Whether some empty row has no free cell left.
    pub fn is_dead_end(&self) -> bool {
        self.dead_row().is_some()
    }

    /// Whether every row holds a queen (they never attack each other: the
    /// playground refuses attacked cells).
    pub fn is_solved(&self) -> bool {
        self.queens.len() == self.n
    }

    /// What the last move did, in one sentence.
    pub fn note(&self) -> &str {
        &self.note
    }

    /// One sentence on what the board looks like now.
    fn outlook(&self) -> String {
        match (self.next_row(), self.dead_row()) {
            (None, _) => format!("all {} queens are placed: a solution", self.n),
            (Some(next), Some(dead)) if dead == next => {
                format!("row {dead} has no free cell: a dead end, undo() and try another column")
            }
            (Some(next), Some(dead)) => format!(
                "row {next} still has {} free, but row {dead} has none: this branch is hopeless",
                self.available()[next]
            ),
            (Some(next), None) => {
                let free = self.available()[next];
                let cells = if free == 1 { "cell" } else { "cells" };
                format!("row {next}: {free} free {cells}")
            }
        }
    }
}

/// The text picture of a cell: `|` attacked through its column, `\` through its
/// main diagonal, `/` through its anti-diagonal (the first attacker, in the
/// prune check's order), `.` free.
pub fn symbol(attack: Attack) -> char {
    match attack.first() {
        Some(crate::Constraint::Column) => '|',
        Some(crate::Constraint::Diagonal) => '\\',
        Some(crate::Constraint::AntiDiagonal) => '/',
        None => '.',
    }
}

/// "column", "column and diagonal", "column, diagonal and anti-diagonal".
fn attackers(attack: Attack) -> String {
    let names: Vec<&str> = attack.constraints().map(|c| c.label()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl std::fmt::Display for Playground {
    /// The board in text: `Q` for a queen, `|` `\` `/` for a cell attacked
    /// through its column, main diagonal or anti-diagonal (first attacker
    /// shown), `.` for a free cell; free cells per row on the right.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (row, &free) in self.available().iter().enumerate() {
            let mut line = String::new();
            for col in 0..self.n {
                line.push(if self.queens.get(row) == Some(&col) {
                    'Q'
                } else if row < self.queens.len() {
                    '.'
                } else {
                    symbol(self.sets.attack(row, col))
                });
                line.push(' ');
            }
            let side = if row < self.queens.len() {
                "queen".to_owned()
            } else if free == 0 {
                "0 free  <- dead end".to_owned()
            } else {
                format!("{free} free")
            };
            writeln!(f, "{line}  {side}")?;
        }
        writeln!(f, "{}", self.sets)?;
        write!(f, "{}", self.note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lesson_s_walk_reaches_a_dead_end_and_recovers() {
        let mut board = Playground::new(4);
        board.place(0);
        assert_eq!(board.available(), [0, 2, 2, 2]);
        board.place(2);
        assert_eq!(board.dead_row(), Some(2));
        assert!(board.note().contains("dead end"));
        board.undo().undo().place(1).place(3).place(0).place(2);
        assert!(board.is_solved());
        assert_eq!(board.queens(), [1, 3, 0, 2]);
        assert!(board.sets().columns().len() == 4);
    }

    #[test]
    fn forbidden_moves_leave_the_board_unchanged() {
        let mut board = Playground::new(4);
        board.place(1);
        let before = board.queens().to_vec();
        assert_eq!(
            board.try_place(1),
            Err(Refused::Attacked {
                cell: Cell::new(1, 1),
                by: "column".into()
            })
        );
        assert_eq!(
            board.try_place(2).unwrap_err().to_string(),
            "(1, 2) is attacked by the diagonal: choose another column"
        );
        assert_eq!(
            board.try_place(9).unwrap_err(),
            Refused::OffBoard { col: 9, last: 3 }
        );
        board.place(0);
        assert!(
            board
                .note()
                .starts_with("refused: (1, 0) is attacked by the anti-diagonal")
        );
        assert_eq!(board.queens(), before);
        board.reset();
        assert_eq!(board.try_undo(), Err(Refused::Empty));
        assert!(Playground::from_queens(1, &[0]).unwrap().try_place(0) == Err(Refused::Full));
    }

    #[test]
    fn a_cell_attacked_three_ways_names_all_three() {
        // (2, 2) shares the column of (1, 2) and the main diagonal of (0, 0).
        let board = Playground::from_queens(5, &[0, 2]).unwrap();
        let attack = board.attack(2, 2);
        assert!(attack.column && attack.diagonal && !attack.anti_diagonal);
        assert_eq!(attackers(attack), "column and diagonal");
        let all = Attack {
            column: true,
            diagonal: true,
            anti_diagonal: true,
        };
        assert_eq!(attackers(all), "column, diagonal and anti-diagonal");
    }

    #[test]
    fn text_marks_each_attacker() {
        let board = Playground::from_queens(4, &[1]).unwrap();
        let text = board.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], ". Q . .   queen");
        assert_eq!(lines[1], "/ | \\ .   1 free");
    }
}
