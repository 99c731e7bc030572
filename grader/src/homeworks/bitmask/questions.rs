//! What homework 3's graded tests ask the student's bitmask code and what it
//! answers. Each answer keeps only what its test's rule is about (a test of
//! the diagonals sees the diagonals passed down, not the other masks), so one
//! mistake costs only its own tests. `exercises/tests/bitmask.rs` implements
//! [`Blanks`] for the handout, and the handout's `Rows` for [`Recorded`].

use queens::fast::bitmask::full_mask;
use queens::notebook::masks::Row;
use serde::{Deserialize, Serialize};

/// A row's three masks, `[cols, diags, anti]`: bit `c` is column `c`.
pub type Masks = [u32; 3];

/// One node as the handout recorded it: its row (queens above it), its masks
/// as `place` received them, and its free columns (`None` at a full board);
/// the library's, which explains where a walk leaves Knuth's tree.
pub type NodeView = queens::notebook::walk::Node;

/// The calls to `place` a stand-in for the next row records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The first call's masks.
    pub first: Option<Masks>,
    /// How many calls there were.
    pub count: usize,
}

impl Recorded {
    /// Notes one call of `place`.
    pub fn place(&mut self, cols: u32, diags: u32, anti: u32) {
        self.count += 1;
        self.first.get_or_insert([cols, diags, anti]);
    }
}

/// What a blank 2 question looks at in the call `choose_and_recurse` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Look {
    /// That there is exactly one.
    Once,
    /// The bit returned and the columns passed down.
    Lowest,
    /// The diagonals passed down (index 1 of the masks).
    Diags,
    /// The anti-diagonals passed down (index 2).
    Anti,
}

/// One question a bitmask graded test asks; `n` is the board's size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// `free_columns` on a row with these masks: `(n, masks)`.
    Free(usize, Masks),
    /// `free_columns` on the row below these queens, a node of Knuth's tree:
    /// `(n, the queens' columns, row by row)`.
    Below(usize, Vec<usize>),
    /// `choose_and_recurse` on a stand-in for the next row: `(n, free, masks, look)`.
    Choose(usize, u32, Masks, Look),
    /// Whether `next_free(free, bit)` still holds `bit`: `(free, bit)`.
    Clears(u32, u32),
    /// The other bits `next_free(free, bit)` keeps: `(free, bit)`.
    Keeps(u32, u32),
    /// The loop of one node on `free`: its lowest bit, then `next_free`,
    /// until nothing is left (or 33 turns).
    Drain(u32),
    /// The whole search, node by node, stopped past 10,000 nodes: `n`.
    Walk(usize),
    /// The solutions of the search, stopped past Knuth's tree: `n`.
    Solutions(usize),
    /// The nodes of the search, stopped past Knuth's tree: `n`.
    Nodes(usize),
    /// `count_solutions(n)`.
    Count(usize),
}

/// What a whole search did.
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

/// The answer to one [`Question`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// A mask.
    Mask(u32),
    /// `choose_and_recurse` called `place` this many times, not once.
    Calls(usize),
    /// It called `place` once.
    Once,
    /// The bit it returned and the columns it passed down.
    Chose(u32, u32),
    /// The bits the loop tried, in order.
    Tried(Vec<u32>),
    /// A whole search, its nodes' masks cut to the board.
    Explored(Explored),
    /// A count: solutions or nodes.
    Number(u64),
    /// The search went past its budget.
    OverBudget,
    /// What `count_solutions` returned: solutions, nodes.
    Counted(u64, u64),
}

/// The bitmask handout's blanks and its search.
pub trait Blanks {
    /// Blank 1: `free_columns`.
    fn free_columns(full: u32, cols: u32, diags: u32, anti: u32) -> u32;
    /// Blank 2: `choose_and_recurse` called on `rows`; returns its bit.
    fn choose_and_recurse(rows: &mut Recorded, free: u32, cols: u32, diags: u32, anti: u32) -> u32;
    /// Blank 3: `next_free`.
    fn next_free(free: u32, bit: u32) -> u32;
    /// The handout's search of the `n × n` board stopped past `budget`
    /// nodes, recording its nodes when `record`.
    fn explore(n: usize, budget: u64, record: bool) -> Explored;
    /// The handout's `count_solutions(n)`: solutions, nodes.
    fn count_solutions(n: usize) -> (u64, u64);
}

/// The nodes of Knuth's tree (OEIS A319283), the budget of a counting search.
pub fn knuth(n: usize) -> u64 {
    queens::report::reference::knuth_nodes(n).unwrap_or(u64::MAX)
}

/// Asks the student's code one question.
pub fn answer<B: Blanks>(question: &Question) -> Answer {
    match *question {
        Question::Free(n, [cols, diags, anti]) => {
            Answer::Mask(B::free_columns(full_mask(n), cols, diags, anti))
        }
        Question::Below(n, ref queens) => {
            let row = Row::below(n, queens);
            Answer::Mask(B::free_columns(row.full, row.cols, row.diags, row.anti))
        }
        Question::Choose(n, free, [cols, diags, anti], look) => {
            let mut rows = Recorded::default();
            let bit = B::choose_and_recurse(&mut rows, free, cols, diags, anti);
            match (rows.first, rows.count, look) {
                (Some(_), 1, Look::Once) => Answer::Once,
                (Some(call), 1, Look::Lowest) => Answer::Chose(bit, call[0]),
                (Some(call), 1, Look::Diags) => Answer::Mask(call[1] & full_mask(n)),
                (Some(call), 1, Look::Anti) => Answer::Mask(call[2] & full_mask(n)),
                (_, count, _) => Answer::Calls(count),
            }
        }
        Question::Clears(free, bit) => Answer::Mask(B::next_free(free, bit) & bit),
        Question::Keeps(free, bit) => Answer::Mask(B::next_free(free, bit) & !bit),
        Question::Drain(mut free) => {
            let mut tried = Vec::new();
            // A u32 has 32 bits to try: a 33rd turn means the loop never ends.
            while free != 0 && tried.len() <= 32 {
                let bit = free & free.wrapping_neg();
                tried.push(bit);
                free = B::next_free(free, bit);
            }
            Answer::Tried(tried)
        }
        Question::Walk(n) => {
            let mut explored = B::explore(n, 10_000, true);
            for (_, masks, free) in &mut explored.nodes_seen {
                // Bits past the board never matter, nor a full board's diagonals.
                let keep = if free.is_some() { full_mask(n) } else { 0 };
                *masks = [masks[0], masks[1] & keep, masks[2] & keep];
            }
            Answer::Explored(explored)
        }
        Question::Solutions(n) | Question::Nodes(n) => match B::explore(n, knuth(n), false) {
            explored if explored.over_budget => Answer::OverBudget,
            explored if matches!(question, Question::Nodes(_)) => Answer::Number(explored.nodes),
            explored => Answer::Number(explored.solutions),
        },
        Question::Count(n) => {
            let (solutions, nodes) = B::count_solutions(n);
            Answer::Counted(solutions, nodes)
        }
    }
}
