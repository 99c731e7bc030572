//! Constraint stores: what the queens placed so far attack, kept three ways.
//!
//! The search asks one question per cell, "is it attacked?", and tells the
//! store of every queen it places and takes back. [`Rules`] is that
//! conversation; each store answers it with its own data structure:
//!
//! * [`sets`]: the three hash sets of the JavaScript article, keyed by column, `row - col` and
//!   `row + col` (what the exercises teach);
//! * [`arrays`]: the same three constraints as boolean arrays, the diagonal
//!   shifted by `n - 1` to index from zero;
//! * [`naive`]: the baselines, no pruning at all and columns only.
//!
//! The third representation, three machine words, has a walk of its own that
//! takes free cells from a mask instead of asking cell by cell:
//! [`crate::fast::bitmask`].

pub mod arrays;
pub mod naive;
pub mod sets;

use crate::board::constraint::Attack;
use crate::board::coords::Cell;

/// What a strategy prunes, and how it records queens.
pub trait Rules {
    /// Which constraints attack `cell`, given the queens inserted so far.
    fn attack(&self, cell: Cell) -> Attack;
    /// Records a queen on `cell`.
    fn insert(&mut self, cell: Cell);
    /// Forgets the queen on `cell`.
    fn delete(&mut self, cell: Cell);
    /// Checked when every row has a queen. Rules that prune only part of the
    /// attacks (brute force, columns only) verify the rest here.
    fn accepts_full_board(&self, queens: &[usize]) -> bool {
        let _ = queens;
        true
    }
    /// Forward checking: after inserting a queen in row `from - 1`, the first row
    /// in `from..n` left without a free cell, if any. Stores never look ahead;
    /// [`crate::search::ForwardChecking`] adds the look-ahead to any of them.
    fn first_blocked_row(&self, from: usize) -> Option<usize> {
        let _ = from;
        None
    }
}
