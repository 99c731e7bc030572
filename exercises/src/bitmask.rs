//! # Bitmasks — the same search on three machine words
//!
//! Homework 1's solver kept three sets: the columns, the diagonals `row - col`
//! and the anti-diagonals `row + col` its queens hold. Here each set becomes
//! one `u32`, and a bit of it stands for one column of the row being filled:
//! bit `c` (the value `1 << c`) is column `c`, so `0b0101` holds columns 0 and 2
//! (read from the right).
//!
//! - `cols`: the columns that hold a queen.
//! - `diags`: the columns of this row on a main diagonal a queen holds. A main
//!   diagonal moves one column to the right per row down, so one row down the
//!   whole mask moves one bit up: `diags << 1`.
//! - `anti`: the same for the anti-diagonals, which move one column to the
//!   left per row down: `anti >> 1`.
//!
//! With the three masks, the prune check of a whole row is one expression, and
//! the search needs no insert and no delete: a child gets its own copies of
//! the masks, so going back up undoes everything by itself.
//!
//! The loop ([`Search`]'s `place`) is written for you. It leans on three small
//! pieces, and those are yours to write:
//! 1. **the free columns** ([`free_columns`]): the columns of this row that no
//!    mask holds, cut to the board's `n` bits;
//! 2. **choose and recurse** ([`Rows::choose_and_recurse`]): take the lowest
//!    free bit and go one row down with the masks that row sees;
//! 3. **the next free column** ([`next_free`]): clear the column just tried,
//!    so the loop moves on.
//!
//! Taking the lowest bit first tries the columns left to right, as homework 1
//! did, so both searches walk the same tree, Knuth's: 2,057 nodes at n = 8.
//!
//! Check your work with `cargo test -p exercises --test bitmask` (each test is
//! named after its blank: `blank_1_free_columns::…`).

/// The largest board the masks hold: one bit per column of a `u32`.
pub const MAX_N: usize = 32;

/// The mask of a whole row of an `n × n` board: the lowest `n` bits set
/// (`full_mask(4) == 0b1111`).
///
/// # Panics
/// If `n > 32`.
pub fn full_mask(n: usize) -> u32 {
    assert!(
        n <= MAX_N,
        "the masks are u32: a board has at most {MAX_N} columns, not {n}"
    );
    // Through u64, so that n = 32 does not shift a u32 by its whole width.
    ((1u64 << n) - 1) as u32
}

/// The columns of this row where a queen may go: those of `full` (the board's
/// `n` bits) that neither `cols`, `diags` nor `anti` holds.
pub fn free_columns(full: u32, cols: u32, diags: u32, anti: u32) -> u32 {
    // BLANK 1: free columns
    todo!(
        "blank 1 — free columns: which columns of this row are free? A bit of {full:#b} that none of cols {cols:#b}, diags {diags:#b} and anti {anti:#b} holds."
    )
    // END BLANK 1
}

/// What the search does one row down: [`Search`] enters a node there, a
/// graded test records the call instead.
pub trait Rows {
    /// Enters the node one row down, whose masks `cols`, `diags` and `anti`
    /// are already those of that row.
    fn place(&mut self, cols: u32, diags: u32, anti: u32);

    /// Puts a queen on the lowest bit of `free` (a column of this row that is
    /// not attacked), goes one row down with [`Rows::place`], and returns the
    /// bit it placed.
    fn choose_and_recurse(&mut self, free: u32, cols: u32, diags: u32, anti: u32) -> u32 {
        // BLANK 2: choose and recurse
        todo!(
            "blank 2 — choose and recurse: take the lowest bit of {free:#b}, then go one row down with self.place(...): this row's masks are cols {cols:#b}, diags {diags:#b} and anti {anti:#b}, and the call takes them as the next row sees them (the new queen's bit added, each diagonal moved one column); return the bit."
        )
        // END BLANK 2
    }
}

/// Clears `bit`, the column just tried (the lowest bit of `free`), from
/// `free`: what is left for the loop.
pub fn next_free(free: u32, bit: u32) -> u32 {
    // BLANK 3: next free
    todo!(
        "blank 3 — next free: column {bit:#b} was tried: clear that bit from {free:#b} and keep the other free columns."
    )
    // END BLANK 3
}

