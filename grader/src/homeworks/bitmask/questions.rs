//! What homework 3's test process asks the student's bitmask code, and what
//! it writes down: the free columns of a row, the recursive call
//! `choose_and_recurse` makes, the free mask after `next_free`, the nodes of
//! a whole search. Nothing here judges ([`super::checks`] does, where no
//! student code runs).
//!
//! `exercises/tests/bitmask.rs` implements [`BitmaskBlanks`] for the handout
//! (and the handout's `Rows` for [`Recorded`]), and runs [`super::Harness`].

use serde::{Deserialize, Serialize};

/// The three masks of one row: bit `c` is column `c`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Masks {
    /// The columns that hold a queen.
    pub cols: u32,
    /// The columns of this row on a taken main diagonal.
    pub diags: u32,
    /// The columns of this row on a taken anti-diagonal.
    pub anti: u32,
}

/// One node of a search as the handout recorded it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeView {
    /// The row it fills (queens placed above it).
    pub row: usize,
    /// Its masks, as `place` received them.
    pub masks: Masks,
    /// What `free_columns` said; `None` at a full board.
    pub free: Option<u32>,
}

/// The calls to `place` a test's stand-in for the next row records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The first [`Recorded::KEPT`] calls' masks, in order.
    pub calls: Vec<Masks>,
    /// How many calls there were.
    pub count: usize,
}

impl Recorded {
    /// Calls kept: enough to see what went wrong, never a memory hog.
    pub const KEPT: usize = 8;

    /// Notes one call of `place`.
    pub fn place(&mut self, cols: u32, diags: u32, anti: u32) {
        self.count += 1;
        if self.calls.len() < Self::KEPT {
            self.calls.push(Masks { cols, diags, anti });
        }
    }
}

/// One question a bitmask graded test asks the student's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BitmaskQuestion {
    /// `free_columns(full, cols, diags, anti)`.
    Free {
        /// The board's row mask.
        full: u32,
        /// The row's masks.
        masks: Masks,
    },
    /// `choose_and_recurse(free, cols, diags, anti)` on a stand-in that
    /// records the calls to `place`.
    Choose {
        /// The free columns.
        free: u32,
        /// The row's masks.
        masks: Masks,
    },
    /// `next_free(free, bit)`.
    NextFree {
        /// The free columns.
        free: u32,
        /// The column just tried.
        bit: u32,
    },
    /// The loop of one node: take the lowest bit of `free` (this harness
    /// does), `free = next_free(free, bit)`, until `free` is 0 or 33 turns.
    Drain {
        /// The free columns at the start.
        free: u32,
    },
    /// A whole search of the `n × n` board, stopping past `budget` nodes,
    /// every node recorded when `record`.
    Explore {
        /// The board's size.
        n: usize,
        /// Nodes allowed.
        budget: u64,
        /// Whether to send the nodes back.
        record: bool,
    },
    /// `count_solutions(n)`.
    Count {
        /// The board's size.
        n: usize,
    },
}

/// What a whole search of the handout did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explored {
    /// Full boards found.
    pub solutions: u64,
    /// Nodes entered, the root included.
    pub nodes: u64,
    /// Whether it went past its budget (and stopped there).
    pub over_budget: bool,
    /// Every node in order, up to where it stopped (empty unless recorded).
    pub nodes_seen: Vec<NodeView>,
}

/// What the student's bitmask code answered to one [`BitmaskQuestion`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BitmaskAnswer {
    /// A mask: `free_columns`' or `next_free`'s result.
    Mask(u32),
    /// What `choose_and_recurse` returned, and the calls to `place` it made.
    Chose {
        /// The bit it returned.
        bit: u32,
        /// The first calls' masks.
        calls: Vec<Masks>,
        /// How many calls it made.
        count: usize,
    },
    /// The bits the loop tried, in order.
    Tried(Vec<u32>),
    /// A whole search, or as far as its budget let it go.
    Explored(Explored),
    /// What `count_solutions` returned: solutions, nodes.
    Counted(u64, u64),
}

/// The bitmask handout's three blanks and its search, as a graded test sees
/// them: `exercises/tests/bitmask.rs` implements this.
pub trait BitmaskBlanks {
    /// Blank 1: `free_columns`.
    fn free_columns(full: u32, cols: u32, diags: u32, anti: u32) -> u32;
    /// Blank 2: `choose_and_recurse` called on `rows`; returns its bit.
    fn choose_and_recurse(rows: &mut Recorded, free: u32, cols: u32, diags: u32, anti: u32) -> u32;
    /// Blank 3: `next_free`.
    fn next_free(free: u32, bit: u32) -> u32;
    /// The handout's search of the `n × n` board with a node budget,
    /// recording its nodes when `record`.
    fn explore(n: usize, budget: u64, record: bool) -> Explored;
    /// The handout's `count_solutions(n)`: solutions, nodes.
    fn count_solutions(n: usize) -> (u64, u64);
}

/// Turns the loop may take: a `u32` has 32 bits to try.
const MAX_TURNS: usize = 33;

/// Asks the student's code one question.
pub fn answer<B: BitmaskBlanks>(question: &BitmaskQuestion) -> BitmaskAnswer {
    match *question {
        BitmaskQuestion::Free { full, masks } => {
            BitmaskAnswer::Mask(B::free_columns(full, masks.cols, masks.diags, masks.anti))
        }
        BitmaskQuestion::Choose { free, masks } => {
            let mut rows = Recorded::default();
            let bit = B::choose_and_recurse(&mut rows, free, masks.cols, masks.diags, masks.anti);
            BitmaskAnswer::Chose {
                bit,
                calls: rows.calls,
                count: rows.count,
            }
        }
        BitmaskQuestion::NextFree { free, bit } => BitmaskAnswer::Mask(B::next_free(free, bit)),
        BitmaskQuestion::Drain { mut free } => {
            let mut tried = Vec::new();
            while free != 0 && tried.len() < MAX_TURNS {
                let bit = free & free.wrapping_neg();
                tried.push(bit);
                free = B::next_free(free, bit);
            }
            BitmaskAnswer::Tried(tried)
        }
        BitmaskQuestion::Explore { n, budget, record } => {
            BitmaskAnswer::Explored(B::explore(n, budget, record))
        }
        BitmaskQuestion::Count { n } => {
            let (solutions, nodes) = B::count_solutions(n);
            BitmaskAnswer::Counted(solutions, nodes)
        }
    }
}
