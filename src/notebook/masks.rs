//! The row below some queens as three machine words: what notebook 09's
//! checks hand the student's bitmask blanks, and what they expect back.
//!
//! Bit `c` of a mask is column `c` of the row being filled. [`Row::below`]
//! builds the three masks queen by queen as the bitmask search hands them
//! down (`queens::fast::bitmask`); [`Row::free`] finds the row's free columns
//! from the board's geometry instead (same column, same `row - col`, same
//! `row + col` as a queen above), the way homework 1's sets do. So a check's
//! expected value is computed without the homework's answer in the notebook.
//! A [`Mask`] prints as a bit string of the board's width with the columns it
//! holds, since a bit string reads from the right. [`knuth_tree`] is every
//! row the search enters, in order: [`walk`](super::walk) holds a whole
//! recorded search to it, masks included, since counts alone cannot tell a
//! search whose two diagonal masks move the wrong way (each then does the
//! other's job and every count stays the same).

use std::fmt;

use crate::board::coords::{anti_diagonal, diagonal};
use crate::fast::bitmask::{MAX_N, full_mask};
use crate::notebook::table::{Table, thousands};

/// A mask of one row of an `n × n` board, shown as `0b100001 (columns 0 and 5)`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Mask {
    /// The board's size: the bit string's width.
    pub n: usize,
    /// The bits.
    pub bits: u32,
}

impl Mask {
    /// The columns it holds, ascending (bits past the board included).
    pub fn columns(&self) -> Vec<usize> {
        (0..32).filter(|&c| self.bits >> c & 1 == 1).collect()
    }
}

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .n
            .max((u32::BITS - self.bits.leading_zeros()) as usize)
            .max(1);
        let columns: Vec<String> = self.columns().iter().map(usize::to_string).collect();
        let named = match columns.len() {
            0 => "no column".to_owned(),
            1 => format!("column {}", columns[0]),
            k => format!(
                "columns {} and {}",
                columns[..k - 1].join(", "),
                columns[k - 1]
            ),
        };
        write!(f, "0b{:0width$b} ({named})", self.bits)
    }
}

impl fmt::Display for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The row below `queens` on an `n × n` board, as the bitmask search sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The board's size.
    pub n: usize,
    /// `queens[r]` is the column of the queen on row `r`.
    pub queens: Vec<usize>,
    /// The lowest `n` bits: a row full of queens.
    pub full: u32,
    /// The columns that hold a queen.
    pub cols: u32,
    /// The columns of this row on a main diagonal a queen holds.
    pub diags: u32,
    /// The columns of this row on an anti-diagonal a queen holds.
    pub anti: u32,
}

impl Row {
    /// The first row: no queen, nothing attacked.
    ///
    /// # Panics
    /// If `n > 32` (a `u32` has 32 columns).
    pub fn first(n: usize) -> Self {
        assert!(n <= MAX_N, "a u32 row has at most {MAX_N} columns, not {n}");
        Self {
            n,
            queens: Vec::new(),
            full: full_mask(n),
            cols: 0,
            diags: 0,
            anti: 0,
        }
    }

    /// The row below queens on `(0, queens[0])`, `(1, queens[1])`, …
    ///
    /// ```
    /// use queens::notebook::masks::Row;
    /// let row = Row::below(4, &[1, 3]);
    /// assert_eq!(row.free().bits, 0b0001);
    /// assert_eq!(format!("{:?}", row.free()), "0b0001 (column 0)");
    /// ```
    ///
    /// # Panics
    /// If `n > 32` or a queen is off the board.
    pub fn below(n: usize, queens: &[usize]) -> Self {
        queens
            .iter()
            .fold(Self::first(n), |row, &col| row.child(col))
    }

    /// The row below this one with a queen on `col` of this row.
    ///
    /// # Panics
    /// If `col` is off the board.
    pub fn child(&self, col: usize) -> Self {
        assert!(
            col < self.n,
            "column {col} is off the {0} × {0} board",
            self.n
        );
        let bit = 1u32 << col;
        let mut queens = self.queens.clone();
        queens.push(col);
        Self {
            queens,
            cols: self.cols | bit,
            diags: ((self.diags | bit) << 1) & self.full,
            anti: (self.anti | bit) >> 1,
            ..self.clone()
        }
    }

    /// The row's number: the queens above it.
    pub fn row(&self) -> usize {
        self.queens.len()
    }

    /// `bits` as a mask of this board.
    pub fn mask(&self, bits: u32) -> Mask {
        Mask { n: self.n, bits }
    }

    /// The row's three masks: its columns, main diagonals and anti-diagonals
    /// that a queen above holds.
    pub fn masks(&self) -> (Mask, Mask, Mask) {
        (
            self.mask(self.cols),
            self.mask(self.diags),
            self.mask(self.anti),
        )
    }

    /// What the bitmask homework's blank 2 does on this row: the bit of its
    /// lowest free column, and one call one row down with the masks of the
    /// row below a queen there.
    ///
    /// ```
    /// use queens::notebook::masks::Row;
    /// let row = Row::below(6, &[1, 3]);
    /// let (bit, calls) = row.lowest_choice();
    /// assert_eq!(bit.columns(), [0]);
    /// assert_eq!(calls, [Row::below(6, &[1, 3, 0]).masks()]);
    /// ```
    ///
    /// # Panics
    /// If no column of the row is free.
    pub fn lowest_choice(&self) -> (Mask, Vec<(Mask, Mask, Mask)>) {
        let free = self.free().columns();
        let col = *free.first().expect("a row with a free column");
        (self.mask(1 << col), vec![self.child(col).masks()])
    }