/// How a search of the `n × n` board ended: its solutions and its nodes (one
/// per call of `place`, the root included: Knuth's tree when the blanks are
/// right).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Full boards found.
    pub solutions: u64,
    /// Nodes of the search tree, the root included.
    pub nodes: u64,
}

/// Counts the solutions and the nodes of the `n × n` board.
///
/// # Panics
/// If `n > 32`.
pub fn count_solutions(n: usize) -> Count {
    let mut search = Search::new(n);
    search.place(0, 0, 0); // the root: row 0, nothing attacked yet
    search.count()
}

/// One node as the search entered it, for replaying the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The row it fills: the queens placed above it.
    pub row: usize,
    /// Its columns mask.
    pub cols: u32,
    /// Its diagonals mask, as `place` received it.
    pub diags: u32,
    /// Its anti-diagonals mask, as `place` received it.
    pub anti: u32,
    /// What [`free_columns`] said for it; `None` at a full board.
    pub free: Option<u32>,
}

/// The search stopped: it entered more nodes than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget it ran past.
    pub node_budget: u64,
}

/// One search in progress: the board's mask, what it found, and how far it
/// may go.
#[derive(Debug, Clone)]
pub struct Search {
    /// The lowest `n` bits: a row full of queens.
    pub full: u32,
    /// Nodes entered so far, the root included.
    pub nodes: u64,
    /// Full boards found so far.
    pub solutions: u64,
    /// Nodes allowed: past it the search stops, so a wrong blank that makes
    /// the tree huge cannot keep it busy for hours.
    pub node_budget: u64,
    /// Every node in the order entered, once [`Search::recording`] is asked.
    pub nodes_seen: Option<Vec<Node>>,
    row: usize,
}

impl Search {
    /// The search of the `n × n` board, with no budget.
    ///
    /// # Panics
    /// If `n > 32`.
    pub fn new(n: usize) -> Self {
        Self {
            full: full_mask(n),
            nodes: 0,
            solutions: 0,
            node_budget: u64::MAX,
            nodes_seen: None,
            row: 0,
        }
    }

    /// The same search, stopping past `node_budget` nodes.
    pub fn budget(mut self, node_budget: u64) -> Self {
        self.node_budget = node_budget;
        self
    }

    /// The same search, keeping every node it enters.
    pub fn recording(mut self) -> Self {
        self.nodes_seen = Some(Vec::new());
        self
    }

    /// Runs the search from the root, or says it went past its budget.
    pub fn run(&mut self) -> Result<Count, OverBudget> {
        self.place(0, 0, 0);
        if self.over_budget() {
            return Err(OverBudget {
                node_budget: self.node_budget,
            });
        }
        Ok(self.count())
    }

    /// What it found so far.
    pub fn count(&self) -> Count {
        Count {
            solutions: self.solutions,
            nodes: self.nodes,
        }
    }

    fn over_budget(&self) -> bool {
        self.nodes > self.node_budget
    }

    fn record(&mut self, cols: u32, diags: u32, anti: u32, free: Option<u32>) {
        let row = self.row;
        if let Some(nodes) = &mut self.nodes_seen {
            nodes.push(Node {
                row,
                cols,
                diags,
                anti,
                free,
            });
        }
    }
}

impl Rows for Search {
    /// One node: a full board is a solution; otherwise each free column of
    /// this row in turn, lowest first.
    fn place(&mut self, cols: u32, diags: u32, anti: u32) {
        self.nodes += 1; // every call is one node of the search tree
        if self.over_budget() {
            return;
        }
        // The base case: every column holds a queen, so every row does.
        if cols == self.full {
            self.solutions += 1;
            self.record(cols, diags, anti, None);
            return;
        }
        // Blank 1: the columns of this row no queen attacks.
        let mut free = free_columns(self.full, cols, diags, anti);
        self.record(cols, diags, anti, Some(free));
        self.row += 1;
        while free != 0 && !self.over_budget() {
            // Blank 2: a queen on the lowest free column, one row down.
            let bit = self.choose_and_recurse(free, cols, diags, anti);
            // Blank 3: that column is done; on to the next free one.
            free = next_free(free, bit);
        }
        self.row -= 1;
    }
}
