//! The backtracking engine: rows top to bottom, columns left to right.
//!
//! ```text
//! visit(queens):                       // one call = one node
//!     if every row has a queen: solution
//!     for col in 0..n:
//!         if attacked(row, col): prune     // the prune check
//!         insert(row, col)                 // record the queen
//!         visit(queens + [col])
//!         delete(row, col)                 // forget it: backtrack
//! ```
//!
//! [`Rules`] (a store from [`crate::stores`]) decides what "attacked" means (nothing, columns only, the three
//! sets, arrays; [`ForwardChecking`] adds a look-ahead to any of them); an
//! [`Observer`] watches. Because every
//! strategy here walks rows in order and columns in ascending order, solutions
//! come out in the JavaScript article's order, and every strategy whose rules prune exactly
//! the attacked cells visits Knuth's tree.

mod forward_checking;
mod observer;

pub use forward_checking::ForwardChecking;
pub use observer::{CollectBoards, Flow, NodeBudget, Observer};

use crate::board::coords::Cell;
use crate::stores::Rules;

/// Runs the search on an `n × n` board with `rules`, reporting to `observer`.
/// Returns `Break` if an observer stopped it early.
pub fn explore<R: Rules, O: Observer>(n: usize, rules: &mut R, observer: &mut O) -> Flow {
    let mut queens = Vec::with_capacity(n);
    visit(n, rules, observer, &mut queens)
}

fn visit<R: Rules, O: Observer>(
    n: usize,
    rules: &mut R,
    observer: &mut O,
    queens: &mut Vec<usize>,
) -> Flow {
    observer.node(queens)?;
    let row = queens.len();
    if row == n {
        if rules.accepts_full_board(queens) {
            observer.solution(queens)?;
        }
        return Flow::Continue(());
    }
    for col in 0..n {
        let cell = Cell::new(row, col);
        let attack = rules.attack(cell);
        observer.candidate(cell, attack);
        if attack.is_attacked() {
            continue;
        }
        rules.insert(cell);
        if let Some(blocked_row) = rules.first_blocked_row(row + 1) {
            observer.dead_end(cell, blocked_row);
            rules.delete(cell);
            continue;
        }
        observer.place(cell);
        queens.push(col);
        let flow = visit(n, rules, observer, queens);
        queens.pop();
        rules.delete(cell);
        observer.backtrack(cell);
        flow?;
    }
    Flow::Continue(())
}