    /// The columns of this row no queen above attacks, found on the board:
    /// not a queen's column, nor her `row - col`, nor her `row + col`.
    pub fn free(&self) -> Mask {
        let row = self.row();
        let bits = (0..self.n)
            .filter(|&col| {
                self.queens.iter().enumerate().all(|(r, &c)| {
                    c != col
                        && diagonal(r, c) != diagonal(row, col)
                        && anti_diagonal(r, c) != anti_diagonal(row, col)
                })
            })
            .map(|col| 1u32 << col)
            .sum();
        self.mask(bits)
    }
}

impl fmt::Display for Row {
    /// The three masks, and the board with the queens above.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "row {} of a {1} × {1} board", self.row(), self.n)?;
        writeln!(f, "  cols  {:?}", self.mask(self.cols))?;
        writeln!(f, "  diags {:?}", self.mask(self.diags))?;
        writeln!(f, "  anti  {:?}", self.mask(self.anti))?;
        for row in 0..self.n {
            let cells: Vec<&str> = (0..self.n)
                .map(|col| match self.queens.get(row) {
                    Some(&queen) if queen == col => "Q",
                    _ if row == self.row() => "?",
                    _ => ".",
                })
                .collect();
            writeln!(f, "  {}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// Knuth's tree of the `n × n` board: the row of every node, in the order
/// the bitmask search enters them (columns ascending), a full board included.
///
/// ```
/// use queens::notebook::masks::knuth_tree;
/// assert_eq!(knuth_tree(4).len(), 17);
/// ```
///
/// # Panics
/// If `n > 32`.
pub fn knuth_tree(n: usize) -> Vec<Row> {
    fn visit(row: Row, out: &mut Vec<Row>) {
        let free = if row.row() < row.n {
            row.free().columns()
        } else {
            Vec::new()
        };
        out.push(row.clone());
        for col in free {
            visit(row.child(col), out);
        }
    }
    let mut tree = Vec::new();
    visit(Row::first(n), &mut tree);
    tree
}

/// How many of a recorded search's nodes [`first_nodes`] lists.
pub const FIRST_NODES: usize = 12;

/// The first [`FIRST_NODES`] nodes of a recorded search of the `n × n`
/// board, one row each: the row it fills, its columns mask and the free
/// columns found there (`None` at a full board: a solution). The note under
/// them says how many nodes the search entered, and whether its budget
/// stopped it (`finished` false).
///
/// ```
/// use queens::notebook::masks::first_nodes;
/// let table = first_nodes(4, &[(0, 0, Some(0b1111)), (4, 0b1111, None)], true).to_string();
/// assert!(table.contains("0b1111 (columns 0, 1, 2 and 3)"), "{table}");
/// assert!(table.contains("a solution"), "{table}");
/// assert!(table.ends_with("all 2 nodes your search entered"), "{table}");
/// ```
pub fn first_nodes(n: usize, nodes: &[(usize, u32, Option<u32>)], finished: bool) -> Table {
    let mask = |bits| format!("{:?}", Mask { n, bits });
    let shown = nodes.iter().take(FIRST_NODES).enumerate();
    let table = Table::new(["node", "row", "columns taken", "free columns"]).rows(shown.map(
        |(i, &(row, cols, free))| {
            let free = free.map_or("none: a solution".to_owned(), mask);
            [(i + 1).to_string(), row.to_string(), mask(cols), free]
        },
    ));
    let entered = thousands(nodes.len() as u64);
    let count = if nodes.len() > FIRST_NODES {
        format!("the first {FIRST_NODES} of the {entered} nodes your search entered")
    } else {
        format!("all {entered} nodes your search entered")
    };
    let stopped = if finished {
        ""
    } else {
        "; its budget stopped it there"
    };
    table.note(format!("{count}{stopped}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::bitmask::{Recorder, walk};
    use crate::search::Flow;

    /// The masks and free columns at every node of the library's walk, and
    /// the rows [`Row`] builds for the same queens, agree.
    #[test]
    fn rows_agree_with_the_bitmask_walk() {
        struct Rows {
            n: usize,
            seen: Vec<(u32, u32, u32)>,
        }
        impl Recorder for Rows {
            fn node(&mut self, _level: usize) -> Flow {
                Flow::Continue(())
            }
            fn expand(&mut self, _n: usize, cols: u32, diags: u32, anti: u32) {
                self.seen.push((cols, diags, anti));
            }
            fn solution(&mut self) {}
        }
        let mut walked = Rows {
            n: 6,
            seen: Vec::new(),
        };
        let _ = walk(6, &mut walked);
        // Every row of the tree but the full boards, built queen by queen.
        let rebuilt: Vec<_> = knuth_tree(walked.n)
            .into_iter()
            .filter(|row| row.row() < row.n)
            .map(|row| (row.cols, row.diags, row.anti))
            .collect();
        assert_eq!(rebuilt, walked.seen);
    }

    #[test]
    fn masks_read_as_columns() {
        let row = Row::below(6, &[1, 3]);
        assert_eq!(format!("{:?}", row.free()), "0b100001 (columns 0 and 5)");
        assert_eq!(format!("{:?}", row.mask(0)), "0b000000 (no column)");
        assert!(row.to_string().contains("  ? ? ? ? ? ?"), "{row}");
    }
}
